/**
 * inspect_ai eval logs (log schema version 2) built from our runs: pure logic, no I/O.
 *
 * A family adapter (src/gf01/export, src/geb/export) turns its run files into `InspectRun`s;
 * `buildEvalLog` makes the `EvalLog` with every field inspect's published OpenAPI schema
 * (`src/inspect_ai/_view/inspect-openapi.json`) requires, `evalLogJson` / `evalLogZip` write
 * the `.json` and `.eval` forms, `inspectLogName` the file name `inspect view` discovers.
 * Everything is deterministic: ids are content hashes, times come from the caller (never the
 * clock), zip members carry a fixed DOS time. Format notes: docs/integrations.md.
 */
import { zipSync } from "fflate";
import { sha256Hex } from "../../hash.js";
import { InputError } from "../../errors.js";

/** inspect's `LOG_SCHEMA_VERSION`. */
export const INSPECT_LOG_VERSION = 2;
/** The default `created` time (also the zip members' time): no wall clock in artifacts. */
export const DEFAULT_CREATED = "1980-01-01T00:00:00+00:00";

export interface InspectMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A score value inspect accepts in a mapping: a JSON scalar. */
export type ScoreScalar = string | number | boolean | null;

export interface InspectSample {
  /** Sample id (int or string; no `/` and no `_epoch_`, inspect splits member names on them). */
  id: string | number;
  /** 1-based: repeated attempts at one item are epochs of one sample id. */
  epoch: number;
  input: string | InspectMessage[];
  target: string | string[];
  /** The conversation as recorded (exact prompts and replies); may be empty. */
  messages: InspectMessage[];
  /** What was scored (a certificate, a parsed answer), as text. */
  completion: string;
  /** The finish reason of the scored reply when recorded (inspect's `stop_reason`). */
  stopReason?: string;
  /** One score per scorer: values are scalars or maps of scalars. */
  scores: Record<string, InspectScore>;
  metadata: Record<string, unknown>;
}

export interface InspectScore {
  value: ScoreScalar | Record<string, ScoreScalar>;
  answer?: string | null;
  explanation?: string | null;
  metadata?: Record<string, unknown> | null;
}

/** An aggregate over a log's samples: `EvalScore` with its `EvalMetric`s. */
export interface InspectResultScore {
  name: string;
  scorer: string;
  metrics: Record<string, number>;
  /** Ours (e.g. intervals `{value, ci_low, ci_high, n, n_clusters}` per metric). */
  metadata?: Record<string, unknown>;
}

export interface InspectRun {
  /** Task name: no `_` (inspect parses `{ts}_{task}_{id}` file names on `_`). */
  task: string;
  taskArgs: Record<string, unknown>;
  /** The model / agent that produced the answers (inspect shows it as the model). */
  model: string;
  /** Extra identity of the log for the file name (no effect on content). */
  slug: string;
  /** UTC ISO time the log says it was created (default DEFAULT_CREATED). */
  created?: string;
  dataset: { name: string; location: string | null };
  /** The solver recorded in the plan (how answers were produced). */
  solver: { name: string; params: Record<string, unknown> };
  samples: InspectSample[];
  results: InspectResultScore[];
  /** `eval.metadata` (our run fields) and `EvalLog.metadata`. */
  metadata: Record<string, unknown>;
  /** `eval.packages`: name → version. */
  packages: Record<string, string>;
}

export interface EvalLogParts {
  /** `_journal/start.json`: `LogStart{version, eval, plan}`. */
  start: Record<string, unknown>;
  /** The full log (`.json` form). */
  log: Record<string, unknown>;
  /** The log without samples (`header.json`). */
  header: Record<string, unknown>;
  samples: Record<string, unknown>[];
  summaries: Record<string, unknown>[];
}

const ID_RE = /^[0-9a-zA-Z]+$/;
/** A 22-character id like inspect's shortuuids, from content (letters and digits only). */
export function contentId(...parts: unknown[]): string {
  return sha256Hex(JSON.stringify(parts)).slice(0, 22);
}

function checkSampleId(id: string | number, where: string): void {
  if (typeof id === "number") {
    if (!Number.isInteger(id)) throw new InputError(`sample id ${id} is not an integer`, { field: where });
    return;
  }
  if (!id || id.includes("/") || id.includes("_epoch_"))
    throw new InputError(
      `sample id ${JSON.stringify(id)} cannot name an inspect sample member (empty, "/" or "_epoch_")`,
      { field: where },
    );
}

const checkIso = (t: string): string => {
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(t) ||
    Number.isNaN(Date.parse(t))
  )
    throw new InputError(`not an ISO 8601 time with an offset: ${JSON.stringify(t)}`, { field: "created" });
  return t;
};

