/**
 * Per-row statistics of a run: what was asked, what came back, and (for pipeline runs) what
 * the selection stage did. Every summary number (decomposition, recency buckets, drift) is
 * computed from these rows alone, so `geb summarize` needs nothing but the results JSON.
 */

import type { RowResult } from "../grade/grade.js";
import type { GebAnswer } from "../model/index.js";
import { type Candidate, type LedgerOp, ledgerCandidates, newerFirst } from "../pipeline/ledger.js";
import type { RowPipelineOutcome } from "../pipeline/run.js";
import { goldUid, isDirect, type PipelineRow, rowKey } from "../pipeline/select.js";

export interface RowStat {
  id: string;
  trial: number;
  episode_id: string | null;
  q_index: number | null;
  key: string | null;
  query_type: string | null;
  has_instruction: boolean;
  tokens_since_update: number | null;
  distractors_since_update: number | null;
  writes_to_key: number | null;
  gold_value: string | null;
  pred_value: string | null;
  pred_support_ids: string[];
  /** No answer in contract (missing, invalid or failed request): graded wrong. */
  missing: boolean;
  value_ok: boolean;
  exact_ok: boolean;
  /**
   * The grade's per-row parts of the run's other metrics, so summaries can put intervals on
   * them (docs/statistics.md): citation F1 (null when the row needs no citation), entailment,
   * whether the row is in instr_conflict_present_rate's denominator and conflicts, and whether
   * a conflicting row took the injected value. Absent in runs written before they existed.
   */
  cite_f1?: number | null;
  entailed?: boolean | null;
  instr_conflict?: boolean | null;
  instr_override?: boolean | null;
  /** `pipeline`: selection traced. `model`: a plain model; its citation is its selection. */
  stage: "pipeline" | "model";
  /** Counted in the decomposition (direct query with a key and a ledger). */
  eligible: boolean;
  source: string | null;
  gold_uid: string | null;
  /** Value of the gold ledger line (null for CLEAR or no gold). */
  gold_entry_value: string | null;
  latest_entry_uid: string | null;
  latest_entry_op: LedgerOp | null;
  candidate_uids: string[] | null;
  gold_rank: number | null;
  latest_entry_rank: number | null;
  dropped_correct: boolean;
  gold_present: boolean;
  latest_entry_present: boolean;
  /** The pipeline abstained (no answer attempted). */
  pipeline_abstained: boolean;
  order: string | null;
  spoof_enabled: boolean;
  spoof_count: number;
  selected_uid: string | null;
  selected_op: LedgerOp | null;
  selected_spoofed: boolean | null;
  pick_uid: string | null;
  copy_clamped: boolean | null;
  /**
   * The reference's per-row diagnostic keys, so its own scripts (summarize_results.py, drift)
   * read our runs: `correct_included` = gold_present, `correct_uid` = gold_uid (the
   * authoritative line; the reference's retriever names the newest entry), `correct_rank` =
   * gold_rank, `abstained` = pipeline_abstained, `gold_missing` = eligible and not present.
   */
  correct_included: boolean;
  correct_uid: string | null;
  correct_rank: number | null;
  abstained: boolean;
  gold_missing: boolean;
}

type CoreStat = Omit<
  RowStat,
  "correct_included" | "correct_uid" | "correct_rank" | "abstained" | "gold_missing"
>;

/**
 * Adds the reference's diagnostic keys (derived; never set independently) to a fresh stat,
 * in place: a second 45-key object spread per row cost more than the rest of the row.
 */
export function withReferenceDiag(s: CoreStat): RowStat {
  const r = s as RowStat;
  r.correct_included = s.gold_present;
  r.correct_uid = s.gold_uid;
  r.correct_rank = s.gold_rank;
  r.abstained = s.pipeline_abstained;
  r.gold_missing = s.eligible && !s.gold_present;
  return r;
}

interface LedgerIndex {
  size: number;
  /** First entry of each uid (uids are unique in a valid ledger). */
  byUid: Map<string, Candidate>;
  /** Newest entry of each key (highest step, then later line). */
  latestByKey: Map<string, Candidate>;
}

