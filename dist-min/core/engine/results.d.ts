import { z } from "zod";
export declare const RECORD_SCHEMA_ID = "oraclebench.engine.record/1";
/**
 * One model answer. Deterministic content first; `runtime` holds wall-clock diagnostics
 * (latency, cache hit, attempts) that are never inputs to a score. Tasks add their own
 * fields (parsed answer, invalid reason, post-processing) next to these.
 */
export declare const engineRecordSchema: z.ZodObject<{
    schema: z.ZodLiteral<"oraclebench.engine.record/1">;
    item_id: z.ZodString;
    trial: z.ZodNumber;
    config_hash: z.ZodString;
    model: z.ZodObject<{
        kind: z.ZodString;
        model: z.ZodString;
        endpoint: z.ZodString;
    }, z.core.$strip>;
    prompt_template: z.ZodNullable<z.ZodString>;
    prompt_sha256: z.ZodString;
    raw_text: z.ZodString;
    finish_reason: z.ZodNullable<z.ZodString>;
    usage: z.ZodObject<{
        prompt_tokens: z.ZodNumber;
        completion_tokens: z.ZodNumber;
        estimated: z.ZodBoolean;
    }, z.core.$strip>;
    timings: z.ZodNullable<z.ZodObject<{
        prefill_ms: z.ZodOptional<z.ZodNumber>;
        decode_ms: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strip>>;
    runtime: z.ZodObject<{
        latency_ms: z.ZodNullable<z.ZodNumber>;
        cached: z.ZodBoolean;
        attempts: z.ZodNumber;
    }, z.core.$strip>;
}, z.core.$loose>;
export type EngineRecord = z.infer<typeof engineRecordSchema>;
export declare function recordKey(itemId: string, configHash: string, trial: number): string;
export interface OpenResultsOptions {
    /** Keep existing rows and skip their keys (default false). */
    resume?: boolean;
    /** Start a fresh file even if one exists (default false: refuse, so nothing is lost by accident). */
    overwrite?: boolean;
}
/**
 * Append-only results JSONL keyed by (item id, config hash, trial). Each record is one
 * `write` of a whole line, serialised through one queue, so a SIGKILL leaves at most a torn
 * last line; `--resume` drops that torn tail, keeps every complete row, and the run redoes
 * only what is missing. A key already present is never written twice.
 */
export declare class ResultsStore {
    readonly file: string;
    private readonly fh;
    private readonly records;
    private queue;
    private flushing;
    private pending;
    private failed;
    private constructor();
    static open(file: string, opts?: OpenResultsOptions): Promise<ResultsStore>;
    get size(): number;
    has(key: string): boolean;
    get(key: string): EngineRecord | undefined;
    /** Append a record unless its key is already stored (returns false then). */
    append(record: EngineRecord): Promise<boolean>;
    private flush;
    close(): Promise<void>;
}
/** Read a results file (e.g. for reporting); later duplicates of a key are ignored. */
export declare function readResults(file: string): Promise<EngineRecord[]>;
