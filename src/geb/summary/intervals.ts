/**
 * Intervals and paired comparisons over run payloads' per-row statistics (docs/statistics.md):
 * the pooled rates of `geb summarize` (and sweep/model run directories), each run's row of
 * summary.csv, and `geb compare`'s significance. Clusters are episodes (twins join their base
 * episode); trials of one episode fall in the same cluster.
 */
// From the stats modules themselves, not stats/index.js: that re-exports the zod schemas, and
// this module is on the `geb sweep` path, which does not load zod (issue 13).
import { ClusterAccumulator, meanInterval, proportionInterval } from "../../core/stats/bootstrap.js";
import { differenceInterval } from "../../core/stats/difference.js";
import { intervalsMeta, type StatsOptions } from "../../core/stats/options.js";
import { PairedAccumulator } from "../../core/stats/paired.js";
import {
  comparePairedStatistic,
  meanOfDifferencesInterval,
  meanOfMeansInterval,
} from "../../core/stats/runs.js";
import type { Comparison, Interval, IntervalsBlock } from "../../core/stats/schema.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import {
  DECOMPOSITION_ITEM_METRICS,
  DRIFT_ITEM_METRICS,
  decompositionItems,
  driftItems,
  episodeOf,
  RUN_ITEM_METRICS,
  type RunItemMetric,
  runItems,
  twinPairs,
} from "./row-metrics.js";
import type { RunDigest } from "./digest.js";
import { cachedItems, decompKind, ItemTable, type MetricItems } from "./items.js";
import type { RowStat } from "./rowstats.js";
import { getOrCreate } from "../../core/maps.js";

/** Rates every row statistic carries as a 0/1 outcome. */
export const ROW_RATE_METRICS = ["value_acc", "exact_acc"] as const;
export type RowRateMetric = (typeof ROW_RATE_METRICS)[number];

const outcome = (r: RowStat, m: RowRateMetric): number =>
  (m === "value_acc" ? r.value_ok : r.exact_ok) ? 1 : 0;

/** Pooled over every row of every run (the summary's `pooled`), clustered by (run, episode). */
export function pooledIntervals(
  payloads: readonly ModelRunPayload[],
  opts: StatsOptions = {},
): IntervalsBlock {
  const acc = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  payloads.forEach((p, i) => {
    for (const r of p.retrieval_stats ?? []) {
      const e = episodeOf(r);
      const c = e === undefined ? undefined : `${i}\u0000${e}`;
      for (const m of ROW_RATE_METRICS) acc[m].add(outcome(r, m), c);
    }
  });
  const metrics: Record<string, Interval> = {};
  for (const m of ROW_RATE_METRICS) metrics[m] = proportionInterval(acc[m], opts);
  return { ...intervalsMeta(opts, "run × episode"), metrics };
}

/** The items reproduce `stored` (to rounding of a different summation order). */
export function reproduces(value: number | null, stored: unknown): stored is number {
  return value !== null && typeof stored === "number" && Math.abs(value - stored) <= 1e-9;
}

/** The interval with the stored number as its value (the bounds widened to contain it). */
export function withValue(iv: Interval, stored: number): Interval {
  if (iv.ci_low === null || iv.ci_high === null) return iv;
  return { ...iv, value: stored, ci_low: Math.min(iv.ci_low, stored), ci_high: Math.max(iv.ci_high, stored) };
}

/** Interval of one accumulated metric, or null when the items do not give `stored`. */
export function itemInterval(
  e: MetricItems | undefined,
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  if (!e || e.acc.n === 0) return null;
  const iv = e.kind === "rate" ? proportionInterval(e.acc, opts) : meanInterval(e.acc, opts);
  return reproduces(iv.value, stored) ? withValue(iv, stored) : null;
}

/** instruction_gap = clean_acc − instruction_acc over the same episodes (null unless it reproduces). */
function gapInterval(t: ItemTable, stored: unknown, opts: StatsOptions): Interval | null {
  const a = t.get("clean_acc");
  const b = t.get("instruction_acc");
  if (!a || !b || a.acc.n === 0 || b.acc.n === 0) return null;
  const iv = differenceInterval(a.acc, b.acc, opts);
  return reproduces(iv.value, stored) ? withValue(iv, stored) : null;
}

/** Run metrics with an interval in summaries (the payload `metrics` keys). */
export const RUN_INTERVAL_METRICS = [
  ...(Object.keys(RUN_ITEM_METRICS) as RunItemMetric[]),
  "twin_consistency",
  "twin_flip_rate",
  "instruction_gap",
] as const;

