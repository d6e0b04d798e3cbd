import { sha256Hex } from "../../core/hash.js";
import { PyRandom } from "../../core/random.js";
import { effectWindow } from "../model/compile.js";
import { effectHolds } from "../model/simulate.js";
import { compileRaw, materializeInstance } from "./build.js";
import { defaultConfig } from "./config.js";
import { measureHardness } from "./hardness.js";
import { identifiabilityMetrics, identifiabilityPolicyError } from "./identifiability.js";
import { complexity, complexityScore, computeWindow } from "./knobs.js";
import { CertificateSearch, minTimesteps } from "./search.js";
/** Per-seed stream: independent of every other seed (DEC-024, order-free generation). */
export function seedStream(seed, generatorVersion) {
    const digest = sha256Hex(`${generatorVersion}\u0000${seed}`);
    return new PyRandom(BigInt(`0x${digest.slice(0, 32)}`));
}
/** Draw an index from non-negative weights with one `random()`. */
function drawWeighted(rng, weights) {
    let total = 0;
    for (const w of weights)
        total += w;
    let x = rng.random() * total;
    for (let i = 0; i < weights.length; i++) {
        if (weights[i] <= 0)
            continue;
        if (x < weights[i])
            return i;
        x -= weights[i];
    }
    for (let i = weights.length - 1; i >= 0; i--)
        if (weights[i] > 0)
            return i;
    return 0;
}
const apNames = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
export function generateInstance(seed, cfg = defaultConfig(), opts = {}) {
    if (!Number.isSafeInteger(seed))
        return { rejected: `seed must be a safe integer, got ${seed}` };
    const inputAps = apNames("in", cfg.n_inputs);
    const outputAps = apNames("out", cfg.n_outputs);
    const nIn = inputAps.length;
    const nOut = outputAps.length;
    const nSym = 1 << nIn;
    const rng = seedStream(seed, cfg.generator_version);
    // Target size and mode are per seed, not per attempt: drawing them per attempt would let
    // acceptance skew the mix (hard instances reach large witness sizes far more often).
    const target = 1 + drawWeighted(rng, cfg.witness_atoms_weights);
    const mode = rng.random() < cfg.p_hard ? "hard" : "normal";
    const tally = {
        base_satisfied: 0,
        unreachable: 0,
        too_few_timesteps: 0,
        witness_size: 0,
        identifiability: 0,
    };
    for (let attempt = 0; attempt < cfg.max_generation_attempts; attempt++) {
        const T = cfg.trace_min + rng.randbelow(cfg.trace_max - cfg.trace_min + 1);
        const nStates = cfg.states_min + rng.randbelow(cfg.states_max - cfg.states_min + 1);
        const lowT = Math.min(T - 1, Math.max(1, Math.floor(cfg.t_star_min_frac * T)));
        const tStar = lowT + rng.randbelow(T - lowT);
        const effectIdx = rng.randbelow(nOut);
        const cx = complexity(nStates, T, nIn, tStar);
        const windowSize = mode === "normal" ? computeWindow(cfg, T, complexityScore(cx)) : 1;
        // effect_density is per window slot: a normal-mode window of w+1 steps gives the
        // effect w+1 chances, so the per-transition density is divided by that many.
        const [lo, hi] = effectWindow(mode, tStar, windowSize, T);
        const density = cfg.effect_density / (hi - lo + 1);
        const next = new Int32Array(nStates * nSym);
        const out = new Uint32Array(nStates * nSym);
        for (let i = 0; i < nStates * nSym; i++) {
            next[i] = rng.randbelow(nStates);
            let code = 0;
            for (let j = 0; j < nOut; j++) {
                const bit = j === effectIdx ? (rng.random() < density ? 1 : 0) : rng.randbelow(2);
                code = (code << 1) | bit;
            }
            out[i] = code;
        }
        const base = new Uint32Array(T);
        for (let t = 0; t < T; t++) {
            let sym = 0;
            for (let i = 0; i < nIn; i++)
                sym = (sym << 1) | rng.randbelow(2);
            base[t] = sym;
        }
        const raw = {
            nStates,
            inputAps,
            outputAps,
            next,
            out,
            base,
            effectIdx,
            tStar,
            mode,
            windowSize,
            budgetTimestep: T,
            budgetAtoms: null,
        };
        let ci = compileRaw(raw);
        if (effectHolds(ci, base)) {
            tally.base_satisfied++;
            continue;
        }
        const mTs = minTimesteps(ci);
        if (!Number.isFinite(mTs)) {
            tally.unreachable++;
            continue;
        }
        if (mTs < cfg.min_witness_timesteps) {
            tally.too_few_timesteps++;
            continue;
        }
        const bT = Math.min(T, mTs + cfg.budget_slack_timesteps);
        raw.budgetTimestep = bT;
        ci = { ...ci, budgetTimestep: bT };
        const search = new CertificateSearch(ci);
        const k = search.minAtoms();
        if (k !== target) {
            tally.witness_size++;
            continue;
        }
        const ident = { ...identifiabilityMetrics(ci) };
        const err = identifiabilityPolicyError(ident, cfg.ident_min_response_ratio, cfg.ident_min_unique_signatures);
        ident.min_response_ratio = cfg.ident_min_response_ratio;
        ident.min_unique_signatures = cfg.ident_min_unique_signatures;
        ident.passes_threshold = err === null;
        if (err !== null) {
            tally.identifiability++;
            continue;
        }
        const witness = search.findValid({ maxNodes: Number.POSITIVE_INFINITY, maxResults: 1 }).certificates[0];
        raw.budgetAtoms = Math.min(T * nIn, Math.max(bT + 1, k + cfg.budget_slack_atoms));
        const instance = materializeInstance(raw, {
            seed,
            complexity: cx,
            identifiability: ident,
            split_id: opts.split_id ?? "public_dev",
            source_type: "generated_seed",
            provenance: { generator_version: cfg.generator_version },
        });
        instance.generator_knobs = {
            target_witness_atoms: target,
            attempt,
            states: nStates,
            trace_length: T,
            budget_slack_timesteps: cfg.budget_slack_timesteps,
            budget_slack_atoms: cfg.budget_slack_atoms,
            min_witness_timesteps_required: cfg.min_witness_timesteps,
        };
        instance.hardness = {
            ...measureHardness({ ...ci, budgetAtoms: raw.budgetAtoms }, k, mTs),
        };
        return {
            instance,
            witness,
            attempt,
            stats: { min_witness_atoms: k, min_witness_timesteps: mTs, target_witness_atoms: target },
        };
    }
    return {
        rejected: `no candidate accepted within ${cfg.max_generation_attempts} attempts for target witness size ${target}, ` +
            `mode ${mode} ` +
            `(base_satisfied=${tally.base_satisfied}, unreachable=${tally.unreachable}, ` +
            `too_few_timesteps=${tally.too_few_timesteps}, witness_size=${tally.witness_size}, ` +
            `identifiability=${tally.identifiability})`,
    };
}
//# sourceMappingURL=default.js.map