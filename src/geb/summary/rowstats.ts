/**
 * Per-row statistics of a run: what was asked, what came back, and (for pipeline runs) what
 * the selection stage did. Every summary number (decomposition, recency buckets, drift) is
 * computed from these rows alone, so `geb summarize` needs nothing but the results JSON.
 */

import type { RowResult } from "../grade.js";
import type { GebAnswer } from "../model/index.js";
import { type LedgerOp, ledgerCandidates } from "../pipeline/ledger.js";
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

/** Adds the reference's diagnostic keys (derived; never set independently). */
export function withReferenceDiag(s: CoreStat): RowStat {
  return {
    ...s,
    correct_included: s.gold_present,
    correct_uid: s.gold_uid,
    correct_rank: s.gold_rank,
    abstained: s.pipeline_abstained,
    gold_missing: s.eligible && !s.gold_present,
  };
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function base(
  row: PipelineRow & { episode_id?: string },
  trial: number,
  g: RowResult,
  ans: GebAnswer | undefined,
) {
  const meta = row.meta as Record<string, unknown>;
  const uid = goldUid(row);
  const entries = ledgerCandidates(row.book ?? "");
  const goldEntry = uid ? entries.find((e) => e.uid === uid) : undefined;
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
    gold_uid: uid,
    gold_entry_value: goldEntry && goldEntry.trueOp !== "CLEAR" ? goldEntry.value : null,
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
  return withReferenceDiag({
    ...base(row, trial, g, ans),
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
  const b = base(row, trial, g, ans);
  const entries = ledgerCandidates(row.book ?? "");
  const eligible = b.key !== null && isDirect(row) && entries.length > 0;
  const latest = entries
    .filter((e) => e.key === b.key)
    .sort((x, y) => y.step - x.step || y.index - x.index)[0];
  const sel = b.pred_support_ids[0] ?? null;
  const selEntry = sel ? entries.find((e) => e.uid === sel) : undefined;
  return withReferenceDiag({
    ...b,
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