/**
 * One run's intervals: every `metrics` rate and mean from its first trial's rows, and every
 * `decomposition` rate from all its rows, clustered by episode. A metric whose rows do not
 * reproduce the payload's own value (a run written before rows carried the grade's per-row
 * fields, a reference-layout run graded under another dialect) gets null rather than an
 * interval around a different number.
 */
export function runIntervals(p: ModelRunPayload, opts: StatsOptions = {}): Record<string, Interval | null> {
  return runIntervalsFrom(p, (which) => cachedItems(p, which), opts);
}

/** `runIntervals` of a digested run (its rows already folded into item tables). */
export function digestIntervals(d: RunDigest, opts: StatsOptions = {}): Record<string, Interval | null> {
  return runIntervalsFrom(d.payload, (which) => d.items[which], opts);
}

function runIntervalsFrom(
  p: ModelRunPayload,
  items: (which: "metrics" | "decomposition") => ItemTable,
  opts: StatsOptions,
): Record<string, Interval | null> {
  const out: Record<string, Interval | null> = {};
  const t = items("metrics");
  const metrics = (p.metrics ?? {}) as unknown as Record<string, unknown>;
  for (const m of RUN_INTERVAL_METRICS)
    out[m] =
      m === "instruction_gap" ? gapInterval(t, metrics[m], opts) : itemInterval(t.get(m), metrics[m], opts);
  const d = p.decomposition as unknown as Record<string, unknown> | null | undefined;
  if (d) {
    const dt = items("decomposition");
    for (const m of Object.keys(DECOMPOSITION_ITEM_METRICS)) out[m] = itemInterval(dt.get(m), d[m], opts);
  }
  return out;
}

/**
 * The mean over runs of a run metric (`overall` / `by_group` of a summary): the weighted
 * cluster bootstrap of `meanOfMeansInterval` over the runs' first-trial items, clustered by
 * (run, episode). Null when a run's items do not reproduce its stored value or the mean over
 * runs is not `stored`.
 */
export function meanOverRunsInterval(
  tables: readonly { t: ItemTable; metrics: Record<string, unknown> }[],
  metric: string,
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  const groups: { acc: ClusterAccumulator | undefined; value: number }[] = [];
  let kind: "rate" | "mean" = "rate";
  for (const { t, metrics } of tables) {
    const v = metrics[metric];
    if (typeof v !== "number") continue;
    const e = t.get(metric);
    if (e) kind = e.kind;
    groups.push({ acc: e?.acc, value: v });
  }
  return meanOfGroupsInterval(groups, kind, stored, opts);
}

/**
 * The mean over groups (runs, datasets) of each group's own value, from each group's items:
 * `meanOfMeansInterval`. Null when a group has no items or its items do not reproduce its
 * value, or the mean is not `stored`: no interval rather than one around another number.
 */
export function meanOfGroupsInterval(
  groups: readonly { acc: ClusterAccumulator | null | undefined; value: number }[],
  kind: "rate" | "mean",
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  const accs: ClusterAccumulator[] = [];
  for (const { acc, value } of groups) {
    if (!acc || acc.n === 0 || !reproduces(acc.sum() / acc.n, value)) return null;
    accs.push(acc);
  }
  if (accs.length === 0) return null;
  const iv = meanOfMeansInterval(accs, kind, opts);
  return reproduces(iv.value, stored) ? withValue(iv, stored) : null;
}

/**
 * The mean over groups of each group's difference mean(a) − mean(b) (instruction_gap,
 * cite_value_gap): `meanOfDifferencesInterval`, with the same refusals as
 * `meanOfGroupsInterval`.
 */
export function meanOfGapsInterval(
  groups: readonly {
    a: ClusterAccumulator | null | undefined;
    b: ClusterAccumulator | null | undefined;
    value: number;
  }[],
  stored: unknown,
  opts: StatsOptions = {},
): Interval | null {
  const pairs: { a: ClusterAccumulator; b: ClusterAccumulator }[] = [];
  for (const { a, b, value } of groups) {
    if (!a || !b || a.n === 0 || b.n === 0 || !reproduces(a.sum() / a.n - b.sum() / b.n, value)) return null;
    pairs.push({ a, b });
  }
  if (pairs.length === 0) return null;
  const iv = meanOfDifferencesInterval(pairs, opts);
  return reproduces(iv.value, stored) ? withValue(iv, stored) : null;
}

/** The items a side's runs cover, keyed by (row id, trial); null when a key repeats. */
function rowsByItem(payloads: readonly ModelRunPayload[]): Map<string, RowStat> | null {
  const m = new Map<string, RowStat>();
  for (const p of payloads)
    for (const r of p.retrieval_stats ?? []) {
      const k = `${r.id}\u0000${r.trial}`;
      if (m.has(k)) return null;
      m.set(k, r);
    }
  return m;
}

