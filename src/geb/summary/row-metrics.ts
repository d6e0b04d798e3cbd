/**
 * Every summary metric as per-row items, so each one gets an interval from the rows alone
 * (docs/statistics.md): a metric is a ratio Σ item values / Σ items over the rows in its
 * denominator. `runItems` mirrors the grader's run metrics (first trial, as the payload's
 * `metrics`), `decompositionItems` mirrors `countRows`/`rates`, `driftItems` mirrors
 * `driftCounts`. Callers check that the items reproduce the stored value before they report
 * an interval (older runs lack the per-row grade fields; reference-dialect runs count some rows
 * differently), so an interval never sits around a different number.
 */
import type { RowStat } from "./rowstats.js";

export type Emit = (metric: string, value: number) => void;

/** An abstention: the pipeline abstained, or the answer is empty (no value, no citation). */
export function isAbstain(r: RowStat): boolean {
  return r.pipeline_abstained || (!r.missing && r.pred_value === null && r.pred_support_ids.length === 0);
}
const bit = (b: boolean): number => (b ? 1 : 0);

/** Episode cluster of a row: its episode with the twin suffix removed (twins join their base). */
export const episodeOf = (r: RowStat): string | undefined => r.episode_id?.replace(/T$/, "") ?? undefined;

/** Run metrics that are rates (0/1 items) or means of a per-row number. */
export const RUN_ITEM_METRICS = {
  value_acc: "rate",
  exact_acc: "rate",
  cite_f1: "mean",
  entailment: "rate",
  instruction_acc: "rate",
  clean_acc: "rate",
  state_integrity_rate: "rate",
  instr_override_rate: "rate",
  instr_conflict_present_rate: "rate",
} as const;
export type RunItemMetric = keyof typeof RUN_ITEM_METRICS;

/** One row's items of the run metrics (`RUN_ITEM_METRICS`); twins and the gap are separate. */
export function runItems(r: RowStat, emit: Emit): void {
  emit("value_acc", bit(r.value_ok));
  emit("exact_acc", bit(r.exact_ok));
  if (typeof r.cite_f1 === "number") emit("cite_f1", r.cite_f1);
  if (typeof r.entailed === "boolean") emit("entailment", bit(r.entailed));
  if (r.has_instruction) {
    emit("instruction_acc", bit(r.exact_ok));
    emit("state_integrity_rate", bit(r.value_ok));
  } else emit("clean_acc", bit(r.exact_ok));
  if (typeof r.instr_conflict === "boolean") emit("instr_conflict_present_rate", bit(r.instr_conflict));
  if (typeof r.instr_override === "boolean") emit("instr_override_rate", bit(r.instr_override));
}

/**
 * Twin pairs of one trial's rows: rows of a base episode and its twin (`E0003` / `E0003T`)
 * with the same query index, exactly two; consistent when "gold equal" ⇔ "answers equal" (a
 * missing answer is never consistent), flipped (when the gold differs) when the answers differ.
 */
export function twinPairs(
  rows: readonly RowStat[],
): { group: string; consistent: boolean; flipped: boolean | null }[] {
  const m = new Map<string, RowStat[]>();
  for (const r of rows) {
    const e = episodeOf(r);
    if (e === undefined || r.q_index === null) continue;
    const k = `${e}\u0000${r.q_index}`;
    const l = m.get(k);
    if (l) l.push(r);
    else m.set(k, [r]);
  }
  const out: { group: string; consistent: boolean; flipped: boolean | null }[] = [];
  for (const [k, l] of m) {
    if (l.length !== 2) continue;
    const base = l.find((r) => !r.episode_id?.endsWith("T")) ?? l[0];
    const twin = l.find((r) => r !== base) ?? l[1];
    const anyMissing = base.missing || twin.missing;
    const consistent =
      !anyMissing && (base.gold_value === twin.gold_value) === (base.pred_value === twin.pred_value);
    const flipped =
      base.gold_value === twin.gold_value ? null : !anyMissing && base.pred_value !== twin.pred_value;
    out.push({ group: k.slice(0, k.indexOf("\u0000")), consistent, flipped });
  }
  return out;
}

/** Decomposition rates (`rates()` keys) with their kind; correct_rank_mean is a mean. */
export const DECOMPOSITION_ITEM_METRICS = {
  gold_present_rate: "rate",
  selection_rate: "rate",
  accuracy_when_gold_present: "rate",
  answer_acc_given_gold_selected: "rate",
  value_acc_when_gold_selected: "rate",
  value_is_substring_of_selected_line_rate: "rate",
  support_consistency_rate: "rate",
  gold_support_selected_rate: "rate",
  selector_pick_rate: "rate",
  selected_note_rate: "rate",
  wrong_update_rate: "rate",
  selected_wrong_update_rate: "rate",
  spoof_accept_rate: "rate",
  spoof_accept_rate_non_gold: "rate",
  gold_missing_rate: "rate",
  drop_rate: "rate",
  abstain_rate: "rate",
  abstain_precision: "rate",
  abstain_recall: "rate",
  correct_rank_mean: "mean",
  gold_present_rate_latest_entry: "rate",
  selection_rate_latest_entry: "rate",
  accuracy_when_gold_present_latest_entry: "rate",
} as const;
export type DecompositionItemMetric = keyof typeof DECOMPOSITION_ITEM_METRICS;

