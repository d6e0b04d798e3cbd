/**
 * GoldEvidenceBench model runs on the engine: rows → the reference's closed-book ledger
 * prompts → any client → records that keep the raw text, the contract-checked answer, and
 * (only when asked) the reference's citation repair as a separate field. `src/geb` grades
 * the records; this module never scores.
 */

import {
  type EvaluateOptions,
  type EvaluateResult,
  evaluate,
  modelConfigHash,
} from "../../core/engine/engine.js";
import type { EngineRecord } from "../../core/engine/results.js";
import type { ModelClient, SamplingParams } from "../../core/engine/types.js";
import type { ReplyTally } from "../../core/engine/unparseable.js";
import { pyStrip } from "../../core/pyjson.js";
import { replyObject } from "../../core/reply-object.js";
import {
  buildGebPrompt,
  type GebPromptOptions,
  type GebPromptRow,
  gebDefaultParams,
  gebRequest,
  type LedgerEntry,
  parseBookLedger,
  rowRequiresCitations,
} from "./prompts.js";

export interface GebAnswer {
  value: string | null;
  support_ids: string[];
}

/** Version of the prompt-building + answer-contract code; part of the config hash. */
export const GEB_TASK_VERSION = "geb-ledger-task@1";

/**
 * The reference's lenient JSON extraction: the whole text if it is a JSON object, else the
 * span from the first `{` to the last `}`. Returns null when neither is an object.
 */
export function parseModelJsonAnswer(text: string): Record<string, unknown> | null {
  return replyObject(text, JSON.parse, (v) => v !== null && typeof v === "object" && !Array.isArray(v));
}

/** Python `str()` of a JSON scalar, as the reference's coercions see it. */
function pyStrScalar(v: unknown): string {
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null || v === undefined) return "None";
  return String(v);
}

export interface AnswerCheck {
  answer: GebAnswer | null;
  invalid_reason: string | null;
}

/**
 * Check a candidate `{value, support_id(s)}` against the answer contract (the reference's
 * `validate_adapter_output`): value a string or null (numbers/booleans coerced as Python
 * would), support_ids a list of strings, at most `maxSupportK`, each an entry of the row's
 * ledger. Out of contract → `answer: null` with the reason (scored as wrong).
 */
export function checkAnswer(
  obj: Record<string, unknown>,
  opts: { requireCitations: boolean; validIds: ReadonlySet<string>; maxSupportK: number },
): AnswerCheck {
  const fail = (why: string): AnswerCheck => ({ answer: null, invalid_reason: why });
  if (!("value" in obj)) return fail('missing key "value"');
  let value: string | null;
  const v = obj.value;
  if (v === null || typeof v === "string") value = v;
  else if (typeof v === "number" || typeof v === "boolean") value = pyStrScalar(v);
  else return fail(`"value" must be a string or null, got ${Array.isArray(v) ? "a list" : "an object"}`);
  if (!opts.requireCitations) return { answer: { value, support_ids: [] }, invalid_reason: null };
  let raw: unknown = obj.support_ids;
  if (raw === undefined || raw === null) raw = obj.support_id ? [obj.support_id] : [];
  if (typeof raw === "string") raw = [raw];
  if (!Array.isArray(raw)) return fail('"support_ids" must be a list of strings');
  for (const s of raw) if (typeof s !== "string") return fail('"support_ids" must be a list of strings');
  const ids = raw as string[];
  if (ids.length > opts.maxSupportK)
    return fail(`support_ids has ${ids.length} entries (max ${opts.maxSupportK})`);
  for (const s of ids)
    if (!opts.validIds.has(s)) return fail(`support_id ${JSON.stringify(s)} is not a ledger entry`);
  return { answer: { value, support_ids: ids }, invalid_reason: null };
}

/** What the model said, checked against the contract, with no rewriting at all. */
export function interpretGebText(
  text: string,
  opts: { requireCitations: boolean; validIds: ReadonlySet<string>; maxSupportK: number },
): AnswerCheck {
  const obj = parseModelJsonAnswer(text);
  if (!obj || Object.keys(obj).length === 0) {
    return { answer: null, invalid_reason: "no JSON object in the output" };
  }
  return checkAnswer(obj, opts);
}

// ---------------------------------------------------------------------------------------
// The reference adapters' post-processing ("citation repair"), opt-in and reported apart.

function rowKey(row: GebPromptRow): string | null {
  const key = row.meta?.key;
  if (typeof key === "string" && pyStrip(key)) return pyStrip(key);
  return typeof row.question === "string" ? inferKeyFromQuestion(row.question) : null;
}

