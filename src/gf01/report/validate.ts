/**
 * `validate`: the official policy checks (schema, tracks, tool allowlists, renderer and
 * adaptation policy, strict metadata, manifest coverage) plus what the official harness does
 * not do: every row's certificate is re-scored against the instance bundle and each claimed
 * flag/metric that disagrees is reported with its line, field, expected and actual value.
 * Rows stream through; memory is bounded by the issue preview, not the file.
 */
import { InputError } from "../../core/errors.js";
import { canonicalJson } from "../../core/pyjson.js";
import type { LoadedBundle } from "../artifacts/bundle.js";
import {
  CoverageCounter,
  type ManifestCoverage,
  manifestBundleMismatches,
  manifestErrors,
  type SplitManifest,
} from "../artifacts/manifest.js";
import {
  instanceNormalizationVersion,
  officialIssueText,
  officialRowIssues,
  type RowIssue,
} from "../artifacts/run-record.js";
import { EPISODE_METRICS } from "../artifacts/meta.js";
import type { Scorer } from "../artifacts/scorer.js";
import { parseCertificate } from "../model/certificate.js";
import {
  ATOM_BUDGET_RULES,
  type AtomBudgetRule,
  type CompiledInstance,
  compileInstance,
  DEFAULT_ATOM_BUDGET_RULE,
  withAtomBudget,
} from "../model/compile.js";
import { contentHash } from "../model/identity.js";
import { SeparationChecker } from "./separation.js";

export interface RunValidateOptions {
  strict?: boolean;
  /** Official mode: strict + manifest required (+ bundle required: re-verification is part of "official" here). */
  official?: boolean;
  /** Raw manifest JSON (checked with the official rules). */
  manifest?: unknown;
  bundle?: LoadedBundle;
  score?: Scorer;
  /** Called for every row that passed all checks (report aggregates in the same pass). */
  onRow?: (row: Record<string, unknown>, line: number) => void;
  /** Max issues kept in the preview (counts are always exact). */
  previewLimit?: number;
  /**
   * Atom-budget rule for rows that do not record one (`atom_budget` absent): default
   * "diagnostic", the newest official semantics (the 0.1.0 fixture rows re-score identically
   * under it). Rows that record a rule are always re-scored under their own rule.
   */
  atomBudget?: AtomBudgetRule;
}

export interface ValidationOutcome {
  ok: boolean;
  /** JSON payload for stdout (official field names). */
  payload: Record<string, unknown>;
  issues: RowIssue[];
  rows: number;
  coverage?: ManifestCoverage;
}

const METRIC_FIELDS = EPISODE_METRICS;
const INSTANCE_FIELDS = [
  "split_id",
  "mode",
  "t_star",
  "window_size",
  "budget_timestep",
  "budget_atoms",
  "seed",
] as const;

const sameValue = (claimed: unknown, actual: unknown): boolean => {
  if (typeof actual === "number")
    return (typeof claimed === "number" || typeof claimed === "string") && Number(claimed) === actual;
  return claimed === actual;
};

/**
 * `canonicalJson(a) === canonicalJson(b)` without encoding either: plain JSON values (null,
 * booleans, strings, numbers, arrays, plain objects) compare structurally (keys as sets, as
 * sorted keys do; numbers by value, which is what their Python repr encodes, NaN equal to NaN);
 * anything else (bigints, tuples, floats marked by class, undefined members) is encoded.
 */
export function sameCanonicalJson(a: unknown, b: unknown): boolean {
  const r = sameJson(a, b);
  return r === undefined ? canonicalJson(a) === canonicalJson(b) : r;
}

