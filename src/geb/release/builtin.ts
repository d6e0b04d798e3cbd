/**
 * No-model programs as builtin "models" for the release run: `builtin:trap-lookup`,
 * `builtin:trap-fold` and `builtin:trap-rule` answer a trap prompt with the family's lookup,
 * fold or rule program (rule: the fold program where a family has no rule program), reading
 * only the prompt (its LEDGER and QUESTION sections), and render the answer as the text a
 * model would send. A run with them is a no-model run: every output says so, never a score.
 * They need the family (`family=<id>` option); `geb release` builds one client per family.
 */
import { registerBuiltinModel } from "../../core/engine/clients/builtin.js";
import { wrapUserModel } from "../../core/engine/clients/module.js";
import { ModelError } from "../../core/engine/errors.js";
import type { ModelClient, ModelRequest } from "../../core/engine/types.js";
import { lookupPrediction } from "../trap/ledger.js";
import { trapFamily } from "../trap/registry.js";
import type { TrapFamily, TrapPrediction, TrapRow } from "../trap/types.js";

export const NO_MODEL_PROGRAMS = ["trap-lookup", "trap-fold", "trap-rule"] as const;
export type NoModelProgram = (typeof NO_MODEL_PROGRAMS)[number];

/** The builtin program a model spec names, or null for a real model. */
export function noModelProgram(spec: string): NoModelProgram | null {
  const m = /^builtin:(.+)$/.exec(spec);
  return m && (NO_MODEL_PROGRAMS as readonly string[]).includes(m[1]) ? (m[1] as NoModelProgram) : null;
}

/** The row a program sees: the prompt's ledger (as the book's State Ledger) and question. */
export function rowFromPrompt(prompt: string): TrapRow {
  const ledger = prompt.split("\nLEDGER:\n")[1]?.split("\n\nQUESTION:\n")[0] ?? "";
  const question = prompt.split("\n\nQUESTION:\n")[1]?.split("\n\nRespond with only JSON.")[0] ?? "";
  return {
    id: "prompt",
    book: `## State Ledger\n${ledger}`,
    question,
    gold: { value: null, support_ids: [] },
    meta: {},
  };
}

/**
 * A prediction as model text: the `{"value": …, "support_ids": …}` JSON the contract
 * families ask for, unless the family reads the whole text as the value (epistemic: the
 * text is the decision JSON, and the program's value is that text).
 */
export function renderPrediction(family: TrapFamily, row: TrapRow, p: TrapPrediction): string {
  const { id: _id, ...rest } = p;
  const asJson = JSON.stringify(rest);
  const textIsValue = family.predictionFromText(row, asJson).value === asJson;
  return textIsValue && typeof p.value === "string" ? p.value : asJson;
}

export function programAnswer(family: TrapFamily, program: NoModelProgram, prompt: string): string {
  const row = rowFromPrompt(prompt);
  const p =
    program === "trap-lookup"
      ? lookupPrediction(row)
      : program === "trap-rule" && family.rulePrediction
        ? family.rulePrediction(row)
        : family.foldPrediction(row);
  return renderPrediction(family, row, p);
}

function lastUser(req: ModelRequest): string {
  for (let i = req.messages.length - 1; i >= 0; i--)
    if (req.messages[i].role === "user") return req.messages[i].content;
  return "";
}

/** A client running `program` for one family. */
export function noModelClient(program: NoModelProgram, familyId: string): ModelClient {
  const family = trapFamily(familyId);
  if (!family) throw new ModelError("client", `builtin:${program}: unknown trap family ${familyId}`);
  return wrapUserModel((req: ModelRequest) => ({ text: programAnswer(family, program, lastUser(req)) }), {
    kind: "builtin",
    model: program,
    endpoint: `builtin:${program}`,
  });
}

for (const program of NO_MODEL_PROGRAMS)
  registerBuiltinModel(
    program,
    `GEB trap families: the ${program.slice(5)} program (no model; needs family=<id>)`,
    (options) => {
      const id = typeof options.family === "string" ? options.family : null;
      const family = id ? trapFamily(id) : null;
      return (req: ModelRequest) => {
        if (!family)
          throw new ModelError("client", `builtin:${program} needs --model-option family=<trap family id>`);
        return { text: programAnswer(family, program, lastUser(req)) };
      };
    },
  );
