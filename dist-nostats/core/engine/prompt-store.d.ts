import type { ChatMessage } from "./types.js";
/** Side file of a results file that holds its prompts: `<results>.prompts.jsonl`. */
export declare function promptFileFor(resultsPath: string): string;
/** The exact bytes hashed into a record's `prompt_sha256`. */
export declare function promptBytes(messages: readonly ChatMessage[]): string;
/** One line of a prompt file. */
export interface PromptLine {
    prompt_sha256: string;
    messages: ChatMessage[];
}
/**
 * Content-addressed store of the rendered messages each record was asked with, so a viewer
 * can show exactly what was sent without re-rendering. Records stay small: they keep only
 * `prompt_sha256`; the side file holds one line `{prompt_sha256, messages}` per distinct
 * prompt (sha256 of `JSON.stringify(messages)`), each prompt once across trials and resumed
 * runs. Lines go out in group commits (one write for all lines ready at once) because a
 * file per prompt doubled the engine's CPU per request; a torn last line from a kill is
 * dropped when the file is opened again.
 */
export declare class PromptStore {
    readonly file: string;
    private readonly seen;
    private out;
    constructor(file: string);
    /** Store the messages; `done` resolves once their line is written (at once if known). */
    put(messages: readonly ChatMessage[]): {
        sha256: string;
        done: Promise<void>;
    };
    /** Wait for every pending line and close the file. */
    close(): Promise<void>;
    private openFile;
}
/** Every prompt of a prompt file, each checked against its hash (errors name file and line). */
export declare function readPromptLines(file: string): AsyncGenerator<PromptLine>;
/** The messages a record was asked with (by its `prompt_sha256`), or undefined. */
export declare function readPrompt(file: string, sha256: string): Promise<ChatMessage[] | undefined>;