const message = (m: InspectMessage, source?: "input" | "generate") => ({
  // Field order and content as inspect's pydantic models serialise them.
  id: null,
  content: m.content,
  source: source ?? null,
  metadata: null,
  role: m.role,
  ...(m.role === "assistant" ? { tool_calls: null, model: null } : {}),
  ...(m.role === "user" ? { tool_call_id: null } : {}),
});

function sampleJson(s: InspectSample, model: string): Record<string, unknown> {
  const input = typeof s.input === "string" ? s.input : s.input.map((m) => message(m, "input"));
  const assistant = { role: "assistant" as const, content: s.completion };
  const scores: Record<string, unknown> = {};
  for (const [name, sc] of Object.entries(s.scores))
    scores[name] = {
      value: sc.value,
      answer: sc.answer ?? null,
      explanation: sc.explanation ?? null,
      metadata: sc.metadata ?? null,
      history: [],
    };
  return {
    id: s.id,
    epoch: s.epoch,
    input,
    choices: null,
    target: s.target,
    messages: s.messages.map((m) => message(m, m.role === "assistant" ? "generate" : "input")),
    output: {
      model,
      choices: [
        { message: message(assistant, "generate"), stop_reason: s.stopReason ?? "stop", logprobs: null },
      ],
      completion: s.completion,
      usage: null,
      time: null,
      metadata: null,
      error: null,
    },
    scores,
    metadata: s.metadata,
    store: {},
    events: [],
    model_usage: {},
    role_usage: {},
    error: null,
    attachments: {},
  };
}

function summaryJson(s: Record<string, unknown>): Record<string, unknown> {
  return {
    id: s.id,
    epoch: s.epoch,
    input: thinInput(s.input as string | Record<string, unknown>[]),
    choices: null,
    target: s.target,
    metadata: s.metadata,
    scores: s.scores,
    model_usage: {},
    role_usage: {},
    error: null,
    completed: true,
    message_count: (s.messages as unknown[]).length,
  };
}

/** inspect's `thin_input`: summaries carry inputs cut to 5120 characters. */
const MAX_TEXT_LENGTH = 5120;
const truncate = (t: string) =>
  t.length > MAX_TEXT_LENGTH ? `${t.slice(0, MAX_TEXT_LENGTH)}...\n(content truncated)` : t;
function thinInput(input: string | Record<string, unknown>[]): unknown {
  if (typeof input === "string") return truncate(input);
  return input.map((m) => ({ ...m, content: truncate(m.content as string) }));
}

/** Build the log (every OpenAPI-required field) and its `.eval` members from one run. */
export function buildEvalLog(run: InspectRun, runId: string): EvalLogParts {
  if (!run.task || run.task.includes("_") || run.task.includes("/"))
    throw new InputError(`task name ${JSON.stringify(run.task)} must be non-empty without "_" or "/"`, {
      field: "task",
    });
  const created = checkIso(run.created ?? DEFAULT_CREATED);
  const seen = new Set<string>();
  run.samples.forEach((s, i) => {
    checkSampleId(s.id, `samples[${i}].id`);
    const k = `${s.id}\u0000${s.epoch}`;
    if (seen.has(k))
      throw new InputError(`sample ${s.id} epoch ${s.epoch} twice`, { field: `samples[${i}]` });
    seen.add(k);
  });
  const samples = run.samples.map((s) => sampleJson(s, run.model));
  const sampleIds = [...new Set(run.samples.map((s) => s.id))];
  const epochs = Math.max(1, ...run.samples.map((s) => s.epoch));
  const taskId = contentId("task", run.task, run.taskArgs);
  const evalId = contentId("eval", run.task, run.taskArgs, run.model, run.slug, run.metadata, samples);
  const generateConfig = {};
  const evalSpec = {
    eval_set_id: null,
    eval_id: evalId,
    run_id: runId,
    created,
    task: run.task,
    task_id: taskId,
    task_version: 0,
    task_file: null,
    task_display_name: null,
    task_registry_name: null,
    task_attribs: {},
    task_args: run.taskArgs,
    task_args_passed: run.taskArgs,
    solver: run.solver.name,
    solver_args: run.solver.params,
    solver_args_passed: run.solver.params,
    tags: null,
    dataset: {
      name: run.dataset.name,
      location: run.dataset.location,
      samples: sampleIds.length,
      sample_ids: sampleIds,
      shuffled: false,
    },
    sandbox: null,
    model: run.model,
    model_generate_config: generateConfig,
    model_base_url: null,
    model_args: {},
    model_roles: null,
    config: { epochs, epochs_reducer: ["mean"], log_samples: true },
    revision: null,
    packages: run.packages,
    metadata: run.metadata,
    scorers: null,
    metrics: null,
  };
  const plan = {
    name: "plan",
    steps: [{ solver: run.solver.name, params: run.solver.params, params_passed: run.solver.params }],
    finish: null,
    config: generateConfig,
  };
  const results = {
    total_samples: samples.length,
    completed_samples: samples.length,
    early_stopping: null,
    scores: run.results.map((r) => ({
      name: r.name,
      scorer: r.scorer,
      reducer: null,
      scored_samples: samples.length,
      unscored_samples: 0,
      params: {},
      metrics: Object.fromEntries(
        Object.entries(r.metrics).map(([k, v]) => [k, { name: k, value: v, params: {}, metadata: null }]),
      ),
      metadata: r.metadata ?? null,
    })),
    metadata: null,
    sample_reductions: null,
  };
  const stats = {
    started_at: created,
    completed_at: created,
    model_usage: {},
    role_usage: {},
    connection_limit_history: [],
  };
  // EvalLog's frozen field order (inspect `_log.py`).
  const header: Record<string, unknown> = {
    version: INSPECT_LOG_VERSION,
    status: "success",
    eval: evalSpec,
    plan,
    results,
    stats,
    error: null,
    invalidated: false,
    log_updates: null,
    config_updates: null,
    tags: [],
    metadata: {},
  };
  return {
    start: { version: INSPECT_LOG_VERSION, eval: evalSpec, plan },
    header,
    log: { ...header, samples, reductions: null },
    samples,
    summaries: samples.map(summaryJson),
  };
}

