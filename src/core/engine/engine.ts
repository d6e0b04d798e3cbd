import { setMaxListeners } from "node:events";
import { appendFile } from "node:fs/promises";
import { sha256Hex } from "../hash.js";
import type { LatencyStats } from "./accounting.js";
import {
  costUsd,
  latencyStats,
  type Price,
  summarizeUsage,
  type UsageSummary,
  usageFor,
} from "./accounting.js";
import { cacheKey, DiskCache, type ResponseCache, stableStringify } from "./cache.js";
import { ModelError, RunStoppedError, toModelError } from "./errors.js";
import { DEFAULT_MAX_CONSECUTIVE_ERRORS, RunGuard } from "./failfast.js";
import { EngineProgress } from "./progress.js";
import { PromptStore, promptBytes, promptFileFor } from "./prompt-store.js";
import { type EngineRecord, RECORD_SCHEMA_ID, ResultsStore, recordKey } from "./results.js";
import {
  AdaptiveLimiter,
  backoffDelay,
  cappedRetryAfter,
  DEFAULT_RETRY,
  type RetryPolicy,
  sleep,
  WAIT_NOTICE_MS,
} from "./retry.js";
import type { ClientDescriptor, ModelClient, ModelRequest, ModelResponse } from "./types.js";

export interface EngineJob<I = unknown> {
  itemId: string;
  trial: number;
  item: I;
  request: ModelRequest;
}

export interface JobOutcome<I = unknown> {
  job: EngineJob<I>;
  response?: ModelResponse;
  /** Set when every attempt failed (or the error was not retryable). */
  error?: ModelError;
  cached: boolean;
  attempts: number;
  /** Wall time of the successful attempt; null for cache hits and failures. */
  latencyMs: number | null;
}

export interface RunJobsOptions<I> {
  client: ModelClient;
  maxConcurrency: number;
  /**
   * Share one concurrency budget between runs (several models on one endpoint): requests in
   * flight across all runs using it stay within its limit. Default: a limiter of its own.
   */
  limiter?: AdaptiveLimiter;
  retry?: RetryPolicy;
  /** Per-attempt timeout (default 120 s). */
  timeoutMs?: number;
  cache?: ResponseCache;
  signal?: AbortSignal;
  /**
   * When to stop the run early (see RunGuard). Default: a fresh guard per call with
   * `DEFAULT_MAX_CONSECUTIVE_ERRORS`; pass one guard to several calls forming one run.
   */
  guard?: RunGuard;
  /** For a `runner` that draws its own progress (the queue's): the run's flag and label. */
  progress?: boolean;
  label?: string;
  /**
   * Where the one line about a wait longer than WAIT_NOTICE_MS goes (default: stderr, on a
   * terminal or not: a piped run must not look hung).
   */
  notice?: (line: string) => void;
  onOutcome(outcome: JobOutcome<I>): Promise<void> | void;
}

export interface RunJobsStats {
  jobs: number;
  live_calls: number;
  cache_hits: number;
  errors: number;
  attempts: number;
  retries: number;
  rate_limited: number;
  /** The error that stopped the run early (remaining jobs were not run), else null. */
  stopped: ModelError | null;
}

/** Stats of a run of `jobs` jobs before any ran (the local and the queued runner count alike). */
export function emptyRunJobsStats(jobs: number): RunJobsStats {
  return {
    jobs,
    live_calls: 0,
    cache_hits: 0,
    errors: 0,
    attempts: 0,
    retries: 0,
    rate_limited: 0,
    stopped: null,
  };
}

/**
 * Run jobs with at most `maxConcurrency` requests in flight (fewer while the adaptive limiter
 * is backing off a 429), retrying retryable failures with jittered exponential backoff that
 * honours Retry-After. Jobs are pulled lazily from the iterable, so memory stays flat.
 * Successful responses go to the cache; errors never do. Cache hits skip the limiter and
 * carry no latency. Permanent failures are never retried and stop the run (`guard`):
 * in-flight requests are aborted, no further job is started, and `stats.stopped` says why.
 */
