import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  num
} from "./chunk-4LXGBU3I.js";
import {
  Option,
  checkedFlag,
  intFlag
} from "./chunk-CRNPPSQM.js";

// src/geb/model/cli-options.ts
function addGebPromptOptions(cmd) {
  return cmd.option(
    "--no-require-citations",
    "value-only prompts for rows whose meta does not say (reference default: citations)"
  ).option("--query-sandwich", "repeat the question before and after the ledger").option(
    "--max-book-tokens <n>",
    "keep the last n whitespace tokens of the ledger",
    checkedFlag(intFlag("--max-book-tokens", { min: 0 })),
    "1600"
  ).addOption(
    new Option("--ledger-mode <mode>", "ledger shown to the model").choices(["latest_authoritative", "full"]).default("latest_authoritative")
  ).option("--no-ledger-key-only", "show every key's entries, not only the asked key's").addOption(
    new Option("--postprocess <how>", "reference citation repair, reported as a separate metric row").choices(["none", "reference-repair"]).default("none")
  );
}
function gebOptionsFromCli(o) {
  return {
    prompt: {
      requireCitations: o.requireCitations !== false,
      querySandwich: Boolean(o.querySandwich),
      // 0 = no cap (as the reference); a negative cap is a typo, not "no cap".
      maxBookTokens: num("--max-book-tokens", o.maxBookTokens ?? "1600", { int: true, min: 0 }),
      ledgerMode: o.ledgerMode ?? "latest_authoritative",
      ledgerKeyOnly: o.ledgerKeyOnly !== false
    },
    postprocess: o.postprocess ?? "none"
  };
}

export {
  addGebPromptOptions,
  gebOptionsFromCli
};
