/**
 * The official `aggregate_suite` over scored rows, shared by `evaluate`, `demo` and the Q-033
 * sweep's panel summary (floats marked `PyFloat` so files spell them as Python does).
 */
import { pyFloat } from "../../core/pyjson.js";

/** Official `aggregate_suite` over scored rows (Python float spelling for every value). */
export type AggregateInput = { valid: boolean; goal: boolean; eff_t: number; ap_f1: number; ts_f1: number };

export function aggregateSuite(rows: readonly AggregateInput[]) {
  const n = rows.length;
  if (!n) return {};
  const med = (xs: number[]): number => {
    if (!xs.length) return 0;
    const ys = xs.slice().sort((a, b) => a - b);
    const m = ys.length >> 1;
    return ys.length % 2 ? ys[m] : (ys[m - 1] + ys[m]) / 2;
  };
  let apSum = 0;
  let tsSum = 0;
  for (const r of rows) apSum += r.ap_f1;
  for (const r of rows) tsSum += r.ts_f1;
  return {
    count: pyFloat(n),
    certified_rate: pyFloat(rows.filter((r) => r.valid).length / n),
    goal_rate: pyFloat(rows.filter((r) => r.goal).length / n),
    median_eff_t_given_goal: pyFloat(med(rows.filter((r) => r.goal).map((r) => r.eff_t))),
    median_eff_t_given_certified: pyFloat(med(rows.filter((r) => r.valid).map((r) => r.eff_t))),
    ap_f1_mean: pyFloat(apSum / n),
    ts_f1_mean: pyFloat(tsSum / n),
  };
}
