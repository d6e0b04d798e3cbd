import { sha256Hex } from "../../core/hash.js";
import { PyRandom } from "../../core/random.js";
import { effectHolds } from "../model/simulate.js";
import { compileRaw, materializeInstance } from "./build.js";
import { officialConfig } from "./config.js";
import { identifiabilityMetrics, identifiabilityPolicyError } from "./identifiability.js";
import { complexity, complexityScore, computeWindow, officialBudgetAtoms, officialBudgetTimestep, } from "./knobs.js";
import { exactExistenceCheck } from "./search.js";
/**
 * `--compat official-0.1`: the official `generate_instance` reproduced draw for draw.
 *
 * One CPython `random.Random(seed)` per seed (int seed, no hashing), then per attempt:
 * T = randint(trace_min, trace_max) (unless fixed), n = randint(states_min, states_max);
 * for each state s0.., for each input valuation in itertools.product order: next state =
 * randrange(n), then one randrange(2) per output AP; the base trace, one randrange(2) per
 * (t, input AP); mode = "hard" if random() < 0.35 else "normal" (drawn only when no mode is
 * forced); t* = randint(max(1, T//3), T-1); effect AP = output_aps[randrange(|AP_out|)].
 * A candidate is rejected if the base trace already satisfies the effect, if identifiability
 * fails, or if no valid certificate is found within `max_exact_nodes` search nodes (a
 * cap-induced rejection is reproduced exactly, see search.ts). The official code raises after
 * `max_generation_attempts`; we return a rejection instead.
 */
export const OFFICIAL_GENERATOR_VERSION = "0.1.0";
export const OFFICIAL_COMPAT_ID = "official-0.1";
export const isRejected = (r) => "rejected" in r;
const DEFAULT_INPUTS = ["in0", "in1", "in2"];
const DEFAULT_OUTPUTS = ["out0", "out1"];
export function generateOfficial(seed, cfg = officialConfig(), opts = {}) {
    if (!Number.isSafeInteger(seed))
        return { rejected: `seed must be a safe integer, got ${seed}` };
    const inputAps = opts.input_aps && opts.input_aps.length > 0 ? opts.input_aps : DEFAULT_INPUTS;
    const outputAps = opts.output_aps && opts.output_aps.length > 0 ? opts.output_aps : DEFAULT_OUTPUTS;
    const splitId = opts.split_id ?? "public_dev";
    const nIn = inputAps.length;
    const nOut = outputAps.length;
    const nSym = 1 << nIn;
    const rng = new PyRandom(seed);
    const tally = { base_satisfied: 0, identifiability: 0, no_witness_within_cap: 0 };
    for (let attempt = 0; attempt < cfg.max_generation_attempts; attempt++) {
        const T = opts.trace_len ?? cfg.trace_min + rng.randbelow(cfg.trace_max - cfg.trace_min + 1);
        const nStates = cfg.states_min + rng.randbelow(cfg.states_max - cfg.states_min + 1);
        // randrange(n) = CPython _randbelow: getrandbits(n.bit_length()) until < n; inlined
        // here (this loop is most of the generator's time) with the bit counts hoisted.
        const next = new Int32Array(nStates * nSym);
        const out = new Uint32Array(nStates * nSym);
        const kStates = 32 - Math.clz32(nStates);
        for (let i = 0; i < nStates * nSym; i++) {
            let r = rng.getrandbits32(kStates);
            while (r >= nStates)
                r = rng.getrandbits32(kStates);
            next[i] = r;
            let code = 0;
            for (let j = 0; j < nOut; j++) {
                let b = rng.getrandbits32(2);
                while (b >= 2)
                    b = rng.getrandbits32(2);
                code = (code << 1) | b;
            }
            out[i] = code;
        }
        const base = new Uint32Array(T);
        for (let t = 0; t < T; t++) {
            let sym = 0;
            for (let i = 0; i < nIn; i++) {
                let b = rng.getrandbits32(2);
                while (b >= 2)
                    b = rng.getrandbits32(2);
                sym = (sym << 1) | b;
            }
            base[t] = sym;
        }
        const mode = opts.mode ?? (rng.random() < 0.35 ? "hard" : "normal");
        const lowT = Math.max(1, Math.floor(T / 3));
        if (T - 1 < lowT)
            return { rejected: `empty range for t_star: randint(${lowT}, ${T - 1}) (T=${T})` };
        const tStar = lowT + rng.randbelow(T - 1 - lowT + 1);
        const effectIdx = rng.randbelow(nOut);
        const cx = complexity(nStates, T, nIn, tStar);
        const z = complexityScore(cx);
        const windowSize = mode === "normal" ? computeWindow(cfg, T, z) : 1;
        const bT = officialBudgetTimestep(cfg.budget_tightness, T, z);
        const bA = officialBudgetAtoms(T, nIn, bT);
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
            budgetTimestep: bT,
            budgetAtoms: bA,
        };
        const ci = compileRaw(raw);
        if (effectHolds(ci, base)) {
            tally.base_satisfied++;
            continue;
        }
        const ident = { ...identifiabilityMetrics(ci) };
        const err = identifiabilityPolicyError(ident, cfg.ident_min_response_ratio, cfg.ident_min_unique_signatures);
        ident.min_response_ratio = cfg.ident_min_response_ratio;
        ident.min_unique_signatures = Math.trunc(cfg.ident_min_unique_signatures);
        ident.passes_threshold = err === null;
        if (err !== null) {
            tally.identifiability++;
            continue;
        }
        const { exists, witness } = exactExistenceCheck(ci, cfg.max_exact_nodes);
        if (exists && witness !== null && witness.length >= Math.trunc(cfg.min_witness_atoms)) {
            const instance = materializeInstance(raw, {
                seed,
                complexity: cx,
                identifiability: ident,
                split_id: splitId,
                source_type: "generated_dev_seed",
            });
            if (opts.id_scheme === "legacy") {
                const rawId = `${seed}:${attempt}:${mode}:${T}:${nStates}:${outputAps[effectIdx]}:${tStar}:${splitId}`;
                instance.instance_id = `gf01-${sha256Hex(rawId).slice(0, 12)}`;
                delete instance.provenance;
                delete instance.content_hash;
                delete instance.normalization_version;
            }
            return { instance, witness, attempt };
        }
        tally.no_witness_within_cap++;
    }
    return {
        rejected: `failed to generate an accepted instance within ${cfg.max_generation_attempts} attempts ` +
            `(base_satisfied=${tally.base_satisfied}, identifiability=${tally.identifiability}, ` +
            `no_witness_within_cap=${tally.no_witness_within_cap})`,
    };
}
//# sourceMappingURL=official.js.map