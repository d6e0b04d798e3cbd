/**
 * `release-package` (DEC-066): a re-verifiable release folder from a freeze and a campaign.
 *
 * Before anything is copied: the freeze record's hashes are checked against the files
 * (`instance_bundle_hash` / `split_manifest_hash`, the official `stable_hash_json` of their
 * contents; upstream never checks them), and the campaign's runs are validated in official mode
 * against the freeze's manifest with every certificate re-verified against its bundle. Then:
 *   artifacts/  bundle, manifest, freeze record, runs, validation, report (+ pilot_analysis)
 *   RERUN_INSTRUCTIONS.md   shell steps that recompute validation and report from the
 *                           artifacts and compare them byte for byte (upstream's step 2 fails)
 *   SHA256SUMS              `sha256sum -c` list of the artifacts
 *   release_package_manifest.json  (official gf01.release_package.v1 fields + ours)
 *   build_receipt.json      no date, no absolute path: the package is reproducible
 */
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFile, writeFileAtomic } from "../../core/jsonl.js";
import { toolkitCommit } from "../../core/provenance.js";
import { validateRunsFile } from "../api.js";
import {
  BENCHMARK_VERSION,
  CHECKER_VERSION,
  FAMILY_ID,
  GENERATOR_VERSION,
  HARNESS_VERSION,
} from "../artifacts/meta.js";
import { dumpJsonFile, stableHash } from "../artifacts/pyout.js";
import { CAMPAIGN_FILES, FREEZE_FILES, outDirProblem, sha256File } from "./files.js";
import type { CheckResult } from "./policy.js";

export const RELEASE_PACKAGE_SCHEMA_VERSION = "gf01.release_package.v1";
export const RERUN_FILE = "RERUN_INSTRUCTIONS.md";

/** The rerun steps (bash, run from the package folder; `gf01` on PATH). */
export const RERUN_STEPS = [
  "sha256sum -c SHA256SUMS",
  "mkdir -p rerun",
  "(cd artifacts && gf01 validate --runs runs_combined.jsonl --manifest split_manifest_v1.json --instances instance_bundle_v1.json --official) > rerun/official_validation.json",
  "(cd artifacts && gf01 report --runs runs_combined.jsonl --manifest split_manifest_v1.json --instances instance_bundle_v1.json --official --format json) > rerun/official_report.json",
  "cmp rerun/official_validation.json artifacts/official_validation.json",
  "cmp rerun/official_report.json artifacts/official_report.json",
] as const;

function instructions(): string {
  return [
    "# GF-01 release package: how to re-verify it",
    "",
    "Run from this folder with the same oraclebench version (`gf01 --version`) on PATH.",
    "Every step must succeed; the last two compare the recomputed validation and report",
    "with the packaged ones byte for byte.",
    "",
    "```bash",
    "set -e",
    ...RERUN_STEPS,
    "```",
    "",
    "- `validate --official` re-verifies every run row's certificate against the packaged",
    "  bundle and checks coverage of the packaged split manifest.",
    "- `release_package_manifest.json` lists every file with its size and sha256, and the",
    "  freeze hashes that were checked when the package was built.",
    "",
  ].join("\n");
}

interface FreezeHashCheck {
  record: string;
  field: string;
  file: string;
  recorded: unknown;
  computed: string;
  match: boolean;
}

/** Check one freeze record's hashes against the bundle and manifest in `freezeDir`. */
export async function checkFreezeRecordFile(
  recordPath: string,
  freezeDir: string,
): Promise<FreezeHashCheck[]> {
  const rec = (await readJsonFile(recordPath)) as Record<string, unknown>;
  if (!rec || typeof rec !== "object" || Array.isArray(rec))
    throw new InputError("freeze record must be a JSON object", { file: recordPath });
  const name = basename(recordPath);
  const checks: FreezeHashCheck[] = [];
  for (const [field, file] of [
    ["instance_bundle_hash", FREEZE_FILES.bundle],
    ["split_manifest_hash", FREEZE_FILES.manifest],
  ] as const) {
    if (!(field in rec)) continue;
    const computed = stableHash(await readJsonFile(join(freezeDir, file)));
    checks.push({
      record: name,
      field,
      file,
      recorded: rec[field],
      computed,
      match: rec[field] === computed,
    });
  }
  return checks;
}

/**
 * Check the freeze record in `freezeDir` (release_freeze_v1.json, else pilot_freeze_v1.json;
 * none: nothing to check). A record path that exists in any form (a directory, a dangling
 * link) is read, so it fails loudly instead of being skipped.
 */
export async function checkFreezeHashes(
  freezeDir: string,
): Promise<{ record?: string; checks: FreezeHashCheck[] }> {
  for (const name of [FREEZE_FILES.release, FREEZE_FILES.freeze]) {
    const path = join(freezeDir, name);
    let present = true;
    try {
      lstatSync(path);
    } catch {
      present = false;
    }
    if (present) return { record: name, checks: await checkFreezeRecordFile(path, freezeDir) };
  }
  return { checks: [] };
}

export interface PackageOptions {
  freezeDir: string;
  campaignDir: string;
  outDir: string;
  force?: boolean;
  gitCommit?: string;
}

