import { mkdir, open, readFile, stat, truncate } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { InputError } from "../errors.js";
import { parseWith, registerSchema } from "../schema.js";
export const RECORD_SCHEMA_ID = "oraclebench.engine.record/1";
/** How long appended records may wait to be written with the next ones. */
const FLUSH_MS = 20;
/**
 * One model answer. Deterministic content first; `runtime` holds wall-clock diagnostics
 * (latency, cache hit, attempts) that are never inputs to a score. Tasks add their own
 * fields (parsed answer, invalid reason, post-processing) next to these.
 */
export const engineRecordSchema = z.looseObject({
    schema: z.literal(RECORD_SCHEMA_ID),
    item_id: z.string(),
    trial: z.number().int().nonnegative(),
    config_hash: z.string(),
    model: z.object({ kind: z.string(), model: z.string(), endpoint: z.string() }),
    prompt_template: z.string().nullable(),
    prompt_sha256: z.string(),
    raw_text: z.string(),
    finish_reason: z.string().nullable(),
    usage: z.object({
        prompt_tokens: z.number().int().nonnegative(),
        completion_tokens: z.number().int().nonnegative(),
        estimated: z.boolean(),
    }),
    timings: z.object({ prefill_ms: z.number().optional(), decode_ms: z.number().optional() }).nullable(),
    runtime: z.object({
        latency_ms: z.number().nullable(),
        cached: z.boolean(),
        attempts: z.number().int().nonnegative(),
    }),
});
registerSchema("engine-record", engineRecordSchema);
export function recordKey(itemId, configHash, trial) {
    return JSON.stringify([itemId, configHash, trial]);
}
/**
 * Append-only results JSONL keyed by (item id, config hash, trial). Each record is one
 * `write` of a whole line, serialised through one queue, so a SIGKILL leaves at most a torn
 * last line; `--resume` drops that torn tail, keeps every complete row, and the run redoes
 * only what is missing. A key already present is never written twice.
 */
export class ResultsStore {
    file;
    fh;
    records = new Map();
    queue = Promise.resolve();
    flushing;
    pending = [];
    failed;
    constructor(file, fh) {
        this.file = file;
        this.fh = fh;
    }
    static async open(file, opts = {}) {
        await mkdir(dirname(file), { recursive: true });
        let exists = false;
        try {
            exists = (await stat(file)).size > 0;
        }
        catch { }
        if (exists && !opts.resume && !opts.overwrite) {
            throw new InputError("results file already exists; pass --resume to continue it or --overwrite to replace it", {
                file,
            });
        }
        const loaded = exists && opts.resume ? await loadForResume(file) : [];
        const fh = await open(file, exists && opts.resume ? "a" : "w");
        const store = new ResultsStore(file, fh);
        for (const r of loaded)
            store.records.set(recordKey(r.item_id, r.config_hash, r.trial), r);
        return store;
    }
    get size() {
        return this.records.size;
    }
    has(key) {
        return this.records.has(key);
    }
    get(key) {
        return this.records.get(key);
    }
    /** Append a record unless its key is already stored (returns false then). */
    append(record) {
        const key = recordKey(record.item_id, record.config_hash, record.trial);
        if (this.records.has(key))
            return Promise.resolve(false);
        this.records.set(key, record);
        this.pending.push(`${JSON.stringify(record)}\n`);
        // Lines are gathered for up to FLUSH_MS and written together: one syscall per batch
        // instead of one per answer. Every write holds whole lines only; a SIGKILL loses at most
        // the last batch, which --resume simply asks again.
        if (!this.flushing) {
            this.flushing = this.queue
                .then(() => new Promise((r) => setTimeout(r, FLUSH_MS)))
                .then(() => this.flush());
            this.queue = this.flushing;
        }
        return this.flushing.then(() => true);
    }
    async flush() {
        this.flushing = undefined;
        if (this.failed)
            throw this.failed;
        const chunk = this.pending.join("");
        this.pending = [];
        try {
            await this.fh.write(chunk);
        }
        catch (e) {
            this.failed = e;
            throw e;
        }
    }
    async close() {
        await this.queue.catch(() => { });
        await this.fh.sync();
        await this.fh.close();
        if (this.failed)
            throw this.failed;
    }
}
/**
 * Read an existing results file for resuming. A torn final line (no newline, not JSON) is
 * cut off the file; a bad line anywhere else is an InputError naming file and line.
 */
async function loadForResume(file) {
    const buf = await readFile(file);
    const text = buf.toString("utf8");
    const out = [];
    let pos = 0;
    let line = 0;
    while (pos < text.length) {
        const nl = text.indexOf("\n", pos);
        line++;
        const end = nl === -1 ? text.length : nl;
        const s = text.slice(pos, end);
        if (s.trim() !== "") {
            let v;
            try {
                v = JSON.parse(s);
            }
            catch (e) {
                if (nl === -1) {
                    // Torn tail from a killed writer: drop it (byte offset of the line start).
                    await truncate(file, Buffer.byteLength(text.slice(0, pos), "utf8"));
                    break;
                }
                throw new InputError(`invalid JSON: ${e.message}`, { file, line });
            }
            out.push(parseWith(engineRecordSchema, v, { file, line }));
        }
        if (nl === -1) {
            // A complete record without its newline: add it so the next append starts a new line.
            const fh = await open(file, "a");
            await fh.write("\n");
            await fh.close();
            break;
        }
        pos = nl + 1;
    }
    return out;
}
/** Read a results file (e.g. for reporting); later duplicates of a key are ignored. */
export async function readResults(file) {
    let text;
    try {
        text = await readFile(file, "utf8");
    }
    catch (e) {
        // Missing, a directory, a symlink loop: one line naming the file, not a raw fs error.
        throw new InputError(`cannot read results: ${e.code ?? e.message}`, {
            file,
        });
    }
    const seen = new Set();
    const out = [];
    let line = 0;
    for (const s of text.split("\n")) {
        line++;
        if (s.trim() === "")
            continue;
        let v;
        try {
            v = JSON.parse(s);
        }
        catch (e) {
            throw new InputError(`invalid JSON: ${e.message}`, { file, line });
        }
        const r = parseWith(engineRecordSchema, v, { file, line });
        const k = recordKey(r.item_id, r.config_hash, r.trial);
        if (seen.has(k))
            continue;
        seen.add(k);
        out.push(r);
    }
    return out;
}
//# sourceMappingURL=results.js.map