export function inferKeyFromQuestion(q: string): string | null {
  const pats = [
    /\b(tag\.\d{2})\b/,
    /`([A-Za-z][A-Za-z0-9_.:-]*)`/,
    /\bvalue (?:of|for)\s+`?([A-Za-z][A-Za-z0-9_.:-]*)`?\b/i,
    /\blatest\s+`?([A-Za-z][A-Za-z0-9_:-]*\.[A-Za-z0-9_.:-]+)`?\b/i,
  ];
  for (const p of pats) {
    const m = p.exec(q);
    if (m) return m[1];
  }
  return null;
}

function selectSupportId(entries: readonly LedgerEntry[], key: string | null, value: unknown): string | null {
  if (!key) return null;
  const valueStr =
    value === null || value === undefined ? null : typeof value === "string" ? value : pyStrScalar(value);
  let last: LedgerEntry | null = null;
  let match: LedgerEntry | null = null;
  for (const e of entries) {
    if (e.op === "NOTE" || e.key !== key) continue;
    last = e;
    if (valueStr !== null && e.value === valueStr) match = e;
  }
  return (match ?? last)?.uid ?? null;
}

function isDirectQuery(row: GebPromptRow): boolean {
  const meta = row.meta;
  if (!meta || typeof meta !== "object") return true;
  const qt = meta.query_type;
  return (
    pyStrip(qt === null || qt === undefined || qt === "" ? "direct" : String(qt)).toLowerCase() === "direct"
  );
}

function canonicalValue(
  row: GebPromptRow,
  entries: readonly LedgerEntry[],
  uid: string,
  predicted: unknown,
): unknown {
  if (!isDirectQuery(row)) return predicted;
  const e = entries.find((x) => x.uid === uid);
  if (!e) return predicted;
  return e.op === "CLEAR" ? null : e.value;
}

export interface RepairResult extends AnswerCheck {
  /** What the repair changed relative to the model's own output. */
  changes: string[];
}

/**
 * The reference llama-server / external-CLI adapters' post-processing, reproduced so its
 * effect can be measured: upper-case support IDs, then replace them with the ledger entry
 * for the asked key whose value matches the answer (else the key's latest entry) and, for
 * direct queries, replace the value with that entry's value; when the output is not JSON
 * at all, synthesise that answer from the ledger. The result is checked with the same
 * contract. This rewrites answers, so it is never the headline score.
 */
export function referenceCitationRepair(
  row: GebPromptRow,
  text: string,
  opts: { requireCitations: boolean; maxSupportK: number },
): RepairResult {
  const book = String(row.book || row.artifact || "");
  const entries = parseBookLedger(book);
  const validIds = new Set(entries.map((e) => e.uid));
  const authoritative = entries.filter((e) => e.op !== "NOTE");
  const authIds = new Set(authoritative.map((e) => e.uid));
  const key = rowKey(row);
  const changes: string[] = [];
  const parsed = parseModelJsonAnswer(text);
  const contract = { requireCitations: opts.requireCitations, validIds, maxSupportK: opts.maxSupportK };

  if (!parsed || Object.keys(parsed).length === 0) {
    if (!opts.requireCitations) {
      changes.push("malformed output replaced by {value: null}");
      return { answer: { value: null, support_ids: [] }, invalid_reason: null, changes };
    }
    const selected = selectSupportId(entries, key, null);
    const value = selected ? canonicalValue(row, entries, selected, null) : null;
    changes.push("malformed output replaced by the ledger's latest entry for the key");
    return { ...checkAnswer({ value, support_ids: selected ? [selected] : [] }, contract), changes };
  }

  const out: Record<string, unknown> = { ...parsed };
  if (!opts.requireCitations && !("value" in out)) {
    const compact = out.compact_state;
    out.value =
      compact && typeof compact === "object" && !Array.isArray(compact)
        ? { compact_state: compact }
        : { ...parsed };
  }
  if (!("value" in out)) out.value = null;
  if (!opts.requireCitations) {
    out.support_ids = [];
    delete out.support_id;
    return { ...checkAnswer(out, contract), changes };
  }
  let supports: unknown = out.support_ids;
  if (supports === undefined && "support_id" in out) supports = [out.support_id];
  if (!Array.isArray(supports)) supports = supports === null || supports === undefined ? [] : [supports];
  const rawSupports = (supports as unknown[]).map((s) => pyStrScalar(s).toUpperCase());
  const before = JSON.stringify({ value: out.value ?? null, support_ids: supports });
  const selected = selectSupportId(entries, key, out.value);
  if (selected) {
    out.support_ids = [selected];
    out.value = canonicalValue(row, entries, selected, out.value);
  } else {
    out.support_ids = rawSupports.filter((s) => authIds.has(s));
  }
  delete out.support_id;
  const after = JSON.stringify({ value: out.value ?? null, support_ids: out.support_ids });
  if (before !== after) changes.push(`rewrote ${before} -> ${after}`);
  return { ...checkAnswer(out, contract), changes };
}