/** true / false when decided structurally, undefined when an encoder-specific value occurs. */
function sameJson(a: unknown, b: unknown): boolean | undefined {
  if (a === null || b === null)
    return a === b && a !== undefined ? true : plainScalar(a) && plainScalar(b) ? false : undefined;
  const ta = typeof a;
  if (ta !== typeof b) return plainScalar(a) && plainScalar(b) ? false : undefined;
  if (ta === "string" || ta === "boolean") return a === b;
  if (ta === "number") return a === b || (Number.isNaN(a) && Number.isNaN(b));
  if (ta !== "object") return undefined;
  const aa = Array.isArray(a);
  const ba = Array.isArray(b);
  if (aa !== ba) return isPlainContainer(a) && isPlainContainer(b) ? false : undefined;
  if (aa) {
    const x = a as unknown[];
    const y = b as unknown[];
    let decided: boolean | undefined = x.length === y.length;
    for (let i = 0; decided && i < x.length; i++) decided = sameJson(x[i], y[i]);
    return decided;
  }
  if (!isPlainContainer(a) || !isPlainContainer(b)) return undefined;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  for (const k of kx) if (x[k] === undefined) return undefined;
  for (const k of ky) if (y[k] === undefined) return undefined;
  if (kx.length !== ky.length) return false;
  for (const k of kx) {
    if (!Object.hasOwn(y, k)) return false;
    const r = sameJson(x[k], y[k]);
    if (r !== true) return r;
  }
  return true;
}

const plainScalar = (v: unknown): boolean =>
  v === null || typeof v === "string" || typeof v === "boolean" || typeof v === "number";
const isPlainContainer = (v: unknown): boolean => {
  if (Array.isArray(v)) return true;
  if (typeof v !== "object" || v === null) return false;
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
};

/** Recompute one row against the bundle; returns the disagreements (empty = row verified). */
export function recomputeIssues(
  row: Record<string, unknown>,
  line: number,
  bundle: LoadedBundle,
  score: Scorer,
  compiled: Map<string, CompiledInstance>,
  manifestIndex?: Map<string, Record<string, unknown>>,
  defaultRule: AtomBudgetRule = DEFAULT_ATOM_BUDGET_RULE,
): RowIssue[] {
  const id = String(row.instance_id);
  const inst = bundle.byId.get(id);
  if (!inst)
    return [
      { line, field: "instance_id", message: `instance_id ${id} is not in the instance bundle`, actual: id },
    ];
  const out: RowIssue[] = [];
  const expectInst: Record<string, unknown> = {
    split_id: inst.split_id ?? "public_dev",
    mode: inst.mode,
    t_star: inst.t_star,
    window_size: inst.window_size,
    budget_timestep: inst.budget_timestep,
    budget_atoms: inst.budget_atoms,
    seed: inst.seed,
  };
  for (const f of INSTANCE_FIELDS) {
    if (f in row && expectInst[f] !== undefined && !sameValue(row[f], expectInst[f])) {
      out.push({
        line,
        field: f,
        message: `${f} does not match the instance bundle`,
        expected: expectInst[f],
        actual: row[f],
      });
    }
  }
  // Instance-copy objects must be the bundle's, not merely present.
  const copies: Array<[string, unknown]> = [
    ["complexity", inst.complexity ?? {}],
    ["identifiability", inst.identifiability ?? {}],
    // Loading already hashed (and checked) instances that store a hash: contentHash(inst) equals it.
    ["content_hash", bundle.contentHashes?.get(id) ?? contentHash(inst)],
    ["normalization_version", instanceNormalizationVersion(inst)],
  ];
  for (const [f, want] of copies) {
    if (f in row && !sameCanonicalJson(row[f], want))
      out.push({
        line,
        field: f,
        message: `${f} does not match the instance bundle`,
        expected: want,
        actual: row[f],
      });
  }
  const me = manifestIndex?.get(id);
  if (manifestIndex && !me)
    out.push({
      line,
      field: "instance_id",
      message: `instance_id ${id} is not in the split manifest`,
      actual: id,
    });
  if (me) {
    for (const f of ["split_id", "mode"]) {
      if (f in row && row[f] !== me[f])
        out.push({
          line,
          field: f,
          message: `${f} does not match the split manifest`,
          expected: me[f],
          actual: row[f],
        });
    }
  }
  let cert: ReturnType<typeof parseCertificate>;
  try {
    cert = parseCertificate(row.certificate);
  } catch (e) {
    if (e instanceof InputError) return [...out, { line, field: e.field, message: e.reason }];
    throw e;
  }
  let ci0 = compiled.get(id);
  if (!ci0) {
    ci0 = compileInstance(inst);
    compiled.set(id, ci0);
  }
  const claimedRule = row.atom_budget;
  if (claimedRule !== undefined && !(ATOM_BUDGET_RULES as readonly unknown[]).includes(claimedRule))
    return [
      ...out,
      {
        line,
        field: "atom_budget",
        message: `atom_budget must be one of ${ATOM_BUDGET_RULES.join(", ")}`,
        actual: claimedRule,
      },
    ];
  const rule = (claimedRule as AtomBudgetRule | undefined) ?? defaultRule;
  const ci = withAtomBudget(ci0, rule);
  const pool = row.best_match_pool;
  if (pool !== undefined && pool !== "complete" && pool !== "official")
    return [
      ...out,
      {
        line,
        field: "best_match_pool",
        message: "best_match_pool must be complete or official",
        actual: pool,
      },
    ];
  // A row scored under a best-match node cap (gf01 serve) says so; re-score under the same cap
  // (node counts are deterministic), so its AP/TS fields are checked, not trusted.
  const cap = row.best_match_max_nodes;
  const maxNodes = Number.isSafeInteger(cap) && (cap as number) > 0 ? (cap as number) : undefined;
  const m = score(inst, ci, cert, pool || maxNodes ? { pool, maxNodes } : undefined) as unknown as Record<
    string,
    unknown
  >;
  for (const f of METRIC_FIELDS) {
    if (f in row && !sameValue(row[f], m[f])) {
      out.push({
        line,
        field: f,
        message: `${f} disagrees with the verifier`,
        expected: m[f],
        actual: row[f],
      });
    }
  }
  const over =
    inst.budget_atoms !== null && inst.budget_atoms !== undefined && cert.length > inst.budget_atoms;
  if ("exceeds_budget_atoms" in row && row.exceeds_budget_atoms !== over)
    out.push({
      line,
      field: "exceeds_budget_atoms",
      message: "exceeds_budget_atoms disagrees with the certificate and budget_atoms",
      expected: over,
      actual: row.exceeds_budget_atoms,
    });
  if ("score_c" in row && m.score_c !== undefined && !sameValue(row.score_c, m.score_c)) {
    out.push({
      line,
      field: "score_c",
      message: "score_c disagrees with the verifier",
      expected: m.score_c,
      actual: row.score_c,
    });
  }
  if ("kappa" in row && Array.isArray(m.kappa) && JSON.stringify(row.kappa) !== JSON.stringify(m.kappa)) {
    out.push({
      line,
      field: "kappa",
      message: "kappa disagrees with the verifier",
      expected: m.kappa,
      actual: row.kappa,
    });
  }
  return out;
}

