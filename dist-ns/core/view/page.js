/**
 * The viewer page: one HTML document with an inline style and script, used both by the
 * loopback server (rows fetched from JSON endpoints) and as a static file (rows and details
 * embedded as a JSON data block). A Content-Security-Policy allows only this script and this
 * style (by hash) and, when served, fetches to the same origin: no network, no eval, no
 * inline event handlers, so a hostile string that somehow became markup still could not run.
 */
import { createHash } from "node:crypto";
import { VIEWER_SCRIPT } from "./client.js";
import { InputError } from "../errors.js";
import { packRow, viewMeta } from "./types.js";
const STYLE = `
:root { font: 13px/1.4 system-ui, sans-serif; color: #1d2330; background: #f7f7f9; }
body { margin: 0; }
header { padding: 8px 12px; background: #24324a; color: #fff; display: flex; gap: 16px; align-items: baseline; }
header h1 { font-size: 16px; margin: 0; }
#status, #count, #diff-count { color: #c9d3e6; }
#notes { margin: 0; padding: 4px 12px 4px 28px; background: #fff6d6; }
#notes:empty { display: none; }
.toolbar { display: flex; flex-wrap: wrap; gap: 8px; padding: 8px 12px; background: #e9ecf2; align-items: center; }
.toolbar input[type=search] { width: 240px; }
main { display: grid; grid-template-columns: minmax(380px, 45%) 1fr; height: calc(100vh - 110px); }
.listbox { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid #ccd; }
.vlist { position: relative; overflow: auto; flex: 1; background: #fff; }
.spacer { width: 1px; }
.rows { position: absolute; left: 0; top: 24px; min-width: 100%; }
#diff-rows { top: 0; }
.row, #list-head { display: flex; gap: 8px; height: 24px; line-height: 24px; padding: 0 6px; white-space: nowrap; }
.row { position: absolute; left: 0; min-width: 100%; box-sizing: border-box; cursor: pointer; border-bottom: 1px solid #eef; }
.row:hover { background: #eef3ff; } .row.sel { background: #d7e4ff; }
#list-head { font-weight: 600; background: #f0f2f6; position: sticky; top: 0; z-index: 1; width: max-content; min-width: 100%; box-sizing: border-box; }
.row span, #list-head span { overflow: hidden; text-overflow: ellipsis; }
.c-run { width: 170px; flex: none; } .c-item { width: 130px; flex: none; } .c-ok { width: 60px; flex: none; }
.c { width: 80px; flex: none; }
.ok { color: #176b2c; } .bad { color: #a31919; } .na { color: #777; }
.row.bad .c-ok { font-weight: 600; } .row.discordant { background: #fff1e0; }
#detail { overflow: auto; padding: 8px 14px; }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.detail-col { min-width: 0; }
h2 { font-size: 15px; margin: 6px 0; } h3 { font-size: 13px; margin: 12px 0 4px; color: #24324a; }
.verdict { font-weight: 600; }
table.kv th { text-align: left; padding-right: 10px; white-space: nowrap; color: #555; font-weight: 500; vertical-align: top; }
table.kv td { word-break: break-word; }
table.grid { border-collapse: collapse; } table.grid th, table.grid td { border: 1px solid #dde; padding: 1px 6px; }
tr.m-pick, tr.m-gold { background: #e3f6e6; } tr.m-rejected { background: #fde8e8; } tr.m-practice { color: #667; }
.line { font-family: ui-monospace, monospace; font-size: 12px; padding: 1px 4px; white-space: pre-wrap; word-break: break-word; }
.line.m-gold { background: #d9f4dd; } .line.m-cited { outline: 2px solid #3566d6; }
.line.m-note, .line.m-stale, .line.m-instruction, .line.m-distractor, .line.m-summary, .line.m-quote { color: #8a5a00; }
.badge { display: inline-block; font-family: system-ui, sans-serif; font-size: 10px; padding: 0 4px; margin-right: 4px; border-radius: 3px; background: #ddd; color: #222; }
.b-gold { background: #2e8b3e; color: #fff; } .b-cited { background: #3566d6; color: #fff; } .b-pick { background: #6b3fc4; color: #fff; }
.b-note, .b-stale, .b-instruction, .b-distractor, .b-summary, .b-quote { background: #f0c050; }
.msg { border: 1px solid #dde; margin: 4px 0; background: #fff; } .msg .role { background: #eef; padding: 1px 6px; font-weight: 600; }
.msg-assistant .role { background: #e6f2e6; }
pre { margin: 0; padding: 4px 6px; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
.missing { color: #8a3b00; font-style: italic; } .muted { color: #666; }
body[data-mode=list] .diffbox { display: none; } body[data-mode=diff] .listbox { display: none; }
.diffbox { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid #ccd; }
#diff-count { color: #333; padding: 4px 6px; }
`;
const hash = (s) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
/** The CSP for the page: this script and style only; fetches to the same origin when served. */
export function viewerCsp(mode) {
    return [
        "default-src 'none'",
        `script-src ${hash(VIEWER_SCRIPT)}`,
        `style-src ${hash(STYLE)}`,
        `connect-src ${mode === "served" ? "'self'" : "'none'"}`,
        "img-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ].join("; ");
}
/** JSON safe inside a `<script type="application/json">` block (no `</script>`, no `<!--`). */
export function jsonForScript(v) {
    return JSON.stringify(v)
        .replace(/</g, "\\u003c")
        .replace(/>/g, "\\u003e")
        .replace(/&/g, "\\u0026")
        .replace(/\u2028/g, "\\u2028")
        .replace(/\u2029/g, "\\u2029");
}
function escapeHtml(s) {
    return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
function pageHtml(title, mode, data) {
    const csp = mode === "static" ? `<meta http-equiv="Content-Security-Policy" content="${viewerCsp(mode)}">\n` : "";
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
${csp}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body data-mode="list">
<header><h1 id="title">${escapeHtml(title)}</h1><span id="count"></span><span id="status">loading …</span></header>
<ul id="notes"></ul>
<div class="toolbar">
<input id="search" type="search" placeholder="search ids, values, answers…" aria-label="search">
<label><input id="wrong-only" type="checkbox"> wrong only</label>
<select id="metric" aria-label="failed on metric"></select>
<select id="run" aria-label="run"></select>
<span id="facets"></span>
<span>diff: A <select id="diff-a" aria-label="run A"></select> B <select id="diff-b" aria-label="run B"></select></span>
<button id="diff-btn" type="button">Diff two runs</button>
</div>
<main>
<div class="listbox"><div id="list" class="vlist"><div id="list-head"></div><div id="spacer" class="spacer"></div><div id="rows" class="rows"></div></div></div>
<div class="diffbox"><div id="diff-count"></div><div id="diff-list" class="vlist"><div id="diff-spacer" class="spacer"></div><div id="diff-rows" class="rows"></div></div></div>
<div id="detail"><p class="muted">Select a sample to see what was asked, what came back and how it was graded.</p></div>
</main>
${data}<script>${VIEWER_SCRIPT}</script>
</body></html>
`;
}
/** The page the loopback server serves (rows and details come from its JSON endpoints). */
export function servedPageHtml(title) {
    return pageHtml(title, "served", "");
}
/** Largest static page we write: beyond it browsers struggle to open the file at all. */
export const MAX_STATIC_BYTES = 256 * 1024 * 1024;
/**
 * One self-contained HTML file: the page plus every row and every detail, embedded as
 * compact JSON. Opens from disk with no server and no network. Each detail is embedded as a
 * JSON string and parsed only when opened, so loading creates no object per detail. A page
 * past `MAX_STATIC_BYTES` is refused with the way out (serve it instead).
 */
export function staticViewerHtml(d, maxBytes = MAX_STATIC_BYTES) {
    const details = [];
    let bytes = 0;
    for (let i = 0; i < d.rows.length; i++) {
        const s = JSON.stringify(d.detail(i));
        bytes += s.length;
        if (bytes > maxBytes)
            throw new InputError(`a static page of these ${d.rows.length} samples would exceed ${Math.round(maxBytes / 2 ** 20)} MB; serve it instead (drop --html) or view fewer runs`, { field: "--html" });
        details.push(s);
    }
    const data = jsonForScript({ meta: viewMeta(d), rows: d.rows.map(packRow), details });
    return pageHtml(d.title, "static", `<script type="application/json" id="ob-data">${data}</script>\n`);
}
//# sourceMappingURL=page.js.map