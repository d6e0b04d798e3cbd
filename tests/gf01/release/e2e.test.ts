/**
 * End to end: a previous release, then a 3-split release built from it (rotation applied),
 * a campaign over it (official white-box panel, our black-box panel, an external run file),
 * the calibration analysis (pilot-analyze), governance, report and candidate checks, the
 * release package (analysis included and hashed), and its rerun instructions executed in a
 * shell (a `gf01` shim on PATH) to the same bytes and hashes. Tamper cases: an edited freeze
 * file and a forged external row are refused.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { binPath, buildBins } from "../../helpers/bins.js";
import { verifyPackageFiles } from "../../../src/gf01/release/package.js";
import { pilotAnalysisSchema } from "../../../src/gf01/calibration/schemas.js";
import { releaseFreezeSchema, releasePackageSchema } from "../../../src/gf01/release/schemas.js";
import { runGf01 } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "gf01-release-e2e-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const T = (p: string) => join(tmp, p);
const ok = async (argv: string[]) => {
  const r = await runGf01(argv);
  expect(r.stderr, argv[0]).toBe("");
  expect(r.code, `${argv[0]}: ${r.stdout.slice(0, 800)}`).toBe(0);
  return JSON.parse(r.stdout);
};

describe("release end to end", () => {
  it("previous release → 3-split release → campaign → checks → package → rerun to the same hashes", async () => {
    const git = ["--git-commit", "e2e0000"];
    await ok([
      "freeze",
      "--freeze-id",
      "e2e-v1",
      "--seed-start",
      "300",
      "--count",
      "5",
      "--out-dir",
      T("v1"),
      ...git,
    ]);
    const prev = T("v1/split_manifest_v1.json");
    const fz = await ok([
      "freeze",
      "--freeze-id",
      "e2e-v2",
      "--seed-start",
      "303",
      "--count",
      "10",
      "--previous-manifest",
      prev,
      "--out-dir",
      T("v2"),
      ...git,
    ]);
    expect(fz.governance_passed).toBe(true);
    // An external participant's run file on the new release (a black-box agent run separately).
    await ok([
      "evaluate",
      "--instances",
      T("v2/instance_bundle_v1.json"),
      "--agent",
      "online-probe",
      "--out",
      T("external.jsonl"),
      ...git,
    ]);
    const camp = await ok([
      "campaign",
      "--freeze-dir",
      T("v2"),
      "--out-dir",
      T("c2"),
      "--external-runs",
      T("external.jsonl"),
      ...git,
    ]);
    expect(camp.sources.map((s: { source: string }) => s.source.split(":")[0])).toEqual([
      "panel",
      "panel",
      "panel",
      "panel",
      "panel",
      "blackbox",
      "blackbox",
      "external",
    ]);
    const v = JSON.parse(readFileSync(T("c2/official_validation.json"), "utf8"));
    expect(v.status).toBe("ok");
    expect(v.rows_verified).toBe(camp.row_count);
    // The calibration analysis of the campaign (DEC-014c/d), written beside it; the package
    // carries it, hashed, so the rerun's `sha256sum -c` covers it.
    const analysis = await ok(["pilot-analyze", "--campaign-dir", T("c2")]);
    expect(analysis.policy_reference).toBe("DEC-014d");
    expect(
      pilotAnalysisSchema.safeParse(JSON.parse(readFileSync(T("c2/pilot_analysis.json"), "utf8"))).success,
    ).toBe(true);
    const gov = await ok([
      "release-governance-check",
      "--manifest",
      T("v2/split_manifest_v1.json"),
      "--previous-manifest",
      prev,
      "--require-previous-manifest",
    ]);
    expect(gov.rotation_policy.previous_manifest_present).toBe(true);
    const rep = await ok([
      "release-report-check",
      "--runs",
      T("c2/runs_combined.jsonl"),
      "--manifest",
      T("v2/split_manifest_v1.json"),
      "--instances",
      T("v2/instance_bundle_v1.json"),
    ]);
    expect(rep.missing_agent_slice_requirements_preview).toEqual([]);
    const cand = await ok([
      "release-candidate-check",
      "--freeze-dir",
      T("v2"),
      "--campaign-dir",
      T("c2"),
      "--previous-manifest",
      prev,
      "--package-out-dir",
      T("pkg"),
    ]);
    expect(Object.values(cand.stages).map((s) => (s as { passed: boolean }).passed)).toEqual([
      true,
      true,
      true,
    ]);
    expect(cand.stages.release_package.payload.freeze_hash_check.checked).toBe(2);
    expect(verifyPackageFiles(T("pkg")).every((f) => f.ok)).toBe(true);
    expect(readFileSync(T("pkg/SHA256SUMS"), "utf8")).toMatch(/ artifacts\/pilot_analysis\.json\n/);
    expect(readFileSync(T("pkg/artifacts/pilot_analysis.json"), "utf8")).toBe(
      readFileSync(T("c2/pilot_analysis.json"), "utf8"),
    );
    const json = (f: string) => JSON.parse(readFileSync(T(f), "utf8"));
    expect(releaseFreezeSchema.safeParse(json("v2/release_freeze_v1.json")).success).toBe(true);
    expect(releasePackageSchema.safeParse(json("pkg/release_package_manifest.json")).success).toBe(true);

    // The rerun instructions, as written, in bash with `gf01` = this checkout.
    const shim = T("bin");
    execFileSync("mkdir", ["-p", shim]);
    // The run's CLI bundle (tests/helpers/bins.ts): ~0.2 s of CPU a command, not ~1 s under tsx.
    await buildBins();
    writeFileSync(join(shim, "gf01"), `#!/bin/sh\nexec "${process.execPath}" "${binPath("gf01")}" "$@"\n`);
    chmodSync(join(shim, "gf01"), 0o755);
    const md = readFileSync(T("pkg/RERUN_INSTRUCTIONS.md"), "utf8");
    const script = (md.match(/```bash\n([\s\S]*?)```/) as RegExpMatchArray)[1];
    execFileSync("bash", ["-ec", script], {
      cwd: T("pkg"),
      env: { ...process.env, PATH: `${shim}:${process.env.PATH}` },
      stdio: "pipe",
    });
    const sums = (f: string) =>
      execFileSync("sha256sum", [f], { cwd: T("pkg"), encoding: "utf8" }).split(" ")[0];
    expect(sums("rerun/official_report.json")).toBe(sums("artifacts/official_report.json"));
    expect(sums("rerun/official_validation.json")).toBe(sums("artifacts/official_validation.json"));

    // Tamper: an edited freeze file no longer matches its freeze record.
    cpSync(T("v2"), T("v2x"), { recursive: true });
    const m = JSON.parse(readFileSync(T("v2x/split_manifest_v1.json"), "utf8"));
    m.benchmark_version = "9.9.9";
    writeFileSync(T("v2x/split_manifest_v1.json"), JSON.stringify(m, null, 2));
    const bad = await runGf01([
      "release-package",
      "--freeze-dir",
      T("v2x"),
      "--campaign-dir",
      T("c2"),
      "--out-dir",
      T("pkgx"),
    ]);
    expect(bad.code).toBe(2);
    const bp = JSON.parse(bad.stdout);
    expect(bp.error_type).toBe("release_package_freeze_hash_mismatch");
    expect(bp.mismatches.map((x: { field: string }) => x.field)).toEqual(["split_manifest_hash"]);
    // …and release-candidate-check reports it as a failed package stage (the other stages ran).
    const cx = await runGf01([
      "release-candidate-check",
      "--freeze-dir",
      T("v2x"),
      "--campaign-dir",
      T("c2"),
      "--previous-manifest",
      prev,
      "--package-out-dir",
      T("pkgx2"),
      "--no-recompute",
      "--allow-non-official-split-names",
      "--no-strict-manifest",
    ]);
    expect(cx.code).toBe(2);
    const cp = JSON.parse(cx.stdout);
    expect(cp.error_type).toBe("release_candidate_check_failed");
    expect(cp.stages.release_package.passed).toBe(false);
    expect(cp.stages.release_package.payload.error_type).toBe("release_package_freeze_hash_mismatch");

    // Tamper: an external row that claims a valid certificate it does not have.
    const rows = readFileSync(T("external.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // A row that did not certify, now claiming it did (flags kept consistent with each other).
    const forged = rows.find((r) => !r.valid && r.certificate.length > 0) ?? rows.find((r) => !r.valid);
    expect(forged).toBeDefined();
    forged.valid = true;
    forged.suff = true;
    forged.min1 = true;
    forged.goal = true;
    writeFileSync(T("forged.jsonl"), `${JSON.stringify(forged)}\n`);
    const f = await runGf01([
      "campaign",
      "--freeze-dir",
      T("v2"),
      "--out-dir",
      T("c3"),
      "--external-runs",
      T("forged.jsonl"),
      "--blackbox-panel",
      "none",
      "--baseline-policy-level",
      "core",
      ...git,
    ]);
    expect(f.code).toBe(2);
    const fp = JSON.parse(f.stdout);
    expect(fp.status).toBe("error");
    expect(fp.error_type).toBe("recompute_mismatch");
    expect(JSON.stringify(fp.errors_preview)).toContain("valid");
  }, 120_000);
});
