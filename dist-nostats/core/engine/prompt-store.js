import { createReadStream, existsSync } from "node:fs";
import { open, stat, truncate } from "node:fs/promises";
import { createInterface } from "node:readline";
import { InputError } from "../errors.js";
import { sha256Hex } from "../hash.js";
import { GroupAppender, JsonlAppender } from "../jsonl.js";
/** Side file of a results file that holds its prompts: `<results>.prompts.jsonl`. */
export function promptFileFor(resultsPath) {
    return `${resultsPath}.prompts.jsonl`;
}
/** The exact bytes hashed into a record's `prompt_sha256`. */
export function promptBytes(messages) {
    return JSON.stringify(messages);
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
export class PromptStore {
    file;
    seen = new Set();
    out;
    constructor(file) {
        this.file = file;
    }
    /** Store the messages; `done` resolves once their line is written (at once if known). */
    put(messages) {
        const text = promptBytes(messages);
        const sha256 = sha256Hex(text);
        this.out ??= this.openFile();
        const out = this.out;
        const done = out.then((g) => {
            if (this.seen.has(sha256))
                return;
            this.seen.add(sha256);
            return g.push(`{"prompt_sha256":"${sha256}","messages":${text}}`);
        });
        return { sha256, done };
    }
    /** Wait for every pending line and close the file. */
    async close() {
        if (this.out)
            await (await this.out).close();
        this.out = undefined;
    }
    async openFile() {
        if (existsSync(this.file)) {
            await dropTornTail(this.file);
            for await (const p of readPromptLines(this.file))
                this.seen.add(p.prompt_sha256);
        }
        return new GroupAppender(await JsonlAppender.open(this.file));
    }
}
async function dropTornTail(file) {
    const size = (await stat(file)).size;
    if (size === 0)
        return;
    const fh = await open(file, "r");
    let end = size;
    try {
        const last = Buffer.alloc(1);
        await fh.read(last, 0, 1, size - 1);
        if (last[0] === 0x0a)
            return;
        // Scan back from the end for the last newline, 64 KiB at a time.
        const buf = Buffer.alloc(65536);
        while (end > 0) {
            const start = Math.max(0, end - buf.length);
            const { bytesRead } = await fh.read(buf, 0, end - start, start);
            const i = buf.subarray(0, bytesRead).lastIndexOf(0x0a);
            end = i >= 0 ? start + i + 1 : start;
            if (i >= 0)
                break;
        }
    }
    finally {
        await fh.close();
    }
    await truncate(file, end);
}
/** The lines of `rl`; a missing file, a directory or a symlink loop is an InputError naming it. */
async function* readLines(rl, file) {
    try {
        yield* rl;
    }
    catch (e) {
        const code = e.code;
        if (code)
            throw new InputError(`cannot read prompts: ${code}`, { file });
        throw e;
    }
}
/** Every prompt of a prompt file, each checked against its hash (errors name file and line). */
export async function* readPromptLines(file) {
    const rl = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
    let line = 0;
    for await (const text of readLines(rl, file)) {
        line++;
        if (!text.trim())
            continue;
        let v;
        try {
            v = JSON.parse(text);
        }
        catch (e) {
            throw new InputError(`invalid JSON: ${e.message}`, { file, line });
        }
        if (typeof v?.prompt_sha256 !== "string" || !Array.isArray(v.messages))
            throw new InputError("expected {prompt_sha256, messages}", { file, line });
        if (sha256Hex(promptBytes(v.messages)) !== v.prompt_sha256)
            throw new InputError("messages do not match prompt_sha256", { file, line, field: "prompt_sha256" });
        yield v;
    }
}
/** The messages a record was asked with (by its `prompt_sha256`), or undefined. */
export async function readPrompt(file, sha256) {
    for await (const p of readPromptLines(file))
        if (p.prompt_sha256 === sha256)
            return p.messages;
    return undefined;
}
//# sourceMappingURL=prompt-store.js.map