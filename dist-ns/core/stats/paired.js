/**
 * Paired comparison of A and B on the same items (two agents, models or configs graded on the
 * same queries/instances): the difference A − B, its interval and a two-sided p-value.
 *
 * - Binary metric, independent items: exact McNemar test (the two-sided binomial test of the
 *   discordant pairs against 1/2; McNemar 1947, exact form as in Agresti 2013 §11.1).
 * - Continuous metric, or any metric with clustered items: paired cluster bootstrap of the
 *   per-item differences; p = 2·min(#{θ* ≤ 0}+1, #{θ* ≥ 0}+1)/(B+1), capped at 1 (percentile
 *   inversion, Davison & Hinkley 1997 §4.4). McNemar assumes independent pairs, so with
 *   clusters we use the bootstrap rather than overstate significance.
 * The interval on the difference is always the paired (cluster) bootstrap percentile interval.
 */
import { ClusterAccumulator, bootstrapReplicates, quantileSorted } from "./bootstrap.js";
import { resolveStatsOptions } from "./options.js";
/** log C(n, i) for i = 0..n by the multiplicative recurrence (exact enough for p-values). */
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
/**
 * Exact two-sided McNemar p-value for `b` pairs where only A succeeded and `c` where only B
 * did: min(1, 2·P(X ≤ min(b, c))), X ~ Binomial(b + c, 1/2). 1 when there are no discordant pairs.
 */
export function mcnemarExact(b, c) {
    if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0)
        throw new RangeError(`McNemar needs non-negative integer counts, got ${b}, ${c}`);
    const n = b + c;
    if (n === 0)
        return 1;
    const k = Math.min(b, c);
    if (n <= 1000) {
        // 2^-n is exact in a double down to n = 1074; the recurrence keeps the small tails exact-ish.
        let pmf = 2 ** -n;
        let tail = pmf;
        for (let i = 1; i <= k; i++) {
            pmf = (pmf * (n - i + 1)) / i;
            tail += pmf;
        }
        return Math.min(1, 2 * tail);
    }
    const lp = logBinomialPmfHalf(n);
    // log-sum-exp of the lower tail, anchored at its largest term (i = k).
    let s = 0;
    for (let i = 0; i <= k; i++)
        s += Math.exp(lp[i] - lp[k]);
    return Math.min(1, 2 * Math.exp(lp[k] + Math.log(s)));
}
/** Collects paired item values (A, B) by cluster; see `compare`. */
export class PairedAccumulator {
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
        if ((a !== 0 && a !== 1) || (b !== 0 && b !== 1))
            this.binaryOnly = false;
        else if (a > b)
            this.aOnly++;
        else if (b > a)
            this.bOnly++;
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
        if (binary && !this.binaryOnly)
            throw new RangeError("binary comparison over non-0/1 values");
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
                method: binary ? "mcnemar_exact" : "paired_bootstrap",
            };
        }
        const a = this.a.sum() / n;
        const b = this.b.sum() / n;
        const t = this.diff.totals();
        let ds = 0;
        for (const s of t.sums)
            ds += s;
        const diff = ds / n;
        const reps = bootstrapReplicates(t, o);
        const alpha = 1 - o.level;
        const lo = Math.min(diff, quantileSorted(reps, alpha / 2));
        const hi = Math.max(diff, quantileSorted(reps, 1 - alpha / 2));
        const useMcNemar = binary && this.diff.independent;
        let p;
        if (useMcNemar)
            p = mcnemarExact(this.aOnly, this.bOnly);
        else {
            let le = 0;
            let ge = 0;
            for (const r of reps) {
                if (r <= 0)
                    le++;
                if (r >= 0)
                    ge++;
            }
            p = Math.min(1, (2 * (Math.min(le, ge) + 1)) / (reps.length + 1));
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
            method: useMcNemar ? "mcnemar_exact" : "paired_bootstrap",
        };
    }
}
/** Array form: a[i], b[i] are item i's values under A and B; clusters[i] its cluster. */
export function comparePaired(a, b, options) {
    if (a.length !== b.length)
        throw new RangeError(`paired arrays differ in length (${a.length}, ${b.length})`);
    if (options.clusters && options.clusters.length !== a.length)
        throw new RangeError("clusters and values differ in length");
    const acc = new PairedAccumulator();
    for (let i = 0; i < a.length; i++)
        acc.add(a[i], b[i], options.clusters?.[i]);
    return acc.compare(options.binary, options);
}
//# sourceMappingURL=paired.js.map