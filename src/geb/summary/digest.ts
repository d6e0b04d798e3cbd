/**
 * A run folded for summaries: everything `summarizeRuns`, its intervals and the diagnosis
 * read from a run's per-row statistics, computed in one place from those rows, so a caller
 * can drop the rows afterwards. A sweep digests each cell as it finishes (or as it is read
 * back) and keeps only the digests: memory is one cell's rows plus small per-run tables
 * instead of every row of every cell (docs/geb/sweeps.md). Summaries built from digests are
 * the same bytes as summaries built from the rows (one implementation: `summarizeRuns`
 * digests its payloads first).
 */
import { ClusterAccumulator } from "../../core/stats/bootstrap.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import {
  type BucketCounts,
  bucketTable,
  countRows,
  type DecompositionCounts,
  DEFAULT_EDGES,
  type DriftCounts,
  type RecencyField,
} from "./decomposition.js";
import { cachedItems, ItemTable } from "./items.js";
import { driftItems, episodeOf, evidenceExamples } from "./row-metrics.js";
import type { RowStat } from "./rowstats.js";

export type RecencyEdges = Record<RecencyField, readonly number[]>;

export interface RunDigest {
  /** The run without its rows (`retrieval_stats` is empty): metrics, labels, decomposition. */
  payload: ModelRunPayload;
  edges: RecencyEdges;
  /** Graded rows (every trial). */
  rows: number;
  valueOk: number;
  exactOk: number;
  /** `countRows` and `driftCounts` of the rows (the drift counts read off the drift items). */
  counts: DecompositionCounts;
  drift: DriftCounts;
  /** `recencyBuckets` of the rows, per field (from the recency items' accumulators). */
  recency: Record<RecencyField, BucketCounts[]>;
  /** Interval items, clusters named by episode (a summary prefixes them by run). */
  items: {
    /** The run metrics over the first trial (`runMetricItems`). */
    metrics: ItemTable;
    /** The decomposition rates over every row (`runDecompositionItems`). */
    decomposition: ItemTable;
    /** `<field>.<bucket>.value_acc|exact_acc` over every row. */
    recency: ItemTable;
    /** `driftItems` over every row. */
    drift: ItemTable;
    /** value_acc / exact_acc over every row (the summary's `pooled`). */
    pooled: { value_acc: ClusterAccumulator; exact_acc: ClusterAccumulator };
  };
  /** The first wrong answers with gold present (`evidenceExamples`, at most 3). */
  examples: Record<string, unknown>[];
}

const edgesKey = (e: RecencyEdges): string => JSON.stringify(e);

const digests = new WeakMap<ModelRunPayload, { rows: unknown; n: number; key: string; d: RunDigest }>();

/**
 * The digest of a run's rows with these recency edges (kept per payload while its row list
 * is the same array of the same length).
 */
export function digestRun(p: ModelRunPayload, edges: RecencyEdges = DEFAULT_EDGES): RunDigest {
  const rows = p.retrieval_stats ?? [];
  const key = edgesKey(edges);
  const hit = digests.get(p);
  if (hit && hit.rows === p.retrieval_stats && hit.n === rows.length && hit.key === key) return hit.d;
  const folded = foldRows(rows, edges);
  const drift = new ItemTable(() => "rate");
  driftItems(rows, (m, v, e) => drift.add(m, v, e));
  const d: RunDigest = {
    payload: { ...p, retrieval_stats: [] },
    edges,
    rows: rows.length,
    valueOk: folded.valueOk,
    exactOk: folded.exactOk,
    counts: countRows(rows),
    drift: driftCountsOf(drift),
    recency: folded.buckets,
    items: {
      metrics: cachedItems(p, "metrics"),
      decomposition: cachedItems(p, "decomposition"),
      recency: folded.recency,
      drift,
      pooled: folded.pooled,
    },
    examples: evidenceExamples(rows),
  };
  digests.set(p, { rows: p.retrieval_stats, n: rows.length, key, d });
  return d;
}