// ---------------------------------------------------------------------------------------
// Runs.

export type GebPostprocess = "none" | "reference-repair";

/** Task fields every GEB record carries next to the engine fields. */
export interface GebTaskFields {
  require_citations: boolean;
  /** The model's own answer, contract-checked; null when out of contract. */
  answer: GebAnswer | null;
  /** Why the output is out of contract (scored as wrong), or null. */
  invalid_reason: string | null;
  /** Present only with `postprocess: "reference-repair"`; never the headline. */
  postprocessed: {
    method: "reference-repair";
    answer: GebAnswer | null;
    invalid_reason: string | null;
    changes: string[];
  } | null;
}

export type GebModelRecord = EngineRecord & GebTaskFields;

export interface RunModelOverRowsOptions
  extends Omit<
    EvaluateOptions<GebPromptRow>,
    "items" | "itemId" | "build" | "interpret" | "configHash" | "client"
  > {
  rows: readonly GebPromptRow[];
  client: ModelClient;
  prompt?: GebPromptOptions;
  /** Sampling params (default: the reference's greedy decode, 64 tokens, its stop strings). */
  params?: SamplingParams;
  postprocess?: GebPostprocess;
  maxSupportK?: number;
}

export interface RunModelOverRowsResult extends Omit<EvaluateResult, "records"> {
  records: GebModelRecord[];
}

export function gebInterpret(
  row: GebPromptRow,
  text: string,
  opts: { prompt?: GebPromptOptions; postprocess?: GebPostprocess; maxSupportK?: number },
): GebTaskFields {
  const requireCitations = rowRequiresCitations(row, opts.prompt?.requireCitations ?? true);
  const maxSupportK = opts.maxSupportK ?? 3;
  const validIds = new Set(parseBookLedger(String(row.book || row.artifact || "")).map((e) => e.uid));
  const own = interpretGebText(text, { requireCitations, validIds, maxSupportK });
  let postprocessed: GebTaskFields["postprocessed"] = null;
  if (opts.postprocess === "reference-repair") {
    const r = referenceCitationRepair(row, text, { requireCitations, maxSupportK });
    postprocessed = {
      method: "reference-repair",
      answer: r.answer,
      invalid_reason: r.invalid_reason,
      changes: r.changes,
    };
  }
  return {
    require_citations: requireCitations,
    answer: own.answer,
    invalid_reason: own.invalid_reason,
    postprocessed,
  };
}

/** Config hash of a GEB run: client, params and every prompt option. */
export function gebConfigHash(
  client: ModelClient,
  params: SamplingParams,
  prompt: GebPromptOptions = {},
): string {
  return modelConfigHash({
    client: client.descriptor,
    params,
    prompt: {
      task: GEB_TASK_VERSION,
      requireCitations: prompt.requireCitations ?? true,
      querySandwich: prompt.querySandwich ?? false,
      maxBookTokens: prompt.maxBookTokens ?? null,
      ledgerMode: prompt.ledgerMode ?? "latest_authoritative",
      ledgerKeyOnly: prompt.ledgerKeyOnly ?? true,
    },
  });
}

/**
 * Run a model over GEB rows (closed book). Records come back ordered by trial then row;
 * rows kept from a resumed file are re-interpreted from their raw text, so the answer and
 * post-processing fields always follow the current options.
 */
