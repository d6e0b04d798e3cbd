/**
 * File adapters of the release-governance commands: read the inputs (every read validated,
 * errors name the file), call the pure checks in `policy.ts` / `report-check.ts`, return
 * `{ok, payload}`. Nothing here prints or exits.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFile, readJsonl, writeFileAtomic } from "../../core/jsonl.js";
import { defaultScorer } from "../api.js";
import { loadBundle } from "../artifacts/bundle.js";
import { validateRows } from "../report/validate.js";
import {
  type CheckResult,
  type GovernanceOptions,
  releaseGovernanceCheck,
  type SplitPolicyCheckOptions,
  splitPolicyCheck,
} from "./policy.js";
import { type BaselinePolicyLevel, BASELINE_POLICY_LEVELS, PanelCoverage } from "./report-check.js";
import { verdictHead } from "../report/verdict.js";

/** Fixed file names of a freeze folder and a campaign folder (official layout). */
export const FREEZE_FILES = {
  bundle: "instance_bundle_v1.json",
  manifest: "split_manifest_v1.json",
  freeze: "pilot_freeze_v1.json",
  release: "release_freeze_v1.json",
  receipt: "build_receipt.json",
} as const;
export const CAMPAIGN_FILES = {
  runs: "runs_combined.jsonl",
  validation: "official_validation.json",
  report: "official_report.json",
  analysis: "pilot_analysis.json",
} as const;

export async function splitPolicyCheckFile(
  manifestFile: string,
  o: SplitPolicyCheckOptions,
): Promise<CheckResult> {
  return splitPolicyCheck(await readJsonFile(manifestFile), o);
}

export async function releaseGovernanceCheckFile(
  manifestFile: string,
  previousFile: string | undefined,
  o: GovernanceOptions,
): Promise<CheckResult> {
  const current = await readJsonFile(manifestFile);
  const previous = previousFile ? await readJsonFile(previousFile) : undefined;
  return releaseGovernanceCheck(current, previous, {
    ...o,
    manifestPath: manifestFile,
    previousManifestPath: previousFile ?? "",
  });
}

export function parseBaselinePolicyLevel(v: unknown): BaselinePolicyLevel {
  const t = String(v ?? "full").trim();
  if (!(BASELINE_POLICY_LEVELS as readonly string[]).includes(t))
    throw new InputError(`baseline policy level must be full or core, got ${JSON.stringify(v)}`, {
      field: "baseline-policy-level",
    });
  return t as BaselinePolicyLevel;
}

export interface ReportCheckOptions {
  level?: BaselinePolicyLevel;
  /** Ours: also re-verify every row against this bundle (the official check does not). */
  instancesFile?: string;
}

/**
 * `release-report-check`: strict validation of the runs against the manifest (official
 * `validate_runs_manifest(strict, official)`: row schema + policy + coverage; with
 * `instancesFile` also our re-verification of every certificate), then panel/track coverage.
 */
export async function releaseReportCheckFile(
  runsFile: string,
  manifestFile: string,
  o: ReportCheckOptions = {},
): Promise<CheckResult> {
  ensureFile(runsFile);
  const manifest = await readJsonFile(manifestFile);
  const bundle = o.instancesFile ? await loadBundle(o.instancesFile) : undefined;
  const panel = new PanelCoverage(o.level ?? "full");
  const outcome = await validateRows(readJsonl(runsFile), {
    strict: true,
    manifest,
    bundle,
    score: bundle ? defaultScorer({ pool: "official" }) : undefined,
    onRow: (row) => panel.add(row),
  });
  if (!outcome.ok) return { ok: false, payload: outcome.payload };
  const r = panel.finish(manifest as Record<string, unknown>, outcome.coverage);
  r.payload.recomputed = !!bundle;
  return r;
}

export function ensureFile(file: string): void {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(file);
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file,
    });
  }
  if (st.isDirectory()) throw new InputError("is a directory, expected a file", { file });
}

export interface CandidateOptions extends GovernanceOptions {
  previousManifestFile?: string;
  level?: BaselinePolicyLevel;
  /** Re-verify every run row against the freeze's bundle (default true: ours, stricter than upstream). */
  recompute?: boolean;
  skipPackage?: boolean;
  packageOutDir?: string;
  forcePackage?: boolean;
  /** The package stage (injected, so this module does not load the packager unless needed). */
  runPackage?: (o: {
    freezeDir: string;
    campaignDir: string;
    outDir: string;
    force: boolean;
  }) => Promise<CheckResult>;
}

const stage = (r: CheckResult) => ({
  passed: r.ok && r.payload.passed !== false,
  returncode: r.ok ? 0 : 2,
  payload: r.payload,
});

