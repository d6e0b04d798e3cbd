import type { BundleMeta } from "../artifacts/bundle.js";
import type { Gf01Instance } from "../model/types.js";
export interface IdentifiabilityCheckOptions {
    minResponseRatio?: number;
    minUniqueSignatures?: number;
    /** Echoed as `instances_path` (the path as given). */
    instancesPath?: string;
}
/**
 * `identifiability-check`: recompute the identifiability metric of every instance, apply the
 * given thresholds, and compare with what the instance stores, in the official command's
 * output shape (`ok` false ⇔ some instance fails the thresholds, exit 2). Pure: no I/O.
 */
export declare function identifiabilityCheck(instances: readonly Gf01Instance[], meta: BundleMeta, o?: IdentifiabilityCheckOptions): {
    ok: boolean;
    payload: Record<string, unknown>;
};
