import { createHash } from "node:crypto";
import { canonicalJson } from "./pyjson.js";

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** sha256 of the canonical (Python-compatible, sorted, compact) JSON of a value. */
export function canonicalHash(value: unknown, floatKeys?: ReadonlySet<string>): string {
  return sha256Hex(canonicalJson(value, floatKeys));
}
