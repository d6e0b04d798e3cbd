import type { ClientDescriptor, ModelRequest, ModelResponse } from "./types.js";
/** Bump when the cached value's shape or the key material changes. */
export declare const CACHE_VERSION = 1;
/**
 * Content address of a response: (client kind, endpoint, model, params, messages, trial).
 * The trial is part of the key so repeated trials are separate samples, not cache hits.
 */
export declare function cacheKey(client: ClientDescriptor, request: ModelRequest, trial: number): string;
/**
 * JSON with object keys sorted at every level and undefined fields dropped: a stable byte
 * string for hashing engine-internal keys (no Python parity needed, so plain JSON escaping).
 */
export declare function stableStringify(v: unknown): string;
export interface ResponseCache {
    get(key: string): Promise<ModelResponse | undefined>;
    /** Only successful responses are ever stored; errors are never cached. */
    put(key: string, response: ModelResponse): Promise<void>;
}
/**
 * On-disk cache: one small JSON file per response under `dir/ab/<sha256>.json` (plain files,
 * easy to inspect and safe to share between processes). Each subdirectory is listed once, on
 * first use, so a miss costs no syscall. Entries are written in place (no temp + rename): an
 * entry torn by a crash, or by another process writing the same key, fails the key/JSON
 * check on read and counts as a miss, then gets rewritten.
 */
export declare class DiskCache implements ResponseCache {
    readonly dir: string;
    private readonly listed;
    private tmpSeq;
    constructor(dir: string);
    private names;
    get(key: string): Promise<ModelResponse | undefined>;
    put(key: string, response: ModelResponse): Promise<void>;
}
/** In-memory cache (tests, and a per-run dedupe layer). */
export declare class MemoryCache implements ResponseCache {
    readonly map: Map<string, ModelResponse>;
    get(key: string): Promise<ModelResponse | undefined>;
    put(key: string, response: ModelResponse): Promise<void>;
}
