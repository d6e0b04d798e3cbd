/**
 * `geb compare`: per-metric delta between two runs (results files or run directories), over
 * the summary's overall means and decomposition rates.
 */
import { loadRuns } from "./runs.js";
import { type Summary, summarizeRuns } from "./summarize.js";

export interface MetricDelta {
  metric: string;
  base: number | null;
  other: number | null;
  delta: number | null;
}

/** Summary of a run of any kind: results file, run dir, sweep tree or reference run folder. */
export function summaryFor(path: string): Summary {
  return summarizeRuns(loadRuns([path]).map((r) => r.payload));
}

function flat(s: Summary): Map<string, number | null> {
  const m = new Map<string, number | null>();
  for (const [k, v] of Object.entries(s.overall)) m.set(k.replace(/_mean$/, ""), v);
  if (s.retrieval)
    for (const [k, v] of Object.entries(s.retrieval))
      if (typeof v === "number" || v === null) if (k !== "n") m.set(k, v);
  if (s.drift) m.set("drift_step_rate", s.drift.step_rate);
  return m;
}

export function compareSummaries(base: Summary, other: Summary): MetricDelta[] {
  const a = flat(base);
  const b = flat(other);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.map((metric) => {
    const x = a.get(metric) ?? null;
    const y = b.get(metric) ?? null;
    return { metric, base: x, other: y, delta: x !== null && y !== null ? y - x : null };
  });
}

export function formatDeltas(d: readonly MetricDelta[]): string[] {
  const f = (x: number | null) => (x === null ? "-" : x.toFixed(4));
  const w = Math.max(6, ...d.map((x) => x.metric.length));
  const lines = [
    `${"metric".padEnd(w)}  ${"base".padStart(8)}  ${"other".padStart(8)}  ${"delta".padStart(8)}`,
  ];
  for (const x of d) {
    const delta = x.delta === null ? "-" : `${x.delta >= 0 ? "+" : ""}${x.delta.toFixed(4)}`;
    lines.push(
      `${x.metric.padEnd(w)}  ${f(x.base).padStart(8)}  ${f(x.other).padStart(8)}  ${delta.padStart(8)}`,
    );
  }
  return lines;
}
