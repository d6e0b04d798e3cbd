import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseBundle } from "../../../src/gf01/artifacts/index.js";
import { defaultScorer } from "../../../src/gf01/api.js";
import { ReportBuilder, formatReportTable } from "../../../src/gf01/report/report.js";
import { fmean, fsum, median } from "../../../src/gf01/report/stats.js";
import { validateRows } from "../../../src/gf01/report/validate.js";

const ref = (f: string) =>
  fileURLToPath(new URL(`../../../../shared/reference/gf01/official_example/${f}`, import.meta.url));
const bundle = parseBundle(JSON.parse(readFileSync(ref("instance_bundle_v1.json"), "utf8")));
const manifest = JSON.parse(readFileSync(ref("split_manifest_v1.json"), "utf8"));
const rows = readFileSync(ref("runs_v1_valid.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const asStream = (rs: unknown[]) => rs.map((value, i) => ({ line: i + 1, value }));
const score = defaultScorer();

describe("Python-exact aggregation", () => {
  it("fsum is correctly rounded where a naive sum is not (CPython doc examples)", () => {
    expect(fsum(Array(10).fill(0.1))).toBe(1.0);
    expect(fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])).toBe(1e-100);
    expect(fsum([2.0 ** 53, -0.5, -(2.0 ** -54)])).toBe(2.0 ** 53 - 1.0);
  });
  it("fsum of integer-valued doubles equals the exact BigInt sum and ignores order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { maxLength: 40 }), (xs) => {
        const exact = xs.reduce((a, x) => a + BigInt(x), 0n);
        expect(fsum(xs)).toBe(Number(exact));
        expect(fsum([...xs].reverse())).toBe(fsum(xs));
      }),
    );
  });
  it("median is the middle order statistic (mean of the two middles for even n)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 25 }), (xs) => {
        const m = median(xs);
        const below = xs.filter((x) => x < m).length;
        const above = xs.filter((x) => x > m).length;
        expect(below).toBeLessThanOrEqual(xs.length / 2);
        expect(above).toBeLessThanOrEqual(xs.length / 2);
      }),
    );
    expect(fmean([1, 2, 4])).toBe(7 / 3);
  });
});

describe("validate", () => {
  it("official mode accepts the official example and re-verifies all 4 rows", async () => {
    const r = await validateRows(asStream(rows), { official: true, bundle, manifest, score });
    expect(r.ok).toBe(true);
    expect(r.payload.rows_verified).toBe(4);
  });
  it("a claimed flag or F1 that the verifier contradicts is reported with line, field, expected, actual", async () => {
    const bad = rows.map((r) => ({ ...r }));
    // A self-consistent false claim (valid = suff ∧ min1 still holds), so only the verifier can catch it.
    bad[2].min1 = false;
    bad[2].valid = false;
    bad[3].ap_f1 = 0.5;
    const r = await validateRows(asStream(bad), { official: true, bundle, manifest, score });
    expect(r.ok).toBe(false);
    expect(r.payload.error_type).toBe("recompute_mismatch");
    expect(r.issues).toEqual([
      expect.objectContaining({ line: 3, field: "min1", expected: true, actual: false }),
      expect.objectContaining({ line: 3, field: "valid", expected: true, actual: false }),
      expect.objectContaining({ line: 4, field: "ap_f1", expected: 1, actual: 0.5 }),
    ]);
  });
  it("a certificate that does not reach the goal cannot claim it", async () => {
    const bad = rows.map((r) => ({ ...r }));
    bad[0].certificate = [];
    // Efficiency counts that do not match the certificate are refused without the verifier…
    const inconsistent = await validateRows(asStream(bad), { bundle, score });
    expect(inconsistent.payload.error_type).toBe("row_inconsistent");
    expect(inconsistent.issues.map((i) => i.field)).toEqual(["eff_a", "eff_t"]);
    // …and with matching counts the verifier refuses the claimed goal.
    bad[0].eff_t = 0;
    bad[0].eff_a = 0;
    const r = await validateRows(asStream(bad), { bundle, score });
    expect(r.payload.error_type).toBe("recompute_mismatch");
    expect(r.issues.map((i) => i.field)).toEqual(expect.arrayContaining(["suff", "valid", "goal"]));
  });
  it("official mode needs a manifest that covers the runs exactly", async () => {
    const noManifest = await validateRows(asStream(rows), { official: true, bundle, score });
    expect(noManifest.payload.error_type).toBe("official_manifest_required");
    const partial = await validateRows(asStream(rows.slice(1)), { official: true, bundle, manifest, score });
    expect(partial.payload.error_type).toBe("manifest_coverage_mismatch");
    expect(partial.payload.missing_instance_ids_preview).toEqual([rows[0].instance_id]);
  });
  it("rows from an instance outside the bundle are rejected", async () => {
    const r = await validateRows(asStream([{ ...rows[0], instance_id: "gf01-000000000000" }]), {
      bundle,
      score,
    });
    expect(r.issues[0]).toMatchObject({ line: 1, field: "instance_id" });
  });
});

