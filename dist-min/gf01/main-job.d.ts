import type { OnlineAgent } from "./play/agent.js";
import type { PlayProtocol } from "./play/observation.js";
export interface Gf01MainJobOptions {
    outDir: string;
    seeds: number[];
    /** Official labelling (white-box BL-00..BL-02/OB-01 shown on EVAL-CB) instead of the honest panel. */
    officialPanel?: boolean;
    log?: (line: string) => void;
}
/** The honest panel's black-box agents and the protocol each plays (3 practice rollouts, as people). */
export declare const HONEST_PANEL: readonly {
    agent: OnlineAgent;
    protocol: PlayProtocol;
}[];
export declare function runGf01MainJob(o: Gf01MainJobOptions): Promise<{
    ok: boolean;
    table: string;
    legend: string;
    report: Record<string, unknown>;
}>;
