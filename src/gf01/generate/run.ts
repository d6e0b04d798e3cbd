/**
 * `gf01 generate` as an API: the seed plan (exact `count`, official seed range, or given
 * seeds), the bundle envelope and manifest, either in memory (`generateBundle`) or streamed
 * to files (`writeGeneratedBundle`: one instance in memory at a time, same bytes).
 */
import { type TextSink, openAtomicText, streamSink } from "../../core/atomic-stream.js";
import { InputError } from "../../core/errors.js";
import { toolkitCommit } from "../../core/provenance.js";
import { buildBundle, bundleEnvelope } from "../artifacts/bundle.js";
import { BundleStreamWriter, writeIndentedObject } from "../artifacts/bundle-writer.js";
import {
  buildSplitManifest,
  type ManifestEntry,
  manifestEntry,
  splitManifestOfEntries,
} from "../artifacts/manifest.js";
import type { Gf01Instance } from "../model/types.js";
import {
  type AnyGeneratorConfig,
  configHash,
  type DefaultGeneratorConfig,
  defaultConfig,
  type OfficialGeneratorConfig,
  officialConfig,
  parseDefaultConfig,
} from "./config.js";
import { generateInstance } from "./default.js";
import { generateOfficial, isRejected } from "./official.js";

export type Compat = "default" | "official-0.1";

export interface GenerateOptions {
  /**
   * Exactly these seeds (a rejected seed is listed in `rejected` and leaves a gap). Give
   * either `seeds`, or `count` (+ `seedStart`) for exactly `count` instances.
   */
  seeds?: readonly number[];
  /**
   * Default generator: exactly this many instances, drawing seeds seedStart, seedStart+1, …
   * past rejected ones (listed in the bundle's `rejected_seeds`); an InputError when
   * `maxSeeds` draws do not reach it. official-0.1: the seed range seedStart..+count-1, as
   * the official generator (rejected seeds are listed, the bundle may hold fewer).
   */
  count?: number;
  seedStart?: number;
  /** Most seeds drawn for `count` (default 20·count + 100). */
  maxSeeds?: number;
  split?: string;
  compat?: Compat;
  /** Partial config merged over the compat's defaults (difficulty knobs). */
  config?: Record<string, unknown>;
  /** Provenance stamp; default: the toolkit's own commit (`currentGitCommit`). */
  gitCommit?: string;
  /** official-0.1 only: "content" (current official ids) or "legacy" (the 0.1.0 fixture ids). */
  idScheme?: "content_hash" | "legacy";
  /** official-0.1 only: force every instance's mode (the official `mode=` argument of freeze-pilot). */
  mode?: "normal" | "hard";
}

type Rejected = { seed: number; reason: string };

/** What a generate run is, before any instance is made. */
interface Plan {
  cfg: AnyGeneratorConfig;
  split: string;
  official: boolean;
  /** Default generator with `count`: exactly `count` instances, seeds drawn past rejections. */
  exact: boolean;
  o: GenerateOptions;
}

function plan(o: GenerateOptions): Plan {
  const split = o.split ?? "public_dev";
  const compat = o.compat ?? "default";
  let cfg: AnyGeneratorConfig;
  if (compat === "official-0.1") {
    const base = officialConfig() as unknown as Record<string, unknown>;
    for (const k of Object.keys(o.config ?? {})) {
      if (!(k in base))
        throw new InputError(`unknown official-0.1 config key ${k}`, { field: `config.${k}` });
    }
    cfg = { ...base, ...(o.config ?? {}) } as unknown as OfficialGeneratorConfig;
  } else {
    cfg = parseDefaultConfig({ ...defaultConfig(), ...(o.config ?? {}) }, { field: "config" });
  }
  if (o.count !== undefined) {
    if (o.seeds !== undefined) throw new TypeError("generateBundle: give seeds or count, not both");
    if (!Number.isSafeInteger(o.count) || o.count < 1)
      throw new InputError(`count must be an integer ≥ 1, got ${o.count}`, { field: "count" });
  }
  const official = compat === "official-0.1";
  return { cfg, split, official, exact: o.count !== undefined && !official, o };
}

/** The seeds the bundle lists: known up front except for an exact count (the accepted ones). */
function plannedSeeds(p: Plan): number[] | undefined {
  if (p.exact) return undefined;
  if (p.o.count !== undefined) {
    const start = p.o.seedStart ?? 0;
    return Array.from({ length: p.o.count }, (_, i) => start + i);
  }
  return [...(p.o.seeds ?? [])];
}

/**
 * Each seed's outcome in bundle order. For an exact count it draws seeds until `count`
 * instances are accepted and throws (after the last draw) when `maxSeeds` draws fall short.
 */
function* seedOutcomes(
  p: Plan,
  rejected: Rejected[],
): Generator<{ seed: number; instance: Gf01Instance }, void, undefined> {
  const one = (seed: number): Gf01Instance | undefined => {
    const r = p.official
      ? generateOfficial(seed, p.cfg as OfficialGeneratorConfig, {
          split_id: p.split,
          id_scheme: p.o.idScheme,
          ...(p.o.mode ? { mode: p.o.mode } : {}),
        })
      : generateInstance(seed, p.cfg as DefaultGeneratorConfig, { split_id: p.split });
    if (isRejected(r)) {
      rejected.push({ seed, reason: r.rejected });
      return undefined;
    }
    return r.instance;
  };
  if (p.exact) {
    const count = p.o.count as number;
    const start = p.o.seedStart ?? 0;
    const maxSeeds = p.o.maxSeeds ?? 20 * count + 100;
    let made = 0;
    let seed = start;
    while (made < count && seed - start < maxSeeds) {
      const s = seed++;
      const inst = one(s);
      if (inst) {
        made++;
        yield { seed: s, instance: inst };
      }
    }
    if (made < count)
      throw new InputError(
        `only ${made} of ${count} instances after ${maxSeeds} seeds (${start}..${seed - 1}; ` +
          `${rejected.length} rejected, first: seed ${rejected[0]?.seed}: ${rejected[0]?.reason}); relax the difficulty knobs`,
        { field: "count" },
      );
    return;
  }
  for (const seed of plannedSeeds(p) ?? []) {
    const inst = one(seed);
    if (inst) yield { seed, instance: inst };
  }
}

