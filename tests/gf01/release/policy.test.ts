/**
 * Release-governance logic against brute force (fast-check), plus the edge cases upstream
 * leaves unchecked (public→private reuse), stored identifiability mismatches and bad input.
 */
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { identifiabilityCheck } from "../../../src/gf01/checks/identifiability.js";
import { bundleToJson, instancesHash, parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import type { PyFloat } from "../../../src/core/pyjson.js";
import {
  parseSplitRatios,
  releaseGovernanceCheck,
  releaseRotationReport,
  splitPolicyReport,
} from "../../../src/gf01/release/policy.js";
import { fixtures, refGf01, runGf01 } from "./helpers.js";

const SPLITS = ["public_dev", "public_val", "private_eval", "other"] as const;
const manifestOf = (entries: { id: string; split: string }[]) => ({
  schema_version: "gf01.split_manifest.v1",
  family_id: "GF-01",
  benchmark_version: "0.1.0",
  generator_version: "0.1.0",
  checker_version: "0.1.0",
  harness_version: "1.0.0",
  instance_count: entries.length,
  instances: entries.map((e) => ({ instance_id: e.id, split_id: e.split, mode: "normal" })),
});
// Unique ids, each with a split.
const arbManifest = fc
  .uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 25 })
  .chain((ids) =>
    fc.tuple(...ids.map((i) => fc.constantFrom(...SPLITS).map((split) => ({ id: `i${i}`, split })))),
  );

