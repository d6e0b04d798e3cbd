/**
 * What `gf01 view` and `geb view` share: the `--html/--port/--host` options and the action
 * after the family adapter built its dataset (write one static file, or serve on loopback
 * until Ctrl-C).
 */
import type { Command } from "commander";
import type { ViewDataset } from "./types.js";
export declare const DEFAULT_VIEW_PORT = 8020;
export declare function addViewOptions(cmd: Command): Command;
export interface ViewCommandOptions {
    html?: string;
    port: number;
    host: string;
}
/** Write the static page, or serve until SIGINT/SIGTERM. Lines go to stderr, the URL/path to stdout. */
export declare function runViewer(d: ViewDataset, o: ViewCommandOptions, name: string): Promise<void>;
