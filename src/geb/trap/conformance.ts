/**
 * The conformance suite every trap family must pass (docs/task-family.md), pure: it runs a
 * family's own generator, scorer and programs and returns what it finds wrong, an empty
 * list for a conforming family. What it holds a family to (house rule: "oracle scores 1.0;
 * every no-model program under its stated ceiling; fixtures byte-stable"):
 *
 * - fixtures: `generate(defaults)` is deterministic (two calls write the same JSONL bytes)
 *   and depends on its seed; every row has the core shape (string `id`, `book`, `question`;
 *   `gold` with `value` and `support_ids`; object `meta`); ids are unique over all splits;
 *   `emptySplits` are empty and every other split has rows;
 * - metrics: every floor, jitter, canary and reliability metric, the accuracy and the
 *   headline metric is a key of `score(...)`'s means;
 * - scores: `correct` has one entry per scored row, `clusters` (if any) one per `correct`;
 * - gold: the gold answer written as a model would write it (`predictionFromText` of its
 *   JSON) meets the target floors on anchors and holdout;
 * - 1.0 variants: an oracle program, scoring 1.0 on the accuracy metric on every non-empty
 *   split; the lookup below the headline's target floor and neither lookup nor fold meeting
 *   the target floors (the ceiling the docs table states: table.ts's `lookup_below_floor`
 *   and `meets_target`). Reference ports ship no oracle.
 */
import { serializeTrapRows } from "./fixtures.js";
import { baselinePredictions, checkFloors, programPredictions, splitFloors } from "./framework.js";
import { trapTableRow } from "./table.js";
import {
  TRAP_COMPAT,
  TRAP_SPLITS,
  TRAP_STAGES,
  type TrapFamily,
  type TrapFixtures,
  type TrapGenerateOptions,
  type TrapPrediction,
  type TrapRow,
  type TrapScore,
  type TrapSplit,
} from "./types.js";

export interface ConformanceFinding {
  family: string;
  /** Which rule: `deterministic`, `seed`, `row-shape`, `unique-ids`, `splits`, `metrics`, … */
  check: string;
  message: string;
}

