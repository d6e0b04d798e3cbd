/**
 * Agents for the live app. Each sees only the agent row of the current state (`toAgentRow`:
 * no gold, no `abstain_expected`, no `expected_delta`) and returns a candidate id or null
 * (abstain). The policy and the gate are the fixture agents (../policy.ts, ../gate.ts) applied
 * to one row; `scripted-wrong` is a deliberately bad agent that proves failures are visible;
 * `model` (an engine model) is in ./model-agent.ts.
 */
import type { AgentRow } from "../agent-row.js";
import { instructionOf } from "../agent-row.js";
import { type GateModel, gateSelect } from "../gate.js";
import { preselect, targetFirst } from "../policy.js";
import type { UiCandidate } from "../schema.js";
import type { Selection } from "../score.js";
import { isActionable, parseTarget } from "../solvable.js";

export type LiveAgentName = "policy" | "gate" | "scripted-wrong" | "model";
export const LIVE_AGENTS: readonly LiveAgentName[] = ["policy", "gate", "scripted-wrong", "model"];

/** Sync or async: the harness awaits it (an engine model answers over the network: ./model-agent.ts). */
export type LiveAgent = (row: AgentRow) => Selection | Promise<Selection>;

const POLICY_OPTS = { applyRules: true, applyOverlayFilter: true };

/** The 1.0 policy on one step: the single survivor, or abstain (live rows carry no states). */
export const policyAgent: LiveAgent = (row) => {
  const ids = targetFirst(row, POLICY_OPTS).survivors.map((c) => String(c.candidate_id));
  return ids.length === 1 ? ids[0] : null;
};

/** A gate model on one step: policy survivors, then the gate's argmax (as `runGate`). */
export const gateAgent =
  (m: GateModel): LiveAgent =>
  (row) =>
    gateSelect(m, row, preselect(row, POLICY_OPTS).survivors);

/**
 * Scripted wrong: never abstains; when several actionable candidates carry the instruction's
 * label it takes the last of them in document order (often a same-label decoy), else the first
 * actionable candidate whose label differs from the instruction's, else the first candidate.
 */
export const scriptedWrongAgent: LiveAgent = (row) => {
  const label = parseTarget(instructionOf(row))?.label;
  const cands = row.candidates as UiCandidate[];
  const act = cands.filter(isActionable);
  const same = act.filter((c) => c.label === label || c.accessible_name === label);
  if (same.length > 1) return same[same.length - 1].candidate_id;
  const other = act.find((c) => c.label !== label && c.accessible_name !== label);
  return (other ?? cands[0]).candidate_id;
};
