import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  NORMALIZATION_VERSION
} from "./chunk-JUAIBFNI.js";
import {
  contentHash
} from "./chunk-LF7XRNB5.js";
import {
  dumpJsonlRow,
  floatify
} from "./chunk-FE3NBAQV.js";
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
  EXTENDED_PLAY_PROTOCOLS,
  FAMILY_ID,
  GENERATOR_VERSION,
  HARNESS_VERSION,
  RENDERER_POLICY_VERSION,
  REQUIRED_RUN_FIELDS,
  RUN_RECORD_SCHEMA_VERSION,
  STRICT_META_FIELDS,
  rendererProfileForTrack
} from "./chunk-FJUG4O3Y.js";
import {
  external_exports,
  registerSchema
} from "./chunk-FE7UWTWL.js";
import {
  ATOM_BUDGET_RULES,
  DEFAULT_ATOM_BUDGET_RULE
} from "./chunk-3RIPXYYT.js";

// src/gf01/artifacts/run-record.ts
var int = external_exports.number().int();
var atom = external_exports.tuple([int, external_exports.string(), external_exports.union([external_exports.literal(0), external_exports.literal(1)])]);
var runRecordSchema = external_exports.looseObject({
  schema_version: external_exports.literal(RUN_RECORD_SCHEMA_VERSION),
  family_id: external_exports.literal(FAMILY_ID),
  benchmark_version: external_exports.string(),
  generator_version: external_exports.string(),
  checker_version: external_exports.string(),
  harness_version: external_exports.string(),
  git_commit: external_exports.string(),
  config_hash: external_exports.string(),
  tool_allowlist_id: external_exports.string(),
  tool_log_hash: external_exports.string().optional(),
  play_protocol: external_exports.enum(EXTENDED_PLAY_PROTOCOLS),
  scored_commit_episode: external_exports.boolean(),
  adaptation_policy_version: external_exports.string(),
  adaptation_condition: external_exports.enum(ALLOWED_ADAPTATION_CONDITIONS),
  adaptation_budget_tokens: int.nonnegative(),
  adaptation_data_scope: external_exports.enum(ALLOWED_ADAPTATION_DATA_SCOPES),
  adaptation_protocol_id: external_exports.string(),
  instance_id: external_exports.string().min(1),
  eval_track: external_exports.enum(ALLOWED_EVAL_TRACKS),
  renderer_track: external_exports.enum(ALLOWED_RENDERER_TRACKS),
  renderer_policy_version: external_exports.string(),
  renderer_profile_id: external_exports.string(),
  agent_name: external_exports.string(),
  certificate: external_exports.array(atom),
  suff: external_exports.boolean(),
  min1: external_exports.boolean(),
  valid: external_exports.boolean(),
  goal: external_exports.boolean(),
  eff_t: int.nonnegative().optional(),
  eff_a: int.nonnegative().optional(),
  ap_precision: external_exports.number().optional(),
  ap_recall: external_exports.number().optional(),
  ap_f1: external_exports.number(),
  ts_precision: external_exports.number().optional(),
  ts_recall: external_exports.number().optional(),
  ts_f1: external_exports.number(),
  diagnostic_status: external_exports.string().optional(),
  diagnostic_runtime_ms: int.nonnegative().optional(),
  split_id: external_exports.string(),
  mode: external_exports.enum(ALLOWED_MODES),
  t_star: int.optional(),
  window_size: int.optional(),
  budget_timestep: int.optional(),
  budget_atoms: int.nullish(),
  seed: int.nullish(),
  complexity: external_exports.record(external_exports.string(), external_exports.number()).optional(),
  identifiability: external_exports.record(external_exports.string(), external_exports.unknown()).optional(),
  /** Newest official writer (49 keys): instance content hash and normalization version. */
  content_hash: external_exports.string().optional(),
  normalization_version: external_exports.string().optional(),
  /** Ours: the atom-budget scoring rule the row was scored under (absent = "diagnostic"). */
  atom_budget: external_exports.enum(ATOM_BUDGET_RULES).optional(),
  /** Ours: |certificate| > budget_atoms (a diagnostic under the default rule). */
  exceeds_budget_atoms: external_exports.boolean().optional(),
  /** Ours: M(I) pool of the AP/TS PRF (absent = "official", the official writer's pool). */
  best_match_pool: external_exports.enum(["complete", "official"]).optional(),
  /** Not written by the official writer; checked when present. */
  kappa: external_exports.tuple([int, int, int, int]).optional(),
  score_c: int.optional(),
  /** Ours, additive: the instance's measured difficulty stratum (default generator, d1–d4). */
  difficulty_slice: external_exports.string().optional()
});
registerSchema("gf01.run_record.v1", runRecordSchema);
function buildRunRecord(id, m, instance, meta = {}, opts = {}) {
  const out = {
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
    diagnostic_runtime_ms: m.diagnostic_runtime_ms ?? 0
  };
  if (!opts.officialKeysOnly) {
    out.atom_budget = m.atom_budget ?? DEFAULT_ATOM_BUDGET_RULE;
    if (m.exceeds_budget_atoms !== void 0) out.exceeds_budget_atoms = m.exceeds_budget_atoms;
    if (m.best_match_pool !== void 0) out.best_match_pool = m.best_match_pool;
  }
  if (opts.extraMetrics) {
    if (m.kappa) out.kappa = [...m.kappa];
    if (m.score_c !== void 0) out.score_c = m.score_c;
  }
  if (instance) {
    out.split_id = instance.split_id ?? "public_dev";
    out.mode = instance.mode;
    out.t_star = instance.t_star;
    out.window_size = instance.window_size;
    out.budget_timestep = instance.budget_timestep;
    if (typeof instance.content_hash === "string" || typeof instance.provenance?.content_hash === "string") {
      out.content_hash = contentHash(instance);
      out.normalization_version = instanceNormalizationVersion(instance);
    }
    if (instance.budget_atoms !== null && instance.budget_atoms !== void 0)
      out.budget_atoms = instance.budget_atoms;
    if (instance.seed !== null && instance.seed !== void 0) out.seed = instance.seed;
    out.complexity = floatify(instance.complexity ?? {});
    out.identifiability = instance.identifiability ?? {};
    const stratum = instance.hardness?.stratum;
    if (typeof stratum === "string") out.difficulty_slice = stratum;
  }
  return out;
}
function runRecordLine(row) {
  const r = row.complexity ? { ...row, complexity: floatify(row.complexity) } : row;
  return dumpJsonlRow(r);
}
var pyStr = (v) => v === void 0 || v === null ? "None" : typeof v === "boolean" ? v ? "True" : "False" : String(v);
var pyList = (xs) => `[${xs.map((x) => `'${x}'`).join(", ")}]`;
function pyFloatable(v) {
  if (typeof v === "number" || typeof v === "boolean") return true;
  if (typeof v === "string") return v.trim() !== "" && !Number.isNaN(Number(v.trim().replace(/_/g, "")));
  return false;
}
function pyIntable(v) {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : void 0;
  if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
  return void 0;
}
function trackToolPolicyError(evalTrack, allowlistId, toolLogHash) {
  const allowlist = pyStr(allowlistId ?? "").trim();
  const hash = pyStr(toolLogHash ?? "").trim();
  if (!(evalTrack in ALLOWED_TOOL_ALLOWLISTS_BY_TRACK)) return void 0;
  if (evalTrack === "EVAL-CB") {
    if (allowlist.toLowerCase() !== "none") return "EVAL-CB requires tool_allowlist_id=none";
    if (hash) return "EVAL-CB requires empty tool_log_hash";
    return void 0;
  }
  const allowed = ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[evalTrack];
  if (!allowed.includes(allowlist)) {
    return `${evalTrack} requires tool_allowlist_id in ${pyList(allowed)} (received ${allowlist || "<empty>"})`;
  }
  if (!hash || hash.toLowerCase() === "unknown") return `${evalTrack} requires non-empty tool_log_hash`;
  return void 0;
}
function evaluateToolPolicyError(evalTrack, allowlistId, toolLogHash) {
  const allowlist = allowlistId.trim();
  const hash = toolLogHash.trim();
  if (!(evalTrack in ALLOWED_TOOL_ALLOWLISTS_BY_TRACK)) return `unsupported eval_track ${evalTrack}`;
  if (evalTrack === "EVAL-CB") {
    if (allowlist.toLowerCase() !== "none" || hash)
      return "EVAL-CB forbids external tool metadata; use tool_allowlist_id=none and empty tool_log_hash";
    return void 0;
  }
  const allowed = ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[evalTrack];
  if (!allowed.includes(allowlist))
    return `${evalTrack} requires tool_allowlist_id in ${pyList(allowed)} (received ${allowlist || "<empty>"})`;
  if (!hash) return `${evalTrack} requires a non-empty tool_log_hash`;
  if (hash.toLowerCase() === "unknown") return `${evalTrack} requires tool_log_hash != unknown`;
  return void 0;
}
function adaptationPolicyError(condition, budget, scope, protocolId) {
  if (!ALLOWED_ADAPTATION_CONDITIONS.includes(condition)) {
    return `adaptation_condition=${condition} not in ${pyList(ALLOWED_ADAPTATION_CONDITIONS)}`;
  }
  if (!ALLOWED_ADAPTATION_DATA_SCOPES.includes(scope)) {
    return `adaptation_data_scope=${scope} not in ${pyList(ALLOWED_ADAPTATION_DATA_SCOPES)}`;
  }
  if (budget < 0) return "adaptation_budget_tokens must be >= 0";
  const protocol = protocolId.trim();
  if (condition === "no_adaptation") {
    if (budget !== 0) return "no_adaptation requires adaptation_budget_tokens=0";
    if (scope !== "none") return "no_adaptation requires adaptation_data_scope=none";
    if (protocol !== "" && protocol !== "none") return "no_adaptation requires adaptation_protocol_id=none";
    return void 0;
  }
  if (budget <= 0) return `${condition} requires adaptation_budget_tokens>0`;
  if (scope === "none") return `${condition} requires adaptation_data_scope!=none`;
  const p = protocol.toLowerCase();
  if (!protocol || p === "none" || p === "unknown")
    return `${condition} requires non-empty adaptation_protocol_id`;
  return void 0;
}
function rendererPolicyError(track, profile) {
  const t = track.trim();
  if (!ALLOWED_RENDERER_TRACKS.includes(t)) {
    return `renderer_track=${t} not in ${pyList(ALLOWED_RENDERER_TRACKS)}`;
  }
  const expected = rendererProfileForTrack(t);
  if (profile.trim() !== expected)
    return `renderer_profile_id=${profile.trim()} must match ${expected} for renderer_track=${t}`;
  return void 0;
}
function officialRowIssues(row, line, strict) {
  if (!row || typeof row !== "object" || Array.isArray(row))
    return [{ line, message: "row must be a JSON object" }];
  const r = row;
  const missing = REQUIRED_RUN_FIELDS.filter((f) => !(f in r));
  if (missing.length)
    return [{ line, message: `missing required fields: ${missing.join(", ")}`, field: missing[0] }];
  const out = [];
  const add = (field, message) => out.push({ line, field, message });
  if (strict) {
    if (pyStr(r.schema_version) !== RUN_RECORD_SCHEMA_VERSION) {
      add(
        "schema_version",
        `schema_version=${pyStr(r.schema_version)} (expected ${RUN_RECORD_SCHEMA_VERSION})`
      );
    }
    if (pyStr(r.family_id) !== FAMILY_ID)
      add("family_id", `family_id=${pyStr(r.family_id)} (expected ${FAMILY_ID})`);
  }
  const evalTrack = pyStr(r.eval_track);
  if (!ALLOWED_EVAL_TRACKS.includes(evalTrack)) {
    add("eval_track", `eval_track=${evalTrack} not in ${pyList(ALLOWED_EVAL_TRACKS)}`);
  } else {
    const e = trackToolPolicyError(evalTrack, r.tool_allowlist_id ?? "", r.tool_log_hash ?? "");
    if (e) add("tool_allowlist_id", e);
  }
  const re = rendererPolicyError(pyStr(r.renderer_track ?? ""), pyStr(r.renderer_profile_id ?? ""));
  if (re) add("renderer_profile_id", re);
  const mode = pyStr(r.mode);
  if (!ALLOWED_MODES.includes(mode))
    add("mode", `mode=${mode} not in ${pyList(ALLOWED_MODES)}`);
  const pp = pyStr(r.play_protocol);
  const protocols = strict ? ALLOWED_PLAY_PROTOCOLS : EXTENDED_PLAY_PROTOCOLS;
  if (!protocols.includes(pp)) {
    add("play_protocol", `play_protocol=${pp} not in ${pyList(protocols)}`);
  }
  let budget = pyIntable(r.adaptation_budget_tokens ?? 0);
  if (budget === void 0) {
    budget = -1;
    add("adaptation_budget_tokens", "adaptation_budget_tokens must be integer");
  }
  const ae = adaptationPolicyError(
    pyStr(r.adaptation_condition ?? "").trim(),
    budget,
    pyStr(r.adaptation_data_scope ?? "").trim(),
    pyStr(r.adaptation_protocol_id ?? "").trim()
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
function officialIssueText(issue, rowIndex) {
  return `row ${rowIndex}: ${issue.message}`;
}
function instanceNormalizationVersion(inst) {
  const p = inst.provenance?.normalization_version;
  if (typeof p === "string") return p;
  return inst.normalization_version ?? NORMALIZATION_VERSION;
}

export {
  runRecordSchema,
  buildRunRecord,
  runRecordLine,
  trackToolPolicyError,
  evaluateToolPolicyError,
  adaptationPolicyError,
  rendererPolicyError,
  officialRowIssues,
  officialIssueText,
  instanceNormalizationVersion
};
