/**
 * freeze / freeze-pilot: split assignment against brute-force invariants (fast-check), the
 * official freeze-pilot output (fixture produced by the official harness, README next to it),
 * a rejected seed skipped and recorded, and determinism of the written files.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { stableHash } from "../../../src/gf01/artifacts/pyout.js";
import { apportion, assignSplits } from "../../../src/gf01/release/freeze.js";
import { pilotFreezeSchema } from "../../../src/gf01/release/schemas.js";
import { expectOfficialSuperset, fixtures, runGf01 } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "gf01-freeze-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const R = { public_dev: 0.2, public_val: 0.2, private_eval: 0.6 };

describe("apportion", () => {
  it("sums to n and stays within 1 of the exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.array(fc.double({ min: 0.01, max: 5, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (n, ws) => {
          const ratios = Object.fromEntries(ws.map((w, i) => [`s${i}`, w]));
          const a = apportion(n, ratios);
          const total = ws.reduce((s, w) => s + w, 0);
          expect(Object.values(a).reduce((s, x) => s + x, 0)).toBe(n);
          for (const [i, w] of ws.entries())
            expect(Math.abs(a[`s${i}`] - (n * w) / total)).toBeLessThan(1 + 1e-9);
        },
      ),
    );
    expect(apportion(24, R)).toEqual({ public_dev: 5, public_val: 5, private_eval: 14 });
  });
});

describe("assignSplits: rotation invariants hold by construction", () => {
  it("no previous-private public, no previous-public private, novelty ≥ min, sizes = apportion(kept)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { maxLength: 60 }),
        fc.array(fc.constantFrom("none", "pub", "priv"), { minLength: 81, maxLength: 81 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (nums, prevRole, minN) => {
          const ids = nums.map((n) => `i${n}`);
          const prevPublic = new Set(nums.filter((n) => prevRole[n] === "pub").map((n) => `i${n}`));
          const prevPrivate = new Set(nums.filter((n) => prevRole[n] === "priv").map((n) => `i${n}`));
          const o = {
            ratios: R,
            privateSplit: "private_eval",
            previousPublic: prevPublic,
            previousPrivate: prevPrivate,
            minPublicNoveltyRatio: minN,
            key: "k",
          };
          const { splits, excluded } = assignSplits(ids, o);
          expect(splits.size + excluded.length).toBe(ids.length);
          for (const e of excluded) expect(splits.has(e.id)).toBe(false);
          const pub = [...splits].filter(([, s]) => s !== "private_eval").map(([id]) => id);
          const priv = [...splits].filter(([, s]) => s === "private_eval").map(([id]) => id);
          for (const id of pub) expect(prevPrivate.has(id)).toBe(false);
          for (const id of priv) expect(prevPublic.has(id)).toBe(false);
          if (pub.length)
            expect(pub.filter((id) => !prevPublic.has(id)).length / pub.length).toBeGreaterThanOrEqual(
              minN - 1e-12,
            );
          const counts: Record<string, number> = { public_dev: 0, public_val: 0, private_eval: 0 };
          for (const s of splits.values()) counts[s]++;
          expect(counts).toEqual(apportion(splits.size, R));
          // Only previous-cycle instances are ever left out.
          for (const e of excluded) expect(prevPublic.has(e.id) || prevPrivate.has(e.id)).toBe(true);
          expect(assignSplits([...ids].reverse(), o).splits).toEqual(splits); // order-free, deterministic
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("freeze-pilot: official output", () => {
  const off = join(fixtures, "official/freeze_pilot_9600");
  const cmd = JSON.parse(readFileSync(join(off, "command.json"), "utf8"));
  it("same bundle and manifest bytes as upstream; seed 9604 (upstream: traceback) skipped and recorded", async () => {
    const out = join(tmp, "pilot");
    const r = await runGf01([
      "freeze-pilot",
      "--seeds",
      "9600,9601,9602,9603,9604,9605",
      "--mode",
      "normal",
      "--compat",
      "official-0.1",
      "--git-commit",
      cmd.git_commit,
      "--out-dir",
      out,
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    for (const f of ["instance_bundle_v1.json", "split_manifest_v1.json"])
      expect(readFileSync(join(out, f), "utf8"), f).toBe(readFileSync(join(off, f), "utf8"));
    const ours = JSON.parse(readFileSync(join(out, "pilot_freeze_v1.json"), "utf8"));
    const theirs = JSON.parse(readFileSync(join(off, "pilot_freeze_v1.json"), "utf8"));
    const extra = new Set(["compat", "excluded_instances", "rejected_seeds", "seeds_requested"]);
    const diffs = expectOfficialSuperset(ours, theirs).filter(
      (d) => !extra.has(d.replace(/^\$\.([a-z_]+).*/, "$1")),
    );
    expect(diffs).toEqual([]);
    expect(pilotFreezeSchema.safeParse(ours).success).toBe(true);
    expect(pilotFreezeSchema.safeParse(theirs).success).toBe(true); // upstream's record reads as ours
    expect(ours.rejected_seeds.map((x: { seed: number }) => x.seed)).toEqual([9604]);
    expect(ours.seeds_requested).toEqual([9600, 9601, 9602, 9603, 9604, 9605]);
    // The freeze's hashes are the official stable_hash_json of the files' contents.
    expect(stableHash(JSON.parse(readFileSync(join(out, "instance_bundle_v1.json"), "utf8")))).toBe(
      ours.instance_bundle_hash,
    );
    expect(stableHash(JSON.parse(readFileSync(join(out, "split_manifest_v1.json"), "utf8")))).toBe(
      ours.split_manifest_hash,
    );
    // A non-empty out-dir needs --force (official error shape).
    const again = await runGf01(["freeze-pilot", "--seeds", "9600", "--out-dir", out]);
    expect(again.code).toBe(2);
    expect(JSON.parse(again.stdout).error_type).toBe("output_dir_not_empty");
  });
});

