import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  DiskCache,
  cacheKey,
  stableStringify
} from "./chunk-TNHSOIRF.js";
import {
  PromptStore,
  promptBytes,
  promptFileFor
} from "./chunk-KU3RCWH4.js";
import {
  Progress
} from "./chunk-7FPTHU2P.js";
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";
import {
  costUsd,
  latencyStats,
  summarizeUsage,
  usageFor
} from "./chunk-3RFMFL4K.js";
import {
  external_exports,
  parseWith,
  registerSchema
} from "./chunk-FE7UWTWL.js";
import {
  AdaptiveLimiter,
  DEFAULT_MAX_CONSECUTIVE_ERRORS,
  DEFAULT_RETRY,
  RunGuard,
  backoffDelay,
  sleep
} from "./chunk-DXD3EPTX.js";

// src/core/engine/engine.ts
import { setMaxListeners } from "node:events";
import { appendFile } from "node:fs/promises";
import { ModelError, RunStoppedError, toModelError } from "../core/engine/errors.js";

// src/core/engine/progress.ts
var EngineProgress = class extends Progress {
  promptTokens = 0;
  completionTokens = 0;
  liveTokens = 0;
  errors = 0;
  price;
  record(opts = {}) {
    this.promptTokens += opts.promptTokens ?? 0;
    this.completionTokens += opts.completionTokens ?? 0;
    if (opts.live) this.liveTokens += opts.completionTokens ?? 0;
    if (opts.resumed) this.skip(1);
    else super.tick(1);
  }
  /** A request that ended in an error (counted as done: it will not be retried this run). */
  error() {
    this.errors++;
    super.tick(1);
  }
  /** What the bar shows as spend (null without a price): equals the summary's usage.cost_usd. */
  costUsd() {
    return this.price ? costUsd(this.price, this.promptTokens, this.completionTokens) : null;
  }
  suffix(elapsedS) {
    const tps = elapsedS > 0 ? this.liveTokens / elapsedS : 0;
    const tok = this.promptTokens + this.completionTokens;
    const cost = this.costUsd();
    return ` ${tok} tok ${tps.toFixed(0)} tok/s${cost !== null ? ` $${cost.toFixed(4)}` : ""}${this.errors ? ` errors ${this.errors}` : ""}`;
  }
};