/** One row's items of every decomposition rate (the same rows and tests as `countRows`). */
export function decompositionItems(r: RowStat, emit: Emit): void {
  if (!r.eligible) return;
  const cited = new Set(r.pred_support_ids);
  const abstained = isAbstain(r);
  emit("gold_present_rate", bit(r.gold_present));
  emit("gold_missing_rate", bit(!r.gold_present));
  emit("drop_rate", bit(r.dropped_correct));
  emit("abstain_rate", bit(abstained));
  if (abstained) emit("abstain_precision", bit(!r.gold_present));
  if (!r.gold_present) emit("abstain_recall", bit(abstained));
  if (r.gold_rank !== null) emit("correct_rank_mean", r.gold_rank);
  if (r.gold_present) {
    emit("accuracy_when_gold_present", bit(r.value_ok));
    const sel = r.gold_uid !== null && cited.has(r.gold_uid);
    emit("selection_rate", bit(sel));
    if (sel) {
      emit("answer_acc_given_gold_selected", bit(r.value_ok));
      emit("value_acc_when_gold_selected", bit(r.value_ok));
      if (r.pred_value !== null && r.gold_entry_value !== null)
        emit("value_is_substring_of_selected_line_rate", bit(r.gold_entry_value.includes(r.pred_value)));
    }
    if (r.selected_uid) {
      emit("support_consistency_rate", bit(cited.has(r.selected_uid)));
      emit("selector_pick_rate", bit(r.selected_uid === r.gold_uid));
    }
  }
  emit("gold_present_rate_latest_entry", bit(r.latest_entry_present));
  if (r.latest_entry_present) {
    emit("accuracy_when_gold_present_latest_entry", bit(r.value_ok));
    emit("selection_rate_latest_entry", bit(r.latest_entry_uid !== null && cited.has(r.latest_entry_uid)));
  }
  if (r.gold_uid) emit("gold_support_selected_rate", bit(cited.has(r.gold_uid)));
  if (r.selected_uid && r.selected_op) {
    const nonGold = r.selected_uid !== r.gold_uid;
    emit("selected_note_rate", bit(r.selected_op === "NOTE"));
    emit("wrong_update_rate", bit(nonGold && r.selected_op !== "NOTE"));
    if (nonGold) emit("selected_wrong_update_rate", bit(r.selected_op !== "NOTE"));
    if (r.spoof_enabled && r.selected_spoofed !== null) {
      emit("spoof_accept_rate", bit(r.selected_spoofed));
      emit("spoof_accept_rate_non_gold", bit(r.selected_spoofed && nonGold));
    }
  }
}

/** Drift rates over steps (`step_rate`, `persistence_rate`, `wrong_commit_rate`) and episodes (`run_rate`). */
export const DRIFT_ITEM_METRICS = ["step_rate", "persistence_rate", "wrong_commit_rate", "run_rate"] as const;

/**
 * Drift items of one run's rows, as `driftCounts` walks them (per trial and episode, in query
 * order); `emit(metric, value, episode)` with the row's episode cluster.
 */
export function driftItems(
  rows: readonly RowStat[],
  emit: (metric: string, value: number, episode: string | undefined) => void,
): void {
  const episodes = new Map<string, RowStat[]>();
  for (const r of rows) {
    const k = `${r.trial}\u0000${r.episode_id ?? "episode"}`;
    const l = episodes.get(k);
    if (l) l.push(r);
    else episodes.set(k, [r]);
  }
  for (const list of episodes.values()) {
    const sorted = [...list].sort((a, b) => (a.q_index ?? 0) - (b.q_index ?? 0));
    const belief = new Map<string, string>();
    const ep = episodeOf(sorted[0]);
    let steps = 0;
    let drifted = false;
    for (const r of sorted) {
      if (!r.eligible || !r.gold_present || !r.key || r.gold_value === null) continue;
      steps++;
      const prev = belief.get(r.key);
      const drift = prev !== undefined && prev !== r.gold_value;
      if (drift) drifted = true;
      emit("step_rate", bit(drift), ep);
      emit("persistence_rate", bit(drift && (r.pred_value === null || r.pred_value !== r.gold_value)), ep);
      emit("wrong_commit_rate", bit(r.pred_value !== null && r.pred_value !== r.gold_value), ep);
      if (r.pred_value !== null) belief.set(r.key, r.pred_value);
    }
    if (steps) emit("run_rate", bit(drifted), ep);
  }
}

/** Up to `max` wrong answers with the gold line among the candidates: what the selector picked. */
export function evidenceExamples(
  rows: readonly {
    id: string;
    eligible: boolean;
    gold_present: boolean;
    value_ok: boolean;
    gold_value: string | null;
    pred_value: string | null;
    selected_uid: string | null;
    selected_op: string | null;
    gold_uid: string | null;
    q_index: number | null;
    trial: number;
  }[],
  max = 3,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const r of rows) {
    if (out.length >= max) break;
    if (r.trial !== 0 || !r.eligible || !r.gold_present || r.value_ok) continue;
    out.push({
      query_id: r.id,
      step_index: r.q_index,
      why_type:
        r.selected_op === "NOTE"
          ? "authority"
          : r.selected_uid && r.selected_uid !== r.gold_uid
            ? "selection"
            : "answer",
      committed: r.pred_value,
      expected: r.gold_value,
      selected_uid: r.selected_uid,
      gold_uid: r.gold_uid,
    });
  }
  return out;
}
