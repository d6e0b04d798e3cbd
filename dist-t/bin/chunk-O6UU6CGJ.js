import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  candidatesFor
} from "./chunk-ZUKEXBGA.js";
import "./chunk-NNDIMO2F.js";
import {
  ledgerCandidates,
  newerFirst
} from "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/selector/dataset.ts
import { InputError } from "../core/errors.js";
var SELECTOR_LABELS = ["authoritative", "latest-entry"];
var toJson = (e) => ({
  uid: e.uid,
  step: e.step,
  op: e.op,
  key: e.key,
  value: e.value,
  true_op: e.trueOp,
  spoofed: e.spoofed
});
function exportExample(row, ctx, opts) {
  const { trace, candidates } = candidatesFor(row, ctx);
  if (!trace.eligible || !trace.key) return null;
  const list = [...candidates];
  if (opts.hardNegatives > 0) {
    const have = new Set(list.map((e) => e.uid));
    let pool = ledgerCandidates(row.book ?? "").filter((e) => !have.has(e.uid));
    if (ctx.config.authority_filter) pool = pool.filter((e) => e.trueOp !== "NOTE");
    const gold = trace.gold_uid;
    const same = pool.filter((e) => e.key === trace.key && e.uid !== gold).sort(newerFirst);
    const other = pool.filter((e) => e.key !== trace.key).sort(newerFirst);
    list.push(...[...same, ...other].slice(0, opts.hardNegatives));
  }
  const correct = opts.label === "authoritative" ? trace.gold_uid : trace.latest_entry_uid;
  return {
    id: row.id,
    question: row.question,
    key: trace.key,
    candidates: list.map(toJson),
    correct_uid: correct,
    gold_present: correct !== null && list.some((e) => e.uid === correct),
    label: opts.label,
    gold_support_uid: trace.gold_uid
  };
}
function exportConfigSummary(c) {
  return {
    retriever: c.retriever,
    k: c.k,
    wrong_type: c.wrong_type,
    order: c.order,
    order_seed: c.order_seed,
    drop_prob: c.drop_prob,
    drop_seed: c.drop_seed,
    authority_spoof_rate: c.authority_spoof_rate,
    authority_spoof_seed: c.authority_spoof_seed,
    authority_filter: c.authority_filter
  };
}
function parseExample(o, where) {
  if (!Array.isArray(o.candidates))
    throw new InputError("expected a selector example with candidates[]", { ...where, field: "candidates" });
  const candidates = o.candidates.map((c, j) => {
    if (!c || typeof c.uid !== "string" || typeof c.step !== "number" || typeof c.op !== "string")
      throw new InputError("candidate needs uid, step and op", { ...where, field: `candidates[${j}]` });
    const spoofed = c.spoofed === true || c.authority_spoofed === true;
    const shownOp = c.op;
    const trueOp = typeof c.true_op === "string" ? c.true_op : spoofed ? shownOp.toUpperCase() === "NOTE" ? "SET" : "NOTE" : shownOp;
    return {
      uid: c.uid,
      step: c.step,
      op: shownOp,
      key: typeof c.key === "string" ? c.key : "",
      value: typeof c.value === "string" ? c.value : null,
      true_op: trueOp,
      spoofed
    };
  });
  let label = "unspecified";
  if (o.label !== void 0 && o.label !== null) {
    if (!SELECTOR_LABELS.includes(o.label))
      throw new InputError(`label must be one of ${SELECTOR_LABELS.join(", ")}`, {
        ...where,
        field: "label"
      });
    label = o.label;
  }
  return {
    id: String(o.id ?? ""),
    question: String(o.question ?? ""),
    key: String(o.key ?? ""),
    candidates,
    correct_uid: typeof o.correct_uid === "string" ? o.correct_uid : null,
    gold_present: o.gold_present === true,
    label,
    ...o.gold_support_uid !== void 0 ? { gold_support_uid: typeof o.gold_support_uid === "string" ? o.gold_support_uid : null } : {}
  };
}
export {
  SELECTOR_LABELS,
  exportConfigSummary,
  exportExample,
  parseExample
};
