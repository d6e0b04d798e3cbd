import { type ViewDataset } from "./types.js";
export interface ViewServerOptions {
    port?: number;
    host?: string;
}
export interface ViewServer {
    url: string;
    close(): Promise<void>;
}
/** Rows per `/api/rows` page at most. */
export declare const MAX_PAGE = 20000;
export declare function startViewServer(d: ViewDataset, o?: ViewServerOptions): Promise<ViewServer>;
