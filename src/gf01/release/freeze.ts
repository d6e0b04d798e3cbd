/**
 * `freeze` and `freeze-pilot`, pure logic: generate the seeds, skip (and record) every seed the
 * generator rejects, assign split ids at build time (ratios by largest remainder; rotation
 * against the previous release applied while assigning), and re-hash everything (bundle
 * `instances_hash`, manifest, and the official `stable_hash_json` of both files' contents in the
 * freeze record). Deterministic: same inputs ⇒ same bytes (no clock, no unseeded randomness;
 * the split order is sha256(freeze_id, instance_id)).
 *
 * Rotation at build time (DEC-067 and our public→private rule):
 * - an instance that was private in the previous release is never public: it goes private,
 *   and any beyond the private split's size is left out (`previous_private_excess`);
 * - an instance that was public in the previous release is never private: it goes public, at
 *   most ⌊P·(1 − min novelty)⌋ of them (P = public slots), the rest are left out
 *   (`previous_public_excess`), so the public novelty ratio holds by construction;
 * - every other instance fills the remaining slots in hash order.
 * Leaving instances out changes the total, so sizes are recomputed until nothing more is left out.
 */
import { sha256Hex } from "../../core/hash.js";
import { InputError } from "../../core/errors.js";
import { errorPayload } from "../checks/result.js";
import { buildBundle, instancesHash } from "../artifacts/bundle.js";
import { buildSplitManifest } from "../artifacts/manifest.js";
import {
  componentVersions,
  FAMILY_ID,
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  IDENTIFIABILITY_POLICY_VERSION,
} from "../artifacts/meta.js";
import { pyFloat } from "../../core/pyjson.js";
import { stableHash } from "../artifacts/pyout.js";
import { type Compat, generateBundle } from "../generate/run.js";
import type { Gf01Instance } from "../model/types.js";
import {
  type CheckResult,
  DEFAULT_MIN_PUBLIC_NOVELTY_RATIO,
  DEFAULT_PRIVATE_SPLIT,
  DEFAULT_SPLIT_RATIOS,
  instanceSetsBySplit,
  releaseGovernanceCheck,
} from "./policy.js";

export const RELEASE_FREEZE_SCHEMA_VERSION = "gf01.release_freeze.v1";
export const PILOT_FREEZE_SCHEMA_VERSION = "gf01.pilot_freeze.v1";