export type PairedResult =
  | { paired: true; comparisons: Record<RowRateMetric, Comparison> }
  | { paired: false; reason: string };

/**
 * `other − base` on the items both sides graded (same row id and trial): exact McNemar when
 * items are independent, else the paired cluster bootstrap (by episode). Refused when a side
 * grades an item twice (several runs over the same data), when a shared id has a different
 * gold value or key (different datasets reuse ids), or when the sides share no item.
 */
export function pairedRateComparisons(
  base: readonly ModelRunPayload[],
  other: readonly ModelRunPayload[],
  opts: StatsOptions = {},
): PairedResult {
  const a = rowsByItem(other);
  const b = rowsByItem(base);
  if (!a || !b)
    return {
      paired: false,
      reason: "a side holds several runs over the same items; compare one run with one run",
    };
  const acc = { value_acc: new PairedAccumulator(), exact_acc: new PairedAccumulator() };
  for (const [k, ra] of a) {
    const rb = b.get(k);
    if (!rb) continue;
    // Row ids (`E0001-Q001`) repeat across datasets: pair only rows asking the same thing.
    if (ra.gold_value !== rb.gold_value || ra.key !== rb.key)
      return {
        paired: false,
        reason: `row ${JSON.stringify(ra.id)} has a different gold or key in the two runs: not the same dataset`,
      };
    const c = episodeOf(ra);
    for (const m of ROW_RATE_METRICS) acc[m].add(outcome(ra, m), outcome(rb, m), c);
  }
  if (acc.value_acc.n === 0)
    return { paired: false, reason: "the runs share no graded item (row id and trial)" };
  return {
    paired: true,
    comparisons: {
      value_acc: acc.value_acc.compare(true, opts),
      exact_acc: acc.exact_acc.compare(true, opts),
    },
  };
}

/** The parts of a summary (summarize.ts) the interval block covers. */
export interface SummaryNumbers {
  overall: Record<string, number>;
  overall_postprocessed: Record<string, number>;
  by_group: Record<string, string | number | null>[];
  retrieval: object | null;
  recency: Record<string, { bucket: string; value_acc: number; exact_acc: number }[]>;
  drift: object | null;
}

/** `by_group` entry's name in interval paths: `<state_mode>/<distractor_profile>`. */
export const groupName = (g: Record<string, unknown>): string =>
  `${g.state_mode ?? ""}/${g.distractor_profile ?? ""}`;

/**
 * Every number of a summary with its interval, named by its path in the summary
 * (docs/statistics.md): `value_acc` / `exact_acc` (= `pooled.*`, all rows of all runs),
 * `overall.<m>_mean`, `overall_postprocessed.<m>_mean`, `by_group.<mode>/<profile>.<m>_mean`
 * (means over runs), `retrieval.<rate>`, `recency.<field>.<bucket>.<rate>` and
 * `drift.<rate>` (pooled rows). Clusters: (run, episode). A number the rows do not reproduce
 * has no entry.
 */
