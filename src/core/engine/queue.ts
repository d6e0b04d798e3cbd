/**
 * Engine runs over the distributed queue (`--queue`, docs/scale.md): every model request is a
 * job. A worker rebuilds the client from its spec (API keys from the worker's own environment,
 * never from the job), makes the request with the run's timeout and retry policy, and offers
 * the response to the sink. The coordinator then feeds the outcomes to the engine in the
 * jobs' order, so records, results files and artifacts come from the same code as a
 * single-process run. A request that failed after its retries is a failed job (never a sink
 * entry: a later run or `--resume` retries it) and becomes the same ErrorRecord as locally.
 */
import { runJobs as runQueuedJobs } from "../queue/coordinator.js";
import { QueueUnavailableError, SINK_KEY } from "../queue/redis.js";
import type { QueueUrl } from "../queue/url.js";
import { Progress } from "../progress.js";
import type { ClientOptions } from "./clients/index.js";
import {
  emptyRunJobsStats,
  type EngineJob,
  type JobOutcome,
  type RunJobsOptions,
  type RunJobsStats,
  runJobs,
} from "./engine.js";
import { ModelError, type ModelErrorKind, type ModelErrorReason } from "./errors.js";
import { RunGuard } from "./failfast.js";
import type { RetryPolicy } from "./retry.js";
import type { ClientDescriptor, ModelClient, ModelRequest, ModelResponse } from "./types.js";
import { cacheKey } from "./cache.js";

export const MODEL_JOB = "engine.complete";

/** How a worker rebuilds the client: the `--model` spec and its client flags (no secrets). */
export interface ClientSpec {
  spec: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  commandArgs?: readonly string[];
  promptVia?: "stdin" | "file";
  options?: Record<string, unknown>;
}

export interface ModelJobData {
  client: ClientSpec;
  /** The coordinator's client: a worker whose rebuilt client differs refuses the job. */
  descriptor: ClientDescriptor;
  itemId: string;
  trial: number;
  item: unknown;
  request: ModelRequest;
  timeoutMs: number;
  retry: RetryPolicy;
}

export interface ModelJobResult {
  response: ModelResponse;
  attempts: number;
  latencyMs: number | null;
}

/** A failed request travels as the job's failedReason: this prefix, then the error as JSON. */
const ERROR_TAG = "oraclebench.model_error ";

interface ErrorData {
  kind: ModelErrorKind;
  reason: ModelErrorReason | null;
  message: string;
  status: number | null;
  permanent: boolean;
  attempts: number;
}

/** The engine's job runner over the queue (the `runner` option of `evaluate`). */
export function queuedRunner(
  url: QueueUrl,
  client: ClientSpec,
): <I>(jobs: Iterable<EngineJob<I>>, opts: RunJobsOptions<I>) => Promise<RunJobsStats> {
  return async <I>(jobs: Iterable<EngineJob<I>>, opts: RunJobsOptions<I>): Promise<RunJobsStats> => {
    const list = [...jobs];
    const stats = emptyRunJobsStats(list.length);
    const outcomes: (JobOutcome<I> | undefined)[] = new Array(list.length);
    const keys = list.map((j) => (opts.cache ? cacheKey(opts.client.descriptor, j.request, j.trial) : ""));
    const live: number[] = [];
    for (const [i, job] of list.entries()) {
      const hit = opts.cache ? await opts.cache.get(keys[i] as string) : undefined;
      if (hit) {
        stats.cache_hits++;
        outcomes[i] = { job, response: hit, cached: true, attempts: 0, latencyMs: null };
      } else live.push(i);
    }
    const timeoutMs = (opts.timeoutMs ?? 120_000) as number;
    const retry = opts.retry as RetryPolicy;
    // Completed/total as the sink shows it: every worker's results (docs/scale.md).
    const progress = new Progress(
      live.length,
      `${opts.label ?? opts.client.descriptor.model} (queue)`,
      process.stderr,
      opts.progress,
    );
    const r = await runQueuedJobs<ModelJobResult>(
      url,
      MODEL_JOB,
      live.map((i): ModelJobData => {
        const job = list[i] as EngineJob<I>;
        return {
          client,
          descriptor: opts.client.descriptor,
          itemId: job.itemId,
          trial: job.trial,
          item: job.item,
          request: job.request,
          timeoutMs,
          retry,
        };
      }),
      {
        onReused: (n) => progress.skip(n),
        onDone: (n) => progress.tick(n),
        log: (line) => process.stderr.write(`${line}\n`),
      },
    );
    progress.finish();
    for (const [k, i] of live.entries()) {
      const job = list[i] as EngineJob<I>;
      const o = r.outcomes[k];
      if (o?.ok) checkModelResult(o.id, o.result);
      if (o?.ok) {
        stats.live_calls++;
        stats.attempts += o.result.attempts;
        stats.retries += o.result.attempts - 1;
        if (opts.cache) await opts.cache.put(keys[i] as string, o.result.response);
        outcomes[i] = {
          job,
          response: o.result.response,
          cached: false,
          attempts: o.result.attempts,
          latencyMs: o.result.latencyMs,
        };
      } else {
        const e = parseModelError(o?.ok === false ? o.error : "missing outcome");
        stats.errors++;
        stats.attempts += e.attempts;
        const err = new ModelError(e.kind, e.message, {
          status: e.status ?? undefined,
          reason: e.reason ?? undefined,
          permanent: e.permanent || undefined,
        });
        // As locally: a permanent failure (bad key, no server) stops the run.
        if (err.permanent) stats.stopped ??= err;
        outcomes[i] = { job, error: err, cached: false, attempts: e.attempts, latencyMs: null };
      }
    }
    for (const o of outcomes) if (o) await opts.onOutcome(o);
    return stats;
  };
}

