/**
 * The families table of docs/geb/traps.md, computed (`geb trap list --markdown`): for each
 * registered family, on its default fixtures, the holdout headline of every no-model
 * program (lookup, fold, the rule program where the family has one, the exact oracle of a
 * 1.0 variant) beside the headline's target floor, which programs meet every target floor
 * on anchors and holdout, and the label. tests/geb/trap/docs-table.test.ts fails when the
 * docs copy differs from this output, so the table cannot go stale.
 */
import { baselineReport, checkFloors, evaluateSplit, programPredictions, splitFloors } from "./framework.js";
import { TRAP_FAMILIES } from "./registry.js";
import type { TrapFamily, TrapFloor } from "./types.js";

export const TRAP_TABLE_PROGRAMS = ["lookup", "fold", "rule", "oracle"] as const;
export type TrapTableProgram = (typeof TRAP_TABLE_PROGRAMS)[number];

export interface TrapTableRow {
  family: string;
  compat: "reference-0.1" | "1.0";
  headline: string;
  /** The target floor on the headline metric (holdout), if the family has one. */
  headline_floor: TrapFloor | null;
  /** Holdout headline per program (absent: the family has no such program; null: no such mean). */
  holdout: Partial<Record<TrapTableProgram, number | null>>;
  /** Programs meeting every target floor on anchors and holdout. */
  meets_target: TrapTableProgram[];
  /** The lookup's holdout headline fails its target floor (1.0 variants must). */
  lookup_below_floor: boolean | null;
  label: "equivalent to core lookup" | "rule-solvable" | "oracle only" | "not solved by a shipped program";
}

const num = (v: unknown): number | null => (typeof v === "number" && !Number.isNaN(v) ? v : null);

/** One family's row (default fixtures; the cost is the family's baselines on them). */
export function trapTableRow(family: TrapFamily): TrapTableRow {
  const fx = family.generate(family.defaults);
  const b = baselineReport(family, fx, "target");
  const h = family.headlineMetric;
  const holdout: TrapTableRow["holdout"] = {
    lookup: num(b.baselines.lookup.holdout.means[h]),
    fold: num(b.baselines.fold.holdout.means[h]),
  };
  const meets: TrapTableProgram[] = [];
  const atTarget = (means: { anchors: Record<string, number>; holdout: Record<string, number> }) =>
    (["anchors", "holdout"] as const).every((split) =>
      checkFloors(means[split], splitFloors(family, "target", split, fx[split])).every((c) => c.pass),
    );
  for (const p of ["lookup", "fold"] as const)
    if (atTarget({ anchors: b.baselines[p].anchors.means, holdout: b.baselines[p].holdout.means }))
      meets.push(p);
  if (b.baselines.rule) {
    holdout.rule = num(b.baselines.rule.holdout.means[h]);
    if (b.rule_meets_target) meets.push("rule");
  }
  if (family.oraclePrediction) {
    const oracle = family.oraclePrediction;
    const ev = (split: "anchors" | "holdout") =>
      evaluateSplit(family, split, "target", fx[split], programPredictions(family, fx[split], oracle)).means;
    const means = { anchors: ev("anchors"), holdout: ev("holdout") };
    holdout.oracle = num(means.holdout[h]);
    if (atTarget(means)) meets.push("oracle");
  }
  const floor = family.floors.target.holdout.find((f) => f.metric === h) ?? null;
  const lookup = holdout.lookup ?? null;
  const lookupBelow =
    floor === null || lookup === null
      ? null
      : floor.op === ">="
        ? lookup < floor.value
        : lookup > floor.value;
  return {
    family: family.id,
    compat: family.compat ?? "reference-0.1",
    headline: h,
    headline_floor: floor,
    holdout,
    meets_target: meets,
    lookup_below_floor: lookupBelow,
    label: b.equivalent_to_core_lookup
      ? "equivalent to core lookup"
      : meets.includes("rule")
        ? "rule-solvable"
        : meets.includes("oracle")
          ? "oracle only"
          : "not solved by a shipped program",
  };
}

export function trapTable(families: readonly TrapFamily[] = TRAP_FAMILIES): TrapTableRow[] {
  return families.map(trapTableRow);
}

/** `.940`, `1`, `0`; `—` for no such program / mean. */
function cell(v: number | null | undefined): string {
  if (v === undefined || v === null) return "—";
  if (Number.isInteger(v)) return String(v);
  const t = v.toFixed(3).replace(/0+$/, "");
  return t.startsWith("0.") ? t.slice(1) : t.startsWith("-0.") ? `-${t.slice(2)}` : t;
}

/** The markdown table (one row per family, reference families first, then the 1.0 variants). */
export function renderTrapTable(rows: readonly TrapTableRow[]): string {
  const ordered = [...rows.filter((r) => r.compat !== "1.0"), ...rows.filter((r) => r.compat === "1.0")];
  const lines = [
    "| Family | Dialect | Headline (target floor) | Lookup | Fold | Rule | Oracle | Target floors met by | Label |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of ordered) {
    const f = r.headline_floor;
    const headline = `${r.headline} ${f ? `${f.op === ">=" ? "≥" : "≤"} ${cell(f.value)}` : "(no floor)"}`;
    const lookup = `${cell(r.holdout.lookup)}${r.compat === "1.0" && r.lookup_below_floor ? " (below floor)" : ""}`;
    lines.push(
      `| ${r.family} | ${r.compat === "1.0" ? "**1.0**" : "reference-0.1"} | ${headline} | ${lookup} | ${cell(r.holdout.fold)} | ${cell(r.holdout.rule)} | ${cell(r.holdout.oracle)} | ${r.meets_target.length ? r.meets_target.join(", ") : "none"} | ${r.label === "equivalent to core lookup" ? "**equivalent to core lookup**" : r.label} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
