/**
 * The sandboxed processor: BullMQ forks a child process per concurrent job slot and runs the
 * function built here in it, so CPU-bound work (GF-01 scoring, GEB grading) never blocks the
 * worker's event loop, which must renew job locks (a missed renewal means a double execution).
 *
 * A job's result is offered to the sink with HSETNX: the first writer wins, and any later
 * execution of the same job (a stalled job run again, a frozen worker waking up) is counted
 * in the offers hash but changes nothing. Results are deterministic, so every execution would
 * offer the same bytes anyway.
 *
 * The child's Redis client rides out outages (it reconnects forever and its commands wait),
 * and is replaced if it ever ends: a job started after a Redis restart never meets a dead
 * client. The child exits when its worker is gone (the IPC channel closes: a worker killed
 * with -9), so no sandbox outlives its worker; its agents' process groups go with it.
 */
import type { Redis } from "ioredis";
import { packageVersion } from "../cli.js";
import { decodeResult, encodeResult } from "./coordinator.js";
import { jobIdFor, type JobEnvelope } from "./ids.js";
import { loadIoredis } from "./load.js";
import { OFFERS_KEY, redisOptions, SINK_KEY } from "./redis.js";
import type { QueueUrl } from "./url.js";

export type JobHandler = (data: unknown) => Promise<unknown>;
export type HandlerTable = Record<string, () => Promise<JobHandler>>;

/** The environment variable a worker passes its queue URL to its sandboxed children with. */
export const QUEUE_URL_ENV = "ORACLEBENCH_QUEUE_URL";
/** Test and benchmark hook: sleep this many ms at the start of each job (results unchanged). */
export const JOB_DELAY_ENV = "ORACLEBENCH_QUEUE_JOB_DELAY_MS";

export interface SandboxJob {
  id?: string;
  data: JobEnvelope;
}

/** Exit when the parent worker is gone (forked with IPC: the channel closes when it dies). */
export function exitWithParent(): void {
  if (!process.send) return;
  process.once("disconnect", () => process.exit(1));
}

export function sandboxProcessor(handlers: HandlerTable): (job: SandboxJob) => Promise<string> {
  let client: Redis | undefined;
  /** The child's client: made once, made again only if it ended (never a dead one). */
  const redis = async (url: QueueUrl): Promise<Redis> => {
    if (client && client.status !== "end") return client;
    const IORedis = await loadIoredis();
    client = new IORedis(redisOptions(url));
    // Outages are reported by the worker; errors surface through the commands that wait.
    client.on("error", () => {});
    return client;
  };
  return async (job) => {
    const env = job.data;
    const id = String(job.id);
    if (env?.version !== packageVersion())
      throw new Error(
        `job ${id} was made by oraclebench ${env?.version}, this worker is ${packageVersion()}: run workers of the coordinator's version`,
      );
    if (jobIdFor(env) !== id)
      throw new Error(`job ${id}: id does not match its payload (not made by oraclebench?)`);
    const load = handlers[env.kind];
    if (!load) throw new Error(`job ${id}: unknown job kind ${JSON.stringify(env.kind)}`);
    const raw = process.env[QUEUE_URL_ENV];
    if (!raw) throw new Error(`${QUEUE_URL_ENV} is not set (processor started outside a worker)`);
    const c = await redis(JSON.parse(raw) as QueueUrl);
    // Already done (a re-run of a stalled job whose first run finished): nothing to do.
    if ((await c.hexists(SINK_KEY, id)) === 1) return "reused";
    const delay = Number(process.env[JOB_DELAY_ENV] ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const result = await (await load())(env.data);
    const text = encodeResult(result);
    // What the coordinator will read back must decode: check before offering.
    decodeResult(id, text);
    // One transaction: a sandbox ended between the two (its worker was killed: it exits with
    // it) must not leave a result in the sink whose offer was never counted.
    const replies = await c.multi().hsetnx(SINK_KEY, id, text).hincrby(OFFERS_KEY, id, 1).exec();
    const failed = replies?.find(([err]) => err);
    if (!replies || failed) throw failed?.[0] ?? new Error(`job ${id}: the result transaction was aborted`);
    return replies[0][1] === 1 ? "written" : "duplicate";
  };
}
