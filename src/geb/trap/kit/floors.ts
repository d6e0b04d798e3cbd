/**
 * Stage floors as data. Most families gate anchors and holdout with the same list of floors,
 * only the numbers changing from stage to stage: a family states the list once, as a
 * function of its numbers, and the numbers of each stage.
 */
import type { TrapFamily, TrapFloor, TrapStage } from "../types.js";

/** `metric >= value`. */
export const atLeast = (metric: string, value: number): TrapFloor => ({ metric, op: ">=", value });
/** `metric <= value`. */
export const atMost = (metric: string, value: number): TrapFloor => ({ metric, op: "<=", value });

/**
 * The same floors on anchors and holdout at every stage: `floors(...numbers)` with each
 * stage's numbers (each split gets its own list, as the families always built them).
 */
export function sameFloorsOnEverySplit<A extends number[]>(
  floors: (...numbers: A) => TrapFloor[],
  numbers: Record<TrapStage, A>,
): TrapFamily["floors"] {
  const at = (n: A) => ({ anchors: floors(...n), holdout: floors(...n) });
  return { observe: at(numbers.observe), ramp: at(numbers.ramp), target: at(numbers.target) };
}

/** The same canary alert at every stage (report only). */
export const sameAlertAtEveryStage = (at: number): TrapFamily["canaryAlert"] => ({
  observe: at,
  ramp: at,
  target: at,
});

/** Holdout jitter bounds: each metric's max − min over runs within `max`. */
export const jitterWithin = (max: number, metrics: readonly string[]): TrapFamily["jitter"] =>
  metrics.map((metric) => ({ metric, max }));
