/**
 * `gf01.run_record.v1`: one scored commit episode per JSONL row. The writer emits the key set of
 * the newest official writer (49 keys: 31 required + metrics + instance fields incl.
 * `content_hash`/`normalization_version`, `json.dumps(row, sort_keys=True)`) plus our
 * `atom_budget`/`exceeds_budget_atoms`; the reader accepts extra keys and checks the official
 * policy rules with the official messages.
 */
import { z } from "zod";
import { pyInt } from "../../core/pyjson.js";
import { registerSchema } from "../../core/schema.js";
import { NORMALIZATION_VERSION } from "../generate/build.js";
import { ATOM_BUDGET_RULES, type AtomBudgetRule, DEFAULT_ATOM_BUDGET_RULE } from "../model/compile.js";
import { contentHash as computeContentHash } from "../model/identity.js";
import type { Certificate, Gf01Instance } from "../model/types.js";
import type { PrfSix } from "../verify/metrics.js";
import type { VerifyResult } from "../verify/verify.js";
import {
  ADAPTATION_POLICY_VERSION,
  ALLOWED_ADAPTATION_CONDITIONS,
  ALLOWED_ADAPTATION_DATA_SCOPES,
  ALLOWED_EVAL_TRACKS,
  ALLOWED_MODES,
  ALLOWED_PLAY_PROTOCOLS,
  ALLOWED_RENDERER_TRACKS,
  ALLOWED_TOOL_ALLOWLISTS_BY_TRACK,
  BENCHMARK_VERSION,
  CHECKER_VERSION,
  type EvalTrack,
  EXTENDED_PLAY_PROTOCOLS,
  FAMILY_ID,
  GENERATOR_VERSION,
  HARNESS_VERSION,
  RENDERER_POLICY_VERSION,
  REQUIRED_RUN_FIELDS,
  RUN_RECORD_SCHEMA_VERSION,
  rendererProfileForTrack,
  STRICT_META_FIELDS,
  VERSION_FIELDS,
  type VersionField,
} from "./meta.js";
import { identityShape } from "./header-schema.js";
import { dumpJsonlRow, floatify } from "./pyout.js";

const int = z.number().int();
const atom = z.tuple([int, z.string(), z.union([z.literal(0), z.literal(1)])]);

/** Typed v1 row. Loose: unknown keys pass through (and are preserved by migrate/rewrite). */
export const runRecordSchema = z.looseObject({
  schema_version: z.literal(RUN_RECORD_SCHEMA_VERSION),
  ...identityShape(),
  config_hash: z.string(),
  tool_allowlist_id: z.string(),
  tool_log_hash: z.string().optional(),
  play_protocol: z.enum(EXTENDED_PLAY_PROTOCOLS),
  scored_commit_episode: z.boolean(),
  adaptation_policy_version: z.string(),
  adaptation_condition: z.enum(ALLOWED_ADAPTATION_CONDITIONS),
  adaptation_budget_tokens: int.nonnegative(),
  adaptation_data_scope: z.enum(ALLOWED_ADAPTATION_DATA_SCOPES),
  adaptation_protocol_id: z.string(),
  instance_id: z.string().min(1),
  eval_track: z.enum(ALLOWED_EVAL_TRACKS),
  renderer_track: z.enum(ALLOWED_RENDERER_TRACKS),
  renderer_policy_version: z.string(),
  renderer_profile_id: z.string(),
  agent_name: z.string(),
  certificate: z.array(atom),
  suff: z.boolean(),
  min1: z.boolean(),
  valid: z.boolean(),
  goal: z.boolean(),
  eff_t: int.nonnegative().optional(),
  eff_a: int.nonnegative().optional(),
  ap_precision: z.number().optional(),
  ap_recall: z.number().optional(),
  ap_f1: z.number(),
  ts_precision: z.number().optional(),
  ts_recall: z.number().optional(),
  ts_f1: z.number(),
  diagnostic_status: z.string().optional(),
  diagnostic_runtime_ms: int.nonnegative().optional(),
  split_id: z.string(),
  mode: z.enum(ALLOWED_MODES),
  t_star: int.optional(),
  window_size: int.optional(),
  budget_timestep: int.optional(),
  budget_atoms: int.nullish(),
  seed: int.nullish(),
  complexity: z.record(z.string(), z.number()).optional(),
  identifiability: z.record(z.string(), z.unknown()).optional(),
  /** Newest official writer (49 keys): instance content hash and normalization version. */
  content_hash: z.string().optional(),
  normalization_version: z.string().optional(),
  /** Ours: the atom-budget scoring rule the row was scored under (absent = "diagnostic"). */
  atom_budget: z.enum(ATOM_BUDGET_RULES).optional(),
  /** Ours: |certificate| > budget_atoms (a diagnostic under the default rule). */
  exceeds_budget_atoms: z.boolean().optional(),
  /** Ours: M(I) pool of the AP/TS PRF (absent = "official", the official writer's pool). */
  best_match_pool: z.enum(["complete", "official"]).optional(),
  /** Not written by the official writer; checked when present. */
  kappa: z.tuple([int, int, int, int]).optional(),
  score_c: int.optional(),
  /** Ours, additive: the instance's measured difficulty stratum (default generator, d1–d4). */
  difficulty_slice: z.string().optional(),
});
registerSchema("gf01.run_record.v1", runRecordSchema);
export type RunRecord = z.output<typeof runRecordSchema>;

