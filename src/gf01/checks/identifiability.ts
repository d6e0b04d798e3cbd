import { pyFloat } from "../../core/pyjson.js";
import type { BundleMeta } from "../artifacts/bundle.js";
import {
  IDENTIFIABILITY_METRIC_ID,
  IDENTIFIABILITY_MIN_RESPONSE_RATIO,
  IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
  IDENTIFIABILITY_POLICY_VERSION,
  identifiabilityMetrics,
  identifiabilityPolicyError,
} from "../generate/identifiability.js";
import { compileInstance } from "../model/compile.js";
import { errorPayload } from "./result.js";
import type { Gf01Instance } from "../model/types.js";

export interface IdentifiabilityCheckOptions {
  minResponseRatio?: number;
  minUniqueSignatures?: number;
  /** Echoed as `instances_path` (the path as given). */
  instancesPath?: string;
  /** Ours: a stored block that disagrees with the recomputation fails the check (upstream only counts it). */
  failOnStoredMismatch?: boolean;
}

const STORED_KEYS = [
  "response_ratio",
  "unique_signature_count",
  "candidate_atom_count",
  "response_atom_count",
];
const f = (x: unknown): unknown => (typeof x === "number" ? pyFloat(x) : x);

/**
 * `identifiability-check`: recompute the identifiability metric of every instance, apply the
 * given thresholds, and compare with what the instance stores, in the official command's
 * output shape (`ok` false ⇔ some instance fails the thresholds, exit 2). Pure: no I/O.
 */
export function identifiabilityCheck(
  instances: readonly Gf01Instance[],
  meta: BundleMeta,
  o: IdentifiabilityCheckOptions = {},
): { ok: boolean; payload: Record<string, unknown> } {
  const minRatio = o.minResponseRatio ?? IDENTIFIABILITY_MIN_RESPONSE_RATIO;
  const minUnique = Math.trunc(o.minUniqueSignatures ?? IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES);
  if (!instances.length)
    return errorPayload("empty_instance_set", {
      message: "identifiability check requires at least one instance",
      instances_path: o.instancesPath ?? "",
    });
  const rows: Record<string, unknown>[] = [];
  const failures: Record<string, unknown>[] = [];
  let mismatches = 0;
  const mismatchPreview: Record<string, unknown>[] = [];
  for (const inst of instances) {
    const m = identifiabilityMetrics(compileInstance(inst));
    const err = identifiabilityPolicyError(m, minRatio, minUnique);
    const stored = inst.identifiability ?? {};
    const storedAvailable = Object.keys(stored).length > 0;
    // Ours on top of upstream's flag: which stored fields disagree, with both values.
    const diffs = storedAvailable
      ? STORED_KEYS.filter(
          (k) => k in stored && stored[k] !== (m as unknown as Record<string, unknown>)[k],
        ).map((k) => ({
          field: k,
          stored: f(stored[k]),
          computed: f((m as unknown as Record<string, unknown>)[k]),
        }))
      : [];
    const mismatch = diffs.length > 0;
    if (mismatch) {
      mismatches++;
      if (mismatchPreview.length < 50) mismatchPreview.push({ instance_id: inst.instance_id, fields: diffs });
    }
    rows.push({
      instance_id: inst.instance_id,
      passes_threshold: err === null,
      policy_error: err ?? "",
      computed: {
        ...m,
        response_ratio: f(m.response_ratio),
        signature_diversity_ratio: f(m.signature_diversity_ratio),
      },
      stored_available: storedAvailable,
      stored_mismatch: mismatch,
      // Only when there is one, so a clean bundle's output stays byte-identical to upstream's.
      ...(mismatch ? { stored_mismatch_fields: diffs } : {}),
    });
    if (err !== null)
      failures.push({
        instance_id: inst.instance_id,
        policy_error: err,
        response_ratio: f(m.response_ratio),
        unique_signature_count: m.unique_signature_count,
      });
  }
  const ok = failures.length === 0 && !(o.failOnStoredMismatch && mismatches > 0);
  return {
    ok,
    payload: {
      status: ok ? "ok" : "error",
      error_type: ok
        ? ""
        : failures.length
          ? "identifiability_policy_violation"
          : "identifiability_stored_mismatch",
      policy_version: IDENTIFIABILITY_POLICY_VERSION,
      metric_id: IDENTIFIABILITY_METRIC_ID,
      instances_path: o.instancesPath ?? "",
      instance_count: instances.length,
      pass_count: instances.length - failures.length,
      fail_count: failures.length,
      min_response_ratio: f(minRatio),
      min_unique_signatures: minUnique,
      bundle_policy_version: meta.identifiability_policy_version ?? "",
      bundle_metric_id: meta.identifiability_metric_id ?? "",
      bundle_min_response_ratio: f(meta.identifiability_min_response_ratio ?? null),
      bundle_min_unique_signatures: meta.identifiability_min_unique_signatures ?? null,
      stored_field_mismatch_count: mismatches,
      ...(mismatches ? { stored_mismatch_preview: mismatchPreview } : {}),
      ...(o.failOnStoredMismatch ? { fail_on_stored_mismatch: true } : {}),
      failures_preview: failures.slice(0, 50),
      rows,
    },
  };
}
