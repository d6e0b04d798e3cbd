/**
 * The defaults a family declaration starts from, stated once. Every contract-format family
 * (reference ports and 1.0 variants alike) answers in the JSON answer contract
 * (`{"value", "support_ids"}`): the question states the format and a model's text is read as
 * that contract. Most reference ports add the lookup as their fold baseline (one
 * authoritative update per asked key, so folding adds nothing) and the reference runners'
 * canary report; `defineContractFamily` fills those in, so a family file states only what is
 * its own (id, generator, scorer, floors, jitter, synthetic metrics) and overrides a default
 * where its reference differs. The 1.0 variants' constructor is `defineDerivedFamily` (derived.ts).
 */
import { contractPrediction } from "../answer.js";
import { lookupPrediction } from "../ledger.js";
import type { TrapFamily } from "../types.js";
import { perStage } from "./floors.js";

/** The output format of a family whose every question states its own (the contract's or another). */
export const QUESTION_STATES_FORMAT = "Follow the output format the question states.";

/** The answer contract: the question states its own output format, text is read as the contract. */
export const CONTRACT_ANSWERS = {
  outputFormat: QUESTION_STATES_FORMAT,
  predictionFromText: contractPrediction,
} satisfies Partial<TrapFamily>;

/** The answer contract with the lookup as the fold baseline. */
export const CONTRACT_LOOKUP_ANSWERS = {
  ...CONTRACT_ANSWERS,
  foldPrediction: lookupPrediction,
} satisfies Pick<TrapFamily, "outputFormat" | "predictionFromText" | "foldPrediction">;

/**
 * The synthetic metrics of the scorers that write value_acc again under the names exact_acc
 * and entailment (no separate measurement), as the families table states them.
 */
export const VALUE_ACC_COPIES = {
  exact_acc: "a copy of value_acc",
  entailment: "a copy of value_acc",
} as const;

/** A family's scorer, as `TrapFamily.score` takes it (rows and predictions of one split). */
export type TrapScorer = TrapFamily["score"];

/** What the contract ports share unless they say otherwise. */
const CONTRACT_DEFAULTS = {
  accuracyMetric: "value_acc",
  // The reference runners warn when a canary (built to fail) scores exact_acc >= 0.9.
  canaryAlert: perStage(0.9),
  canaryMetric: "exact_acc",
  ...CONTRACT_LOOKUP_ANSWERS,
} satisfies Partial<TrapFamily>;

export type ContractFamilyDeclaration = Omit<TrapFamily, keyof typeof CONTRACT_DEFAULTS> &
  Partial<Pick<TrapFamily, keyof typeof CONTRACT_DEFAULTS>>;

/** A contract-format family: the shared defaults, then the family's own declaration. */
export const defineContractFamily = (decl: ContractFamilyDeclaration): TrapFamily => ({
  ...CONTRACT_DEFAULTS,
  ...decl,
});
