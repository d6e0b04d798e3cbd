import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  IDENTIFIABILITY_POLICY_VERSION,
  configHash,
  defaultConfig,
  generateInstance,
  generateOfficial,
  identifiabilityMetrics,
  identifiabilityPolicyError,
  isRejected,
  officialConfig,
  parseDefaultConfig
} from "./chunk-VWI5WMTO.js";
import {
  budgetAwareSearchAgent,
  exactOracleAgent,
  greedyAgent,
  overspecifyAgent,
  randomAgent,
  toolPlannerAgent
} from "./chunk-PGYW3ALA.js";
import {
  repairJournalTail
} from "./chunk-YQMPR3RY.js";
import {
  AttemptCollector,
  ReportBuilder
} from "./chunk-YATXMT6G.js";
import {
  parseCertificate,
  scoreCertificate,
  sortCertificate,
  validateCertificate
} from "./chunk-LW3FID2T.js";
import {
  verifyCertificate
} from "./chunk-63ISRUDU.js";
import {
  enumerateMinimal,
  runSystem,
  sortAtoms
} from "./chunk-EDYDAUKS.js";
import {
  InstancesHasher,
  buildBundle,
  bundleEnvelope,
  bundleSourceName,
  bundleToJson,
  instanceToDict,
  instancesHash,
  loadBundle,
  loadBundleInstance,
  parseBundle
} from "./chunk-WDP2XZCY.js";
import {
  adaptationPolicyError,
  buildRunRecord,
  evaluateToolPolicyError,
  instanceNormalizationVersion,
  officialIssueText,
  officialRowIssues,
  runRecordLine
} from "./chunk-HGGUQIVU.js";
import {
  contentHash
} from "./chunk-LF7XRNB5.js";
import {
  stableHash
} from "./chunk-FE3NBAQV.js";
import {
  ADAPTATION_POLICY_VERSION,
  ALLOWED_ADAPTATION_CONDITIONS,
  ALLOWED_ADAPTATION_DATA_SCOPES,
  ALLOWED_EVAL_TRACKS,
  ALLOWED_MODES,
  ALLOWED_RENDERER_TRACKS,
  ALLOWED_TOOL_ALLOWLISTS_BY_TRACK,
  BENCHMARK_VERSION,
  CHECKER_VERSION,
  DEFAULT_TOOL_ALLOWLIST_BY_TRACK,
  FAMILY_ID,
  GENERATOR_VERSION,
  GF01_FLOAT_KEYS,
  HARNESS_VERSION,
  RENDERER_POLICY_VERSION,
  REQUIRED_MANIFEST_FIELDS,
  REQUIRED_RUN_FIELDS,
  RUN_RECORD_SCHEMA_VERSION,
  SPLIT_MANIFEST_SCHEMA_VERSION,
  rendererProfileForTrack
} from "./chunk-FJUG4O3Y.js";
import {
  PyRandom
} from "./chunk-NIT377TX.js";
import {
  canonicalHash
} from "./chunk-OMQMJS7P.js";
import {
  PyJsonEncoder,
  canonicalFromIndented,
  canonicalJson,
  compareCodePoints,
  pyFloat
} from "./chunk-KRB3VAEL.js";
import {
  external_exports,
  registerSchema
} from "./chunk-FE7UWTWL.js";
import {
  JsonlAppender,
  outputPathProblem,
  readJsonFile,
  readJsonl,
  writeError,
  writeFileAtomic
} from "./chunk-QYZGEUIB.js";
import {
  ATOM_BUDGET_RULES,
  DEFAULT_ATOM_BUDGET_RULE,
  compileInstance,
  withAtomBudget
} from "./chunk-3RIPXYYT.js";

// src/core/provenance.ts
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
var BUILD_INFO_FILE = "build-info.json";
function packageRoot(from = fileURLToPath(new URL("../core/provenance.js", import.meta.url).href)) {
  let d = dirname(from);
  for (; ; ) {
    try {
      if (JSON.parse(readFileSync(join(d, "package.json"), "utf8")).name === "oraclebench") return d;
    } catch {
    }
    const up = dirname(d);
    if (up === d) return void 0;
    d = up;
  }
}
function gitHead(root) {
  if (!existsSync(join(root, ".git"))) return void 0;
  try {
    const sha = execFileSync("git", ["-C", root, "rev-parse", "HEAD"], {
      stdio: ["ignore", "pipe", "ignore"]
    }).toString().trim();
    return /^[0-9a-f]{7,64}$/.test(sha) ? sha : void 0;
  } catch {
    return void 0;
  }
}
function readBuildInfo(root) {
  try {
    const info = JSON.parse(readFileSync(join(root, "dist", BUILD_INFO_FILE), "utf8"));
    return typeof info.git_commit === "string" && info.git_commit ? info : void 0;
  } catch {
    return void 0;
  }
}
var cache = /* @__PURE__ */ new Map();
function toolkitCommit(modulePath = fileURLToPath(new URL("../core/provenance.js", import.meta.url).href)) {
  const hit = cache.get(modulePath);
  if (hit !== void 0) return hit;
  const root = packageRoot(modulePath);
  let sha = "unknown";
  if (root) {
    const built = modulePath.startsWith(join(root, "dist") + sep);
    sha = (built ? readBuildInfo(root)?.git_commit : void 0) ?? gitHead(root) ?? "unknown";
  }
  cache.set(modulePath, sha);
  return sha;
}

// src/gf01/api.ts
import { constants } from "node:fs";
import { access, stat as stat2, writeFile } from "node:fs/promises";
import { InputError as InputError8 } from "../core/errors.js";

// src/gf01/agents/registry.ts
import { InputError } from "../core/errors.js";
var ALL = [
  randomAgent,
  greedyAgent,
  budgetAwareSearchAgent,
  toolPlannerAgent,
  exactOracleAgent,
  overspecifyAgent
];
var agentsByName = new Map(ALL.map((a) => [a.name, a]));
var byAlias = /* @__PURE__ */ new Map();
for (const a of ALL) {
  byAlias.set(a.name.toLowerCase(), a);
  for (const alias of a.aliases) byAlias.set(alias, a);
}
function listAgents() {
  return ALL;
}
function getAgent(id, field = "agent") {
  const a = byAlias.get(id.trim().toLowerCase());
  if (!a)
    throw new InputError(`unknown agent ${JSON.stringify(id)}; known: ${ALL.map((x) => x.id).join(", ")}`, {
      field
    });
  return a;
}

