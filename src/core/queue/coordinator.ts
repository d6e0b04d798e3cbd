/**
 * The coordinator side of a distributed run: enqueue one job per item with a deterministic id,
 * wait until every id has a result in the sink (or has failed), and hand the results back in
 * the caller's order, so the caller's own writer (the reducer) produces the same bytes as a
 * single-process run. Results already in the sink (an earlier, interrupted run of the same
 * work) are reused without enqueueing anything: that is how `--resume` and a re-run after a
 * killed coordinator work across the queue.
 */
import type { ConnectionOptions } from "bullmq";
import { packageVersion } from "../cli.js";
import { jobIdFor, type JobEnvelope } from "./ids.js";
import { loadBullmq } from "./load.js";
import {
  connectRedis,
  OUTAGE_LIMIT_MS,
  QUEUE_NAME,
  QUEUE_PREFIX,
  QueueUnavailableError,
  redisCall,
  SINK_KEY,
  watchRedis,
} from "./redis.js";
import type { QueueUrl } from "./url.js";

export type JobOutcome<R> = { id: string; ok: true; result: R } | { id: string; ok: false; error: string };

export interface RunJobsOptions {
  /** Called with the number of newly finished jobs (results or failures). */
  onDone?: (n: number) => void;
  /** Told once how many results were already in the sink. */
  onReused?: (n: number) => void;
  /** One-line notes for stderr (queued counts, re-added jobs). */
  log?: (line: string) => void;
  /** Sink poll interval (ms). */
  pollMs?: number;
  /** How often pending jobs' states are checked for failures and lost jobs (ms). */
  auditMs?: number;
  /** How long to wait for Redis to come back after it went away (default OUTAGE_LIMIT_MS). */
  outageLimitMs?: number;
}

/** A stored sink value: `{"r": <result>}` (an object, so any JSON result, null included, fits). */
export function encodeResult(result: unknown): string {
  return JSON.stringify({ r: result });
}

export function decodeResult(id: string, text: string): unknown {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new QueueUnavailableError(`result ${id} in ${SINK_KEY} is not JSON (written by something else?)`);
  }
  if (!(v && typeof v === "object" && "r" in v))
    throw new QueueUnavailableError(
      `result ${id} in ${SINK_KEY} has no field r (written by something else?)`,
    );
  return (v as { r: unknown }).r;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CHUNK = 1000;