// Rows of an episode share one parsed ledger (memoised by book), so the lookups every row
// needs are indexed once per ledger instead of scanned per row.
const indexes = new WeakMap<readonly Candidate[], LedgerIndex>();
// The last book by identity: rows come episode by episode, and a hit here skips hashing and
// comparing a ~25 KB book string in the memo (that lookup was most of a row's stat cost).
let lastBook: string | null = null;
let lastIndex: LedgerIndex | null = null;
function ledgerIndex(book: string): LedgerIndex {
  if (book === lastBook && lastIndex) return lastIndex;
  const ix = buildLedgerIndex(book);
  lastBook = book;
  lastIndex = ix;
  return ix;
}
function buildLedgerIndex(book: string): LedgerIndex {
  const entries = ledgerCandidates(book);
  let ix = indexes.get(entries);
  if (!ix) {
    const byUid = new Map<string, Candidate>();
    const latestByKey = new Map<string, Candidate>();
    for (const e of entries) {
      if (!byUid.has(e.uid)) byUid.set(e.uid, e);
      const cur = latestByKey.get(e.key);
      if (!cur || newerFirst(e, cur) < 0) latestByKey.set(e.key, e);
    }
    ix = { size: entries.length, byUid, latestByKey };
    indexes.set(entries, ix);
  }
  return ix;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function base(
  row: PipelineRow & { episode_id?: string },
  trial: number,
  g: RowResult,
  ans: GebAnswer | undefined,
  ix?: LedgerIndex,
) {
  const meta = row.meta as Record<string, unknown>;
  const uid = goldUid(row);
  const goldEntry = uid ? (ix ?? ledgerIndex(row.book ?? "")).byUid.get(uid) : undefined;
  return {
    id: row.id,
    trial,
    episode_id: row.episode_id ?? null,
    q_index: num(meta.q_index),
    key: rowKey(row),
    query_type: str(meta.query_type),
    has_instruction: g.has_instruction,
    tokens_since_update: num(meta.tokens_since_update),
    distractors_since_update: num(meta.distractors_since_update),
    writes_to_key: num(meta.writes_to_key),
    gold_value: g.gold_value,
    pred_value: g.pred_value,
    pred_support_ids: ans ? [...ans.support_ids] : [],
    missing: g.missing,
    value_ok: g.value_ok,
    exact_ok: g.exact,
    cite_f1: g.cite_f1,
    entailed: g.entailed,
    instr_conflict: g.instr_conflict,
    instr_override: g.instr_override,
    gold_uid: uid,
    gold_entry_value: goldEntry && goldEntry.trueOp !== "CLEAR" ? goldEntry.value : null,
  };
}

type Base = ReturnType<typeof base>;
type StageFields = Omit<CoreStat, keyof Base>;

/**
 * One literal with every key (no object spread): stats are built per row in every sweep
 * cell, and spreading ~45 keys cost more than grading the row.
 */
function makeStat(b: Base, s: StageFields): RowStat {
  return {
    id: b.id,
    trial: b.trial,
    episode_id: b.episode_id,
    q_index: b.q_index,
    key: b.key,
    query_type: b.query_type,
    has_instruction: b.has_instruction,
    tokens_since_update: b.tokens_since_update,
    distractors_since_update: b.distractors_since_update,
    writes_to_key: b.writes_to_key,
    gold_value: b.gold_value,
    pred_value: b.pred_value,
    pred_support_ids: b.pred_support_ids,
    missing: b.missing,
    value_ok: b.value_ok,
    exact_ok: b.exact_ok,
    cite_f1: b.cite_f1,
    entailed: b.entailed,
    instr_conflict: b.instr_conflict,
    instr_override: b.instr_override,
    gold_uid: b.gold_uid,
    gold_entry_value: b.gold_entry_value,
    stage: s.stage,
    eligible: s.eligible,
    source: s.source,
    latest_entry_uid: s.latest_entry_uid,
    latest_entry_op: s.latest_entry_op,
    candidate_uids: s.candidate_uids,
    gold_rank: s.gold_rank,
    latest_entry_rank: s.latest_entry_rank,
    dropped_correct: s.dropped_correct,
    gold_present: s.gold_present,
    latest_entry_present: s.latest_entry_present,
    pipeline_abstained: s.pipeline_abstained,
    order: s.order,
    spoof_enabled: s.spoof_enabled,
    spoof_count: s.spoof_count,
    selected_uid: s.selected_uid,
    selected_op: s.selected_op,
    selected_spoofed: s.selected_spoofed,
    pick_uid: s.pick_uid,
    copy_clamped: s.copy_clamped,
    correct_included: s.gold_present,
    correct_uid: b.gold_uid,
    correct_rank: s.gold_rank,
    abstained: s.pipeline_abstained,
    gold_missing: s.eligible && !s.gold_present,
  };
}

export function pipelineRowStat(
  row: PipelineRow & { episode_id?: string },
  trial: number,
  g: RowResult,
  ans: GebAnswer | undefined,
  o: RowPipelineOutcome,
  spoofEnabled: boolean,
): RowStat {
  const t = o.selection.trace;
  // When the answerer chose among several candidates (rerank none), its citation is the pick.
  let selected = { uid: t.selected_uid, op: t.selected_op, spoofed: t.selected_spoofed };
  if (selected.uid === null && o.source === "model" && ans && ans.support_ids.length > 0) {
    const e = o.selection.candidates.find((c) => c.uid === ans.support_ids[0]);
    if (e) selected = { uid: e.uid, op: e.trueOp, spoofed: spoofEnabled ? e.spoofed : null };
  }
  return makeStat(base(row, trial, g, ans), {
    stage: "pipeline",
    eligible: t.eligible,
    source: o.source,
    latest_entry_uid: t.latest_entry_uid,
    latest_entry_op: t.latest_entry_op,
    candidate_uids: t.candidate_uids,
    gold_rank: t.gold_rank,
    latest_entry_rank: t.latest_entry_rank,
    dropped_correct: t.dropped_correct,
    gold_present: t.gold_present,
    latest_entry_present: t.latest_entry_present,
    pipeline_abstained: t.abstained,
    order: t.order_applied,
    spoof_enabled: spoofEnabled,
    spoof_count: t.spoof_count,
    selected_uid: selected.uid,
    selected_op: selected.op,
    selected_spoofed: selected.spoofed,
    pick_uid: o.pick_uid,
    copy_clamped: o.copy_clamped[trial] ?? null,
  });
}

/**
 * A plain model's row: it read the ledger view itself, so gold counts as present whenever
 * the row has a gold line, and its first citation is its selection.
 */
export function modelRowStat(
  row: PipelineRow & { episode_id?: string },
  trial: number,
  g: RowResult,
  ans: GebAnswer | undefined,
): RowStat {
  const ix = ledgerIndex(row.book ?? "");
  const b = base(row, trial, g, ans, ix);
  const eligible = b.key !== null && isDirect(row) && ix.size > 0;
  const latest = b.key !== null ? ix.latestByKey.get(b.key) : undefined;
  const sel = b.pred_support_ids[0] ?? null;
  const selEntry = sel ? ix.byUid.get(sel) : undefined;
  return makeStat(b, {
    stage: "model",
    eligible,
    source: "model",
    latest_entry_uid: latest?.uid ?? null,
    latest_entry_op: latest?.trueOp ?? null,
    candidate_uids: null,
    gold_rank: null,
    latest_entry_rank: null,
    dropped_correct: false,
    gold_present: eligible && b.gold_uid !== null,
    latest_entry_present: eligible && latest !== undefined,
    pipeline_abstained: false,
    order: null,
    spoof_enabled: false,
    spoof_count: 0,
    selected_uid: selEntry ? selEntry.uid : null,
    selected_op: selEntry ? selEntry.trueOp : null,
    selected_spoofed: null,
    pick_uid: null,
    copy_clamped: null,
  });
}

/**
 * Each RowStat field's JSON type, for checking rows read back from files (a run's
 * `retrieval_stats`, a row-stats sidecar). `s?` string or null, `n?` number or null, `b?`
 * boolean or null, `b` boolean, `n` number, `s` string, `S` string array, `S?` string array or null.
 */
const ROW_STAT_TYPES: Record<keyof RowStat, string> = {
  id: "s",
  trial: "n",
  episode_id: "s?",
  q_index: "n?",
  key: "s?",
  query_type: "s?",
  has_instruction: "b",
  tokens_since_update: "n?",
  distractors_since_update: "n?",
  writes_to_key: "n?",
  gold_value: "s?",
  pred_value: "s?",
  pred_support_ids: "S",
  missing: "b",
  value_ok: "b",
  exact_ok: "b",
  cite_f1: "n~",
  entailed: "b~",
  instr_conflict: "b~",
  instr_override: "b~",
  stage: "s",
  eligible: "b",
  source: "s?",
  gold_uid: "s?",
  gold_entry_value: "s?",
  latest_entry_uid: "s?",
  latest_entry_op: "s?",
  candidate_uids: "S?",
  gold_rank: "n?",
  latest_entry_rank: "n?",
  dropped_correct: "b",
  gold_present: "b",
  latest_entry_present: "b",
  pipeline_abstained: "b",
  order: "s?",
  spoof_enabled: "b",
  spoof_count: "n",
  selected_uid: "s?",
  selected_op: "s?",
  selected_spoofed: "b?",
  pick_uid: "s?",
  copy_clamped: "b?",
  correct_included: "b",
  correct_uid: "s?",
  correct_rank: "n?",
  abstained: "b",
  gold_missing: "b",
};
const ROW_STAT_ENTRIES = Object.entries(ROW_STAT_TYPES);
const TYPE_NAMES: Record<string, string> = {
  s: "a string",
  n: "a number",
  b: "a boolean",
  S: "a list of strings",
};

function fits(v: unknown, t: string): boolean {
  // `~`: may also be absent (fields added later; older files lack them).
  if (t.endsWith("~")) {
    if (v === null || v === undefined) return true;
    t = t.slice(0, -1);
  }
  if (t.endsWith("?")) {
    if (v === null) return true;
    t = t.slice(0, -1);
  }
  switch (t) {
    case "s":
      return typeof v === "string";
    case "n":
      return typeof v === "number" && Number.isFinite(v);
    case "b":
      return typeof v === "boolean";
    default:
      return Array.isArray(v) && v.every((x) => typeof x === "string");
  }
}

/**
 * The first field of `v` that is not a RowStat's (`{ field, expected }`), or undefined when `v`
 * is a whole RowStat. Rows read back from a file are checked before any statistic uses them.
 */
export function rowStatProblem(v: unknown): { field: string; expected: string } | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { field: "", expected: "an object" };
  const o = v as Record<string, unknown>;
  for (const [k, t] of ROW_STAT_ENTRIES) {
    if (!fits(o[k], t)) {
      const base = TYPE_NAMES[t.replace(/[?~]$/, "")];
      return { field: k, expected: /[?~]$/.test(t) ? `${base} or null` : base };
    }
  }
  return undefined;
}