export function summaryIntervals(
  digests: readonly RunDigest[],
  s: SummaryNumbers,
  opts: StatsOptions = {},
): IntervalsBlock {
  // Clusters: (run, episode). Each run's items name clusters by episode; pooled tables
  // prefix them by the run's position (as adding every run's rows here would).
  const prefixOf = (i: number) => `${i}\u0000`;
  const pooled = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  digests.forEach((d, i) => {
    for (const m of ROW_RATE_METRICS) pooled[m].merge(d.items.pooled[m], prefixOf(i));
  });
  const metrics: Record<string, Interval> = {};
  for (const m of ROW_RATE_METRICS) metrics[m] = proportionInterval(pooled[m], opts);
  const put = (k: string, iv: Interval | null) => {
    if (iv) metrics[k] = iv;
  };
  // Means over runs: each run's first-trial items. Clusters stay within their run here (the
  // estimators take each run's clusters apart), so the run's own unprefixed table serves.
  const tables = digests.map((d) => ({ p: d.payload, t: d.items.metrics }));
  const meanOver = (
    list: typeof tables,
    field: "metrics" | "metrics_postprocessed",
    means: Record<string, unknown>,
    prefix: string,
  ) => {
    for (const [k, stored] of Object.entries(means)) {
      const m = k.replace(/_mean$/, "");
      const runs = list
        .filter((x) => x.p[field])
        .map((x) => ({ t: x.t, metrics: x.p[field] as unknown as Record<string, unknown> }));
      if (m === "instruction_gap") put(`${prefix}${k}`, gapOverRuns(runs, stored, opts));
      else put(`${prefix}${k}`, meanOverRunsInterval(runs, m, stored, opts));
    }
  };
  meanOver(tables, "metrics", s.overall, "overall.");
  meanOver(tables, "metrics_postprocessed", s.overall_postprocessed, "overall_postprocessed.");
  for (const g of s.by_group) {
    const list = tables.filter(
      (x) =>
        (x.p.state_mode ?? "") === g.state_mode && (x.p.distractor_profile ?? "") === g.distractor_profile,
    );
    const means = Object.fromEntries(Object.entries(g).filter(([k]) => k.endsWith("_mean")));
    meanOver(list, "metrics", means, `by_group.${groupName(g)}.`);
  }
  // Pooled rows: decomposition, recency, drift.
  const decomp = new ItemTable(decompKind);
  const recency = new ItemTable(() => "rate");
  const drift = new ItemTable(() => "rate");
  digests.forEach((d, i) => {
    const prefix = prefixOf(i);
    for (const [m, e] of d.items.decomposition.m) decomp.merge(m, e.acc, prefix);
    for (const [m, e] of d.items.recency.m) recency.merge(m, e.acc, prefix);
    for (const [m, e] of d.items.drift.m) drift.merge(m, e.acc, prefix);
  });
  if (s.retrieval)
    for (const [k, v] of Object.entries(s.retrieval as Record<string, unknown>)) {
      const m = k === "gold_in_context_rate" ? "gold_present_rate" : k;
      if (m in DECOMPOSITION_ITEM_METRICS) put(`retrieval.${k}`, itemInterval(decomp.get(m), v, opts));
    }
  for (const [f, buckets] of Object.entries(s.recency))
    for (const b of buckets)
      for (const m of ["value_acc", "exact_acc"] as const)
        put(`recency.${f}.${b.bucket}.${m}`, itemInterval(recency.get(`${f}.${b.bucket}.${m}`), b[m], opts));
  if (s.drift)
    for (const m of DRIFT_ITEM_METRICS)
      put(`drift.${m}`, itemInterval(drift.get(m), (s.drift as Record<string, unknown>)[m], opts));
  return { ...intervalsMeta(opts, "run × episode"), metrics };
}

/** instruction_gap's mean over runs: mean of (clean_acc − instruction_acc) per run. */
function gapOverRuns(
  runs: readonly { t: ItemTable; metrics: Record<string, unknown> }[],
  stored: unknown,
  opts: StatsOptions,
): Interval | null {
  const groups: { a: ClusterAccumulator | undefined; b: ClusterAccumulator | undefined; value: number }[] =
    [];
  for (const { t, metrics } of runs) {
    const v = metrics.instruction_gap;
    if (typeof v === "number")
      groups.push({ a: t.get("clean_acc")?.acc, b: t.get("instruction_acc")?.acc, value: v });
  }
  return meanOfGapsInterval(groups, stored, opts);
}

export type PairedMetricsResult =
  | { paired: true; n: number; comparisons: Record<string, Comparison> }
  | { paired: false; reason: string };

/**
 * `other − base` for every metric `geb compare` shows, on the rows both sides graded (same
 * row id and trial; refused as `pairedRateComparisons` refuses): value_acc / exact_acc as
 * `pairedRateComparisons` (exact McNemar, or the paired cluster bootstrap); every other metric
 * by the joint episode-cluster bootstrap of its two sides' ratios over the paired rows
 * (`comparePairedStatistic`) — the run metrics over the first trial's rows, the decomposition
 * (named as in the summary's `retrieval`, incl. `gold_in_context_rate`) and
 * `drift_step_rate` over all. A metric no paired row carries is left out.
 */