export interface ConformanceOptions {
  /** Generate options (default: the family's defaults). */
  generate?: TrapGenerateOptions;
  /**
   * The family's fixtures are a fixed set (the reference generator takes no seed): skip the
   * seed-sensitivity check.
   */
  seedless?: boolean;
  /**
   * The text a model that knows the answer writes for a row (default: the JSON of the gold's
   * `value` and `support_ids`, the GEB answer contract).
   */
  goldText?: (row: TrapRow) => string;
  /**
   * The splits a 1.0 variant's oracle must score 1.0 on (default: every non-empty split);
   * narrower only where a split's gold is unproducible by design (an expected-fail canary).
   */
  oracleSplits?: readonly TrapSplit[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The answer contract's JSON for a row's gold: what a model that knows the answer writes. */
export const goldAnswerText = (row: TrapRow): string =>
  JSON.stringify({ value: row.gold.value, support_ids: row.gold.support_ids });

const fixtureBytes = (fx: TrapFixtures): string =>
  TRAP_SPLITS.map((s) => `${s}\n${serializeTrapRows(fx[s] ?? [])}`).join("");

/** Why a row does not have the core shape, or null. */
function rowShapeProblem(row: unknown): string | null {
  if (!isObject(row)) return "is not an object";
  for (const k of ["id", "book", "question"] as const)
    if (typeof row[k] !== "string" || row[k] === "") return `has no string ${k}`;
  if (!isObject(row.gold)) return "has no gold object";
  for (const k of ["value", "support_ids"] as const)
    if (!Object.hasOwn(row.gold, k)) return `has no gold.${k}`;
  if (!isObject(row.meta)) return "has no meta object";
  return null;
}

/** `correct` has one entry per scored row and `clusters` (if any) one per `correct` entry. */
function scoreShapeProblems(s: TrapScore): string[] {
  const out: string[] = [];
  if (s.correct.length !== s.rows_scored)
    out.push(`correct has ${s.correct.length} entries for ${s.rows_scored} scored rows`);
  if (s.clusters && s.clusters.length !== s.correct.length)
    out.push(`clusters has ${s.clusters.length} entries for ${s.correct.length} correct entries`);
  return out;
}

/** Every metric the family declares it reads from a split's means, with where it is declared. */
function declaredMetrics(family: TrapFamily, split: TrapSplit, rows: readonly TrapRow[]): [string, string][] {
  const out: [string, string][] = [
    [family.accuracyMetric, "accuracyMetric"],
    [family.headlineMetric, "headlineMetric"],
  ];
  if (split === "canary") {
    out.push([family.canaryMetric ?? family.headlineMetric, "canaryMetric"]);
    return out;
  }
  for (const stage of TRAP_STAGES)
    for (const f of splitFloors(family, stage, split, rows)) out.push([f.metric, `${stage} ${split} floor`]);
  if (split === "holdout") {
    for (const j of family.jitter) out.push([j.metric, "jitter"]);
    for (const f of family.reliabilityFloors ?? []) out.push([f.metric, "reliabilityFloors"]);
  }
  return out;
}

/** Run the conformance suite on one family: the findings, empty when it conforms. */
export function checkTrapFamily(family: TrapFamily, opts: ConformanceOptions = {}): ConformanceFinding[] {
  const findings: ConformanceFinding[] = [];
  const find = (check: string, message: string) => findings.push({ family: family.id, check, message });
  const compat = family.compat ?? "reference-0.1";
  if (!(TRAP_COMPAT as readonly string[]).includes(compat)) find("compat", `unknown dialect ${compat}`);
  const gen = opts.generate ?? family.defaults;

  // Fixtures: byte-stable, seed-sensitive, core-shaped, unique ids, splits as declared.
  let fx: TrapFixtures;
  try {
    fx = family.generate(gen);
  } catch (e) {
    find("generate", `generate(${JSON.stringify(gen)}) throws: ${(e as Error).message}`);
    return findings;
  }
  const bytes = fixtureBytes(fx);
  if (fixtureBytes(family.generate(gen)) !== bytes)
    find("deterministic", "two generate() calls with the same options differ");
  if (!opts.seedless && fixtureBytes(family.generate({ ...gen, seed: gen.seed + 1 })) === bytes)
    find("seed", `seed ${gen.seed + 1} generates the same fixtures as seed ${gen.seed}`);
  const ids = new Set<string>();
  for (const split of TRAP_SPLITS) {
    const rows = fx[split] ?? [];
    const empty = family.emptySplits?.includes(split) ?? false;
    if (empty && rows.length) find("splits", `${split} is declared empty but has ${rows.length} rows`);
    if (!empty && gen[split] > 0 && !rows.length) find("splits", `${split} has no rows`);
    for (const [i, row] of rows.entries()) {
      const problem = rowShapeProblem(row);
      if (problem) find("row-shape", `${split} row ${i} ${problem}`);
      else if (ids.has(row.id)) find("unique-ids", `${split} row ${i}: id ${row.id} is not unique`);
      else ids.add(row.id);
    }
  }
  if (findings.some((f) => f.check === "row-shape")) return findings;

  // Gold as a model would write it: every declared metric is measured, the target floors are met.
  const goldText = opts.goldText ?? goldAnswerText;
  const goldPrediction = (row: TrapRow): TrapPrediction => family.predictionFromText(row, goldText(row));
  const nonEmpty = TRAP_SPLITS.filter((s) => (fx[s] ?? []).length > 0);
  for (const split of nonEmpty) {
    const rows = fx[split];
    const score = family.score(rows, programPredictions(family, rows, goldPrediction));
    for (const p of scoreShapeProblems(score)) find("score-shape", `${split} (gold): ${p}`);
    for (const [metric, where] of declaredMetrics(family, split, rows))
      if (!Object.hasOwn(score.means, metric))
        find("metrics", `${where} metric ${metric} is not among ${split}'s means`);
    if (split !== "canary")
      for (const c of checkFloors(score.means, splitFloors(family, "target", split, rows)))
        if (!c.pass)
          find("gold", `${split}: gold answers give ${c.metric} = ${c.value}, floor ${c.op} ${c.floor}`);
    const lookup = family.score(rows, baselinePredictions(family, rows, "lookup"));
    for (const p of scoreShapeProblems(lookup)) find("score-shape", `${split} (lookup): ${p}`);
  }

  // The dialects: a 1.0 variant proves its answers derivable (oracle 1.0) and out of a lookup's reach.
  if (compat === "1.0") {
    const oracle = family.oraclePrediction;
    if (!oracle) find("oracle", "a 1.0 variant has no oraclePrediction");
    else
      for (const split of nonEmpty.filter((x) => opts.oracleSplits?.includes(x) ?? true)) {
        const s = family.score(fx[split], programPredictions(family, fx[split], oracle));
        const v = s.means[family.accuracyMetric];
        if (v !== 1) find("oracle", `${split}: the oracle scores ${family.accuracyMetric} = ${v}, not 1`);
      }
    const t = trapTableRow(family);
    if (t.lookup_below_floor !== true)
      find(
        "ceiling",
        `the lookup's holdout ${t.headline} (${t.holdout.lookup}) is not below its target floor`,
      );
    for (const p of ["lookup", "fold"] as const)
      if (t.meets_target.includes(p)) find("ceiling", `the ${p} program meets every target floor`);
  } else if (family.oraclePrediction)
    find("oracle", "a reference-0.1 port ships no oracle (answers are looked up)");
  return findings;
}
