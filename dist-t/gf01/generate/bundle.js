import { configHash, DEFAULT_GENERATOR_VERSION, isDefaultConfig, } from "./config.js";
import { generateInstance } from "./default.js";
import { generateOfficial, isRejected, OFFICIAL_COMPAT_ID, OFFICIAL_GENERATOR_VERSION, } from "./official.js";
/**
 * Generate the instances of a bundle (pure: no I/O). Each seed is independent, so callers
 * may split `seeds` across workers and concatenate; output order follows `seeds`.
 * `compat = "official-0.1"` needs an official config, `"default"` a default config.
 */
export function generateBundleInstances(seeds, cfg, compat, opts = {}) {
    const official = compat === OFFICIAL_COMPAT_ID;
    if (official === isDefaultConfig(cfg))
        throw new TypeError(`compat ${compat} does not match the given config kind`);
    const out = {
        instances: [],
        witnesses: [],
        rejected: [],
        config_hash: configHash(cfg),
        generator_version: official ? OFFICIAL_GENERATOR_VERSION : DEFAULT_GENERATOR_VERSION,
    };
    for (const seed of seeds) {
        const r = official
            ? generateOfficial(seed, cfg, {
                split_id: opts.split_id,
                id_scheme: opts.id_scheme,
            })
            : generateInstance(seed, cfg, { split_id: opts.split_id });
        if (isRejected(r))
            out.rejected.push({ seed, reason: r.rejected });
        else {
            out.instances.push(r.instance);
            out.witnesses.push(r.witness);
        }
    }
    return out;
}
//# sourceMappingURL=bundle.js.map