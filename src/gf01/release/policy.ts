/**
 * GF-01 release governance, pure logic: the split policy (DEC-054), the rotation policy against
 * the previous release cycle (DEC-067) and the combined release-governance verdict, in the
 * official harness's output shapes (`gf01.split_policy.v1`, `gf01.rotation_policy.v1`), so
 * official tooling reads what we write and we read what it writes. No I/O here.
 *
 * One rule is ours on top of the official one: the official rotation check never looks at the
 * current private split. We also require that no instance that was public in the previous cycle
 * is private now (a published instance cannot be a held-out one). It is reported in extra
 * fields and can be switched off (`allowPublicToPrivateReuse`) to get the official verdict.
 */
import { pyFloat, pyStr, pyStrip } from "../../core/pyjson.js";
import { manifestErrors } from "../artifacts/manifest.js";
import { OFFICIAL_SPLITS } from "../artifacts/meta.js";
import { verdictHead } from "../report/verdict.js";
import { type CheckResult, errorPayload } from "../checks/result.js";

export const SPLIT_POLICY_VERSION = "gf01.split_policy.v1";
export const ROTATION_POLICY_VERSION = "gf01.rotation_policy.v1";
/** DEC-054 defaults (official `DEFAULT_SPLIT_RATIOS` & co). */
export const DEFAULT_SPLIT_RATIOS: Readonly<Record<string, number>> = {
  public_dev: 0.2,
  public_val: 0.2,
  private_eval: 0.6,
};
export const DEFAULT_SPLIT_RATIOS_ARG = "public_dev=0.2,public_val=0.2,private_eval=0.6";
export const DEFAULT_SPLIT_RATIO_TOLERANCE = 0.05;
export const DEFAULT_PRIVATE_EVAL_MIN_COUNT = 1;
export const DEFAULT_PRIVATE_SPLIT = "private_eval";
/** DEC-067: at least this share of the current public instances is new. */
export const DEFAULT_MIN_PUBLIC_NOVELTY_RATIO = 0.1;

export type { CheckResult };

/** Python `str(entry.get(key, "")).strip()` (None reads "None", as upstream). */
const str = (v: unknown): string => (v === undefined ? "" : pyStrip(pyStr(v)));
/** Python float() of a ratio value: decimal notation only (JS Number would take "0x10", "Infinity"). */
const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Official `parse_split_ratio_arg`: `a=0.2,b=0.2,c=0.6` → ratios normalised to sum 1. Throws a
 * plain `Error` with the official message (the caller turns it into `invalid_split_ratio_arg`).
 */
export function parseSplitRatios(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(",")) {
    const token = pyStrip(part);
    if (!token) continue;
    const eq = token.indexOf("=");
    if (eq < 0) throw new Error(`invalid ratio token '${token}' (expected split=value)`);
    const key = pyStrip(token.slice(0, eq));
    if (!key) throw new Error(`invalid split id in token '${token}'`);
    const vt = pyStrip(token.slice(eq + 1));
    // Python float() also takes "inf"/"nan"; a ratio cannot be either, so both are refused here.
    const v = FLOAT.test(vt) ? Number(vt) : Number.NaN;
    if (!Number.isFinite(v)) throw new Error(`could not convert string to float: '${vt}'`);
    if (v < 0) throw new Error(`ratio for ${key} must be non-negative`);
    out[key] = v;
  }
  const keys = Object.keys(out);
  if (!keys.length) throw new Error("split ratio map is empty");
  const total = keys.reduce((s, k) => s + out[k], 0);
  if (total <= 0) throw new Error("split ratio map must sum to a positive value");
  for (const k of keys) out[k] = out[k] / total;
  return out;
}

export interface SplitPolicyOptions {
  targetRatios?: Record<string, number>;
  tolerance?: number;
  privateSplit?: string;
  minPrivateEvalCount?: number;
  requireOfficialSplitNames?: boolean;
}

const sortedKeys = (o: Record<string, unknown>): string[] => Object.keys(o).sort();

