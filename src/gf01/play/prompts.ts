/**
 * Versioned prompt templates for the GF-01 LLM agent (registered with the engine's template
 * registry, so the template ref goes into the model config hash). Prompts are rebuilt from the
 * observations at every decision (stateless), so they are cacheable and replayable; they
 * contain only what a human player sees.
 */
import { registerTemplate, renderTemplate, templateRef } from "../../core/engine/prompts/registry.js";
import type { Atom } from "../model/types.js";
import type { GoalPanel, Observation, Rejection } from "./observation.js";

export const SYSTEM_TEMPLATE = registerTemplate({
  id: "gf01-play-system",
  version: 1,
  description: "GF-01 online play: rules, goal, answer format (and tools on EVAL-TA)",
  slots: ["goal", "budgets", "protocol", "answer", "tools"],
  text: `You are playing GF-01, a turn-based game against a hidden finite-state machine.

Rules:
- Time runs t = 0, 1, ..., T-1. At each timestep you choose values for some input propositions for THAT timestep only; inputs you do not set keep their hidden default value.
- After your choice the machine moves and you observe its output propositions y_t. You never see the machine's state or the default inputs.
- {goal}
- {budgets}
- You are certified only if the goal is met AND every intervention was necessary: removing any single one of your (t, input, value) settings must lose the goal. Setting an input to its default value is an unnecessary intervention. Fewer intervened timesteps is better.
{protocol}
{tools}
Answer format: {answer}`,
});

/**
 * v2: explore_then_commit prompts also show the player's earlier practice rollouts (their
 * settings, outputs and effect status), as the browser shows them under the board; v1 showed
 * only the current rollout, so the scored run was played blind.
 */
export const USER_TEMPLATE = registerTemplate({
  id: "gf01-play-user",
  version: 2,
  description: "GF-01 online play: earlier practice runs, the observation history and the decision asked for",
  slots: ["panel", "practice", "history", "status", "note", "ask"],
  text: `{panel}

{practice}{history}
{status}
{note}{ask}`,
});

export type PromptTrack = "EVAL-CB" | "EVAL-TA";

export interface PromptOptions {
  track: PromptTrack;
  scratchpad: boolean;
  maxToolCalls: number;
}

/** Identity of the prompt configuration (goes into the model config hash). */
export function promptConfig(o: PromptOptions): Record<string, unknown> {
  return { system: templateRef(SYSTEM_TEMPLATE), user: templateRef(USER_TEMPLATE), ...o };
}

export function goalSentence(g: GoalPanel): string {
  return g.mode === "hard"
    ? `Goal: make the output ${g.effect_ap} equal 1 at exactly timestep t*=${g.t_star}.`
    : `Goal: make the output ${g.effect_ap} equal 1 at least once in the window t=${g.window_lo}..${g.window_hi} (target t*=${g.t_star}, window size ${g.window_size}).`;
}

function budgetSentence(g: GoalPanel): string {
  const atoms = g.budget_atoms === null ? "" : ` and at most ${g.budget_atoms} input settings in total`;
  return `Budget: you may intervene at most at ${g.budget_timestep} distinct timesteps${atoms}.`;
}

const TOOLS_TEXT = (
  k: number,
) => `Tools (allowlist local-planner-v1; they only use information you have already seen). To call one, reply with {"tool": "<name>", "args": {...}} instead of an action; you will get the result and can then answer. At most ${k} tool calls per timestep.
- "window": args {} -> the objective window and where the current timestep is relative to it.
- "check_plan": args {"atoms": [[t, "input", value], ...]} -> whether a plan of future settings fits the input names, the horizon, the timesteps still to come and the remaining budgets.
- "history": args {} -> outputs and your settings in earlier rollouts of this game.
`;

export function systemPrompt(
  g: GoalPanel,
  o: PromptOptions,
  protocol: "commit_only" | "explore_then_commit",
): string {
  const answer = o.scratchpad
    ? 'you may think first inside <scratchpad>...</scratchpad>; then end your reply with ONE JSON object mapping input names to 0 or 1, e.g. {"in0": 1}; {} means no intervention. The last JSON object in your reply is your action.'
    : 'reply with ONE JSON object only, mapping input names to 0 or 1, e.g. {"in0": 1}; {} means no intervention. No other text.';
  const proto =
    protocol === "explore_then_commit"
      ? '- Before the scored run you may play unscored exploration runs (same rules, from t=0). Reply {"type": "commit"} at any time to stop exploring and start the scored run.\n'
      : "- You play one scored run.\n";
  return renderTemplate(SYSTEM_TEMPLATE, {
    goal: goalSentence(g),
    budgets: budgetSentence(g),
    protocol: proto,
    tools: o.track === "EVAL-TA" ? TOOLS_TEXT(o.maxToolCalls) : "",
    answer,
  });
}

const fmtSet = (atoms: readonly Atom[], t: number): string => {
  const here = atoms.filter((a) => a[0] === t);
  return here.length ? `{${here.map((a) => `"${a[1]}": ${a[2]}`).join(", ")}}` : "{}";
};
const fmtOut = (v: Record<string, number>): string =>
  Object.entries(v)
    .map(([k, b]) => `${k}=${b}`)
    .join(" ");

