/**
 * Stage floors as data. Most families gate anchors and holdout with the same floors, only
 * the numbers changing from stage to stage: such a family states them as a table, one row
 * per metric — its comparison and its observe, ramp and target values.
 */
import type { TrapFamily, TrapFloor, TrapStage } from "../types.js";

/** One metric's floors: the comparison, then the observe, ramp and target values. */
export type FloorRow = readonly [op: TrapFloor["op"], observe: number, ramp: number, target: number];

const STAGE_COLUMN: Record<TrapStage, 1 | 2 | 3> = { observe: 1, ramp: 2, target: 3 };

/** The same floors on anchors and holdout at every stage, from a table (its rows in order). */
export function floorTable(table: Record<string, FloorRow>): TrapFamily["floors"] {
  const at = (stage: TrapStage): TrapFloor[] =>
    Object.entries(table).map(([metric, row]) => ({ metric, op: row[0], value: row[STAGE_COLUMN[stage]] }));
  // Each split gets its own list, as the families always built them.
  const both = (stage: TrapStage) => ({ anchors: at(stage), holdout: at(stage) });
  return { observe: both("observe"), ramp: both("ramp"), target: both("target") };
}

/** The same floor row for the accuracy of each profile (`<profile>_acc`). */
export const profileFloorRows = (profiles: readonly string[], row: FloorRow): Record<string, FloorRow> =>
  Object.fromEntries(profiles.map((p) => [`${p}_acc`, row]));

/** The same canary alert at every stage (report only). */
export const sameAlertAtEveryStage = (at: number): TrapFamily["canaryAlert"] => ({
  observe: at,
  ramp: at,
  target: at,
});