export async function runJobs<I>(
  jobs: Iterable<EngineJob<I>>,
  opts: RunJobsOptions<I>,
): Promise<RunJobsStats> {
  const limiter = opts.limiter ?? new AdaptiveLimiter(opts.maxConcurrency);
  const policy = opts.retry ?? DEFAULT_RETRY;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const stats = emptyRunJobsStats(0);
  const it = jobs[Symbol.iterator]();
  const guard = opts.guard ?? new RunGuard();
  const stopper = new AbortController();
  const runSignal = opts.signal ? AbortSignal.any([opts.signal, stopper.signal]) : stopper.signal;
  // One abort listener per in-flight request or backoff: not a leak, so no warning on stderr.
  setMaxListeners(0, runSignal);
  const stop = (err: ModelError) => {
    stats.stopped ??= err;
    if (!stopper.signal.aborted) stopper.abort(err);
  };
  if (guard.stopped) stop(guard.stopped);
  let done = false;
  // One line per long wait: requests backing off together (one 429 to all of them) share it.
  const notice = opts.notice ?? ((line: string) => process.stderr.write(`${line}\n`));
  let noticedUntil = 0;
  const noticeWait = (ms: number, err: ModelError, attempt: number) => {
    const until = Date.now() + ms;
    if (ms <= WAIT_NOTICE_MS || until <= noticedUntil + 1000) return;
    noticedUntil = until;
    const asked =
      err.retryAfterMs === undefined
        ? ""
        : err.retryAfterMs > ms + 1000
          ? ` (the server asked for ${fmtS(err.retryAfterMs)} s with Retry-After; capped by --max-retry-wait-s)`
          : " (the server's Retry-After)";
    notice(
      `model ${opts.label ?? opts.client.descriptor.model}: ${err.kind === "rate_limit" ? "rate limited" : err.message.slice(0, 80)}; waiting ${fmtS(ms)} s before retry ${attempt + 1} of ${policy.maxRetries}${asked}`,
    );
  };

  const next = (): EngineJob<I> | undefined => {
    if (done || runSignal?.aborted) return undefined;
    const r = it.next();
    if (r.done) {
      done = true;
      return undefined;
    }
    stats.jobs++;
    return r.value;
  };

  const runOne = async (job: EngineJob<I>): Promise<JobOutcome<I>> => {
    const key = opts.cache ? cacheKey(opts.client.descriptor, job.request, job.trial) : "";
    if (opts.cache) {
      const hit = await opts.cache.get(key);
      if (hit) {
        stats.cache_hits++;
        return { job, response: hit, cached: true, attempts: 0, latencyMs: null };
      }
    }
    const abortedOutcome = (attempts: number): JobOutcome<I> => ({
      job,
      error: new ModelError("aborted", "run aborted"),
      cached: false,
      attempts,
      latencyMs: null,
    });
    for (let attempt = 0; ; attempt++) {
      try {
        await limiter.acquire(runSignal);
      } catch {
        return abortedOutcome(attempt);
      }
      stats.attempts++;
      const ac = new AbortController();
      const timer = setTimeout(
        () => ac.abort(new DOMException("request timed out", "TimeoutError")),
        timeoutMs,
      );
      const onRunAbort = () => ac.abort(runSignal?.reason);
      runSignal?.addEventListener("abort", onRunAbort, { once: true });
      const t0 = performance.now();
      let err: ModelError;
      try {
        const response = await opts.client.complete(job.request, { signal: ac.signal, item: job.item });
        const latencyMs = performance.now() - t0;
        limiter.release();
        limiter.onSuccess();
        guard.onSuccess();
        stats.live_calls++;
        if (opts.cache) await opts.cache.put(key, response);
        return { job, response, cached: false, attempts: attempt + 1, latencyMs };
      } catch (e) {
        limiter.release();
        err = toModelError(e, ac.signal);
      } finally {
        clearTimeout(timer);
        runSignal?.removeEventListener("abort", onRunAbort);
      }
      if (runSignal.aborted) err = new ModelError("aborted", "run aborted");
      if (err.kind === "rate_limit") {
        stats.rate_limited++;
        limiter.onRateLimit(cappedRetryAfter(err.retryAfterMs, policy));
      }
      const fatal = guard.onAttemptError(err);
      if (fatal) {
        stop(fatal);
        stats.errors++;
        return { job, error: fatal, cached: false, attempts: attempt + 1, latencyMs: null };
      }
      if (!err.retryable || attempt >= policy.maxRetries) {
        stats.errors++;
        const fatalJob = guard.onJobError(err);
        if (fatalJob) stop(fatalJob);
        return { job, error: fatalJob ?? err, cached: false, attempts: attempt + 1, latencyMs: null };
      }
      stats.retries++;
      const wait = backoffDelay(attempt, policy, err.retryAfterMs);
      noticeWait(wait, err, attempt);
      try {
        await sleep(wait, runSignal);
      } catch {
        stats.errors++;
        return abortedOutcome(attempt + 1);
      }
    }
  };

  const worker = async () => {
    for (let job = next(); job; job = next()) await opts.onOutcome(await runOne(job));
  };
  await Promise.all(Array.from({ length: opts.maxConcurrency }, worker));
  return stats;
}

