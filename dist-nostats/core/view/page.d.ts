import { type ViewDataset } from "./types.js";
/** The CSP for the page: this script and style only; fetches to the same origin when served. */
export declare function viewerCsp(mode: "served" | "static"): string;
/** JSON safe inside a `<script type="application/json">` block (no `</script>`, no `<!--`). */
export declare function jsonForScript(v: unknown): string;
/** The page the loopback server serves (rows and details come from its JSON endpoints). */
export declare function servedPageHtml(title: string): string;
/** Largest static page we write: beyond it browsers struggle to open the file at all. */
export declare const MAX_STATIC_BYTES: number;
/**
 * One self-contained HTML file: the page plus every row and every detail, embedded as
 * compact JSON. Opens from disk with no server and no network. Each detail is embedded as a
 * JSON string and parsed only when opened, so loading creates no object per detail. A page
 * past `MAX_STATIC_BYTES` is refused with the way out (serve it instead).
 */
export declare function staticViewerHtml(d: ViewDataset, maxBytes?: number): string;