/**
 * The per-row pass: pooled value/exact outcomes and recency items, clustered by episode. Its
 * own function (not inlined into `digestRun`): one small loop for the optimising compiler.
 */
function foldRows(rows: readonly RowStat[], edges: RecencyEdges) {
  const pooled = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  const fields = Object.keys(edges) as RecencyField[];
  const edgeLists = fields.map((f) => edges[f]);
  // One accumulator per field × bucket (value, exact), made when a row first lands there.
  const valueAccs: (ClusterAccumulator | undefined)[][] = fields.map(() => []);
  const exactAccs: (ClusterAccumulator | undefined)[][] = fields.map(() => []);
  const st = { valueOk: 0, exactOk: 0 };
  for (let i = 0; i < rows.length; i++) foldRow(rows[i], st, pooled, fields, edgeLists, valueAccs, exactAccs);
  const { valueOk, exactOk } = st;
  // Items named `<field>.<bucket>.value_acc|exact_acc`, as the summary looks them up, and
  // each field's bucket counts (`recencyBuckets` of the rows) from the same accumulators.
  const recency = new ItemTable(() => "rate");
  const buckets = {} as Record<RecencyField, BucketCounts[]>;
  fields.forEach((f, j) => {
    const { labels, los } = bucketTable(edges[f]);
    const list: BucketCounts[] = [];
    valueAccs[j].forEach((va, b) => {
      const xa = exactAccs[j][b];
      if (!va || !xa) return;
      recency.m.set(`${f}.${labels[b]}.value_acc`, { kind: "rate", acc: va });
      recency.m.set(`${f}.${labels[b]}.exact_acc`, { kind: "rate", acc: xa });
      list.push({ bucket: labels[b], lo: los[b], n: va.n, value_ok: va.sum(), exact_ok: xa.sum() });
    });
    buckets[f] = list.sort((a, b) => a.lo - b.lo);
  });
  return { valueOk, exactOk, recency, pooled, buckets };
}

/** One row of `foldRows` (its own function: the loop around it stays small to compile). */
function foldRow(
  r: RowStat,
  st: { valueOk: number; exactOk: number },
  pooled: { value_acc: ClusterAccumulator; exact_acc: ClusterAccumulator },
  fields: readonly RecencyField[],
  edgeLists: readonly (readonly number[])[],
  valueAccs: (ClusterAccumulator | undefined)[][],
  exactAccs: (ClusterAccumulator | undefined)[][],
): void {
  const cl = episodeOf(r);
  const v = r.value_ok ? 1 : 0;
  const x = r.exact_ok ? 1 : 0;
  st.valueOk += v;
  st.exactOk += x;
  pooled.value_acc.add(v, cl);
  pooled.exact_acc.add(x, cl);
  for (let j = 0; j < fields.length; j++) {
    const f = r[fields[j]];
    if (typeof f !== "number") continue;
    // The bucket index as `recencyBuckets` finds it.
    const e = edgeLists[j];
    let b = 0;
    while (b < e.length && !(f < e[b])) b++;
    let va = valueAccs[j][b];
    let xa = exactAccs[j][b];
    if (va === undefined || xa === undefined) {
      va = new ClusterAccumulator();
      xa = new ClusterAccumulator();
      valueAccs[j][b] = va;
      exactAccs[j][b] = xa;
    }
    va.add(v, cl);
    xa.add(x, cl);
  }
}

/** `driftCounts` of the rows, read off their drift items (each count is a sum or a size). */
function driftCountsOf(items: ItemTable): DriftCounts {
  const n = (m: string) => items.get(m)?.acc.n ?? 0;
  const sum = (m: string) => items.get(m)?.acc.sum() ?? 0;
  return {
    steps_total: n("step_rate"),
    steps_drift: sum("step_rate"),
    steps_persist: sum("persistence_rate"),
    wrong_commit: sum("wrong_commit_rate"),
    episodes_total: n("run_rate"),
    episodes_drift: sum("run_rate"),
  };
}