// Compiled instances (and through them the cached official pools) per loaded bundle, so
// validating several run files against one bundle compiles and searches each instance once.
const compiledByBundle = new WeakMap<LoadedBundle, Map<string, CompiledInstance>>();
function compiledFor(bundle: LoadedBundle | undefined): Map<string, CompiledInstance> {
  if (!bundle) return new Map();
  let m = compiledByBundle.get(bundle);
  if (!m) {
    // Start from what the loader compiled (same `compileInstance` call) instead of compiling again.
    m = new Map(bundle.compiled);
    compiledByBundle.set(bundle, m);
  }
  return m;
}

/** Validate a stream of `{line, value}` rows. Bad JSON throws (InputError from readJsonl). */
export async function validateRows(
  rows: AsyncIterable<{ line: number; value: unknown }> | Iterable<{ line: number; value: unknown }>,
  opts: RunValidateOptions = {},
): Promise<ValidationOutcome> {
  const official = !!opts.official;
  const strict = !!(opts.strict || official);
  const limit = opts.previewLimit ?? 50;
  const policy: RowIssue[] = [];
  const recompute: RowIssue[] = [];
  let policyCount = 0;
  let recomputeCount = 0;
  let policyRowsPreview: string[] = [];
  const schemaVersions = new Set<string>();
  const coverage = new CoverageCounter();
  const compiled = compiledFor(opts.bundle);
  const manifestOk = opts.manifest !== undefined && manifestErrors(opts.manifest, strict).length === 0;
  const manifestIndex = manifestOk
    ? new Map(
        ((opts.manifest as SplitManifest).instances ?? []).map((e) => [
          String(e.instance_id),
          e as Record<string, unknown>,
        ]),
      )
    : undefined;
  let n = 0;
  let verified = 0;
  const separation = new SeparationChecker();
  const consistency: RowIssue[] = [];
  let consistencyCount = 0;
  for await (const { line, value } of rows) {
    const idx = n++;
    const issues = officialRowIssues(value, line, strict);
    if (issues.length) {
      policyCount += issues.length;
      for (const i of issues) {
        if (policy.length < limit) policy.push(i);
        if (policyRowsPreview.length < limit) policyRowsPreview.push(officialIssueText(i, idx));
      }
      continue;
    }
    const row = value as Record<string, unknown>;
    schemaVersions.add(String(row.schema_version ?? "unknown"));
    coverage.observe(row);
    // What `report` refuses, validate refuses too (same checker, same pass).
    separation.add(row, line);
    const ci = rowConsistencyIssues(row, line);
    if (ci.length) {
      consistencyCount += ci.length;
      for (const i of ci) if (consistency.length < limit) consistency.push(i);
      continue;
    }
    if (opts.bundle) {
      if (!opts.score) throw new Error("validateRows: a scorer is required with a bundle");
      const ri = recomputeIssues(
        row,
        line,
        opts.bundle,
        opts.score,
        compiled,
        manifestIndex,
        opts.atomBudget,
      );
      if (ri.length) {
        recomputeCount += ri.length;
        for (const i of ri) if (recompute.length < limit) recompute.push(i);
        continue;
      }
      verified++;
    }
    opts.onRow?.(row, line);
  }
  const base = { strict_mode: strict, official_mode: official, rows: n };
  const fail = (
    error_type: string,
    extra: Record<string, unknown>,
    issues: RowIssue[] = [],
  ): ValidationOutcome => ({
    ok: false,
    payload: { status: "error", error_type, ...base, ...extra },
    issues,
    rows: n,
  });
  if (policyCount) {
    policyRowsPreview = policyRowsPreview.slice(0, limit);
    return fail(
      "run_schema_validation",
      { error_count: policyCount, errors_preview: policyRowsPreview, issues: policy },
      policy,
    );
  }
  if (official && opts.manifest === undefined) {
    return fail("official_manifest_required", {
      message: "official mode requires --manifest for coverage validation",
    });
  }
  if (official && !opts.bundle) {
    return fail("official_instances_required", {
      message: "official mode requires --instances to re-verify every certificate",
    });
  }
  let cov: ManifestCoverage | undefined;
  if (opts.manifest !== undefined) {
    const me = manifestErrors(opts.manifest, strict);
    if (me.length)
      return fail("manifest_schema_validation", {
        error_count: me.length,
        errors_preview: me.slice(0, limit),
      });
    const fin = coverage.finish(opts.manifest as Record<string, unknown>);
    cov = fin.coverage;
    if (strict && (fin.missing.length || fin.unexpected.length)) {
      return {
        ...fail("manifest_coverage_mismatch", {
          missing_instance_count: fin.missing.length,
          unexpected_instance_count: fin.unexpected.length,
          missing_instance_ids_preview: fin.missing.slice(0, 10),
          unexpected_instance_ids_preview: fin.unexpected.slice(0, 10),
        }),
        coverage: cov,
      };
    }
    if (opts.bundle) {
      const mm = manifestBundleMismatches(opts.manifest as SplitManifest, opts.bundle);
      if (mm.length)
        return fail("manifest_bundle_mismatch", {
          error_count: mm.length,
          errors_preview: mm.slice(0, limit),
        });
    }
  }
  if (consistencyCount) {
    return fail(
      "row_inconsistent",
      {
        error_count: consistencyCount,
        errors_preview: consistency.map((i) => `line ${i.line}: ${i.field}: ${i.message}`),
        issues: consistency,
      },
      consistency,
    );
  }
  if (separation.issues.length) {
    const si = separation.issues;
    return fail(si[0].error_type, {
      error_count: si.length,
      errors_preview: si.slice(0, limit).map((i) => `line ${i.line}: ${i.message}`),
    });
  }
  if (recomputeCount) {
    return fail(
      "recompute_mismatch",
      {
        error_count: recomputeCount,
        errors_preview: recompute.map(
          (i) =>
            `line ${i.line}: ${i.field}: ${i.message} (expected ${JSON.stringify(i.expected)}, got ${JSON.stringify(i.actual)})`,
        ),
        issues: recompute,
      },
      recompute,
    );
  }
  const payload: Record<string, unknown> = {
    status: "ok",
    ...base,
    schema_versions: [...schemaVersions].sort(),
    recomputed: !!opts.bundle,
    rows_verified: verified,
  };
  if (cov) payload.manifest_coverage = cov;
  return { ok: true, payload, issues: [], rows: n, coverage: cov };
}

