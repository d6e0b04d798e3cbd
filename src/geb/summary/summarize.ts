/**
 * Summaries over one or more run payloads (the results JSON of `geb model`): per-run metric
 * means (the reference's `overall` / `by_group`), the pooled decomposition with both
 * definitions, recency buckets, drift and instruction metrics. Pure: payloads in, object out.
 */
import type { IntervalsBlock } from "../../core/stats/index.js";
import { BEYOND_ANSWER_METRICS, type Metrics } from "../grade/grade.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import {
  addCounts,
  type BucketCounts,
  DEFAULT_EDGES,
  type DecompositionCounts,
  type DecompositionRates,
  decompositionLine,
  driftMetrics,
  emptyCounts,
  emptyDriftCounts,
  type RecencyField,
  rates,
} from "./decomposition.js";
import { digestRun, type RecencyEdges, type RunDigest } from "./digest.js";
import { summaryIntervals } from "./intervals.js";

export const SUMMARY_SCHEMA = "oraclebench.geb.summary/1";

export const SUMMARY_METRICS = [
  "value_acc",
  "exact_acc",
  "cite_f1",
  ...BEYOND_ANSWER_METRICS,
] as const satisfies readonly (keyof Metrics)[];

export interface RecencyBucket {
  bucket: string;
  n: number;
  value_acc: number;
  exact_acc: number;
}

export interface Summary {
  schema: typeof SUMMARY_SCHEMA;
  runs: number;
  /** Graded rows over all runs and trials. */
  rows: number;
  /** Mean over runs of each metric (runs where it is null are left out), `<metric>_mean`. */
  overall: Record<string, number>;
  /** The same from the reference citation repair, when runs carry it. */
  overall_postprocessed: Record<string, number>;
  by_group: Record<string, string | number | null>[];
  /** Pooled over every row of every run. */
  pooled: { n: number; value_acc: number | null; exact_acc: number | null };
  retrieval:
    | (DecompositionRates & {
        gold_in_context_rate: number | null;
        decomposition_line: string | null;
        counts: DecompositionCounts;
      })
    | null;
  recency: Record<RecencyField, RecencyBucket[]>;
  drift: ReturnType<typeof driftMetrics> | null;
  /**
   * Every number above with its interval, named by its path (`overall.cite_f1_mean`,
   * `retrieval.selection_rate`, `recency.writes_to_key.1-2.value_acc`…; the pooled rates as
   * `value_acc` / `exact_acc`), clustered by run × episode (docs/statistics.md).
   */
  intervals: IntervalsBlock;
}

export interface SummarizeOptions {
  edges?: Partial<Record<RecencyField, readonly number[]>>;
}

function mean(xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

function means(metrics: (Partial<Metrics> | undefined)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of SUMMARY_METRICS) {
    const vals = metrics.map((m) => m?.[k]).filter((x): x is number => typeof x === "number");
    if (vals.length > 0) out[`${k}_mean`] = mean(vals);
  }
  return out;
}

function bucketRates(b: BucketCounts[]): RecencyBucket[] {
  return b.map((x) => ({
    bucket: x.bucket,
    n: x.n,
    value_acc: x.value_ok / x.n,
    exact_acc: x.exact_ok / x.n,
  }));
}

export function summarizeRuns(payloads: readonly ModelRunPayload[], opts: SummarizeOptions = {}): Summary {
  const edges = { ...DEFAULT_EDGES, ...opts.edges };
  return summarizeDigests(
    payloads.map((p) => digestRun(p, edges)),
    edges,
  );
}

/**
 * `summarizeRuns` over runs already folded (`digestRun` with these edges): the same summary,
 * without the rows in memory.
 */
export function summarizeDigests(
  digests: readonly RunDigest[],
  edges: RecencyEdges = DEFAULT_EDGES,
): Summary {
  for (const d of digests)
    if (d.edges !== edges && JSON.stringify(d.edges) !== JSON.stringify(edges))
      throw new RangeError("run digests made with other recency edges than the summary's");
  const payloads = digests.map((d) => d.payload);
  const groups = new Map<string, ModelRunPayload[]>();
  for (const p of payloads) {
    const k = `${p.state_mode ?? ""}\u0000${p.distractor_profile ?? ""}`;
    let l = groups.get(k);
    if (!l) {
      l = [];
      groups.set(k, l);
    }
    l.push(p);
  }
  const byGroup = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, list]) => ({
      state_mode: list[0].state_mode ?? "",
      distractor_profile: list[0].distractor_profile ?? "",
      n: list.length,
      ...means(list.map((p) => p.metrics)),
    }));
  let rows = 0;
  let counts = emptyCounts();
  let eligible = 0;
  let driftRows = 0;
  const drift = emptyDriftCounts();
  let valueOk = 0;
  let exactOk = 0;
  for (const dg of digests) {
    rows += dg.rows;
    valueOk += dg.valueOk;
    exactOk += dg.exactOk;
    const c = dg.counts;
    eligible += c.total;
    counts = addCounts(counts, c);
    const d = dg.drift;
    driftRows += d.steps_total;
    for (const k of Object.keys(drift) as (keyof typeof drift)[]) drift[k] += d[k];
  }
  const pooled = {
    n: rows,
    value_acc: rows ? valueOk / rows : null,
    exact_acc: rows ? exactOk / rows : null,
  };
  const r = rates(counts);
  const out: Omit<Summary, "intervals"> = {
    schema: SUMMARY_SCHEMA,
    runs: payloads.length,
    rows,
    overall: means(payloads.map((p) => p.metrics)),
    overall_postprocessed: means(
      payloads.filter((p) => p.metrics_postprocessed).map((p) => p.metrics_postprocessed),
    ),
    by_group: byGroup,
    pooled,
    retrieval:
      eligible > 0
        ? {
            ...r,
            gold_in_context_rate: r.gold_present_rate,
            decomposition_line: decompositionLine(r, pooled.value_acc),
            counts,
          }
        : null,
    recency: {
      tokens_since_update: bucketRates(mergeBuckets(digests, "tokens_since_update")),
      distractors_since_update: bucketRates(mergeBuckets(digests, "distractors_since_update")),
      writes_to_key: bucketRates(mergeBuckets(digests, "writes_to_key")),
    },
    drift: driftRows > 0 ? driftMetrics(drift) : null,
  };
  return { ...out, intervals: summaryIntervals(digests, out) };
}

/** One field's recency buckets over every run (as `recencyBuckets` over all their rows). */
function mergeBuckets(digests: readonly RunDigest[], field: RecencyField): BucketCounts[] {
  const m = new Map<string, BucketCounts>();
  for (const d of digests)
    for (const b of d.recency[field]) {
      const t = m.get(b.bucket);
      if (t) {
        t.n += b.n;
        t.value_ok += b.value_ok;
        t.exact_ok += b.exact_ok;
      } else m.set(b.bucket, { ...b });
    }
  return [...m.values()].sort((a, b) => a.lo - b.lo);
}