/** `.json` form (inspect discovers it only under an ISO-timestamp file name). */
export function evalLogJson(parts: EvalLogParts): string {
  return `${JSON.stringify(parts.log, null, 2)}\n`;
}

/** Local-time constructor on purpose: fflate writes DOS times from local fields, so this is 1980-01-01 00:00 in every time zone. */
const ZIP_TIME = () => new Date(1980, 0, 1, 0, 0, 0);

/**
 * `.eval` form: a DEFLATE zip with inspect's member order (`_journal/start.json`,
 * `samples/{id}_epoch_{n}.json`…, `summaries.json`, `header.json`), compact JSON members.
 */
export function evalLogZip(parts: EvalLogParts): Uint8Array {
  const enc = new TextEncoder();
  const files: Record<string, [Uint8Array, { level: 6; mtime: Date }]> = {};
  const put = (name: string, v: unknown) => {
    files[name] = [enc.encode(JSON.stringify(v)), { level: 6, mtime: ZIP_TIME() }];
  };
  put("_journal/start.json", parts.start);
  for (const s of parts.samples) put(`samples/${s.id}_epoch_${s.epoch}.json`, s);
  put("summaries.json", parts.summaries);
  put("header.json", parts.header);
  return zipSync(files);
}

/** `YYYY-MM-DDTHH-MM-SS+00-00_<task>_<slug>_<id>.<ext>` (inspect reads task and id from it). */
export function inspectLogName(parts: EvalLogParts, slug: string, ext: "eval" | "json"): string {
  const e = parts.header.eval as { created: string; task: string; eval_id: string };
  const d = new Date(Date.parse(e.created));
  const p2 = (n: number) => String(n).padStart(2, "0");
  const ts = `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${p2(d.getUTCHours())}-${p2(d.getUTCMinutes())}-${p2(d.getUTCSeconds())}+00-00`;
  const safeSlug = slug.replace(/[^0-9A-Za-z.+-]+/g, "-").replace(/^-+|-+$/g, "") || "run";
  if (!ID_RE.test(e.eval_id)) throw new Error(`eval id ${e.eval_id} is not alphanumeric`);
  return `${ts}_${e.task}_${safeSlug}_${e.eval_id}.${ext}`;
}

export type InspectLogFormat = "eval" | "json";
export const INSPECT_LOG_FORMATS: readonly InspectLogFormat[] = ["eval", "json"];

/** Every log of an export: file name → bytes. One `run_id` for the whole export (content hash). */
export function renderInspectLogs(
  runs: readonly InspectRun[],
  format: InspectLogFormat,
): { name: string; data: Uint8Array | string; run: InspectRun; samples: number }[] {
  const runId = contentId(
    "run",
    runs.map((r) => [r.task, r.taskArgs, r.model, r.slug, r.samples.length]),
  );
  const names = new Set<string>();
  return runs.map((run) => {
    const parts = buildEvalLog(run, runId);
    const name = inspectLogName(parts, run.slug, format);
    if (names.has(name)) throw new InputError(`two logs would be named ${name} (the same run given twice?)`);
    names.add(name);
    return {
      name,
      data: format === "eval" ? evalLogZip(parts) : evalLogJson(parts),
      run,
      samples: run.samples.length,
    };
  });
}
