/**
 * The viewer page's script, as a string inlined into the page (served or static). Plain
 * ES2020 DOM code with no framework and no build step, so an installed package needs nothing
 * but this module; it is small enough that a Vite bundle (as src/web) would add more than it
 * saves. Every text from a run file is set with textContent (never innerHTML): model replies
 * are hostile text. No template literals inside (the string is a String.raw template).
 */
// biome-ignore lint/complexity/noUselessStringRaw: escapes later added to the script stay as written
export const VIEWER_SCRIPT = String.raw `(function () {
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
//# sourceMappingURL=client.js.map