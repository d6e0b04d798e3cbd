/**
 * Turning a finished session into artifacts: the scored verdict, an official run_record row,
 * the per-step log and the official `play --out` payload shape. The certificate is re-verified
 * from scratch (offline re-simulation) and must agree with the online run's effect status.
 */
import { type RunMeta } from "../artifacts/run-record.js";
import { type ScoreOptions, type ScoreRow } from "../verify/score.js";
import type { PublicResult } from "./agent.js";
import type { PlaySession } from "./episode.js";
import type { EpisodeOutcome, Verdict } from "./outcome.js";
export type { EpisodeOutcome, Verdict } from "./outcome.js";
export declare const STEP_LOG_SCHEMA_VERSION = "gf01.play_steps.v1";
export declare function verdictOf(s: {
    valid: boolean;
    goal: boolean;
}): Verdict;
/** Score a finished session. Throws if the engine and the verifier disagree (a bug, not input). */
export declare function scoreSession(session: PlaySession, opts?: ScoreOptions): EpisodeOutcome;
/**
 * The outcome of a finished session from its certificate's score (computed here or elsewhere,
 * e.g. a worker thread: `scoreCertificate(ci, session.commitCertificate(), opts)`).
 */
export declare function outcomeFromScore(session: PlaySession, score: ScoreRow): EpisodeOutcome;
export interface RowContext {
    eval_track: string;
    renderer_track: string;
    agent_name: string;
    meta: RunMeta;
    extraMetrics?: boolean;
    /**
     * Human play: who played (pseudonymous) and which session. Written as extra row keys
     * `player_id` / `session_id`; `report` treats a player's repeated plays of an instance as
     * attempts (docs/human-data.md), where model rows keep the strict duplicate rule.
     */
    player_id?: string;
    session_id?: string;
    /** The best-match node cap the session was scored under (recorded when it was hit). */
    bestMatchMaxNodes?: number;
}
/** The official run_record row of the scored commit episode (play_protocol recorded). */
export declare function outcomeRunRecord(session: PlaySession, o: EpisodeOutcome, c: RowContext): Record<string, unknown>;
/** Official `run_episode` payload (`episode` of `gf01 play --out`), extended with exploration. */
export declare function episodePayload(session: PlaySession, o: EpisodeOutcome, rendererTrack: string): Record<string, unknown>;
/** Official `gf01 play` stdout/--out payload: status, actor, run_contract, instance, episode. */
export declare function playPayload(session: PlaySession, o: EpisodeOutcome, c: RowContext & {
    instance_source: string;
}): Record<string, unknown>;
/** One line of the per-step log (`gf01.play_steps.v1`): every rollout and move of an episode. */
export declare function stepLogRecord(o: EpisodeOutcome, c: {
    agent_name: string;
    eval_track: string;
    extra?: Record<string, unknown>;
}): Record<string, unknown>;
/** What a player (agent or person) is told about a finished episode: verdict, their
 * certificate and its score — never the solution, the best match or the base bits. */
export declare function publicResult(o: EpisodeOutcome): PublicResult;
