/**
 * The sample viewer (docs/viewer.md): a family adapter turns run files into a `ViewDataset`;
 * `startViewServer` serves it on loopback, `writeStaticViewer` writes one self-contained HTML.
 */
import { writeFileAtomic } from "../jsonl.js";
import { staticViewerHtml } from "./page.js";

export { jsonForScript, servedPageHtml, staticViewerHtml, viewerCsp } from "./page.js";
export { MAX_PAGE, startViewServer, type ViewServer, type ViewServerOptions } from "./server.js";
export * from "./types.js";

import type { ViewDataset } from "./types.js";

/** Write the dataset as one static HTML file (atomically). */
export async function writeStaticViewer(d: ViewDataset, out: string): Promise<void> {
  await writeFileAtomic(out, staticViewerHtml(d));
}
