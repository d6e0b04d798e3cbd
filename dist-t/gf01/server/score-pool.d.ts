import type { Atom, Gf01Instance } from "../model/types.js";
import { type ScoreOptions, type ScoreRow } from "../verify/score.js";
export declare class ScorePool {
    private readonly instances;
    private readonly log;
    private readonly lanes;
    private nextId;
    private readonly compiled;
    private warned;
    /** `instances`: every instance that may be scored, by a key unique across bundles. */
    constructor(instances: ReadonlyMap<string, Gf01Instance>, workers: number, log?: (line: string) => void, 
    /** The worker module (tests point it at a failing one). */
    entry?: URL);
    /** Score a certificate of instance `key` (same row as `scoreCertificate` on this thread). */
    score(key: string, certificate: Atom[], options: ScoreOptions): Promise<ScoreRow>;
    private inline;
    close(): Promise<void>;
}