/** Official `split_policy_report`: the report and whether it passes. `manifest` is already checked. */
export function splitPolicyReport(
  manifest: Record<string, unknown>,
  o: SplitPolicyOptions = {},
): { report: Record<string, unknown>; passed: boolean } {
  const target = o.targetRatios ?? { ...DEFAULT_SPLIT_RATIOS };
  const tolerance = o.tolerance ?? DEFAULT_SPLIT_RATIO_TOLERANCE;
  const privateSplit = o.privateSplit ?? DEFAULT_PRIVATE_SPLIT;
  const minPrivate = o.minPrivateEvalCount ?? DEFAULT_PRIVATE_EVAL_MIN_COUNT;
  const requireNames = !!o.requireOfficialSplitNames;
  const entries = Array.isArray(manifest.instances) ? manifest.instances : [];
  const total = entries.length;
  const counts: Record<string, number> = {};
  const invalid: Record<string, unknown>[] = [];
  const allowed = new Set<string>(OFFICIAL_SPLITS);
  entries.forEach((entry, index) => {
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
      invalid.push({ index, reason: "entry_not_object" });
      return;
    }
    const split = str((entry as Record<string, unknown>).split_id);
    if (!split) {
      invalid.push({ index, reason: "missing_split_id" });
      return;
    }
    counts[split] = (counts[split] ?? 0) + 1;
    if (requireNames && !allowed.has(split)) invalid.push({ index, reason: `unsupported_split_id:${split}` });
  });
  const observedRatios: Record<string, unknown> = {};
  const observedCounts: Record<string, number> = {};
  for (const k of sortedKeys(counts)) {
    observedCounts[k] = counts[k];
    observedRatios[k] = pyFloat(total > 0 ? counts[k] / total : 0);
  }
  const checks: Record<string, unknown>[] = [];
  const failures: Record<string, unknown>[] = [];
  for (const split of sortedKeys(target)) {
    const t = target[split];
    const observed = total > 0 && counts[split] ? counts[split] / total : 0;
    const delta = Math.abs(observed - t);
    const row = {
      split_id: split,
      target_ratio: pyFloat(t),
      observed_ratio: pyFloat(observed),
      delta: pyFloat(delta),
      within_tolerance: delta <= tolerance,
      count: counts[split] ?? 0,
    };
    checks.push(row);
    if (delta > tolerance) failures.push(row);
  }
  const privateCount = counts[privateSplit] ?? 0;
  const privateMinPass = privateCount >= minPrivate;
  const passed = failures.length === 0 && invalid.length === 0 && privateMinPass;
  const targetOut: Record<string, unknown> = {};
  for (const k of sortedKeys(target)) targetOut[k] = pyFloat(target[k]);
  return {
    passed,
    report: {
      ...verdictHead(passed, "split_policy_violation"),
      split_policy_version: SPLIT_POLICY_VERSION,
      manifest_schema_version: manifest.schema_version ?? "unknown",
      instance_count: total,
      target_ratios: targetOut,
      observed_counts: observedCounts,
      observed_ratios: observedRatios,
      tolerance: pyFloat(tolerance),
      ratio_checks: checks,
      ratio_failures: failures,
      require_official_split_names: requireNames,
      invalid_split_entries_preview: invalid.slice(0, 20),
      private_split_id: privateSplit,
      private_eval_count: privateCount,
      private_eval_min_count: minPrivate,
      private_min_pass: privateMinPass,
    },
  };
}

export interface SplitPolicyCheckOptions extends SplitPolicyOptions {
  /** Ratio flag text (parsed here so a bad value gives the official error payload). */
  targetRatiosArg?: string;
  strictManifest?: boolean;
}

function ratiosOrError(arg: string | undefined): Record<string, number> | CheckResult {
  if (arg === undefined) return { ...DEFAULT_SPLIT_RATIOS };
  try {
    return parseSplitRatios(arg);
  } catch (e) {
    return errorPayload("invalid_split_ratio_arg", { message: (e as Error).message });
  }
}
/** A manifest that fails its schema: how many errors, the first 50. */
const manifestSchemaError = (errorType: string, errs: readonly string[], strict: boolean): CheckResult =>
  errorPayload(errorType, {
    strict_manifest: strict,
    error_count: errs.length,
    errors_preview: errs.slice(0, 50),
  });
