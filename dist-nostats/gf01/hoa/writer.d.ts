import type { HoaAutomaton } from "./types.js";
/** HOA string literal: only `\` and `"` need escaping (raw newlines are legal inside strings). */
export declare function hoaString(s: string): string;
/**
 * Canonical HOA text: header items in a fixed order (HOA, name, tool, States, Start, AP,
 * controllable-AP, Alias, acc-name, Acceptance, properties, unknown items in their order),
 * one state line per state in body order and one edge per line, `\n` line ends, final newline.
 * `parseHoa(writeHoa(a))` deep-equals `a`.
 */
export declare function writeHoa(a: HoaAutomaton): string;