/** A sink value must be a model job's result; anything else stops the run with one line. */
function checkModelResult(id: string, v: ModelJobResult): void {
  const ok =
    v !== null &&
    typeof v === "object" &&
    typeof v.response?.text === "string" &&
    Number.isInteger(v.attempts) &&
    v.attempts >= 1 &&
    (v.latencyMs === null || typeof v.latencyMs === "number");
  if (!ok) throw new QueueUnavailableError(`result ${id} in ${SINK_KEY} is not a model response`);
}

function parseModelError(failedReason: string): ErrorData {
  if (failedReason.startsWith(ERROR_TAG)) {
    try {
      return JSON.parse(failedReason.slice(ERROR_TAG.length)) as ErrorData;
    } catch {
      // fall through: reported as an adapter failure below
    }
  }
  // The worker itself failed (crashed, stalled too often, refused the job).
  return {
    kind: "adapter",
    reason: null,
    message: `queue job failed: ${failedReason}`,
    status: null,
    permanent: false,
    attempts: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// worker side

/**
 * The worker's rebuilt client is the coordinator's: every field of its descriptor (kind,
 * model, endpoint, …) is the same there. The coordinator's may carry more: fields a wrapper
 * adds to key results (the retrieval pipeline's config hash), which change no request.
 */
export function sameClient(mine: ClientDescriptor, theirs: ClientDescriptor): boolean {
  const t = theirs as unknown as Record<string, unknown>;
  return Object.entries(mine).every(([k, v]) => JSON.stringify(v) === JSON.stringify(t[k]));
}

const clients = new Map<string, Promise<ModelClient>>();

/** Run one model job (in a worker's sandboxed process). */
export async function modelJob(data: unknown): Promise<ModelJobResult> {
  const d = data as ModelJobData;
  const key = JSON.stringify(d.client);
  let p = clients.get(key);
  if (!p) {
    const { createClient } = await import("./clients/index.js");
    const c = d.client;
    const opts: ClientOptions = {
      baseUrl: c.baseUrl,
      apiKeyEnv: c.apiKeyEnv,
      commandArgs: c.commandArgs,
      promptVia: c.promptVia,
      options: c.options,
    };
    p = createClient(c.spec, opts);
    clients.set(key, p);
  }
  const client = await p;
  const mine = JSON.stringify(client.descriptor);
  if (!sameClient(client.descriptor, d.descriptor))
    throw new Error(
      `this worker's client ${mine} differs from the coordinator's ${JSON.stringify(d.descriptor)} (environment defaults such as OPENAI_BASE_URL differ? pass --base-url)`,
    );
  let outcome: JobOutcome | undefined;
  // The local engine, one job: the same timeout, retry and backoff as a single-process run.
  await runJobs([{ itemId: d.itemId, trial: d.trial, item: d.item, request: d.request }], {
    client,
    maxConcurrency: 1,
    retry: d.retry,
    timeoutMs: d.timeoutMs,
    guard: new RunGuard(0),
    onOutcome: (o) => {
      outcome = o;
    },
  });
  if (outcome?.response)
    return { response: outcome.response, attempts: outcome.attempts, latencyMs: outcome.latencyMs };
  const err = outcome?.error ?? new ModelError("adapter", "no outcome");
  const rec = err.toRecord();
  const e: ErrorData = { ...rec, permanent: err.permanent, attempts: outcome?.attempts ?? 0 };
  throw new Error(ERROR_TAG + JSON.stringify(e));
}
