"""Independent expected values for tests/core/stats/*.test.ts.

Run: python3 tests/core/stats/expected.py   (needs scipy + numpy; not run by the test suite)
Wilson bounds: scipy.stats.binomtest(...).proportion_ci(method="wilson").
Exact McNemar: scipy.stats.binomtest(min(b, c), b + c, 0.5) two-sided p-value.
Normal quantiles: scipy.stats.norm.ppf.
Cluster bootstrap: written here from the definition (resample clusters with CPython's
random.Random(seed).randrange(K), ratio mean, numpy.quantile method="linear"), with clusters in
the canonical order docs/statistics.md states (by sum, then size).
"""
import json
import random

import numpy as np
from scipy.stats import binomtest, norm

out = {}
out["wilson"] = []
for k, n, level in [(0, 10, 0.95), (10, 10, 0.95), (7, 24, 0.95), (19, 39, 0.95), (1, 1, 0.95),
                    (50, 100, 0.95), (19, 39, 0.90), (19, 39, 0.99), (3, 1000, 0.95)]:
    ci = binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    out["wilson"].append([k, n, level, float(ci.low), float(ci.high)])
out["mcnemar"] = []
for b, c in [(0, 1), (3, 12), (10, 10), (0, 6), (25, 40), (1, 30), (7, 3), (500, 560)]:
    out["mcnemar"].append([b, c, float(binomtest(min(b, c), b + c, 0.5).pvalue)])
out["ppf"] = [[p, float(norm.ppf(p))] for p in [0.975, 0.995, 0.95, 0.8, 0.5, 1e-10, 0.02425, 0.3]]
z = norm.ppf(0.975) + norm.ppf(0.8)
out["mdd"] = [[n, float(z * np.sqrt(2 * 0.25 / n))] for n in [24, 39, 100]]


def cluster_boot(values, clusters, B, seed, level):
    groups = {}
    for v, c in zip(values, clusters):
        s, m = groups.get(c, (0.0, 0))
        groups[c] = (s + v, m + 1)
    tot = sorted(groups.values())
    rng = random.Random(seed)
    K = len(tot)
    reps = []
    for _ in range(B):
        s = 0.0
        m = 0
        for _ in range(K):
            i = rng.randrange(K)
            s += tot[i][0]
            m += tot[i][1]
        reps.append(s / m)
    reps = np.array(reps)
    a = (1 - level) / 2
    return (float(np.quantile(reps, a, method="linear")), float(np.quantile(reps, 1 - a, method="linear")),
            float(np.var(reps, ddof=1)))


# 8 episodes x 3 queries of a continuous metric.
vals = [0.1, 0.2, 0.15, 0.9, 0.8, 0.85, 0.5, 0.55, 0.6, 0.3, 0.25, 0.2, 1.0, 0.95, 0.9, 0.0, 0.05, 0.1,
        0.7, 0.75, 0.65, 0.4, 0.45, 0.35]
cl = [i // 3 for i in range(len(vals))]
out["boot_continuous"] = {"values": vals, "clusters": cl, "B": 2000, "seed": 0,
                          "ci": cluster_boot(vals, cl, 2000, 0, 0.95)[:2]}
# binary, 6 clusters of 4 (all-or-nothing within most clusters).
bins = [1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0]
cb = [i // 4 for i in range(len(bins))]
lo, hi, var = cluster_boot(bins, cb, 2000, 7, 0.95)
k, n = sum(bins), len(bins)
p = k / n
deff = max(1.0, var / (p * (1 - p) / n))
neff = n / deff
zz = norm.ppf(0.975)
centre = (p + zz * zz / (2 * neff)) / (1 + zz * zz / neff)
half = zz * np.sqrt(p * (1 - p) / neff + zz * zz / (4 * neff * neff)) / (1 + zz * zz / neff)
out["wilson_cluster"] = {"values": bins, "clusters": cb, "B": 2000, "seed": 7, "deff": deff,
                         "ci": [float(centre - half), float(centre + half)]}
# Difference of two means over shared clusters (instruction_gap = clean_acc − instruction_acc):
# clusters carry (sum_a, n_a, sum_b, n_b), sorted as tuples, resampled whole; resamples without
# one side's items are left out.
def joint_boot(a, b, B, seed, level):
    g = {}
    for v, c in a:
        t = g.setdefault(c, [0.0, 0, 0.0, 0]); t[0] += v; t[1] += 1
    for v, c in b:
        t = g.setdefault(c, [0.0, 0, 0.0, 0]); t[2] += v; t[3] += 1
    rows = sorted(tuple(t) for t in g.values())
    rng = random.Random(seed)
    K = len(rows)
    reps = []
    for _ in range(B):
        xa = ya = xb = yb = 0
        for _ in range(K):
            t = rows[rng.randrange(K)]
            xa += t[0]; ya += t[1]; xb += t[2]; yb += t[3]
        if ya > 0 and yb > 0:
            reps.append(xa / ya - xb / yb)
    reps = np.array(reps)
    al = (1 - level) / 2
    return [float(np.quantile(reps, al, method="linear")), float(np.quantile(reps, 1 - al, method="linear"))]


clean = [(1 if (e + q) % 3 else 0, e) for e in range(7) for q in range(3)]
instr = [(1 if e % 2 else 0, e) for e in range(7) for q in range(2) if e != 3]
out["difference"] = {"clean": clean, "instr": instr, "seed": 0, "ci": joint_boot(clean, instr, 2000, 0, 0.95)}

# 2100 singleton clusters × 2000 resamples: more draws than the kept index table holds (streamed).
big = [(i * 7919) % 13 for i in range(2100)]
out["boot_streamed"] = {"seed": 3, "ci": cluster_boot(big, list(range(2100)), 2000, 3, 0.95)[:2]}
print(json.dumps(out, indent=1))