export async function runJobs<R>(
  url: QueueUrl,
  kind: string,
  datas: readonly unknown[],
  o: RunJobsOptions = {},
): Promise<{ outcomes: JobOutcome<R>[]; reused: number; queued: number }> {
  const version = packageVersion();
  // Hashed as the worker will see it: BullMQ stores the payload as JSON (undefined fields
  // dropped, -0 → 0), and the worker checks the id against what it received.
  const envs: JobEnvelope[] = datas.map((data) => ({
    kind,
    version,
    data: JSON.parse(JSON.stringify(data)),
  }));
  const ids = envs.map(jobIdFor);
  const envOf = new Map(ids.map((id, i) => [id, envs[i] as JobEnvelope]));
  const client = await connectRedis(url);
  // A Redis restart: one line when it goes, one when it is back; the commands below wait
  // meanwhile. Only an outage longer than the limit ends the run (exit 1, rerun to resume).
  const watch = watchRedis(client, url, { log: o.log, giveUpMs: o.outageLimitMs ?? OUTAGE_LIMIT_MS });
  const { Queue, Job } = await loadBullmq();
  // The queue shares the watched client, so giving up on an outage ends its commands too.
  const queue = new Queue(QUEUE_NAME, {
    connection: client as unknown as ConnectionOptions,
    prefix: QUEUE_PREFIX,
  });
  // Failures surface through our own (rejected) calls below, as one line.
  queue.on("error", () => {});
  const results = new Map<string, string>();
  const failed = new Map<string, string>();
  const pending = new Set(ids);
  const call = <T>(what: string, f: () => Promise<T>) => redisCall(url, what, f, watch);

  /** Move every pending id with a sink value into `results`; the count moved. */
  const collect = async (): Promise<number> => {
    let n = 0;
    const list = [...pending];
    for (let i = 0; i < list.length; i += CHUNK) {
      const part = list.slice(i, i + CHUNK);
      const got = await call("HMGET results", () => client.hmget(SINK_KEY, ...part));
      part.forEach((id, k) => {
        const v = got[k];
        if (v != null) {
          results.set(id, v);
          pending.delete(id);
          n++;
        }
      });
    }
    return n;
  };

  const add = async (list: string[]) => {
    for (let i = 0; i < list.length; i += CHUNK)
      await call("add jobs", () =>
        queue.addBulk(
          list.slice(i, i + CHUNK).map((id) => ({
            name: kind,
            data: envOf.get(id),
            // Completed jobs are removed (the sink is the record); failed ones stay for
            // inspection until a --resume (or a re-run) removes and re-adds them.
            opts: { jobId: id, removeOnComplete: true, removeOnFail: false, attempts: 1 },
          })),
        ),
      );
  };

  /**
   * States of the pending jobs: failed ones are recorded (or, at start, removed to run again),
   * lost ones (no job, no result: removed by hand, or completed just now) re-added.
   */
  const audit = async (start: boolean): Promise<{ readd: string[] }> => {
    const readd: string[] = [];
    const list = [...pending];
    for (let i = 0; i < list.length; i += 200) {
      const part = list.slice(i, i + 200);
      const states = await call("job states", () => Promise.all(part.map((id) => queue.getJobState(id))));
      for (const [k, id] of part.entries()) {
        const st = states[k];
        if (st === "failed") {
          const job = await call("failed job", () => Job.fromId(queue, id));
          if (start) {
            await call("remove failed job", async () => job?.remove());
            readd.push(id);
          } else {
            failed.set(id, job?.failedReason || "failed");
            pending.delete(id);
          }
        } else if (st === "unknown" || st === "completed") {
          if (!start && (await call("HEXISTS results", () => client.hexists(SINK_KEY, id)))) continue;
          if (st === "completed")
            await call("remove job", async () => (await Job.fromId(queue, id))?.remove());
          readd.push(id);
        }
      }
    }
    return { readd };
  };

  try {
    await collect();
    const reused = results.size;
    o.onReused?.(reused);
    const { readd } = await audit(true);
    await add(readd);
    const queued = pending.size;
    if (queued > 0)
      o.log?.(
        `queued ${queued} ${kind} job(s) on ${url.shown}${reused ? ` (${reused} result(s) reused)` : ""}; waiting for workers`,
      );
    const pollMs = o.pollMs ?? 200;
    const auditMs = o.auditMs ?? 2_000;
    // The per-job state audit costs a few commands per pending job: run it only when the
    // queue's failed count moved (a job failed, ours or another run's) or when no result came
    // for 5 audit periods (a lost job: removed by hand, or Redis restarted without AOF).
    let failedCount = await call("failed count", () => queue.getFailedCount());
    let lastAudit = Date.now();
    let lastProgress = Date.now();
    while (pending.size > 0) {
      // Each poll reads every pending id (HMGET): at most ~50,000 ids a second, so a run of
      // 10^5 items polls every 2 s rather than loading Redis with 5·10^5 reads a second.
      await sleep(Math.max(pollMs, pending.size / 50));
      const before = failed.size;
      let n = await collect();
      if (n > 0) lastProgress = Date.now();
      if (Date.now() - lastAudit >= auditMs) {
        lastAudit = Date.now();
        const fc = await call("failed count", () => queue.getFailedCount());
        if (fc !== failedCount || Date.now() - lastProgress >= 5 * auditMs) {
          failedCount = fc;
          lastProgress = Date.now();
          const { readd: lost } = await audit(false);
          if (lost.length) {
            o.log?.(`re-adding ${lost.length} lost job(s)`);
            await add(lost);
          }
          n += failed.size - before;
        }
      }
      if (n > 0) o.onDone?.(n);
    }
    const outcomes = ids.map((id): JobOutcome<R> => {
      const text = results.get(id);
      if (text !== undefined) return { id, ok: true, result: decodeResult(id, text) as R };
      return { id, ok: false, error: failed.get(id) ?? "failed" };
    });
    return { outcomes, reused, queued };
  } finally {
    // A dead Redis must not hold the exit: close, but wait at most 2 s.
    watch.stop();
    await Promise.race([queue.close().catch(() => {}), sleep(2_000)]);
    client.disconnect();
  }
}