/** Metric fields a verifier produces for one certificate (the scorer's output shape). */
export type RunMetrics = VerifyResult &
  PrfSix & {
    diagnostic_status?: string;
    diagnostic_runtime_ms?: number;
    diagnostic_value?: boolean | null;
    diagnostic_cap_hit?: "A_ref" | "P_ref" | null;
    kappa?: readonly [number, number, number, number];
    score_c?: number;
    atom_budget?: AtomBudgetRule;
    exceeds_budget_atoms?: boolean;
    best_match_pool?: "complete" | "official";
  };

/** Run-level metadata (official `run_meta`). Missing entries take the official defaults. */
export interface RunMeta {
  family_id?: string;
  benchmark_version?: string;
  generator_version?: string;
  checker_version?: string;
  harness_version?: string;
  git_commit?: string;
  config_hash?: string;
  tool_allowlist_id?: string;
  tool_log_hash?: string;
  play_protocol?: string;
  scored_commit_episode?: boolean;
  adaptation_policy_version?: string;
  adaptation_condition?: string;
  adaptation_budget_tokens?: number;
  adaptation_data_scope?: string;
  adaptation_protocol_id?: string;
  renderer_policy_version?: string;
  renderer_profile_id?: string;
}

/** The run-condition options a caller may give (evaluate, online play); unset ones take the defaults. */
export interface RunConditionOptions {
  toolAllowlistId?: string;
  toolLogHash?: string;
  adaptationCondition?: string;
  adaptationBudgetTokens?: number;
  adaptationDataScope?: string;
  adaptationProtocolId?: string;
}

/** The component versions of the bundle a run played, as its rows record them. */
export function bundleVersionMeta(bm: Readonly<Record<string, unknown>>): Pick<RunMeta, VersionField> {
  return Object.fromEntries(VERSION_FIELDS.map((k) => [k, bm[k] as string | undefined]));
}

/** A run's renderer and adaptation fields (the adaptation resolved by the caller), in row order. */
export function conditionMeta(
  rendererTrack: string,
  a: { condition: string; budgetTokens: number; dataScope: string; protocolId: string },
) {
  return {
    renderer_policy_version: RENDERER_POLICY_VERSION,
    renderer_profile_id: rendererProfileForTrack(rendererTrack),
    adaptation_policy_version: ADAPTATION_POLICY_VERSION,
    adaptation_condition: a.condition,
    adaptation_budget_tokens: a.budgetTokens,
    adaptation_data_scope: a.dataScope,
    adaptation_protocol_id: a.protocolId,
  };
}

export interface RunIdentity {
  instance_id: string;
  eval_track: string;
  renderer_track: string;
  agent_name: string;
  certificate: Certificate;
}