const tmp = mkdtempSync(join(tmpdir(), "gf01-release-policy-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("rotation policy = brute force set arithmetic", () => {
  it("overlap, novelty and reuse", () => {
    fc.assert(
      fc.property(arbManifest, arbManifest, fc.double({ min: 0, max: 1, noNaN: true }), (cur, prev, minN) => {
        const { report, passed } = releaseRotationReport(manifestOf(cur), manifestOf(prev), {
          minPublicNoveltyRatio: minN,
        });
        const isPub = (s: string) => s === "public_dev" || s === "public_val";
        const curPub = cur.filter((e) => isPub(e.split)).map((e) => e.id);
        const curPriv = cur.filter((e) => e.split === "private_eval").map((e) => e.id);
        const prevPub = prev.filter((e) => isPub(e.split)).map((e) => e.id);
        const prevPriv = prev.filter((e) => e.split === "private_eval").map((e) => e.id);
        const novel = curPub.filter((x) => !prevPub.includes(x)).length;
        const ratio = curPub.length ? novel / curPub.length : 0;
        const leak = curPub.filter((x) => prevPriv.includes(x));
        const reuse = curPriv.filter((x) => prevPub.includes(x));
        expect(report.public_novel_count).toBe(novel);
        expect((report.public_novelty_ratio as PyFloat).value).toBe(ratio);
        expect(report.private_to_public_overlap_count).toBe(leak.length);
        expect(report.public_to_private_reuse_count).toBe(reuse.length);
        expect(passed).toBe(ratio >= minN && leak.length === 0 && reuse.length === 0);
        const official = releaseRotationReport(manifestOf(cur), manifestOf(prev), {
          minPublicNoveltyRatio: minN,
          allowPublicToPrivateReuse: true,
        });
        expect(official.passed).toBe(ratio >= minN && leak.length === 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe("split policy = brute force ratios", () => {
  it("counts, ratios, tolerance and the private minimum", () => {
    fc.assert(
      fc.property(
        arbManifest,
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.integer({ min: 0, max: 5 }),
        (cur, tol, minPriv) => {
          const { report, passed } = splitPolicyReport(manifestOf(cur), {
            tolerance: tol,
            minPrivateEvalCount: minPriv,
            requireOfficialSplitNames: true,
          });
          const n = cur.length;
          const count = (s: string) => cur.filter((e) => e.split === s).length;
          const t: Record<string, number> = { public_dev: 0.2, public_val: 0.2, private_eval: 0.6 };
          const ratioOk = Object.keys(t).every((s) => Math.abs((n ? count(s) / n : 0) - t[s]) <= tol);
          const namesOk = count("other") === 0;
          expect(report.private_eval_count).toBe(count("private_eval"));
          expect(passed).toBe(ratioOk && namesOk && count("private_eval") >= minPriv);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("parses and normalises ratio arguments; rejects malformed ones with upstream's messages", () => {
    expect(parseSplitRatios("a=1, b=3")).toEqual({ a: 0.25, b: 0.75 });
    expect(() => parseSplitRatios("a")).toThrow("invalid ratio token 'a' (expected split=value)");
    expect(() => parseSplitRatios("=1")).toThrow("invalid split id in token '=1'");
    expect(() => parseSplitRatios("a=-1")).toThrow("ratio for a must be non-negative");
    expect(() => parseSplitRatios("a=0")).toThrow("split ratio map must sum to a positive value");
    expect(() => parseSplitRatios(" , ")).toThrow("split ratio map is empty");
    expect(() => parseSplitRatios("a=nan")).toThrow();
    // JS Number() would read these; Python float() does not (or gives a non-finite ratio).
    for (const bad of ["a=0x10", "a=Infinity", "a=1,b=", "a= "])
      expect(() => parseSplitRatios(bad), bad).toThrow();
    expect(parseSplitRatios("a=.5,b=1e-1")).toEqual({ a: 0.5 / 0.6, b: 0.1 / 0.6 });
  });
});

describe("governance edge cases", () => {
  it('a null split_id counts as the split "None" (Python str(None)), as upstream', () => {
    const m = manifestOf([{ id: "a", split: "public_dev" }]);
    (m.instances[0] as Record<string, unknown>).split_id = null;
    const { report } = splitPolicyReport(m, {});
    expect(report.observed_counts).toEqual({ None: 1 });
  });
  const cur = manifestOf([
    { id: "a", split: "public_dev" },
    { id: "b", split: "public_val" },
    { id: "c", split: "private_eval" },
    { id: "d", split: "private_eval" },
    { id: "e", split: "private_eval" },
  ]);
  it("a non-object or malformed previous manifest is a schema error, not a crash", () => {
    expect(releaseGovernanceCheck(cur, [1, 2]).payload.error_type).toBe(
      "previous_manifest_schema_validation",
    );
    expect(releaseGovernanceCheck("x", undefined).payload.error_type).toBe("manifest_schema_validation");
    const dup = manifestOf([
      { id: "a", split: "public_dev" },
      { id: "a", split: "private_eval" },
    ]);
    const r = releaseGovernanceCheck(dup, undefined);
    expect(r.ok).toBe(false);
    expect(String((r.payload.errors_preview as string[])[0])).toContain("duplicate instance_id=a");
  });
  it("novelty outside [0,1] is refused with upstream's error", () => {
    expect(releaseGovernanceCheck(cur, undefined, { minPublicNoveltyRatio: -0.1 }).payload.error_type).toBe(
      "invalid_min_public_novelty_ratio",
    );
  });
});

describe("identifiability-check: stored-block mismatches are named", () => {
  const bundle = JSON.parse(readFileSync(join(refGf01, "official_example/instance_bundle_v1.json"), "utf8"));
  it("a tampered stored block is reported field by field; --fail-on-stored-mismatch fails it", async () => {
    const b = parseBundle(bundle);
    const clean = identifiabilityCheck(b.instances, b.meta);
    expect(clean.payload.stored_field_mismatch_count).toBe(0);
    expect("stored_mismatch_preview" in clean.payload).toBe(false); // upstream's shape when clean
    const orig = (clean.payload.rows as { computed: { unique_signature_count: number } }[])[0].computed
      .unique_signature_count;
    (b.instances[0].identifiability as Record<string, unknown>).unique_signature_count = orig + 1;
    b.meta.instances_hash = instancesHash(b.instances); // a consistent bundle with a wrong stored block
    const file = join(tmp, "tampered.json");
    writeFileSync(file, bundleToJson(b));
    const r = await runGf01(["identifiability-check", "--instances", file]);
    const p = JSON.parse(r.stdout);
    expect(r.code).toBe(0); // upstream: counted, not failed
    expect(p.stored_field_mismatch_count).toBe(1);
    expect(p.stored_mismatch_preview[0].fields).toEqual([
      { field: "unique_signature_count", stored: orig + 1, computed: orig },
    ]);
    expect(p.rows[0].stored_mismatch_fields).toHaveLength(1);
    const strict = await runGf01(["identifiability-check", "--instances", file, "--fail-on-stored-mismatch"]);
    expect(strict.code).toBe(2);
    expect(JSON.parse(strict.stdout).error_type).toBe("identifiability_stored_mismatch");
  });
});

describe("bad input: one plain line, exit 2", () => {
  it("unreadable or non-JSON manifests name the file", async () => {
    const bad = join(tmp, "bad.json");
    writeFileSync(bad, "{not json");
    for (const argv of [
      ["split-policy-check", "--manifest", bad],
      [
        "release-governance-check",
        "--manifest",
        join(fixtures, "inputs/current_3split.json"),
        "--previous-manifest",
        bad,
      ],
      ["release-report-check", "--runs", join(tmp, "missing.jsonl"), "--manifest", bad],
    ]) {
      const r = await runGf01(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/bad\.json|missing\.jsonl/);
    }
  });
  it("release-candidate-check with missing sources says which", async () => {
    const r = await runGf01([
      "release-candidate-check",
      "--freeze-dir",
      tmp,
      "--campaign-dir",
      tmp,
      "--skip-package",
    ]);
    expect(r.code).toBe(2);
    const p = JSON.parse(r.stdout);
    expect(p.error_type).toBe("release_candidate_source_missing");
    expect(p.missing_paths).toHaveLength(2);
  });
});