const isResult = (x: unknown): x is CheckResult =>
  !!x && typeof x === "object" && "payload" in x && "ok" in x;

/** `split-policy-check` (official command; exit 2 unless it passes). */
export function splitPolicyCheck(manifest: unknown, o: SplitPolicyCheckOptions = {}): CheckResult {
  const strict = !!o.strictManifest;
  const errs = manifestErrors(manifest, strict);
  if (errs.length) return manifestSchemaError("manifest_schema_validation", errs, strict);
  const ratios = ratiosOrError(o.targetRatiosArg);
  if (isResult(ratios)) return ratios;
  const { report, passed } = splitPolicyReport(manifest as Record<string, unknown>, {
    ...o,
    targetRatios: o.targetRatios ?? ratios,
  });
  return { ok: passed, payload: report };
}

/** Instance ids per split (official `manifest_instance_sets_by_split`; the manifest is checked). */
export function instanceSetsBySplit(manifest: Record<string, unknown>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const e of (manifest.instances ?? []) as Record<string, unknown>[]) {
    const id = str(e.instance_id);
    const split = str(e.split_id);
    const s = out.get(split) ?? new Set<string>();
    out.set(split, s);
    s.add(id);
  }
  return out;
}

const union = (sets: Map<string, Set<string>>, ids: readonly string[]): Set<string> => {
  const u = new Set<string>();
  for (const id of ids) for (const x of sets.get(id) ?? []) u.add(x);
  return u;
};
const sortedIntersection = (a: Set<string>, b: Set<string>): string[] =>
  [...a].filter((x) => b.has(x)).sort();

export interface RotationOptions {
  privateSplit?: string;
  minPublicNoveltyRatio?: number;
  /** Official verdict: do not fail when a previous-public instance is in the current private split. */
  allowPublicToPrivateReuse?: boolean;
}

/**
 * Official `release_rotation_report` (DEC-067), plus our public→private reuse rule. The public
 * splits are the official split names other than the private one (as upstream).
 */
export function releaseRotationReport(
  current: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  o: RotationOptions = {},
): { report: Record<string, unknown>; passed: boolean } {
  const privateSplit = o.privateSplit ?? DEFAULT_PRIVATE_SPLIT;
  const minNovelty = o.minPublicNoveltyRatio ?? DEFAULT_MIN_PUBLIC_NOVELTY_RATIO;
  const publicIds = OFFICIAL_SPLITS.filter((s) => s !== privateSplit);
  const cur = instanceSetsBySplit(current);
  const curPublic = union(cur, publicIds);
  const curPrivate = cur.get(privateSplit) ?? new Set<string>();
  const reuseRule = { public_to_private_rule_enforced: !o.allowPublicToPrivateReuse };
  if (!previous)
    return {
      passed: true,
      report: {
        rotation_policy_version: ROTATION_POLICY_VERSION,
        previous_manifest_present: false,
        public_split_ids: [...publicIds],
        private_split_id: privateSplit,
        current_public_count: curPublic.size,
        min_public_novelty_ratio: pyFloat(minNovelty),
        public_novelty_ratio: pyFloat(curPublic.size ? 1 : 0),
        public_novelty_pass: true,
        private_to_public_overlap_count: 0,
        private_to_public_overlap_preview: [],
        private_to_public_pass: true,
        ...reuseRule,
        public_to_private_reuse_count: 0,
        public_to_private_reuse_preview: [],
        public_to_private_pass: true,
        status: "ok",
        error_type: "",
        note: "rotation checks skipped (no previous manifest provided)",
      },
    };
  const prev = instanceSetsBySplit(previous);
  const prevPublic = union(prev, publicIds);
  const prevPrivate = prev.get(privateSplit) ?? new Set<string>();
  const novel = [...curPublic].filter((x) => !prevPublic.has(x)).length;
  const novelty = curPublic.size ? novel / curPublic.size : 0;
  const noveltyPass = novelty >= minNovelty;
  const leak = sortedIntersection(curPublic, prevPrivate);
  const reuse = sortedIntersection(curPrivate, prevPublic);
  const reusePass = reuse.length === 0 || !!o.allowPublicToPrivateReuse;
  const passed = noveltyPass && leak.length === 0 && reusePass;
  return {
    passed,
    report: {
      rotation_policy_version: ROTATION_POLICY_VERSION,
      previous_manifest_present: true,
      public_split_ids: [...publicIds],
      private_split_id: privateSplit,
      current_public_count: curPublic.size,
      previous_public_count: prevPublic.size,
      previous_private_count: prevPrivate.size,
      public_novel_count: novel,
      min_public_novelty_ratio: pyFloat(minNovelty),
      public_novelty_ratio: pyFloat(novelty),
      public_novelty_pass: noveltyPass,
      private_to_public_overlap_count: leak.length,
      private_to_public_overlap_preview: leak.slice(0, 20),
      private_to_public_pass: leak.length === 0,
      ...reuseRule,
      public_to_private_reuse_count: reuse.length,
      public_to_private_reuse_preview: reuse.slice(0, 20),
      public_to_private_pass: reusePass,
      ...verdictHead(passed, "release_rotation_policy_violation"),
    },
  };
}

