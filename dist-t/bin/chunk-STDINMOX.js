import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ROW_RATE_METRICS,
  pairedRateComparisons,
  summarizeRuns
} from "./chunk-NDZHQLMR.js";
import {
  loadRuns
} from "./chunk-EH22LCP7.js";
import "./chunk-BDOI5KDH.js";
import "./chunk-AQ3C7YHI.js";
import "./chunk-ZUKEXBGA.js";
import "./chunk-FEZSZ4TE.js";
import "./chunk-NNDIMO2F.js";
import "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-S3MUNSMH.js";
import {
  minimumDetectableDifference
} from "./chunk-VPUOSIMC.js";
import "./chunk-Z5G6XQ3A.js";
import "./chunk-XRAGKYZP.js";
import "./chunk-LCTBYAZL.js";
import {
  formatPValue
} from "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/summary/compare.ts
function summaryFor(path) {
  return summarizeRuns(loadRuns([path]).map((r) => r.payload));
}
function flat(s) {
  const m = /* @__PURE__ */ new Map();
  for (const [k, v] of Object.entries(s.overall)) m.set(k.replace(/_mean$/, ""), v);
  if (s.retrieval) {
    for (const [k, v] of Object.entries(s.retrieval))
      if (typeof v === "number" || v === null) {
        if (k !== "n") m.set(k, v);
      }
  }
  if (s.drift) m.set("drift_step_rate", s.drift.step_rate);
  return m;
}
function compareSummaries(base, other) {
  const a = flat(base);
  const b = flat(other);
  const keys = [.../* @__PURE__ */ new Set([...a.keys(), ...b.keys()])];
  return keys.map((metric) => {
    const x = a.get(metric) ?? null;
    const y = b.get(metric) ?? null;
    return { metric, base: x, other: y, delta: x !== null && y !== null ? y - x : null };
  });
}
function compareRunPaths(basePath, otherPath, opts = {}) {
  const base = loadRuns([basePath]).map((r) => r.payload);
  const other = loadRuns([otherPath]).map((r) => r.payload);
  const deltas = compareSummaries(summarizeRuns(base), summarizeRuns(other));
  const paired = pairedRateComparisons(base, other, opts);
  return deltas.map((d) => {
    if (!ROW_RATE_METRICS.includes(d.metric)) return d;
    if (!paired.paired) return { ...d, significant: null, note: paired.reason };
    const c = paired.comparisons[d.metric];
    return {
      ...d,
      ci_low: c.ci_low,
      ci_high: c.ci_high,
      p_value: c.p_value,
      significant: c.significant,
      method: c.method,
      n_paired: c.n
    };
  });
}
function formatDeltas(d) {
  const f = (x) => x === null ? "-" : x.toFixed(4);
  const w = Math.max(6, ...d.map((x) => x.metric.length));
  const tested = d.some((x) => x.p_value !== void 0);
  const lines = [
    `${"metric".padEnd(w)}  ${"base".padStart(8)}  ${"other".padStart(8)}  ${"delta".padStart(8)}${tested ? "  95% CI (paired)    p" : ""}`
  ];
  for (const x of d) {
    const delta = x.delta === null ? "-" : `${x.delta >= 0 ? "+" : ""}${x.delta.toFixed(4)}`;
    let test = "";
    if (x.p_value !== void 0 && x.ci_low != null && x.ci_high != null)
      test = `  ${`[${x.ci_low.toFixed(2)}, ${x.ci_high.toFixed(2)}]`.padEnd(17)}  ${formatPValue(x.p_value).padEnd(6)}${x.significant ? "  significant" : ""}`;
    lines.push(
      `${x.metric.padEnd(w)}  ${f(x.base).padStart(8)}  ${f(x.other).padStart(8)}  ${delta.padStart(8)}${test}`.trimEnd()
    );
  }
  const note = d.find((x) => x.note)?.note;
  if (tested) {
    const n = d.find((x) => x.n_paired !== void 0)?.n_paired;
    const mdd = n ? minimumDetectableDifference({ n }) : null;
    lines.push(
      `paired test on ${n} items (row id, trial) for value_acc / exact_acc: exact McNemar, or the episode-cluster bootstrap when queries share episodes; \u03B1=0.05, no multiplicity correction; other metrics are not tested`
    );
    if (mdd !== null)
      lines.push(
        `minimum detectable difference at n=${n} (\u03B1=0.05 two-sided, power 0.8, p=0.5, independent items): ${mdd.toFixed(2)}; smaller deltas are likely noise`
      );
  } else if (note) lines.push(`no paired test: ${note}`);
  return lines;
}
export {
  compareRunPaths,
  compareSummaries,
  formatDeltas,
  summaryFor
};
