/**
 * File reading the family adapters share: JSONL rows through a validating parser (errors
 * name file, line and field; an unreadable file is one input error, not an errno), the
 * prompt store of the model engine, and run labels that stay unique.
 */
import { basename } from "node:path";
import { readPromptLines } from "../engine/prompt-store.js";
import { InputError } from "../errors.js";
import { readJsonl } from "../jsonl.js";
const readError = (e, file) => {
    if (e instanceof InputError)
        return e;
    const code = e?.code;
    return code ? new InputError(`cannot read file: ${code}`, { file }) : e;
};
/** Stream a JSONL file through `parse(value, line)` (blank lines skipped; memory stays flat). */
export async function eachRow(file, parse, onRow) {
    try {
        for await (const r of readJsonl(file, parse))
            onRow(r.value);
    }
    catch (e) {
        throw readError(e, file);
    }
}
/** Every row of a JSONL file through `parse(value, line)`. */
export async function readRows(file, parse) {
    const out = [];
    await eachRow(file, parse, (r) => out.push(r));
    return out;
}
/** A prompt store (`<results>.prompts.jsonl`): sha256 → the exact messages sent (hash-checked). */
export async function readPromptStore(file) {
    const out = new Map();
    try {
        for await (const p of readPromptLines(file))
            out.set(p.prompt_sha256, p.messages);
    }
    catch (e) {
        throw readError(e, file);
    }
    return out;
}
/** Make run labels unique by appending the file name where two runs would read the same. */
export function uniqueLabels(runs) {
    const count = new Map();
    for (const r of runs)
        count.set(r.label, (count.get(r.label) ?? 0) + 1);
    for (const r of runs)
        if ((count.get(r.label) ?? 0) > 1)
            r.label = `${r.label} (${basename(r.source)})`;
}
//# sourceMappingURL=io.js.map