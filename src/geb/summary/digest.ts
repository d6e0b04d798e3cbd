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
  bucketLabeler,
  countRows,
  type DecompositionCounts,
  DEFAULT_EDGES,
  type DriftCounts,
  driftCounts,
  type RecencyField,
  recencyBuckets,
} from "./decomposition.js";
import { evidenceExamples } from "./diagnosis.js";
import { cachedItems, ItemTable } from "./intervals.js";
import { driftItems, episodeOf } from "./row-metrics.js";

export type RecencyEdges = Record<RecencyField, readonly number[]>;

export interface RunDigest {
  /** The run without its rows (`retrieval_stats` is empty): metrics, labels, decomposition. */
  payload: ModelRunPayload;
  edges: RecencyEdges;
  /** Graded rows (every trial). */
  rows: number;
  valueOk: number;
  exactOk: number;
  /** `countRows` and `driftCounts` of the rows. */
  counts: DecompositionCounts;
  drift: DriftCounts;
  /** `recencyBuckets` of the rows, per field. */
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
  const metrics = cachedItems(p, "metrics");
  const decomposition = cachedItems(p, "decomposition");
  const recencyItems = new ItemTable(() => "rate");
  const drift = new ItemTable(() => "rate");
  const pooled = { value_acc: new ClusterAccumulator(), exact_acc: new ClusterAccumulator() };
  // Item names per field and bucket, made once (not per row).
  const fields = (Object.keys(edges) as RecencyField[]).map((f) => {
    const label = bucketLabeler(edges[f]);
    const names = new Map<string, readonly [string, string]>();
    return {
      field: f,
      names: (v: number) => {
        const b = label(v);
        let n = names.get(b);
        if (!n) {
          n = [`${f}.${b}.value_acc`, `${f}.${b}.exact_acc`];
          names.set(b, n);
        }
        return n;
      },
    };
  });
  let valueOk = 0;
  let exactOk = 0;
  for (const r of rows) {
    const cl = episodeOf(r);
    const v = r.value_ok ? 1 : 0;
    const x = r.exact_ok ? 1 : 0;
    valueOk += v;
    exactOk += x;
    pooled.value_acc.add(v, cl);
    pooled.exact_acc.add(x, cl);
    for (const { field, names } of fields) {
      const f = r[field];
      if (typeof f !== "number") continue;
      const [value, exact] = names(f);
      recencyItems.add(value, v, cl);
      recencyItems.add(exact, x, cl);
    }
  }
  driftItems(rows, (m, v, e) => drift.add(m, v, e));
  const recency = {} as Record<RecencyField, BucketCounts[]>;
  for (const f of Object.keys(edges) as RecencyField[]) recency[f] = recencyBuckets(rows, f, edges[f]);
  const d: RunDigest = {
    payload: { ...p, retrieval_stats: [] },
    edges,
    rows: rows.length,
    valueOk,
    exactOk,
    counts: countRows(rows),
    drift: driftCounts(rows),
    recency,
    items: { metrics, decomposition, recency: recencyItems, drift, pooled },
    examples: evidenceExamples(rows),
  };
  digests.set(p, { rows: p.retrieval_stats, n: rows.length, key, d });
  return d;
}
