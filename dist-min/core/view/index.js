/**
 * The sample viewer (docs/viewer.md): a family adapter turns run files into a `ViewDataset`;
 * `startViewServer` serves it on loopback, `writeStaticViewer` writes one self-contained HTML.
 */
import { writeFileAtomic } from "../jsonl.js";
import { staticViewerHtml } from "./page.js";
export { jsonForScript, servedPageHtml, staticViewerHtml, viewerCsp } from "./page.js";
export { MAX_PAGE, startViewServer } from "./server.js";
export * from "./types.js";
/** Write the dataset as one static HTML file (atomically). */
export async function writeStaticViewer(d, out) {
    await writeFileAtomic(out, staticViewerHtml(d));
}
//# sourceMappingURL=index.js.map