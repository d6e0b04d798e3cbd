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

/**
 * The bounds (op, observe, ramp, target) most floor tables give an accuracy and an error rate:
 * the control-scaffold runner's and, after it, several 1.0 variants'.
 */
export const ACCURACY_BOUNDS = [">=", 0.55, 0.75, 0.9] as const;
export const ERROR_RATE_BOUNDS = ["<=", 0.45, 0.25, 0.1] as const;

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

/** The checkers' jitter bounds: each metric's max − min over runs at most `max` (most checkers: 0.05). */
export const jitterOf = (metrics: readonly string[], max = 0.05): TrapFamily["jitter"] =>
  metrics.map((metric) => ({ metric, max }));

/** The same floor row for the accuracy of each profile (`<profile>_acc`), for the 1.0 variants. */
export const profileFloorRows = (
  profiles: readonly string[],
  op: ">=" | "<=",
  observe: number,
  ramp: number,
  target: number,
): FloorRow[] => profiles.map((p) => [`${p}_acc`, op, observe, ramp, target] as const);

/*
 * Stage-major tables: the reference runners' `Get-StageFloors` list, per stage, one bound per
 * metric. A family that follows that layout declares the metric list once (name → comparison)
 * and one row of numbers per stage; the list's order is the order floors are checked in.
 */

/** A family's floors: per stage, anchors' and holdout's. */
export type FamilyFloors = TrapFamily["floors"];

/** Metric → comparison, in the order the floors are checked. */
export type FloorOps = Readonly<Record<string, TrapFloor["op"]>>;

/** One stage's floors: the i-th number bounds the i-th metric of `ops`. */
export function floorList(ops: FloorOps, values: readonly number[]): TrapFloor[] {
  const metrics = Object.keys(ops);
  if (metrics.length !== values.length)
    throw new Error(`floorList: ${metrics.length} metrics but ${values.length} values`);
  return metrics.map((metric, i) => ({ metric, op: ops[metric], value: values[i] }));
}

/** One stage's floors, the same on anchors and holdout. */
export const onBothSplits = (floors: TrapFloor[]): { anchors: TrapFloor[]; holdout: TrapFloor[] } => ({
  anchors: floors,
  holdout: floors,
});

/** The same floors on anchors and holdout at each stage (most reference runners). */
export const sameOnBothSplits = (byStage: Readonly<Record<TrapStage, TrapFloor[]>>): FamilyFloors => ({
  observe: onBothSplits(byStage.observe),
  ramp: onBothSplits(byStage.ramp),
  target: onBothSplits(byStage.target),
});
