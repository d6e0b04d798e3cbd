/**
 * `gf01.split_manifest.v1`: which instances belong to which split (official
 * `build_split_manifest`, `validate_manifest`, and the run-vs-manifest coverage summary).
 */
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { readJsonFile } from "../../core/jsonl.js";
import { compareCodePoints } from "../../core/pyjson.js";
import { parseWith, registerSchema } from "../../core/schema.js";
import { contentHash } from "../model/identity.js";
import { ALLOWED_MODES, BENCHMARK_VERSION, CHECKER_VERSION, FAMILY_ID, GENERATOR_VERSION, HARNESS_VERSION, REQUIRED_MANIFEST_FIELDS, SPLIT_MANIFEST_SCHEMA_VERSION, } from "./meta.js";
import { stableHash } from "./pyout.js";
const int = z.number().int();
export const manifestEntrySchema = z.looseObject({
    instance_id: z.string().min(1),
    split_id: z.string().min(1),
    mode: z.enum(ALLOWED_MODES),
    seed: int.nullish(),
    t_star: int.optional(),
    window_size: int.optional(),
    budget_timestep: int.optional(),
    budget_atoms: int.nullish(),
    content_hash: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
});
export const manifestSchema = z.looseObject({
    schema_version: z.literal(SPLIT_MANIFEST_SCHEMA_VERSION),
    family_id: z.literal(FAMILY_ID),
    benchmark_version: z.string(),
    generator_version: z.string(),
    checker_version: z.string(),
    harness_version: z.string(),
    source_bundle_schema_version: z.string().optional(),
    source_bundle_hash: z.string().optional(),
    instance_count: int.nonnegative(),
    group_counts: z
        .array(z.object({ split_id: z.string(), mode: z.string(), count: int.nonnegative() }))
        .optional(),
    instances: z.array(manifestEntrySchema),
    /** Ours, additive: seeds an exact --count drew past (default generator). */
    rejected_seeds: z.array(z.object({ seed: int, reason: z.string() })).optional(),
});
registerSchema("gf01.split_manifest.v1", manifestSchema);
const cmpTuple = (a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const c = compareCodePoints(a[i], b[i]);
        if (c)
            return c;
    }
    return a.length - b.length;
};
/** One manifest entry of an instance (official `build_split_manifest` row). */
export function manifestEntry(i) {
    const e = { instance_id: i.instance_id };
    // Newest official writer: every entry carries the instance's content hash. Instances in
    // the 0.1.0 form (no content hash anywhere) keep the 0.1.0 entry shape, so the 0.1.0
    // fixture manifest is reproduced byte for byte.
    if (hasContentHash(i))
        e.content_hash = contentHash(i);
    e.split_id = i.split_id ?? "public_dev";
    e.mode = i.mode;
    e.t_star = i.t_star;
    e.window_size = i.window_size;
    e.budget_timestep = i.budget_timestep;
    // Official: seed and budget_atoms only when set.
    if (i.seed !== null && i.seed !== undefined)
        e.seed = i.seed;
    if (i.budget_atoms !== null && i.budget_atoms !== undefined)
        e.budget_atoms = i.budget_atoms;
    return e;
}
/** Official `build_split_manifest` (newest: no `source_path`). */
export function buildSplitManifest(instances, bundleMeta = {}) {
    return splitManifestOfEntries(instances.map(manifestEntry), bundleMeta);
}
/**
 * `buildSplitManifest` from per-instance entries (`manifestEntry`, in bundle order), so a
 * streaming writer keeps only the entries. Sorts `entries` in place.
 */
