/**
 * `pilot-analyze`: the DEC-014c/d normal-mode calibration triggers and the DEC-058 per-knob
 * complexity diagnostics over a pilot campaign's run rows. Pure: rows in, payload out (the file
 * adapter is `pilot-analyze-files.ts`).
 *
 * The payload has the official shape (`gf01 pilot-analyze`, official harness bf799d0) key for key
 * and float for float (floats are `PyFloat`, so `json.dumps` output is byte-identical), plus two
 * additive blocks the official one lacks: `quartile_row_check` and `intervals`.
 *
 * One deliberate difference (docs/gf01-study.md): the official rule reads the Q1/Q4 certified
 * rates however few rows a quartile holds — with n < 4 held-out greedy rows Q4 is empty, its rate
 * 0.0, and the trigger fires on no evidence. Here a quartile with fewer than `minQuartileRows`
 * rows makes the discrimination check not evaluable: `triggered` is false, the official verdict
 * is kept in `quartile_row_check.official_triggered`, and without a shortcut trigger the
 * recommendation is `insufficient_data`. `minQuartileRows: 0` reproduces the official output.
 */
import { PyFloat, compareCodePoints, pyInt, pyStr } from "../../core/pyjson.js";
import { intervalsMeta, wilson } from "../../core/stats/index.js";
import type { Interval } from "../../core/stats/index.js";
import { ADAPTATION_FIELDS } from "../artifacts/meta.js";
import { COMPLEXITY_KNOB_KEYS } from "../generate/knobs.js";
import { fsum } from "../report/stats.js";

export const PILOT_ANALYSIS_POLICY = "DEC-014d";
export const COMPLEXITY_POLICY_VERSION = "gf01.complexity_policy.v1";
export const COMPLEXITY_SCORE_METHOD = "mean_normalized_knobs";
/** DEC-058: the four normalized difficulty knobs, equal weights (the generator's complexity keys). */
export { COMPLEXITY_KNOB_KEYS };

export interface PilotAnalyzeOptions {
  evalTrack?: string;
  mode?: string;
  greedyAgentName?: string;
  /** Split ids treated as public (excluded from the held-out greedy scope). */
  publicSplits?: readonly string[];
  sampleTarget?: number;
  discriminationDeltaThreshold?: number;
  discriminationQ4Floor?: number;
  shortcutGoalThreshold?: number;
  shortcutCertifiedFloor?: number;
  /** A held-out quartile with fewer rows makes the discrimination check not evaluable (0 = official). */
  minQuartileRows?: number;
}

export const PILOT_ANALYZE_DEFAULTS = {
  evalTrack: "EVAL-CB",
  mode: "normal",
  greedyAgentName: "BL-01-GreedyLocal",
  publicSplits: ["public_dev", "public_val"] as readonly string[],
  sampleTarget: 240,
  discriminationDeltaThreshold: 0.12,
  discriminationQ4Floor: 0.1,
  shortcutGoalThreshold: 0.4,
  shortcutCertifiedFloor: 0.05,
  minQuartileRows: 4,
} as const;

type Row = Record<string, unknown>;
const F = (x: number): PyFloat => new PyFloat(x);
const Fn = (x: number | null): PyFloat | null => (x === null ? null : new PyFloat(x));

/** Python `bool(row.get(field, dflt))` for JSON values. */
function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v as object).length > 0;
  return true;
}
const flag = (row: Row, field: string, dflt: boolean): boolean => (field in row ? truthy(row[field]) : dflt);
const str = (row: Row, field: string, dflt: string): string => (field in row ? pyStr(row[field]) : dflt);

