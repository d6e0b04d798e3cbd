import type { CompiledInstance } from "../model/compile.js";
import type { Atom, Gf01Instance } from "../model/types.js";
import { type GoalPanel, type Observation, type Phase, type PlayProtocol, type Rejection, type StepAction } from "./observation.js";
export interface SessionOptions {
    protocol?: PlayProtocol;
    /** explore_then_commit: how many exploration rollouts may be played (default 3). */
    exploreEpisodes?: number;
    /**
     * Rejected moves allowed at one decision point before the engine plays "no intervention"
     * for the player (logged as `forced_skip`). Default: unlimited (people re-type forever).
     */
    maxInvalidPerStep?: number;
}
/** One played timestep, as logged. */
export interface StepRecord {
    t: number;
    /** The player's assignment for t exactly as accepted (also the atoms committed). */
    set: StepAction;
    atoms: Atom[];
    /** Moves rejected at this decision point before one was accepted. */
    rejected: {
        move: unknown;
        code: string;
        message: string;
    }[];
    /** The engine played `{}` after too many rejected moves, or after "commit"/EOF. */
    forced_skip?: "invalid_limit" | "commit" | "ended";
    /** O(s) after the step. */
    observation: Observation;
}
export interface RolloutRecord {
    episode: number;
    phase: Phase;
    steps: StepRecord[];
    /** Sorted atoms committed in this rollout. */
    certificate: Atom[];
    /** Effect status at the end (public: it was observed). */
    effect_triggered: boolean;
    /** Explore rollouts may be abandoned (player moved on to commit). */
    completed: boolean;
}
export interface SubmitResult {
    accepted: boolean;
    rejection?: Rejection;
    /** The next decision point (or the final observation when the session is finished). */
    observation: Observation;
    finished: boolean;
}
/**
 * A play session: (exploration rollouts →) one scored commit rollout. Feed it moves with
 * `submit`; read `observation()` at any time. Nothing it returns depends on hidden state
 * except through outputs the player has observed.
 */
export declare class PlaySession {
    readonly instance: Gf01Instance;
    readonly ci: CompiledInstance;
    readonly goal: GoalPanel;
    readonly protocol: PlayProtocol;
    readonly exploreEpisodes: number;
    private readonly maxInvalid;
    private readonly rollouts;
    private cur;
    private invalidHere;
    private _finished;
    constructor(instance: Gf01Instance, ci: CompiledInstance, opts?: SessionOptions);
    get finished(): boolean;
    get phase(): Phase;
    /** Exploration rollouts not yet started. */
    get exploreRemaining(): number;
    private newRollout;
    observation(): Observation;
    private play;
    private reject;
    private advanceAfterRollout;
    /** Apply one move (any JSON value); invalid moves are rejected with a reason. */
    submit(raw: unknown): SubmitResult;
    /** End the session now (EOF, disconnect): the commit rollout's remaining steps play `{}`. */
    end(): void;
    /** Sorted certificate of the scored commit rollout (empty until it has started). */
    commitCertificate(): Atom[];
    /** Per-rollout logs (exploration rollouts are unscored and flagged by `phase`). */
    rolloutRecords(): RolloutRecord[];
    /** Number of rejected moves over the whole session. */
    rejectedCount(): number;
}
