import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  GF01_FLOAT_KEYS
} from "./chunk-FJUG4O3Y.js";
import {
  canonicalHash
} from "./chunk-OMQMJS7P.js";
import {
  PyFloat,
  pyJsonDumps
} from "./chunk-KRB3VAEL.js";

// src/gf01/artifacts/pyout.ts
function floatify(m) {
  if (!m) return m;
  const out = {};
  for (const [k, v] of Object.entries(m)) out[k] = typeof v === "number" ? new PyFloat(v) : v;
  return out;
}
function dumpJsonFile(v) {
  return pyJsonDumps(v, { indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
}
function dumpJsonlRow(v) {
  return pyJsonDumps(v, { sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
}
function stableHash(v) {
  return canonicalHash(v, GF01_FLOAT_KEYS);
}

export {
  floatify,
  dumpJsonFile,
  dumpJsonlRow,
  stableHash
};
