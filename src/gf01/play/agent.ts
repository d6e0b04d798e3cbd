/**
 * The in-process agent interface and the loop that drives any agent through a session.
 * Black-box agents see only observations (and rejection reasons); a white-box agent (the
 * exact oracle) additionally gets the instance and is allowed only on EVAL-OC.
 */
import type { EvalTrack } from "../artifacts/meta.js";
import type { Gf01Instance } from "../model/types.js";
import type { PlaySession } from "./episode.js";
import type { GoalPanel, Observation, PlayProtocol, Rejection } from "./observation.js";
import type { Verdict } from "./outcome.js";

export interface EpisodeContext {
  goal: GoalPanel;
  protocol: PlayProtocol;
  /** Exploration rollouts allowed (0 under commit_only). */
  exploreEpisodes: number;
  /** Run seed and the episode's position in the bundle (for seeded agents). */
  seed: number;
  index: number;
  /** Only for white-box agents (EVAL-OC). */
  instance?: Gf01Instance;
}

/** What an agent is told when the scored episode is over. */
export interface PublicResult {
  verdict: Verdict;
  certificate: [number, string, number][];
  suff: boolean;
  min1: boolean;
  valid: boolean;
  goal: boolean;
  score_c: number;
  kappa: number[];
  eff_t: number;
  eff_a: number;
  ap_f1: number;
  ts_f1: number;
  /**
   * Present (true) only when the best-match search hit its node cap (a server bound): AP/TS-F1
   * are then against no target (0), not a real match. The verdict fields stay exact.
   */
  best_match_cap_hit?: true;
  play_protocol: string;
  exploration_rollouts: number;
  rejected_moves: number;
}

/** Extra run-record / step-log fields an episode produced (tool log hash, usage…). */
export interface EpisodeExtras {
  tool_log_hash?: string;
  log?: Record<string, unknown>;
  /**
   * A model or stdio agent's replies in the episode and how many could not be used (not a JSON
   * action, or a move the game refused): summed per run (runner.ts); `inRow`: also written
   * into the run row (model agents).
   */
  replies?: { replies: number; unparseable: number; inRow?: boolean };
}

export interface EpisodePlayer {
  /** The move for this decision point (`rejection`: why the previous move was refused). */
  act(obs: Observation, rejection?: Rejection): unknown | Promise<unknown>;
  /** Told the verdict; returns what should go into the artifacts. */
  end?(result: PublicResult): EpisodeExtras | undefined | Promise<EpisodeExtras | undefined>;
  /** Release resources when the episode stops early (error, abort). */
  abort?(): void | Promise<void>;
}

export interface OnlineAgent {
  /** agent_name written to run records. */
  readonly name: string;
  /** Track this agent belongs to (default EVAL-CB). */
  readonly evalTrack?: EvalTrack;
  readonly toolAllowlistId?: string;
  /** Reads the hidden instance: allowed only on EVAL-OC. */
  readonly whiteBox?: boolean;
  start(ctx: EpisodeContext): EpisodePlayer | Promise<EpisodePlayer>;
  /** Called once after the last episode of a run. */
  close?(): void | Promise<void>;
}

/**
 * Thrown by a player to stop the episode: the episode is an error, never a scored row (an
 * agent that crashed must not be scored as one that never intervened). `permanent` failures
 * (the agent cannot start, the endpoint refuses connections or the key) stop the whole run at
 * once; others stop it after a few identical failures in a row (see `playBundle`).
 */
export class EpisodeFailed extends Error {
  constructor(
    message: string,
    readonly kind = "agent_error",
    readonly permanent = false,
  ) {
    super(message);
  }
}

/**
 * Drive a player through a session until it is finished. A player that returns `undefined`
 * (EOF) ends the session: the commit rollout's remaining steps play `{}`.
 */
export async function driveSession(session: PlaySession, player: EpisodePlayer): Promise<void> {
  let rejection: Rejection | undefined;
  while (!session.finished) {
    const move = await player.act(session.observation(), rejection);
    if (move === undefined) {
      session.end();
      break;
    }
    const r = session.submit(move);
    rejection = r.rejection;
  }
}
