/**
 * Subset-minimality cap freeze (DEC-020…023). The spec fixes the caps `(P_ref, A_ref)` of the
 * optional SubsetMin diagnostic at the pilot checkpoint with a "dual-threshold rule"
 * (p = 0.90, k = 3) but gives no formula; the official harness implements none of it. Our rule
 * (a reading to confirm with the spec owner, docs/gf01-study.md):
 *
 *   run SubsetMin uncapped on every pilot certificate; A_ref = ⌈k · Q_p(subsets checked)⌉,
 *   P_ref = ⌈k · Q_p(runtime ms)⌉ (at least 1 each), Q_p the nearest-rank p-quantile; the caps
 *   are `freezable` when at least p of the diagnostics complete under both caps.
 *
 * A_ref is deterministic; P_ref is wall-clock, so the file records the hardware it was measured
 * on. Pure here (samples in, caps out); `caps-files.ts` runs the pilot and reads cap files.
 */

export const SUBSET_CAPS_SCHEMA = "gf01.subset_caps.v1";

export interface DiagnosticSample {
  instance_id: string;
  status: "completed" | "infeasible" | "not-run";
  subsets_checked: number;
  /** Measured around the call, fractional ms. */
  runtime_ms: number;
}

export interface CapRule {
  /** p: the quantile (default 0.90). */
  quantile?: number;
  /** k: the multiplier (default 3). */
  multiplier?: number;
}

/** Nearest-rank quantile: the ⌈p·n⌉-th smallest value (p in (0, 1]). */
export function nearestRank(values: readonly number[], p: number): number {
  if (!values.length) throw new RangeError("quantile of no values");
  const s = [...values].sort((a, b) => a - b);
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1));
  return s[idx];
}

export interface DerivedCaps {
  A_ref: number;
  P_ref: number;
  quantile: number;
  multiplier: number;
  /** Diagnostics that ran (completed uncapped); the quantiles are over these. */
  completed_count: number;
  /** Not feasible even uncapped (more than 30 atoms) or not run (malformed certificate). */
  infeasible_uncapped_count: number;
  not_run_count: number;
  /** Share of all run diagnostics (completed + infeasible) that complete under both caps. */
  completion_rate_under_caps: number;
  freezable: boolean;
  quantiles: { subsets_checked: number; runtime_ms: number };
  maxima: { subsets_checked: number; runtime_ms: number };
}

/** The caps for a pilot's diagnostic samples; undefined when no diagnostic completed. */
export function deriveCaps(
  samples: readonly DiagnosticSample[],
  rule: CapRule = {},
): DerivedCaps | undefined {
  const p = rule.quantile ?? 0.9;
  const k = rule.multiplier ?? 3;
  const done = samples.filter((s) => s.status === "completed");
  if (!done.length) return undefined;
  const subsets = done.map((s) => s.subsets_checked);
  const runtimes = done.map((s) => s.runtime_ms);
  const qA = nearestRank(subsets, p);
  const qP = nearestRank(runtimes, p);
  const A_ref = Math.max(1, Math.ceil(k * qA));
  const P_ref = Math.max(1, Math.ceil(k * qP));
  const ran = samples.filter((s) => s.status !== "not-run");
  const under = done.filter((s) => s.subsets_checked <= A_ref && s.runtime_ms <= P_ref).length;
  const rate = ran.length ? under / ran.length : 0;
  return {
    A_ref,
    P_ref,
    quantile: p,
    multiplier: k,
    completed_count: done.length,
    infeasible_uncapped_count: samples.filter((s) => s.status === "infeasible").length,
    not_run_count: samples.filter((s) => s.status === "not-run").length,
    completion_rate_under_caps: rate,
    freezable: rate >= p,
    quantiles: { subsets_checked: qA, runtime_ms: qP },
    maxima: { subsets_checked: Math.max(...subsets), runtime_ms: Math.max(...runtimes) },
  };
}
