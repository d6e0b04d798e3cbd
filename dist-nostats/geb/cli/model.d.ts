import { type Command } from "commander";
import type { formatReport as FormatReport, pyFixed as PyFixed } from "../api.js";
import type { intervalsLine as IntervalsLine } from "../grade/intervals.js";
import type { GebModelResult } from "../pipeline/gebmodel.js";
/** Predictions JSONL of trial 0 (rows graded as missing are left out, so regrading agrees). */
export declare function predictionsJsonl(r: GebModelResult): string;
export declare function parseLabels(items: string[] | undefined): Record<string, string>;
/** The one-line report plus the decomposition line. */
export declare function reportLines(r: GebModelResult, { formatReport, pyFixed, intervalsLine, }: {
    formatReport: typeof FormatReport;
    pyFixed: typeof PyFixed;
    intervalsLine: typeof IntervalsLine;
}): string[];
/**
 * The one stderr line for a run with failed requests. Such a run prints and writes no
 * scores: its failed rows would have been graded as wrong answers.
 */
export declare function incompleteRunLine(r: GebModelResult, resultsPath?: string): string;
/** Registers `geb model`: any engine model, or the retrieval pipeline (`retrieval[:<answerer>]`). */
export declare function registerModelCommands(program: Command): void;
