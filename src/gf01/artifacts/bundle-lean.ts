/**
 * Reading one instance of a v1 bundle without loading zod (or the formal loader): what
 * `gf01 verify` needs. Zod and the schemas built at bundle.ts's import were a fifth of a
 * `verify` run. The checks here are hand-written fast paths that accept only what bundle.ts's
 * schemas accept; anything they do not accept (a malformed envelope or instance, a list or
 * single-instance file, a formal source) goes through bundle.ts's `loadBundleInstance`, so
 * every error message and every accepted value is bundle.ts's. bundle.ts uses the shared
 * pieces (loaded-bundle.ts: the id scan, the per-instance checks after the schema), so both
 * paths apply the same rules by construction.
 */
import { existsSync, statSync } from "node:fs";
import { extname } from "node:path";
import { readJsonFile } from "../../core/jsonl.js";
import type { Gf01Instance } from "../model/types.js";
import { looksLikeInstance } from "./instance-check.js";
import { type BundleMeta, type BundleSource, checkedInstance, instanceIndex } from "./loaded-bundle.js";
import { FAMILY_ID, INSTANCE_BUNDLE_SCHEMA_VERSION, VERSION_FIELDS } from "./meta.js";

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const HASH = /^[0-9a-f]{64}$/;
const STRING_KEYS = [...VERSION_FIELDS, "git_commit", "config_hash", "split_id"] as const;
/** Keys that make an object a formal task for `isFormalPayload` (formal/source.ts). */
const FORMAL_KEYS = ["hoa", "hoa_path", "trace_path"] as const;

/**
 * True only for a v1 bundle envelope that bundle.ts's envelope schema accepts (every check is
 * at least as strict as the schema's) and that the formal loader would not claim. False means
 * "let bundle.ts decide", never "invalid".
 */
export function looksLikeEnvelope(v: unknown): v is Record<string, unknown> & { instances: unknown[] } {
  if (!isObj(v) || Object.hasOwn(v, "__proto__")) return false;
  if (v.schema_version !== INSTANCE_BUNDLE_SCHEMA_VERSION || v.family_id !== FAMILY_ID) return false;
  for (const k of STRING_KEYS) if (typeof v[k] !== "string") return false;
  for (const k of FORMAL_KEYS) if (k in v) return false;
  if (!Number.isSafeInteger(v.seed_start)) return false;
  if (!(Number.isSafeInteger(v.count) && (v.count as number) >= 0)) return false;
  if (!Array.isArray(v.seeds) || !v.seeds.every((s) => Number.isSafeInteger(s))) return false;
  if (typeof v.instances_hash !== "string" || !HASH.test(v.instances_hash)) return false;
  if (!Array.isArray(v.instances)) return false;
  for (const k of ["identifiability_policy_version", "identifiability_metric_id"])
    if (k in v && typeof v[k] !== "string") return false;
  if ("identifiability_min_response_ratio" in v) {
    const r = v.identifiability_min_response_ratio;
    if (typeof r !== "number" || !Number.isFinite(r)) return false;
  }
  if (
    "identifiability_min_unique_signatures" in v &&
    !Number.isSafeInteger(v.identifiability_min_unique_signatures)
  )
    return false;
  if ("rejected_seeds" in v) {
    const rs = v.rejected_seeds;
    if (!Array.isArray(rs)) return false;
    for (const r of rs)
      if (!isObj(r) || !Number.isSafeInteger(r.seed) || typeof r.reason !== "string") return false;
  }
  return true;
}

/**
 * `loadBundleInstance` (bundle.ts), same result and same errors, reading a well-formed v1
 * bundle file without zod: the envelope and the chosen instance pass the hand-written checks,
 * then the id scan and the per-instance checks are the shared ones above. Everything else is
 * bundle.ts's `loadBundleInstance` itself.
 */
export async function loadBundleInstanceLean(
  file: BundleSource,
  instanceId: string | undefined,
  opts: { strictBundle?: boolean } = {},
): Promise<{ instance: Gf01Instance | undefined; meta: BundleMeta; count: number }> {
  const full = async () => (await import("./bundle.js")).loadBundleInstance(file, instanceId, opts);
  // Formal sources (bundle.ts: isFormalPath) are the formal loader's.
  if (typeof file !== "string" || extname(file).toLowerCase() === ".hoa") return full();
  if (existsSync(file) && statSync(file).isDirectory()) return full();
  const value = await readJsonFile(file);
  if (!looksLikeEnvelope(value)) return full();
  const raw = value.instances;
  const field = (i: number) => `instances[${i}]`;
  const meta: BundleMeta = {};
  for (const k of Object.keys(value)) if (k !== "instances") meta[k] = value[k];
  const at = instanceIndex(raw, file, instanceId, field);
  if (at < 0) return { instance: undefined, meta, count: raw.length };
  const item = raw[at];
  // Zod decides (message, or a cleaned value) when the fast check does not accept the instance.
  if (!looksLikeInstance(item)) return full();
  return { instance: checkedInstance(item as Gf01Instance, file, field(at)).inst, meta, count: raw.length };
}
