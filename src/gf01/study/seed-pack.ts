/**
 * The P0 seed pack (DEC-101, official `p0-seed-pack` = `freeze-pilot` with P0 defaults): one
 * split of generated instances, frozen and hashed, in the official layout
 * (`instance_bundle_v1.json`, `split_manifest_v1.json`, `pilot_freeze_v1.json`,
 * `build_receipt.json`).
 *
 * Differences from the official command (docs/gf01-study.md): a seed the generator rejects is
 * skipped and recorded (`rejected_seeds`), never a crash; no git is needed (`git_commit` is the
 * toolkit's own commit when known); the receipt has no wall-clock date (same inputs, same bytes);
 * the freeze lists each instance's `content_hash` (`instances`), which strict session checks
 * match sessions against.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../core/jsonl.js";
import { bundleToJson } from "../artifacts/bundle.js";
import { dumpJsonFile, stableHash } from "../artifacts/pyout.js";
import { generateBundle } from "../generate/run.js";

export const PILOT_FREEZE_SCHEMA = "gf01.pilot_freeze.v1";
export type PackMode = "normal" | "hard" | "mixed";

export interface SeedPackOptions {
  freezeId?: string;
  split?: string;
  seedStart?: number;
  count?: number;
  /** Explicit seeds (override seedStart/count). */
  seeds?: readonly number[];
  mode?: PackMode;
  outDir?: string;
  force?: boolean;
  gitCommit?: string;
}

export const SEED_PACK_DEFAULTS = {
  freezeId: "gf01-p0-alpha-v1",
  split: "pilot_internal_p0_v1",
  seedStart: 7000,
  count: 8,
  mode: "normal" as PackMode,
  outDir: "pilot_freeze/gf01_p0_alpha_v1",
};

type Payload = Record<string, unknown>;
export interface PackResult {
  ok: boolean;
  payload: Payload;
  error?: string;
  /** Accepted seeds, in order (for the feedback template). */
  seeds: number[];
}

/** Official comma list (de-duplicated in order); undefined on a non-integer token. */
export function parseCommaSeeds(text: string): number[] | undefined {
  const out: number[] = [];
  for (const part of text.split(",")) {
    const t = part.trim();
    if (!t) continue;
    if (!/^[+-]?\d+$/.test(t)) return undefined;
    out.push(Number.parseInt(t, 10));
  }
  return [...new Set(out)];
}

const nonEmptyDir = (d: string): boolean => {
  try {
    return statSync(d).isDirectory() && readdirSync(d).length > 0;
  } catch {
    return false;
  }
};