// src/core/engine/results.ts
import { mkdir, open, readFile, stat, truncate } from "node:fs/promises";
import { dirname } from "node:path";
import { InputError } from "../core/errors.js";
var RECORD_SCHEMA_ID = "oraclebench.engine.record/1";
var FLUSH_MS = 20;
var engineRecordSchema = external_exports.looseObject({
  schema: external_exports.literal(RECORD_SCHEMA_ID),
  item_id: external_exports.string(),
  trial: external_exports.number().int().nonnegative(),
  config_hash: external_exports.string(),
  model: external_exports.object({ kind: external_exports.string(), model: external_exports.string(), endpoint: external_exports.string() }),
  prompt_template: external_exports.string().nullable(),
  prompt_sha256: external_exports.string(),
  raw_text: external_exports.string(),
  finish_reason: external_exports.string().nullable(),
  usage: external_exports.object({
    prompt_tokens: external_exports.number().int().nonnegative(),
    completion_tokens: external_exports.number().int().nonnegative(),
    estimated: external_exports.boolean()
  }),
  timings: external_exports.object({ prefill_ms: external_exports.number().optional(), decode_ms: external_exports.number().optional() }).nullable(),
  runtime: external_exports.object({
    latency_ms: external_exports.number().nullable(),
    cached: external_exports.boolean(),
    attempts: external_exports.number().int().nonnegative()
  })
});
registerSchema("engine-record", engineRecordSchema);
function recordKey(itemId, configHash, trial) {
  return JSON.stringify([itemId, configHash, trial]);
}
var ResultsStore = class _ResultsStore {
  constructor(file, fh) {
    this.file = file;
    this.fh = fh;
  }
  file;
  fh;
  records = /* @__PURE__ */ new Map();
  queue = Promise.resolve();
  flushing;
  pending = [];
  failed;
  static async open(file, opts = {}) {
    await mkdir(dirname(file), { recursive: true });
    let exists = false;
    try {
      exists = (await stat(file)).size > 0;
    } catch {
    }
    if (exists && !opts.resume && !opts.overwrite) {
      throw new InputError(
        "results file already exists; pass --resume to continue it or --overwrite to replace it",
        {
          file
        }
      );
    }
    const loaded = exists && opts.resume ? await loadForResume(file) : [];
    const fh = await open(file, exists && opts.resume ? "a" : "w");
    const store = new _ResultsStore(file, fh);
    for (const r of loaded) store.records.set(recordKey(r.item_id, r.config_hash, r.trial), r);
    return store;
  }
  get size() {
    return this.records.size;
  }
  has(key) {
    return this.records.has(key);
  }
  get(key) {
    return this.records.get(key);
  }
  /** Append a record unless its key is already stored (returns false then). */
  append(record) {
    const key = recordKey(record.item_id, record.config_hash, record.trial);
    if (this.records.has(key)) return Promise.resolve(false);
    this.records.set(key, record);
    this.pending.push(`${JSON.stringify(record)}
`);
    if (!this.flushing) {
      this.flushing = this.queue.then(() => new Promise((r) => setTimeout(r, FLUSH_MS))).then(() => this.flush());
      this.queue = this.flushing;
    }
    return this.flushing.then(() => true);
  }
  async flush() {
    this.flushing = void 0;
    if (this.failed) throw this.failed;
    const chunk = this.pending.join("");
    this.pending = [];
    try {
      await this.fh.write(chunk);
    } catch (e) {
      this.failed = e;
      throw e;
    }
  }
  async close() {
    await this.queue.catch(() => {
    });
    await this.fh.sync();
    await this.fh.close();
    if (this.failed) throw this.failed;
  }
};
async function loadForResume(file) {
  const buf = await readFile(file);
  const text = buf.toString("utf8");
  const out = [];
  let pos = 0;
  let line = 0;
  while (pos < text.length) {
    const nl = text.indexOf("\n", pos);
    line++;
    const end = nl === -1 ? text.length : nl;
    const s = text.slice(pos, end);
    if (s.trim() !== "") {
      let v;
      try {
        v = JSON.parse(s);
      } catch (e) {
        if (nl === -1) {
          await truncate(file, Buffer.byteLength(text.slice(0, pos), "utf8"));
          break;
        }
        throw new InputError(`invalid JSON: ${e.message}`, { file, line });
      }
      out.push(parseWith(engineRecordSchema, v, { file, line }));
    }
    if (nl === -1) {
      const fh = await open(file, "a");
      await fh.write("\n");
      await fh.close();
      break;
    }
    pos = nl + 1;
  }
  return out;
}
async function readResults(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new InputError(
      `cannot read results: ${e.code ?? e.message}`,
      {
        file
      }
    );
  }
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  let line = 0;
  for (const s of text.split("\n")) {
    line++;
    if (s.trim() === "") continue;
    let v;
    try {
      v = JSON.parse(s);
    } catch (e) {
      throw new InputError(`invalid JSON: ${e.message}`, { file, line });
    }
    const r = parseWith(engineRecordSchema, v, { file, line });
    const k = recordKey(r.item_id, r.config_hash, r.trial);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return out;
}