describe("freeze: a multi-split release from a previous release", () => {
  it("ratios, rotation and governance hold; the same inputs give the same bytes", async () => {
    const v1 = join(tmp, "v1");
    const v2 = join(tmp, "v2");
    const v2b = join(tmp, "v2b");
    expect(
      (
        await runGf01([
          "freeze",
          "--freeze-id",
          "r1",
          "--seed-start",
          "100",
          "--count",
          "15",
          "--out-dir",
          v1,
        ])
      ).code,
    ).toBe(0);
    const args = [
      "freeze",
      "--freeze-id",
      "r2",
      "--seed-start",
      "105",
      "--count",
      "20",
      "--previous-manifest",
      join(v1, "split_manifest_v1.json"),
    ];
    const r = await runGf01([...args, "--out-dir", v2]);
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.stdout);
    expect(rec.schema_version).toBe("gf01.release_freeze.v1");
    expect(rec.governance_passed).toBe(true);
    expect(Object.keys(rec.split_counts).sort()).toEqual(["private_eval", "public_dev", "public_val"]);
    const gov = await runGf01([
      "release-governance-check",
      "--manifest",
      join(v2, "split_manifest_v1.json"),
      "--previous-manifest",
      join(v1, "split_manifest_v1.json"),
    ]);
    expect(gov.code).toBe(0);
    expect(JSON.parse(gov.stdout).rotation_policy.previous_public_count).toBeGreaterThan(0);
    await runGf01([...args, "--out-dir", v2b]);
    for (const f of [
      "instance_bundle_v1.json",
      "split_manifest_v1.json",
      "release_freeze_v1.json",
      "build_receipt.json",
    ])
      expect(readFileSync(join(v2b, f), "utf8"), f).toBe(readFileSync(join(v2, f), "utf8"));
  });
  it("a release that cannot meet the policy writes nothing and says why", async () => {
    const out = join(tmp, "tiny");
    const r = await runGf01(["freeze", "--freeze-id", "t", "--seeds", "100,101", "--out-dir", out]);
    expect(r.code).toBe(2);
    const p = JSON.parse(r.stdout);
    expect(p.error_type).toBe("freeze_policy_violation");
    expect(p.governance.split_policy.ratio_failures.length).toBeGreaterThan(0);
    expect(() => readFileSync(join(out, "split_manifest_v1.json"))).toThrow();
  });
});
