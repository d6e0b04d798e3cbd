import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  PyRandom,
  bitLength
} from "./chunk-NIT377TX.js";

// src/core/stats/ids.ts
var INTERVALS_SCHEMA_VERSION = "core.intervals.v1";
var intervalMethods = [
  "wilson",
  "wilson_cluster",
  "bootstrap",
  "cluster_bootstrap",
  "none"
];
var comparisonMethods = ["mcnemar_exact", "paired_bootstrap"];

// src/core/stats/options.ts
var DEFAULT_LEVEL = 0.95;
var DEFAULT_RESAMPLES = 2e3;
var DEFAULT_SEED = 0;
function resolveStatsOptions(o = {}) {
  const level = o.level ?? DEFAULT_LEVEL;
  const resamples = o.resamples ?? DEFAULT_RESAMPLES;
  const seed = o.seed ?? DEFAULT_SEED;
  if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
  if (!Number.isSafeInteger(resamples) || resamples < 1)
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new RangeError(`seed must be a non-negative integer, got ${seed}`);
  return { level, resamples, seed };
}
function intervalsMeta(o = {}, cluster) {
  const r = resolveStatsOptions(o);
  return {
    schema_version: INTERVALS_SCHEMA_VERSION,
    level: r.level,
    resamples: r.resamples,
    seed: r.seed,
    ...cluster === void 0 ? {} : { cluster }
  };
}

// src/core/stats/normal.ts
var A = [
  3.3871328727963665,
  133.14166789178438,
  1971.5909503065513,
  13731.69376550946,
  45921.95393154987,
  67265.7709270087,
  33430.57558358813,
  2509.0809287301227
];
var B = [
  1,
  42.31333070160091,
  687.1870074920579,
  5394.196021424751,
  21213.794301586597,
  39307.89580009271,
  28729.085735721943,
  5226.495278852546
];
var C = [
  1.4234371107496835,
  4.630337846156546,
  5.769497221460691,
  3.6478483247632045,
  1.2704582524523684,
  0.2417807251774506,
  0.022723844989269184,
  7745450142783414e-19
];
var D = [
  1,
  2.053191626637759,
  1.6763848301838038,
  0.6897673349851,
  0.14810397642748008,
  0.015198666563616457,
  5475938084995345e-19,
  10507500716444169e-25
];
var E = [
  6.657904643501103,
  5.463784911164114,
  1.7848265399172913,
  0.29656057182850487,
  0.026532189526576124,
  0.0012426609473880784,
  27115555687434876e-21,
  20103343992922881e-23
];
var F = [
  1,
  0.599832206555888,
  0.1369298809227358,
  0.014875361290850615,
  7868691311456133e-19,
  18463183175100548e-21,
  1421511758316446e-22,
  20442631033899397e-31
];
function poly(c, x) {
  let s = c[c.length - 1];
  for (let i = c.length - 2; i >= 0; i--) s = s * x + c[i];
  return s;
}
function normalQuantile(p) {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r2 = 0.180625 - q * q;
    return q * poly(A, r2) / poly(B, r2);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let x;
  if (r <= 5) {
    r -= 1.6;
    x = poly(C, r) / poly(D, r);
  } else {
    r -= 5;
    x = poly(E, r) / poly(F, r);
  }
  return q < 0 ? -x : x;
}
function zForLevel(level) {
  if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
  return normalQuantile(1 - (1 - level) / 2);
}

// src/core/stats/wilson.ts
function wilsonBounds(k, n, level = DEFAULT_LEVEL) {
  if (!(n > 0)) throw new RangeError(`Wilson interval needs n > 0, got ${n}`);
  if (!(k >= 0 && k <= n)) throw new RangeError(`Wilson interval needs 0 \u2264 k \u2264 n, got k=${k} n=${n}`);
  const z = zForLevel(level);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
  const low = k === 0 ? 0 : Math.max(0, centre - half);
  const high = k === n ? 1 : Math.min(1, centre + half);
  return [Math.min(low, p), Math.max(high, p)];
}
function wilson(k, n, level = DEFAULT_LEVEL) {
  if (n === 0) return emptyInterval();
  const [lo, hi] = wilsonBounds(k, n, level);
  return { value: k / n, ci_low: lo, ci_high: hi, n, n_clusters: n, method: "wilson" };
}
function emptyInterval() {
  return { value: null, ci_low: null, ci_high: null, n: 0, n_clusters: 0, method: "none" };
}

