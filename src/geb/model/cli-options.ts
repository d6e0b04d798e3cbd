/**
 * GEB-specific model-run flags (closed-book ledger prompts and the opt-in reference
 * post-processing); the generic model flags live in src/core/engine/cli.ts.
 */
import type { Command } from "commander";
import { Option } from "commander";
import { checkedFlag, intFlag, MAX_INT } from "../../core/cli.js";
import { num } from "../../core/engine/cli.js";
import type { GebPromptOptions, LedgerMode } from "./prompts.js";
import type { GebPostprocess } from "./run.js";

export function addGebPromptOptions(cmd: Command): Command {
  return cmd
    .option(
      "--no-require-citations",
      "value-only prompts for rows whose meta does not say (reference default: citations)",
    )
    .option("--query-sandwich", "repeat the question before and after the ledger")
    .option(
      "--max-book-tokens <n>",
      "keep the last n whitespace tokens of the ledger",
      checkedFlag(intFlag("--max-book-tokens", { min: 0, max: MAX_INT })),
      "1600",
    )
    .addOption(
      new Option("--ledger-mode <mode>", "ledger shown to the model")
        .choices(["latest_authoritative", "full"])
        .default("latest_authoritative"),
    )
    .option("--no-ledger-key-only", "show every key's entries, not only the asked key's")
    .addOption(
      new Option("--postprocess <how>", "reference citation repair, reported as a separate metric row")
        .choices(["none", "reference-repair"])
        .default("none"),
    );
}

export interface GebCliValues {
  requireCitations?: boolean;
  querySandwich?: boolean;
  maxBookTokens?: string;
  ledgerMode?: LedgerMode;
  ledgerKeyOnly?: boolean;
  postprocess?: GebPostprocess;
}

export function gebOptionsFromCli(o: GebCliValues): {
  prompt: GebPromptOptions;
  postprocess: GebPostprocess;
} {
  return {
    prompt: {
      requireCitations: o.requireCitations !== false,
      querySandwich: Boolean(o.querySandwich),
      // 0 = no cap (as the reference); a negative cap is a typo, not "no cap".
      maxBookTokens: num("--max-book-tokens", o.maxBookTokens ?? "1600", { int: true, min: 0 }),
      ledgerMode: o.ledgerMode ?? "latest_authoritative",
      ledgerKeyOnly: o.ledgerKeyOnly !== false,
    },
    postprocess: o.postprocess ?? "none",
  };
}