export function splitManifestOfEntries(entries, bundleMeta = {}) {
    entries.sort((a, b) => compareCodePoints(a.instance_id, b.instance_id));
    const counts = new Map();
    for (const e of entries) {
        const k = JSON.stringify([e.split_id, e.mode]);
        const c = counts.get(k) ?? { split_id: e.split_id, mode: e.mode, count: 0 };
        c.count++;
        counts.set(k, c);
    }
    const group_counts = [...counts.values()].sort((a, b) => cmpTuple([a.split_id, a.mode], [b.split_id, b.mode]));
    const m = (k, d) => (k in bundleMeta ? bundleMeta[k] : d);
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
        instances: entries,
    };
}
/** Official `validate_manifest`: returns the official error strings (empty = ok). */
export function manifestErrors(manifest, strict) {
    if (!manifest || typeof manifest !== "object" || Array.isArray(manifest))
        return ["manifest: must be a JSON object"];
    const mf = manifest;
    const missing = REQUIRED_MANIFEST_FIELDS.filter((f) => !(f in mf));
    if (missing.length)
        return [`manifest: missing required fields: ${missing.join(", ")}`];
    const errors = [];
    if (strict && String(mf.schema_version) !== SPLIT_MANIFEST_SCHEMA_VERSION) {
        errors.push(`manifest: schema_version=${String(mf.schema_version)} (expected ${SPLIT_MANIFEST_SCHEMA_VERSION})`);
    }
    if (strict && String(mf.family_id) !== FAMILY_ID)
        errors.push(`manifest: family_id=${String(mf.family_id)} (expected ${FAMILY_ID})`);
    const entries = mf.instances;
    if (!Array.isArray(entries))
        return [...errors, "manifest: instances must be a list"];
    if (Number(mf.instance_count) !== entries.length) {
        errors.push(`manifest: instance_count=${String(mf.instance_count)} does not match len(instances)=${entries.length}`);
    }
    const seen = new Set();
    entries.forEach((e, idx) => {
        if (!e || typeof e !== "object" || Array.isArray(e)) {
            errors.push(`manifest.instances[${idx}]: must be object`);
            return;
        }
        const en = e;
        for (const f of ["instance_id", "split_id", "mode"]) {
            if (!(f in en) || String(en[f]).trim() === "")
                errors.push(`manifest.instances[${idx}]: missing ${f}`);
        }
        if ("instance_id" in en) {
            const id = String(en.instance_id);
            if (seen.has(id))
                errors.push(`manifest.instances[${idx}]: duplicate instance_id=${id}`);
            seen.add(id);
        }
        if ("mode" in en && !ALLOWED_MODES.includes(String(en.mode))) {
            errors.push(`manifest.instances[${idx}]: mode=${String(en.mode)} not in ['normal', 'hard']`);
        }
    });
    return errors;
}
/** Load a manifest file: JSON errors and shape errors name file and field. */
export async function loadManifest(file, strict = true) {
    const v = await readJsonFile(file);
    const errs = manifestErrors(v, strict);
    if (errs.length)
        throw new InputError(errs[0].replace(/^manifest(\.|: )/, ""), { file });
    return parseWith(manifestSchema, v, { file });
}
/** Check a manifest against the bundle it claims to come from (ids, splits, modes, hash). */
export function manifestBundleMismatches(manifest, bundle) {
    const out = [];
    const byId = new Map(bundle.instances.map((i) => [i.instance_id, i]));
    if (typeof bundle.meta.instances_hash === "string" &&
        manifest.source_bundle_hash !== bundle.meta.instances_hash) {
        out.push(`source_bundle_hash=${manifest.source_bundle_hash} does not match bundle instances_hash=${bundle.meta.instances_hash}`);
    }
    manifest.instances.forEach((e, i) => {
        const inst = byId.get(e.instance_id);
        if (!inst)
            out.push(`instances[${i}]: instance_id=${e.instance_id} is not in the bundle`);
        else {
            if ((inst.split_id ?? "public_dev") !== e.split_id)
                out.push(`instances[${i}]: split_id=${e.split_id} but bundle says ${inst.split_id}`);
            if (inst.mode !== e.mode)
                out.push(`instances[${i}]: mode=${e.mode} but bundle says ${inst.mode}`);
            if (typeof e.content_hash === "string" && e.content_hash !== contentHash(inst))
                out.push(`instances[${i}]: content_hash=${e.content_hash} but the bundle instance hashes to ${contentHash(inst)}`);
        }
    });
    return out;
}
/** Incremental coverage counter, so `validate` can stream rows without keeping them. */
export class CoverageCounter {
    observedIds = new Set();
    observedGroups = new Map();
    observe(row) {
        this.observedIds.add(String(row.instance_id ?? "None"));
        const k = JSON.stringify([String(row.split_id ?? "unknown"), String(row.mode ?? "unknown")]);
        this.observedGroups.set(k, (this.observedGroups.get(k) ?? 0) + 1);
    }
    /** Official `compute_manifest_coverage` payload plus the full missing/unexpected id lists. */
    finish(manifest) {
        const entries = (Array.isArray(manifest.instances) ? manifest.instances : []).filter((e) => !!e && typeof e === "object" && !Array.isArray(e));
        const expectedIds = new Set(entries.map((e) => String(e.instance_id)));
        const missing = [...expectedIds].filter((x) => !this.observedIds.has(x)).sort(compareCodePoints);
        const unexpected = [...this.observedIds].filter((x) => !expectedIds.has(x)).sort(compareCodePoints);
        const expectedGroups = new Map();
        for (const e of entries) {
            const k = JSON.stringify([String(e.split_id ?? "unknown"), String(e.mode ?? "unknown")]);
            expectedGroups.set(k, (expectedGroups.get(k) ?? 0) + 1);
        }
        const keys = [...new Set([...expectedGroups.keys(), ...this.observedGroups.keys()])]
            .map((k) => JSON.parse(k))
            .sort(cmpTuple);
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
                group_coverage,
            },
            missing,
            unexpected,
        };
    }
}
/** Whether an instance is in the newest official form (it carries a content hash). */
export function hasContentHash(i) {
    return typeof i.content_hash === "string" || typeof i.provenance?.content_hash === "string";
}
//# sourceMappingURL=manifest.js.map