/** A stage that threw an InputError: recorded as that stage's failure, not a crash of the others. */
async function guarded(f: () => Promise<CheckResult>): Promise<CheckResult> {
  try {
    return await f();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { ok: false, payload: { status: "error", error_type: "input_error", message: e.message } };
  }
}

/**
 * `release-candidate-check` (DEC-072): governance, report coverage, then the package, each a
 * stage with `{passed, returncode, payload}` (official shape).
 */
export async function releaseCandidateCheck(
  freezeDir: string,
  campaignDir: string,
  o: CandidateOptions = {},
): Promise<CheckResult> {
  const manifestPath = join(freezeDir, FREEZE_FILES.manifest);
  const runsPath = join(campaignDir, CAMPAIGN_FILES.runs);
  const missing = [manifestPath, runsPath].filter((p) => !existsSync(p));
  if (missing.length)
    return {
      ok: false,
      payload: { status: "error", error_type: "release_candidate_source_missing", missing_paths: missing },
    };
  const gov = await guarded(() =>
    releaseGovernanceCheckFile(manifestPath, o.previousManifestFile || undefined, o),
  );
  const bundlePath = join(freezeDir, FREEZE_FILES.bundle);
  const report = await guarded(() =>
    releaseReportCheckFile(runsPath, manifestPath, {
      level: o.level,
      instancesFile: o.recompute !== false && existsSync(bundlePath) ? bundlePath : undefined,
    }),
  );
  const outDir = o.packageOutDir ?? "release_packages/gf01_release_candidate_v1";
  let pkg: CheckResult;
  if (o.skipPackage || !o.runPackage)
    pkg = { ok: true, payload: { status: "skipped", reason: "skip_package_enabled" } };
  else {
    const run = o.runPackage;
    pkg = await guarded(() => run({ freezeDir, campaignDir, outDir, force: !!o.forcePackage }));
  }
  const g = stage(gov);
  const r = stage(report);
  const p = {
    passed: pkg.ok,
    returncode: pkg.ok ? 0 : 2,
    skipped: !!o.skipPackage || !o.runPackage,
    package_out_dir: outDir,
    payload: pkg.payload,
  };
  const passed = g.passed && r.passed && p.passed;
  return {
    ok: passed,
    payload: {
      ...verdictHead(passed, "release_candidate_check_failed"),
      passed,
      freeze_dir: freezeDir,
      campaign_dir: campaignDir,
      manifest_path: manifestPath,
      runs_path: runsPath,
      stages: { release_governance: g, release_report: r, release_package: p },
    },
  };
}

export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Official `output_dir_not_empty` check: an existing non-empty folder needs `force`. */
export function outDirProblem(outDir: string, force: boolean): CheckResult | undefined {
  if (!existsSync(outDir)) return undefined;
  if (!isDir(outDir)) throw new InputError("exists and is not a directory", { file: outDir });
  if (!force && readdirSync(outDir).length)
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "output_dir_not_empty",
        message: "output directory exists and is not empty; use --force to overwrite",
        out_dir: outDir,
      },
    };
  return undefined;
}

export const sha256File = (file: string): string =>
  createHash("sha256").update(readFileSync(file)).digest("hex");

/** Write a built freeze (bundle, manifest, freeze record, build receipt) into `outDir`. */
export async function writeFreeze(
  outDir: string,
  r: import("./freeze.js").FreezeResult,
  o: { force?: boolean; pilot?: boolean } = {},
): Promise<CheckResult> {
  if (!r.ok || !r.files) return r;
  const problem = outDirProblem(outDir, !!o.force);
  if (problem) return problem;
  mkdirSync(outDir, { recursive: true });
  const { bundleToJson } = await import("../artifacts/bundle.js");
  const { dumpJsonFile } = await import("../artifacts/pyout.js");
  const recordName = o.pilot ? FREEZE_FILES.freeze : FREEZE_FILES.release;
  const written: [string, string][] = [
    [FREEZE_FILES.bundle, bundleToJson(r.files.bundle)],
    [FREEZE_FILES.manifest, dumpJsonFile(r.files.manifest)],
    [recordName, dumpJsonFile(r.files.record)],
  ];
  for (const [name, text] of written) await writeFileAtomic(join(outDir, name), text);
  // No date or absolute path: the receipt is as reproducible as the files it lists.
  const receipt = {
    status: "ok",
    receipt_type: "build_receipt",
    freeze_id: r.files.record.freeze_id,
    git_commit: r.files.record.git_commit,
    files: written.map(([name]) => ({
      path: name,
      size_bytes: statSync(join(outDir, name)).size,
      sha256: sha256File(join(outDir, name)),
    })),
  };
  await writeFileAtomic(join(outDir, FREEZE_FILES.receipt), dumpJsonFile(receipt));
  return { ok: true, payload: { ...r.payload, out_dir: outDir, files: receipt.files } };
}
