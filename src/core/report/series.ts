/**
 * Honest series for report charts. A line or a bar group may only join points that differ in
 * the plotted variable alone: every other knob that varies among the plotted points (baseline,
 * model, state mode, profile, steps, k, reranker, authority filter, …) becomes part of the
 * series label instead of being averaged away. Points of one series that share the plotted
 * value (seeds / replicate cells) are pooled with an interval; nothing else is.
 *
 * Spec builders here draw intervals as error bars and reference rules with their own data
 * (a vega-lite rule given only a `datum` and no data draws nothing), and name every layer so
 * a test can find the marks in the rendered SVG: `series_marks` (lines / bars), `ci_marks`
 * (error bars), `threshold_marks` (dashed rule), `wall_marks` (solid rule).
 */
import {
  ClusterAccumulator,
  type Interval,
  proportionInterval,
  type StatsOptions,
  wilson,
} from "../stats/index.js";

export type Scalar = string | number | boolean | null;
/** A point's full configuration, flattened to scalars (seed excluded by the caller). */
export type Config = Record<string, Scalar>;

const text = (v: Scalar): string => (v === null ? "–" : String(v));

/** Keys whose value differs among `configs` (a key missing from one config counts as null). */
export function varyingKeys(configs: readonly Config[], exclude: readonly string[] = []): string[] {
  const keys = new Set<string>();
  for (const c of configs) for (const k of Object.keys(c)) keys.add(k);
  const out: string[] = [];
  for (const k of keys) {
    if (exclude.includes(k)) continue;
    const first = JSON.stringify(configs[0]?.[k] ?? null);
    if (configs.some((c) => JSON.stringify(c[k] ?? null) !== first)) out.push(k);
  }
  return out;
}

/**
 * Canonical identity of a config apart from `exclude` (stable key order), and its label: the
 * `key=value` pairs of the keys in `shown` (in that order), or `fallback` when none vary.
 */
export function configId(c: Config, exclude: readonly string[] = []): string {
  const keys = Object.keys(c)
    .filter((k) => !exclude.includes(k))
    .sort();
  return JSON.stringify(keys.map((k) => [k, c[k] ?? null]));
}

export function configLabel(c: Config, shown: readonly string[], fallback = "all cells"): string {
  return shown.length ? shown.map((k) => `${k}=${text(c[k] ?? null)}`).join(" · ") : fallback;
}

/** Order keys: those in `preferred` first (in that order), then the rest alphabetically. */
export function orderKeys(keys: readonly string[], preferred: readonly string[]): string[] {
  const pref = preferred.filter((k) => keys.includes(k));
  return [...pref, ...keys.filter((k) => !pref.includes(k)).sort()];
}

/** One replicate (a cell): its rate and the number of items it was computed over. */
export interface Replicate {
  value: number;
  n: number | null;
  /** The replicate's own stored interval (e.g. clustered by episode), when it has one. */
  interval?: Interval | null;
}

/**
 * A point that pools replicates (seeds) of one config: the item-weighted rate with an
 * interval. One replicate: its stored interval (else Wilson on its n). Several: the replicates
 * are the clusters (Wilson at the cluster-bootstrap effective size, docs/statistics.md),
 * which also covers between-seed variation. Without item counts the point is the plain mean
 * and has no interval.
 */
export function pooledRate(reps: readonly Replicate[], opts: StatsOptions = {}): Interval | null {
  if (!reps.length) return null;
  if (reps.length === 1 && reps[0].interval && reps[0].interval.value !== null) return reps[0].interval;
  // Only well-formed rates over whole item counts pool (a malformed file gets no interval,
  // never a crash or a made-up one).
  if (
    reps.some(
      (r) =>
        r.n === null ||
        !Number.isSafeInteger(r.n) ||
        r.n <= 0 ||
        !Number.isFinite(r.value) ||
        r.value < 0 ||
        r.value > 1,
    )
  )
    return null;
  // A replicate's count of 1s: its rate times its items (rates are k/n, so this is exact).
  const counts = reps.map((r) => [Math.round(r.value * (r.n as number)), r.n as number] as const);
  // One cluster: the plain Wilson interval on its items (no between-cluster variation to see).
  if (counts.length === 1) return wilson(counts[0][0], counts[0][1], opts.level);
  const acc = new ClusterAccumulator();
  for (const [k, n] of counts) acc.addCluster(k, n);
  return proportionInterval(acc, opts);
}

/** Chart datum fields every interval-carrying point has. */
export interface IntervalFields {
  value: number;
  ci_low: number | null;
  ci_high: number | null;
}

export function intervalFields(iv: Interval | null, fallback: number): IntervalFields {
  return iv && iv.value !== null
    ? { value: iv.value, ci_low: iv.ci_low, ci_high: iv.ci_high }
    : { value: fallback, ci_low: null, ci_high: null };
}

type Obj = Record<string, unknown>;

/** Error bars (named `ci`) for the points that have an interval. */
export function errorBarLayer(x: Obj, extra: Obj = {}, yField = { lo: "ci_low", hi: "ci_high" }): Obj {
  return {
    name: "ci",
    transform: [{ filter: `isValid(datum.${yField.lo}) && isValid(datum.${yField.hi})` }],
    mark: { type: "rule", strokeWidth: 1.5 },
    encoding: {
      x,
      y: { field: yField.lo, type: "quantitative" },
      y2: { field: yField.hi },
      ...extra,
    },
  };
}

/** A horizontal reference rule at `y` (named `threshold`: dashed) with its own data. */
export function thresholdRule(y: number, label: string): Obj {
  return {
    name: "threshold",
    data: { values: [{ threshold: y, label }] },
    mark: { type: "rule", strokeDash: [6, 4], color: "#c0392b", strokeWidth: 1.5 },
    encoding: { y: { field: "threshold", type: "quantitative" }, tooltip: [{ field: "label" }] },
  };
}

/** A vertical reference rule at `x` (named `wall`: solid) with its own data. */
export function wallRule(x: number, label: string): Obj {
  return {
    name: "wall",
    data: { values: [{ wall: x, label }] },
    mark: { type: "rule", color: "#333", strokeWidth: 1.5 },
    encoding: { x: { field: "wall", type: "quantitative" }, tooltip: [{ field: "label" }] },
  };
}
