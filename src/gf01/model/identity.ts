import { canonicalHash } from "../../core/hash.js";
import type { Gf01Instance, MealyAutomaton } from "./types.js";

const sortedObj = (o: Record<string, number>): Record<string, number> =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, Math.trunc(Number(o[k]))]),
  );

/** The automaton in canonical form (sorted states/keys; AP lists keep their order). */
export function canonicalAutomaton(a: MealyAutomaton): MealyAutomaton {
  const transitions: MealyAutomaton["transitions"] = {};
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
    transitions,
  };
}

/** The semantic identity of an instance: everything that changes the game, nothing else. */
export function semanticIdentity(inst: Gf01Instance): Record<string, unknown> {
  return {
    automaton: canonicalAutomaton(inst.automaton),
    base_trace: inst.base_trace.map(sortedObj),
    effect_ap: inst.effect_ap,
    t_star: inst.t_star,
    mode: inst.mode,
    window_size: inst.window_size,
    budget_timestep: inst.budget_timestep,
  };
}

/** sha256 of the canonical JSON of the semantic identity (official `content_hash`). */
export function contentHash(inst: Gf01Instance): string {
  const given = inst.provenance?.content_hash;
  if (typeof given === "string" && given) return given;
  return canonicalHash(semanticIdentity(inst));
}

/** Instance id in the official scheme: `gf01-` + first 12 hex of the content hash. */
export function instanceIdFor(inst: Gf01Instance): string {
  return `gf01-${contentHash(inst).slice(0, 12)}`;
}
