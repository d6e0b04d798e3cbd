import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  flattenRun,
  readPayloads,
  runColumns,
  toCsv
} from "./chunk-PLNI7OD6.js";
import {
  canonicalHash
} from "./chunk-OMQMJS7P.js";

// src/geb/summary/collect.ts
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../core/errors.js";
function findResultFiles(inputs) {
  const out = [];
  const walk = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new InputError("no such file or directory", { file: p });
    }
    if (st.isFile()) {
      out.push(p);
      return;
    }
    if (existsSync(join(p, "combined.json"))) {
      out.push(join(p, "combined.json"));
      return;
    }
    for (const name of readdirSync(p).sort()) {
      const q = join(p, name);
      if (statSync(q).isDirectory()) walk(q);
      else if (name === "results.json") out.push(q);
    }
  };
  for (const i of inputs) walk(i);
  return out;
}
function runIdentity(p) {
  const c = p.config;
  return canonicalHash({
    model: p.model,
    labels: p.labels ?? {},
    data: p.data.path,
    pipeline: c.pipeline ?? null,
    prompt: c.prompt ?? null,
    params: c.params ?? null
  });
}
function collectRuns(inputs, opts = {}) {
  const files = findResultFiles(inputs);
  let entries = files.flatMap((file) => {
    const mtime = statSync(file).mtimeMs;
    return readPayloads(file).map((p) => ({ file, mtime, p }));
  });
  if (opts.latestOnly) {
    const best = /* @__PURE__ */ new Map();
    for (const e of entries) {
      const id = runIdentity(e.p);
      const prev = best.get(id);
      if (!prev || e.mtime > prev.mtime || e.mtime === prev.mtime && e.file > prev.file) best.set(id, e);
    }
    const keep = new Set(best.values());
    entries = entries.filter((e) => keep.has(e));
  }
  const rows = entries.map((e) => flattenRun(e.p, e.file));
  return { rows, csv: toCsv(rows, runColumns(rows)), files: files.length };
}

export {
  findResultFiles,
  runIdentity,
  collectRuns
};
