/**
 * CLI registration of the calibration commands (`gf01 pilot-analyze`). Only flags are declared
 * here; implementations are imported in the actions, so `gf01 --help` loads none of them.
 */
import { type Command, CommanderError, Option } from "commander";
import {
  FlagError,
  floatFlag,
  intFlag,
  MAX_COUNT,
  MAX_INT,
  outDirFlag,
  outFileFlag,
  SEED_RANGE,
} from "../../core/cli.js";
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

/** `--caps FILE`, `--a-ref N`, `--p-ref MS` on a command that runs the SubsetMin diagnostic. */
export function addDiagnosticCapOptions(cmd: Command): Command {
  return cmd
    .option("--caps <file>", "diagnostic caps (A_ref, P_ref) from gf01 freeze-caps (gf01.subset_caps.v1)")
    .option(
      "--a-ref <n>",
      "diagnostic cap: most proper subsets checked (default 2^20)",
      intFlag("a-ref", { min: 1, max: MAX_INT }),
    )
    .option(
      "--p-ref <ms>",
      "diagnostic cap: most milliseconds (default none)",
      intFlag("p-ref", { min: 1, max: MAX_INT }),
    );
}

/**
 * The `diagnostic` option of verify/evaluate: undefined (not run), true (default caps) or the
 * caps given. A cap flag without `--diagnostic` is a usage error, not silently ignored.
 */
export async function diagnosticFromFlags(o: {
  diagnostic?: boolean;
  caps?: string;
  aRef?: number;
  pRef?: number;
}): Promise<boolean | { A_ref?: number; P_ref?: number } | undefined> {
  const capped = o.caps !== undefined || o.aRef !== undefined || o.pRef !== undefined;
  if (!o.diagnostic) {
    if (capped) throw new FlagError("--diagnostic", "is needed with --caps, --a-ref or --p-ref");
    return undefined;
  }
  if (!capped) return true;
  const { capsFromFlags } = await import("./caps-files.js");
  return capsFromFlags(o);
}

const collect = (v: string, prev: string[] = []) => [...prev, v];

function registerQ033(program: Command): void {
  const q = program
    .command("q033")
    .description("Q-033: balanced-quartile manifests, sweeps with pre-registered gates, closure");
  q.command("build")
    .description("Build disjoint balanced-quartile replicate manifests")
    .option("--seed-start <n>", "first seed scanned", intFlag("seed-start", SEED_RANGE), 8000)
    .option(
      "--candidate-count <n>",
      "instances accepted before quartiling",
      intFlag("candidate-count", { min: 4, max: 1000000 }),
      4000,
    )
    .option("--replicates <n>", "disjoint manifests", intFlag("replicates", { min: 1, max: 100 }), 2)
    .option(
      "--per-quartile <n>",
      "instances per quartile per manifest",
      intFlag("per-quartile", { min: 1, max: 100000 }),
      120,
    )
    .option("--split <id>", "split id", "q033_internal")
    .option("--git-commit <sha>", "provenance stamp (default: the toolkit's own commit when known)")
    .requiredOption("--out-dir <dir>", "manifest directory", outDirFlag("out-dir"))
    .option("--force", "write into a non-empty directory")
    .action(async (o) => {
      const { q033Build } = await import("./q033-files.js");
      const { dumpJsonFile } = await import("../artifacts/pyout.js");
      const r = await q033Build({
        seedStart: o.seedStart,
        candidateCount: o.candidateCount,
        replicates: o.replicates,
        perQuartile: o.perQuartile,
        split: o.split,
        gitCommit: o.gitCommit,
        outDir: o.outDir,
        force: !!o.force,
      });
      emitResult(r, dumpJsonFile, "q033");
    });
  q.command("sweep")
    .description("Sweep one manifest: truncation, oracle - greedy gap and runtime, globally and per quartile")
    .requiredOption("--manifest <file>", "a q033 build manifest")
    .option("--seed <n>", "agent seed base", intFlag("seed", SEED_RANGE), 1300)
    .option("--out <file>", "also write the sweep JSON here", outFileFlag("out"))
    .action(async (o) => {
      const { q033Sweep } = await import("./q033-files.js");
      const { dumpJsonFile } = await import("../artifacts/pyout.js");
      emitResult(await q033Sweep({ manifest: o.manifest, seed: o.seed, out: o.out }), dumpJsonFile, "q033");
    });
  q.command("close")
    .description("Close Q-033: at least two passing sweeps with disjoint seeds")
    .requiredOption("--sweep <file>", "a sweep JSON (repeat, at least two)", collect)
    .option("--allow-seed-overlap", "do not require disjoint seed sets")
    .option("--out <file>", "also write the closure JSON here", outFileFlag("out"))
    .action(async (o) => {
      const { q033Close } = await import("./q033-files.js");
      const { dumpJsonFile } = await import("../artifacts/pyout.js");
      emitResult(
        await q033Close({ sweeps: o.sweep, allowSeedOverlap: !!o.allowSeedOverlap, out: o.out }),
        dumpJsonFile,
        "q033",
      );
    });
}

export function registerCalibrationCommands(program: Command): void {
  registerQ033(program);
  program
    .command("freeze-caps")
    .description(
      "Freeze the SubsetMin diagnostic caps (A_ref, P_ref) from an uncapped pilot run (DEC-020..023)",
    )
    .requiredOption("--instances <file>", "pilot instance bundle")
    .requiredOption("--runs <file>", "pilot run rows (every certificate is diagnosed)")
    .option(
      "--quantile <p>",
      "p of the dual-threshold rule",
      floatFlag("quantile", { min: 0.5, max: 1 }),
      0.9,
    )
    .option(
      "--multiplier <k>",
      "k of the dual-threshold rule",
      floatFlag("multiplier", { min: 1, max: 1000 }),
      3,
    )
    .option(
      "--sample-target <n>",
      "pilot checkpoint (unique instances) before the caps are final",
      intFlag("sample-target", { min: 0, max: MAX_COUNT }),
      240,
    )
    .option("--out <file>", "caps file (gf01.subset_caps.v1)", outFileFlag("out"))
    .action(async (o) => {
      const { freezeCaps } = await import("./caps-files.js");
      const { dumpJsonFile } = await import("../artifacts/pyout.js");
      const r = await freezeCaps({
        instancesFile: o.instances,
        runsFile: o.runs,
        quantile: o.quantile,
        multiplier: o.multiplier,
        sampleTarget: o.sampleTarget,
        out: o.out,
      });
      emitResult(r, dumpJsonFile, "freeze-caps");
    });

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
      intFlag("sample-target", { min: 0, max: MAX_COUNT }),
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
      intFlag("min-quartile-rows", { min: 0, max: MAX_COUNT }),
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
