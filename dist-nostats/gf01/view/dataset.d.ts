import { z } from "zod";
import type { ViewColumn, ViewDataset } from "../../core/view/types.js";
import { type LoadedBundle } from "../artifacts/bundle.js";
/** Node cap of the best-match search done for a detail (the page says when it is hit). */
export declare const VIEW_BEST_MATCH_MAX_NODES = 200000;
/** The `gf01.play_steps.v1` keys the viewer reads (the file may carry more). */
export declare const stepLogSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"gf01.play_steps.v1">;
    instance_id: z.ZodString;
    agent_name: z.ZodString;
    eval_track: z.ZodString;
    play_protocol: z.ZodString;
    session_id: z.ZodOptional<z.ZodString>;
    rollouts: z.ZodArray<z.ZodObject<{
        episode: z.ZodNumber;
        phase: z.ZodString;
        scored: z.ZodBoolean;
        completed: z.ZodOptional<z.ZodBoolean>;
        effect_triggered: z.ZodOptional<z.ZodBoolean>;
        certificate: z.ZodOptional<z.ZodArray<z.ZodTuple<[z.ZodNumber, z.ZodString, z.ZodNumber], null>>>;
        steps: z.ZodArray<z.ZodObject<{
            t: z.ZodNumber;
            set: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            rejected: z.ZodArray<z.ZodObject<{
                move: z.ZodUnknown;
                code: z.ZodString;
                message: z.ZodString;
            }, z.core.$loose>>;
            forced_skip: z.ZodOptional<z.ZodString>;
            y_t: z.ZodRecord<z.ZodString, z.ZodUnknown>;
            effect_status_t: z.ZodString;
        }, z.core.$loose>>;
    }, z.core.$loose>>;
    agent_log: z.ZodOptional<z.ZodNullable<z.ZodObject<{
        transcript: z.ZodOptional<z.ZodArray<z.ZodObject<{
            episode: z.ZodOptional<z.ZodNumber>;
            t: z.ZodOptional<z.ZodNumber>;
            kind: z.ZodString;
            reply: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            prompt_sha256: z.ZodOptional<z.ZodString>;
        }, z.core.$loose>>>;
        tool_calls: z.ZodOptional<z.ZodArray<z.ZodObject<{}, z.core.$loose>>>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export type StepLog = z.output<typeof stepLogSchema>;
export interface Gf01ViewOptions {
    /** run_record JSONL files (`gf01 evaluate --out`, `play-llm --results`, a server's runs.jsonl). */
    runs: string[];
    /** The instance bundle: enables the goal panel and the best-matching minimal certificate. */
    instances?: string | LoadedBundle;
    /** Step logs; default `<runs>.steps.jsonl` (or `steps.jsonl` beside a `runs.jsonl`). */
    steps?: (string | undefined)[];
    /** Prompt stores; default `<runs>.prompts.jsonl`. */
    prompts?: (string | undefined)[];
}
export declare const GF01_COLUMNS: ViewColumn[];
/** Read GF-01 run files (validated; errors name file, line and field) into a viewer dataset. */
export declare function gf01ViewDataset(o: Gf01ViewOptions): Promise<ViewDataset>;
