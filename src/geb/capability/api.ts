/**
 * Capability snapshot / check / delta over files (docs/geb/capability.md): the file and
 * pointer resolution of the reference's scripts around the pure rules (./rules.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import { parseWith } from "../../core/schema.js";
import { writeTextAtomic } from "../io.js";
import { MISSING_MATRIX, releaseMetricMap, snapshotMetricMap } from "./metrics.js";
import { type CapabilityJobs, capabilityJobsSchema, compareJobs, jobsMarkdown } from "./rules.js";
import { buildCapabilitySnapshot, type CapabilitySnapshot } from "./snapshot.js";

type Obj = Record<string, unknown>;

/** Keys whose numbers the reference writes as Python floats. */
const FLOAT_KEYS: ReadonlySet<string> = new Set([
  "weight",
  "success_rate",
  "critical_fail_rate",
  "pass_threshold",
  "value_weight",
  "delta_success_rate",
  "utility_contribution",
  "utility_delta",
  "risk_penalty_lambda",
]);
const dump = (v: unknown) => pyJsonDumps(v, { indent: 2, floatKeys: FLOAT_KEYS });

export function bundledJobs(kind: "check" | "delta"): string {
  return fileURLToPath(new URL(`../../../configs/capability_${kind}_jobs.json`, import.meta.url));
}

export function loadJobs(file: string): CapabilityJobs {
  return parseWith(capabilityJobsSchema, readJsonFileSync(file, "capability jobs"), { file });
}

function readObj(file: string, what: string): Obj {
  const v = readJsonFileSync(file, what);
  if (typeof v !== "object" || v === null || Array.isArray(v))
    throw new InputError("expected a JSON object", { file });
  return v as Obj;
}

const mtime = (p: string) => statSync(p).mtimeMs;
const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

export function writeSnapshot(opts: {
  runsRoot: string;
  out: string;
  /** Also write capability_snapshot_<UTC stamp>.json there (the reference's archive). */
  archiveDir?: string;
  generatedAt: string | null;
}): { snapshot: CapabilitySnapshot; archived: string | null } {
  const snapshot = buildCapabilitySnapshot(opts.runsRoot, opts.generatedAt);
  writeTextAtomic(opts.out, dump(snapshot));
  let archived: string | null = null;
  if (opts.archiveDir) {
    const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "_").slice(0, 15);
    mkdirSync(opts.archiveDir, { recursive: true });
    archived = join(opts.archiveDir, `capability_snapshot_${stamp}.json`);
    writeTextAtomic(archived, dump(snapshot));
  }
  return { snapshot, archived };
}

/** Newest archived snapshot other than `after` (and not its archive copy: same generated_at_utc). */
function previousSnapshot(after: string, afterPayload: Obj, archiveDir: string): string | null {
  if (!existsSync(archiveDir)) return null;
  const cands = readdirSync(archiveDir)
    .filter((f) => /^capability_snapshot_.*\.json$/.test(f))
    .map((f) => join(archiveDir, f))
    .filter((p) => statSync(p).isFile())
    .sort((x, y) => mtime(y) - mtime(x));
  for (const c of cands) {
    if (real(c) === real(after)) continue;
    let p: Obj;
    try {
      p = readObj(c, "capability snapshot");
    } catch {
      continue;
    }
    const g = afterPayload.generated_at_utc;
    if (typeof g === "string" && p.generated_at_utc === g) continue;
    return c;
  }
  return null;
}

export interface ReportOut {
  payload: Obj;
  markdown: string;
}

export function capabilityCheck(opts: {
  jobs: string;
  after: string;
  before?: string;
  archiveDir?: string;
  generatedAt: string | null;
}): ReportOut {
  const cfg = loadJobs(opts.jobs);
  if (!existsSync(opts.after)) throw new InputError("after snapshot not found", { file: opts.after });
  const afterSnap = readObj(opts.after, "capability snapshot");
  const beforePath =
    opts.before ?? (opts.archiveDir ? previousSnapshot(opts.after, afterSnap, opts.archiveDir) : null);
  const hasBefore = beforePath !== null && existsSync(beforePath);
  const before = hasBefore ? snapshotMetricMap(readObj(beforePath, "capability snapshot")) : null;
  const r = compareJobs(cfg, before, snapshotMetricMap(afterSnap));
  const { has_before, ...rest } = r.summary;
  const payload = {
    benchmark: "capability_check_report",
    generated_at_utc: opts.generatedAt,
    status: r.status,
    inputs: { jobs_config: opts.jobs, after_snapshot: opts.after, before_snapshot: beforePath },
    policy: r.policy,
    after_snapshot: opts.after,
    before_snapshot: beforePath,
    jobs: r.jobs,
    summary: { has_before_snapshot: has_before, ...rest },
  };
  const markdown = jobsMarkdown(
    "Capability Check Report",
    opts.generatedAt,
    [
      ["after_snapshot", opts.after],
      ["before_snapshot", beforePath],
    ],
    r,
  );
  return { payload, markdown };
}

