import type { Atom, Gf01Instance, Mode } from "../model/types.js";
import { type OfficialGeneratorConfig } from "./config.js";
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
export declare const OFFICIAL_GENERATOR_VERSION = "0.1.0";
export declare const OFFICIAL_COMPAT_ID = "official-0.1";
export interface OfficialOptions {
    /** Force a mode (skips the mode draw, exactly like the official `mode=` argument). */
    mode?: Mode;
    split_id?: string;
    input_aps?: readonly string[];
    output_aps?: readonly string[];
    /** Force T (skips the T draw). */
    trace_len?: number;
    /**
     * Instance id scheme. "content_hash" (default, newest official code):
     * `gf01-` + sha256(semantic identity)[:12], with provenance. "legacy": the scheme of the
     * release that wrote the 0.1.0 fixture bundle, `gf01-` + sha256("seed:attempt:mode:T:
     * n_states:effect_ap:t_star:split_id")[:12], and no provenance block (as in that bundle).
     */
    id_scheme?: "content_hash" | "legacy";
}
export interface Accepted {
    instance: Gf01Instance;
    /** The official witness: first valid certificate in official search order. */
    witness: Atom[];
    /** Attempt index (0-based) that was accepted. */
    attempt: number;
}
export interface Rejected {
    rejected: string;
}
export type GenerateResult = Accepted | Rejected;
export declare const isRejected: (r: GenerateResult) => r is Rejected;
export declare function generateOfficial(seed: number, cfg?: OfficialGeneratorConfig, opts?: OfficialOptions): GenerateResult;
