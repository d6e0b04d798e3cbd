/**
 * `geb ui summary`: counts over a fixture, the reference's `ui-summary` metrics (same keys,
 * same values; design §A2).
 */
import { compareCodePoints } from "../../core/pyjson.js";
import type { UiRow } from "./schema.js";

export interface UiSummary {
  rows: number;
  candidates_total: number;
  avg_candidates_per_row: number;
  /** label → candidates with that label, keys sorted by code point (Python `sorted`). */
  label_counts: Record<string, number>;
  unique_labels: number;
  expected_delta_present_rate: number;
  unique_candidate_id_rate: number;
  max_label_duplicates_per_row: number;
  avg_max_label_duplicates_per_row: number;
}

export function summarizeUiRows(rows: readonly UiRow[]): UiSummary {
  const n = rows.length;
  const labelCounts = new Map<string, number>();
  let candidates = 0;
  let withDelta = 0;
  let uniqueRows = 0;
  let maxDup = 0;
  let sumMaxDup = 0;
  for (const row of rows) {
    candidates += row.candidates.length;
    const perRow = new Map<string, number>();
    for (const c of row.candidates) {
      labelCounts.set(c.label, (labelCounts.get(c.label) ?? 0) + 1);
      perRow.set(c.label, (perRow.get(c.label) ?? 0) + 1);
    }
    const m = Math.max(0, ...perRow.values());
    maxDup = Math.max(maxDup, m);
    sumMaxDup += m;
    if (new Set(row.candidates.map((c) => c.candidate_id)).size === row.candidates.length) uniqueRows++;
    if (row.expected_delta !== undefined) withDelta++;
  }
  const sorted = [...labelCounts].sort(([a], [b]) => compareCodePoints(a, b));
  const rate = (k: number) => (n ? k / n : 0);
  return {
    rows: n,
    candidates_total: candidates,
    avg_candidates_per_row: rate(candidates),
    label_counts: Object.fromEntries(sorted),
    unique_labels: labelCounts.size,
    expected_delta_present_rate: rate(withDelta),
    unique_candidate_id_rate: rate(uniqueRows),
    max_label_duplicates_per_row: maxDup,
    avg_max_label_duplicates_per_row: rate(sumMaxDup),
  };
}
