/** Summary intervals and `geb compare`'s paired test over run payloads' row statistics. */
import { describe, expect, it } from "vitest";
import { mcnemarExact, wilson } from "../../../src/core/stats/index.js";
import type { ModelRunPayload } from "../../../src/geb/pipeline/gebmodel.js";
import { formatDeltas } from "../../../src/geb/summary/compare.js";
import { pairedRateComparisons, pooledIntervals, runIntervals } from "../../../src/geb/summary/intervals.js";
import type { RowStat } from "../../../src/geb/summary/rowstats.js";

const row = (id: string, episode: string | null, ok: boolean, trial = 0): RowStat =>
  ({ id, trial, episode_id: episode, value_ok: ok, exact_ok: ok }) as unknown as RowStat;

const run = (rows: RowStat[]): ModelRunPayload => {
  const first = rows.filter((r) => r.trial === 0);
  const acc = first.filter((r) => r.value_ok).length / first.length;
  return { retrieval_stats: rows, metrics: { value_acc: acc, exact_acc: acc } } as unknown as ModelRunPayload;
};

describe("summary intervals", () => {
  it("a run without episodes: Wilson on its first trial, value = the payload's metric", () => {
    const rows = Array.from({ length: 24 }, (_, i) => row(`q${i}`, null, i < 7));
    // A second trial must not count (metrics report trial 0).
    rows.push(...Array.from({ length: 24 }, (_, i) => row(`q${i}`, null, true, 1)));
    const iv = runIntervals(run(rows));
    expect(iv.value_acc).toEqual(wilson(7, 24));
  });

  it("a run whose rows do not reproduce its metric gets no interval", () => {
    const p = run([row("a", "E0001", true), row("b", "E0001", false)]);
    (p.metrics as unknown as Record<string, number>).value_acc = 0.75;
    expect(runIntervals(p).value_acc).toBeNull();
  });

  it("pooled: twins and trials of an episode are one cluster per run", () => {
    const rows = [
      row("E0001-Q001", "E0001", true),
      row("E0001T-Q001", "E0001T", true),
      row("E0002-Q001", "E0002", false),
      row("E0002-Q001", "E0002", false, 1),
    ];
    const b = pooledIntervals([run(rows), run(rows)]);
    expect(b.metrics.value_acc).toMatchObject({ n: 8, n_clusters: 4, method: "wilson_cluster", value: 0.5 });
  });
});

describe("paired comparison of two runs", () => {
  it("independent items: exact McNemar on the discordant items, other − base", () => {
    // 12 items only `other` gets right, 3 only `base`, 9 both.
    const base: RowStat[] = [];
    const other: RowStat[] = [];
    for (let i = 0; i < 24; i++) {
      base.push(row(`q${i}`, null, i >= 12 && i < 15 ? true : i >= 15));
      other.push(row(`q${i}`, null, i < 12 || i >= 15));
    }
    const r = pairedRateComparisons([run(base)], [run(other)]);
    if (!r.paired) throw new Error(r.reason);
    const c = r.comparisons.value_acc;
    expect(c).toMatchObject({ method: "mcnemar_exact", a_only: 12, b_only: 3, n: 24, significant: true });
    expect(c.p_value).toBe(mcnemarExact(12, 3));
    expect(c.diff).toBeCloseTo(9 / 24, 15);
  });

  it("queries sharing episodes: the paired cluster bootstrap", () => {
    const base: RowStat[] = [];
    const other: RowStat[] = [];
    for (let e = 0; e < 5; e++)
      for (let q = 0; q < 6; q++) {
        base.push(row(`E${e}-Q${q}`, `E${e}`, false));
        other.push(row(`E${e}-Q${q}`, `E${e}`, e < 2));
      }
    const r = pairedRateComparisons([run(base)], [run(other)]);
    if (!r.paired) throw new Error(r.reason);
    expect(r.comparisons.value_acc.method).toBe("paired_bootstrap");
    expect(r.comparisons.value_acc.n_clusters).toBe(5);
  });

  it("refuses to pair rows of different datasets that reuse ids", () => {
    const a = [{ ...row("E0001-Q001", "E0001", true), gold_value: "red", key: "k1" }] as RowStat[];
    const b = [{ ...row("E0001-Q001", "E0001", true), gold_value: "blue", key: "k1" }] as RowStat[];
    const r = pairedRateComparisons([run(a)], [run(b)]);
    expect(r).toEqual({ paired: false, reason: expect.stringMatching(/not the same dataset/) });
  });

  it("refuses to pair when a side grades an item twice, and says so in the table", () => {
    const rows = [row("a", null, true)];
    const r = pairedRateComparisons([run(rows), run(rows)], [run(rows)]);
    expect(r.paired).toBe(false);
    const lines = formatDeltas([
      { metric: "value_acc", base: 1, other: 1, delta: 0, significant: null, note: r.paired ? "" : r.reason },
    ]);
    expect(lines.at(-1)).toMatch(/^no paired test: a side holds several runs/);
  });
});

describe("compare table", () => {
  it("prints the interval, p-value, the test used and the minimum detectable difference", () => {
    const lines = formatDeltas([
      {
        metric: "value_acc",
        base: 0.5,
        other: 0.875,
        delta: 0.375,
        ci_low: 0.2,
        ci_high: 0.55,
        p_value: 0.0042,
        significant: true,
        method: "mcnemar_exact",
        n_paired: 24,
      },
      { metric: "cite_f1", base: 0.5, other: 0.6, delta: 0.1 },
    ]);
    expect(lines[1]).toMatch(/^value_acc .* \+0\.3750 {2}\[0\.20, 0\.55\] +0\.004 +significant$/);
    expect(lines[2]).toMatch(/^cite_f1 .*\+0\.1000$/);
    // scipy norm.ppf: (1.95996 + 0.84162)·√(0.5/24) = 0.4044
    expect(lines.at(-1)).toMatch(/minimum detectable difference at n=24 .*: 0\.40;/);
  });
});
