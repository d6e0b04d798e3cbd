import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateAgent, verifyOne } from "../../../src/gf01/api.js";
import { type DiagnosticSample, deriveCaps, nearestRank } from "../../../src/gf01/calibration/caps.js";
import { capsFromFlags, freezeCaps, readCapsFile } from "../../../src/gf01/calibration/caps-files.js";
import { diagnosticFromFlags } from "../../../src/gf01/calibration/cli.js";
import { rowConsistencyIssues } from "../../../src/gf01/report/validate.js";
import { P } from "../parity/helpers.js";

const tmp = (): string => mkdtempSync(join(tmpdir(), "gf01-caps-"));
const sample = (
  subsets: number,
  ms: number,
  status: DiagnosticSample["status"] = "completed",
): DiagnosticSample => ({
  instance_id: "i",
  status,
  subsets_checked: subsets,
  runtime_ms: ms,
});

describe("cap rule (pure)", () => {
  it("nearest rank: an element; at least p of the values are ≤ it, fewer than p are < it (brute force)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (xs, p) => {
          const q = nearestRank(xs, p);
          expect(xs).toContain(q);
          expect(xs.filter((x) => x <= q).length).toBeGreaterThanOrEqual(Math.ceil(p * xs.length));
          expect(xs.filter((x) => x < q).length).toBeLessThan(Math.ceil(p * xs.length));
        },
      ),
    );
  });
  it("A_ref = ⌈k·Q_p⌉ and the completion rate counts the samples under both caps (brute force)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            s: fc.integer({ min: 0, max: 5000 }),
            ms: fc.double({ min: 0, max: 50, noNaN: true }),
            st: fc.constantFrom(
              "completed",
              "completed",
              "completed",
              "infeasible",
              "not-run",
            ) as fc.Arbitrary<DiagnosticSample["status"]>,
          }),
          { maxLength: 40 },
        ),
        (rows) => {
          const samples = rows.map((r) => sample(r.s, r.ms, r.st));
          const d = deriveCaps(samples, { quantile: 0.9, multiplier: 3 });
          const done = samples.filter((x) => x.status === "completed");
          if (!done.length) {
            expect(d).toBeUndefined();
            return;
          }
          expect(d?.A_ref).toBe(
            Math.max(
              1,
              Math.ceil(
                3 *
                  nearestRank(
                    done.map((x) => x.subsets_checked),
                    0.9,
                  ),
              ),
            ),
          );
          const ran = samples.filter((x) => x.status !== "not-run").length;
          let under = 0;
          for (const x of done)
            if (x.subsets_checked <= (d?.A_ref ?? 0) && x.runtime_ms <= (d?.P_ref ?? 0)) under++;
          expect(d?.completion_rate_under_caps).toBe(under / ran);
          expect(d?.freezable).toBe(under / ran >= 0.9);
        },
      ),
    );
  });
  it("diagnostics infeasible even uncapped make the caps unfreezable", () => {
    const s = [sample(3, 1), sample(3, 1), sample(0, 0, "infeasible")];
    expect(deriveCaps(s)?.freezable).toBe(false);
    expect(deriveCaps([sample(0, 0, "not-run")])).toBeUndefined();
  });
});

describe("gf01 freeze-caps on the parity panel, and the caps in use", () => {
  const runs = P("runs/greedy.jsonl");
  const bundle = P("bundles/instance_bundle.json");
  it("records caps, rule, pilot hashes and hardware; the caps let ≥ p of the pilot complete", async () => {
    const out = join(tmp(), "caps.json");
    const r = await freezeCaps({ instancesFile: bundle, runsFile: runs, out, sampleTarget: 40 });
    expect(r.ok).toBe(true);
    const f = JSON.parse(readFileSync(out, "utf8"));
    expect(f).toMatchObject({
      schema_version: "gf01.subset_caps.v1",
      freezable: true,
      provisional: false,
      rule: { quantile: 0.9, multiplier: 3 },
      pilot: { diagnostic_count: 40, unique_instance_count: 40, checkpoint_reached: true },
    });
    expect(f.pilot.runs_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(f.hardware.logical_cpus).toBeGreaterThan(0);
    // A_ref is deterministic (subset counts); P_ref is the machine's.
    const again = await freezeCaps({ instancesFile: bundle, runsFile: runs });
    expect(again.payload.caps).toMatchObject({ A_ref: f.caps.A_ref });
    // Re-run every pilot certificate under A_ref alone: at least p complete (independent of freezeCaps).
    const caps = readCapsFile(out);
    const rows = readFileSync(runs, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    let completed = 0;
    for (const row of rows) {
      const v = await verifyOne({
        instancesFile: bundle,
        instanceId: row.instance_id,
        certificate: row.certificate,
        diagnostic: { A_ref: caps.A_ref },
      });
      if (v.payload.diagnostic_status === "completed") completed++;
    }
    expect(completed / rows.length).toBeGreaterThanOrEqual(0.9);
  });
  it("a tiny A_ref stops the diagnostic: infeasible, cap_hit A_ref", async () => {
    const rows = readFileSync(P("runs/random.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const big = rows.find((r) => r.certificate.length >= 2);
    const v = await verifyOne({
      instancesFile: bundle,
      instanceId: big.instance_id,
      certificate: big.certificate,
      diagnostic: { A_ref: 1 },
    });
    expect(v.payload).toMatchObject({ diagnostic_status: "infeasible", diagnostic_cap_hit: "A_ref" });
  });
  it("evaluate --diagnostic: oracle witnesses are subset-minimal; rows stay consistent", async () => {
    const out = join(tmp(), "oracle.jsonl");
    const r = await evaluateAgent({
      instancesFile: bundle,
      agent: "oracle",
      evalTrack: "EVAL-OC",
      toolAllowlistId: "oracle-exact-search-v1",
      toolLogHash: "h",
      out,
      diagnostic: true,
    });
    expect(r.ok).toBe(true);
    const rows = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(40);
    rows.forEach((row, i) => {
      expect(rowConsistencyIssues(row, i + 1)).toEqual([]);
      expect(row.diagnostic_status).toBe("completed");
      // A minimum-size sufficient set has no sufficient proper subset.
      if (row.valid) expect(row.diagnostic_value).toBe(true);
    });
  });
  it("cap flags: --caps file, overridden by --a-ref/--p-ref; a cap without --diagnostic is refused", async () => {
    const d = tmp();
    const f = join(d, "caps.json");
    writeFileSync(
      f,
      JSON.stringify({ schema_version: "gf01.subset_caps.v1", caps: { A_ref: 10, P_ref: 20 } }),
    );
    expect(capsFromFlags({ caps: f, pRef: 5 })).toEqual({ A_ref: 10, P_ref: 5 });
    expect(await diagnosticFromFlags({ diagnostic: true })).toBe(true);
    expect(await diagnosticFromFlags({})).toBeUndefined();
    await expect(diagnosticFromFlags({ aRef: 3 })).rejects.toThrow(/--diagnostic/);
    writeFileSync(
      f,
      JSON.stringify({ schema_version: "gf01.subset_caps.v1", caps: { A_ref: 0, P_ref: 20 } }),
    );
    expect(() => readCapsFile(f)).toThrow(/caps\.json: field caps\.A_ref: A_ref must be an integer ≥ 1/);
    writeFileSync(f, "[]");
    expect(() => readCapsFile(f)).toThrow(/caps\.json: caps file must be a JSON object/);
  });
});
