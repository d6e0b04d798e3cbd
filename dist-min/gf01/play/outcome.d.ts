/** The scored outcome of one play episode (types only, shared by result, agent and renderers). */
import type { Atom } from "../model/types.js";
import type { ScoreRow } from "../verify/score.js";
import type { RolloutRecord } from "./episode.js";
import type { PlayProtocol } from "./observation.js";
export type Verdict = "certified" | "goal_met" | "missed";
export interface EpisodeOutcome {
    instance_id: string;
    protocol: PlayProtocol;
    certificate: Atom[];
    score: ScoreRow;
    verdict: Verdict;
    /** Effect status observed online in the commit rollout. */
    online_goal: boolean;
    /** Offline re-simulation of the certificate (must equal online_goal). */
    replay_goal: boolean;
    rollouts: RolloutRecord[];
    exploration_rollouts: number;
    rejected_moves: number;
}
