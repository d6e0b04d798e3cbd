/**
 * The command-line side of distributed runs, shared by both programs: the `worker` command
 * and the `--queue <url>` option. Only flags are declared here; bullmq and ioredis load inside
 * the action (startup stays light: tests/meta/startup.test.ts).
 */
import { type Command, CommanderError } from "commander";
import { intFlag, MAX_TIMER_MS } from "../cli.js";
import { DEFAULT_QUEUE_SETTINGS } from "./settings.js";
import { type QueueUrl, queueUrlFlag } from "./url.js";

export const QUEUE_FLAG = "--queue <url>";
export const QUEUE_HELP =
  "distribute the work over `worker` processes through Redis (redis://host:port/db, docs/scale.md)";

/** Add `--queue <url>` to a command. */
export function addQueueOption(cmd: Command): Command {
  return cmd.option(QUEUE_FLAG, QUEUE_HELP, queueUrlFlag("--queue"));
}

/**
 * A Redis failure (unreachable, or lost mid-run) as one stderr line; true when `e` was one.
 * The caller sets exit code 1.
 */
export async function reportQueueFailure(prog: string, e: unknown): Promise<boolean> {
  const { QueueUnavailableError } = await import("./redis.js");
  if (!(e instanceof QueueUnavailableError)) return false;
  process.stderr.write(`${prog}: ${e.message}\n`);
  return true;
}

export function registerWorkerCommand(program: Command, prog: "gf01" | "geb"): Command {
  const d = DEFAULT_QUEUE_SETTINGS;
  return program
    .command("worker")
    .description("Run jobs of distributed runs (--queue) from Redis until stopped (any number, any machine)")
    .requiredOption("--queue <url>", "Redis holding the jobs: redis://host:port/db", queueUrlFlag("--queue"))
    .option(
      "--concurrency <n>",
      "jobs in flight (one sandboxed process each)",
      intFlag("concurrency", { min: 1, max: 256 }),
      1,
    )
    .option(
      "--lock-ms <ms>",
      "job lock (ms); every worker must use the same",
      intFlag("lock-ms", { min: 100, max: MAX_TIMER_MS }),
      d.lockMs,
    )
    .option(
      "--stalled-ms <ms>",
      "stalled-job check interval (ms); every worker must use the same",
      intFlag("stalled-ms", { min: 100, max: MAX_TIMER_MS }),
      d.stalledMs,
    )
    .option(
      "--max-stalled <n>",
      "stalls before a job fails; every worker must use the same",
      intFlag("max-stalled", { min: 1, max: 1000 }),
      d.maxStalled,
    )
    .action(
      async (o: {
        queue: QueueUrl;
        concurrency: number;
        lockMs: number;
        stalledMs: number;
        maxStalled: number;
      }) => {
        const { runWorker } = await import("./worker.js");
        try {
          await runWorker(o.queue, {
            concurrency: o.concurrency,
            settings: { lockMs: o.lockMs, stalledMs: o.stalledMs, maxStalled: o.maxStalled },
            log: (line) => process.stderr.write(`${prog}: ${line}\n`),
          });
        } catch (e) {
          if (!(await reportQueueFailure(prog, e))) throw e;
          failRun(prog);
        }
      },
    );
}

/** Exit 1 for a failed run: gf01 reads its own CommanderErrors, geb process.exitCode. */
export function failRun(prog: "gf01" | "geb"): void {
  if (prog === "gf01") throw new CommanderError(1, "gf01.queue", "");
  process.exitCode = 1;
}
