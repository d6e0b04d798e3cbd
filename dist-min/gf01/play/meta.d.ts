import type { BundleMeta } from "../artifacts/bundle.js";
import { type EvalTrack } from "../artifacts/meta.js";
import type { RunMeta } from "../artifacts/run-record.js";
export interface PlayRunContext {
    evalTrack: EvalTrack;
    rendererTrack: "json" | "visual";
    gitCommit?: string;
    toolAllowlistId?: string;
    toolLogHash?: string;
    adaptationCondition?: string;
    adaptationBudgetTokens?: number;
    adaptationDataScope?: string;
    adaptationProtocolId?: string;
}
/** Run-record metadata for played episodes: bundle versions + the run's condition. */
export declare function playRunMeta(bm: BundleMeta, c: PlayRunContext): RunMeta;
