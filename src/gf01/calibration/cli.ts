/**
 * CLI registration of the calibration commands (`gf01 pilot-analyze`). Only flags are declared
 * here; implementations are imported in the actions, so `gf01 --help` loads none of them.
 */
import { type Command, CommanderError, Option } from "commander";
import { floatFlag, intFlag, outFileFlag } from "../../core/cli.js";
import { ALLOWED_MODES } from "../artifacts/meta.js";

/**
 * Print a command result: JSON on stdout; on failure a one-line reason on stderr and exit 2
 * (a `gf01.*` CommanderError carries the code through `main`).
 */
export function emitResult(
  r: { ok: boolean; payload: unknown; error?: string },
  dump: (v: unknown) => string,
  command: string,
): void {
  process.stdout.write(`${dump(r.payload)}\n`);
  if (!r.ok) {
    if (r.error) process.stderr.write(`gf01: ${r.error}\n`);
    throw new CommanderError(2, `gf01.${command}`, "");
  }
}

const rate = (name: string) => floatFlag(name, { min: 0, max: 1 });

export function registerCalibrationCommands(program: Command): void {
  program
    .command("pilot-analyze")
    .description("Analyze a pilot campaign: DEC-014c/d recalibration triggers and DEC-058 knob diagnostics")
    .requiredOption(
      "--campaign-dir <dir>",
      "campaign directory (runs_combined.jsonl, optional official_validation.json)",
    )
    .option("--out <file>", "analysis JSON (default: <campaign-dir>/pilot_analysis.json)", outFileFlag("out"))
    .option("--eval-track <track>", "eval track analysed", "EVAL-CB")
    .addOption(new Option("--mode <mode>", "mode analysed").choices([...ALLOWED_MODES]).default("normal"))
    .option("--greedy-agent-name <name>", "agent whose held-out rows drive the triggers", "BL-01-GreedyLocal")
    .option(
      "--public-splits <list>",
      "comma-separated public split ids (excluded from the held-out scope)",
      "public_dev,public_val",
    )
    .option(
      "--sample-target <n>",
      "fixed-sample checkpoint N (unique instances)",
      intFlag("sample-target", { min: 0 }),
      240,
    )
    .option(
      "--discrimination-delta-threshold <x>",
      "trigger when M_Q1 − M_Q4 is below",
      rate("discrimination-delta-threshold"),
      0.12,
    )
    .option(
      "--discrimination-q4-floor <x>",
      "trigger when M_Q4 is below",
      rate("discrimination-q4-floor"),
      0.1,
    )
    .option(
      "--shortcut-goal-threshold <x>",
      "shortcut when greedy goal rate exceeds",
      rate("shortcut-goal-threshold"),
      0.4,
    )
    .option(
      "--shortcut-certified-floor <x>",
      "… and greedy certified rate is below",
      rate("shortcut-certified-floor"),
      0.05,
    )
    .option(
      "--min-quartile-rows <n>",
      "a held-out quartile with fewer rows makes the discrimination check not evaluable (0 = official rule)",
      intFlag("min-quartile-rows", { min: 0 }),
      4,
    )
    .action(async (o) => {
      const { pilotAnalyzeCampaign, dumpPayload } = await import("./pilot-analyze-files.js");
      const r = await pilotAnalyzeCampaign(o.campaignDir, {
        out: o.out,
        evalTrack: o.evalTrack,
        mode: o.mode,
        greedyAgentName: o.greedyAgentName,
        publicSplits: String(o.publicSplits).split(","),
        sampleTarget: o.sampleTarget,
        discriminationDeltaThreshold: o.discriminationDeltaThreshold,
        discriminationQ4Floor: o.discriminationQ4Floor,
        shortcutGoalThreshold: o.shortcutGoalThreshold,
        shortcutCertifiedFloor: o.shortcutCertifiedFloor,
        minQuartileRows: o.minQuartileRows,
      });
      emitResult(r, dumpPayload, "pilot-analyze");
    });
}
