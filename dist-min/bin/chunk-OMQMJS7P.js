import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  canonicalJson
} from "./chunk-KRB3VAEL.js";

// src/core/hash.ts
import { createHash } from "node:crypto";
function sha256Hex(data) {
  return createHash("sha256").update(data).digest("hex");
}
function canonicalHash(value, floatKeys) {
  return sha256Hex(canonicalJson(value, floatKeys));
}

export {
  sha256Hex,
  canonicalHash
};
