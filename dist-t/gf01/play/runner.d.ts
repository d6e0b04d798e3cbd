import { z } from "zod";
import type { LoadedBundle } from "../artifacts/bundle.js";
import { type EvalTrack } from "../artifacts/meta.js";
import { type OnlineAgent } from "./agent.js";
import { type PlayRunContext } from "./meta.js";
import type { PlayProtocol } from "./observation.js";
import { type EpisodeOutcome } from "./result.js";
export interface PlayRunOptions {
    bundle: LoadedBundle;
    agent: OnlineAgent;
    /** Default: the agent's own track (EVAL-CB for black-box agents). */
    evalTrack?: EvalTrack;
    rendererTrack?: "json" | "visual";
    protocol?: PlayProtocol;
    exploreEpisodes?: number;
    seed?: number;
    /** Episodes in flight at once (default 1). */
    concurrency?: number;
    /** Rejected moves allowed at one decision point before a forced skip (default 5). */
    maxInvalidPerStep?: number;
    /** Run rows (JSONL). Step logs go to `stepsOut` (default `<out>.steps.jsonl`). */
    out?: string;
    stepsOut?: string;
    resume?: boolean;
    overwrite?: boolean;
    /** Only the first n instances of the bundle. */
    limit?: number;
    gitCommit?: string;
    adaptation?: Pick<PlayRunContext, "adaptationCondition" | "adaptationBudgetTokens" | "adaptationDataScope" | "adaptationProtocolId">;
    extraMetrics?: boolean;
    /** Progress callback after each scored (or failed) episode. */
    onEpisode?: (e: {
        index: number;
        instance_id: string;
        outcome?: EpisodeOutcome;
        error?: string;
    }) => void;
    /** Called once, with the first episode error of the run (the CLI prints it on stderr). */
    onFirstError?: (e: PlayErrorRecord) => void;
    /** Stop after this many consecutive failures of one kind (default 3; permanent ones stop at once). */
    stopAfterRepeated?: number;
    signal?: AbortSignal;
}
export declare const PLAY_ERROR_SCHEMA_VERSION = "gf01.play_error.v1";
/** One failed episode (a line of `<out>.errors.jsonl`). Never a run row, never scored. */
export declare const playErrorSchema: z.ZodObject<{
    schema_version: z.ZodLiteral<"gf01.play_error.v1">;
    status: z.ZodLiteral<"error">;
    instance_id: z.ZodString;
    agent_name: z.ZodString;
    eval_track: z.ZodEnum<{
        "EVAL-CB": "EVAL-CB";
        "EVAL-TA": "EVAL-TA";
        "EVAL-OC": "EVAL-OC";
    }>;
    play_protocol: z.ZodEnum<{
        commit_only: "commit_only";
        explore_then_commit: "explore_then_commit";
    }>;
    kind: z.ZodString;
    message: z.ZodString;
    permanent: z.ZodBoolean;
}, z.core.$strip>;
export type PlayErrorRecord = z.infer<typeof playErrorSchema>;
export interface PlayRunResult {
    ok: boolean;
    payload: Record<string, unknown>;
    rows: Record<string, unknown>[];
}
/** Track policy for an online agent (official messages where they exist). */
export declare function onlineTrackError(agent: OnlineAgent, track: EvalTrack): string | undefined;
export declare function playBundle(o: PlayRunOptions): Promise<PlayRunResult>;