/** Build and write the pack. Rejected seeds are skipped and recorded; none accepted is an error. */
export async function buildSeedPack(opts: SeedPackOptions = {}): Promise<PackResult> {
  const o: SeedPackOptions & typeof SEED_PACK_DEFAULTS = {
    ...SEED_PACK_DEFAULTS,
    ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)),
  };
  const err = (error_type: string, message: string, extra: Payload = {}): PackResult => ({
    ok: false,
    payload: { status: "error", error_type, message, ...extra },
    error: message,
    seeds: [],
  });
  const requested = o.seeds ? [...o.seeds] : Array.from({ length: o.count }, (_, i) => o.seedStart + i);
  if (!requested.length) return err("empty_seed_set", "pilot freeze requires at least one seed");
  if (existsSync(o.outDir) && !statSync(o.outDir).isDirectory())
    return err("output_dir_not_directory", `${o.outDir} is a file, expected a directory`, {
      out_dir: o.outDir,
    });
  if (nonEmptyDir(o.outDir) && !o.force)
    return err("output_dir_not_empty", "output directory exists and is not empty; use --force to overwrite", {
      out_dir: o.outDir,
    });
  // Mode override through the generator's hard-mode probability (mixed = the generator's own).
  const config = o.mode === "normal" ? { p_hard: 0 } : o.mode === "hard" ? { p_hard: 1 } : {};
  const gen = (seeds: readonly number[]) =>
    generateBundle({ seeds, split: o.split, config, gitCommit: o.gitCommit });
  let g = gen(requested);
  const rejected = g.rejected.map((r) => ({ seed: r.seed, reason: r.reason }));
  const accepted = g.instances.map((i) => i.seed as number);
  if (!accepted.length)
    return err("all_seeds_rejected", `the generator rejected every seed (${requested.join(", ")})`, {
      rejected_seeds: rejected,
    });
  // The bundle lists exactly the instances it holds: regenerate without the rejected seeds.
  if (rejected.length) g = gen(accepted);
  const wrongMode = g.instances.find((i) => o.mode !== "mixed" && i.mode !== o.mode);
  if (wrongMode)
    return err(
      "mode_override_failed",
      `seed ${wrongMode.seed} generated a ${wrongMode.mode} instance, not ${o.mode}`,
    );

  const bundle: Payload = { ...g.bundle, mode_override: o.mode };
  const manifest = g.manifest;
  const dir = o.outDir;
  const bundlePath = join(dir, "instance_bundle_v1.json");
  const manifestPath = join(dir, "split_manifest_v1.json");
  const freezePath = join(dir, "pilot_freeze_v1.json");
  const receiptPath = join(dir, "build_receipt.json");
  const meta = (k: string): unknown => bundle[k];
  const freeze: Payload = {
    schema_version: PILOT_FREEZE_SCHEMA,
    freeze_id: o.freezeId,
    provisional: true,
    purpose: "internal_pilot",
    family_id: meta("family_id"),
    benchmark_version: meta("benchmark_version"),
    generator_version: meta("generator_version"),
    checker_version: meta("checker_version"),
    harness_version: meta("harness_version"),
    git_commit: meta("git_commit"),
    config_hash: meta("config_hash"),
    split_id: o.split,
    seed_count: accepted.length,
    seeds: accepted,
    mode_override: o.mode,
    instance_bundle_hash: stableHash(bundle),
    split_manifest_hash: stableHash(manifest),
    identifiability_policy_version: meta("identifiability_policy_version"),
    identifiability_metric_id: meta("identifiability_metric_id"),
    identifiability_min_response_ratio: meta("identifiability_min_response_ratio"),
    identifiability_min_unique_signatures: meta("identifiability_min_unique_signatures"),
    notes:
      "Provisional pilot freeze for internal testing only. Does not finalize public/private split governance.",
    // additive
    requested_seeds: requested,
    rejected_seeds: rejected,
    instances: g.instances.map((i) => ({
      seed: i.seed,
      instance_id: i.instance_id,
      content_hash: i.content_hash,
      mode: i.mode,
    })),
  };
  await writeFileAtomic(bundlePath, bundleToJson(bundle));
  await writeFileAtomic(manifestPath, dumpJsonFile(manifest));
  await writeFileAtomic(freezePath, dumpJsonFile(freeze));
  await writeFileAtomic(
    receiptPath,
    dumpJsonFile({
      status: "ok",
      receipt_type: "build_receipt",
      git_commit: meta("git_commit"),
      output_root: dir,
      instance_bundle_path: bundlePath,
      split_manifest_path: manifestPath,
      pilot_freeze_path: freezePath,
    }),
  );
  return {
    ok: true,
    seeds: accepted,
    payload: {
      status: "ok",
      freeze_id: o.freezeId,
      out_dir: dir,
      seed_count: accepted.length,
      bundle_path: bundlePath,
      manifest_path: manifestPath,
      freeze_meta_path: freezePath,
      build_receipt_path: receiptPath,
      instance_count: g.instances.length,
      split_id: o.split,
      mode_override: o.mode,
      identifiability_policy_version: meta("identifiability_policy_version"),
      identifiability_metric_id: meta("identifiability_metric_id"),
      identifiability_min_response_ratio: meta("identifiability_min_response_ratio"),
      identifiability_min_unique_signatures: meta("identifiability_min_unique_signatures"),
      rejected_seeds: rejected,
    },
  };
}