export async function runModelOverRows(opts: RunModelOverRowsOptions): Promise<RunModelOverRowsResult> {
  const params = opts.params ?? gebDefaultParams();
  const interp = { prompt: opts.prompt, postprocess: opts.postprocess, maxSupportK: opts.maxSupportK };
  const byId = new Map(opts.rows.map((r) => [r.id, r]));
  const fresh = new Set<string>();
  const res = await evaluate<GebPromptRow>({
    ...opts,
    items: opts.rows,
    itemId: (r) => r.id,
    configHash: gebConfigHash(opts.client, params, opts.prompt),
    build: (row) => {
      const p = buildGebPrompt(row, opts.prompt);
      return { request: gebRequest(p, params), promptTemplate: p.templateRef };
    },
    interpret: (row, text, trial) => {
      fresh.add(`${trial}:${row.id}`);
      return { ...gebInterpret(row, text, interp) };
    },
  });
  // Rows kept from a resumed file were interpreted under that run's options; redo them.
  const records = res.records.map((r) => {
    if (fresh.has(`${r.trial}:${r.item_id}`)) return r as GebModelRecord;
    const row = byId.get(r.item_id);
    return (row ? { ...r, ...gebInterpret(row, r.raw_text, interp) } : r) as GebModelRecord;
  });
  return { ...res, records };
}

/**
 * The run's model replies and how many broke the answer contract (`invalid_reason`: no JSON
 * object, a bad value, an unknown support id), for the `--max-unparseable-share` check.
 */
export function gebReplyTally(records: readonly { invalid_reason?: unknown }[]): ReplyTally {
  return {
    replies: records.length,
    unparseable: records.filter((r) => typeof r.invalid_reason === "string").length,
  };
}

/**
 * The stderr line for a run past `--max-unparseable-share` (out-of-contract replies), or null.
 * Shared by `geb model` with one model (cli/model.ts) and with several (cli/model-several.ts).
 */
export async function unusableRepliesLine(
  records: readonly { invalid_reason?: unknown }[],
  maxShare?: number,
): Promise<string | null> {
  const { DEFAULT_MAX_UNPARSEABLE_SHARE, unparseableLine } = await import("../../core/engine/unparseable.js");
  return unparseableLine("geb", gebReplyTally(records), maxShare ?? DEFAULT_MAX_UNPARSEABLE_SHARE);
}

/**
 * Predictions of one trial for the grader. `invalid` lists ids whose output broke the
 * contract: grade them as wrong on every metric (do not grade them as value null, which
 * would count as correct for CLEARed keys). Rows with no record (transport errors) are
 * absent from both and must also be graded wrong.
 */
export function gebPredictions(
  records: readonly GebModelRecord[],
  opts: { trial?: number; source?: "model" | "postprocessed" } = {},
): { predictions: Map<string, GebAnswer>; invalid: Set<string> } {
  const trial = opts.trial ?? 0;
  const predictions = new Map<string, GebAnswer>();
  const invalid = new Set<string>();
  for (const r of records) {
    if (r.trial !== trial) continue;
    const a = opts.source === "postprocessed" ? (r.postprocessed?.answer ?? null) : r.answer;
    if (opts.source === "postprocessed" && !r.postprocessed) {
      throw new Error("records have no post-processing; run with postprocess: reference-repair");
    }
    if (a) predictions.set(r.item_id, a);
    else invalid.add(r.item_id);
  }
  return { predictions, invalid };
}

/**
 * The reference `model` payload's `efficiency` block from a run summary, plus our extras.
 * `tokens` are model tokens (server-reported, else estimated; see `tokens_source`), where
 * the reference's server adapters fall back to whitespace words of the inputs.
 */
export function gebEfficiency(summary: EvaluateResult["summary"]) {
  const n = summary.items * summary.trials;
  const u = summary.usage;
  const tokens = u.prompt_tokens + u.completion_tokens;
  const perQ = (x: number | null) => (x === null || n === 0 ? null : x / n);
  return {
    tokens,
    tokens_per_q: n ? tokens / n : 0,
    passes: 1,
    wall_s: summary.wall_s,
    wall_s_per_q: n ? summary.wall_s / n : 0,
    prefill_s: u.prefill_s,
    decode_s: u.decode_s,
    prefill_s_per_q: perQ(u.prefill_s),
    decode_s_per_q: perQ(u.decode_s),
    prompt_tokens: u.prompt_tokens,
    completion_tokens: u.completion_tokens,
    tokens_source:
      u.estimated_records === 0 ? "server" : u.estimated_records === u.records ? "estimated" : "mixed",
    live_calls: summary.live_calls,
    cache_hits: summary.cache_hits,
    resumed: summary.resumed,
    errors: summary.errors,
    invalid: summary.invalid,
    latency_ms_p50: summary.latency?.p50_ms ?? null,
    latency_ms_p95: summary.latency?.p95_ms ?? null,
    cost_usd: u.cost_usd,
  };
}
