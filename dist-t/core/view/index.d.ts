export { jsonForScript, servedPageHtml, staticViewerHtml, viewerCsp } from "./page.js";
export { MAX_PAGE, startViewServer, type ViewServer, type ViewServerOptions } from "./server.js";
export * from "./types.js";
import type { ViewDataset } from "./types.js";
/** Write the dataset as one static HTML file (atomically). */
export declare function writeStaticViewer(d: ViewDataset, out: string): Promise<void>;