/** Official `run_record_to_dict`. `extraMetrics` adds `kappa`/`score_c` (off: byte parity with official rows). */
export function buildRunRecord(
  id: RunIdentity,
  m: RunMetrics,
  instance: Gf01Instance | undefined,
  meta: RunMeta = {},
  opts: { extraMetrics?: boolean; officialKeysOnly?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    schema_version: RUN_RECORD_SCHEMA_VERSION,
    family_id: meta.family_id ?? FAMILY_ID,
    benchmark_version: meta.benchmark_version ?? BENCHMARK_VERSION,
    generator_version: meta.generator_version ?? GENERATOR_VERSION,
    checker_version: meta.checker_version ?? CHECKER_VERSION,
    harness_version: meta.harness_version ?? HARNESS_VERSION,
    git_commit: meta.git_commit ?? "unknown",
    config_hash: meta.config_hash ?? "unknown",
    tool_allowlist_id: meta.tool_allowlist_id ?? "",
    tool_log_hash: meta.tool_log_hash ?? "",
    play_protocol: meta.play_protocol ?? "commit_only",
    scored_commit_episode: meta.scored_commit_episode ?? true,
    adaptation_policy_version: meta.adaptation_policy_version ?? ADAPTATION_POLICY_VERSION,
    adaptation_condition: meta.adaptation_condition ?? "no_adaptation",
    adaptation_budget_tokens: meta.adaptation_budget_tokens ?? 0,
    adaptation_data_scope: meta.adaptation_data_scope ?? "none",
    adaptation_protocol_id: meta.adaptation_protocol_id ?? "none",
    instance_id: id.instance_id,
    eval_track: id.eval_track,
    renderer_track: id.renderer_track,
    renderer_policy_version: meta.renderer_policy_version ?? RENDERER_POLICY_VERSION,
    renderer_profile_id: meta.renderer_profile_id ?? rendererProfileForTrack(id.renderer_track),
    agent_name: id.agent_name,
    certificate: id.certificate.map((a) => [a[0], a[1], a[2]]),
    suff: m.suff,
    min1: m.min1,
    valid: m.valid,
    goal: m.goal,
    eff_t: m.eff_t,
    eff_a: m.eff_a,
    ap_precision: m.ap_precision,
    ap_recall: m.ap_recall,
    ap_f1: m.ap_f1,
    ts_precision: m.ts_precision,
    ts_recall: m.ts_recall,
    ts_f1: m.ts_f1,
    diagnostic_status: m.diagnostic_status ?? "not-run",
    diagnostic_runtime_ms: m.diagnostic_runtime_ms ?? 0,
  };
  // Ours, only when the diagnostic ran (evaluate --diagnostic): its verdict and which cap stopped it.
  if (m.diagnostic_status !== undefined && m.diagnostic_status !== "not-run") {
    out.diagnostic_value = m.diagnostic_value ?? null;
    out.diagnostic_cap_hit = m.diagnostic_cap_hit ?? null;
  }
  // Ours (not official): which atom-budget rule scored this row, and the B_A diagnostic.
  // `officialKeysOnly` leaves them out (byte comparisons with official rows).
  if (!opts.officialKeysOnly) {
    out.atom_budget = m.atom_budget ?? DEFAULT_ATOM_BUDGET_RULE;
    if (m.exceeds_budget_atoms !== undefined) out.exceeds_budget_atoms = m.exceeds_budget_atoms;
    if (m.best_match_pool !== undefined) out.best_match_pool = m.best_match_pool;
  }
  if (opts.extraMetrics) {
    if (m.kappa) out.kappa = [...m.kappa];
    if (m.score_c !== undefined) out.score_c = m.score_c;
  }
  if (instance) {
    out.split_id = instance.split_id ?? "public_dev";
    out.mode = instance.mode;
    out.t_star = instance.t_star;
    out.window_size = instance.window_size;
    out.budget_timestep = instance.budget_timestep;
    // The newest writer's two hash keys (49-key rows) for instances in the newest form; an
    // instance in the 0.1.0 form (no content hash) gets the 0.1.0 row shape (47 keys).
    if (typeof instance.content_hash === "string" || typeof instance.provenance?.content_hash === "string") {
      out.content_hash = computeContentHash(instance);
      out.normalization_version = instanceNormalizationVersion(instance);
    }
    // Official: written only when set.
    if (instance.budget_atoms !== null && instance.budget_atoms !== undefined)
      out.budget_atoms = instance.budget_atoms;
    if (instance.seed !== null && instance.seed !== undefined) out.seed = instance.seed;
    out.complexity = floatify(instance.complexity ?? {});
    out.identifiability = instance.identifiability ?? {};
    // Default-generator instances carry a measured stratum (generate/hardness.ts); report
    // groups by it instead of the complexity composite. Official instances have none.
    const stratum = instance.hardness?.stratum;
    if (typeof stratum === "string") out.difficulty_slice = stratum;
  }
  return out;
}

/** One JSONL line (no newline), byte-identical to the official writer. */
export function runRecordLine(row: Record<string, unknown>): string {
  const r = row.complexity
    ? { ...row, complexity: floatify(row.complexity as Record<string, unknown>) }
    : row;
  return dumpJsonlRow(r);
}

// ---------------------------------------------------------------------------------------
// Official policy checks (gf01/io.py validate_run_rows), messages kept verbatim where they
// exist so reports are comparable with the reference harness.

export interface RowIssue {
  /** 1-based JSONL line. */
  line: number;
  field?: string;
  message: string;
  expected?: unknown;
  actual?: unknown;
}

