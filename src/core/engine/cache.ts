import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "../hash.js";
import type { ClientDescriptor, ModelRequest, ModelResponse } from "./types.js";

/** Bump when the cached value's shape or the key material changes. */
export const CACHE_VERSION = 1;

/**
 * Content address of a response: (client kind, endpoint, model, params, messages, trial).
 * The trial is part of the key so repeated trials are separate samples, not cache hits.
 */
export function cacheKey(client: ClientDescriptor, request: ModelRequest, trial: number): string {
  return sha256Hex(
    stableStringify({
      v: CACHE_VERSION,
      kind: client.kind,
      endpoint: client.endpoint,
      model: client.model,
      params: request.params,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      trial,
    }),
  );
}

/**
 * JSON with object keys sorted at every level and undefined fields dropped: a stable byte
 * string for hashing engine-internal keys (no Python parity needed, so plain JSON escaping).
 */
export function stableStringify(v: unknown): string {
  return JSON.stringify(sortDeep(v));
}

function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o).sort()) if (o[k] !== undefined) out[k] = sortDeep(o[k]);
    return out;
  }
  return v;
}

export interface ResponseCache {
  get(key: string): Promise<ModelResponse | undefined>;
  /** Only successful responses are ever stored; errors are never cached. */
  put(key: string, response: ModelResponse): Promise<void>;
}

let tmpCounter = 0;

/**
 * On-disk cache: one small JSON file per response under `dir/ab/<sha256>.json`, written via
 * temp file + rename so a crash never leaves a torn entry. A corrupt entry reads as a miss.
 */
export class DiskCache implements ResponseCache {
  private readonly made = new Set<string>();
  constructor(readonly dir: string) {}

  private path(key: string): { sub: string; file: string } {
    const sub = join(this.dir, key.slice(0, 2));
    return { sub, file: join(sub, `${key}.json`) };
  }

  async get(key: string): Promise<ModelResponse | undefined> {
    try {
      const v = JSON.parse(await readFile(this.path(key).file, "utf8")) as {
        key?: string;
        response?: ModelResponse;
      };
      if (v.key !== key || typeof v.response?.text !== "string") return undefined;
      return v.response;
    } catch {
      return undefined;
    }
  }

  async put(key: string, response: ModelResponse): Promise<void> {
    const { sub, file } = this.path(key);
    if (!this.made.has(sub)) {
      await mkdir(sub, { recursive: true });
      this.made.add(sub);
    }
    // Unique temp name: two workers may store the same key at once (duplicate rows).
    const tmp = `${file}.${process.pid}.${tmpCounter++}.tmp`;
    await writeFile(tmp, JSON.stringify({ key, response }));
    await rename(tmp, file);
  }
}

/** In-memory cache (tests, and a per-run dedupe layer). */
export class MemoryCache implements ResponseCache {
  readonly map = new Map<string, ModelResponse>();
  async get(key: string): Promise<ModelResponse | undefined> {
    return this.map.get(key);
  }
  async put(key: string, response: ModelResponse): Promise<void> {
    this.map.set(key, response);
  }
}