// src/gf01/artifacts/legacy.ts
import { InputError as InputError2 } from "../core/errors.js";
function isLegacyRow(row) {
  if (!row || typeof row !== "object" || Array.isArray(row)) return true;
  const r = row;
  if (r.schema_version !== RUN_RECORD_SCHEMA_VERSION) return true;
  return REQUIRED_RUN_FIELDS.some((f2) => !(f2 in r));
}
function legacyBool(v) {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["1", "true", "t", "yes", "y"].includes(s)) return true;
    if (["0", "false", "f", "no", "n", ""].includes(s)) return false;
    return true;
  }
  return Boolean(v);
}
function legacyFloat(v) {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string" && v.trim() !== "") {
    const x = Number(v.trim());
    return Number.isNaN(x) ? 0 : x;
  }
  return 0;
}
function legacyCertificate(v) {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") {
    try {
      const p = JSON.parse(v);
      if (Array.isArray(p)) return p;
    } catch {
      return [];
    }
  }
  return [];
}
var present = (v) => v !== void 0 && v !== null && String(v).trim() !== "";
var known = (v) => present(v) && String(v).trim().toLowerCase() !== "unknown";
function migrateRows(rows, bundle, score, defaults = {}, file) {
  const stats = {
    input_rows: 0,
    output_rows: 0,
    already_v1_rows: 0,
    filled_fields: {},
    coerced_fields: {},
    disagreements: [],
    discrepancies_preview: [],
    rows_without_certificate: 0,
    dropped_fields: {}
  };
  const bump = (m, k) => {
    m[k] = (m[k] ?? 0) + 1;
  };
  const compiled = /* @__PURE__ */ new Map();
  const out = [];
  let idx = 0;
  for (const { line, value } of rows) {
    stats.input_rows++;
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      throw new InputError2("row must be a JSON object", { file, line });
    }
    const r = value;
    if (!isLegacyRow(r)) stats.already_v1_rows++;
    const instanceId = present(r.instance_id) ? String(r.instance_id).trim() : "";
    if (!instanceId)
      throw new InputError2("legacy row has no instance_id; it cannot be re-verified", {
        file,
        line,
        field: "instance_id"
      });
    const inst = bundle.byId.get(instanceId);
    if (!inst) {
      throw new InputError2(
        `instance_id ${instanceId} is not in the instance bundle; it cannot be re-verified`,
        {
          file,
          line,
          field: "instance_id"
        }
      );
    }
    let ci = compiled.get(instanceId);
    if (!ci) {
      ci = compileInstance(inst);
      compiled.set(instanceId, ci);
    }
    if (!("certificate" in r)) stats.rows_without_certificate++;
    const rawCert = legacyCertificate(r.certificate);
    if ("certificate" in r && rawCert !== r.certificate) bump(stats.coerced_fields, "certificate");
    let cert;
    try {
      cert = sortCertificate(parseCertificate(rawCert));
    } catch (e) {
      if (e instanceof InputError2) throw e.at({ file, line });
      throw e;
    }
    const m = score(inst, ci, cert);
    const claims = [
      ["suff", legacyBool],
      ["min1", legacyBool],
      ["valid", legacyBool],
      ["goal", legacyBool],
      ["eff_t", (v) => Math.trunc(legacyFloat(v))],
      ["eff_a", (v) => Math.trunc(legacyFloat(v))],
      ["ap_precision", legacyFloat],
      ["ap_recall", legacyFloat],
      ["ap_f1", legacyFloat],
      ["ts_precision", legacyFloat],
      ["ts_recall", legacyFloat],
      ["ts_f1", legacyFloat]
    ];
    for (const [f2, conv] of claims) {
      if (!(f2 in r)) continue;
      const claimed = conv(r[f2]);
      const actual = m[f2];
      if (claimed !== actual) {
        const d = stats.disagreements.find((x) => x.field === f2);
        if (d) d.count++;
        else stats.disagreements.push({ field: f2, count: 1 });
        if (stats.discrepancies_preview.length < 50) {
          stats.discrepancies_preview.push({
            line,
            instance_id: instanceId,
            field: f2,
            claimed: r[f2],
            recomputed: actual
          });
        }
      }
    }
    const meta = {};
    const fill = (k, def) => {
      if (known(r[k])) meta[k] = r[k];
      else {
        meta[k] = def;
        bump(stats.filled_fields, k);
      }
    };
    const bm = bundle.meta;
    fill("benchmark_version", defaults.benchmark_version ?? bm.benchmark_version ?? void 0);
    fill("generator_version", defaults.generator_version ?? bm.generator_version ?? void 0);
    fill("checker_version", defaults.checker_version ?? bm.checker_version ?? void 0);
    fill("harness_version", defaults.harness_version ?? bm.harness_version ?? void 0);
    fill("git_commit", defaults.git_commit ?? bm.git_commit ?? "legacy-backfill");
    fill("config_hash", defaults.config_hash ?? bm.config_hash ?? "legacy-backfill");
    for (const k of [
      "benchmark_version",
      "generator_version",
      "checker_version",
      "harness_version"
    ]) {
      if (meta[k] === void 0) delete meta[k];
    }
    let evalTrack = known(r.eval_track) ? String(r.eval_track).trim() : defaults.eval_track ?? "EVAL-CB";
    if (!known(r.eval_track)) bump(stats.filled_fields, "eval_track");
    if (!ALLOWED_EVAL_TRACKS.includes(evalTrack)) {
      evalTrack = defaults.eval_track ?? "EVAL-CB";
      bump(stats.coerced_fields, "eval_track");
    }
    let allowlist = present(r.tool_allowlist_id) ? String(r.tool_allowlist_id).trim() : defaults.tool_allowlist_id ?? "none";
    let toolHash = present(r.tool_log_hash) ? String(r.tool_log_hash).trim() : defaults.tool_log_hash ?? "";
    if (evalTrack === "EVAL-CB") {
      if (allowlist.toLowerCase() !== "none") {
        allowlist = "none";
        bump(stats.coerced_fields, "tool_allowlist_id");
      }
      if (toolHash) {
        toolHash = "";
        bump(stats.coerced_fields, "tool_log_hash");
      }
    } else {
      const t = evalTrack;
      if (!ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[t].includes(allowlist)) {
        allowlist = DEFAULT_TOOL_ALLOWLIST_BY_TRACK[t];
        bump(stats.coerced_fields, "tool_allowlist_id");
      }
      if (!toolHash || toolHash.toLowerCase() === "unknown") {
        toolHash = stableHash({
          migration_row: idx,
          instance_id: instanceId,
          eval_track: evalTrack,
          tool_allowlist_id: allowlist
        }).slice(0, 16);
        bump(stats.coerced_fields, "tool_log_hash");
      }
    }
    meta.tool_allowlist_id = allowlist;
    meta.tool_log_hash = toolHash;
    let rendererTrack = known(r.renderer_track) ? String(r.renderer_track).trim() : defaults.renderer_track ?? "json";
    if (!ALLOWED_RENDERER_TRACKS.includes(rendererTrack)) {
      rendererTrack = defaults.renderer_track ?? "json";
      bump(stats.coerced_fields, "renderer_track");
    }
    meta.renderer_policy_version = known(r.renderer_policy_version) ? String(r.renderer_policy_version) : defaults.renderer_policy_version;
    meta.play_protocol = "commit_only";
    if (present(r.play_protocol) && r.play_protocol !== "commit_only")
      bump(stats.coerced_fields, "play_protocol");
    meta.scored_commit_episode = "scored_commit_episode" in r ? legacyBool(r.scored_commit_episode) : defaults.scored_commit_episode ?? true;
    const cond = String(r.adaptation_condition ?? defaults.adaptation_condition ?? "no_adaptation").trim();
    const scope = String(r.adaptation_data_scope ?? defaults.adaptation_data_scope ?? "none").trim();
    const budget = Math.trunc(
      legacyFloat(r.adaptation_budget_tokens ?? defaults.adaptation_budget_tokens ?? 0)
    );
    const proto = String(r.adaptation_protocol_id ?? defaults.adaptation_protocol_id ?? "none").trim();
    const condOk = ALLOWED_ADAPTATION_CONDITIONS.includes(cond);
    const scopeOk = ALLOWED_ADAPTATION_DATA_SCOPES.includes(scope);
    if (!condOk || cond === "no_adaptation") {
      if (!condOk || budget !== 0 || scope !== "none" || proto !== "none" && proto !== "")
        bump(stats.coerced_fields, "adaptation");
      Object.assign(meta, {
        adaptation_condition: "no_adaptation",
        adaptation_budget_tokens: 0,
        adaptation_data_scope: "none",
        adaptation_protocol_id: "none"
      });
    } else {
      Object.assign(meta, {
        adaptation_condition: cond,
        adaptation_budget_tokens: Math.max(1, budget),
        adaptation_data_scope: scopeOk && scope !== "none" ? scope : "public_only",
        adaptation_protocol_id: proto && !["none", "unknown"].includes(proto.toLowerCase()) ? proto : stableHash({ migration_row: idx, instance_id: instanceId, adaptation_condition: cond }).slice(
          0,
          16
        )
      });
    }
    if (!known(r.agent_name)) bump(stats.filled_fields, "agent_name");
    const row = buildRunRecord(
      {
        instance_id: instanceId,
        eval_track: evalTrack,
        renderer_track: rendererTrack,
        agent_name: known(r.agent_name) ? String(r.agent_name) : defaults.agent_name ?? "legacy-agent",
        certificate: cert
      },
      m,
      inst,
      meta
    );
    for (const k of Object.keys(r)) if (!(k in row)) bump(stats.dropped_fields, k);
    out.push(row);
    stats.output_rows++;
    idx++;
  }
  return { rows: out, stats };
}

// src/gf01/artifacts/manifest.ts
import { InputError as InputError3 } from "../core/errors.js";
var int = external_exports.number().int();
var manifestEntrySchema = external_exports.looseObject({
  instance_id: external_exports.string().min(1),
  split_id: external_exports.string().min(1),
  mode: external_exports.enum(ALLOWED_MODES),
  seed: int.nullish(),
  t_star: int.optional(),
  window_size: int.optional(),
  budget_timestep: int.optional(),
  budget_atoms: int.nullish(),
  content_hash: external_exports.string().regex(/^[0-9a-f]{64}$/).optional()
});
var manifestSchema = external_exports.looseObject({
  schema_version: external_exports.literal(SPLIT_MANIFEST_SCHEMA_VERSION),
  family_id: external_exports.literal(FAMILY_ID),
  benchmark_version: external_exports.string(),
  generator_version: external_exports.string(),
  checker_version: external_exports.string(),
  harness_version: external_exports.string(),
  source_bundle_schema_version: external_exports.string().optional(),
  source_bundle_hash: external_exports.string().optional(),
  instance_count: int.nonnegative(),
  group_counts: external_exports.array(external_exports.object({ split_id: external_exports.string(), mode: external_exports.string(), count: int.nonnegative() })).optional(),
  instances: external_exports.array(manifestEntrySchema),
  /** Ours, additive: seeds an exact --count drew past (default generator). */
  rejected_seeds: external_exports.array(external_exports.object({ seed: int, reason: external_exports.string() })).optional()
});
registerSchema("gf01.split_manifest.v1", manifestSchema);
var cmpTuple = (a, b) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareCodePoints(a[i], b[i]);
    if (c) return c;
  }
  return a.length - b.length;
};
function manifestEntry(i) {
  const e = { instance_id: i.instance_id };
  if (hasContentHash(i)) e.content_hash = contentHash(i);
  e.split_id = i.split_id ?? "public_dev";
  e.mode = i.mode;
  e.t_star = i.t_star;
  e.window_size = i.window_size;
  e.budget_timestep = i.budget_timestep;
  if (i.seed !== null && i.seed !== void 0) e.seed = i.seed;
  if (i.budget_atoms !== null && i.budget_atoms !== void 0) e.budget_atoms = i.budget_atoms;
  return e;
}
function buildSplitManifest(instances, bundleMeta = {}) {
  return splitManifestOfEntries(instances.map(manifestEntry), bundleMeta);
}
function splitManifestOfEntries(entries, bundleMeta = {}) {
  entries.sort((a, b) => compareCodePoints(a.instance_id, b.instance_id));
  const counts = /* @__PURE__ */ new Map();
  for (const e of entries) {
    const k = JSON.stringify([e.split_id, e.mode]);
    const c = counts.get(k) ?? { split_id: e.split_id, mode: e.mode, count: 0 };
    c.count++;
    counts.set(k, c);
  }
  const group_counts = [...counts.values()].sort(
    (a, b) => cmpTuple([a.split_id, a.mode], [b.split_id, b.mode])
  );
  const m = (k, d) => k in bundleMeta ? bundleMeta[k] : d;
  return {
    schema_version: SPLIT_MANIFEST_SCHEMA_VERSION,
    family_id: FAMILY_ID,
    benchmark_version: m("benchmark_version", BENCHMARK_VERSION),
    generator_version: m("generator_version", GENERATOR_VERSION),
    checker_version: m("checker_version", CHECKER_VERSION),
    harness_version: m("harness_version", HARNESS_VERSION),
    source_bundle_schema_version: m("schema_version", "legacy-instance-list"),
    source_bundle_hash: "instances_hash" in bundleMeta ? bundleMeta.instances_hash : stableHash(entries),
    instance_count: entries.length,
    group_counts,
    instances: entries
  };
}
function manifestErrors(manifest, strict) {
  if (!manifest || typeof manifest !== "object" || Array.isArray(manifest))
    return ["manifest: must be a JSON object"];
  const mf = manifest;
  const missing = REQUIRED_MANIFEST_FIELDS.filter((f2) => !(f2 in mf));
  if (missing.length) return [`manifest: missing required fields: ${missing.join(", ")}`];
  const errors = [];
  if (strict && String(mf.schema_version) !== SPLIT_MANIFEST_SCHEMA_VERSION) {
    errors.push(
      `manifest: schema_version=${String(mf.schema_version)} (expected ${SPLIT_MANIFEST_SCHEMA_VERSION})`
    );
  }
  if (strict && String(mf.family_id) !== FAMILY_ID)
    errors.push(`manifest: family_id=${String(mf.family_id)} (expected ${FAMILY_ID})`);
  const entries = mf.instances;
  if (!Array.isArray(entries)) return [...errors, "manifest: instances must be a list"];
  if (Number(mf.instance_count) !== entries.length) {
    errors.push(
      `manifest: instance_count=${String(mf.instance_count)} does not match len(instances)=${entries.length}`
    );
  }
  const seen = /* @__PURE__ */ new Set();
  entries.forEach((e, idx) => {
    if (!e || typeof e !== "object" || Array.isArray(e)) {
      errors.push(`manifest.instances[${idx}]: must be object`);
      return;
    }
    const en = e;
    for (const f2 of ["instance_id", "split_id", "mode"]) {
      if (!(f2 in en) || String(en[f2]).trim() === "") errors.push(`manifest.instances[${idx}]: missing ${f2}`);
    }
    if ("instance_id" in en) {
      const id = String(en.instance_id);
      if (seen.has(id)) errors.push(`manifest.instances[${idx}]: duplicate instance_id=${id}`);
      seen.add(id);
    }
    if ("mode" in en && !ALLOWED_MODES.includes(String(en.mode))) {
      errors.push(`manifest.instances[${idx}]: mode=${String(en.mode)} not in ['normal', 'hard']`);
    }
  });
  return errors;
}
function manifestBundleMismatches(manifest, bundle) {
  const out = [];
  const byId = new Map(bundle.instances.map((i) => [i.instance_id, i]));
  if (typeof bundle.meta.instances_hash === "string" && manifest.source_bundle_hash !== bundle.meta.instances_hash) {
    out.push(
      `source_bundle_hash=${manifest.source_bundle_hash} does not match bundle instances_hash=${bundle.meta.instances_hash}`
    );
  }
  manifest.instances.forEach((e, i) => {
    const inst = byId.get(e.instance_id);
    if (!inst) out.push(`instances[${i}]: instance_id=${e.instance_id} is not in the bundle`);
    else {
      if ((inst.split_id ?? "public_dev") !== e.split_id)
        out.push(`instances[${i}]: split_id=${e.split_id} but bundle says ${inst.split_id}`);
      if (inst.mode !== e.mode) out.push(`instances[${i}]: mode=${e.mode} but bundle says ${inst.mode}`);
      if (typeof e.content_hash === "string" && e.content_hash !== contentHash(inst))
        out.push(
          `instances[${i}]: content_hash=${e.content_hash} but the bundle instance hashes to ${contentHash(inst)}`
        );
    }
  });
  return out;
}
var CoverageCounter = class {
  observedIds = /* @__PURE__ */ new Set();
  observedGroups = /* @__PURE__ */ new Map();
  observe(row) {
    this.observedIds.add(String(row.instance_id ?? "None"));
    const k = JSON.stringify([String(row.split_id ?? "unknown"), String(row.mode ?? "unknown")]);
    this.observedGroups.set(k, (this.observedGroups.get(k) ?? 0) + 1);
  }
  /** Official `compute_manifest_coverage` payload plus the full missing/unexpected id lists. */
  finish(manifest) {
    const entries = (Array.isArray(manifest.instances) ? manifest.instances : []).filter(
      (e) => !!e && typeof e === "object" && !Array.isArray(e)
    );
    const expectedIds = new Set(entries.map((e) => String(e.instance_id)));
    const missing = [...expectedIds].filter((x) => !this.observedIds.has(x)).sort(compareCodePoints);
    const unexpected = [...this.observedIds].filter((x) => !expectedIds.has(x)).sort(compareCodePoints);
    const expectedGroups = /* @__PURE__ */ new Map();
    for (const e of entries) {
      const k = JSON.stringify([String(e.split_id ?? "unknown"), String(e.mode ?? "unknown")]);
      expectedGroups.set(k, (expectedGroups.get(k) ?? 0) + 1);
    }
    const keys = [.../* @__PURE__ */ new Set([...expectedGroups.keys(), ...this.observedGroups.keys()])].map((k) => JSON.parse(k)).sort(cmpTuple);
    const group_coverage = keys.map(([split_id, mode]) => {
      const k = JSON.stringify([split_id, mode]);
      const expected = expectedGroups.get(k) ?? 0;
      const observed = this.observedGroups.get(k) ?? 0;
      return { split_id, mode, expected, observed, coverage_rate: observed / Math.max(1, expected) };
    });
    return {
      coverage: {
        manifest_schema_version: manifest.schema_version ?? "unknown",
        manifest_instance_count: expectedIds.size,
        observed_instance_count: this.observedIds.size,
        missing_instance_count: missing.length,
        unexpected_instance_count: unexpected.length,
        missing_instance_ids_preview: missing.slice(0, 10),
        unexpected_instance_ids_preview: unexpected.slice(0, 10),
        group_coverage
      },
      missing,
      unexpected
    };
  }
};
function hasContentHash(i) {
  return typeof i.content_hash === "string" || typeof i.provenance?.content_hash === "string";
}