// src/core/engine/engine.ts
async function runJobs(jobs, opts) {
  const limiter = new AdaptiveLimiter(opts.maxConcurrency);
  const policy = opts.retry ?? DEFAULT_RETRY;
  const timeoutMs = opts.timeoutMs ?? 12e4;
  const stats = {
    jobs: 0,
    live_calls: 0,
    cache_hits: 0,
    errors: 0,
    attempts: 0,
    retries: 0,
    rate_limited: 0,
    stopped: null
  };
  const it = jobs[Symbol.iterator]();
  const guard = opts.guard ?? new RunGuard();
  const stopper = new AbortController();
  const runSignal = opts.signal ? AbortSignal.any([opts.signal, stopper.signal]) : stopper.signal;
  setMaxListeners(0, runSignal);
  const stop = (err) => {
    stats.stopped ??= err;
    if (!stopper.signal.aborted) stopper.abort(err);
  };
  if (guard.stopped) stop(guard.stopped);
  let done = false;
  const next = () => {
    if (done || runSignal?.aborted) return void 0;
    const r = it.next();
    if (r.done) {
      done = true;
      return void 0;
    }
    stats.jobs++;
    return r.value;
  };
  const runOne = async (job) => {
    const key = opts.cache ? cacheKey(opts.client.descriptor, job.request, job.trial) : "";
    if (opts.cache) {
      const hit = await opts.cache.get(key);
      if (hit) {
        stats.cache_hits++;
        return { job, response: hit, cached: true, attempts: 0, latencyMs: null };
      }
    }
    const abortedOutcome = (attempts) => ({
      job,
      error: new ModelError("aborted", "run aborted"),
      cached: false,
      attempts,
      latencyMs: null
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
        timeoutMs
      );
      const onRunAbort = () => ac.abort(runSignal?.reason);
      runSignal?.addEventListener("abort", onRunAbort, { once: true });
      const t0 = performance.now();
      let err;
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
        limiter.onRateLimit(err.retryAfterMs);
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
      try {
        await sleep(backoffDelay(attempt, policy, err.retryAfterMs), runSignal);
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
function modelConfigHash(parts) {
  return sha256Hex(stableStringify({ client: parts.client, params: parts.params, prompt: parts.prompt }));
}
function withTrialSeed(req, trial, on) {
  if (!on || trial === 0 || req.params.seed === void 0) return req;
  return { messages: req.messages, params: { ...req.params, seed: req.params.seed + trial } };
}
async function evaluate(opts) {
  const trials = opts.trials ?? 1;
  if (!Number.isInteger(trials) || trials < 1)
    throw new Error(`trials must be a positive integer, got ${trials}`);
  const items = opts.limit !== void 0 ? opts.items.slice(0, Math.max(0, opts.limit)) : opts.items;
  const maxConcurrency = opts.maxConcurrency ?? 4;
  const seedPerTrial = opts.seedPerTrial ?? true;
  const descriptor = opts.client.descriptor;
  const cache = opts.cache ?? (opts.cacheDir ? new DiskCache(opts.cacheDir) : void 0);
  const store = opts.resultsPath ? await ResultsStore.open(opts.resultsPath, { resume: opts.resume, overwrite: opts.overwrite }) : void 0;
  const mem = /* @__PURE__ */ new Map();
  const errors = [];
  const ids = items.map((it) => opts.itemId(it));
  const seenIds = /* @__PURE__ */ new Set();
  for (const id of ids) {
    if (seenIds.has(id))
      throw new Error(`duplicate item id ${JSON.stringify(id)}: results are keyed by item id`);
    seenIds.add(id);
  }
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
          resumed: true
        });
    }
  const prompts = opts.resultsPath && opts.keepPrompts !== false ? new PromptStore(promptFileFor(opts.resultsPath)) : void 0;
  const guard = new RunGuard(opts.maxConsecutiveErrors ?? DEFAULT_MAX_CONSECUTIVE_ERRORS);
  function* jobs() {
    for (let t = 0; t < trials; t++) {
      for (let i = 0; i < items.length; i++) {
        if (store?.has(recordKey(ids[i], opts.configHash, t))) continue;
        const built = opts.build(items[i], t);
        templates.set(`${i}:${t}`, built.promptTemplate);
        yield {
          itemId: ids[i],
          trial: t,
          item: items[i],
          request: withTrialSeed(built.request, t, seedPerTrial)
        };
      }
    }
  }
  const templates = /* @__PURE__ */ new Map();
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  const latencies = [];
  let liveIn = 0;
  let liveOut = 0;
  const errorsFile = opts.resultsPath ? `${opts.resultsPath}.errors.jsonl` : void 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const stats = await runJobs(jobs(), {
    client: opts.client,
    maxConcurrency,
    retry: opts.retry,
    timeoutMs: opts.timeoutMs,
    cache,
    signal: opts.signal,
    guard,
    onOutcome: async (o) => {
      const { job } = o;
      const tkey = `${indexOf.get(job.itemId)}:${job.trial}`;
      const promptTemplate = templates.get(tkey) ?? null;
      templates.delete(tkey);
      if (!o.response && o.error?.kind === "aborted") return;
      const stored = prompts?.put(job.request.messages);
      const promptSha = stored ? stored.sha256 : sha256Hex(promptBytes(job.request.messages));
      if (!o.response) {
        const err = o.error;
        const rec = {
          item_id: job.itemId,
          trial: job.trial,
          config_hash: opts.configHash,
          error: err.toRecord(),
          attempts: o.attempts,
          prompt_sha256: promptSha
        };
        errors.push(rec);
        if (errorsFile) await appendFile(errorsFile, `${JSON.stringify(rec)}
`);
        progress.error();
        return;
      }
      const resp = o.response;
      const usage = usageFor(job.request, resp);
      let task = {};
      if (opts.interpret) {
        try {
          task = opts.interpret(job.item, resp.text, job.trial);
        } catch (e) {
          task = { invalid_reason: `interpreter error: ${e.message}` };
        }
      }
      const record = {
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
        runtime: { latency_ms: o.latencyMs, cached: o.cached, attempts: o.attempts }
      };
      if (!o.cached) {
        liveIn += usage.prompt_tokens;
        liveOut += usage.completion_tokens;
        if (o.latencyMs !== null) latencies.push(o.latencyMs);
      }
      mem.set(recordKey(job.itemId, opts.configHash, job.trial), record);
      await stored?.done;
      if (store) store.append(record).catch(() => {
      });
      progress.record({
        promptTokens: usage.prompt_tokens,
        completionTokens: usage.completion_tokens,
        live: !o.cached
      });
    }
  });
  const wallS = (performance.now() - t0) / 1e3;
  const cpu = process.cpuUsage(cpu0);
  progress.finish();
  if (store) await store.close();
  await prompts?.close();
  if (stats.stopped)
    throw new RunStoppedError(stats.stopped, stats.live_calls + stats.cache_hits, total - resumed);
  const records = [];
  for (let t = 0; t < trials; t++) {
    for (const id of ids) {
      const k = recordKey(id, opts.configHash, t);
      const r = mem.get(k) ?? store?.get(k);
      if (r) records.push(r);
    }
  }
  const summary = {
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
      cost_usd: opts.price ? costUsd(opts.price, liveIn, liveOut) : null
    },
    latency: latencyStats(latencies),
    wall_s: wallS,
    completion_tokens_per_s: wallS > 0 ? liveOut / wallS : 0,
    cpu_ms_per_call: stats.live_calls > 0 ? (cpu.user + cpu.system) / 1e3 / stats.live_calls : null,
    aborted: Boolean(opts.signal?.aborted)
  };
  return { records, errors, summary };
}