/** The bundle envelope once the accepted seeds are known. */
function envelope(p: Plan, accepted: readonly number[], count?: number): Record<string, unknown> {
  const seeds = plannedSeeds(p) ?? accepted;
  return bundleEnvelope({
    count,
    git_commit: p.o.gitCommit ?? toolkitCommit(),
    config_hash: configHash(p.cfg),
    split_id: p.split,
    seeds,
    seed_start: p.exact ? (p.o.seedStart ?? 0) : seeds.length ? seeds[0] : 0,
    generator_version: p.official ? undefined : (p.cfg as DefaultGeneratorConfig).generator_version,
  });
}

/** Generate a v1 bundle (and its manifest) in memory. Rejected seeds are listed, never silently dropped. */
export function generateBundle(o: GenerateOptions): {
  bundle: Record<string, unknown>;
  manifest: Record<string, unknown>;
  instances: Gf01Instance[];
  rejected: Rejected[];
  config: AnyGeneratorConfig;
} {
  const p = plan(o);
  const instances: Gf01Instance[] = [];
  const accepted: number[] = [];
  const rejected: Rejected[] = [];
  for (const r of seedOutcomes(p, rejected)) {
    instances.push(r.instance);
    accepted.push(r.seed);
  }
  const env = envelope(p, accepted);
  const bundle = buildBundle(instances, {
    git_commit: env.git_commit as string,
    config_hash: env.config_hash as string,
    split_id: p.split,
    seeds: env.seeds as number[],
    seed_start: env.seed_start as number,
    generator_version: p.official ? undefined : (env.generator_version as string),
  });
  const manifest = buildSplitManifest(instances, bundle);
  if (p.exact) {
    // Additive: the seeds drawn past, so `seeds` + `rejected_seeds` is the whole range drawn.
    bundle.rejected_seeds = rejected.map((r) => ({ seed: r.seed, reason: r.reason }));
    manifest.rejected_seeds = bundle.rejected_seeds;
  }
  return { bundle, manifest, instances, rejected, config: p.cfg };
}

export interface WriteGeneratedOptions {
  /** Bundle file (atomic: temp + rename); omitted: stdout (followed by a newline). */
  out?: string;
  /** Also write the split manifest here (after the bundle). */
  manifestOut?: string;
  /** Write the bare instance list (official legacy format) instead of a v1 bundle. */
  legacyList?: boolean;
  /** Where stdout output goes (default process.stdout). */
  stdout?: NodeJS.WritableStream;
}

export interface GenerateSummary {
  instances: number;
  rejected: Rejected[];
  instances_hash: string;
  config_hash: string;
}

/**
 * `gf01 generate`: stream the bundle (or legacy list) to `out` as instances are made, holding
 * one instance and a small manifest entry per instance; bytes equal `bundleToJson` of
 * `generateBundle(o).bundle` (tests/gf01/generate/stream.test.ts). On any error nothing is left
 * at `out` / `manifestOut` (no temp file either).
 */
export async function writeGeneratedBundle(
  o: GenerateOptions,
  w: WriteGeneratedOptions = {},
): Promise<GenerateSummary> {
  const p = plan(o);
  const sink: TextSink = w.out ? await openAtomicText(w.out) : streamSink(w.stdout ?? process.stdout);
  const entries: ManifestEntry[] = [];
  const rejected: Rejected[] = [];
  const accepted: number[] = [];
  try {
    const writer = new BundleStreamWriter(sink, {
      legacyList: w.legacyList,
      onInstance: w.manifestOut ? (inst) => entries.push(manifestEntry(inst)) : undefined,
    });
    // Everything before `instances` is known up front (count, config, versions).
    // (An exact count is known too: the run fails unless exactly `count` are accepted.)
    await writer.begin(envelope(p, [], p.exact ? p.o.count : undefined));
    for (const r of seedOutcomes(p, rejected)) {
      await writer.add(r.instance);
      accepted.push(r.seed);
    }
    const env = envelope(p, accepted);
    if (p.exact) env.rejected_seeds = rejected.map((r) => ({ seed: r.seed, reason: r.reason }));
    const hash = await writer.end(env);
    if (!w.out) await sink.write("\n");
    await sink.commit();
    if (w.manifestOut) {
      const manifest = splitManifestOfEntries(entries, w.legacyList ? {} : { ...env, instances_hash: hash });
      if (p.exact && !w.legacyList) manifest.rejected_seeds = env.rejected_seeds;
      const ms = await openAtomicText(w.manifestOut);
      try {
        await writeIndentedObject(ms, manifest, "instances");
        await ms.commit();
      } catch (e) {
        await ms.abort();
        throw e;
      }
    }
    return {
      instances: accepted.length,
      rejected,
      instances_hash: hash,
      config_hash: env.config_hash as string,
    };
  } catch (e) {
    await sink.abort();
    throw e;
  }
}