export function pairedMetricComparisons(
  base: readonly ModelRunPayload[],
  other: readonly ModelRunPayload[],
  opts: StatsOptions = {},
): PairedMetricsResult {
  const rates = pairedRateComparisons(base, other, opts);
  if (!rates.paired) return rates;
  const a = rowsByItem(other) as Map<string, RowStat>;
  const b = rowsByItem(base) as Map<string, RowStat>;
  const pairs: [RowStat, RowStat][] = [];
  for (const [k, ra] of a) {
    const rb = b.get(k);
    if (rb) pairs.push([ra, rb]);
  }
  let first = Number.POSITIVE_INFINITY;
  for (const [ra] of pairs) if (ra.trial < first) first = ra.trial;
  const clusterOf = (r: RowStat) => episodeOf(r) ?? `\u0001${r.id}\u0000${r.trial}`;
  // metric → cluster → [sum other, items other, sum base, items base]
  const vec = new Map<string, Map<string, number[]>>();
  const add = (m: string, cl: string, side: 0 | 1, v: number) => {
    const t = getOrCreate(
      getOrCreate(vec, m, () => new Map<string, number[]>()),
      cl,
      () => [0, 0, 0, 0],
    );
    t[2 * side] += v;
    t[2 * side + 1]++;
  };
  const firstA: RowStat[] = [];
  const firstB: RowStat[] = [];
  for (const [ra, rb] of pairs) {
    const cl = clusterOf(ra);
    if (ra.trial === first) {
      firstA.push(ra);
      firstB.push(rb);
      runItems(ra, (m, v) => add(m, cl, 0, v));
      runItems(rb, (m, v) => add(m, cl, 1, v));
    }
    decompositionItems(ra, (m, v) => add(`d:${m}`, cl, 0, v));
    decompositionItems(rb, (m, v) => add(`d:${m}`, cl, 1, v));
  }
  for (const [side, rows] of [
    [0, firstA],
    [1, firstB],
  ] as const)
    for (const t of twinPairs(rows)) {
      add("twin_consistency", t.group, side, t.consistent ? 1 : 0);
      if (t.flipped !== null) add("twin_flip_rate", t.group, side, t.flipped ? 1 : 0);
    }
  driftItems(
    pairs.map((x) => x[0]),
    (m, v, e) => m === "step_rate" && add("drift_step_rate", e ?? "", 0, v),
  );
  driftItems(
    pairs.map((x) => x[1]),
    (m, v, e) => m === "step_rate" && add("drift_step_rate", e ?? "", 1, v),
  );
  const ratio = (s: number, c: number) => (c > 0 ? s / c : null);
  const diffOf = (t: ArrayLike<number>) => {
    const x = ratio(t[0], t[1]);
    const y = ratio(t[2], t[3]);
    return x === null || y === null ? null : x - y;
  };
  const compareVec = (m: string): Comparison | null => {
    const byCl = vec.get(m);
    if (!byCl) return null;
    const vs = [...byCl.values()];
    const tot = [0, 0, 0, 0];
    for (const v of vs) for (let d = 0; d < 4; d++) tot[d] += v[d];
    if (tot[1] === 0 || tot[3] === 0) return null;
    return comparePairedStatistic(
      vs,
      diffOf,
      { a: ratio(tot[0], tot[1]), b: ratio(tot[2], tot[3]), n: pairs.length },
      opts,
    );
  };
  const comparisons: Record<string, Comparison> = { ...rates.comparisons };
  const put = (name: string, c: Comparison | null) => {
    if (c) comparisons[name] = c;
  };
  for (const m of Object.keys(RUN_ITEM_METRICS)) if (!(m in comparisons)) put(m, compareVec(m));
  put("twin_consistency", compareVec("twin_consistency"));
  put("twin_flip_rate", compareVec("twin_flip_rate"));
  put("drift_step_rate", compareVec("drift_step_rate"));
  for (const m of Object.keys(DECOMPOSITION_ITEM_METRICS)) put(m, compareVec(`d:${m}`));
  if (comparisons.gold_present_rate) comparisons.gold_in_context_rate = comparisons.gold_present_rate;
  // instruction_gap = clean_acc − instruction_acc on each side: a difference of differences.
  const clean = vec.get("clean_acc");
  const instr = vec.get("instruction_acc");
  if (clean && instr) {
    const keys = [...new Set([...clean.keys(), ...instr.keys()])];
    const zero = [0, 0, 0, 0];
    const vs = keys.map((k) => [...(clean.get(k) ?? zero), ...(instr.get(k) ?? zero)]);
    const gap = (t: ArrayLike<number>, side: 0 | 1) => {
      const c = ratio(t[2 * side], t[2 * side + 1]);
      const i = ratio(t[4 + 2 * side], t[5 + 2 * side]);
      return c === null || i === null ? null : c - i;
    };
    const tot = new Float64Array(8);
    for (const v of vs) for (let d = 0; d < 8; d++) tot[d] += v[d];
    const ga = gap(tot, 0);
    const gb = gap(tot, 1);
    if (ga !== null && gb !== null)
      comparisons.instruction_gap = comparePairedStatistic(
        vs,
        (t) => {
          const x = gap(t, 0);
          const y = gap(t, 1);
          return x === null || y === null ? null : x - y;
        },
        { a: ga, b: gb, n: pairs.length },
        opts,
      );
  }
  return { paired: true, n: pairs.length, comparisons };
}