/** Python `float(v)` for JSON values; undefined where Python raises. */
function pyFloat(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  if (typeof v === "string") {
    const t = v.trim().replace(/_/g, "");
    if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return Number(t);
    if (/^[+-]?(inf|infinity)$/i.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
    if (/^[+-]?nan$/i.test(t)) return Number.NaN;
  }
  return undefined;
}

function rate(rows: readonly Row[], field: string): number {
  if (!rows.length) return 0;
  let k = 0;
  for (const r of rows) if (flag(r, field, false)) k++;
  return k / rows.length;
}

function count(rows: readonly Row[], field: string): number {
  let k = 0;
  for (const r of rows) if (flag(r, field, false)) k++;
  return k;
}

/** The row's complexity map as floats (values Python cannot `float()` are skipped). */
function complexityValues(row: Row): Map<string, number> {
  const c = row.complexity;
  const out = new Map<string, number>();
  if (!c || typeof c !== "object" || Array.isArray(c)) return out;
  for (const [k, v] of Object.entries(c)) {
    const f = pyFloat(v);
    if (f !== undefined) out.set(k, f);
  }
  return out;
}

/** `statistics.fmean` of every complexity value (official: all keys, not only the four knobs). */
function complexityScore(row: Row): number | null {
  const vals = [...complexityValues(row).values()];
  return vals.length ? fsum(vals) / vals.length : null;
}

interface Scored {
  row: Row;
  score: number;
  quartile: string;
}

/** Sort by score (stable) and assign quartiles by index: Q = min(4, ⌊4·idx/n⌋ + 1). */
function assignQuartiles(rows: readonly Row[], score: (r: Row) => number | null): Scored[] {
  const scored: Scored[] = [];
  for (const row of rows) {
    const s = score(row);
    if (s !== null) scored.push({ row, score: s, quartile: "" });
  }
  scored.sort((a, b) => a.score - b.score);
  const n = scored.length;
  scored.forEach((s, idx) => {
    s.quartile = `Q${Math.min(4, Math.floor((idx * 4) / n) + 1)}`;
  });
  return scored;
}

const QUARTILES = ["Q1", "Q2", "Q3", "Q4"] as const;

function quartileStats(scored: readonly Scored[], scoreField: string): Row[] {
  return QUARTILES.map((q) => {
    const bucket = scored.filter((s) => s.quartile === q);
    const rows = bucket.map((s) => s.row);
    const out: Row = {
      quartile: q,
      count: bucket.length,
      certified_rate: F(rate(rows, "valid")),
      goal_rate: F(rate(rows, "goal")),
    };
    if (bucket.length) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (const s of bucket) {
        lo = Math.min(lo, s.score);
        hi = Math.max(hi, s.score);
      }
      out[`${scoreField}_min`] = F(lo);
      out[`${scoreField}_max`] = F(hi);
    }
    return out;
  });
}

const fmean = (xs: readonly number[]): number => fsum(xs) / xs.length;

/** Population Pearson r as the official `pearson_corr` (null for n < 2 or a constant side). */
export function pearsonCorr(x: readonly number[], y: readonly number[]): number | null {
  if (x.length < 2 || y.length < 2 || x.length !== y.length) return null;
  const mx = fmean(x);
  const my = fmean(y);
  const vx = fmean(x.map((v) => (v - mx) ** 2));
  const vy = fmean(y.map((v) => (v - my) ** 2));
  if (vx <= 0 || vy <= 0) return null;
  const cov = fmean(x.map((v, i) => (v - mx) * (y[i] - my)));
  return cov / Math.sqrt(vx * vy);
}

const rateOf = (r: Row): number => (r.certified_rate as PyFloat).value;
const goalOf = (r: Row): number => (r.goal_rate as PyFloat).value;

