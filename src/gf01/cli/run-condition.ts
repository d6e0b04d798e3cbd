/**
 * The run-condition flags (`--tool-allowlist-id`, `--tool-log-hash`, `--adaptation-*`) as the
 * API's options, for every command that declares them (evaluate, evaluate --queue, the release
 * baseline panel). Flag values only: defaults and policy checks are the API's.
 */
import type { OptionValues } from "commander";
import type { RunConditionOptions } from "../artifacts/run-record.js";

type AdaptationOptions = Pick<
  RunConditionOptions,
  "adaptationCondition" | "adaptationBudgetTokens" | "adaptationDataScope" | "adaptationProtocolId"
>;

/** `--adaptation-condition`, `--adaptation-budget-tokens`, `--adaptation-data-scope`, `--adaptation-protocol-id`. */
export function adaptationOptions(o: OptionValues): AdaptationOptions {
  return {
    adaptationCondition: o.adaptationCondition,
    adaptationBudgetTokens: o.adaptationBudgetTokens,
    adaptationDataScope: o.adaptationDataScope,
    adaptationProtocolId: o.adaptationProtocolId,
  };
}

/** The tool flags and the adaptation flags. */
export function runConditionOptions(o: OptionValues): RunConditionOptions {
  return { toolAllowlistId: o.toolAllowlistId, toolLogHash: o.toolLogHash, ...adaptationOptions(o) };
}