function readPointer(p: string): string | null {
  if (!existsSync(p)) return null;
  const t = readFileSync(p, "utf8")
    .replace(/^\uFEFF/, "")
    .trim();
  return t || null;
}

function releaseCandidates(runsRoot: string): string[] {
  if (!existsSync(runsRoot)) return [];
  return readdirSync(runsRoot)
    .filter((f) => f.startsWith("release_check_"))
    .map((f) => join(runsRoot, f))
    .filter((p) => statSync(p).isDirectory())
    .sort((x, y) => mtime(y) - mtime(x));
}

const SNAPSHOT = "release_quality_snapshot.json";
const MATRIX = "release_reliability_matrix.json";

export function capabilityDelta(opts: {
  jobs: string;
  runsRoot: string;
  afterReleaseDir?: string;
  beforeReleaseDir?: string;
  allowMissingAfterMatrix: boolean;
  generatedAt: string | null;
}): ReportOut & { regressed: number } {
  const cfg = loadJobs(opts.jobs);
  const after =
    opts.afterReleaseDir ??
    readPointer(join(opts.runsRoot, "latest_release")) ??
    releaseCandidates(opts.runsRoot)[0];
  if (!after)
    throw new InputError(
      "cannot resolve the after release dir: give --after-release-dir or create <runs-root>/latest_release",
      {
        field: "--after-release-dir",
      },
    );
  let before: string | null =
    opts.beforeReleaseDir ??
    releaseCandidates(opts.runsRoot).find(
      (c) => real(c) !== real(after) && existsSync(join(c, SNAPSHOT)) && existsSync(join(c, MATRIX)),
    ) ??
    null;
  const snapPath = join(after, SNAPSHOT);
  const matrixPath = join(after, MATRIX);
  const needed = `after release artifacts missing; needed: ${snapPath}, ${matrixPath}`;
  if (!existsSync(snapPath)) throw new InputError(needed, { file: after });
  let degraded = false;
  if (!existsSync(matrixPath)) {
    if (!opts.allowMissingAfterMatrix) throw new InputError(needed, { file: after });
    degraded = true;
  }
  const afterMap = releaseMetricMap(
    readObj(snapPath, "release quality snapshot"),
    degraded ? structuredClone(MISSING_MATRIX) : readObj(matrixPath, "release reliability matrix"),
  );
  let hasBefore = before !== null && !degraded;
  if (degraded) before = null;
  let beforeMap = null;
  if (hasBefore && before) {
    const bs = join(before, SNAPSHOT);
    const bm = join(before, MATRIX);
    if (existsSync(bs) && existsSync(bm))
      beforeMap = releaseMetricMap(
        readObj(bs, "release quality snapshot"),
        readObj(bm, "release reliability matrix"),
      );
    else hasBefore = false;
  }
  const r = compareJobs(cfg, hasBefore ? beforeMap : null, afterMap);
  const { has_before, ...rest } = r.summary;
  const payload = {
    benchmark: "capability_delta_report",
    generated_at_utc: opts.generatedAt,
    status: r.status,
    inputs: {
      jobs_config: opts.jobs,
      after_release_dir: after,
      before_release_dir: before,
      allow_missing_after_matrix: opts.allowMissingAfterMatrix,
    },
    policy: r.policy,
    after_release_dir: after,
    before_release_dir: before,
    jobs: r.jobs,
    summary: { has_before_release: has_before, ...rest, degraded_missing_after_matrix: degraded },
  };
  const markdown = jobsMarkdown(
    "Capability Delta Report",
    opts.generatedAt,
    [
      ["after_release_dir", after],
      ["before_release_dir", before],
    ],
    r,
  );
  return { payload, markdown, regressed: r.summary.classification_counts.Regressed };
}

export function writeReport(r: ReportOut, out: string, markdownOut?: string): string[] {
  mkdirSync(dirname(resolve(out)), { recursive: true });
  writeTextAtomic(out, dump(r.payload));
  const wrote = [out];
  if (markdownOut) {
    mkdirSync(dirname(resolve(markdownOut)), { recursive: true });
    writeTextAtomic(markdownOut, r.markdown);
    wrote.push(markdownOut);
  }
  return wrote;
}
