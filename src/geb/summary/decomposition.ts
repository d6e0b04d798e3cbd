/**
 * The decomposition gold present → selected → answered → correct, from per-row statistics.
 *
 * Defined against the row's authoritative gold UPDATE. The reference calls the newest ledger
 * entry of any op "correct" (a NOTE when one came later), so a selector that always picks
 * NOTEs scores selection 1.0 in kv_commentary; its variants are kept, suffixed
 * `_latest_entry`. Other fixes: `spoof_accept_rate_non_gold` counts each spoofed non-gold pick
 * once (the reference's summary never increments it, its per-run CSV counts it twice);
 * gold present and gold missing partition the rows (the reference counts a dropped gold in
 * both, so abstain denominators overlap).
 */
import { driftItems, isAbstain } from "./row-metrics.js";
import type { RowStat } from "./rowstats.js";

export const DECOMPOSITION_COUNT_KEYS = [
  "total",
  "gold_present",
  "gold_missing",
  "latest_entry_present",
  "value_ok_when_present",
  "value_ok_when_latest_entry_present",
  "selection_ok",
  "selection_latest_entry_ok",
  "gold_selected_value_ok",
  "substring_total",
  "substring_ok",
  "support_consistency_total",
  "support_consistency_ok",
  "gold_support_total",
  "gold_support_ok",
  "selected_total",
  "selected_note",
  "selected_non_gold",
  "selected_wrong_update",
  "selector_pick_total",
  "selector_pick_ok",
  "spoof_total",
  "spoof_accepted",
  "spoof_accepted_non_gold",
  "abstain_total",
  "abstain_on_missing",
  "rank_n",
  "rank_sum",
  "dropped",
] as const;
export type DecompositionCounts = Record<(typeof DECOMPOSITION_COUNT_KEYS)[number], number>;

export function emptyCounts(): DecompositionCounts {
  return Object.fromEntries(DECOMPOSITION_COUNT_KEYS.map((k) => [k, 0])) as DecompositionCounts;
}

export function addCounts(a: DecompositionCounts, b: DecompositionCounts): DecompositionCounts {
  const out = emptyCounts();
  for (const k of DECOMPOSITION_COUNT_KEYS) out[k] = a[k] + b[k];
  return out;
}

/** Re-exported: defined beside the items that use it (row-metrics.ts). */
export { isAbstain };

export function countRows(rows: Iterable<RowStat>): DecompositionCounts {
  const c = emptyCounts();
  for (const r of rows) {
    if (!r.eligible) continue;
    c.total++;
    const cited = new Set(r.pred_support_ids);
    if (r.dropped_correct) c.dropped++;
    if (r.gold_rank !== null) {
      c.rank_n++;
      c.rank_sum += r.gold_rank;
    }
    const abstained = isAbstain(r);
    if (abstained) c.abstain_total++;
    if (!r.gold_present) {
      c.gold_missing++;
      if (abstained) c.abstain_on_missing++;
    } else {
      c.gold_present++;
      if (r.value_ok) c.value_ok_when_present++;
      if (r.gold_uid && cited.has(r.gold_uid)) {
        c.selection_ok++;
        if (r.value_ok) c.gold_selected_value_ok++;
        if (r.pred_value !== null && r.gold_entry_value !== null) {
          c.substring_total++;
          if (r.gold_entry_value.includes(r.pred_value)) c.substring_ok++;
        }
      }
      if (r.selected_uid) {
        c.support_consistency_total++;
        if (cited.has(r.selected_uid)) c.support_consistency_ok++;
        c.selector_pick_total++;
        if (r.selected_uid === r.gold_uid) c.selector_pick_ok++;
      }
    }
    if (r.latest_entry_present) {
      c.latest_entry_present++;
      if (r.value_ok) c.value_ok_when_latest_entry_present++;
      if (r.latest_entry_uid && cited.has(r.latest_entry_uid)) c.selection_latest_entry_ok++;
    }
    if (r.gold_uid) {
      c.gold_support_total++;
      if (cited.has(r.gold_uid)) c.gold_support_ok++;
    }
    if (r.selected_uid && r.selected_op) {
      c.selected_total++;
      if (r.selected_op === "NOTE") c.selected_note++;
      if (r.selected_uid !== r.gold_uid) {
        c.selected_non_gold++;
        if (r.selected_op !== "NOTE") c.selected_wrong_update++;
      }
      if (r.spoof_enabled && r.selected_spoofed !== null) {
        c.spoof_total++;
        if (r.selected_spoofed) {
          c.spoof_accepted++;
          if (r.selected_uid !== r.gold_uid) c.spoof_accepted_non_gold++;
        }
      }
    }
  }
  return c;
}