/** DEC-058 per-knob diagnostics, sorted by |Q1−Q4 certified delta| descending, then knob. */
function knobDiagnostics(rows: readonly Row[]): Row[] {
  const out: Row[] = [];
  for (const knob of COMPLEXITY_KNOB_KEYS) {
    const knobRows: Row[] = [];
    const kv: number[] = [];
    const valid: number[] = [];
    const goal: number[] = [];
    for (const row of rows) {
      const v = complexityValues(row).get(knob);
      if (v === undefined) continue;
      knobRows.push(row);
      kv.push(v);
      valid.push(flag(row, "valid", false) ? 1 : 0);
      goal.push(flag(row, "goal", false) ? 1 : 0);
    }
    const vmin = kv.length ? kv.reduce((a, b) => Math.min(a, b)) : null;
    const vmax = kv.length ? kv.reduce((a, b) => Math.max(a, b)) : null;
    const constant = vmin !== null && vmax !== null && Math.abs(vmax - vmin) <= 1e-12;
    let q1c: number | null = null;
    let q4c: number | null = null;
    let q1g: number | null = null;
    let q4g: number | null = null;
    let quartiles: Row[];
    if (constant) {
      quartiles = [
        {
          quartile: "ALL",
          count: knobRows.length,
          certified_rate: F(rate(knobRows, "valid")),
          goal_rate: F(rate(knobRows, "goal")),
          knob_value_min: Fn(vmin),
          knob_value_max: Fn(vmax),
        },
      ];
    } else {
      // Index-aligned scores (a caller may pass the same row object twice).
      let i = 0;
      quartiles = quartileStats(
        assignQuartiles(knobRows, () => kv[i++]),
        "knob_value",
      );
      q1c = rateOf(quartiles[0]);
      q4c = rateOf(quartiles[3]);
      q1g = goalOf(quartiles[0]);
      q4g = goalOf(quartiles[3]);
    }
    out.push({
      knob,
      row_count: knobRows.length,
      is_constant: constant,
      value_min: Fn(vmin),
      value_max: Fn(vmax),
      q1_certified_rate: Fn(q1c),
      q4_certified_rate: Fn(q4c),
      q1_minus_q4_certified_rate: Fn(q1c === null || q4c === null ? null : q1c - q4c),
      q1_goal_rate: Fn(q1g),
      q4_goal_rate: Fn(q4g),
      q1_minus_q4_goal_rate: Fn(q1g === null || q4g === null ? null : q1g - q4g),
      pearson_corr_certified: Fn(pearsonCorr(kv, valid)),
      pearson_corr_goal: Fn(pearsonCorr(kv, goal)),
      quartile_stats: quartiles,
    });
  }
  const delta = (r: Row): number => Math.abs((r.q1_minus_q4_certified_rate as PyFloat | null)?.value ?? 0);
  return out.sort((a, b) => delta(b) - delta(a) || compareCodePoints(a.knob as string, b.knob as string));
}

const SUMMARY_KEYS = [
  "agent_name",
  "eval_track",
  "mode",
  "renderer_track",
  "renderer_profile_id",
  "play_protocol",
  "scored_commit_episode",
  ...ADAPTATION_FIELDS,
] as const;

type Key = (string | number | boolean)[];

function summaryKey(row: Row): Key {
  const budget = "adaptation_budget_tokens" in row ? pyInt(row.adaptation_budget_tokens) : 0;
  return [
    str(row, "agent_name", "unknown"),
    str(row, "eval_track", "unknown"),
    str(row, "mode", "unknown"),
    str(row, "renderer_track", "unknown"),
    str(row, "renderer_profile_id", "unknown"),
    str(row, "play_protocol", "unknown"),
    flag(row, "scored_commit_episode", true),
    str(row, "adaptation_condition", "unknown"),
    budget ?? -1,
    str(row, "adaptation_data_scope", "unknown"),
    str(row, "adaptation_protocol_id", "unknown"),
  ];
}

/** Python tuple ordering for keys of strings, ints and bools. */
function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    const c =
      typeof x === "string" && typeof y === "string" ? compareCodePoints(x, y) : Number(x) - Number(y);
    if (c !== 0) return c;
  }
  return 0;
}

