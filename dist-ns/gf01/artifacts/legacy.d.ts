import type { LoadedBundle } from "./bundle.js";
import { type RunMeta } from "./run-record.js";
import type { Scorer } from "./scorer.js";
/** A row is legacy when it is not a complete v1 row (wrong/absent schema_version or required fields). */
export declare function isLegacyRow(row: unknown): boolean;
/** Official `_to_bool` (legacy files carry "true"/"0"/"yes"). */
export declare function legacyBool(v: unknown): boolean;
/** Official `_to_float` with default 0.0. */
export declare function legacyFloat(v: unknown): number;
/** Official `_sanitize_certificate`: a list, or a JSON string holding a list; anything else → []. */
export declare function legacyCertificate(v: unknown): unknown[];
export interface MigrationDefaults extends RunMeta {
    eval_track?: string;
    renderer_track?: string;
    agent_name?: string;
}
export interface Discrepancy {
    line: number;
    instance_id: string;
    field: string;
    claimed: unknown;
    recomputed: unknown;
}
export interface MigrationStats {
    input_rows: number;
    output_rows: number;
    already_v1_rows: number;
    /** Fields filled from defaults/bundle (official `filled_fields`). */
    filled_fields: Record<string, number>;
    /** Policy coercions (official `coerced_fields`). */
    coerced_fields: Record<string, number>;
    /** Legacy claims that the oracle contradicts, per field (a list: field names like ap_f1 would read as floats). */
    disagreements: {
        field: string;
        count: number;
    }[];
    discrepancies_preview: Discrepancy[];
    rows_without_certificate: number;
    dropped_fields: Record<string, number>;
}
/**
 * Migrate rows (any mix of legacy and v1) to v1 rows, re-scoring each against `bundle`.
 * Throws an InputError (file:line) for a row whose instance is not in the bundle or whose
 * certificate is malformed: such a row cannot be verified, so it cannot be migrated.
 */
export declare function migrateRows(rows: Iterable<{
    line: number;
    value: unknown;
}>, bundle: LoadedBundle, score: Scorer, defaults?: MigrationDefaults, file?: string): {
    rows: Record<string, unknown>[];
    stats: MigrationStats;
};