// src/core/stats/bootstrap.ts
var ClusterAccumulator = class {
  keyed = /* @__PURE__ */ new Map();
  singles = [];
  whole = [];
  multi = false;
  n = 0;
  add(value, cluster) {
    if (!Number.isFinite(value)) throw new RangeError(`statistic over a non-finite value: ${value}`);
    this.n++;
    if (cluster === void 0) {
      this.singles.push(value);
      return;
    }
    const c = this.keyed.get(cluster);
    if (c) {
      c.sum += value;
      c.count++;
    } else this.keyed.set(cluster, { sum: value, count: 1 });
  }
  /**
   * A whole cluster at once: the sum of its items' values and how many items it has (for
   * callers that already keep per-cluster totals, e.g. one map entry per instance for
   * several metrics).
   */
  addCluster(sum, count) {
    if (!Number.isFinite(sum) || !Number.isSafeInteger(count) || count < 1)
      throw new RangeError(`cluster needs a finite sum and a positive item count, got ${sum}, ${count}`);
    this.whole.push([sum, count]);
    this.n += count;
    if (count > 1) this.multi = true;
  }
  get nClusters() {
    return this.keyed.size + this.singles.length + this.whole.length;
  }
  /** True when no cluster holds more than one item (the bootstrap is then item-level). */
  get independent() {
    if (this.multi) return false;
    for (const c of this.keyed.values()) if (c.count > 1) return false;
    return true;
  }
  /** Every cluster's key (undefined for keyless items and whole clusters), item sum and count. */
  forEachCluster(f) {
    for (const v of this.singles) f(void 0, v, 1);
    for (const [k, c] of this.keyed) f(k, c.sum, c.count);
    for (const w of this.whole) f(void 0, w[0], w[1]);
  }
  sum() {
    let s = 0;
    for (const t of this.totals().sums) s += t;
    return s;
  }
  totals() {
    const pairs = this.singles.map((v) => [v, 1]);
    for (const c of this.keyed.values()) pairs.push([c.sum, c.count]);
    for (const w of this.whole) pairs.push([w[0], w[1]]);
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const sums = new Float64Array(pairs.length);
    const counts = new Float64Array(pairs.length);
    pairs.forEach(([s, c], i) => {
      sums[i] = s;
      counts[i] = c;
    });
    return { sums, counts, n: this.n };
  }
};
var INDEX_CACHE_MAX = 1 << 22;
var indexCache = null;
function resampleIndices(seed, resamples, k) {
  const c = indexCache;
  if (c && c.seed === seed && c.resamples === resamples && c.k === k) return c.idx;
  if (resamples * k > INDEX_CACHE_MAX) return null;
  const draw = drawer(seed, k);
  const idx = new Uint32Array(resamples * k);
  for (let j = 0; j < idx.length; j++) idx[j] = draw();
  indexCache = { seed, resamples, k, idx };
  return idx;
}
function drawer(seed, k) {
  if (k >= 2 ** 32) throw new RangeError("bootstrap over 2^32 clusters or more");
  const rng = new PyRandom(seed);
  const shift = 32 - bitLength(k);
  return () => {
    let i = rng.genrandUint32() >>> shift;
    while (i >= k) i = rng.genrandUint32() >>> shift;
    return i;
  };
}
function resampleIndexStream(seed, resamples, k) {
  if (k < 1) throw new RangeError("bootstrap needs at least one cluster");
  const idx = resampleIndices(seed, resamples, k);
  if (!idx) return drawer(seed, k);
  let p = 0;
  return () => idx[p++];
}
function bootstrapReplicates(t, o) {
  const k = t.sums.length;
  if (k === 0) throw new RangeError("bootstrap needs at least one cluster");
  const idx = resampleIndices(o.seed, o.resamples, k);
  const draw = idx ? null : drawer(o.seed, k);
  const out = new Float64Array(o.resamples);
  const { sums, counts } = t;
  for (let b = 0, p = 0; b < o.resamples; b++) {
    let s = 0;
    let m = 0;
    for (let j = 0; j < k; j++, p++) {
      const i = idx ? idx[p] : draw();
      s += sums[i];
      m += counts[i];
    }
    out[b] = s / m;
  }
  return out.sort();
}
function quantileSorted(sorted, q) {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
function variance(xs) {
  let mean = 0;
  for (const x of xs) mean += x;
  mean /= xs.length;
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  return xs.length > 1 ? ss / (xs.length - 1) : 0;
}
function pointMean(t) {
  let s = 0;
  for (const x of t.sums) s += x;
  return s / t.n;
}
function meanInterval(acc, opts = {}) {
  if (acc.n === 0) return emptyInterval();
  const o = resolveStatsOptions(opts);
  const t = acc.totals();
  const value = pointMean(t);
  const reps = bootstrapReplicates(t, o);
  const a = (1 - o.level) / 2;
  return {
    value,
    ci_low: Math.min(value, quantileSorted(reps, a)),
    ci_high: Math.max(value, quantileSorted(reps, 1 - a)),
    n: acc.n,
    n_clusters: acc.nClusters,
    method: acc.independent ? "bootstrap" : "cluster_bootstrap"
  };
}
function proportionInterval(acc, opts = {}) {
  if (acc.n === 0) return emptyInterval();
  const o = resolveStatsOptions(opts);
  const t = acc.totals();
  let k = 0;
  for (const s of t.sums) k += s;
  if (!Number.isInteger(k)) throw new RangeError(`proportion over non-binary values (sum ${k})`);
  const n = acc.n;
  if (acc.independent) return wilson(k, n, o.level);
  const p = k / n;
  const naiveVar = p * (1 - p) / n;
  const deff = naiveVar > 0 ? Math.max(1, variance(bootstrapReplicates(t, o)) / naiveVar) : 1;
  const nEff = n / deff;
  const [lo, hi] = wilsonBounds(p * nEff, nEff, o.level);
  return { value: p, ci_low: lo, ci_high: hi, n, n_clusters: acc.nClusters, method: "wilson_cluster" };
}

// src/core/stats/difference.ts
function differenceInterval(a, b, opts = {}) {
  if (a.n === 0 || b.n === 0) return emptyInterval();
  const o = resolveStatsOptions(opts);
  const keyed = /* @__PURE__ */ new Map();
  const rows = [];
  a.forEachCluster((key, s, m) => {
    const t = [s, m, 0, 0];
    if (key === void 0) rows.push(t);
    else keyed.set(key, t);
  });
  b.forEachCluster((key, s, m) => {
    const t = key === void 0 ? void 0 : keyed.get(key);
    if (t) {
      t[2] += s;
      t[3] += m;
    } else if (key === void 0) rows.push([0, 0, s, m]);
    else keyed.set(key, [0, 0, s, m]);
  });
  for (const t of keyed.values()) rows.push(t);
  rows.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
  let sa = 0;
  let ma = 0;
  let sb = 0;
  let mb = 0;
  for (const r of rows) {
    sa += r[0];
    ma += r[1];
    sb += r[2];
    mb += r[3];
  }
  const value = sa / ma - sb / mb;
  const k = rows.length;
  const next = resampleIndexStream(o.seed, o.resamples, k);
  const reps = [];
  for (let r = 0; r < o.resamples; r++) {
    let xa = 0;
    let ya = 0;
    let xb = 0;
    let yb = 0;
    for (let j = 0; j < k; j++) {
      const t = rows[next()];
      xa += t[0];
      ya += t[1];
      xb += t[2];
      yb += t[3];
    }
    if (ya > 0 && yb > 0) reps.push(xa / ya - xb / yb);
  }
  const sorted = Float64Array.from(reps).sort();
  const alpha = (1 - o.level) / 2;
  const lo = sorted.length ? quantileSorted(sorted, alpha) : value;
  const hi = sorted.length ? quantileSorted(sorted, 1 - alpha) : value;
  return {
    value,
    ci_low: Math.min(value, lo),
    ci_high: Math.max(value, hi),
    n: a.n + b.n,
    n_clusters: k,
    method: rows.some((r) => r[1] + r[3] > 1) ? "cluster_bootstrap" : "bootstrap"
  };
}

export {
  INTERVALS_SCHEMA_VERSION,
  intervalMethods,
  comparisonMethods,
  resolveStatsOptions,
  intervalsMeta,
  normalQuantile,
  wilson,
  ClusterAccumulator,
  bootstrapReplicates,
  quantileSorted,
  meanInterval,
  proportionInterval,
  differenceInterval
};