/**
 * Earlier practice rollouts as the player last saw each one (settings, outputs, effect
 * status). Only the player's own moves and observed outputs: nothing hidden.
 */
export function practiceBlock(earlier: readonly Observation[]): string {
  if (!earlier.length) return "";
  const out = ["Your earlier practice runs (unscored; same machine, same default inputs):"];
  for (const e of earlier) {
    const ended = e.done ? "" : ` (stopped after t=${e.t - 1})`;
    out.push(`Practice run ${e.episode + 1}${ended}: effect ${e.effect_status_t}.`);
    for (let t = 0; t < e.t; t++)
      out.push(`  t=${t}: you set ${fmtSet(e.history_atoms, t)} -> outputs ${fmtOut(e.outputs[t])}`);
  }
  return `${out.join("\n")}\n\n`;
}

/**
 * The per-decision user message: goal panel, earlier practice rollouts (`earlier`: the last
 * observation of each, oldest first), this rollout's history, status, the ask.
 */
export function userPrompt(
  o: Observation,
  rejection?: Rejection,
  earlier: readonly Observation[] = [],
): string {
  const g = o.goal;
  const panel = [
    goalSentence(g),
    `Inputs: ${g.input_aps.join(", ")}. Outputs: ${g.output_aps.join(", ")}. Horizon T=${g.T} (t=0..${g.T - 1}).`,
    o.phase === "commit"
      ? "Phase: the scored run."
      : `Phase: unscored exploration run ${o.episode + 1} (${o.explore_remaining} more allowed after this one).`,
  ].join("\n");
  const lines = ["So far in this run:"];
  if (o.t === 0) lines.push("(nothing yet)");
  for (let t = 0; t < o.t; t++)
    lines.push(`t=${t}: you set ${fmtSet(o.history_atoms, t)} -> outputs ${fmtOut(o.outputs[t])}`);
  const atoms =
    g.budget_atoms === null ? "" : `, input settings ${o.budget_a_remaining} of ${g.budget_atoms}`;
  const status = `Effect status: ${o.effect_status_t}. Budget left: timesteps ${o.budget_t_remaining} of ${g.budget_timestep}${atoms}.`;
  const note = rejection ? `Your previous answer was rejected: ${rejection.message}\n` : "";
  const ask = o.done
    ? 'This exploration run is over. Reply {} to explore again or {"type": "commit"} to start the scored run.'
    : `Now t=${o.t}. Your action for t=${o.t}:`;
  return renderTemplate(USER_TEMPLATE, {
    panel,
    practice: practiceBlock(earlier),
    history: lines.join("\n"),
    status,
    note,
    ask,
  });
}

/**
 * The last JSON object in a reply (code fences and a scratchpad allowed around it). Returns
 * the parsed value or a reason. Scans braces outside strings so nested objects work.
 *
 * Each `{` is scanned forward (strings and escapes tracked from that brace) to the `}` that
 * closes it, and the text between is tried with JSON.parse; an object that parses is kept and
 * the scan goes on after it. Scanning afresh from every brace was quadratic in the braces of
 * an unbalanced reply (16,000 took ~5 s), so the matching `}` of every brace one forward pass
 * visits outside a string is recorded with a stack (`closeOf`): a scan started at such a brace
 * sees the same string states from there on, so its match is the same. A new pass starts only
 * at a brace every earlier pass saw inside a string.
 */
export function extractJsonObject(text: string): { value: Record<string, unknown> } | { reason: string } {
  const body = text.replace(/<scratchpad>[\s\S]*?<\/scratchpad>/g, " ");
  /** Index of the `}` closing the `{` at a position, -1 when none does; unset: not scanned yet. */
  const closeOf = new Map<number, number>();
  const scanFrom = (start: number): void => {
    const open: number[] = [];
    let inStr = false;
    for (let j = start; j < body.length; j++) {
      const c = body.charCodeAt(j);
      if (inStr) {
        if (c === 92 /* \ */) j++;
        else if (c === 34 /* " */) inStr = false;
      } else if (c === 34) inStr = true;
      else if (c === 123 /* { */) open.push(j);
      else if (c === 125 /* } */ && open.length > 0) {
        closeOf.set(open.pop() as number, j);
        // Back at depth 0 the scan from `start` stops; a later brace starts its own scan.
        if (open.length === 0) return;
      }
    }
    for (const i of open) closeOf.set(i, -1);
  };
  let best: Record<string, unknown> | undefined;
  for (let i = body.indexOf("{"); i >= 0 && i < body.length; i = body.indexOf("{", i + 1)) {
    if (!closeOf.has(i)) scanFrom(i);
    const j = closeOf.get(i) as number;
    if (j < 0) continue;
    try {
      const v = JSON.parse(body.slice(i, j + 1));
      if (v && typeof v === "object" && !Array.isArray(v)) {
        best = v;
        i = j;
      }
    } catch {
      /* not JSON: keep scanning */
    }
  }
  return best ? { value: best } : { reason: "no JSON object found in the reply" };
}