const div = (a: number, b: number): number | null => (b ? a / b : null);

export interface DecompositionRates {
  n: number;
  gold_present_rate: number | null;
  selection_rate: number | null;
  accuracy_when_gold_present: number | null;
  answer_acc_given_gold_selected: number | null;
  value_acc_when_gold_selected: number | null;
  value_is_substring_of_selected_line_rate: number | null;
  support_consistency_rate: number | null;
  gold_support_selected_rate: number | null;
  selector_pick_rate: number | null;
  selected_note_rate: number | null;
  wrong_update_rate: number | null;
  selected_wrong_update_rate: number | null;
  spoof_accept_rate: number | null;
  spoof_accept_rate_non_gold: number | null;
  gold_missing_rate: number | null;
  drop_rate: number | null;
  abstain_rate: number | null;
  abstain_precision: number | null;
  abstain_recall: number | null;
  correct_rank_mean: number | null;
  gold_present_rate_latest_entry: number | null;
  selection_rate_latest_entry: number | null;
  accuracy_when_gold_present_latest_entry: number | null;
}

export function rates(c: DecompositionCounts): DecompositionRates {
  return {
    n: c.total,
    gold_present_rate: div(c.gold_present, c.total),
    selection_rate: div(c.selection_ok, c.gold_present),
    accuracy_when_gold_present: div(c.value_ok_when_present, c.gold_present),
    answer_acc_given_gold_selected: div(c.gold_selected_value_ok, c.selection_ok),
    value_acc_when_gold_selected: div(c.gold_selected_value_ok, c.selection_ok),
    value_is_substring_of_selected_line_rate: div(c.substring_ok, c.substring_total),
    support_consistency_rate: div(c.support_consistency_ok, c.support_consistency_total),
    gold_support_selected_rate: div(c.gold_support_ok, c.gold_support_total),
    selector_pick_rate: div(c.selector_pick_ok, c.selector_pick_total),
    selected_note_rate: div(c.selected_note, c.selected_total),
    wrong_update_rate: div(c.selected_wrong_update, c.selected_total),
    selected_wrong_update_rate: div(c.selected_wrong_update, c.selected_non_gold),
    spoof_accept_rate: div(c.spoof_accepted, c.spoof_total),
    spoof_accept_rate_non_gold: div(c.spoof_accepted_non_gold, c.spoof_total),
    gold_missing_rate: div(c.gold_missing, c.total),
    drop_rate: div(c.dropped, c.total),
    abstain_rate: div(c.abstain_total, c.total),
    abstain_precision: div(c.abstain_on_missing, c.abstain_total),
    abstain_recall: div(c.abstain_on_missing, c.gold_missing),
    correct_rank_mean: div(c.rank_sum, c.rank_n),
    gold_present_rate_latest_entry: div(c.latest_entry_present, c.total),
    selection_rate_latest_entry: div(c.selection_latest_entry_ok, c.latest_entry_present),
    accuracy_when_gold_present_latest_entry: div(
      c.value_ok_when_latest_entry_present,
      c.latest_entry_present,
    ),
  };
}

