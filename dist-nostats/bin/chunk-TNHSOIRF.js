import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";

// src/core/engine/cache.ts
import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
var CACHE_VERSION = 1;
function cacheKey(client, request, trial) {
  return sha256Hex(
    stableStringify({
      v: CACHE_VERSION,
      kind: client.kind,
      endpoint: client.endpoint,
      model: client.model,
      params: request.params,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      trial
    })
  );
}
function stableStringify(v) {
  return JSON.stringify(sortDeep(v));
}
function sortDeep(v) {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v && typeof v === "object") {
    const o = v;
    const out = {};
    for (const k of Object.keys(o).sort()) if (o[k] !== void 0) out[k] = sortDeep(o[k]);
    return out;
  }
  return v;
}
var DiskCache = class {
  constructor(dir) {
    this.dir = dir;
  }
  dir;
  listed = /* @__PURE__ */ new Map();
  tmpSeq = 0;
  names(sub) {
    let p = this.listed.get(sub);
    if (!p) {
      const path = join(this.dir, sub);
      p = readdir(path).then((names) => new Set(names)).catch(async () => {
        await mkdir(path, { recursive: true });
        return /* @__PURE__ */ new Set();
      });
      this.listed.set(sub, p);
    }
    return p;
  }
  async get(key) {
    const sub = key.slice(0, 2);
    if (!(await this.names(sub)).has(`${key}.json`)) return void 0;
    try {
      const v = JSON.parse(await readFile(join(this.dir, sub, `${key}.json`), "utf8"));
      if (v.key !== key || typeof v.response?.text !== "string") return void 0;
      return v.response;
    } catch {
      return void 0;
    }
  }
  async put(key, response) {
    const sub = key.slice(0, 2);
    const names = await this.names(sub);
    const file = join(this.dir, sub, `${key}.json`);
    const tmp = `${file}.tmp-${process.pid}-${++this.tmpSeq}`;
    try {
      await writeFile(tmp, JSON.stringify({ key, response }));
      await rename(tmp, file);
    } catch (e) {
      await unlink(tmp).catch(() => void 0);
      throw e;
    }
    names.add(`${key}.json`);
  }
};
var MemoryCache = class {
  map = /* @__PURE__ */ new Map();
  async get(key) {
    return this.map.get(key);
  }
  async put(key, response) {
    this.map.set(key, response);
  }
};

export {
  CACHE_VERSION,
  cacheKey,
  stableStringify,
  DiskCache,
  MemoryCache
};
