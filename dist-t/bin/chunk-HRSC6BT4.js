import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  listenOn
} from "./chunk-K3BHPOQA.js";

// src/core/view/server.ts
import { createServer } from "node:http";

// src/core/view/page.ts
import { createHash } from "node:crypto";

// src/core/view/client.ts
var VIEWER_SCRIPT = String.raw`(function () {
"use strict";
var ROW_H = 24;
// A small first page paints at once; larger pages after it keep the request count low.
var FIRST = 2000, CHUNK = 20000;
var state = {
  meta: null, rows: [], details: null, view: new Int32Array(0), search: [], selected: -1,
  mode: "list", diff: [], diffSel: -1
};
function $(id) { return document.getElementById(id); }
function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
function fmt(v) {
  if (v === null || v === undefined) return "–";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(3);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) return v.map(fmt).join(", ");
  return String(v);
}
function okText(o) { return o === 1 ? "right" : o === 0 ? "wrong" : "–"; }
function okClass(o) { return o === 1 ? "ok" : o === 0 ? "bad" : "na"; }

// ---- loading -------------------------------------------------------------------------
function start() {
  var embedded = $("ob-data");
  if (embedded) {
    var d = JSON.parse(embedded.textContent);
    state.meta = d.meta; state.details = d.details;
    setup();
    addRows(d.rows);
    $("status").textContent = "";
    return;
  }
  fetch("api/meta").then(function (r) { return r.json(); }).then(function (meta) {
    state.meta = meta;
    setup();
    loadChunk(0);
  }).catch(function (e) { $("status").textContent = "cannot load: " + e; });
}
function loadChunk(offset) {
  var total = state.meta.total;
  if (offset >= total) { $("status").textContent = ""; return; }
  $("status").textContent = "loading " + offset + " / " + total + " …";
  fetch("api/rows?offset=" + offset + "&limit=" + (offset ? CHUNK : FIRST)).then(function (r) { return r.json(); })
    .then(function (b) { addRows(b.rows); loadChunk(b.rows.length ? offset + b.rows.length : total); })
    .catch(function (e) { $("status").textContent = "cannot load rows: " + e; });
}
function addRows(rows) {
  var from = state.rows.length;
  for (var i = 0; i < rows.length; i++) state.rows.push(rows[i]);
  refreshFacets(from);
  applyFilters();
}
function getDetail(i) {
  if (state.details) return Promise.resolve(JSON.parse(state.details[i]));
  return fetch("api/detail?i=" + i).then(function (r) { return r.json(); });
}

// ---- controls ------------------------------------------------------------------------
var facetCols = [];
var shown = [];
var facetSeen = [];
function setup() {
  var m = state.meta;
  document.title = m.title;
  $("title").textContent = m.title;
  var notes = $("notes");
  m.notes.forEach(function (n) { notes.appendChild(el("li", "", n)); });
  var metric = $("metric");
  metric.appendChild(opt("", "any metric"));
  m.columns.forEach(function (c, ci) {
    if (c.metric) metric.appendChild(opt(String(ci), "failed: " + c.label));
  });
  var run = $("run");
  run.appendChild(opt("", "all runs"));
  m.runs.forEach(function (r, ri) { run.appendChild(opt(String(ri), r.label)); });
  ["diff-a", "diff-b"].forEach(function (id, k) {
    var s = $(id);
    m.runs.forEach(function (r, ri) { s.appendChild(opt(String(ri), r.label)); });
    s.value = String(Math.min(k, m.runs.length - 1));
  });
  var facets = $("facets");
  m.columns.forEach(function (c, ci) {
    if (!c.facet) return;
    var s = el("select", "facet");
    s.setAttribute("data-col", String(ci));
    s.setAttribute("aria-label", c.label);
    s.appendChild(opt("", "all " + c.label));
    s.addEventListener("change", applyFilters);
    facets.appendChild(s);
    facetCols.push({ ci: ci, sel: s });
    facetSeen.push(new Set());
  });
  var head = $("list-head");
  head.appendChild(el("span", "c-run", "run"));
  head.appendChild(el("span", "c-item", "item"));
  head.appendChild(el("span", "c-ok", "graded"));
  shown = [];
  m.columns.forEach(function (c, ci) { if (!c.hidden) { shown.push(ci + 3); head.appendChild(el("span", "c", c.label)); } });
  var timer = 0;
  $("search").addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(applyFilters, 120); });
  $("wrong-only").addEventListener("change", applyFilters);
  metric.addEventListener("change", applyFilters);
  run.addEventListener("change", applyFilters);
  $("list").addEventListener("scroll", renderList);
  $("diff-btn").addEventListener("click", function () { setMode(state.mode === "diff" ? "list" : "diff"); });
  $("diff-a").addEventListener("change", function () { if (state.mode === "diff") buildDiff(); });
  $("diff-b").addEventListener("change", function () { if (state.mode === "diff") buildDiff(); });
  $("diff-list").addEventListener("scroll", renderDiff);
  document.addEventListener("keydown", onKey);
  $("diff-btn").disabled = m.runs.length < 2;
  applyFilters();
}
function opt(value, label) { var o = el("option", "", label); o.value = value; return o; }
function refreshFacets(from) {
  var off = 3;
  facetCols.forEach(function (f, k) {
    var seen = facetSeen[k];
    var fresh = [];
    for (var i = from; i < state.rows.length; i++) {
      var v = state.rows[i][off + f.ci];
      var key = fmt(v);
      if (!seen.has(key)) { seen.add(key); fresh.push(key); }
    }
    fresh.sort().forEach(function (v) { f.sel.appendChild(opt(v, v)); });
  });
}
function searchText(i) {
  var s = state.search[i];
  if (s === undefined) {
    var r = state.rows[i];
    s = (state.meta.runs[r[0]].label + " " + r.slice(1).map(fmt).join(" ")).toLowerCase();
    state.search[i] = s;
  }
  return s;
}
function applyFilters() {
  var q = $("search").value.trim().toLowerCase();
  var wrong = $("wrong-only").checked;
  var metric = $("metric").value === "" ? -1 : Number($("metric").value) + 3;
  var run = $("run").value === "" ? -1 : Number($("run").value);
  var fs = facetCols.filter(function (f) { return f.sel.value !== ""; })
    .map(function (f) { return { i: f.ci + 3, v: f.sel.value }; });
  var out = new Int32Array(state.rows.length);
  var n = 0;
  for (var i = 0; i < state.rows.length; i++) {
    var r = state.rows[i];
    if (wrong && r[2] !== 0) continue;
    if (run >= 0 && r[0] !== run) continue;
    if (metric >= 0) {
      var mv = r[metric];
      if (!(mv === false || (typeof mv === "number" && mv < 1))) continue;
    }
    var pass = true;
    for (var k = 0; k < fs.length; k++) if (fmt(r[fs[k].i]) !== fs[k].v) { pass = false; break; }
    if (!pass) continue;
    if (q && searchText(i).indexOf(q) < 0) continue;
    out[n++] = i;
  }
  state.view = out.subarray(0, n);
  $("count").textContent = n + " of " + state.rows.length + " samples";
  $("spacer").style.height = n * ROW_H + "px";
  renderList();
}
function renderList() {
  var list = $("list");
  var body = $("rows");
  var first = Math.max(0, Math.floor(list.scrollTop / ROW_H) - 5);
  var last = Math.min(state.view.length, first + Math.ceil(list.clientHeight / ROW_H) + 10);
  body.replaceChildren();
  for (var p = first; p < last; p++) {
    var i = state.view[p];
    var r = state.rows[i];
    var row = el("div", "row " + okClass(r[2]) + (i === state.selected ? " sel" : ""));
    row.style.top = p * ROW_H + "px";
    row.setAttribute("data-i", String(i));
    row.appendChild(el("span", "c-run", state.meta.runs[r[0]].label));
    row.appendChild(el("span", "c-item", r[1]));
    row.appendChild(el("span", "c-ok", okText(r[2])));
    for (var c = 0; c < shown.length; c++) row.appendChild(el("span", "c", fmt(r[shown[c]])));
    row.addEventListener("click", onRowClick);
    body.appendChild(row);
  }
}
// Up/Down (or k/j) walk the list and open each sample; typing in a field is left alone.
function onKey(ev) {
  if (state.mode !== "list" || /^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName)) return;
  var step = ev.key === "ArrowDown" || ev.key === "j" ? 1 : ev.key === "ArrowUp" || ev.key === "k" ? -1 : 0;
  if (!step || !state.view.length) return;
  ev.preventDefault();
  var p = state.view.indexOf(state.selected);
  p = p < 0 ? 0 : Math.max(0, Math.min(state.view.length - 1, p + step));
  state.selected = state.view[p];
  var list = $("list");
  var top = p * ROW_H, head = ROW_H;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + ROW_H + head > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW_H + head - list.clientHeight;
  renderList();
  showDetails([state.selected]);
}
function onRowClick(ev) {
  var i = Number(ev.currentTarget.getAttribute("data-i"));
  state.selected = i;
  renderList();
  showDetails([i]);
}

// ---- details -------------------------------------------------------------------------
function showDetails(idx) {
  var pane = $("detail");
  pane.replaceChildren(el("p", "muted", "loading …"));
  Promise.all(idx.map(getDetail)).then(function (ds) {
    pane.replaceChildren();
    var wrap = el("div", ds.length > 1 ? "side-by-side" : "single");
    ds.forEach(function (d, k) {
      var col = el("div", "detail-col");
      var r = state.rows[idx[k]];
      col.appendChild(el("h2", "", state.meta.runs[r[0]].label + " · " + r[1]));
      col.appendChild(el("p", "verdict " + okClass(r[2]), d.title));
      d.sections.forEach(function (s) { col.appendChild(section(s)); });
      wrap.appendChild(col);
    });
    pane.appendChild(wrap);
  }).catch(function (e) { pane.replaceChildren(el("p", "missing", "cannot load the sample: " + e)); });
}
function section(s) {
  var box = el("section", "sec sec-" + s.kind);
  box.appendChild(el("h3", "", s.title));
  if (s.kind === "kv") {
    var t = el("table", "kv");
    s.pairs.forEach(function (p) {
      var tr = el("tr");
      tr.appendChild(el("th", "", p[0]));
      tr.appendChild(el("td", "", fmt(p[1])));
      t.appendChild(tr);
    });
    box.appendChild(t);
  } else if (s.kind === "lines") {
    if (s.legend) box.appendChild(el("p", "muted", s.legend));
    s.lines.forEach(function (l) {
      var marks = l.marks || [];
      var d = el("div", "line" + marks.map(function (m) { return " m-" + m.replace(/[^a-z_-]/g, ""); }).join(""));
      marks.forEach(function (m) { d.appendChild(el("span", "badge b-" + m.replace(/[^a-z_-]/g, ""), m)); });
      d.appendChild(el("span", "txt", l.text));
      box.appendChild(d);
    });
  } else if (s.kind === "table") {
    var tb = el("table", "grid");
    var hr = el("tr");
    s.columns.forEach(function (c) { hr.appendChild(el("th", "", c)); });
    tb.appendChild(hr);
    s.rows.forEach(function (r, k) {
      var marks = (s.marks && s.marks[k]) || [];
      var tr = el("tr", marks.map(function (m) { return "m-" + m.replace(/[^a-z_-]/g, ""); }).join(" "));
      r.forEach(function (v) { tr.appendChild(el("td", "", fmt(v))); });
      tb.appendChild(tr);
    });
    box.appendChild(tb);
  } else if (s.kind === "messages") {
    s.items.forEach(function (m) {
      var d = el("div", "msg msg-" + m.role.replace(/[^a-z]/g, ""));
      d.appendChild(el("div", "role", m.role + (m.note ? " · " + m.note : "")));
      d.appendChild(el("pre", "", m.content));
      box.appendChild(d);
    });
  } else if (s.kind === "text") {
    box.appendChild(el("pre", "", s.text));
  } else {
    box.appendChild(el("p", "missing", s.text));
  }
  return box;
}

// ---- diff ----------------------------------------------------------------------------
function setMode(mode) {
  state.mode = mode;
  document.body.setAttribute("data-mode", mode);
  $("diff-btn").textContent = mode === "diff" ? "Back to list" : "Diff two runs";
  if (mode === "diff") buildDiff();
}
function buildDiff() {
  var a = Number($("diff-a").value), b = Number($("diff-b").value);
  var ia = new Map(), ib = new Map();
  for (var i = 0; i < state.rows.length; i++) {
    var r = state.rows[i];
    if (r[0] === a && !ia.has(r[1])) ia.set(r[1], i);
    if (r[0] === b && !ib.has(r[1])) ib.set(r[1], i);
  }
  var pairs = [];
  var ab = 0, ba = 0, both = 0;
  ia.forEach(function (i, item) {
    if (!ib.has(item)) return;
    var j = ib.get(item);
    var oa = state.rows[i][2], ob = state.rows[j][2];
    var rank = oa !== null && ob !== null && oa !== ob ? 0 : oa === 0 && ob === 0 ? 1 : 2;
    if (rank === 0) { if (oa === 1) ab++; else ba++; }
    if (rank === 1) both++;
    pairs.push({ item: item, i: i, j: j, rank: rank });
  });
  pairs.sort(function (x, y) { return x.rank - y.rank || (x.item < y.item ? -1 : x.item > y.item ? 1 : 0); });
  state.diff = pairs;
  state.diffSel = -1;
  $("diff-count").textContent = pairs.length + " items in both runs; discordant " + (ab + ba) +
    " (A right, B wrong: " + ab + "; A wrong, B right: " + ba + "); both wrong " + both +
    (state.meta.runs[a].dataset !== state.meta.runs[b].dataset ? " — warning: the two runs read different data files" : "");
  $("diff-spacer").style.height = pairs.length * ROW_H + "px";
  renderDiff();
}
function renderDiff() {
  var list = $("diff-list");
  var body = $("diff-rows");
  var first = Math.max(0, Math.floor(list.scrollTop / ROW_H) - 5);
  var last = Math.min(state.diff.length, first + Math.ceil(list.clientHeight / ROW_H) + 10);
  body.replaceChildren();
  for (var p = first; p < last; p++) {
    var d = state.diff[p];
    var ra = state.rows[d.i], rb = state.rows[d.j];
    var row = el("div", "row" + (d.rank === 0 ? " discordant" : "") + (p === state.diffSel ? " sel" : ""));
    row.style.top = p * ROW_H + "px";
    row.setAttribute("data-p", String(p));
    row.appendChild(el("span", "c-item", d.item));
    row.appendChild(el("span", "c-ok " + okClass(ra[2]), "A " + okText(ra[2])));
    row.appendChild(el("span", "c-ok " + okClass(rb[2]), "B " + okText(rb[2])));
    row.appendChild(el("span", "c", d.rank === 0 ? "discordant" : d.rank === 1 ? "both wrong" : "same"));
    row.addEventListener("click", function (ev) {
      var q = Number(ev.currentTarget.getAttribute("data-p"));
      state.diffSel = q;
      renderDiff();
      showDetails([state.diff[q].i, state.diff[q].j]);
    });
    body.appendChild(row);
  }
}

start();
})();
`;

