/**
 * Stage floors and reliability bounds as data. The reference runners' `Get-StageFloors`
 * tables list, per stage, one bound per metric (mostly the same on anchors and holdout);
 * their reliability checkers bound each jitter metric's spread over runs by the same max.
 * A family declares the metric list once (name → comparison) and one row of numbers per
 * stage; the order of the list is the order the floors are checked and reported in.
 */
import type { TrapFamily, TrapFloor, TrapStage } from "../types.js";

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

/** The reference checkers' jitter bounds: each metric's max − min over runs within `max`. */
export const jitterBounds = (metrics: readonly string[], max = 0.05): TrapFamily["jitter"] =>
  metrics.map((metric) => ({ metric, max }));

/** A canary alert that is the same at every stage (warn when the canary metric reaches `value`). */
export const sameAlertEveryStage = (value: number): TrapFamily["canaryAlert"] => ({
  observe: value,
  ramp: value,
  target: value,
});
