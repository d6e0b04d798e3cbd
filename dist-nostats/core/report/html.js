/**
 * Self-contained HTML reports shared by both families: inline CSS, charts as inline SVG
 * rendered at build time, tables as HTML with CSV/JSON downloads embedded as data: URIs.
 * Opening the file needs no network, no script and no server. Output is deterministic: the
 * same report document gives the same bytes (no clock, no random ids).
 */
import { mkdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeFileAtomic } from "../jsonl.js";
import { renderCharts } from "./charts.js";
import { displayCell, tableCsv, tableJson } from "./tables.js";
export const esc = (s) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const CSS = `
:root{color-scheme:light;--fg:#1d2330;--muted:#5b6475;--line:#e3e6ec;--accent:#2f5fd0}
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:#fafbfc}
header{padding:24px 32px 8px;background:#fff;border-bottom:1px solid var(--line)}h1{margin:0 0 4px;font-size:22px}
.sub{color:var(--muted);margin:0 0 12px}dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0 0 12px;font-size:13px}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}
nav{padding:8px 32px;background:#fff;border-bottom:1px solid var(--line);position:sticky;top:0;z-index:1}
nav a{margin-right:14px;color:var(--accent);text-decoration:none;font-size:13px}
main{padding:8px 32px 48px;max-width:1400px}section{margin:28px 0}h2{font-size:18px;margin:0 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
.grid{display:flex;flex-wrap:wrap;gap:20px}figure{margin:0;background:#fff;border:1px solid var(--line);border-radius:6px;padding:12px;max-width:100%;overflow-x:auto}
figcaption{color:var(--muted);font-size:12.5px;margin-top:6px;max-width:640px}figure h3{font-size:14px;margin:0 0 6px}
.empty{color:var(--muted);font-style:italic}table{border-collapse:collapse;font-size:12.5px;background:#fff}
th,td{border:1px solid var(--line);padding:3px 8px;text-align:right;white-space:nowrap}th{background:#f3f5f8;position:sticky;top:0}
td.t,th.t{text-align:left}.tbl{max-height:480px;overflow:auto;border:1px solid var(--line);border-radius:6px;margin:8px 0}
.dl a{font-size:12px;margin-right:10px;color:var(--accent)}details{margin:10px 0}summary{cursor:pointer;font-weight:600}
@media print{nav{display:none}.tbl{max-height:none}}
`;
const dataUri = (mime, text) => `data:${mime};charset=utf-8,${encodeURIComponent(text)}`;
function tableHtml(t) {
    const numeric = t.columns.map((_, i) => t.rows.every((r) => r[i] === null || typeof r[i] === "number"));
    const th = t.columns.map((c, i) => `<th class="${numeric[i] ? "" : "t"}">${esc(c)}</th>`).join("");
    const body = t.rows
        .map((r) => `<tr>${r.map((v, i) => `<td class="${numeric[i] ? "" : "t"}">${esc(displayCell(v))}</td>`).join("")}</tr>`)
        .join("\n");
    const csv = tableCsv(t);
    const json = tableJson(t);
    // Downloads live in the page itself (self-contained); very large tables only as files.
    const small = csv.length + json.length < 400_000;
    const dl = small
        ? `<span class="dl"><a download="${esc(t.id)}.csv" href="${dataUri("text/csv", csv)}">CSV</a><a download="${esc(t.id)}.json" href="${dataUri("application/json", json)}">JSON</a></span>`
        : `<span class="dl">CSV/JSON: see ${esc(t.id)}.csv / .json beside this page</span>`;
    return `<details id="${esc(t.id)}" open><summary>${esc(t.title)} <small>(${t.rows.length} rows)</small></summary>${t.caption ? `<p class="sub">${esc(t.caption)}</p>` : ""}${dl}<div class="tbl"><table><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table></div></details>`;
}
function figureHtml(c) {
    return `<figure id="${esc(c.id)}" data-chart="${esc(c.id)}" data-marks="${c.marks}"><h3>${esc(c.title)}</h3>${c.svg}${c.caption ? `<figcaption>${esc(c.caption)}</figcaption>` : ""}</figure>`;
}
/** Render the document to one HTML string (charts rendered here, at build time). */
export async function buildReport(doc) {
    const allCharts = [];
    const allTables = [];
    const parts = [];
    for (const s of doc.sections) {
        const charts = await renderCharts(s.charts ?? []);
        allCharts.push(...charts);
        allTables.push(...(s.tables ?? []));
        const intro = (s.intro ?? []).map((p) => `<p>${esc(p)}</p>`).join("");
        const figs = charts.length ? `<div class="grid">${charts.map(figureHtml).join("\n")}</div>` : "";
        const empty = !charts.length && !(s.tables ?? []).length && s.empty ? `<p class="empty">${esc(s.empty)}</p>` : "";
        const tables = (s.tables ?? []).map(tableHtml).join("\n");
        parts.push(`<section id="${esc(s.id)}"><h2>${esc(s.title)}</h2>${intro}${figs}${empty}${tables}</section>`);
    }
    const facts = doc.facts?.length
        ? `<dl class="facts">${doc.facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("")}</dl>`
        : "";
    const nav = doc.sections.map((s) => `<a href="#${esc(s.id)}">${esc(s.title)}</a>`).join("");
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.title)}</title><style>${CSS}</style></head>
<body><header><h1>${esc(doc.title)}</h1>${doc.subtitle ? `<p class="sub">${esc(doc.subtitle)}</p>` : ""}${facts}</header>
<nav>${nav}</nav><main>
${parts.join("\n")}
</main></body></html>
`;
    return { html, charts: allCharts, tables: allTables };
}
export async function writeReport(doc, out, opts = {}) {
    const built = await buildReport(doc);
    mkdirSync(dirname(out), { recursive: true });
    const filesDir = opts.filesDir ?? join(dirname(out), `${basename(out).replace(/\.html?$/i, "")}.files`);
    if (opts.tableFiles !== false || opts.png)
        mkdirSync(filesDir, { recursive: true });
    // Every file atomically (a kill never leaves a torn one), the HTML last.
    if (opts.tableFiles !== false)
        for (const t of built.tables) {
            await writeFileAtomic(join(filesDir, `${t.id}.csv`), tableCsv(t));
            await writeFileAtomic(join(filesDir, `${t.id}.json`), tableJson(t));
        }
    await writeFileAtomic(out, built.html);
    let pngs = [];
    if (opts.png) {
        const { exportPngs } = await import("./png.js");
        pngs = await exportPngs(built.charts, filesDir, { chromium: opts.chromium });
    }
    return { html: out, filesDir, charts: built.charts.length, tables: built.tables.length, pngs };
}
//# sourceMappingURL=html.js.map