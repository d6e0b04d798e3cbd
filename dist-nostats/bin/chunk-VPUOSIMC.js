import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ClusterAccumulator,
  INTERVALS_SCHEMA_VERSION,
  bootstrapReplicates,
  comparisonMethods,
  intervalMethods,
  normalQuantile,
  quantileSorted,
  resolveStatsOptions
} from "./chunk-Z2F3TC4X.js";
import {
  external_exports,
  registerSchema
} from "./chunk-FE7UWTWL.js";

// src/core/stats/mdd.ts
function minimumDetectableDifference(o) {
  const p = o.p ?? 0.5;
  const alpha = o.alpha ?? 0.05;
  const power = o.power ?? 0.8;
  const deff = Math.max(1, o.deff ?? 1);
  if (!(o.n > 0)) return null;
  if (!(alpha > 0 && alpha < 1) || !(power > 0 && power < 1) || !(p >= 0 && p <= 1))
    throw new RangeError("MDD needs 0 < alpha < 1, 0 < power < 1, 0 \u2264 p \u2264 1");
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  return z * Math.sqrt(2 * p * (1 - p) * deff / o.n);
}

// src/core/stats/paired.ts
function logBinomialPmfHalf(n) {
  const out = new Float64Array(n + 1);
  const log2n = n * Math.LN2;
  let logC = 0;
  out[0] = -log2n;
  for (let i = 1; i <= n; i++) {
    logC += Math.log((n - i + 1) / i);
    out[i] = logC - log2n;
  }
  return out;
}
function mcnemarExact(b, c) {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0)
    throw new RangeError(`McNemar needs non-negative integer counts, got ${b}, ${c}`);
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  if (n <= 1e3) {
    let pmf = 2 ** -n;
    let tail = pmf;
    for (let i = 1; i <= k; i++) {
      pmf = pmf * (n - i + 1) / i;
      tail += pmf;
    }
    return Math.min(1, 2 * tail);
  }
  const lp = logBinomialPmfHalf(n);
  let s = 0;
  for (let i = 0; i <= k; i++) s += Math.exp(lp[i] - lp[k]);
  return Math.min(1, 2 * Math.exp(lp[k] + Math.log(s)));
}
var PairedAccumulator = class {
  a = new ClusterAccumulator();
  b = new ClusterAccumulator();
  diff = new ClusterAccumulator();
  aOnly = 0;
  bOnly = 0;
  binaryOnly = true;
  add(a, b, cluster) {
    this.a.add(a, cluster);
    this.b.add(b, cluster);
    this.diff.add(a - b, cluster);
    if (a !== 0 && a !== 1 || b !== 0 && b !== 1) this.binaryOnly = false;
    else if (a > b) this.aOnly++;
    else if (b > a) this.bOnly++;
  }
  get n() {
    return this.diff.n;
  }
  /** A − B with interval and p-value; `binary` says the metric is a 0/1 outcome per item. */
  compare(binary, opts = {}) {
    const o = resolveStatsOptions(opts);
    const n = this.diff.n;
    const nClusters = this.diff.nClusters;
    const counts = binary ? { a_only: this.aOnly, b_only: this.bOnly } : {};
    if (binary && !this.binaryOnly) throw new RangeError("binary comparison over non-0/1 values");
    if (n === 0) {
      return {
        a: null,
        b: null,
        diff: null,
        ci_low: null,
        ci_high: null,
        p_value: null,
        significant: false,
        n: 0,
        n_clusters: 0,
        ...counts,
        method: binary ? "mcnemar_exact" : "paired_bootstrap"
      };
    }
    const a = this.a.sum() / n;
    const b = this.b.sum() / n;
    const t = this.diff.totals();
    let ds = 0;
    for (const s of t.sums) ds += s;
    const diff = ds / n;
    const reps = bootstrapReplicates(t, o);
    const alpha = 1 - o.level;
    const lo = Math.min(diff, quantileSorted(reps, alpha / 2));
    const hi = Math.max(diff, quantileSorted(reps, 1 - alpha / 2));
    const useMcNemar = binary && this.diff.independent;
    let p;
    if (useMcNemar) p = mcnemarExact(this.aOnly, this.bOnly);
    else {
      let le = 0;
      let ge = 0;
      for (const r of reps) {
        if (r <= 0) le++;
        if (r >= 0) ge++;
      }
      p = Math.min(1, 2 * (Math.min(le, ge) + 1) / (reps.length + 1));
    }
    return {
      a,
      b,
      diff,
      ci_low: lo,
      ci_high: hi,
      p_value: p,
      significant: p < alpha,
      n,
      n_clusters: nClusters,
      ...counts,
      method: useMcNemar ? "mcnemar_exact" : "paired_bootstrap"
    };
  }
};

// src/core/stats/schema.ts
var intervalSchema = external_exports.object({
  value: external_exports.number().nullable(),
  ci_low: external_exports.number().nullable(),
  ci_high: external_exports.number().nullable(),
  /** Items the value averages over. */
  n: external_exports.number().int().nonnegative(),
  /** Independent clusters (episodes, instances); equals n when items are independent. */
  n_clusters: external_exports.number().int().nonnegative(),
  method: external_exports.enum(intervalMethods)
}).strict();
var comparisonSchema = external_exports.object({
  a: external_exports.number().nullable(),
  b: external_exports.number().nullable(),
  diff: external_exports.number().nullable(),
  ci_low: external_exports.number().nullable(),
  ci_high: external_exports.number().nullable(),
  p_value: external_exports.number().min(0).max(1).nullable(),
  /** p_value < alpha (the block's 1 − level). */
  significant: external_exports.boolean(),
  /** Paired items (present in both A and B). */
  n: external_exports.number().int().nonnegative(),
  n_clusters: external_exports.number().int().nonnegative(),
  /** Binary metrics: items A got right and B wrong / B right and A wrong (McNemar's b, c). */
  a_only: external_exports.number().int().nonnegative().optional(),
  b_only: external_exports.number().int().nonnegative().optional(),
  method: external_exports.enum(comparisonMethods)
}).strict();
var intervalsMetaSchema = external_exports.object({
  schema_version: external_exports.literal(INTERVALS_SCHEMA_VERSION),
  /** Confidence level of every interval (0.95 ⇒ 95 %); comparisons use alpha = 1 − level. */
  level: external_exports.number().gt(0).lt(1),
  /** Bootstrap resamples and the PyRandom seed they are drawn from. */
  resamples: external_exports.number().int().positive(),
  seed: external_exports.number().int().nonnegative(),
  /** What a cluster is for this artifact (e.g. "episode", "instance"). */
  cluster: external_exports.string().optional()
}).strict();
var intervalsBlockSchema = intervalsMetaSchema.extend({ metrics: external_exports.record(external_exports.string(), intervalSchema) }).strict();
var comparisonsBlockSchema = intervalsMetaSchema.extend({ metrics: external_exports.record(external_exports.string(), comparisonSchema) }).strict();
registerSchema(INTERVALS_SCHEMA_VERSION, intervalsBlockSchema);
registerSchema("core.comparisons.v1", comparisonsBlockSchema);

export {
  minimumDetectableDifference,
  PairedAccumulator
};
