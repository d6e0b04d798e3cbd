/**
 * GEB-specific model-run flags (closed-book ledger prompts and the opt-in reference
 * post-processing); the generic model flags live in src/core/engine/cli.ts.
 */
import type { Command } from "commander";
import type { GebPromptOptions, LedgerMode } from "./prompts.js";
import type { GebPostprocess } from "./run.js";
export declare function addGebPromptOptions(cmd: Command): Command;
export interface GebCliValues {
    requireCitations?: boolean;
    querySandwich?: boolean;
    maxBookTokens?: string;
    ledgerMode?: LedgerMode;
    ledgerKeyOnly?: boolean;
    postprocess?: GebPostprocess;
}
export declare function gebOptionsFromCli(o: GebCliValues): {
    prompt: GebPromptOptions;
    postprocess: GebPostprocess;
};
