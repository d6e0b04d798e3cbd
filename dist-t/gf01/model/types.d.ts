/**
 * GF-01 domain objects in the official JSON shape (instance_bundle_v1 field names), so
 * artifacts read and write without translation. Hot paths use `CompiledInstance` instead.
 */
export type Bit = 0 | 1;
export type Valuation = Record<string, number>;
export type Mode = "normal" | "hard";
export interface Transition {
    next_state: string;
    output: Valuation;
}
/** Total deterministic Mealy machine in the official table form. */
export interface MealyAutomaton {
    states: string[];
    initial_state: string;
    /** Input APs; the first is the most significant bit of a transition key. */
    input_aps: string[];
    output_aps: string[];
    /** transitions[state]["in0=0|in1=1|in2=0"] = { next_state, output } */
    transitions: Record<string, Record<string, Transition>>;
}
/** One intervention atom (t, ap, value), in the official list form `[t, "ap", v]`. */
export type Atom = readonly [t: number, ap: string, value: Bit];
export type Certificate = readonly Atom[];
export interface Gf01Instance {
    instance_id: string;
    automaton: MealyAutomaton;
    base_trace: Valuation[];
    effect_ap: string;
    t_star: number;
    mode: Mode;
    window_size: number;
    budget_timestep: number;
    budget_atoms?: number | null;
    seed?: number | null;
    complexity?: Record<string, number>;
    identifiability?: Record<string, unknown>;
    split_id?: string;
    renderer_track?: string;
    provenance?: Record<string, unknown>;
    /** Newest official writer: sha256 of the semantic identity (as provenance.content_hash). */
    content_hash?: string;
    /** Newest official writer: canonicalisation version, e.g. "gf01.normalization.v1". */
    normalization_version?: string;
    /** Default generator only: the knobs that produced this instance (additive field). */
    generator_knobs?: Record<string, number | string>;
    /** Default generator only: measured hardness and difficulty stratum (generate/hardness.ts). */
    hardness?: Record<string, number | string>;
}
