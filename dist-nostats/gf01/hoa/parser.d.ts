import { type HoaAutomaton } from "./types.js";
export interface ParseHoaOptions {
    /** Named in error messages. */
    file?: string;
}
export interface ParsedHoaStream {
    automata: HoaAutomaton[];
    /** Automata cut short by `--ABORT--` (discarded, as the format says). */
    aborted: {
        line: number;
        col: number;
    }[];
}
/**
 * Parse a stream of automata (the format allows concatenation). Automata ended by
 * `--ABORT--` are discarded and reported in `aborted`.
 */
export declare function parseHoaAll(text: string, opts?: ParseHoaOptions): ParsedHoaStream;
/** Parse exactly one automaton. An aborted automaton, an empty text, or several automata are errors. */
export declare function parseHoa(text: string, opts?: ParseHoaOptions): HoaAutomaton;
