/**
 * `gf01 generate` as an API: the seed plan (exact `count`, official seed range, or given
 * seeds), the bundle envelope and manifest, either in memory (`generateBundle`) or streamed
 * to files (`writeGeneratedBundle`: one instance in memory at a time, same bytes).
 */
import { openAtomicText, streamSink } from "../../core/atomic-stream.js";
import { InputError } from "../../core/errors.js";
import { toolkitCommit } from "../../core/provenance.js";
import { buildBundle, bundleEnvelope } from "../artifacts/bundle.js";
import { BundleStreamWriter, writeIndentedObject } from "../artifacts/bundle-writer.js";
import { buildSplitManifest, manifestEntry, splitManifestOfEntries, } from "../artifacts/manifest.js";
import { configHash, defaultConfig, officialConfig, parseDefaultConfig, } from "./config.js";
import { generateInstance } from "./default.js";
import { generateOfficial, isRejected } from "./official.js";
function plan(o) {
    const split = o.split ?? "public_dev";
    const compat = o.compat ?? "default";
    let cfg;
    if (compat === "official-0.1") {
        const base = officialConfig();
        for (const k of Object.keys(o.config ?? {})) {
            if (!(k in base))
                throw new InputError(`unknown official-0.1 config key ${k}`, { field: `config.${k}` });
        }
        cfg = { ...base, ...(o.config ?? {}) };
    }
    else {
        cfg = parseDefaultConfig({ ...defaultConfig(), ...(o.config ?? {}) }, { field: "config" });
    }
    if (o.count !== undefined) {
        if (o.seeds !== undefined)
            throw new TypeError("generateBundle: give seeds or count, not both");
        if (!Number.isSafeInteger(o.count) || o.count < 1)
            throw new InputError(`count must be an integer ≥ 1, got ${o.count}`, { field: "count" });
    }
    const official = compat === "official-0.1";
    return { cfg, split, official, exact: o.count !== undefined && !official, o };
}
/** The seeds the bundle lists: known up front except for an exact count (the accepted ones). */
function plannedSeeds(p) {
    if (p.exact)
        return undefined;
    if (p.o.count !== undefined) {
        const start = p.o.seedStart ?? 0;
        return Array.from({ length: p.o.count }, (_, i) => start + i);
    }
    return [...(p.o.seeds ?? [])];
}
/**
 * Each seed's outcome in bundle order. For an exact count it draws seeds until `count`
 * instances are accepted and throws (after the last draw) when `maxSeeds` draws fall short.
 */
function* seedOutcomes(p, rejected) {
    const one = (seed) => {
        const r = p.official
            ? generateOfficial(seed, p.cfg, {
                split_id: p.split,
                id_scheme: p.o.idScheme,
            })
            : generateInstance(seed, p.cfg, { split_id: p.split });
        if (isRejected(r)) {
            rejected.push({ seed, reason: r.rejected });
            return undefined;
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
            throw new InputError(`only ${made} of ${count} instances after ${maxSeeds} seeds (${start}..${seed - 1}; ` +
                `${rejected.length} rejected, first: seed ${rejected[0]?.seed}: ${rejected[0]?.reason}); relax the difficulty knobs`, { field: "count" });
        return;
    }
    for (const seed of plannedSeeds(p) ?? []) {
        const inst = one(seed);
        if (inst)
            yield { seed, instance: inst };
    }
}
/** The bundle envelope once the accepted seeds are known. */
function envelope(p, accepted, count) {
    const seeds = plannedSeeds(p) ?? accepted;
    return bundleEnvelope({
        count,
        git_commit: p.o.gitCommit ?? toolkitCommit(),
        config_hash: configHash(p.cfg),
        split_id: p.split,
        seeds,
        seed_start: p.exact ? (p.o.seedStart ?? 0) : seeds.length ? seeds[0] : 0,
        generator_version: p.official ? undefined : p.cfg.generator_version,
    });
}
/** Generate a v1 bundle (and its manifest) in memory. Rejected seeds are listed, never silently dropped. */
export function generateBundle(o) {
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
        generator_version: p.official ? undefined : env.generator_version,
    });
    const manifest = buildSplitManifest(instances, bundle);
    if (p.exact) {
        // Additive: the seeds drawn past, so `seeds` + `rejected_seeds` is the whole range drawn.
        bundle.rejected_seeds = rejected.map((r) => ({ seed: r.seed, reason: r.reason }));
        manifest.rejected_seeds = bundle.rejected_seeds;
    }
    return { bundle, manifest, instances, rejected, config: p.cfg };
}
/**
 * `gf01 generate`: stream the bundle (or legacy list) to `out` as instances are made, holding
 * one instance and a small manifest entry per instance; bytes equal `bundleToJson` of
 * `generateBundle(o).bundle` (tests/gf01/generate/stream.test.ts). On any error nothing is left
 * at `out` / `manifestOut` (no temp file either).
 */
export async function writeGeneratedBundle(o, w = {}) {
    const p = plan(o);
    const sink = w.out ? await openAtomicText(w.out) : streamSink(w.stdout ?? process.stdout);
    const entries = [];
    const rejected = [];
    const accepted = [];
    try {
        const writer = new BundleStreamWriter(sink, {
            legacyList: w.legacyList,
            onInstance: w.manifestOut ? (inst) => entries.push(manifestEntry(inst)) : undefined,
        });
        // Everything before `instances` is known up front (count, config, versions).
        // (An exact count is known too: the run fails unless exactly `count` are accepted.)
        await writer.begin(envelope(p, [], p.exact ? p.o.count : undefined));
        for (const r of seedOutcomes(p, rejected)) {
            await writer.add(r.instance);
            accepted.push(r.seed);
        }
        const env = envelope(p, accepted);
        if (p.exact)
            env.rejected_seeds = rejected.map((r) => ({ seed: r.seed, reason: r.reason }));
        const hash = await writer.end(env);
        if (!w.out)
            await sink.write("\n");
        await sink.commit();
        if (w.manifestOut) {
            const manifest = splitManifestOfEntries(entries, w.legacyList ? {} : { ...env, instances_hash: hash });
            if (p.exact && !w.legacyList)
                manifest.rejected_seeds = env.rejected_seeds;
            const ms = await openAtomicText(w.manifestOut);
            try {
                await writeIndentedObject(ms, manifest, "instances");
                await ms.commit();
            }
            catch (e) {
                await ms.abort();
                throw e;
            }
        }
        return {
            instances: accepted.length,
            rejected,
            instances_hash: hash,
            config_hash: env.config_hash,
        };
    }
    catch (e) {
        await sink.abort();
        throw e;
    }
}
//# sourceMappingURL=run.js.map