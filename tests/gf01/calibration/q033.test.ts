import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { closure, sweepManifest } from "../../../src/gf01/calibration/q033.js";
import { q033Build, q033Close, q033Sweep } from "../../../src/gf01/calibration/q033-files.js";

// biome-ignore lint/suspicious/noExplicitAny: the sweep payload is walked field by field below.
type Sweep = Record<string, any>;
const tmp = (): string => mkdtempSync(join(tmpdir(), "gf01-q033-"));
const Q = ["Q1", "Q2", "Q3", "Q4"];

describe("gf01 q033 build / sweep / close", async () => {
  const dir = tmp();
  const built = await q033Build({
    candidateCount: 24,
    perQuartile: 2,
    replicates: 2,
    outDir: dir,
    gitCommit: "test",
  });
  const m1 = JSON.parse(readFileSync(join(dir, "q033-rep-01.json"), "utf8"));
  const m2 = JSON.parse(readFileSync(join(dir, "q033-rep-02.json"), "utf8"));

  it("build: disjoint replicates, k rows a quartile, quartiles ordered by complexity", () => {
    expect(built.ok).toBe(true);
    expect(built.payload.available_counts).toEqual({ Q1: 6, Q2: 6, Q3: 6, Q4: 6 });
    for (const m of [m1, m2]) {
      expect(m.seeds).toHaveLength(8);
      for (const q of Q) expect(m.quartile_rows[q]).toHaveLength(2);
      // Every score of a lower quartile is ≤ every score of a higher one (one global sort).
      for (let i = 0; i < 3; i++) {
        const hi = Math.max(
          ...m.quartile_rows[Q[i]].map((r: { complexity_score: number }) => r.complexity_score),
        );
        const lo = Math.min(
          ...m.quartile_rows[Q[i + 1]].map((r: { complexity_score: number }) => r.complexity_score),
        );
        expect(hi).toBeLessThanOrEqual(lo);
      }
    }
    expect(m1.seeds.filter((s: number) => m2.seeds.includes(s))).toEqual([]);
  });

  it("build: too few candidates per quartile is a named error, not a crash", async () => {
    const r = await q033Build({ candidateCount: 8, perQuartile: 3, outDir: tmp() });
    expect(r.ok).toBe(false);
    expect(r.payload.error_type).toBe("q033_manifest_build_failed");
  });

  it("sweep: gates agree with the numbers; a fixed clock passes the runtime gates", () => {
    const s = sweepManifest(m1, { clock: () => 0 }) as Sweep;
    expect(s.instance_count).toBe(8);
    expect(s.timings_ms).toEqual({
      generate_ms_mean: 0,
      minset_ms_mean: 0,
      eval_ms_mean: 0,
      checks_total_ms: 0,
    });
    // The official blocks agree with the numbers they summarise.
    const x = s as unknown as Record<string, Record<string, number> & Record<string, unknown>>;
    expect(x.search_stats.truncation_count / s.instance_count).toBe(x.search_stats.truncation_rate);
    expect(x.search_stats.min_nodes).toBeLessThanOrEqual(x.search_stats.mean_nodes);
    expect(x.search_stats.mean_nodes).toBeLessThanOrEqual(x.search_stats.max_nodes);
    expect(x.calibration_stats.oracle_certified_rate).toBe(s.panel_summary.oracle.certified_rate);
    const counts = (x.quartile_assignment.counts as unknown as Record<string, number>) ?? {};
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(s.instance_count);
    for (const id of ["greedy", "oracle"] as const) {
      const agg = (s.panel_summary[id] as unknown as { aggregate: Record<string, { value: number }> })
        .aggregate;
      expect(agg.certified_rate.value).toBe(s.panel_summary[id].certified_rate);
      expect(agg.count.value).toBe(s.instance_count);
    }
    const gap = s.panel_summary.oracle.certified_rate - s.panel_summary.greedy.certified_rate;
    expect(s.oracle_minus_greedy_certified_gap).toBe(gap);
    expect(s.gates.global_results.baseline_spread_ok).toBe(gap >= 0.1);
    for (const q of Q) {
      const st = s.gates.stratified_results[q];
      const qg =
        s.panel_summary.oracle.quartiles[q].certified_rate -
        s.panel_summary.greedy.quartiles[q].certified_rate;
      expect(st.baseline_gap_ok).toBe(qg >= 0.05);
      expect(st.passed_all).toBe(
        st.truncation_rate_ok && st.baseline_gap_ok && st.runtime_gate_fail_count_ok,
      );
    }
    expect(s.gates.passed_all).toBe(
      s.gates.global_failed.length === 0 && s.gates.stratified_failed_quartiles.length === 0,
    );
    // The exact oracle certifies every generated instance.
    expect(s.panel_summary.oracle.certified_rate).toBe(1);
  });

  it("sweep: a runtime over the pre-registered gate fails it", () => {
    let t = 0;
    const s = sweepManifest(m2, { clock: () => (t += 10_000) }) as Sweep;
    expect(s.gates.global_results.generate_ms_mean_ok).toBe(false);
    expect(s.gates.passed_all).toBe(false);
  });

  it("close: two passing disjoint sweeps close; overlap, failure or one sweep do not", async () => {
    const pass = (seeds: number[]) => ({
      seeds,
      gates: { passed_all: true, global_failed: [], stratified_failed_quartiles: [] },
    });
    expect(
      closure([
        { path: "a", payload: pass([1, 2]) },
        { path: "b", payload: pass([3]) },
      ]).close_q033,
    ).toBe(true);
    const ov = closure([
      { path: "a", payload: pass([1, 2]) },
      { path: "b", payload: pass([2]) },
    ]);
    expect(ov.failure_reasons).toEqual(["replicate_seed_sets_overlap"]);
    const failing = { seeds: [9], gates: { passed_all: false, global_failed: ["eval_ms_mean_ok"] } };
    expect(
      closure([
        { path: "a", payload: pass([1]) },
        { path: "b", payload: failing },
      ]).failure_reasons,
    ).toEqual(["replicate_2_failed_gates"]);
    expect(closure([{ path: "a", payload: pass([1]) }]).failure_reasons).toEqual(["insufficient_sweeps"]);
    const d = tmp();
    writeFileSync(join(d, "a.json"), JSON.stringify(pass([1])));
    writeFileSync(join(d, "b.json"), JSON.stringify({ seeds: [2] }));
    await expect(q033Close({ sweeps: [join(d, "a.json"), join(d, "b.json")] })).rejects.toThrow(
      /b\.json: field gates/,
    );
  });

  it("sweep: a manifest with a bad seed is an InputError naming the field", async () => {
    const f = join(tmp(), "m.json");
    writeFileSync(f, JSON.stringify({ seeds: [1, "x"] }));
    await expect(q033Sweep({ manifest: f })).rejects.toThrow(/m\.json: field seeds\[1\]/);
  });
});
