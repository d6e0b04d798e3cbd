/**
 * Versioned schemas of the release artifacts we write (exported by `npm run schemas`):
 * `gf01.release_freeze.v1` (ours), `gf01.pilot_freeze.v1` and `gf01.release_package.v1`
 * (official shapes; our additions are optional fields, and unknown keys are kept).
 */
import { z } from "zod";
import { registerSchema } from "../../core/schema.js";
import { identityShape } from "../artifacts/header-schema.js";

const int = z.number().int();
const sha = z.string().regex(/^[0-9a-f]{64}$/);

const freezeCommon = {
  freeze_id: z.string().min(1),
  ...identityShape(),
  config_hash: z.string(),
  seed_count: int.nonnegative(),
  seeds: z.array(int),
  mode_override: z.enum(["normal", "hard", "mixed"]),
  instance_bundle_hash: sha,
  split_manifest_hash: sha,
  identifiability_policy_version: z.string(),
  identifiability_metric_id: z.string(),
  identifiability_min_response_ratio: z.number(),
  identifiability_min_unique_signatures: int,
  compat: z.enum(["default", "official-0.1"]).optional(),
  seeds_requested: z.array(int).optional(),
  rejected_seeds: z.array(z.object({ seed: int, reason: z.string() })).optional(),
  excluded_instances: z
    .array(
      z.object({
        instance_id: z.string(),
        seed: int.nullable(),
        reason: z.enum(["previous_private_excess", "previous_public_excess", "duplicate_instance"]),
      }),
    )
    .optional(),
};

export const pilotFreezeSchema = z.looseObject({
  schema_version: z.literal("gf01.pilot_freeze.v1"),
  ...freezeCommon,
  provisional: z.literal(true),
  purpose: z.string(),
  split_id: z.string().min(1),
  notes: z.string(),
});
registerSchema("gf01.pilot_freeze.v1", pilotFreezeSchema);

export const releaseFreezeSchema = z.looseObject({
  schema_version: z.literal("gf01.release_freeze.v1"),
  ...freezeCommon,
  split_ratios: z.record(z.string(), z.number()),
  split_counts: z.record(z.string(), int.nonnegative()),
  private_split_id: z.string().min(1),
  min_public_novelty_ratio: z.number().min(0).max(1),
  previous_manifest_hash: sha.nullable(),
  governance_passed: z.boolean(),
});
registerSchema("gf01.release_freeze.v1", releaseFreezeSchema);

const fileEntry = z.object({ path: z.string(), size_bytes: int.nonnegative(), sha256: sha });
export const releasePackageSchema = z.looseObject({
  schema_version: z.literal("gf01.release_package.v1"),
  ...identityShape(),
  strict_validation: z.looseObject({
    status: z.literal("ok"),
    rows: int.nonnegative(),
    manifest_coverage: z.unknown(),
  }),
  files: z.array(fileEntry),
  freeze_hash_check: z
    .object({
      record: z.string().nullable(),
      passed: z.boolean(),
      checks: z.array(
        z.object({
          record: z.string(),
          field: z.string(),
          file: z.string(),
          recorded: z.unknown(),
          computed: sha,
          match: z.boolean(),
        }),
      ),
    })
    .optional(),
  rerun_steps: z.array(z.string()).optional(),
});
registerSchema("gf01.release_package.v1", releasePackageSchema);
