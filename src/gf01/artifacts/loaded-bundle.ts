/**
 * A loaded bundle and where it comes from, with the checks both bundle readers apply to each
 * instance: bundle.ts (zod schemas, every source kind) and bundle-lean.ts (one instance of a v1
 * file without zod, falling back to bundle.ts). The floor of the bundle modules: both readers
 * and the formal loader (formal/source.ts, which bundle.ts calls) build on it, so none of them
 * imports another's types.
 */
import { InputError } from "../../core/errors.js";
import { type CompiledInstance, compileInstance } from "../model/compile.js";
import { computeContentHash } from "../model/identity.js";
import type { Gf01Instance } from "../model/types.js";

export type BundleMeta = Record<string, unknown>;

export interface LoadedBundle {
  instances: Gf01Instance[];
  /** Empty for a bare list / single instance (official "legacy-instance-list"). */
  meta: BundleMeta;
  byId: Map<string, Gf01Instance>;
  /** Instances compiled while loading (by id), so later scoring does not compile them again. */
  compiled?: Map<string, CompiledInstance>;
  /**
   * Content hashes recomputed while loading (by id; instances that store one, which loading
   * checked against it), so a validator comparing row copies does not hash them again.
   */
  contentHashes?: Map<string, string>;
}

export type BundleSource = string | LoadedBundle;

/**
 * The checks after the schema: compiled once, so semantic errors (partial automaton, bad
 * effect_ap …) surface with their field path, and any stored content hash recomputed (newest
 * official form: it must be the instance's semantic hash; a mismatch means an edited instance).
 */
export function checkedInstance(
  inst: Gf01Instance,
  file: string | undefined,
  field: string,
): { inst: Gf01Instance; ci: CompiledInstance; contentHash?: string } {
  let ci: CompiledInstance;
  try {
    ci = compileInstance(inst);
  } catch (e) {
    if (e instanceof InputError) throw e.at({ file, field });
    throw e;
  }
  const stored = [inst.content_hash, inst.provenance?.content_hash].filter((h) => typeof h === "string");
  let got: string | undefined;
  if (stored.length) {
    got = computeContentHash(inst);
    for (const h of stored) {
      if (h !== got)
        throw new InputError(
          `content_hash mismatch: instance says ${String(h)}, its content hashes to ${got}`,
          {
            file,
            field: `${field}.${h === inst.content_hash ? "content_hash" : "provenance.content_hash"}`,
          },
        );
    }
  }
  return { inst, ci, contentHash: got };
}

/**
 * Index of the instance a reader asked for: by id (a second instance with that id is an
 * error), or without an id the only instance. -1 when absent or ambiguous.
 */
export function instanceIndex(
  raw: readonly unknown[],
  file: string | undefined,
  instanceId: string | undefined,
  field: (i: number) => string,
): number {
  if (instanceId === undefined) return raw.length === 1 ? 0 : -1;
  let at = -1;
  for (let i = 0; i < raw.length; i++) {
    const item = raw[i];
    if (item && typeof item === "object" && (item as { instance_id?: unknown }).instance_id === instanceId) {
      if (at >= 0)
        throw new InputError(`duplicate instance_id ${instanceId}`, {
          file,
          field: `${field(i)}.instance_id`,
        });
      at = i;
    }
  }
  return at;
}

/** What to call a source in messages: its path, or the file it was loaded from. */
export function bundleSourceName(src: BundleSource): string {
  if (typeof src === "string") return src;
  const p = src.meta.source_path;
  return typeof p === "string" ? p : "<instances>";
}