// src/gf01/checks/index.ts
import { InputError as InputError4 } from "../core/errors.js";

// src/gf01/verify/bruteForce.ts
import { createHash } from "node:crypto";
function naiveEffect(ci, trace) {
  const { sys } = ci;
  let s = sys.initial;
  const outs = [];
  for (let t = 0; t < trace.length; t++) {
    const i = s * sys.nSymbols + trace[t];
    outs.push(sys.out[i]);
    s = sys.next[i];
  }
  const has = (t) => (outs[t] & ci.effectMask) !== 0;
  if (ci.mode === "hard") return has(ci.tStar);
  const start = Math.max(0, ci.tStar - ci.windowSize);
  const end = Math.min(outs.length - 1, ci.tStar);
  for (let t = start; t <= end; t++) if (has(t)) return true;
  return false;
}
function naiveApply(ci, cert) {
  const trace = Array.from(ci.base);
  const nIn = ci.sys.nIn;
  for (const [t, ap, v] of cert) {
    const bit = 1 << nIn - 1 - ci.sys.inputAps.indexOf(ap);
    trace[t] = v ? trace[t] | bit : trace[t] & ~bit;
  }
  return trace;
}
function naiveStructureOk(ci, cert) {
  const seen = /* @__PURE__ */ new Map();
  for (const [t, ap, v] of cert) {
    if (!Number.isInteger(t) || t < 0 || t > ci.T - 1) return false;
    if (!ci.sys.inputAps.includes(ap)) return false;
    if (v !== 0 && v !== 1) return false;
    const k = `${t}|${ap}`;
    if (seen.has(k) && seen.get(k) !== v) return false;
    seen.set(k, v);
  }
  if (new Set(cert.map((a) => a[0])).size > ci.budgetTimestep) return false;
  if (ci.scoreBudgetAtoms !== null && cert.length > ci.scoreBudgetAtoms) return false;
  return true;
}
function naiveSufficient(ci, cert) {
  return naiveEffect(ci, naiveApply(ci, cert));
}
function naiveEvaluate(ci, cert) {
  const no = { suff: false, min1: false, valid: false, goal: false };
  if (!naiveStructureOk(ci, cert)) return no;
  if (!naiveSufficient(ci, cert)) return no;
  let min1 = true;
  for (let i = 0; i < cert.length && min1; i++) {
    const reduced = cert.slice(0, i).concat(cert.slice(i + 1));
    if (naiveSufficient(ci, reduced)) min1 = false;
  }
  return { suff: true, min1, valid: min1, goal: true };
}