// src/core/engine/prompts/registry.ts
function templateRef(t) {
  return `${t.id}@${t.version}`;
}
function renderTemplate(t, values) {
  for (const s of t.slots) {
    if (typeof values[s] !== "string") throw new Error(`template ${templateRef(t)}: missing slot {${s}}`);
  }
  const slotRe = new RegExp(`\\{(${t.slots.map(escapeRe).join("|")})\\}`, "g");
  return t.text.replace(slotRe, (_m, name) => values[name]);
}
function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
var registry = /* @__PURE__ */ new Map();
function registerTemplate(t) {
  const ref = templateRef(t);
  const prev = registry.get(ref);
  if (prev && prev.text !== t.text)
    throw new Error(`prompt template ${ref} registered twice with different text`);
  registry.set(ref, t);
  return t;
}
function getTemplate(refOrId) {
  const exact = registry.get(refOrId);
  if (exact) return exact;
  let best;
  for (const t of registry.values()) if (t.id === refOrId && (!best || t.version > best.version)) best = t;
  if (!best) {
    throw new Error(`unknown prompt template ${refOrId} (known: ${[...registry.keys()].sort().join(", ")})`);
  }
  return best;
}
function listTemplates() {
  return [...registry.values()].sort((a, b) => templateRef(a) < templateRef(b) ? -1 : 1);
}

export {
  EngineProgress,
  RECORD_SCHEMA_ID,
  engineRecordSchema,
  recordKey,
  ResultsStore,
  readResults,
  runJobs,
  modelConfigHash,
  evaluate,
  templateRef,
  renderTemplate,
  registerTemplate,
  getTemplate,
  listTemplates
};