export interface GovernanceOptions extends SplitPolicyCheckOptions, RotationOptions {
  requirePreviousManifest?: boolean;
  /** Echoed as `manifest_path` / `previous_manifest_path`. */
  manifestPath?: string;
  previousManifestPath?: string;
}

/**
 * `release-governance-check`: split policy (strict manifest and official split names on by
 * default) then rotation against the previous cycle. `previous` undefined = not given.
 */
export function releaseGovernanceCheck(
  current: unknown,
  previous: unknown | undefined,
  o: GovernanceOptions = {},
): CheckResult {
  const minNovelty = o.minPublicNoveltyRatio ?? DEFAULT_MIN_PUBLIC_NOVELTY_RATIO;
  if (!(minNovelty >= 0 && minNovelty <= 1))
    return errorPayload("invalid_min_public_novelty_ratio", {
      message: "min_public_novelty_ratio must be in [0, 1]",
    });
  const strict = o.strictManifest ?? true;
  const requireNames = o.requireOfficialSplitNames ?? true;
  const errs = manifestErrors(current, strict);
  if (errs.length) return manifestSchemaError("manifest_schema_validation", errs, strict);
  if (previous !== undefined) {
    const pe = manifestErrors(previous, strict);
    if (pe.length) return manifestSchemaError("previous_manifest_schema_validation", pe, strict);
  }
  const ratios = ratiosOrError(o.targetRatiosArg);
  if (isResult(ratios)) return ratios;
  const split = splitPolicyReport(current as Record<string, unknown>, {
    ...o,
    targetRatios: o.targetRatios ?? ratios,
    requireOfficialSplitNames: requireNames,
  });
  if (o.requirePreviousManifest && previous === undefined)
    return errorPayload("release_rotation_previous_manifest_required", {
      message: "set --previous-manifest when --require-previous-manifest is enabled",
      rotation_policy_version: ROTATION_POLICY_VERSION,
    });
  const rotation = releaseRotationReport(
    current as Record<string, unknown>,
    previous as Record<string, unknown> | undefined,
    { ...o, minPublicNoveltyRatio: minNovelty },
  );
  const passed = split.passed && rotation.passed;
  return {
    ok: passed,
    payload: {
      ...verdictHead(passed, "release_governance_violation"),
      split_policy_version: SPLIT_POLICY_VERSION,
      rotation_policy_version: ROTATION_POLICY_VERSION,
      manifest_path: o.manifestPath ?? "",
      previous_manifest_path: o.previousManifestPath ?? "",
      strict_manifest: strict,
      require_official_split_names: requireNames,
      split_policy: split.report,
      rotation_policy: rotation.report,
      passed,
    },
  };
}
