/**
 * The answer key never reaches an agent. `toAgentRow` is the ONE place that turns a fixture
 * row into what a policy, gate, search, resolver or model may see: `gold`, `abstain_expected`
 * and `expected_delta` removed (tests/geb/ui/agent-row.test.ts asserts none of them, nor the
 * gold id as a field value, survives into any agent input).
 */
import { pyStrip } from "../../core/pyjson.js";
import { ANSWER_KEY_FIELDS, type UiRow } from "./schema.js";

type AnswerKey = (typeof ANSWER_KEY_FIELDS)[number];
/** A fixture row without its answer key. */
// (Key remapping, not Omit: Omit flattens the loose row's index signature to `unknown`.)
export type AgentRow = { [K in keyof UiRow as K extends AnswerKey ? never : K]: UiRow[K] } & {
  readonly __agentRow: true;
};

export function toAgentRow(row: UiRow): AgentRow {
  // A deep copy, so an agent cannot reach the fixture object (and its key) through a shared
  // reference; structuredClone drops nothing we keep.
  const copy = structuredClone(row) as Record<string, unknown>;
  for (const k of ANSWER_KEY_FIELDS) delete copy[k];
  Object.defineProperty(copy, "__agentRow", { value: true, enumerable: false });
  return copy as unknown as AgentRow;
}

/**
 * The step's instruction as the reference reads it: the first non-blank of
 * `instruction|goal|task|question`, then the same keys under `meta` (design §A1).
 */
export const DEFAULT_INSTRUCTION = "Select the best candidate for the current UI task.";
export function instructionOf(row: AgentRow | UiRow): string {
  const r = row as Record<string, unknown>;
  const meta = (r.meta ?? {}) as Record<string, unknown>;
  for (const src of [r, meta])
    for (const k of ["instruction", "goal", "task", "question"]) {
      const v = src[k];
      if (typeof v === "string" && pyStrip(v) !== "") return pyStrip(v);
    }
  return DEFAULT_INSTRUCTION;
}