const fmtS = (ms: number) => String(Math.round(ms / 100) / 10);

// ---------------------------------------------------------------------------------------

export interface ErrorRecord {
  item_id: string;
  trial: number;
  config_hash: string;
  /** `reason` names the specific cause (connection_refused, unauthorized, …; see ModelErrorReason). */
  error: { kind: string; reason: string | null; message: string; status: number | null };
  attempts: number;
  /** Messages of the failed request (in the prompt store when the run keeps prompts). */
  prompt_sha256: string;
}

export interface RunSummary {
  model: ClientDescriptor;
  config_hash: string;
  items: number;
  trials: number;
  /** Jobs this process scheduled (excludes rows kept from a resumed file). */
  jobs: number;
  resumed: number;
  live_calls: number;
  cache_hits: number;
  errors: number;
  /** Records whose output broke the task's contract (scored as wrong). */
  invalid: number;
  attempts: number;
  retries: number;
  rate_limited: number;
  /** The first failed request of this process (null when none failed). */
  first_error: ErrorRecord["error"] | null;
  /** Totals over every record of the run (resumed, cached and live). */
  usage: UsageSummary;
  /** This process's live calls only: what this invocation spent. */
  live_usage: { prompt_tokens: number; completion_tokens: number; cost_usd: number | null };
  /** Live calls only (cache hits have no latency). */
  latency: LatencyStats | null;
  wall_s: number;
  /** Live completion tokens per wall second. */
  completion_tokens_per_s: number;
  /** Harness CPU (user+system) per live call, in ms (includes whatever else runs in-process). */
  cpu_ms_per_call: number | null;
  aborted: boolean;
}

export interface EvaluateOptions<I> {
  items: readonly I[];
  itemId(item: I): string;
  /** Request for one item; `promptTemplate` is recorded (id@version) for provenance. */
  build(item: I, trial: number): { request: ModelRequest; promptTemplate: string | null };
  /**
   * Task fields for a record from the model's raw text (parsed answer, invalid reason,
   * post-processing). Must not throw for any text; if it does, the record gets
   * `invalid_reason` and the run continues.
   */
  interpret?(item: I, text: string, trial: number): Record<string, unknown>;
  client: ModelClient;
  /** Identity of (client, params, prompt config); see `modelConfigHash`. */
  configHash: string;
  trials?: number;
  limit?: number;
  maxConcurrency?: number;
  /** A concurrency budget shared with other runs (see RunJobsOptions.limiter). */
  limiter?: AdaptiveLimiter;
  retry?: RetryPolicy;
  timeoutMs?: number;
  cache?: ResponseCache;
  cacheDir?: string;
  resultsPath?: string;
  resume?: boolean;
  overwrite?: boolean;
  price?: Price;
  /** Vary `params.seed` by trial (seed + trial) so trials are distinct samples (default true). */
  seedPerTrial?: boolean;
  /** true: always (plain lines when not a TTY); false: never; default: only on a TTY. */
  progress?: boolean;
  label?: string;
  signal?: AbortSignal;
  /** Stop after this many requests in a row failed the same way (default 5; 0: never). */
  maxConsecutiveErrors?: number;
  /**
   * Runs the jobs (default: `runJobs`, in this process). `queuedRunner` (./queue.ts) runs them
   * on distributed workers and hands the outcomes back in job order (`--queue`).
   */
  runner?: <J>(jobs: Iterable<EngineJob<J>>, opts: RunJobsOptions<J>) => Promise<RunJobsStats>;
  /**
   * Keep each rendered prompt in `<results>.prompts.jsonl`, keyed by `prompt_sha256`
   * (default true when `resultsPath` is set); see PromptStore.
   */
  keepPrompts?: boolean;
}

export interface EvaluateResult {
  /** One record per (item, trial) that has an answer, ordered by trial then item order. */
  records: EngineRecord[];
  errors: ErrorRecord[];
  summary: RunSummary;
}