/** Largest-remainder apportionment of n over the ratios (ties: the order given). */
export function apportion(n: number, ratios: Readonly<Record<string, number>>): Record<string, number> {
  const keys = Object.keys(ratios);
  const total = keys.reduce((s, k) => s + ratios[k], 0);
  const exact = keys.map((k) => (total > 0 ? (n * ratios[k]) / total : 0));
  const out: Record<string, number> = {};
  keys.forEach((k, i) => {
    out[k] = Math.floor(exact[i] + 1e-9);
  });
  let left = n - keys.reduce((s, k) => s + out[k], 0);
  const order = keys
    .map((k, i) => ({ k, i, frac: exact[i] - out[k] }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const o of order) {
    if (left <= 0) break;
    out[o.k]++;
    left--;
  }
  return out;
}

/**
 * Fewest new public instances out of `p` that pass the novelty check as the check computes it
 * (`k / p >= min`, floating point), so a tiny positive minimum still needs one new instance.
 */
export function minNovelCount(p: number, min: number): number {
  if (p <= 0) return 0;
  let k = Math.min(p, Math.max(0, Math.ceil(p * min)));
  while (k > 0 && (k - 1) / p >= min) k--;
  while (k < p && k / p < min) k++;
  return k;
}

export interface Excluded {
  instance_id: string;
  seed: number | null;
  reason: "previous_private_excess" | "previous_public_excess" | "duplicate_instance";
}

export interface AssignOptions {
  ratios: Readonly<Record<string, number>>;
  privateSplit: string;
  previousPublic: ReadonlySet<string>;
  previousPrivate: ReadonlySet<string>;
  minPublicNoveltyRatio: number;
  /** Salt of the split order (the freeze id). */
  key: string;
}

/**
 * Split ids for instance ids (rotation applied); `excluded` = left out. Pure and deterministic.
 * The private split is `privateSplit`; every other key of `ratios` is a public split.
 */
export function assignSplits(
  ids: readonly string[],
  o: AssignOptions,
): { splits: Map<string, string>; excluded: { id: string; reason: Excluded["reason"] }[] } {
  if (!(o.privateSplit in o.ratios))
    throw new InputError(`split ratios must name the private split ${o.privateSplit}`, { field: "splits" });
  const rank = new Map(ids.map((id) => [id, sha256Hex(`${o.key}\u0000${id}`)]));
  const order = [...ids].sort((a, b) => ((rank.get(a) as string) < (rank.get(b) as string) ? -1 : 1));
  const publicSplits = Object.keys(o.ratios).filter((k) => k !== o.privateSplit);
  let pool = order;
  const excluded: { id: string; reason: Excluded["reason"] }[] = [];
  for (;;) {
    const targets = apportion(pool.length, o.ratios);
    const privT = targets[o.privateSplit];
    const pubT = publicSplits.reduce((s, k) => s + targets[k], 0);
    const maxReused = pubT - minNovelCount(pubT, o.minPublicNoveltyRatio);
    const forcedPriv = pool.filter((id) => o.previousPrivate.has(id));
    const forcedPub = pool.filter((id) => o.previousPublic.has(id) && !o.previousPrivate.has(id));
    const drop = [
      ...forcedPriv.slice(privT).map((id) => ({ id, reason: "previous_private_excess" as const })),
      ...forcedPub
        .slice(Math.min(maxReused, pubT))
        .map((id) => ({ id, reason: "previous_public_excess" as const })),
    ];
    if (drop.length) {
      excluded.push(...drop);
      const gone = new Set(drop.map((d) => d.id));
      pool = pool.filter((id) => !gone.has(id));
      continue;
    }
    const forced = new Set([...forcedPriv, ...forcedPub]);
    const free = pool.filter((id) => !forced.has(id));
    const priv = [...forcedPriv, ...free.slice(0, privT - forcedPriv.length)];
    const pub = new Set([...forcedPub, ...free.slice(privT - forcedPriv.length)]);
    const splits = new Map<string, string>();
    for (const id of priv) splits.set(id, o.privateSplit);
    // Public instances in hash order across the public splits (reused and new mixed).
    let i = 0;
    const pubOrdered = pool.filter((id) => pub.has(id));
    for (const s of publicSplits) for (let k = 0; k < targets[s]; k++) splits.set(pubOrdered[i++], s);
    return { splits, excluded };
  }
}

export interface FreezeOptions {
  freezeId: string;
  /** Seeds in the order given (duplicates removed, first kept). */
  seeds: readonly number[];
  /** Target split ratios (normalised); one split = a single-split (pilot) freeze. */
  ratios?: Readonly<Record<string, number>>;
  privateSplit?: string;
  previousManifest?: Record<string, unknown>;
  minPublicNoveltyRatio?: number;
  /** Split policy tolerance for the check run on the result. */
  tolerance?: number;
  mode?: "normal" | "hard";
  compat?: Compat;
  config?: Record<string, unknown>;
  gitCommit?: string;
  /** Pilot freeze: one split, the official `pilot_freeze_v1.json` record. */
  pilot?: { split: string };
}

export interface FreezeResult extends CheckResult {
  files?: {
    bundle: Record<string, unknown>;
    manifest: Record<string, unknown>;
    record: Record<string, unknown>;
  };
}

const dedupe = (xs: readonly number[]): number[] => [...new Set(xs)];

/** Build a freeze in memory. `ok` false (nothing to write) when the result breaks the policy. */
export function buildFreeze(o: FreezeOptions): FreezeResult {
  const seeds = dedupe(o.seeds);
  if (!seeds.length)
    return errorPayload("empty_seed_set", { message: "a freeze requires at least one seed" });
  const compat = o.compat ?? "default";
  const config = { ...(o.config ?? {}) };
  // Default generator: the mode is drawn with probability p_hard, so forcing it is p_hard ∈ {0, 1}.
  if (o.mode && compat === "default") config.p_hard = o.mode === "hard" ? 1 : 0;
  const pilot = o.pilot;
  const placeholderSplit = pilot ? pilot.split : "unassigned";
  const g = generateBundle({
    seeds,
    split: placeholderSplit,
    compat,
    config,
    gitCommit: o.gitCommit,
    ...(o.mode && compat !== "default" ? { mode: o.mode } : {}),
  });
  // Same instance from two seeds: keep the first.
  const seen = new Set<string>();
  const excluded: Excluded[] = [];
  const unique: Gf01Instance[] = [];
  for (const inst of g.instances) {
    if (seen.has(inst.instance_id)) {
      excluded.push({ instance_id: inst.instance_id, seed: inst.seed ?? null, reason: "duplicate_instance" });
      continue;
    }
    seen.add(inst.instance_id);
    unique.push(inst);
  }
  const privateSplit = o.privateSplit ?? DEFAULT_PRIVATE_SPLIT;
  const minNovelty = o.minPublicNoveltyRatio ?? DEFAULT_MIN_PUBLIC_NOVELTY_RATIO;
  const ratios = pilot ? { [pilot.split]: 1 } : (o.ratios ?? DEFAULT_SPLIT_RATIOS);
  let kept: Gf01Instance[];
  if (pilot) kept = unique.map((i) => ({ ...i, split_id: pilot.split }));
  else {
    const prev = o.previousManifest
      ? instanceSetsBySplit(o.previousManifest)
      : new Map<string, Set<string>>();
    const previousPrivate = prev.get(privateSplit) ?? new Set<string>();
    const previousPublic = new Set<string>();
    for (const [split, ids] of prev) if (split !== privateSplit) for (const id of ids) previousPublic.add(id);
    const a = assignSplits(
      unique.map((i) => i.instance_id),
      {
        ratios,
        privateSplit,
        previousPublic,
        previousPrivate,
        minPublicNoveltyRatio: minNovelty,
        key: o.freezeId,
      },
    );
    const bySeed = new Map(unique.map((i) => [i.instance_id, i]));
    for (const e of a.excluded)
      excluded.push({ instance_id: e.id, seed: bySeed.get(e.id)?.seed ?? null, reason: e.reason });
    kept = unique
      .filter((i) => a.splits.has(i.instance_id))
      .map((i) => ({ ...i, split_id: a.splits.get(i.instance_id) as string }));
  }
  const bundle = buildBundle(kept, {
    git_commit: String(g.bundle.git_commit),
    config_hash: String(g.bundle.config_hash),
    split_id: pilot ? pilot.split : "mixed",
    seeds: kept.map((i) => i.seed as number),
    generator_version: g.bundle.generator_version as string | undefined,
  });
  if (bundle.instances_hash !== instancesHash(kept)) throw new Error("freeze: bundle hash mismatch");
  // Official freeze bundles say which mode was forced ("mixed" = the generator's draw).
  bundle.mode_override = o.mode ?? "mixed";
  const manifest = buildSplitManifest(kept, bundle);
  const splitCounts: Record<string, number> = {};
  for (const i of kept) splitCounts[i.split_id as string] = (splitCounts[i.split_id as string] ?? 0) + 1;
  const common = {
    freeze_id: o.freezeId,
    family_id: FAMILY_ID,
    ...componentVersions(bundle),
    git_commit: bundle.git_commit,
    config_hash: bundle.config_hash,
    seed_count: kept.length,
    seeds: kept.map((i) => i.seed),
    mode_override: o.mode ?? "mixed",
    instance_bundle_hash: stableHash(bundle),
    split_manifest_hash: stableHash(manifest),
    identifiability_policy_version: IDENTIFIABILITY_POLICY_VERSION,
    identifiability_metric_id: IDENTIFIABILITY_METRIC_ID,
    identifiability_min_response_ratio: pyFloat(IDENTIFIABILITY_MIN_RESPONSE_RATIO),
    identifiability_min_unique_signatures: IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
    // Ours (additive): what was asked for and what was left out, so nothing is silent.
    compat,
    seeds_requested: seeds,
    rejected_seeds: g.rejected.map((r) => ({ seed: r.seed, reason: r.reason })),
    excluded_instances: excluded,
  };
  if (pilot) {
    const record = {
      schema_version: PILOT_FREEZE_SCHEMA_VERSION,
      ...common,
      provisional: true,
      purpose: "internal_pilot",
      split_id: pilot.split,
      notes:
        "Provisional pilot freeze for internal testing only. Does not finalize public/private split governance.",
    };
    return { ok: true, payload: summary(record, kept.length), files: { bundle, manifest, record } };
  }
  const gov = releaseGovernanceCheck(manifest, o.previousManifest, {
    targetRatios: { ...ratios },
    tolerance: o.tolerance,
    privateSplit,
    minPublicNoveltyRatio: minNovelty,
    requireOfficialSplitNames: false,
  });
  const ratiosOut: Record<string, unknown> = {};
  for (const k of Object.keys(ratios).sort()) ratiosOut[k] = pyFloat(ratios[k]);
  const record = {
    schema_version: RELEASE_FREEZE_SCHEMA_VERSION,
    ...common,
    split_ratios: ratiosOut,
    split_counts: Object.fromEntries(
      Object.keys(splitCounts)
        .sort()
        .map((k) => [k, splitCounts[k]]),
    ),
    private_split_id: privateSplit,
    min_public_novelty_ratio: pyFloat(minNovelty),
    previous_manifest_hash: o.previousManifest ? stableHash(o.previousManifest) : null,
    governance_passed: gov.ok,
  };
  if (!gov.ok)
    return errorPayload("freeze_policy_violation", {
      message:
        "the built release breaks the split/rotation policy (add seeds or relax the ratios); nothing written",
      governance: gov.payload,
      rejected_seeds: common.rejected_seeds,
      excluded_instances: excluded,
    });
  return { ok: true, payload: summary(record, kept.length), files: { bundle, manifest, record } };
}

function summary(record: Record<string, unknown>, n: number): Record<string, unknown> {
  const { seeds: _s, seeds_requested: _r, ...rest } = record;
  return { status: "ok", instance_count: n, ...rest };
}
