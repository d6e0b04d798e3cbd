import type { ChatMessage } from "../engine/types.js";
/** Stream a JSONL file through `parse(value, line)` (blank lines skipped; memory stays flat). */
export declare function eachRow<T>(file: string, parse: (value: unknown, line: number) => T, onRow: (row: T) => void): Promise<void>;
/** Every row of a JSONL file through `parse(value, line)`. */
export declare function readRows<T>(file: string, parse: (value: unknown, line: number) => T): Promise<T[]>;
/** A prompt store (`<results>.prompts.jsonl`): sha256 → the exact messages sent (hash-checked). */
export declare function readPromptStore(file: string): Promise<Map<string, ChatMessage[]>>;
/** Make run labels unique by appending the file name where two runs would read the same. */
export declare function uniqueLabels(runs: {
    label: string;
    source: string;
}[]): void;
