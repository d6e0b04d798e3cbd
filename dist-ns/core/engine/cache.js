import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "../hash.js";
/** Bump when the cached value's shape or the key material changes. */
export const CACHE_VERSION = 1;
/**
 * Content address of a response: (client kind, endpoint, model, params, messages, trial).
 * The trial is part of the key so repeated trials are separate samples, not cache hits.
 */
export function cacheKey(client, request, trial) {
    return sha256Hex(stableStringify({
        v: CACHE_VERSION,
        kind: client.kind,
        endpoint: client.endpoint,
        model: client.model,
        params: request.params,
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        trial,
    }));
}
/**
 * JSON with object keys sorted at every level and undefined fields dropped: a stable byte
 * string for hashing engine-internal keys (no Python parity needed, so plain JSON escaping).
 */
export function stableStringify(v) {
    return JSON.stringify(sortDeep(v));
}
function sortDeep(v) {
    if (Array.isArray(v))
        return v.map(sortDeep);
    if (v && typeof v === "object") {
        const o = v;
        const out = {};
        for (const k of Object.keys(o).sort())
            if (o[k] !== undefined)
                out[k] = sortDeep(o[k]);
        return out;
    }
    return v;
}
/**
 * On-disk cache: one small JSON file per response under `dir/ab/<sha256>.json` (plain files,
 * easy to inspect and safe to share between processes). Each subdirectory is listed once, on
 * first use, so a miss costs no syscall. Entries are written in place (no temp + rename): an
 * entry torn by a crash, or by another process writing the same key, fails the key/JSON
 * check on read and counts as a miss, then gets rewritten.
 */
export class DiskCache {
    dir;
    listed = new Map();
    tmpSeq = 0;
    constructor(dir) {
        this.dir = dir;
    }
    names(sub) {
        let p = this.listed.get(sub);
        if (!p) {
            const path = join(this.dir, sub);
            p = readdir(path)
                .then((names) => new Set(names))
                .catch(async () => {
                await mkdir(path, { recursive: true });
                return new Set();
            });
            this.listed.set(sub, p);
        }
        return p;
    }
    async get(key) {
        const sub = key.slice(0, 2);
        if (!(await this.names(sub)).has(`${key}.json`))
            return undefined;
        try {
            const v = JSON.parse(await readFile(join(this.dir, sub, `${key}.json`), "utf8"));
            if (v.key !== key || typeof v.response?.text !== "string")
                return undefined;
            return v.response;
        }
        catch {
            return undefined;
        }
    }
    async put(key, response) {
        const sub = key.slice(0, 2);
        const names = await this.names(sub);
        // Temp file + rename: a kill mid-write never leaves a torn entry under the key's name.
        // Not fsync'd: an entry lost to a power loss is only a cache miss.
        const file = join(this.dir, sub, `${key}.json`);
        const tmp = `${file}.tmp-${process.pid}-${++this.tmpSeq}`;
        try {
            await writeFile(tmp, JSON.stringify({ key, response }));
            await rename(tmp, file);
        }
        catch (e) {
            await unlink(tmp).catch(() => undefined);
            throw e;
        }
        names.add(`${key}.json`);
    }
}
/** In-memory cache (tests, and a per-run dedupe layer). */
export class MemoryCache {
    map = new Map();
    async get(key) {
        return this.map.get(key);
    }
    async put(key, response) {
        this.map.set(key, response);
    }
}
//# sourceMappingURL=cache.js.map