// src/core/view/page.ts
import { InputError } from "../core/errors.js";

// src/core/view/types.ts
function viewMeta(d) {
  return {
    family: d.family,
    title: d.title,
    columns: d.columns,
    runs: d.runs,
    notes: d.notes,
    total: d.rows.length
  };
}
function packRow(r) {
  return [r.run, r.item, r.ok === null ? null : r.ok ? 1 : 0, ...r.cells];
}

// src/core/view/page.ts
var STYLE = `
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
var hash = (s) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
function viewerCsp(mode) {
  return [
    "default-src 'none'",
    `script-src ${hash(VIEWER_SCRIPT)}`,
    `style-src ${hash(STYLE)}`,
    `connect-src ${mode === "served" ? "'self'" : "'none'"}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ");
}
function jsonForScript(v) {
  return JSON.stringify(v).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
function pageHtml(title, mode, data) {
  const csp = mode === "static" ? `<meta http-equiv="Content-Security-Policy" content="${viewerCsp(mode)}">
` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
${csp}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body data-mode="list">
<header><h1 id="title">${escapeHtml(title)}</h1><span id="count"></span><span id="status">loading \u2026</span></header>
<ul id="notes"></ul>
<div class="toolbar">
<input id="search" type="search" placeholder="search ids, values, answers\u2026" aria-label="search">
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
function servedPageHtml(title) {
  return pageHtml(title, "served", "");
}
var MAX_STATIC_BYTES = 256 * 1024 * 1024;
function staticViewerHtml(d, maxBytes = MAX_STATIC_BYTES) {
  const details = [];
  let bytes = 0;
  for (let i = 0; i < d.rows.length; i++) {
    const s = JSON.stringify(d.detail(i));
    bytes += s.length;
    if (bytes > maxBytes)
      throw new InputError(
        `a static page of these ${d.rows.length} samples would exceed ${Math.round(maxBytes / 2 ** 20)} MB; serve it instead (drop --html) or view fewer runs`,
        { field: "--html" }
      );
    details.push(s);
  }
  const data = jsonForScript({ meta: viewMeta(d), rows: d.rows.map(packRow), details });
  return pageHtml(d.title, "static", `<script type="application/json" id="ob-data">${data}</script>
`);
}

// src/core/view/server.ts
var MAX_PAGE = 2e4;
async function startViewServer(d, o = {}) {
  const host = o.host ?? "127.0.0.1";
  const page = servedPageHtml(d.title);
  const csp = viewerCsp("served");
  const meta = JSON.stringify(viewMeta(d));
  const send = (res, status, type, body) => {
    res.writeHead(status, {
      "content-type": type,
      "cache-control": "no-store",
      "content-security-policy": csp,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer"
    });
    res.end(body);
  };
  const json = (res, status, v) => send(res, status, "application/json; charset=utf-8", typeof v === "string" ? v : JSON.stringify(v));
  const int = (u, k, dflt) => {
    const s = u.searchParams.get(k);
    const n = s === null ? dflt : Number(s);
    return Number.isSafeInteger(n) && n >= 0 ? n : -1;
  };
  const handle = (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD")
      return json(res, 405, { error: { code: "method_not_allowed", message: "read-only" } });
    const u = new URL(req.url ?? "/", "http://localhost");
    switch (u.pathname) {
      case "/":
      case "/index.html":
        return send(res, 200, "text/html; charset=utf-8", page);
      case "/api/meta":
        return json(res, 200, meta);
      case "/api/rows": {
        const offset = int(u, "offset", 0);
        const limit = int(u, "limit", 5e3);
        if (offset < 0 || limit < 0)
          return json(res, 400, {
            error: { code: "bad_request", message: "offset and limit are integers \u2265 0" }
          });
        const rows = d.rows.slice(offset, offset + Math.min(limit, MAX_PAGE)).map(packRow);
        return json(res, 200, { offset, rows });
      }
      case "/api/detail": {
        const i = int(u, "i", -1);
        if (i < 0 || i >= d.rows.length)
          return json(res, 404, { error: { code: "not_found", message: "no such sample" } });
        try {
          return json(res, 200, d.detail(i));
        } catch (e) {
          return json(res, 500, { error: { code: "internal", message: e.message } });
        }
      }
      default:
        return json(res, 404, { error: { code: "not_found", message: "not found" } });
    }
  };
  const server = createServer(handle);
  await listenOn(server, o.port ?? 8020, host);
  const addr = server.address();
  const shown = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shown}:${addr.port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })
  };
}

export {
  viewMeta,
  packRow,
  viewerCsp,
  jsonForScript,
  servedPageHtml,
  staticViewerHtml,
  MAX_PAGE,
  startViewServer
};