// src/gf01/checks/index.ts
function oracleOf(p) {
  if (p.oracle === void 0) {
    const cert = enumerateMinimal(p.ci).certificates[0];
    p.oracle = cert ? { cert, score: scoreCertificate(p.ci, cert) } : null;
  }
  return p.oracle;
}
function gen(seeds, split) {
  const cfg = defaultConfig();
  const pool = [];
  let rejected = 0;
  for (const s of seeds) {
    const r = generateInstance(s, cfg, { split_id: split });
    if (isRejected(r)) rejected++;
    else pool.push({ inst: r.instance, ci: compileInstance(r.instance), seed: s, witness: r.witness });
  }
  return { pool, rejected };
}
function renderText(o) {
  const y = Object.entries(o.y).map(([k, v]) => `${k}=${v}`).join(",");
  return `t=${o.t};y=${y};effect=${o.effect_status};bT=${o.b_T_rem};bA=${o.b_A_rem ?? "-"};C=${o.history.length};mode=${o.mode};t*=${o.t_star}`;
}
function parseText(s) {
  const f2 = Object.fromEntries(s.split(";").map((kv) => kv.split(/=(.*)/s).slice(0, 2)));
  const y = {};
  for (const p of f2.y ? f2.y.split(",") : []) {
    const [k, v] = p.split("=");
    y[k] = Number(v);
  }
  return {
    t: Number(f2.t),
    y,
    effect_status: Number(f2.effect),
    b_T_rem: Number(f2.bT),
    b_A_rem: f2.bA === "-" ? null : Number(f2.bA),
    history: Array.from({ length: Number(f2.C) }, () => []),
    mode: f2.mode,
    t_star: Number(f2["t*"])
  };
}
function ab001(pool) {
  let roundtripFailures = 0;
  let scoreGaps = 0;
  for (const p of pool) {
    const { inst, ci } = p;
    const { outputs } = runSystem(ci.sys, ci.base);
    for (let t = 0; t < ci.T; t++) {
      const y = {};
      ci.sys.outputAps.forEach((ap, j) => {
        y[ap] = outputs[t] >>> ci.sys.nOut - 1 - j & 1;
      });
      const o2 = {
        t,
        y,
        effect_status: (outputs[t] & ci.effectMask) !== 0 ? 1 : 0,
        b_T_rem: inst.budget_timestep,
        b_A_rem: inst.budget_atoms ?? null,
        history: [],
        mode: inst.mode,
        t_star: inst.t_star
      };
      const viaJson = JSON.parse(JSON.stringify(o2));
      const viaText = parseText(renderText(o2));
      if (canonicalJson(viaJson) !== canonicalJson(viaText)) roundtripFailures++;
    }
    const o = oracleOf(p);
    if (!o) continue;
    const id = { instance_id: inst.instance_id, eval_track: "EVAL-CB", agent_name: "x", certificate: o.cert };
    const a = buildRunRecord({ ...id, renderer_track: "json" }, o.score, inst);
    const b = buildRunRecord({ ...id, renderer_track: "visual" }, o.score, inst);
    for (const k of ["valid", "goal", "ap_f1", "ts_f1"]) if (a[k] !== b[k]) scoreGaps++;
  }
  return {
    check_id: "AB-001",
    passed: roundtripFailures === 0 && scoreGaps === 0,
    roundtrip_failures: roundtripFailures,
    certified_rate_gap: scoreGaps,
    tolerance: 0
  };
}
function ab002(pool, seed) {
  const rng = new PyRandom(seed);
  let checked = 0;
  let disagreements = 0;
  for (const { ci } of pool) {
    for (let k = 0; k < 8; k++) {
      const n = 1 + rng.randbelow(3);
      const cert = [];
      for (let i = 0; i < n; i++) {
        const t = rng.randbelow(ci.T);
        const ap = ci.sys.inputAps[rng.randbelow(ci.sys.nIn)];
        cert.push([t, ap, rng.randbelow(2)]);
      }
      const fast = verifyCertificate(ci, cert);
      const slow = naiveEvaluate(ci, cert);
      checked++;
      if (fast.suff !== slow.suff || fast.min1 !== slow.min1 || fast.valid !== slow.valid || fast.goal !== slow.goal)
        disagreements++;
    }
  }
  return {
    check_id: "AB-002",
    local: true,
    passed: disagreements === 0,
    certificates_checked: checked,
    disagreements
  };
}
function rates(pool, agent, seed) {
  let goal = 0;
  let valid = 0;
  for (const { inst, ci } of pool) {
    const v = verifyCertificate(ci, agent(inst, ci, seed));
    if (v.goal) goal++;
    if (v.valid) valid++;
  }
  const n = Math.max(1, pool.length);
  return { goal_rate: goal / n, certified_rate: valid / n };
}
function ab003(priv, greedy) {
  if (!greedy) return { check_id: "AB-003", passed: true, skipped: "greedy agent not available" };
  const g = rates(priv, greedy, 10);
  let oracleValid = 0;
  for (const p of priv) if (oracleOf(p)?.score.valid) oracleValid++;
  const goalThreshold = 0.4;
  const certifiedFloor = 0.05;
  const shortcut = g.goal_rate > goalThreshold && g.certified_rate < certifiedFloor;
  return {
    check_id: "AB-003",
    passed: !shortcut,
    greedy_goal_rate: g.goal_rate,
    greedy_certified_rate: g.certified_rate,
    oracle_certified_rate: oracleValid / Math.max(1, priv.length),
    goal_threshold: goalThreshold,
    certified_floor: certifiedFloor
  };
}
function ab004(pool) {
  let empty = 0;
  let imperfect = 0;
  for (const p of pool) {
    const o = oracleOf(p);
    if (!o) {
      empty++;
      continue;
    }
    const s = o.score;
    if (!s.valid || s.ap_f1 !== 1 || s.ts_f1 !== 1) imperfect++;
  }
  return {
    check_id: "AB-004",
    local: true,
    passed: empty === 0 && imperfect === 0,
    empty_ground_truth: empty,
    oracle_not_perfect: imperfect
  };
}
function ab005(pub, priv, search) {
  if (!search) return { check_id: "AB-005", passed: true, skipped: "search agent not available" };
  const p = rates(pub, search, 20);
  const q = rates(priv, search, 20);
  const gap = Math.abs(p.certified_rate - q.certified_rate);
  return {
    check_id: "AB-005",
    passed: gap <= 0.15,
    public_certified_rate: p.certified_rate,
    private_certified_rate: q.certified_rate,
    gap,
    gap_bound: 0.15
  };
}
function ab006(pool) {
  const instances = pool.slice(0, 64).map((p) => p.inst);
  const bundle = buildBundle(instances, {
    git_commit: "check",
    config_hash: "check",
    split_id: "public_dev",
    seeds: instances.map((i) => i.seed ?? 0)
  });
  const text = bundleToJson(bundle);
  const again = parseBundle(JSON.parse(text));
  const sameBundle = bundleToJson(again) === text && instancesHash(again.instances) === bundle.instances_hash;
  let rowFailures = 0;
  for (const p of pool) {
    const o = oracleOf(p);
    if (!o) continue;
    const inst = p.inst;
    const line = runRecordLine(
      buildRunRecord(
        {
          instance_id: inst.instance_id,
          eval_track: "EVAL-CB",
          renderer_track: "json",
          agent_name: "x",
          certificate: o.cert
        },
        o.score,
        inst,
        { git_commit: "c", config_hash: "h", tool_allowlist_id: "none" }
      )
    );
    if (runRecordLine(JSON.parse(line)) !== line) rowFailures++;
  }
  return {
    check_id: "AB-006",
    local: true,
    passed: sameBundle && rowFailures === 0,
    bundle_roundtrip: sameBundle,
    row_roundtrip_failures: rowFailures
  };
}
function ab007(pool, split) {
  const cfg = defaultConfig();
  let instanceMismatches = 0;
  let witnessMismatches = 0;
  for (const p of pool) {
    const again = generateInstance(p.seed, cfg, { split_id: split });
    if (isRejected(again)) {
      instanceMismatches++;
      continue;
    }
    if (canonicalJson(again.instance) !== canonicalJson(p.inst)) instanceMismatches++;
    if (canonicalJson(again.witness) !== canonicalJson(p.witness)) witnessMismatches++;
  }
  return {
    check_id: "AB-007",
    passed: instanceMismatches === 0 && witnessMismatches === 0,
    seeds_replayed: pool.length,
    same_instance: instanceMismatches === 0,
    same_witness: witnessMismatches === 0,
    instance_mismatches: instanceMismatches,
    witness_mismatches: witnessMismatches
  };
}
function ab008(pool) {
  const p = pool[0];
  const inst = p.inst;
  const o = oracleOf(p);
  const good = buildRunRecord(
    {
      instance_id: inst.instance_id,
      eval_track: "EVAL-CB",
      renderer_track: "json",
      agent_name: "x",
      certificate: o?.cert ?? []
    },
    o?.score ?? scoreCertificate(p.ci, []),
    inst,
    { git_commit: "c", config_hash: "h", tool_allowlist_id: "none" }
  );
  const cases = {
    cb_with_tools: { tool_allowlist_id: "local-planner-v1" },
    cb_with_tool_log: { tool_log_hash: "abc" },
    ta_without_log: { eval_track: "EVAL-TA", tool_allowlist_id: "local-planner-v1", tool_log_hash: "" },
    ta_wrong_allowlist: { eval_track: "EVAL-TA", tool_allowlist_id: "none", tool_log_hash: "abc" },
    unknown_track: { eval_track: "EVAL-XX" },
    renderer_profile_mismatch: { renderer_profile_id: "GF-01-R1" },
    explore_protocol: { play_protocol: "explore_then_commit" },
    adaptation_budget_without_condition: { adaptation_budget_tokens: 5 },
    missing_field: { agent_name: void 0 }
  };
  const per = {};
  let passed = officialRowIssues(good, 1, true).length === 0;
  for (const [name, patch] of Object.entries(cases)) {
    const row = { ...good, ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === void 0) delete row[k];
    per[name] = officialRowIssues(row, 1, true).length > 0;
    passed &&= per[name];
  }
  return { check_id: "AB-008", local: true, passed, rejected: per };
}
function ab009(pool) {
  const per = {};
  let passed = true;
  for (const { inst, ci } of pool) {
    const ap = ci.sys.inputAps[0];
    const base0 = Number(inst.base_trace[0][ap]);
    const flip = 1 - base0;
    const cases = {
      neg_timestep: [[[-1, ap, flip]], "out of range"],
      high_timestep: [[[ci.T, ap, flip]], "out of range"],
      non_input_ap: [[[0, "__bad_input_ap__", flip]], "not in AP_in"],
      invalid_value: [[[0, ap, 2]], "invalid"],
      conflicting_assignments: [
        [
          [0, ap, 0],
          [0, ap, 1]
        ],
        "conflicting assignments"
      ]
    };
    if (inst.budget_timestep + 1 <= ci.T) {
      const c = [];
      for (let t = 0; t <= inst.budget_timestep; t++) c.push([t, ap, 1 - Number(inst.base_trace[t][ap])]);
      cases.timestep_budget_exceeded = [c, "timestep budget exceeded"];
    }
    for (const [name, [cert, expected]] of Object.entries(cases)) {
      const v = validateCertificate(ci, cert);
      const ver = verifyCertificate(ci, cert);
      const ok = !v.ok && (v.reasons[0] ?? "").includes(expected) && !ver.valid;
      if (!ok) {
        passed = false;
        per[`${inst.instance_id}:${name}`] = {
          reason: v.reasons[0],
          expected_reason: expected,
          valid: ver.valid
        };
      }
    }
  }
  return { check_id: "AB-009", passed, instances: pool.length, failures: per };
}
function runChecks(o = {}) {
  const seed = o.seed ?? 1e3;
  const count = o.count ?? 200;
  if (!Number.isSafeInteger(count) || count < 1)
    throw new InputError4(`count must be an integer \u2265 1, got ${String(count)}`, { field: "count" });
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(seed + 1e5 + count))
    throw new InputError4(`seed must be a safe integer, got ${String(seed)}`, { field: "seed" });
  const pub = gen(
    Array.from({ length: count }, (_, i) => seed + i),
    "public_dev"
  );
  const prv = gen(
    Array.from({ length: count }, (_, i) => seed + 1e5 + i),
    "private_eval"
  );
  const all = [...pub.pool, ...prv.pool];
  const results = {
    "AB-001": ab001(pub.pool),
    "AB-002": ab002(all, seed + 2),
    "AB-003": ab003(prv.pool, o.agents?.greedy),
    "AB-004": ab004(all),
    "AB-005": ab005(pub.pool, prv.pool, o.agents?.search),
    "AB-006": ab006(pub.pool),
    "AB-007": ab007(pub.pool.slice(0, 64), "public_dev"),
    "AB-008": ab008(pub.pool),
    "AB-009": ab009(all)
  };
  return {
    passed: Object.values(results).every((r) => r.passed),
    instances: all.length,
    rejected: pub.rejected + prv.rejected,
    results
  };
}

// src/gf01/checks/identifiability.ts
var STORED_KEYS = [
  "response_ratio",
  "unique_signature_count",
  "candidate_atom_count",
  "response_atom_count"
];
var f = (x) => typeof x === "number" ? pyFloat(x) : x;
function identifiabilityCheck(instances, meta, o = {}) {
  const minRatio = o.minResponseRatio ?? IDENTIFIABILITY_MIN_RESPONSE_RATIO;
  const minUnique = Math.trunc(o.minUniqueSignatures ?? IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES);
  if (!instances.length)
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "empty_instance_set",
        message: "identifiability check requires at least one instance",
        instances_path: o.instancesPath ?? ""
      }
    };
  const rows = [];
  const failures = [];
  let mismatches = 0;
  for (const inst of instances) {
    const m = identifiabilityMetrics(compileInstance(inst));
    const err = identifiabilityPolicyError(m, minRatio, minUnique);
    const stored = inst.identifiability ?? {};
    const storedAvailable = Object.keys(stored).length > 0;
    const mismatch = storedAvailable && STORED_KEYS.some((k) => k in stored && stored[k] !== m[k]);
    if (mismatch) mismatches++;
    rows.push({
      instance_id: inst.instance_id,
      passes_threshold: err === null,
      policy_error: err ?? "",
      computed: {
        ...m,
        response_ratio: f(m.response_ratio),
        signature_diversity_ratio: f(m.signature_diversity_ratio)
      },
      stored_available: storedAvailable,
      stored_mismatch: mismatch
    });
    if (err !== null)
      failures.push({
        instance_id: inst.instance_id,
        policy_error: err,
        response_ratio: f(m.response_ratio),
        unique_signature_count: m.unique_signature_count
      });
  }
  const ok = failures.length === 0;
  return {
    ok,
    payload: {
      status: ok ? "ok" : "error",
      error_type: ok ? "" : "identifiability_policy_violation",
      policy_version: IDENTIFIABILITY_POLICY_VERSION,
      metric_id: IDENTIFIABILITY_METRIC_ID,
      instances_path: o.instancesPath ?? "",
      instance_count: instances.length,
      pass_count: instances.length - failures.length,
      fail_count: failures.length,
      min_response_ratio: f(minRatio),
      min_unique_signatures: minUnique,
      bundle_policy_version: meta.identifiability_policy_version ?? "",
      bundle_metric_id: meta.identifiability_metric_id ?? "",
      bundle_min_response_ratio: f(meta.identifiability_min_response_ratio ?? null),
      bundle_min_unique_signatures: meta.identifiability_min_unique_signatures ?? null,
      stored_field_mismatch_count: mismatches,
      failures_preview: failures.slice(0, 50),
      rows
    }
  };
}