const DIAGNOSTIC_STATUSES = ["not-run", "completed", "infeasible"];

/**
 * Internal consistency of one row, checkable without the bundle: flags that imply each other
 * (valid = suff ∧ min1, goal = suff), efficiency counts that follow from the certificate,
 * diagnostic fields that agree with diagnostic_status, no negative runtimes, and only scored
 * commit episodes (practice rollouts are never run rows).
 */
export function rowConsistencyIssues(row: Record<string, unknown>, line: number): RowIssue[] {
  const out: RowIssue[] = [];
  const add = (field: string, message: string, expected?: unknown, actual?: unknown): void => {
    out.push({ line, field, message, expected, actual: actual ?? row[field] });
  };
  if (row.scored_commit_episode !== true)
    add(
      "scored_commit_episode",
      "scored_commit_episode must be true: a run row is a scored commit episode",
      true,
    );
  if (typeof row.suff === "boolean" && typeof row.min1 === "boolean" && typeof row.valid === "boolean") {
    if (row.valid !== (row.suff && row.min1))
      add("valid", "valid must equal suff and min1", row.suff && row.min1);
    if (typeof row.goal === "boolean" && row.goal !== row.suff) add("goal", "goal must equal suff", row.suff);
  }
  if (Array.isArray(row.certificate)) {
    const cert = row.certificate as unknown[];
    if ("eff_a" in row && row.eff_a !== cert.length)
      add("eff_a", "eff_a must be the number of certificate atoms", cert.length);
    const ts = new Set(cert.map((a) => (Array.isArray(a) ? JSON.stringify(a[0]) : "?")));
    if ("eff_t" in row && row.eff_t !== ts.size)
      add("eff_t", "eff_t must be the number of distinct certificate timesteps", ts.size);
  }
  for (const [f, v] of Object.entries(row)) {
    if ((f.endsWith("_ms") || f.endsWith("runtime")) && typeof v === "number" && !(v >= 0))
      add(f, `${f} must not be negative`);
  }
  if ("diagnostic_status" in row) {
    const st = row.diagnostic_status;
    if (!DIAGNOSTIC_STATUSES.includes(String(st)))
      add("diagnostic_status", `diagnostic_status must be one of ${DIAGNOSTIC_STATUSES.join(", ")}`);
    else if (st === "completed" && typeof row.diagnostic_value !== "boolean")
      add("diagnostic_status", 'diagnostic_status "completed" needs a boolean diagnostic_value');
    else if (st !== "completed" && row.diagnostic_value !== undefined && row.diagnostic_value !== null)
      add("diagnostic_value", `diagnostic_value given but diagnostic_status is "${String(st)}"`);
    if (st === "not-run" && typeof row.diagnostic_runtime_ms === "number" && row.diagnostic_runtime_ms !== 0)
      add("diagnostic_runtime_ms", 'diagnostic_runtime_ms must be 0 when diagnostic_status is "not-run"', 0);
  }
  for (const f of ["ap_precision", "ap_recall", "ap_f1", "ts_precision", "ts_recall", "ts_f1"]) {
    const v = row[f];
    if (typeof v === "number" && !(v >= 0 && v <= 1)) add(f, `${f} must be in [0, 1]`);
  }
  return out;
}

/**
 * The row checks of `validate` (default mode: policy, consistency, one run per instance,
 * agent and condition), one row at a time, for `--resume` (readJournal): a resumed run keeps
 * only rows that `validate` would accept. Throws an InputError naming the first bad field.
 */
export function runRowChecker(): (value: unknown, line: number) => Record<string, unknown> {
  const separation = new SeparationChecker();
  return (value, line) => {
    const issue =
      officialRowIssues(value, line, false)[0] ??
      rowConsistencyIssues(value as Record<string, unknown>, line)[0];
    if (issue) throw new InputError(issue.message, { field: issue.field });
    const row = value as Record<string, unknown>;
    const before = separation.issues.length;
    separation.add(row, line);
    const dup = separation.issues[before];
    if (dup) throw new InputError(`${dup.error_type}: ${dup.message}`, { field: "instance_id" });
    return row;
  };
}
