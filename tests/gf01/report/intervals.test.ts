/** GF-01 report groups carry intervals on their rates (docs/statistics.md). */
import { describe, expect, it } from "vitest";
import { intervalsBlockSchema, wilson } from "../../../src/core/stats/index.js";
import { gf01ReportDoc } from "../../../src/gf01/report/html.js";
import { ReportBuilder, type ReportGroup, formatReportTable } from "../../../src/gf01/report/report.js";

const row = (instance: string, valid: boolean, ap = valid ? 1 : 0.25) => ({
  instance_id: instance,
  agent_name: "BL-01-GreedyLocal",
  eval_track: "EVAL-CB",
  valid,
  goal: valid,
  ap_f1: ap,
  ts_f1: ap,
  certificate: [],
});

describe("gf01 report intervals", () => {
  it("one row per instance: Wilson on certified/goal, bootstrap on F1, values equal the group's", () => {
    const b = new ReportBuilder();
    for (let i = 0; i < 39; i++) b.add(row(`i${i}`, i < 19));
    const rep = b.finish();
    const g = (rep.groups as ReportGroup[])[0];
    const iv = intervalsBlockSchema.parse(g.intervals);
    expect(iv.cluster).toBe("instance_id");
    expect(iv.metrics.certified_rate).toEqual(wilson(19, 39));
    expect(iv.metrics.certified_rate.value).toBe(g.certified_rate);
    expect(iv.metrics.ap_f1_mean).toMatchObject({
      value: g.ap_f1_mean,
      method: "bootstrap",
      n: 39,
      n_clusters: 39,
    });
    const table = formatReportTable(rep);
    // scipy binomtest(19, 39).proportion_ci("wilson") = [0.3387, 0.6380]
    expect(table).toContain("0.487 [0.34, 0.64]");
    expect(table).toMatch(/minimum detectable difference .* n=39: 0\.32/);
  });

  it("repeated attempts at an instance are one cluster: interval wider than naive Wilson", () => {
    const b = new ReportBuilder();
    // 8 instances × 5 attempts, each instance solved every time or never.
    for (let i = 0; i < 8; i++) for (let k = 0; k < 5; k++) b.add(row(`i${i}`, i < 4));
    const g = (b.finish().groups as ReportGroup[])[0];
    const c = g.intervals.metrics.certified_rate;
    const naive = wilson(20, 40);
    expect(c.method).toBe("wilson_cluster");
    expect(c.n_clusters).toBe(8);
    expect((c.ci_high as number) - (c.ci_low as number)).toBeGreaterThan(
      1.5 * ((naive.ci_high as number) - (naive.ci_low as number)),
    );
  });

  it("is byte-identical across runs (fixed seed)", () => {
    const mk = () => {
      const b = new ReportBuilder();
      for (let i = 0; i < 30; i++) b.add(row(`i${i % 7}`, i % 3 === 0, (i % 5) / 5));
      return JSON.stringify(b.finish());
    };
    expect(mk()).toBe(mk());
  });

  it("HTML tables show `value [lo, hi]` next to every rate", () => {
    const b = new ReportBuilder();
    for (let i = 0; i < 39; i++) b.add(row(`i${i}`, i < 19));
    const doc = gf01ReportDoc(b.finish());
    const tables = doc.sections.flatMap((s) => s.tables ?? []);
    const groups = tables.find((t) => t.id === "groups");
    const col = groups?.columns.indexOf("certified_rate [95% CI]") ?? -1;
    expect(col).toBeGreaterThan(0);
    expect(groups?.rows[0][col]).toBe("0.487 [0.34, 0.64]");
    const at = tables.find((t) => t.id === "agent-track");
    expect(at?.rows[0]).toContain("0.487 [0.34, 0.64]");
  });
});