// src/gf01/report/separation.ts
var TRACK_BOUND = {
  "BL-03-ToolPlanner": "EVAL-TA",
  "BL-04-ExactOracle": "EVAL-OC",
  "BL-04-ExactOracle-Online": "EVAL-OC"
};
var RUN_KEY = [
  "agent_name",
  "instance_id",
  "eval_track",
  "renderer_track",
  "play_protocol",
  "scored_commit_episode",
  "adaptation_condition",
  "adaptation_budget_tokens",
  "adaptation_data_scope",
  "adaptation_protocol_id"
];
function isHumanRow(row) {
  return typeof row.player_id === "string" || /^human-(web|terminal)(:|$)/.test(String(row.agent_name ?? ""));
}
var SeparationChecker = class {
  seen = /* @__PURE__ */ new Map();
  issues = [];
  add(row, line) {
    const agent = String(row.agent_name ?? "");
    const track = String(row.eval_track ?? "");
    const bound = TRACK_BOUND[agent];
    if (bound && bound !== track)
      this.issues.push({
        line,
        error_type: "track_mixing",
        message: `agent ${agent} is ${bound}-only but the row says eval_track=${track}`
      });
    const cond = RUN_KEY.map((k) => row[k] ?? null);
    const key = JSON.stringify(isHumanRow(row) ? [...cond, row.session_id ?? `line:${line}`] : cond);
    const first = this.seen.get(key);
    if (first !== void 0)
      this.issues.push({
        line,
        error_type: "duplicate_run",
        message: `instance ${String(row.instance_id)} already has a run for this agent and condition (line ${first}); reports would pool them`
      });
    else this.seen.set(key, line);
  }
};

// src/gf01/report/validate.ts
import { InputError as InputError5 } from "../core/errors.js";
var METRIC_FIELDS = [
  "suff",
  "min1",
  "valid",
  "goal",
  "eff_t",
  "eff_a",
  "ap_precision",
  "ap_recall",
  "ap_f1",
  "ts_precision",
  "ts_recall",
  "ts_f1"
];
var INSTANCE_FIELDS = [
  "split_id",
  "mode",
  "t_star",
  "window_size",
  "budget_timestep",
  "budget_atoms",
  "seed"
];
var sameValue = (claimed, actual) => {
  if (typeof actual === "number")
    return (typeof claimed === "number" || typeof claimed === "string") && Number(claimed) === actual;
  return claimed === actual;
};
function recomputeIssues(row, line, bundle, score, compiled, manifestIndex, defaultRule = DEFAULT_ATOM_BUDGET_RULE) {
  const id = String(row.instance_id);
  const inst = bundle.byId.get(id);
  if (!inst)
    return [
      { line, field: "instance_id", message: `instance_id ${id} is not in the instance bundle`, actual: id }
    ];
  const out = [];
  const expectInst = {
    split_id: inst.split_id ?? "public_dev",
    mode: inst.mode,
    t_star: inst.t_star,
    window_size: inst.window_size,
    budget_timestep: inst.budget_timestep,
    budget_atoms: inst.budget_atoms,
    seed: inst.seed
  };
  for (const f2 of INSTANCE_FIELDS) {
    if (f2 in row && expectInst[f2] !== void 0 && !sameValue(row[f2], expectInst[f2])) {
      out.push({
        line,
        field: f2,
        message: `${f2} does not match the instance bundle`,
        expected: expectInst[f2],
        actual: row[f2]
      });
    }
  }
  const copies = [
    ["complexity", inst.complexity ?? {}],
    ["identifiability", inst.identifiability ?? {}],
    ["content_hash", contentHash(inst)],
    ["normalization_version", instanceNormalizationVersion(inst)]
  ];
  for (const [f2, want] of copies) {
    if (f2 in row && canonicalJson(row[f2]) !== canonicalJson(want))
      out.push({
        line,
        field: f2,
        message: `${f2} does not match the instance bundle`,
        expected: want,
        actual: row[f2]
      });
  }
  const me = manifestIndex?.get(id);
  if (manifestIndex && !me)
    out.push({
      line,
      field: "instance_id",
      message: `instance_id ${id} is not in the split manifest`,
      actual: id
    });
  if (me) {
    for (const f2 of ["split_id", "mode"]) {
      if (f2 in row && row[f2] !== me[f2])
        out.push({
          line,
          field: f2,
          message: `${f2} does not match the split manifest`,
          expected: me[f2],
          actual: row[f2]
        });
    }
  }
  let cert;
  try {
    cert = parseCertificate(row.certificate);
  } catch (e) {
    if (e instanceof InputError5) return [...out, { line, field: e.field, message: e.reason }];
    throw e;
  }
  let ci0 = compiled.get(id);
  if (!ci0) {
    ci0 = compileInstance(inst);
    compiled.set(id, ci0);
  }
  const claimedRule = row.atom_budget;
  if (claimedRule !== void 0 && !ATOM_BUDGET_RULES.includes(claimedRule))
    return [
      ...out,
      {
        line,
        field: "atom_budget",
        message: `atom_budget must be one of ${ATOM_BUDGET_RULES.join(", ")}`,
        actual: claimedRule
      }
    ];
  const rule = claimedRule ?? defaultRule;
  const ci = withAtomBudget(ci0, rule);
  const pool = row.best_match_pool;
  if (pool !== void 0 && pool !== "complete" && pool !== "official")
    return [
      ...out,
      {
        line,
        field: "best_match_pool",
        message: "best_match_pool must be complete or official",
        actual: pool
      }
    ];
  const cap = row.best_match_max_nodes;
  const maxNodes = Number.isSafeInteger(cap) && cap > 0 ? cap : void 0;
  const m = score(inst, ci, cert, pool || maxNodes ? { pool, maxNodes } : void 0);
  for (const f2 of METRIC_FIELDS) {
    if (f2 in row && !sameValue(row[f2], m[f2])) {
      out.push({
        line,
        field: f2,
        message: `${f2} disagrees with the verifier`,
        expected: m[f2],
        actual: row[f2]
      });
    }
  }
  const over = inst.budget_atoms !== null && inst.budget_atoms !== void 0 && cert.length > inst.budget_atoms;
  if ("exceeds_budget_atoms" in row && row.exceeds_budget_atoms !== over)
    out.push({
      line,
      field: "exceeds_budget_atoms",
      message: "exceeds_budget_atoms disagrees with the certificate and budget_atoms",
      expected: over,
      actual: row.exceeds_budget_atoms
    });
  if ("score_c" in row && m.score_c !== void 0 && !sameValue(row.score_c, m.score_c)) {
    out.push({
      line,
      field: "score_c",
      message: "score_c disagrees with the verifier",
      expected: m.score_c,
      actual: row.score_c
    });
  }
  if ("kappa" in row && Array.isArray(m.kappa) && JSON.stringify(row.kappa) !== JSON.stringify(m.kappa)) {
    out.push({
      line,
      field: "kappa",
      message: "kappa disagrees with the verifier",
      expected: m.kappa,
      actual: row.kappa
    });
  }
  return out;
}
var compiledByBundle = /* @__PURE__ */ new WeakMap();
function compiledFor(bundle) {
  if (!bundle) return /* @__PURE__ */ new Map();
  let m = compiledByBundle.get(bundle);
  if (!m) {
    m = new Map(bundle.compiled);
    compiledByBundle.set(bundle, m);
  }
  return m;
}
async function validateRows(rows, opts = {}) {
  const official = !!opts.official;
  const strict = !!(opts.strict || official);
  const limit = opts.previewLimit ?? 50;
  const policy = [];
  const recompute = [];
  let policyCount = 0;
  let recomputeCount = 0;
  let policyRowsPreview = [];
  const schemaVersions = /* @__PURE__ */ new Set();
  const coverage = new CoverageCounter();
  const compiled = compiledFor(opts.bundle);
  const manifestOk = opts.manifest !== void 0 && manifestErrors(opts.manifest, strict).length === 0;
  const manifestIndex = manifestOk ? new Map(
    (opts.manifest.instances ?? []).map((e) => [
      String(e.instance_id),
      e
    ])
  ) : void 0;
  let n = 0;
  let verified = 0;
  const separation = new SeparationChecker();
  const consistency = [];
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
    const row = value;
    schemaVersions.add(String(row.schema_version ?? "unknown"));
    coverage.observe(row);
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
        opts.atomBudget
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
  const fail = (error_type, extra, issues = []) => ({
    ok: false,
    payload: { status: "error", error_type, ...base, ...extra },
    issues,
    rows: n
  });
  if (policyCount) {
    policyRowsPreview = policyRowsPreview.slice(0, limit);
    return fail(
      "run_schema_validation",
      { error_count: policyCount, errors_preview: policyRowsPreview, issues: policy },
      policy
    );
  }
  if (official && opts.manifest === void 0) {
    return fail("official_manifest_required", {
      message: "official mode requires --manifest for coverage validation"
    });
  }
  if (official && !opts.bundle) {
    return fail("official_instances_required", {
      message: "official mode requires --instances to re-verify every certificate"
    });
  }
  let cov;
  if (opts.manifest !== void 0) {
    const me = manifestErrors(opts.manifest, strict);
    if (me.length)
      return fail("manifest_schema_validation", {
        error_count: me.length,
        errors_preview: me.slice(0, limit)
      });
    const fin = coverage.finish(opts.manifest);
    cov = fin.coverage;
    if (strict && (fin.missing.length || fin.unexpected.length)) {
      return {
        ...fail("manifest_coverage_mismatch", {
          missing_instance_count: fin.missing.length,
          unexpected_instance_count: fin.unexpected.length,
          missing_instance_ids_preview: fin.missing.slice(0, 10),
          unexpected_instance_ids_preview: fin.unexpected.slice(0, 10)
        }),
        coverage: cov
      };
    }
    if (opts.bundle) {
      const mm = manifestBundleMismatches(opts.manifest, opts.bundle);
      if (mm.length)
        return fail("manifest_bundle_mismatch", {
          error_count: mm.length,
          errors_preview: mm.slice(0, limit)
        });
    }
  }
  if (consistencyCount) {
    return fail(
      "row_inconsistent",
      {
        error_count: consistencyCount,
        errors_preview: consistency.map((i) => `line ${i.line}: ${i.field}: ${i.message}`),
        issues: consistency
      },
      consistency
    );
  }
  if (separation.issues.length) {
    const si = separation.issues;
    return fail(si[0].error_type, {
      error_count: si.length,
      errors_preview: si.slice(0, limit).map((i) => `line ${i.line}: ${i.message}`)
    });
  }
  if (recomputeCount) {
    return fail(
      "recompute_mismatch",
      {
        error_count: recomputeCount,
        errors_preview: recompute.map(
          (i) => `line ${i.line}: ${i.field}: ${i.message} (expected ${JSON.stringify(i.expected)}, got ${JSON.stringify(i.actual)})`
        ),
        issues: recompute
      },
      recompute
    );
  }
  const payload = {
    status: "ok",
    ...base,
    schema_versions: [...schemaVersions].sort(),
    recomputed: !!opts.bundle,
    rows_verified: verified
  };
  if (cov) payload.manifest_coverage = cov;
  return { ok: true, payload, issues: [], rows: n, coverage: cov };
}
var DIAGNOSTIC_STATUSES = ["not-run", "completed", "infeasible"];
function rowConsistencyIssues(row, line) {
  const out = [];
  const add = (field, message, expected, actual) => {
    out.push({ line, field, message, expected, actual: actual ?? row[field] });
  };
  if (row.scored_commit_episode !== true)
    add(
      "scored_commit_episode",
      "scored_commit_episode must be true: a run row is a scored commit episode",
      true
    );
  if (typeof row.suff === "boolean" && typeof row.min1 === "boolean" && typeof row.valid === "boolean") {
    if (row.valid !== (row.suff && row.min1))
      add("valid", "valid must equal suff and min1", row.suff && row.min1);
    if (typeof row.goal === "boolean" && row.goal !== row.suff) add("goal", "goal must equal suff", row.suff);
  }
  if (Array.isArray(row.certificate)) {
    const cert = row.certificate;
    if ("eff_a" in row && row.eff_a !== cert.length)
      add("eff_a", "eff_a must be the number of certificate atoms", cert.length);
    const ts = new Set(cert.map((a) => Array.isArray(a) ? JSON.stringify(a[0]) : "?"));
    if ("eff_t" in row && row.eff_t !== ts.size)
      add("eff_t", "eff_t must be the number of distinct certificate timesteps", ts.size);
  }
  for (const [f2, v] of Object.entries(row)) {
    if ((f2.endsWith("_ms") || f2.endsWith("runtime")) && typeof v === "number" && !(v >= 0))
      add(f2, `${f2} must not be negative`);
  }
  if ("diagnostic_status" in row) {
    const st = row.diagnostic_status;
    if (!DIAGNOSTIC_STATUSES.includes(String(st)))
      add("diagnostic_status", `diagnostic_status must be one of ${DIAGNOSTIC_STATUSES.join(", ")}`);
    else if (st === "completed" && typeof row.diagnostic_value !== "boolean")
      add("diagnostic_status", 'diagnostic_status "completed" needs a boolean diagnostic_value');
    else if (st !== "completed" && row.diagnostic_value !== void 0 && row.diagnostic_value !== null)
      add("diagnostic_value", `diagnostic_value given but diagnostic_status is "${String(st)}"`);
    if (st === "not-run" && typeof row.diagnostic_runtime_ms === "number" && row.diagnostic_runtime_ms !== 0)
      add("diagnostic_runtime_ms", 'diagnostic_runtime_ms must be 0 when diagnostic_status is "not-run"', 0);
  }
  for (const f2 of ["ap_precision", "ap_recall", "ap_f1", "ts_precision", "ts_recall", "ts_f1"]) {
    const v = row[f2];
    if (typeof v === "number" && !(v >= 0 && v <= 1)) add(f2, `${f2} must be in [0, 1]`);
  }
  return out;
}