const pyStr = (v: unknown): string =>
  v === undefined || v === null ? "None" : typeof v === "boolean" ? (v ? "True" : "False") : String(v);
const pyList = (xs: readonly string[]): string => `[${xs.map((x) => `'${x}'`).join(", ")}]`;

/** Python `float(v)` acceptance (numbers and numeric strings, not bools-as-strings). */
function pyFloatable(v: unknown): boolean {
  if (typeof v === "number" || typeof v === "boolean") return true;
  if (typeof v === "string") return v.trim() !== "" && !Number.isNaN(Number(v.trim().replace(/_/g, "")));
  return false;
}

export function trackToolPolicyError(
  evalTrack: string,
  allowlistId: unknown,
  toolLogHash: unknown,
): string | undefined {
  const allowlist = pyStr(allowlistId ?? "").trim();
  const hash = pyStr(toolLogHash ?? "").trim();
  if (!(evalTrack in ALLOWED_TOOL_ALLOWLISTS_BY_TRACK)) return undefined;
  if (evalTrack === "EVAL-CB") {
    if (allowlist.toLowerCase() !== "none") return "EVAL-CB requires tool_allowlist_id=none";
    if (hash) return "EVAL-CB requires empty tool_log_hash";
    return undefined;
  }
  const allowed = ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[evalTrack as EvalTrack];
  if (!allowed.includes(allowlist)) {
    return `${evalTrack} requires tool_allowlist_id in ${pyList(allowed)} (received ${allowlist || "<empty>"})`;
  }
  if (!hash || hash.toLowerCase() === "unknown") return `${evalTrack} requires non-empty tool_log_hash`;
  return undefined;
}

/**
 * The `evaluate` command's track/tool policy (official `track_tool_policy_message`), whose
 * messages differ from the row validator's (`trackToolPolicyError`).
 */
export function evaluateToolPolicyError(
  evalTrack: string,
  allowlistId: string,
  toolLogHash: string,
): string | undefined {
  const allowlist = allowlistId.trim();
  const hash = toolLogHash.trim();
  if (!(evalTrack in ALLOWED_TOOL_ALLOWLISTS_BY_TRACK)) return `unsupported eval_track ${evalTrack}`;
  if (evalTrack === "EVAL-CB") {
    if (allowlist.toLowerCase() !== "none" || hash)
      return "EVAL-CB forbids external tool metadata; use tool_allowlist_id=none and empty tool_log_hash";
    return undefined;
  }
  const allowed = ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[evalTrack as EvalTrack];
  if (!allowed.includes(allowlist))
    return `${evalTrack} requires tool_allowlist_id in ${pyList(allowed)} (received ${allowlist || "<empty>"})`;
  if (!hash) return `${evalTrack} requires a non-empty tool_log_hash`;
  if (hash.toLowerCase() === "unknown") return `${evalTrack} requires tool_log_hash != unknown`;
  return undefined;
}

export function adaptationPolicyError(
  condition: string,
  budget: number,
  scope: string,
  protocolId: string,
): string | undefined {
  if (!(ALLOWED_ADAPTATION_CONDITIONS as readonly string[]).includes(condition)) {
    return `adaptation_condition=${condition} not in ${pyList(ALLOWED_ADAPTATION_CONDITIONS)}`;
  }
  if (!(ALLOWED_ADAPTATION_DATA_SCOPES as readonly string[]).includes(scope)) {
    return `adaptation_data_scope=${scope} not in ${pyList(ALLOWED_ADAPTATION_DATA_SCOPES)}`;
  }
  if (budget < 0) return "adaptation_budget_tokens must be >= 0";
  const protocol = protocolId.trim();
  if (condition === "no_adaptation") {
    if (budget !== 0) return "no_adaptation requires adaptation_budget_tokens=0";
    if (scope !== "none") return "no_adaptation requires adaptation_data_scope=none";
    if (protocol !== "" && protocol !== "none") return "no_adaptation requires adaptation_protocol_id=none";
    return undefined;
  }
  if (budget <= 0) return `${condition} requires adaptation_budget_tokens>0`;
  if (scope === "none") return `${condition} requires adaptation_data_scope!=none`;
  const p = protocol.toLowerCase();
  if (!protocol || p === "none" || p === "unknown")
    return `${condition} requires non-empty adaptation_protocol_id`;
  return undefined;
}