export async function releasePackage(o: PackageOptions): Promise<CheckResult> {
  const required: [string, string][] = [
    [FREEZE_FILES.bundle, join(o.freezeDir, FREEZE_FILES.bundle)],
    [FREEZE_FILES.manifest, join(o.freezeDir, FREEZE_FILES.manifest)],
    [CAMPAIGN_FILES.runs, join(o.campaignDir, CAMPAIGN_FILES.runs)],
    [CAMPAIGN_FILES.validation, join(o.campaignDir, CAMPAIGN_FILES.validation)],
    [CAMPAIGN_FILES.report, join(o.campaignDir, CAMPAIGN_FILES.report)],
  ];
  const missing = required.filter(([, p]) => !existsSync(p)).map(([name, path]) => ({ name, path }));
  if (missing.length)
    return { ok: false, payload: { status: "error", error_type: "release_package_source_missing", missing } };
  const problem = outDirProblem(o.outDir, !!o.force);
  if (problem) return problem;
  const hashes = await checkFreezeHashes(o.freezeDir);
  const bad = hashes.checks.filter((c) => !c.match);
  if (bad.length)
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "release_package_freeze_hash_mismatch",
        message: `${hashes.record} does not match the files it describes (edited after the freeze?)`,
        mismatches: bad,
      },
    };
  const [bundlePath, manifestPath, runsPath] = required.map(([, p]) => p);
  const v = await validateRunsFile(runsPath, {
    instancesFile: bundlePath,
    manifestFile: manifestPath,
    official: true,
  });
  if (!v.ok)
    return {
      ok: false,
      payload: { status: "error", error_type: "release_package_source_invalid", validation_error: v.payload },
    };
  mkdirSync(join(o.outDir, "artifacts"), { recursive: true });
  const sources = [
    ...required.map(([, p]) => p),
    join(o.freezeDir, FREEZE_FILES.freeze),
    join(o.freezeDir, FREEZE_FILES.release),
    join(o.campaignDir, CAMPAIGN_FILES.analysis),
  ].filter((p) => existsSync(p));
  const copied = sources.map((src) => {
    const dst = join(o.outDir, "artifacts", basename(src));
    copyFileSync(src, dst);
    return `artifacts/${basename(src)}`;
  });
  copied.sort();
  const entry = (rel: string) => {
    const p = join(o.outDir, rel);
    return { path: rel, size_bytes: statSync(p).size, sha256: sha256File(p) };
  };
  await writeFileAtomic(join(o.outDir, RERUN_FILE), instructions());
  const artifactEntries = copied.map(entry);
  await writeFileAtomic(
    join(o.outDir, "SHA256SUMS"),
    artifactEntries.map((e) => `${e.sha256}  ${e.path}\n`).join(""),
  );
  const files = [...artifactEntries, entry(RERUN_FILE), entry("SHA256SUMS")];
  const gitCommit = o.gitCommit ?? toolkitCommit();
  const manifest = {
    schema_version: RELEASE_PACKAGE_SCHEMA_VERSION,
    family_id: FAMILY_ID,
    benchmark_version: BENCHMARK_VERSION,
    generator_version: GENERATOR_VERSION,
    checker_version: CHECKER_VERSION,
    harness_version: HARNESS_VERSION,
    git_commit: gitCommit,
    strict_validation: {
      status: "ok",
      rows: v.outcome.rows,
      manifest_coverage: v.payload.manifest_coverage ?? {},
      // Ours: every certificate was re-verified against the packaged bundle.
      recomputed: true,
      rows_verified: v.payload.rows_verified,
    },
    freeze_hash_check: { record: hashes.record ?? null, checks: hashes.checks, passed: true },
    rerun_steps: [...RERUN_STEPS],
    files,
  };
  await writeFileAtomic(join(o.outDir, "release_package_manifest.json"), dumpJsonFile(manifest));
  await writeFileAtomic(
    join(o.outDir, "build_receipt.json"),
    dumpJsonFile({ status: "ok", receipt_type: "build_receipt", git_commit: gitCommit }),
  );
  return {
    ok: true,
    payload: {
      status: "ok",
      schema_version: RELEASE_PACKAGE_SCHEMA_VERSION,
      out_dir: o.outDir,
      manifest_path: join(o.outDir, "release_package_manifest.json"),
      instructions_path: join(o.outDir, RERUN_FILE),
      build_receipt_path: join(o.outDir, "build_receipt.json"),
      artifact_count: copied.length,
      source_freeze_dir: o.freezeDir,
      source_campaign_dir: o.campaignDir,
      freeze_hash_check: { record: hashes.record ?? null, checked: hashes.checks.length, passed: true },
    },
  };
}

/** The package stage of `release-candidate-check`. */
export function releasePackageDirs(o: {
  freezeDir: string;
  campaignDir: string;
  outDir: string;
  force: boolean;
}): Promise<CheckResult> {
  return releasePackage(o);
}

/** Read a package's manifest (for tests and tools): every listed file must still hash the same. */
export function verifyPackageFiles(outDir: string): { path: string; ok: boolean }[] {
  const m = JSON.parse(readFileSync(join(outDir, "release_package_manifest.json"), "utf8")) as {
    files: { path: string; sha256: string }[];
  };
  return m.files.map((f) => ({
    path: f.path,
    ok: existsSync(join(outDir, f.path)) && sha256File(join(outDir, f.path)) === f.sha256,
  }));
}