// src/core/atomic-stream.ts
import { mkdir, open, rename, stat, unlink } from "node:fs/promises";
import { dirname as dirname2 } from "node:path";
import { InputError as InputError6 } from "../core/errors.js";
var BLOCK = 1 << 20;
var BufferedSink = class {
  constructor(put, done, drop) {
    this.put = put;
    this.done = done;
    this.drop = drop;
  }
  put;
  done;
  drop;
  parts = [];
  size = 0;
  async write(text) {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= BLOCK) await this.flush();
  }
  async flush() {
    if (!this.parts.length) return;
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join("");
    this.parts = [];
    this.size = 0;
    await this.put(text);
  }
  async commit() {
    await this.flush();
    await this.done();
  }
  async abort() {
    this.parts = [];
    this.size = 0;
    await this.drop().catch(() => void 0);
  }
};
async function openAtomicText(file) {
  const problem = await outputPathProblem(file);
  if (problem) throw new InputError6(problem, { file });
  const st = await stat(file).catch(() => void 0);
  const direct = st !== void 0 && !st.isFile();
  const target = direct ? file : `${file}.tmp-${process.pid}`;
  let fh;
  try {
    if (!direct) await mkdir(dirname2(file), { recursive: true });
    fh = await open(target, "w");
  } catch (e) {
    throw writeError(file, e);
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await fh.close();
  };
  return new BufferedSink(
    async (text) => {
      try {
        await fh.write(text);
      } catch (e) {
        throw writeError(file, e);
      }
    },
    async () => {
      try {
        await close();
        if (!direct) await rename(target, file);
      } catch (e) {
        if (!direct) await unlink(target).catch(() => void 0);
        throw writeError(file, e);
      }
    },
    async () => {
      await close().catch(() => void 0);
      if (!direct) await unlink(target).catch(() => void 0);
    }
  );
}
function streamSink(out) {
  return new BufferedSink(
    (text) => new Promise((resolve, reject) => {
      const onError = (e) => reject(e);
      out.once("error", onError);
      const ok = out.write(text, () => out.off("error", onError));
      if (ok) resolve();
      else out.once("drain", () => resolve());
    }),
    async () => void 0,
    async () => void 0
  );
}

// src/gf01/generate/run.ts
import { InputError as InputError7 } from "../core/errors.js";