/** Hash of everything that determines the answers: client identity, params, prompt config. */
export function modelConfigHash(parts: {
  client: ClientDescriptor;
  params: unknown;
  prompt: unknown;
}): string {
  return sha256Hex(stableStringify({ client: parts.client, params: parts.params, prompt: parts.prompt }));
}

function withTrialSeed(req: ModelRequest, trial: number, on: boolean): ModelRequest {
  if (!on || trial === 0 || req.params.seed === undefined) return req;
  return { messages: req.messages, params: { ...req.params, seed: req.params.seed + trial } };
}

/**
 * Evaluate a model over items × trials: skip keys already in the results file (resume),
 * run the rest through `runJobs`, append one record per answer, and summarise usage,
 * latency and cost. Transport failures after all retries become ErrorRecords (appended to
 * `<results>.errors.jsonl`), are not written as results, and are retried by a later
 * `--resume`; an answer that breaks the task contract is a normal record with a reason.
 * A permanent failure (bad key, unknown model, no server; see RunGuard) stops the run: the
 * rows answered so far are kept, then `RunStoppedError` is thrown with the one-line cause.
 */
export async function evaluate<I>(opts: EvaluateOptions<I>): Promise<EvaluateResult> {
  const trials = opts.trials ?? 1;
  if (!Number.isInteger(trials) || trials < 1)
    throw new Error(`trials must be a positive integer, got ${trials}`);
  const items = opts.limit !== undefined ? opts.items.slice(0, Math.max(0, opts.limit)) : opts.items;
  const maxConcurrency = opts.maxConcurrency ?? 4;
  const seedPerTrial = opts.seedPerTrial ?? true;
  const descriptor = opts.client.descriptor;
  const cache = opts.cache ?? (opts.cacheDir ? new DiskCache(opts.cacheDir) : undefined);
  const ids = items.map((it) => opts.itemId(it));
  const seenIds = new Set<string>();
  for (const id of ids) {
    if (seenIds.has(id))
      throw new Error(`duplicate item id ${JSON.stringify(id)}: results are keyed by item id`);
    seenIds.add(id);
  }
  // Opened (and locked) after the checks that can throw, so a refused run holds no lock.
  const store = opts.resultsPath
    ? await ResultsStore.open(opts.resultsPath, { resume: opts.resume, overwrite: opts.overwrite })
    : undefined;
  const mem = new Map<string, EngineRecord>();
  const errors: ErrorRecord[] = [];

  let resumed = 0;
  for (let t = 0; t < trials; t++)
    for (const id of ids) if (store?.has(recordKey(id, opts.configHash, t))) resumed++;
  const total = ids.length * trials;
  const progress = new EngineProgress(total, opts.label ?? descriptor.model, process.stderr, opts.progress);
  progress.price = opts.price;
  for (let t = 0; t < trials; t++)
    for (const id of ids) {
      const r = store?.get(recordKey(id, opts.configHash, t));
      if (r)
        progress.record({
          promptTokens: r.usage.prompt_tokens,
          completionTokens: r.usage.completion_tokens,
          resumed: true,
        });
    }
  const prompts =
    opts.resultsPath && opts.keepPrompts !== false
      ? new PromptStore(promptFileFor(opts.resultsPath))
      : undefined;
  const guard = new RunGuard(opts.maxConsecutiveErrors ?? DEFAULT_MAX_CONSECUTIVE_ERRORS);

  function* jobs(): Generator<EngineJob<I>> {
    for (let t = 0; t < trials; t++) {
      for (let i = 0; i < items.length; i++) {
        if (store?.has(recordKey(ids[i], opts.configHash, t))) continue;
        const built = opts.build(items[i], t);
        templates.set(`${i}:${t}`, built.promptTemplate);
        yield {
          itemId: ids[i],
          trial: t,
          item: items[i],
          request: withTrialSeed(built.request, t, seedPerTrial),
        };
      }
    }
  }
  const templates = new Map<string, string | null>();
  const indexOf = new Map<string, number>(ids.map((id, i) => [id, i]));
  const latencies: number[] = [];
  let liveIn = 0;
  let liveOut = 0;
  const errorsFile = opts.resultsPath ? `${opts.resultsPath}.errors.jsonl` : undefined;

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const stats = await (opts.runner ?? runJobs)(jobs(), {
    client: opts.client,
    maxConcurrency,
    limiter: opts.limiter,
    retry: opts.retry,
    timeoutMs: opts.timeoutMs,
    cache,
    signal: opts.signal,
    guard,
    progress: opts.progress,
    label: opts.label,
    onOutcome: async (o) => {
      const { job } = o;
      const tkey = `${indexOf.get(job.itemId)}:${job.trial}`;
      const promptTemplate = templates.get(tkey) ?? null;
      templates.delete(tkey);
      if (!o.response && o.error?.kind === "aborted") return;
      const stored = prompts?.put(job.request.messages);
      const promptSha = stored ? stored.sha256 : sha256Hex(promptBytes(job.request.messages));
      if (!o.response) {
        const err = o.error!;
        const rec: ErrorRecord = {
          item_id: job.itemId,
          trial: job.trial,
          config_hash: opts.configHash,
          error: err.toRecord(),
          attempts: o.attempts,
          prompt_sha256: promptSha,
        };
        errors.push(rec);
        if (errorsFile) await appendFile(errorsFile, `${JSON.stringify(rec)}\n`);
        progress.error();
        return;
      }
      const resp = o.response;
      const usage = usageFor(job.request, resp);
      let task: Record<string, unknown> = {};
      if (opts.interpret) {
        try {
          task = opts.interpret(job.item, resp.text, job.trial);
        } catch (e) {
          task = { invalid_reason: `interpreter error: ${(e as Error).message}` };
        }
      }
      const record: EngineRecord = {
        schema: RECORD_SCHEMA_ID,
        item_id: job.itemId,
        trial: job.trial,
        config_hash: opts.configHash,
        model: { kind: descriptor.kind, model: descriptor.model, endpoint: descriptor.endpoint },
        prompt_template: promptTemplate,
        prompt_sha256: promptSha,
        raw_text: resp.text,
        finish_reason: resp.finish_reason ?? null,
        usage,
        timings: resp.timings ? { ...resp.timings } : null,
        ...task,
        runtime: { latency_ms: o.latencyMs, cached: o.cached, attempts: o.attempts },
      };
      if (!o.cached) {
        liveIn += usage.prompt_tokens;
        liveOut += usage.completion_tokens;
        if (o.latencyMs !== null) latencies.push(o.latencyMs);
      }
      mem.set(recordKey(job.itemId, opts.configHash, job.trial), record);
      // The prompt's line is written before the record that points to it: a run killed in
      // between never leaves a record whose prompt is missing (resume skips the record, so
      // the prompt would never be stored). One group-commit write, shared by the slots.
      await stored?.done;
      // Not awaited: the store batches writes, and a write failure is raised by close().
      if (store) store.append(record).catch(() => {});
      progress.record({
        promptTokens: usage.prompt_tokens,
        completionTokens: usage.completion_tokens,
        live: !o.cached,
      });
    },
  });
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  progress.finish();
  if (store) await store.close();
  await prompts?.close();
  if (stats.stopped)
    throw new RunStoppedError(stats.stopped, stats.live_calls + stats.cache_hits, total - resumed);

  const records: EngineRecord[] = [];
  for (let t = 0; t < trials; t++) {
    for (const id of ids) {
      const k = recordKey(id, opts.configHash, t);
      const r = mem.get(k) ?? store?.get(k);
      if (r) records.push(r);
    }
  }
  const summary: RunSummary = {
    model: descriptor,
    config_hash: opts.configHash,
    items: ids.length,
    trials,
    jobs: stats.jobs,
    resumed,
    live_calls: stats.live_calls,
    cache_hits: stats.cache_hits,
    errors: errors.length,
    invalid: records.filter((r) => typeof r.invalid_reason === "string").length,
    attempts: stats.attempts,
    retries: stats.retries,
    rate_limited: stats.rate_limited,
    first_error: errors[0]?.error ?? null,
    usage: summarizeUsage(records, opts.price),
    live_usage: {
      prompt_tokens: liveIn,
      completion_tokens: liveOut,
      cost_usd: opts.price ? costUsd(opts.price, liveIn, liveOut) : null,
    },
    latency: latencyStats(latencies),
    wall_s: wallS,
    completion_tokens_per_s: wallS > 0 ? liveOut / wallS : 0,
    cpu_ms_per_call: stats.live_calls > 0 ? (cpu.user + cpu.system) / 1000 / stats.live_calls : null,
    aborted: Boolean(opts.signal?.aborted),
  };
  return { records, errors, summary };
}
