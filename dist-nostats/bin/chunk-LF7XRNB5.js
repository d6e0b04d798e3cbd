import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";
import {
  compareCodePoints,
  pyJsonString
} from "./chunk-KRB3VAEL.js";

// src/gf01/model/identity.ts
var sortedObj = (o) => Object.fromEntries(
  Object.keys(o).sort().map((k) => [k, Math.trunc(Number(o[k]))])
);
function canonicalAutomaton(a) {
  const transitions = {};
  for (const state of Object.keys(a.transitions).sort()) {
    transitions[state] = {};
    for (const key of Object.keys(a.transitions[state]).sort()) {
      const tr = a.transitions[state][key];
      transitions[state][key] = { next_state: tr.next_state, output: sortedObj(tr.output) };
    }
  }
  return {
    states: a.states.slice().sort(),
    initial_state: a.initial_state,
    input_aps: a.input_aps.slice(),
    output_aps: a.output_aps.slice(),
    transitions
  };
}
function semanticIdentity(inst) {
  return {
    automaton: canonicalAutomaton(inst.automaton),
    base_trace: inst.base_trace.map(sortedObj),
    effect_ap: inst.effect_ap,
    t_star: inst.t_star,
    mode: inst.mode,
    window_size: inst.window_size,
    budget_timestep: inst.budget_timestep
  };
}
function contentHash(inst) {
  const given = inst.provenance?.content_hash;
  if (typeof given === "string" && given) return given;
  return computeContentHash(inst);
}
function computeContentHash(inst) {
  return sha256Hex(semanticIdentityJson(inst));
}
var SURROGATE = /[\ud800-\udfff]/;
function sortedKeys(o) {
  const ks = Object.keys(o);
  return ks.some((k) => SURROGATE.test(k)) ? ks.sort(compareCodePoints) : ks.sort();
}
var PLAIN = /^[\x20-\x7e]*$/;
var NEEDS_ESCAPE = /["\\]/;
var str = (s) => PLAIN.test(s) && !NEEDS_ESCAPE.test(s) ? `"${s}"` : pyJsonString(s);
function intObj(o) {
  let out = "{";
  const ks = sortedKeys(o);
  for (let i = 0; i < ks.length; i++) out += `${i ? "," : ""}${str(ks[i])}:${Math.trunc(Number(o[ks[i]]))}`;
  return `${out}}`;
}
function semanticIdentityJson(inst) {
  const a = inst.automaton;
  const parts = [];
  parts.push(
    `{"automaton":{"initial_state":${str(a.initial_state)},"input_aps":[${a.input_aps.map(str).join(",")}],"output_aps":[${a.output_aps.map(str).join(",")}],"states":[${a.states.slice().sort(compareCodePoints).map(str).join(",")}],"transitions":{`
  );
  parts.push(
    sortedKeys(a.transitions).map((state) => {
      const row = a.transitions[state];
      return `${str(state)}:{${sortedKeys(row).map(
        (key) => `${str(key)}:{"next_state":${str(row[key].next_state)},"output":${intObj(row[key].output)}}`
      ).join(",")}}`;
    }).join(",")
  );
  parts.push(`}},"base_trace":[${inst.base_trace.map(intObj).join(",")}]`);
  parts.push(
    `,"budget_timestep":${inst.budget_timestep},"effect_ap":${str(inst.effect_ap)},"mode":${str(inst.mode)},"t_star":${inst.t_star},"window_size":${inst.window_size}}`
  );
  return parts.join("");
}

export {
  semanticIdentity,
  contentHash,
  computeContentHash
};
