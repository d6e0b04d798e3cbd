/**
 * Pre-v1 ("legacy") run rows and their migration to `gf01.run_record.v1`.
 *
 * The official `migrate-runs` back-fills metadata and coerces the legacy values ("true" →
 * true, "0.5" → 0.5), i.e. it trusts the legacy verdicts. We never do: every migrated row is
 * re-scored from its certificate against the instance bundle, and each legacy claim that
 * disagrees with the oracle is counted and listed (line, field, claimed, recomputed).
 */
import { InputError } from "../../core/errors.js";
import { parseCertificate, sortCertificate } from "../model/certificate.js";
import { compileInstance } from "../model/compile.js";
import { ALLOWED_ADAPTATION_CONDITIONS, ALLOWED_ADAPTATION_DATA_SCOPES, ALLOWED_EVAL_TRACKS, ALLOWED_RENDERER_TRACKS, ALLOWED_TOOL_ALLOWLISTS_BY_TRACK, DEFAULT_TOOL_ALLOWLIST_BY_TRACK, REQUIRED_RUN_FIELDS, RUN_RECORD_SCHEMA_VERSION, } from "./meta.js";
import { stableHash } from "./pyout.js";
import { buildRunRecord } from "./run-record.js";
/** A row is legacy when it is not a complete v1 row (wrong/absent schema_version or required fields). */
export function isLegacyRow(row) {
    if (!row || typeof row !== "object" || Array.isArray(row))
        return true;
    const r = row;
    if (r.schema_version !== RUN_RECORD_SCHEMA_VERSION)
        return true;
    return REQUIRED_RUN_FIELDS.some((f) => !(f in r));
}
/** Official `_to_bool` (legacy files carry "true"/"0"/"yes"). */
export function legacyBool(v) {
    if (typeof v === "boolean")
        return v;
    if (typeof v === "number")
        return v !== 0;
    if (typeof v === "string") {
        const s = v.trim().toLowerCase();
        if (["1", "true", "t", "yes", "y"].includes(s))
            return true;
        if (["0", "false", "f", "no", "n", ""].includes(s))
            return false;
        return true;
    }
    return Boolean(v);
}
/** Official `_to_float` with default 0.0. */
export function legacyFloat(v) {
    if (typeof v === "number")
        return v;
    if (typeof v === "boolean")
        return v ? 1 : 0;
    if (typeof v === "string" && v.trim() !== "") {
        const x = Number(v.trim());
        return Number.isNaN(x) ? 0 : x;
    }
    return 0;
}
/** Official `_sanitize_certificate`: a list, or a JSON string holding a list; anything else → []. */
export function legacyCertificate(v) {
    if (Array.isArray(v))
        return v;
    if (typeof v === "string") {
        try {
            const p = JSON.parse(v);
            if (Array.isArray(p))
                return p;
        }
        catch {
            return [];
        }
    }
    return [];
}
const present = (v) => v !== undefined && v !== null && String(v).trim() !== "";
const known = (v) => present(v) && String(v).trim().toLowerCase() !== "unknown";
/**
 * Migrate rows (any mix of legacy and v1) to v1 rows, re-scoring each against `bundle`.
 * Throws an InputError (file:line) for a row whose instance is not in the bundle or whose
 * certificate is malformed: such a row cannot be verified, so it cannot be migrated.
 */
