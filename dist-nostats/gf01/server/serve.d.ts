import { type Server } from "node:http";
import { type LoadedBundle } from "../artifacts/bundle.js";
import type { PublicResult } from "../play/agent.js";
import { type ServerLimits } from "./limits.js";
export interface BundleSource {
    /** URL-safe key (default: from the file name). */
    key?: string;
    /** Display name (default: the file name). */
    name?: string;
    file?: string;
    bundle?: LoadedBundle;
}
export interface Gf01ServerOptions {
    bundles: BundleSource[];
    /** Root of the run data (default `.runs/gf01-web`, which git ignores). */
    dataDir: string;
    port?: number;
    host?: string;
    /** Built app folder (default dist/web, built on demand). `false`: API only. */
    webDir?: string | false;
    gitCommit?: string;
    /**
     * Worker threads that score finished episodes off the event loop (default 0: on the main
     * thread; `gf01 serve` uses 1). See score-pool.ts.
     */
    scoreWorkers?: number;
    /** Limits (docs/web.md "Limits"); unset fields take DEFAULT_LIMITS. */
    limits?: Partial<ServerLimits>;
    /** Best-match node cap when scoring a commit (see `PlayHandlerOptions.bestMatchMaxNodes`). */
    bestMatchMaxNodes?: number;
    log?: (line: string) => void;
}
export interface PublicResultRecord {
    session_id: string;
    bundle: string;
    instance_id: string;
    agent_name: string;
    player_id?: string;
    result: PublicResult;
}
export interface Gf01Server {
    url: string;
    server: Server;
    bundles: {
        key: string;
        name: string;
        bundle: LoadedBundle;
        dataDir: string;
    }[];
    close(): Promise<void>;
}
/** A small generated bundle for `gf01 serve` without --instances (deterministic: seeds 0–5). */
export declare function demoBundle(gitCommit?: string): {
    bundle: LoadedBundle;
    json: string;
};
export declare function startGf01Server(o: Gf01ServerOptions): Promise<Gf01Server>;
/** Write the demo bundle next to its runs so `gf01 validate` can re-verify them later. */
export declare function writeDemoBundle(dataDir: string, json: string): Promise<string>;
