/**
 * Series helpers of the report charts: which keys vary, config identity and labels, and the
 * interval of a point pooling replicate cells (src/core/report/series.ts).
 */
import { describe, expect, it } from "vitest";
import {
  configId,
  configLabel,
  orderKeys,
  pooledRate,
  varyingKeys,
} from "../../../src/core/report/series.js";
import { wilson } from "../../../src/core/stats/index.js";

describe("report series", () => {
  it("varying keys, identity apart from the plotted variable, labels", () => {
    const a = { baseline: "ledger", steps: 20, k: null };
    const b = { baseline: "naive", steps: 40, k: null };
    const c = { baseline: "ledger", steps: 40 };
    expect(varyingKeys([a, b, c]).sort()).toEqual(["baseline", "steps"]);
    expect(varyingKeys([a, b, c], ["steps"])).toEqual(["baseline"]);
    // A missing key equals null; key order does not matter.
    expect(configId(a, ["steps"])).toBe(configId({ k: null, steps: 99, baseline: "ledger" }, ["steps"]));
    expect(configId(a, ["steps"])).not.toBe(configId(b, ["steps"]));
    expect(configLabel(b, ["baseline", "k"])).toBe("baseline=naive · k=–");
    expect(configLabel(b, [])).toBe("all cells");
    expect(orderKeys(["z", "steps", "a", "baseline"], ["baseline", "steps"])).toEqual([
      "baseline",
      "steps",
      "a",
      "z",
    ]);
  });

  it("pooledRate: one cell keeps its own interval; several pool as clusters; malformed gets none", () => {
    const own = { ...wilson(20, 24), method: "wilson_cluster" as const };
    expect(pooledRate([{ value: 20 / 24, n: 24, interval: own }])).toBe(own);
    // One cell without a stored interval: Wilson on its items.
    expect(pooledRate([{ value: 0.5, n: 24 }])).toEqual(wilson(12, 24));
    const two = pooledRate([
      { value: 1, n: 24 },
      { value: 0, n: 24 },
    ]);
    // Item-weighted value; the two cells disagree completely, so the interval is wider than
    // Wilson on the 48 items as if independent.
    expect(two?.value).toBe(0.5);
    expect(two?.method).toBe("wilson_cluster");
    const naive = wilson(24, 48);
    expect((two?.ci_high as number) - (two?.ci_low as number)).toBeGreaterThan(
      (naive.ci_high as number) - (naive.ci_low as number),
    );
    expect(pooledRate([{ value: 0.5, n: 2.5 }])).toBeNull();
    expect(pooledRate([{ value: 1.5, n: 4 }])).toBeNull();
    expect(pooledRate([{ value: 0.5, n: null }])).toBeNull();
    expect(pooledRate([])).toBeNull();
  });
});