/** Per-agent slices (audit only): rates and F1 means per official stratum key. */
function agentSummary(rows: readonly Row[]): Row[] {
  const groups = new Map<string, { key: Key; rows: Row[] }>();
  for (const row of rows) {
    const key = summaryKey(row);
    const id = JSON.stringify(key);
    let g = groups.get(id);
    if (!g) {
      g = { key, rows: [] };
      groups.set(id, g);
    }
    g.rows.push(row);
  }
  return [...groups.values()]
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ key, rows: entries }) => {
      const out: Row = {};
      SUMMARY_KEYS.forEach((k, i) => {
        out[k] = key[i];
      });
      out.count = entries.length;
      out.goal_rate = F(rate(entries, "goal"));
      out.certified_rate = F(rate(entries, "valid"));
      out.ap_f1_mean = F(fmean(entries.map((e) => ("ap_f1" in e ? (pyFloat(e.ap_f1) ?? 0) : 0))));
      out.ts_f1_mean = F(fmean(entries.map((e) => ("ts_f1" in e ? (pyFloat(e.ts_f1) ?? 0) : 0))));
      return out;
    });
}

function composite(stats: Row[]): Row {
  const q1 = rateOf(stats[0]);
  const q4 = rateOf(stats[3]);
  return {
    q1_certified_rate: F(q1),
    q4_certified_rate: F(q4),
    q1_minus_q4_certified_rate: F(q1 - q4),
    quartile_stats: stats,
  };
}

/** Wilson interval of the `field` rate over `rows` (n = 0 gives the empty interval). */
const rateInterval = (rows: readonly Row[], field: string): Interval =>
  wilson(count(rows, field), rows.length);

/**
 * The analysis payload for validated strict run rows. `validation` is the campaign's
 * `official_validation.json` (echoed as `official_validation`, like the official command).
 */