export function migrateRows(rows, bundle, score, defaults = {}, file) {
    const stats = {
        input_rows: 0,
        output_rows: 0,
        already_v1_rows: 0,
        filled_fields: {},
        coerced_fields: {},
        disagreements: [],
        discrepancies_preview: [],
        rows_without_certificate: 0,
        dropped_fields: {},
    };
    const bump = (m, k) => {
        m[k] = (m[k] ?? 0) + 1;
    };
    const compiled = new Map();
    const out = [];
    let idx = 0;
    for (const { line, value } of rows) {
        stats.input_rows++;
        if (!value || typeof value !== "object" || Array.isArray(value)) {
            throw new InputError("row must be a JSON object", { file, line });
        }
        const r = value;
        if (!isLegacyRow(r))
            stats.already_v1_rows++;
        const instanceId = present(r.instance_id) ? String(r.instance_id).trim() : "";
        if (!instanceId)
            throw new InputError("legacy row has no instance_id; it cannot be re-verified", {
                file,
                line,
                field: "instance_id",
            });
        const inst = bundle.byId.get(instanceId);
        if (!inst) {
            throw new InputError(`instance_id ${instanceId} is not in the instance bundle; it cannot be re-verified`, {
                file,
                line,
                field: "instance_id",
            });
        }
        let ci = compiled.get(instanceId);
        if (!ci) {
            ci = compileInstance(inst);
            compiled.set(instanceId, ci);
        }
        if (!("certificate" in r))
            stats.rows_without_certificate++;
        const rawCert = legacyCertificate(r.certificate);
        if ("certificate" in r && rawCert !== r.certificate)
            bump(stats.coerced_fields, "certificate");
        let cert;
        try {
            cert = sortCertificate(parseCertificate(rawCert));
        }
        catch (e) {
            if (e instanceof InputError)
                throw e.at({ file, line });
            throw e;
        }
        const m = score(inst, ci, cert);
        // Compare every legacy claim with the oracle (never trust it).
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
            ["ts_f1", legacyFloat],
        ];
        for (const [f, conv] of claims) {
            if (!(f in r))
                continue;
            const claimed = conv(r[f]);
            const actual = m[f];
            if (claimed !== actual) {
                const d = stats.disagreements.find((x) => x.field === f);
                if (d)
                    d.count++;
                else
                    stats.disagreements.push({ field: f, count: 1 });
                if (stats.discrepancies_preview.length < 50) {
                    stats.discrepancies_preview.push({
                        line,
                        instance_id: instanceId,
                        field: f,
                        claimed: r[f],
                        recomputed: actual,
                    });
                }
            }
        }
        // Metadata: keep a legacy value when present and valid, else fill (official _fill / coercions).
        const meta = {};
        const fill = (k, def) => {
            if (known(r[k]))
                meta[k] = r[k];
            else {
                meta[k] = def;
                bump(stats.filled_fields, k);
            }
        };
        const bm = bundle.meta;
        fill("benchmark_version", defaults.benchmark_version ?? bm.benchmark_version ?? undefined);
        fill("generator_version", defaults.generator_version ?? bm.generator_version ?? undefined);
        fill("checker_version", defaults.checker_version ?? bm.checker_version ?? undefined);
        fill("harness_version", defaults.harness_version ?? bm.harness_version ?? undefined);
        fill("git_commit", defaults.git_commit ?? bm.git_commit ?? "legacy-backfill");
        fill("config_hash", defaults.config_hash ?? bm.config_hash ?? "legacy-backfill");
        for (const k of [
            "benchmark_version",
            "generator_version",
            "checker_version",
            "harness_version",
        ]) {
            if (meta[k] === undefined)
                delete meta[k];
        }
        let evalTrack = known(r.eval_track) ? String(r.eval_track).trim() : (defaults.eval_track ?? "EVAL-CB");
        if (!known(r.eval_track))
            bump(stats.filled_fields, "eval_track");
        if (!ALLOWED_EVAL_TRACKS.includes(evalTrack)) {
            evalTrack = defaults.eval_track ?? "EVAL-CB";
            bump(stats.coerced_fields, "eval_track");
        }
        let allowlist = present(r.tool_allowlist_id)
            ? String(r.tool_allowlist_id).trim()
            : (defaults.tool_allowlist_id ?? "none");
        let toolHash = present(r.tool_log_hash) ? String(r.tool_log_hash).trim() : (defaults.tool_log_hash ?? "");
        if (evalTrack === "EVAL-CB") {
            if (allowlist.toLowerCase() !== "none") {
                allowlist = "none";
                bump(stats.coerced_fields, "tool_allowlist_id");
            }
            if (toolHash) {
                toolHash = "";
                bump(stats.coerced_fields, "tool_log_hash");
            }
        }
        else {
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
                    tool_allowlist_id: allowlist,
                }).slice(0, 16);
                bump(stats.coerced_fields, "tool_log_hash");
            }
        }
        meta.tool_allowlist_id = allowlist;
        meta.tool_log_hash = toolHash;
        let rendererTrack = known(r.renderer_track)
            ? String(r.renderer_track).trim()
            : (defaults.renderer_track ?? "json");
        if (!ALLOWED_RENDERER_TRACKS.includes(rendererTrack)) {
            rendererTrack = defaults.renderer_track ?? "json";
            bump(stats.coerced_fields, "renderer_track");
        }
        meta.renderer_policy_version = known(r.renderer_policy_version)
            ? String(r.renderer_policy_version)
            : defaults.renderer_policy_version;
        // Profile always follows the track (official coerces a mismatching profile).
        meta.play_protocol = "commit_only";
        if (present(r.play_protocol) && r.play_protocol !== "commit_only")
            bump(stats.coerced_fields, "play_protocol");
        meta.scored_commit_episode =
            "scored_commit_episode" in r
                ? legacyBool(r.scored_commit_episode)
                : (defaults.scored_commit_episode ?? true);
        const cond = String(r.adaptation_condition ?? defaults.adaptation_condition ?? "no_adaptation").trim();
        const scope = String(r.adaptation_data_scope ?? defaults.adaptation_data_scope ?? "none").trim();
        const budget = Math.trunc(legacyFloat(r.adaptation_budget_tokens ?? defaults.adaptation_budget_tokens ?? 0));
        const proto = String(r.adaptation_protocol_id ?? defaults.adaptation_protocol_id ?? "none").trim();
        const condOk = ALLOWED_ADAPTATION_CONDITIONS.includes(cond);
        const scopeOk = ALLOWED_ADAPTATION_DATA_SCOPES.includes(scope);
        if (!condOk || cond === "no_adaptation") {
            if (!condOk || budget !== 0 || scope !== "none" || (proto !== "none" && proto !== ""))
                bump(stats.coerced_fields, "adaptation");
            Object.assign(meta, {
                adaptation_condition: "no_adaptation",
                adaptation_budget_tokens: 0,
                adaptation_data_scope: "none",
                adaptation_protocol_id: "none",
            });
        }
        else {
            Object.assign(meta, {
                adaptation_condition: cond,
                adaptation_budget_tokens: Math.max(1, budget),
                adaptation_data_scope: scopeOk && scope !== "none" ? scope : "public_only",
                adaptation_protocol_id: proto && !["none", "unknown"].includes(proto.toLowerCase())
                    ? proto
                    : stableHash({ migration_row: idx, instance_id: instanceId, adaptation_condition: cond }).slice(0, 16),
            });
        }
        if (!known(r.agent_name))
            bump(stats.filled_fields, "agent_name");
        const row = buildRunRecord({
            instance_id: instanceId,
            eval_track: evalTrack,
            renderer_track: rendererTrack,
            agent_name: known(r.agent_name) ? String(r.agent_name) : (defaults.agent_name ?? "legacy-agent"),
            certificate: cert,
        }, m, inst, meta);
        for (const k of Object.keys(r))
            if (!(k in row))
                bump(stats.dropped_fields, k);
        out.push(row);
        stats.output_rows++;
        idx++;
    }
    return { rows: out, stats };
}
//# sourceMappingURL=legacy.js.map