// src/gf01/artifacts/bundle-writer.ts
var INSTANCES = "instances";
var BundleStreamWriter = class {
  constructor(sink, opts = {}) {
    this.sink = sink;
    this.opts = opts;
  }
  sink;
  opts;
  file = new PyJsonEncoder({ indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
  hasher = new InstancesHasher();
  count = 0;
  head = "";
  state = "new";
  /** Envelope keys sorting before `instances`, encoded as the whole-bundle writer does. */
  headOf(meta) {
    let s = "";
    for (const k of sortedKeys(meta)) {
      if (compareCodePoints(k, INSTANCES) >= 0) continue;
      s += `${this.file.pad(1)}${this.file.keyInfo(k).head}${this.file.encode(meta[k], 1, this.file.keyInfo(k).float)},`;
    }
    return s;
  }
  async begin(meta = {}) {
    if (this.state !== "new") throw new Error("BundleStreamWriter.begin called twice");
    this.state = "open";
    if (this.opts.legacyList) {
      await this.sink.write("[");
      return;
    }
    this.head = this.headOf(meta);
    await this.sink.write(`{${this.head}${this.file.pad(1)}"${INSTANCES}": [`);
  }
  async add(inst) {
    if (this.state !== "open") throw new Error("BundleStreamWriter.add outside begin/end");
    const level = this.opts.legacyList ? 1 : 2;
    const text = this.file.encode(instanceToDict(inst), level);
    this.hasher.addCanonical(canonicalFromIndented(text));
    this.opts.onInstance?.(inst);
    await this.sink.write(`${this.count++ > 0 ? "," : ""}${this.file.pad(level)}${text}`);
  }
  /** Close the document; returns `instances_hash`. */
  async end(meta = {}) {
    if (this.state !== "open") throw new Error("BundleStreamWriter.end outside begin");
    this.state = "done";
    const hash = this.hasher.digest();
    if (this.opts.legacyList) {
      await this.sink.write(this.count ? `${this.file.pad(0)}]` : "]");
      return hash;
    }
    if (this.headOf(meta) !== this.head)
      throw new Error("BundleStreamWriter: envelope keys before 'instances' changed after begin");
    let s = this.count ? `${this.file.pad(1)}]` : "]";
    const tail = { ...meta, instances_hash: hash };
    for (const k of sortedKeys(tail)) {
      if (compareCodePoints(k, INSTANCES) <= 0) continue;
      s += `,${this.file.pad(1)}${this.file.keyInfo(k).head}${this.file.encode(tail[k], 1, this.file.keyInfo(k).float)}`;
    }
    await this.sink.write(`${s}${this.file.pad(0)}}`);
    return hash;
  }
};
function sortedKeys(o) {
  return Object.keys(o).filter((k) => o[k] !== void 0).sort(compareCodePoints);
}
async function writeIndentedObject(sink, obj, listKey) {
  const enc = new PyJsonEncoder({ indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
  const keys = sortedKeys(obj);
  if (!keys.length) return sink.write("{}");
  let first = true;
  for (const k of keys) {
    const info = enc.keyInfo(k);
    const lead = `${first ? "{" : ","}${enc.pad(1)}${info.head}`;
    first = false;
    const v = obj[k];
    if (k !== listKey || !Array.isArray(v) || v.length === 0) {
      await sink.write(lead + enc.encode(v, 1, info.float));
      continue;
    }
    await sink.write(`${lead}[`);
    for (let i = 0; i < v.length; i++)
      await sink.write(`${i ? "," : ""}${enc.pad(2)}${enc.encode(v[i], 2, info.float)}`);
    await sink.write(`${enc.pad(1)}]`);
  }
  await sink.write(`${enc.pad(0)}}`);
}

// src/gf01/generate/run.ts
function plan(o) {
  const split = o.split ?? "public_dev";
  const compat = o.compat ?? "default";
  let cfg;
  if (compat === "official-0.1") {
    const base = officialConfig();
    for (const k of Object.keys(o.config ?? {})) {
      if (!(k in base))
        throw new InputError7(`unknown official-0.1 config key ${k}`, { field: `config.${k}` });
    }
    cfg = { ...base, ...o.config ?? {} };
  } else {
    cfg = parseDefaultConfig({ ...defaultConfig(), ...o.config ?? {} }, { field: "config" });
  }
  if (o.count !== void 0) {
    if (o.seeds !== void 0) throw new TypeError("generateBundle: give seeds or count, not both");
    if (!Number.isSafeInteger(o.count) || o.count < 1)
      throw new InputError7(`count must be an integer \u2265 1, got ${o.count}`, { field: "count" });
  }
  const official = compat === "official-0.1";
  return { cfg, split, official, exact: o.count !== void 0 && !official, o };
}
function plannedSeeds(p) {
  if (p.exact) return void 0;
  if (p.o.count !== void 0) {
    const start = p.o.seedStart ?? 0;
    return Array.from({ length: p.o.count }, (_, i) => start + i);
  }
  return [...p.o.seeds ?? []];
}
function* seedOutcomes(p, rejected) {
  const one = (seed) => {
    const r = p.official ? generateOfficial(seed, p.cfg, {
      split_id: p.split,
      id_scheme: p.o.idScheme
    }) : generateInstance(seed, p.cfg, { split_id: p.split });
    if (isRejected(r)) {
      rejected.push({ seed, reason: r.rejected });
      return void 0;
    }
    return r.instance;
  };
  if (p.exact) {
    const count = p.o.count;
    const start = p.o.seedStart ?? 0;
    const maxSeeds = p.o.maxSeeds ?? 20 * count + 100;
    let made = 0;
    let seed = start;
    while (made < count && seed - start < maxSeeds) {
      const s = seed++;
      const inst = one(s);
      if (inst) {
        made++;
        yield { seed: s, instance: inst };
      }
    }
    if (made < count)
      throw new InputError7(
        `only ${made} of ${count} instances after ${maxSeeds} seeds (${start}..${seed - 1}; ${rejected.length} rejected, first: seed ${rejected[0]?.seed}: ${rejected[0]?.reason}); relax the difficulty knobs`,
        { field: "count" }
      );
    return;
  }
  for (const seed of plannedSeeds(p) ?? []) {
    const inst = one(seed);
    if (inst) yield { seed, instance: inst };
  }
}
function envelope(p, accepted, count) {
  const seeds = plannedSeeds(p) ?? accepted;
  return bundleEnvelope({
    count,
    git_commit: p.o.gitCommit ?? toolkitCommit(),
    config_hash: configHash(p.cfg),
    split_id: p.split,
    seeds,
    seed_start: p.exact ? p.o.seedStart ?? 0 : seeds.length ? seeds[0] : 0,
    generator_version: p.official ? void 0 : p.cfg.generator_version
  });
}
function generateBundle(o) {
  const p = plan(o);
  const instances = [];
  const accepted = [];
  const rejected = [];
  for (const r of seedOutcomes(p, rejected)) {
    instances.push(r.instance);
    accepted.push(r.seed);
  }
  const env = envelope(p, accepted);
  const bundle = buildBundle(instances, {
    git_commit: env.git_commit,
    config_hash: env.config_hash,
    split_id: p.split,
    seeds: env.seeds,
    seed_start: env.seed_start,
    generator_version: p.official ? void 0 : env.generator_version
  });
  const manifest = buildSplitManifest(instances, bundle);
  if (p.exact) {
    bundle.rejected_seeds = rejected.map((r) => ({ seed: r.seed, reason: r.reason }));
    manifest.rejected_seeds = bundle.rejected_seeds;
  }
  return { bundle, manifest, instances, rejected, config: p.cfg };
}
async function writeGeneratedBundle(o, w = {}) {
  const p = plan(o);
  const sink = w.out ? await openAtomicText(w.out) : streamSink(w.stdout ?? process.stdout);
  const entries = [];
  const rejected = [];
  const accepted = [];
  try {
    const writer = new BundleStreamWriter(sink, {
      legacyList: w.legacyList,
      onInstance: w.manifestOut ? (inst) => entries.push(manifestEntry(inst)) : void 0
    });
    await writer.begin(envelope(p, [], p.exact ? p.o.count : void 0));
    for (const r of seedOutcomes(p, rejected)) {
      await writer.add(r.instance);
      accepted.push(r.seed);
    }
    const env = envelope(p, accepted);
    if (p.exact) env.rejected_seeds = rejected.map((r) => ({ seed: r.seed, reason: r.reason }));
    const hash = await writer.end(env);
    if (!w.out) await sink.write("\n");
    await sink.commit();
    if (w.manifestOut) {
      const manifest = splitManifestOfEntries(entries, w.legacyList ? {} : { ...env, instances_hash: hash });
      if (p.exact && !w.legacyList) manifest.rejected_seeds = env.rejected_seeds;
      const ms = await openAtomicText(w.manifestOut);
      try {
        await writeIndentedObject(ms, manifest, "instances");
        await ms.commit();
      } catch (e) {
        await ms.abort();
        throw e;
      }
    }
    return {
      instances: accepted.length,
      rejected,
      instances_hash: hash,
      config_hash: env.config_hash
    };
  } catch (e) {
    await sink.abort();
    throw e;
  }
}

// src/gf01/api.ts
function defaultScorer(opts = {}) {
  return (_inst, ci, cert, choice) => scoreCertificate(ci, cert, {
    bestMatch: { pool: choice?.pool ?? opts.pool ?? "complete", maxNodes: choice?.maxNodes },
    atomBudget: opts.atomBudget
  });
}
function parseBestMatchPool(v) {
  if (v === void 0 || v === "complete" || v === "official") return v;
  throw new InputError8(`unknown --best-match-pool ${String(v)} (expected complete | official)`, {
    field: "best-match-pool"
  });
}
function parseAtomBudgetRule(v, field = "atom-budget") {
  if (v === void 0) return DEFAULT_ATOM_BUDGET_RULE;
  if (ATOM_BUDGET_RULES.includes(v)) return v;
  throw new InputError8(`unknown --${field} ${String(v)} (expected ${ATOM_BUDGET_RULES.join(" | ")})`, {
    field
  });
}
function currentGitCommit() {
  return toolkitCommit();
}
function manifestOf(instances) {
  return buildSplitManifest(instances, {});
}
async function identifiabilityCheckFile(instancesFile, o = {}) {
  const b = await loadBundle(instancesFile);
  return identifiabilityCheck(b.instances, b.meta, { ...o, instancesPath: instancesFile });
}
function listInstances(b) {
  return b.instances.map((inst, index) => ({
    index,
    instance_id: inst.instance_id,
    mode: inst.mode,
    seed: inst.seed ?? null,
    t_star: inst.t_star,
    horizon: inst.base_trace.length
  }));
}
function importFormal(o) {
  const split = o.split;
  const instances = split ? o.source.instances.map((inst) => ({ ...inst, split_id: split })) : o.source.instances;
  const splits = new Set(instances.map((i) => i.split_id ?? "public_dev"));
  if (splits.size > 1)
    throw new InputError8(`the tasks name several splits (${[...splits].join(", ")}); pick one with --split`, {
      field: "split_id"
    });
  const bundle = buildBundle(instances, {
    git_commit: o.gitCommit ?? currentGitCommit(),
    config_hash: canonicalHash({
      source: "formal_import",
      normalization_version: o.source.meta.normalization_version ?? null
    }),
    split_id: [...splits][0] ?? "public_dev",
    seeds: instances.map((_, i) => i)
  });
  return { bundle, manifest: buildSplitManifest(instances, bundle) };
}
async function manifestFor(instancesFile) {
  const b = await loadBundle(instancesFile);
  const m = buildSplitManifest(b.instances, b.meta);
  if (Array.isArray(b.meta.rejected_seeds)) m.rejected_seeds = b.meta.rejected_seeds;
  return m;
}
async function verifyOne(o) {
  let inst;
  if (o.checkBundle) {
    const b = await loadBundle(o.instancesFile);
    if (o.instanceId) inst = b.byId.get(o.instanceId);
    else if (b.instances.length === 1) inst = b.instances[0];
  } else inst = (await loadBundleInstance(o.instancesFile, o.instanceId || void 0)).instance;
  if (!inst) {
    throw new InputError8(
      o.instanceId ? `instance_id ${o.instanceId} is not in the bundle` : "the bundle has several instances; pass --instance-id",
      { file: bundleSourceName(o.instancesFile), field: "instance_id" }
    );
  }
  const cert = parseCertificate(o.certificate);
  const ci = compileInstance(inst);
  const s = scoreCertificate(ci, cert, {
    bestMatch: { pool: o.pool ?? "complete" },
    diagnostic: o.diagnostic,
    atomBudget: o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE
  });
  return {
    ok: true,
    payload: {
      instance_id: inst.instance_id,
      certificate: cert.map((a) => [a[0], a[1], a[2]]),
      ...s
    }
  };
}
var rowDefaultPool = (o) => o.pool ?? "official";
async function ensureReadable(file) {
  try {
    await access(file, constants.R_OK);
  } catch (e) {
    throw new InputError8(`cannot read file: ${e.code ?? e.message}`, {
      file
    });
  }
  if ((await stat2(file)).isDirectory()) throw new InputError8("is a directory, expected a file", { file });
}
async function loadOptional(o) {
  const bundle = o.instancesFile ? await loadBundle(o.instancesFile) : void 0;
  const manifest = o.manifestFile ? await readJsonFile(o.manifestFile) : void 0;
  return { bundle, manifest };
}
function withPaths(out, runsFile, o) {
  return {
    ...out.payload,
    runs_path: runsFile,
    ...o.manifestFile ? { manifest_path: o.manifestFile } : {},
    ...o.instancesFile ? { instances_path: o.instancesFile } : {}
  };
}
async function validateRunsFile(runsFile, o = {}) {
  await ensureReadable(runsFile);
  const { bundle, manifest } = await loadOptional(o);
  const outcome = await validateRows(readJsonl(runsFile), {
    strict: o.strict,
    official: o.official,
    bundle,
    manifest,
    score: defaultScorer({ pool: rowDefaultPool(o) }),
    atomBudget: o.atomBudget
  });
  return { ok: outcome.ok, payload: withPaths(outcome, runsFile, o), outcome };
}
async function reportRunsFile(runsFile, o = {}) {
  await ensureReadable(runsFile);
  const { bundle, manifest } = await loadOptional(o);
  const builder = new ReportBuilder(o.fold);
  const humans = new AttemptCollector(o.attempts ?? "first", o.fold);
  const separation = new SeparationChecker();
  const rules = /* @__PURE__ */ new Set();
  const pools = /* @__PURE__ */ new Set();
  const outcome = await validateRows(readJsonl(runsFile), {
    strict: o.strict,
    official: o.official,
    bundle,
    manifest,
    score: defaultScorer({ pool: rowDefaultPool(o) }),
    atomBudget: o.atomBudget,
    onRow: (row, line) => {
      rules.add(String(row.atom_budget ?? o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE));
      pools.add(String(row.best_match_pool ?? rowDefaultPool(o)));
      if (!humans.add(row)) builder.add(row);
      separation.add(row, line);
    }
  });
  if (!outcome.ok) return { ok: false, payload: withPaths(outcome, runsFile, o) };
  const attempts = humans.finish(builder);
  if (separation.issues.length) {
    const first = separation.issues[0];
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: first.error_type,
        error_count: separation.issues.length,
        errors_preview: separation.issues.slice(0, 50).map((i) => `line ${i.line}: ${i.message}`),
        runs_path: runsFile
      }
    };
  }
  for (const [key, set] of [
    ["atom_budget", rules],
    ["best_match_pool", pools]
  ]) {
    if (set.size > 1)
      return {
        ok: false,
        payload: {
          status: "error",
          error_type: "scoring_choice_mixing",
          message: `rows were scored under different ${key} choices (${[...set].sort().join(", ")}); report them separately`,
          runs_path: runsFile
        }
      };
  }
  const payload = builder.finish({ strict: !!(o.strict || o.official), coverage: outcome.coverage });
  payload.recomputed = !!bundle;
  payload.atom_budget = [...rules][0] ?? o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE;
  payload.best_match_pool = [...pools][0] ?? rowDefaultPool(o);
  if (attempts) payload.human_attempts = attempts;
  return { ok: true, payload };
}
async function migrateRunsFile(runsFile, o) {
  await ensureReadable(runsFile);
  const bundle = await loadBundle(o.instancesFile);
  const rows = [];
  for await (const r of readJsonl(runsFile)) rows.push(r);
  const score = defaultScorer({ pool: o.pool });
  const { rows: migrated, stats } = migrateRows(rows, bundle, score, o.defaults, runsFile);
  await writeFileAtomic(o.out, migrated.map((r) => `${runRecordLine(r)}
`).join(""));
  const manifest = o.manifestFile ? await readJsonFile(o.manifestFile) : void 0;
  const check = await validateRows(readJsonl(o.out), { strict: true, bundle, manifest, score });
  if (!check.ok) {
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "post_migration_strict_validation",
        output_path: o.out,
        migration_stats: stats,
        validation: check.payload
      }
    };
  }
  const payload = { status: "ok", output_path: o.out, migration_stats: stats };
  if (check.coverage) payload.manifest_coverage = check.coverage;
  return { ok: true, payload };
}
async function evaluateAgent(o) {
  const evalTrack = (o.evalTrack ?? "EVAL-CB").trim();
  const rendererTrack = (o.rendererTrack ?? "json").trim();
  const err = (error_type, message) => ({
    ok: false,
    payload: { status: "error", error_type, message }
  });
  if (!ALLOWED_EVAL_TRACKS.includes(evalTrack))
    return err("track_policy_violation", `unsupported eval_track ${evalTrack}`);
  if (!ALLOWED_RENDERER_TRACKS.includes(rendererTrack)) {
    return err(
      "renderer_policy_violation",
      `unsupported renderer_track ${rendererTrack}; expected one of ['json', 'visual']`
    );
  }
  const agent = getAgent(o.agent);
  const allowlist = (o.toolAllowlistId ?? "none").trim() || "none";
  const toolHash = (o.toolLogHash ?? "").trim();
  if (agent.eval_track === "EVAL-TA" && evalTrack === "EVAL-CB")
    return err("track_policy_violation", "tool planner agent is not allowed in EVAL-CB");
  if (agent.eval_track === "EVAL-OC" && evalTrack !== "EVAL-OC")
    return err("track_policy_violation", "exact oracle agent is restricted to EVAL-OC");
  const tp = evaluateToolPolicyError(evalTrack, allowlist, toolHash);
  if (tp) return err("track_policy_violation", tp);
  const cond = o.adaptationCondition ?? "no_adaptation";
  const budget = o.adaptationBudgetTokens ?? 0;
  const scope = o.adaptationDataScope ?? "none";
  const proto = (o.adaptationProtocolId ?? "none").trim() || "none";
  const ap = adaptationPolicyError(cond, budget, scope, proto);
  if (ap) return err("adaptation_policy_violation", ap);
  const bundle = await loadBundle(o.instancesFile);
  const bm = bundle.meta;
  const meta = {
    benchmark_version: bm.benchmark_version,
    generator_version: bm.generator_version,
    checker_version: bm.checker_version,
    harness_version: bm.harness_version,
    git_commit: o.gitCommit ?? currentGitCommit(),
    config_hash: bm.config_hash ?? "unknown",
    tool_allowlist_id: allowlist,
    tool_log_hash: toolHash,
    play_protocol: "commit_only",
    scored_commit_episode: true,
    renderer_policy_version: RENDERER_POLICY_VERSION,
    renderer_profile_id: rendererProfileForTrack(rendererTrack),
    adaptation_policy_version: ADAPTATION_POLICY_VERSION,
    adaptation_condition: cond,
    adaptation_budget_tokens: budget,
    adaptation_data_scope: scope,
    adaptation_protocol_id: proto
  };
  if (o.resume && o.overwrite)
    throw new InputError8("use either --resume or --overwrite, not both", { field: "--resume" });
  if (o.resume && !o.out) throw new InputError8("--resume needs --out <file>", { field: "--resume" });
  const builder = new ReportBuilder();
  const done = /* @__PURE__ */ new Set();
  const scored = [];
  if (o.out && await fileSize(o.out) > 0) {
    if (o.resume) {
      await repairJournalTail(o.out);
      for await (const { value } of readJsonl(o.out)) {
        const r = value;
        if (r.agent_name === agent.name && r.eval_track === evalTrack && r.play_protocol === "commit_only") {
          done.add(String(r.instance_id));
          builder.add(r);
          scored.push(r);
        }
      }
    } else if (!o.overwrite)
      throw new InputError8("file exists; pass --resume to continue it or --overwrite to replace it", {
        file: o.out
      });
  }
  if (o.out && o.overwrite) await writeFile(o.out, "");
  const app = o.out ? await JsonlAppender.open(o.out) : void 0;
  try {
    for (const inst of bundle.instances) {
      if (done.has(inst.instance_id)) continue;
      const ci = compileInstance(inst);
      const cert = parseCertificate(agent.propose(inst, ci, o.seed ?? 0));
      const s = scoreCertificate(ci, cert, {
        bestMatch: { pool: o.pool ?? "complete" },
        atomBudget: o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE
      });
      const row = buildRunRecord(
        {
          instance_id: inst.instance_id,
          eval_track: evalTrack,
          renderer_track: rendererTrack,
          agent_name: agent.name,
          certificate: sortAtoms(cert)
        },
        s,
        inst,
        meta,
        { extraMetrics: o.extraMetrics }
      );
      builder.add(row);
      scored.push(s);
      if (app) await app.append(runRecordLine(row));
    }
  } finally {
    await app?.close();
  }
  const rep = builder.finish();
  return {
    ok: true,
    payload: {
      agent: agent.name,
      instances: bundle.instances.length,
      eval_track: evalTrack,
      renderer_track: rendererTrack,
      renderer_policy_version: RENDERER_POLICY_VERSION,
      renderer_profile_id: rendererProfileForTrack(rendererTrack),
      adaptation_policy_version: ADAPTATION_POLICY_VERSION,
      adaptation_condition: cond,
      adaptation_budget_tokens: budget,
      adaptation_data_scope: scope,
      adaptation_protocol_id: proto,
      aggregate: aggregateSuite(scored),
      groups: rep.groups,
      run_schema_version: RUN_RECORD_SCHEMA_VERSION,
      source_bundle_schema_version: bm.schema_version ?? "legacy-instance-list",
      tool_allowlist_id: allowlist,
      play_protocol: "commit_only",
      scored_commit_episode: true,
      atom_budget: o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE,
      resumed: done.size,
      out_jsonl: o.out ?? ""
    }
  };
}
async function fileSize(f2) {
  try {
    const st = await stat2(f2);
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}
function checkAgents() {
  const g = getAgent("greedy");
  const s = getAgent("search");
  return {
    greedy: (inst, ci, seed) => g.propose(inst, ci, seed),
    search: (inst, ci, seed) => s.propose(inst, ci, seed)
  };
}
function aggregateSuite(rows) {
  const n = rows.length;
  if (!n) return {};
  const med = (xs) => {
    if (!xs.length) return 0;
    const ys = xs.slice().sort((a, b) => a - b);
    const m = ys.length >> 1;
    return ys.length % 2 ? ys[m] : (ys[m - 1] + ys[m]) / 2;
  };
  let apSum = 0;
  let tsSum = 0;
  for (const r of rows) apSum += r.ap_f1;
  for (const r of rows) tsSum += r.ts_f1;
  return {
    count: pyFloat(n),
    certified_rate: pyFloat(rows.filter((r) => r.valid).length / n),
    goal_rate: pyFloat(rows.filter((r) => r.goal).length / n),
    median_eff_t_given_goal: pyFloat(med(rows.filter((r) => r.goal).map((r) => r.eff_t))),
    median_eff_t_given_certified: pyFloat(med(rows.filter((r) => r.valid).map((r) => r.eff_t))),
    ap_f1_mean: pyFloat(apSum / n),
    ts_f1_mean: pyFloat(tsSum / n)
  };
}
var OFFICIAL_DEMO_AGENTS = ["random", "greedy", "search", "tool", "oracle"];
async function demo(seed, compat = "default") {
  if (compat !== "default" && compat !== "official-0.1")
    throw new InputError8(`unknown --compat ${compat} (expected default | official-0.1)`, { field: "compat" });
  const official = compat === "official-0.1";
  const r = official ? generateOfficial(seed, officialConfig(), { split_id: "public_dev" }) : generateInstance(seed, defaultConfig(), { split_id: "public_dev" });
  if (isRejected(r))
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "generation_rejected",
        rejected: [{ seed, reason: r.rejected }]
      }
    };
  const inst = r.instance;
  const ci = compileInstance(inst);
  const agents = official ? OFFICIAL_DEMO_AGENTS.map((id) => getAgent(id)) : listAgents();
  const agent_results = {};
  for (const a of agents) {
    const cert = sortAtoms(parseCertificate(a.propose(inst, ci, seed)));
    const s = scoreCertificate(ci, cert, { bestMatch: { pool: official ? "official" : "complete" } });
    agent_results[a.name] = {
      valid: s.valid,
      suff: s.suff,
      min1: s.min1,
      eff_t: s.eff_t,
      eff_a: s.eff_a,
      ap_f1: pyFloat(s.ap_f1),
      ts_f1: pyFloat(s.ts_f1),
      ...official ? {} : { kappa: s.kappa },
      aggregate: aggregateSuite([s]),
      certificate: cert.map((x) => [x[0], x[1], x[2]])
    };
  }
  return {
    ok: true,
    payload: {
      instance: instanceToDict(inst),
      witness: r.witness.map((x) => [x[0], x[1], x[2]]),
      agent_results
    }
  };
}

export {
  runChecks,
  generateBundle,
  writeGeneratedBundle,
  defaultScorer,
  parseBestMatchPool,
  parseAtomBudgetRule,
  currentGitCommit,
  manifestOf,
  identifiabilityCheckFile,
  listInstances,
  importFormal,
  manifestFor,
  verifyOne,
  validateRunsFile,
  reportRunsFile,
  migrateRunsFile,
  evaluateAgent,
  checkAgents,
  demo
};
