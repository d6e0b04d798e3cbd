import type { MealyAutomaton } from "../model/types.js";
import { type HoaAutomaton, type HoaState } from "./types.js";
export interface HoaToMealyOptions {
    /** Input APs in official key order (first = most significant). Default: the non-output HOA APs. */
    inputAps?: readonly string[];
    /** Output APs. Default: the `controllable-AP:` APs (label reading only). */
    outputAps?: readonly string[];
    /**
     * Output valuation per state, keyed by state number (as a string) or state name, as in the
     * official `output_by_state`; selects the state-output reading.
     */
    outputByState?: Readonly<Record<string, Readonly<Record<string, number>>>>;
    /** Named in error messages. */
    file?: string;
}
/** Name of a state in the Mealy machine: its HOA name, else `s<id>` (official default). */
export declare function hoaStateName(s: HoaState): string;
export declare function hoaToMealy(hoa: HoaAutomaton, opts?: HoaToMealyOptions): MealyAutomaton;
export interface MealyToHoaOptions {
    name?: string;
    tool?: {
        name: string;
        version?: string;
    };
}
/**
 * Export a Mealy machine as HOA in the label reading: AP = input_aps then output_aps,
 * `controllable-AP:` marks the outputs, state i is `states[i]` (named), and each transition
 * is an edge labeled by the full input cube and its output cube. `hoaToMealy` reads it back
 * to an equal machine.
 */
export declare function mealyToHoa(m: MealyAutomaton, opts?: MealyToHoaOptions): HoaAutomaton;
/** A Moore-style HOA export: the automaton plus the official `output_by_state` table. */
export interface StateOutputHoa {
    hoa: HoaAutomaton;
    inputAps: string[];
    outputAps: string[];
    /**
     * A formal task's `output_by_state`, keyed by HOA state number: the official lookup tries the
     * number before the name, so name keys would be ambiguous when a state is named like another
     * state's number (e.g. a state named "0" that is not state 0).
     */
    outputByState: Record<string, Record<string, number>>;
}
/**
 * Export a Mealy machine in the form the official formal loader reads (state outputs, outputs
 * emitted by the target state). A Mealy machine whose output depends on the transition is
 * split Moore-style: one HOA state per (state, output arriving in it); a state reached with a
 * single output keeps its name, others get `name#bits`. Reading the result back with
 * `hoaToMealy(..., {outputByState})` gives a machine with the same input/output behaviour
 * (not the same states, so not the same content hash).
 */
export declare function mealyToStateOutputHoa(m: MealyAutomaton, opts?: MealyToHoaOptions): StateOutputHoa;
