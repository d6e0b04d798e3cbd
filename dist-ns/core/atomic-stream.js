/**
 * Streaming text output with the guarantees of `writeFileAtomic`: a regular file is written to
 * `<file>.tmp-<pid>` and renamed over `file` on `commit()`, so a failure (or `abort()`) never
 * leaves a partial artifact nor a temp file; a stream (`/dev/stdout`, a FIFO) is written to
 * directly. Text is buffered and written in large blocks, with back-pressure (`write` awaits
 * the disk), so a writer holds at most one block however long the output.
 */
import { mkdir, open, rename, stat, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { InputError } from "./errors.js";
import { outputPathProblem, writeError } from "./jsonl.js";
/** Text buffered before a write to disk (UTF-16 units). */
const BLOCK = 1 << 20;
class BufferedSink {
    put;
    done;
    drop;
    parts = [];
    size = 0;
    constructor(put, done, drop) {
        this.put = put;
        this.done = done;
        this.drop = drop;
    }
    async write(text) {
        this.parts.push(text);
        this.size += text.length;
        if (this.size >= BLOCK)
            await this.flush();
    }
    async flush() {
        if (!this.parts.length)
            return;
        const text = this.parts.length === 1 ? this.parts[0] : this.parts.join("");
        this.parts = [];
        this.size = 0;
        await this.put(text);
    }
    async commit() {
        await this.flush();
        await this.done();
    }
    async abort() {
        this.parts = [];
        this.size = 0;
        await this.drop().catch(() => undefined);
    }
}
/** Open `file` for atomic streamed writing (InputError naming the file on any failure). */
export async function openAtomicText(file) {
    const problem = await outputPathProblem(file);
    if (problem)
        throw new InputError(problem, { file });
    const st = await stat(file).catch(() => undefined);
    const direct = st !== undefined && !st.isFile();
    const target = direct ? file : `${file}.tmp-${process.pid}`;
    let fh;
    try {
        if (!direct)
            await mkdir(dirname(file), { recursive: true });
        fh = await open(target, "w");
    }
    catch (e) {
        throw writeError(file, e);
    }
    let closed = false;
    const close = async () => {
        if (closed)
            return;
        closed = true;
        await fh.close();
    };
    return new BufferedSink(async (text) => {
        try {
            await fh.write(text);
        }
        catch (e) {
            throw writeError(file, e);
        }
    }, async () => {
        try {
            await close();
            if (!direct)
                await rename(target, file);
        }
        catch (e) {
            if (!direct)
                await unlink(target).catch(() => undefined);
            throw writeError(file, e);
        }
    }, async () => {
        await close().catch(() => undefined);
        if (!direct)
            await unlink(target).catch(() => undefined);
    });
}
/** A sink on a Node writable stream (e.g. process.stdout), honouring its back-pressure. */
export function streamSink(out) {
    return new BufferedSink((text) => new Promise((resolve, reject) => {
        const onError = (e) => reject(e);
        out.once("error", onError);
        const ok = out.write(text, () => out.off("error", onError));
        if (ok)
            resolve();
        else
            out.once("drain", () => resolve());
    }), async () => undefined, async () => undefined);
}
//# sourceMappingURL=atomic-stream.js.map