/** `gold_present -> selection -> accuracy_when_gold_present -> value_acc` (4 decimals). */
export function decompositionLine(r: DecompositionRates, valueAcc: number | null): string | null {
  const parts = [r.gold_present_rate, r.selection_rate, r.accuracy_when_gold_present, valueAcc];
  if (parts.some((x) => x === null)) return null;
  return parts.map((x) => (x as number).toFixed(4)).join(" -> ");
}

// ---------------------------------------------------------------------------------------------
// Recency buckets

export interface BucketCounts {
  bucket: string;
  lo: number;
  n: number;
  value_ok: number;
  exact_ok: number;
}

export const DEFAULT_EDGES = {
  tokens_since_update: [200, 400, 800, 1600],
  distractors_since_update: [2, 4, 8, 16],
  writes_to_key: [1, 2, 4, 8],
} as const;
export type RecencyField = keyof typeof DEFAULT_EDGES;

/** Bucket labels and lower bounds by index (index = number of edges at or below the value). */
export function bucketTable(edges: readonly number[]): { labels: string[]; los: number[] } {
  if (edges.length === 0) return { labels: ["all"], los: [0] };
  const labels: string[] = [];
  const los: number[] = [];
  let prev = 0;
  for (const e of edges) {
    labels.push(`${prev}-${e}`);
    los.push(prev);
    prev = e;
  }
  labels.push(`${edges[edges.length - 1]}+`);
  los.push(edges[edges.length - 1]);
  return { labels, los };
}

/**
 * Buckets in numeric order (the reference sorts the labels as strings). Labels are built once
 * per call, not per row: the sweep summary buckets every row of every cell three times.
 */
export function recencyBuckets(
  rows: Iterable<RowStat>,
  field: RecencyField,
  edges: readonly number[],
): BucketCounts[] {
  const { labels, los } = bucketTable(edges);
  const m = new Map<string, BucketCounts>();
  for (const r of rows) {
    const v = r[field];
    if (v === null) continue;
    let i = 0;
    while (i < edges.length && !(v < edges[i])) i++;
    const label = labels[i];
    let b = m.get(label);
    if (!b) {
      b = { bucket: label, lo: los[i], n: 0, value_ok: 0, exact_ok: 0 };
      m.set(label, b);
    }
    b.n++;
    if (r.value_ok) b.value_ok++;
    if (r.exact_ok) b.exact_ok++;
  }
  return [...m.values()].sort((a, b) => a.lo - b.lo);
}

// ---------------------------------------------------------------------------------------------
// Drift: within an episode, in query order, a belief per key from earlier answers; a step
// "drifts" when the earlier belief differs from the current truth (reference drift.py).

export interface DriftCounts {
  steps_total: number;
  steps_drift: number;
  steps_persist: number;
  wrong_commit: number;
  episodes_total: number;
  episodes_drift: number;
}

/** Zero drift counts (what `driftCounts` and a pooled sum start from). */
export function emptyDriftCounts(): DriftCounts {
  return {
    steps_total: 0,
    steps_drift: 0,
    steps_persist: 0,
    wrong_commit: 0,
    episodes_total: 0,
    episodes_drift: 0,
  };
}

export function driftCounts(rows: readonly RowStat[]): DriftCounts {
  const out = emptyDriftCounts();
  // The counts are the sums of the drift items (one walk of the rows, defined once).
  driftItems(rows, (m, v) => {
    if (m === "step_rate") {
      out.steps_total++;
      out.steps_drift += v;
    } else if (m === "persistence_rate") out.steps_persist += v;
    else if (m === "wrong_commit_rate") out.wrong_commit += v;
    else {
      out.episodes_total++;
      out.episodes_drift += v;
    }
  });
  return out;
}

export function driftMetrics(d: DriftCounts) {
  return {
    step_rate: div(d.steps_drift, d.steps_total),
    persistence_rate: div(d.steps_persist, d.steps_total),
    wrong_commit_rate: div(d.wrong_commit, d.steps_total),
    run_rate: div(d.episodes_drift, d.episodes_total),
    step_count: d.steps_total,
    run_count: d.episodes_total,
  };
}