export function analyzePilot(
  rows: readonly Row[],
  opts: PilotAnalyzeOptions = {},
  validation?: unknown,
): Record<string, unknown> {
  const o = { ...PILOT_ANALYZE_DEFAULTS, ...stripUndefined(opts) };
  const publicSplits = new Set(o.publicSplits.map((s) => s.trim()).filter(Boolean));
  const modeRows = rows.filter(
    (r) =>
      str(r, "eval_track", "") === o.evalTrack &&
      str(r, "mode", "") === o.mode &&
      flag(r, "scored_commit_episode", true),
  );
  const greedyRows = modeRows.filter((r) => str(r, "agent_name", "") === o.greedyAgentName);
  const heldOutOnly = greedyRows.filter((r) => !publicSplits.has(str(r, "split_id", "")));
  const heldOut = heldOutOnly.length ? heldOutOnly : greedyRows;

  const quartiled = assignQuartiles(heldOut, complexityScore);
  const heldOutStats = quartileStats(quartiled, "complexity_score");
  const mQ1 = rateOf(heldOutStats[0]);
  const mQ4 = rateOf(heldOutStats[3]);
  const delta = mQ1 - mQ4;
  const officialDiscrimination = delta < o.discriminationDeltaThreshold || mQ4 < o.discriminationQ4Floor;
  const quartileCounts = heldOutStats.map((s) => s.count as number);
  const evaluable = quartileCounts.every((c) => c >= o.minQuartileRows);
  const discrimination = evaluable && officialDiscrimination;

  const greedyGoal = rate(heldOut, "goal");
  const greedyM = rate(heldOut, "valid");
  const shortcut = greedyGoal > o.shortcutGoalThreshold && greedyM < o.shortcutCertifiedFloor;

  const ids = new Set<string>();
  for (const r of modeRows) {
    const id = str(r, "instance_id", "");
    if (id.trim()) ids.add(id);
  }
  const oracleRows = rows.filter(
    (r) =>
      str(r, "mode", "") === o.mode &&
      str(r, "eval_track", "") === "EVAL-OC" &&
      str(r, "agent_name", "").toLowerCase().includes("oracle"),
  );
  const oracleMinusGreedy = oracleRows.length ? rate(oracleRows, "valid") - greedyM : null;

  let recommendation = "keep_coefficients";
  if (discrimination || shortcut) recommendation = "recalibrate_normal_window";
  else if (!evaluable) recommendation = "insufficient_data";

  const pooledStats = quartileStats(assignQuartiles(modeRows, complexityScore), "complexity_score");
  const agents = [...new Set(modeRows.map((r) => str(r, "agent_name", "")))]
    .filter(Boolean)
    .sort(compareCodePoints);
  const perAgent: Row = {};
  for (const a of agents)
    perAgent[a] = knobDiagnostics(modeRows.filter((r) => str(r, "agent_name", "") === a));

  const q = (name: string): Row[] => quartiled.filter((s) => s.quartile === name).map((s) => s.row);
  const out: Record<string, unknown> = {
    status: "ok",
    policy_reference: PILOT_ANALYSIS_POLICY,
    complexity_policy_version: COMPLEXITY_POLICY_VERSION,
    complexity_policy: { score_method: COMPLEXITY_SCORE_METHOD, knob_keys: [...COMPLEXITY_KNOB_KEYS] },
    row_count: rows.length,
    analysis_scope: {
      eval_track: o.evalTrack,
      mode: o.mode,
      greedy_agent_name: o.greedyAgentName,
      public_splits: [...publicSplits].sort(compareCodePoints),
      held_out_fallback_used: heldOutOnly.length === 0,
    },
    thresholds: {
      sample_target: o.sampleTarget,
      discrimination_delta_threshold: F(o.discriminationDeltaThreshold),
      discrimination_q4_floor: F(o.discriminationQ4Floor),
      shortcut_goal_threshold: F(o.shortcutGoalThreshold),
      shortcut_certified_floor: F(o.shortcutCertifiedFloor),
    },
    sample_progress: {
      normal_unique_instance_count: ids.size,
      sample_trigger_reached: ids.size >= o.sampleTarget,
    },
    discrimination_check: {
      m_q1: F(mQ1),
      m_q4: F(mQ4),
      m_q1_minus_m_q4: F(delta),
      quartile_stats: heldOutStats,
      triggered: discrimination,
    },
    shortcut_check: {
      goal_rate: F(greedyGoal),
      certified_rate: F(greedyM),
      triggered: shortcut,
      row_count: heldOut.length,
    },
    complexity_diagnostics: {
      scope_rows: { held_out_greedy: heldOut.length, pooled_eval_track_mode: modeRows.length },
      held_out_greedy_composite: composite(heldOutStats),
      pooled_eval_track_mode_composite: composite(pooledStats),
      held_out_greedy_knob_stats: knobDiagnostics(heldOut),
      pooled_eval_track_mode_knob_stats: knobDiagnostics(modeRows),
      per_agent_knob_stats: perAgent,
    },
    oracle_context: {
      oracle_minus_greedy_certified_rate: Fn(oracleMinusGreedy),
      oracle_row_count: oracleRows.length,
    },
    agent_summary: agentSummary(rows),
    recommendation,
    // --- additive (not in the official payload) ---
    quartile_row_check: {
      min_quartile_rows: o.minQuartileRows,
      held_out_quartile_counts: Object.fromEntries(QUARTILES.map((name, i) => [name, quartileCounts[i]])),
      discrimination_evaluable: evaluable,
      official_triggered: officialDiscrimination,
    },
    intervals: {
      ...intervalsMeta(),
      m_q1: rateInterval(q("Q1"), "valid"),
      m_q4: rateInterval(q("Q4"), "valid"),
      shortcut_goal_rate: rateInterval(heldOut, "goal"),
      shortcut_certified_rate: rateInterval(heldOut, "valid"),
    },
  };
  if (validation !== undefined) out.official_validation = validation;
  return out;
}

/** The keys `analyzePilot` adds to the official payload (parity tests strip these). */
export const PILOT_ANALYSIS_EXTRA_KEYS = ["quartile_row_check", "intervals"] as const;

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
