/**
 * The reference runners' floor and jitter tables as data: one row per metric, with a bound per
 * stage (or per stage and split where a runner's anchors and holdout differ).
 */
import { TRAP_STAGES, type TrapFamily, type TrapFloor, type TrapStage } from "../types.js";

/** The same value at every stage (runners whose stage switch does not change it). */
export const perStage = <T>(x: T): Record<TrapStage, T> => ({ observe: x, ramp: x, target: x });

/** Floors `metric op value`, one value for all metrics. */
export const floorsOf = (metrics: readonly string[], op: ">=" | "<=", value: number): TrapFloor[] =>
  metrics.map((metric) => ({ metric, op, value }));

/** A stage's bound: one for both splits, or `[anchors, holdout]`. */
export type StageBound = number | readonly [anchors: number, holdout: number];
/** One metric's row of a runner's floor table. */
export type FloorRow = readonly [
  metric: string,
  op: ">=" | "<=",
  observe: StageBound,
  ramp: StageBound,
  target: StageBound,
];

/** A runner's floor table → the family's stage floors (metrics in table order). */
export function floorTable(rows: readonly FloorRow[]): TrapFamily["floors"] {
  const at = (stage: number, split: 0 | 1): TrapFloor[] =>
    rows.map((r) => {
      const b = r[2 + stage] as StageBound;
      return { metric: r[0], op: r[1], value: typeof b === "number" ? b : b[split] };
    });
  const entries = TRAP_STAGES.map((s, i) => [s, { anchors: at(i, 0), holdout: at(i, 1) }] as const);
  return Object.fromEntries(entries) as TrapFamily["floors"];
}

/** The checkers' jitter bounds: each metric's max − min over runs at most `max`. */
export const jitterOf = (metrics: readonly string[], max: number): TrapFamily["jitter"] =>
  metrics.map((metric) => ({ metric, max }));

/** The same floor row for the accuracy of each profile (`<profile>_acc`), for the 1.0 variants. */
export const profileFloorRows = (
  profiles: readonly string[],
  op: ">=" | "<=",
  observe: number,
  ramp: number,
  target: number,
): FloorRow[] => profiles.map((p) => [`${p}_acc`, op, observe, ramp, target] as const);