describe("report", () => {
  it("reproduces the official group fields for the official example", () => {
    const b = new ReportBuilder();
    for (const r of rows) b.add(r);
    const rep = b.finish({ strict: true });
    const groups = rep.groups as Record<string, unknown>[];
    // Official grouping key is (track, renderer, profile, split, mode, protocol, scored, adaptation…);
    // the example has one agent, so the official groups are these groups merged over difficulty_slice.
    const byMode = new Map<string, { count: number; valid: number; ap: number }>();
    for (const g of groups) {
      const m = byMode.get(String(g.mode)) ?? { count: 0, valid: 0, ap: 0 };
      m.count += g.count as number;
      m.valid += (g.certified_rate as number) * (g.count as number);
      m.ap += (g.ap_f1_mean as number) * (g.count as number);
      byMode.set(String(g.mode), m);
    }
    const expected = new Map<string, { count: number; valid: number; ap: number }>();
    for (const r of rows) {
      const m = expected.get(String(r.mode)) ?? { count: 0, valid: 0, ap: 0 };
      m.count++;
      m.valid += r.valid ? 1 : 0;
      m.ap += r.ap_f1 as number;
      expected.set(String(r.mode), m);
    }
    expect(byMode).toEqual(expected);
    expect(rep.total_rows).toBe(4);
    expect(rep.schema_versions).toEqual(["gf01.run_record.v1"]);
  });
  it("never pools agents or tracks", () => {
    const b = new ReportBuilder();
    for (const r of rows) {
      b.add(r);
      b.add({ ...r, agent_name: "other" });
      b.add({ ...r, eval_track: "EVAL-OC", tool_allowlist_id: "oracle-exact-search-v1" });
    }
    const groups = b.finish().groups as Record<string, unknown>[];
    for (const g of groups) {
      const members = rows.filter((r) => r.mode === g.mode);
      expect(g.count).toBeLessThanOrEqual(members.length);
    }
    const agents = new Set(groups.map((g) => `${g.agent_name}|${g.eval_track}`));
    expect(agents).toEqual(
      new Set(["BL-01-GreedyLocal|EVAL-CB", "other|EVAL-CB", "BL-01-GreedyLocal|EVAL-OC"]),
    );
    expect(groups.reduce((a, g) => a + (g.count as number), 0)).toBe(12);
  });
  it("kappa distribution and median Eff_t follow MET-M", () => {
    const b = new ReportBuilder();
    const base = rows[0];
    b.add(base);
    b.add({ ...base, valid: false, min1: false, eff_t: 2, eff_a: 3 });
    b.add({ ...base, eff_t: 3, eff_a: 3 });
    const [g] = b.finish().groups as Record<string, unknown>[];
    expect(g.median_eff_t).toBe(2);
    expect(g.kappa_distribution).toEqual([
      { kappa: [1, 1, -1, -1], count: 1 },
      { kappa: [1, 1, -3, -3], count: 1 },
      { kappa: [0, 1, -2, -3], count: 1 },
    ]);
    expect(formatReportTable(b.finish())).toContain("BL-01-GreedyLocal");
  });
});
