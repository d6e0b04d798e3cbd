/**
 * What most reference ports answer with: the question states the JSON answer contract
 * (`{"value", "support_ids"}`), a model's text is read as that contract, and the fold baseline
 * is the lookup (one authoritative update per asked key, so folding adds nothing).
 */
import { contractPrediction } from "../answer.js";
import { lookupPrediction } from "../ledger.js";
import type { TrapFamily } from "../types.js";

export const CONTRACT_LOOKUP_ANSWERS: Pick<
  TrapFamily,
  "outputFormat" | "predictionFromText" | "foldPrediction"
> = {
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: lookupPrediction,
};

/** A family's scorer, as `TrapFamily.score` takes it (rows and predictions of one split). */
export type TrapScorer = TrapFamily["score"];
