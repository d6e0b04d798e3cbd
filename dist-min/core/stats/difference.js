/**
 * Interval on a difference of two means over the same clusters — GEB's instruction_gap =
 * clean_acc − instruction_acc, both from rows of the same episodes. Each cluster carries both
 * sides' totals and is resampled whole (a joint cluster bootstrap, same draws and canonical
 * order as bootstrap.ts), so the correlation of the two sides inside an episode is kept.
 */
import { quantileSorted, resampleIndexStream } from "./bootstrap.js";
import { resolveStatsOptions } from "./options.js";
import { emptyInterval } from "./wilson.js";
/**
 * mean(a) − mean(b) with a percentile interval. Clusters are matched by key; keyless items are
 * their own clusters. A resample that draws no item of one side has no difference and is left
 * out of the percentiles. Method `bootstrap` when no cluster holds more than one item (of
 * either side together), else `cluster_bootstrap`; `n` counts both sides' items.
 */
export function differenceInterval(a, b, opts = {}) {
    if (a.n === 0 || b.n === 0)
        return emptyInterval();
    const o = resolveStatsOptions(opts);
    const keyed = new Map();
    const rows = [];
    a.forEachCluster((key, s, m) => {
        const t = [s, m, 0, 0];
        if (key === undefined)
            rows.push(t);
        else
            keyed.set(key, t);
    });
    b.forEachCluster((key, s, m) => {
        const t = key === undefined ? undefined : keyed.get(key);
        if (t) {
            t[2] += s;
            t[3] += m;
        }
        else if (key === undefined)
            rows.push([0, 0, s, m]);
        else
            keyed.set(key, [0, 0, s, m]);
    });
    for (const t of keyed.values())
        rows.push(t);
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
        if (ya > 0 && yb > 0)
            reps.push(xa / ya - xb / yb);
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
        method: rows.some((r) => r[1] + r[3] > 1) ? "cluster_bootstrap" : "bootstrap",
    };
}
//# sourceMappingURL=difference.js.map