export function rendererPolicyError(track: string, profile: string): string | undefined {
  const t = track.trim();
  if (!(ALLOWED_RENDERER_TRACKS as readonly string[]).includes(t)) {
    return `renderer_track=${t} not in ${pyList(ALLOWED_RENDERER_TRACKS)}`;
  }
  const expected = rendererProfileForTrack(t);
  if (profile.trim() !== expected)
    return `renderer_profile_id=${profile.trim()} must match ${expected} for renderer_track=${t}`;
  return undefined;
}

/**
 * Policy issues of one row (official `validate_run_rows` for a single row). `strict` is the
 * official strict/official mode: schema/family ids must match and metadata be populated.
 * An empty list means the row passes the official checks.
 */
export function officialRowIssues(row: unknown, line: number, strict: boolean): RowIssue[] {
  if (!row || typeof row !== "object" || Array.isArray(row))
    return [{ line, message: "row must be a JSON object" }];
  const r = row as Record<string, unknown>;
  const missing = REQUIRED_RUN_FIELDS.filter((f) => !(f in r));
  if (missing.length)
    return [{ line, message: `missing required fields: ${missing.join(", ")}`, field: missing[0] }];
  const out: RowIssue[] = [];
  const add = (field: string, message: string) => out.push({ line, field, message });
  if (strict) {
    if (pyStr(r.schema_version) !== RUN_RECORD_SCHEMA_VERSION) {
      add(
        "schema_version",
        `schema_version=${pyStr(r.schema_version)} (expected ${RUN_RECORD_SCHEMA_VERSION})`,
      );
    }
    if (pyStr(r.family_id) !== FAMILY_ID)
      add("family_id", `family_id=${pyStr(r.family_id)} (expected ${FAMILY_ID})`);
  }
  const evalTrack = pyStr(r.eval_track);
  if (!(ALLOWED_EVAL_TRACKS as readonly string[]).includes(evalTrack)) {
    add("eval_track", `eval_track=${evalTrack} not in ${pyList(ALLOWED_EVAL_TRACKS)}`);
  } else {
    const e = trackToolPolicyError(evalTrack, r.tool_allowlist_id ?? "", r.tool_log_hash ?? "");
    if (e) add("tool_allowlist_id", e);
  }
  const re = rendererPolicyError(pyStr(r.renderer_track ?? ""), pyStr(r.renderer_profile_id ?? ""));
  if (re) add("renderer_profile_id", re);
  const mode = pyStr(r.mode);
  if (!(ALLOWED_MODES as readonly string[]).includes(mode))
    add("mode", `mode=${mode} not in ${pyList(ALLOWED_MODES)}`);
  const pp = pyStr(r.play_protocol);
  // Strict/official mode keeps the official list; otherwise explore_then_commit is accepted too.
  const protocols: readonly string[] = strict ? ALLOWED_PLAY_PROTOCOLS : EXTENDED_PLAY_PROTOCOLS;
  if (!protocols.includes(pp)) {
    add("play_protocol", `play_protocol=${pp} not in ${pyList(protocols)}`);
  }
  let budget = pyInt(r.adaptation_budget_tokens ?? 0);
  if (budget === undefined) {
    budget = -1;
    add("adaptation_budget_tokens", "adaptation_budget_tokens must be integer");
  }
  const ae = adaptationPolicyError(
    pyStr(r.adaptation_condition ?? "").trim(),
    budget,
    pyStr(r.adaptation_data_scope ?? "").trim(),
    pyStr(r.adaptation_protocol_id ?? "").trim(),
  );
  if (ae) add("adaptation_condition", ae);
  if (!Array.isArray(r.certificate)) add("certificate", "certificate must be a list");
  for (const f of ["suff", "min1", "valid", "goal", "scored_commit_episode"]) {
    if (typeof r[f] !== "boolean") add(f, `${f} must be boolean`);
  }
  for (const f of ["ap_f1", "ts_f1"]) if (!pyFloatable(r[f])) add(f, `${f} must be numeric`);
  if (strict) {
    for (const f of STRICT_META_FIELDS) {
      const v = pyStr(r[f] ?? "").trim();
      if (!v || v === "unknown") add(f, `${f} must be populated in strict mode`);
    }
  }
  return out;
}

/** Official error text for a row issue (`row {idx}: …`, idx 0-based like the reference). */
export function officialIssueText(issue: RowIssue, rowIndex: number): string {
  return `row ${rowIndex}: ${issue.message}`;
}

/** The normalization version the newest official loader assigns (provenance's, else v1). */
export function instanceNormalizationVersion(inst: Gf01Instance): string {
  const p = inst.provenance?.normalization_version;
  if (typeof p === "string") return p;
  return inst.normalization_version ?? NORMALIZATION_VERSION;
}
