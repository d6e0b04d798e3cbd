/**
 * The declaration of a reference port in the answer-contract format (`{value, support_ids}`
 * JSON): the fields such ports share are filled in once here, so a family file states only
 * what is its own (id, generator, scorer, floors, jitter, synthetic metrics) and overrides a
 * default where its reference differs (e.g. a fold program, a canary metric).
 */
import { contractPrediction } from "../answer.js";
import { lookupPrediction } from "../ledger.js";
import type { TrapFamily } from "../types.js";
import { perStage } from "./floors.js";

/** What the contract ports share unless they say otherwise. */
const CONTRACT_DEFAULTS = {
  accuracyMetric: "value_acc",
  // The reference runners warn when a canary (built to fail) scores exact_acc >= 0.9.
  canaryAlert: perStage(0.9),
  canaryMetric: "exact_acc",
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: lookupPrediction,
} satisfies Partial<TrapFamily>;

export type ContractFamilyDeclaration = Omit<TrapFamily, keyof typeof CONTRACT_DEFAULTS> &
  Partial<Pick<TrapFamily, keyof typeof CONTRACT_DEFAULTS>>;

/** A contract-format family: the shared defaults, then the family's own declaration. */
export const defineContractFamily = (decl: ContractFamilyDeclaration): TrapFamily => ({
  ...CONTRACT_DEFAULTS,
  ...decl,
});
