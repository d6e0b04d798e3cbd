/**
 * `geb` (alias `goldevidencebench`): a thin commander shell over ../api.ts. Flag names and
 * defaults are the reference CLI's; additions: `--compat`, `--metrics`, `--json`,
 * `--row-results`, `validate-book`, `demo`.
 */
import { type Command, CommanderError, Option } from "commander";
import {
  floatFlag,
  intFlag,
  MAX_COUNT,
  MAX_INT,
  MAX_SUPPORT_K,
  outDirFlag,
  outFileFlag,
  binProgram,
  intOrSeedFlag,
} from "../../core/cli.js";
import { RunFailedError } from "../../core/engine/errors.js";
import { forgetConfigOrigin, reportFailure } from "../../core/engine/run-config.js";
import { InputError } from "../../core/errors.js";
// Command implementations, and the result formatting (grade/format.ts: the statistics modules),
// are imported in their actions (`await import`), so `geb --help` and each command load only
// what they use (start-up: docs/performance.md).
import type { ProtocolChoice } from "../api.js";
import type { BaselineName } from "../baselines/baselines.js";
import { registerModelCommands } from "./model.js";
import { registerWorkerCommand } from "../../core/queue/cli.js";
import { registerPipelineCommands } from "./pipeline.js";
import { registerSweepCommands } from "./sweep.js";
import { registerTrapCommands } from "../trap/cli.js";
import { registerReleaseCommands } from "../release/cli.js";
import { registerViewCommand } from "../view/cli.js";
import { registerMemoryCommands } from "../memory/cli.js";
import { registerUtilCommands } from "../util/cli.js";
import { registerRagCommands } from "../rag/cli.js";
import { registerCapabilityCommands } from "../capability/cli.js";
import { registerExportCommand } from "../export/cli.js";
import { registerUiCommands } from "../ui/cli.js";
import type { GradeOptions, MetricDialect } from "../grade/grade.js";
import {
  COMPAT_MODES,
  type Compat,
  DEFAULT_GENERATE_CONFIG,
  DISTRACTOR_PROFILES,
  type DistractorProfile,
  type Protocol,
  STATE_MODES,
  type StateMode,
} from "../dataset/types.js";

// Flag values: the shared validated parsers (src/core/cli.ts); ranges mirror validateConfig.
// `int(flag)` is a seed.
const int = intOrSeedFlag;
const intAtLeast = (flag: string, min: number, max = MAX_INT) => intFlag(flag, { min, max });
const rate = (flag: string) => floatFlag(flag, { min: 0, max: 1 });
const outFile = (flag: string) => outFileFlag(flag);

function envRate(name: string, fallback: number): number {
  const raw = process.env[`GOLDEVIDENCEBENCH_${name}`];
  if (raw === undefined) return fallback;
  const x = Number(raw);
  if (!Number.isFinite(x))
    throw new InputError(`environment GOLDEVIDENCEBENCH_${name} must be a number, got "${raw}"`);
  return x;
}

function gradingOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option("--citations <mode>", "require support IDs: auto (per row), on, off")
        .choices(["auto", "on", "off"])
        .default("auto"),
    )
    .addOption(
      new Option("--support-metric <m>", "citation correctness: f1 (gold ⊆ cited) or exact (sets equal)")
        .choices(["f1", "exact"])
        .default("f1"),
    )
    .option(
      "--max-support-k <k>",
      "score only the first k cited IDs (>= 1)",
      intAtLeast("--max-support-k", 1, MAX_SUPPORT_K),
      3,
    )
    .option("--entailment-check", "require the answer to follow from the cited updates alone (default)", true)
    .option("--no-entailment-check", "skip the entailment check")
    .addOption(
      new Option(
        "--metrics <dialect>",
        "metric definitions: 1.0 (fixed) or reference-0.1 (the reference's exactly)",
      )
        .choices(["1.0", "reference-0.1"])
        .default("1.0"),
    );
}

interface GradingFlags {
  citations: GradeOptions["citations"];
  supportMetric: GradeOptions["supportMetric"];
  maxSupportK: number;
  entailmentCheck: boolean;
  metrics: MetricDialect;
}
const gradeOpts = (o: GradingFlags): Partial<GradeOptions> => ({
  citations: o.citations,
  supportMetric: o.supportMetric,
  maxSupportK: o.maxSupportK,
  entailmentCheck: o.entailmentCheck,
  metrics: o.metrics,
});

/**
 * `--format` of grade/run. The default stays the reference's `key=value` report line (scripts
 * written against the reference parse it; its names are the reference's, e.g. `instr_acc`);
 * `table` and `json` name every metric by its JSON key (docs/cli.md).
 */
const formatOption = () =>
  new Option(
    "--format <fmt>",
    "line (the reference's report line), table or json (both name metrics by their JSON keys)",
  )
    .choices(["line", "table", "json"])
    .default("line");

export function buildProgram(): Command {
  const program = binProgram(
    "geb",
    "GoldEvidenceBench: long-context state tracking with authoritative citations",
  );

  const d = DEFAULT_GENERATE_CONFIG;
  program
    .command("generate")
    .description("generate a dataset (JSONL, one row per query)")
    .requiredOption("--out <path>", "output JSONL", outFile("--out"))
    .option("--seed <n>", "dataset seed", int("--seed"), d.seed)
    .option("--episodes <n>", "episodes", int("--episodes", 1, MAX_COUNT), d.episodes)
    .option("--steps <n>", "steps per episode", int("--steps", 1), d.steps)
    .option("--keys <n>", "distinct keys", int("--keys", 1), d.keys)
    .option("--queries <n>", "queries per episode", int("--queries", 1), d.queries)
    .option(
      "--derived-query-rate <x>",
      "share of derived queries",
      rate("--derived-query-rate"),
      d.derivedQueryRate,
    )
    .option("--chapters <n>", "book chapters / log segments", int("--chapters", 0), d.chapters)
    .option(
      "--distractor-rate <x>",
      "DISTRACTOR line rate per step",
      rate("--distractor-rate"),
      d.distractorRate,
    )
    .option(
      "--tail-distractor-steps <n>",
      "final N steps are distractor-only",
      int("--tail-distractor-steps", 0),
      d.tailDistractorSteps,
    )
    .option("--clear-rate <x>", "CLEAR rate", rate("--clear-rate"), d.clearRate)
    .option("--note-rate <x>", "NOTE ledger-line rate (kv_commentary)", rate("--note-rate"), d.noteRate)
    .option(
      "--update-burst-rate <x>",
      "near-miss burst rate (update_burst)",
      rate("--update-burst-rate"),
      envRate("UPDATE_BURST_RATE", d.updateBurstRate),
    )
    .addOption(
      new Option("--distractor-profile <p>", "distractor profile")
        .choices(DISTRACTOR_PROFILES)
        .default(d.distractorProfile),
    )
    .addOption(new Option("--state-mode <m>", "state dynamics").choices(STATE_MODES).default(d.stateMode))
    .option("--twins", "add a counterfactual twin per episode (default)", true)
    .option("--no-twins", "no twins")
    .option("--require-citations", "questions require support IDs (default)", true)
    .option("--no-require-citations", "value-only questions")
    .addOption(
      new Option("--compat <v>", "1.0 (fixed) or reference-0.1 (byte-for-byte the reference)")
        .choices(COMPAT_MODES)
        .default("1.0"),
    )
    .action(async (o) => {
      const { generateToFileAsync } = await import("../api.js");
      const r = await generateToFileAsync(
        {
          seed: o.seed,
          episodes: o.episodes,
          steps: o.steps,
          keys: o.keys,
          queries: o.queries,
          derivedQueryRate: o.derivedQueryRate,
          chapters: o.chapters,
          distractorRate: o.distractorRate,
          tailDistractorSteps: o.tailDistractorSteps,
          clearRate: o.clearRate,
          noteRate: o.noteRate,
          updateBurstRate: o.updateBurstRate,
          distractorProfile: o.distractorProfile as DistractorProfile,
          stateMode: o.stateMode as StateMode,
          twins: o.twins,
          requireCitations: o.requireCitations,
          compat: o.compat as Compat,
        },
        o.out,
      );
      console.log(`Wrote ${r.rows} rows to ${o.out}`);
    });

  program
    .command("baseline")
    .description("run a baseline predictor and write predictions JSONL")
    .requiredOption("--data <path>", "dataset JSONL")
    .addOption(new Option("--baseline <b>", "baseline").choices(["naive", "ledger"]).default("ledger"))
    .addOption(
      new Option("--protocol <p>", "open_book reads the log; closed_book only the book")
        .choices(["open_book", "closed_book"])
        .default("closed_book"),
    )
    .requiredOption("--out <path>", "predictions JSONL", outFile("--out"))
    .addOption(
      new Option(
        "--compat <v>",
        "ledger baseline: 1.0 (agrees with gold) or reference-0.1 (the reference's predictions exactly)",
      )
        .choices(COMPAT_MODES)
        .default("1.0"),
    )
    .action(async (o) => {
      const { baselineToFile } = await import("../api.js");
      const r = baselineToFile({
        data: o.data,
        baseline: o.baseline as BaselineName,
        protocol: o.protocol as Protocol,
        out: o.out,
        dialect: o.compat as Compat,
      });
      console.log(`Wrote ${r.predictions} predictions to ${o.out}`);
    });

  gradingOptions(
    program
      .command("grade")
      .description("grade predictions against a dataset")
      .requiredOption("--data <path>", "dataset JSONL")
      .requiredOption(
        "--pred <path>",
        "predictions JSONL ({id, value, support_ids} or {id, output|text|completion})",
      ),
  )
    .option("--json", "print the metrics as JSON instead of the report line (= --format json)")
    .addOption(formatOption())
    .option("--row-results <path>", "write per-row outcomes (JSONL)", outFile("--row-results"))
    .option(
      "--strict",
      "fail (exit 2) when the predictions hold ids absent from the data, repeated ids or rows without an answer",
    )
    .action(async (o) => {
      const { formatReport, gradeFiles, intakeWarning } = await import("../api.js");
      const { intervalCells, intervalsLine, metricsTable } = await import("../grade/format.js");
      const r = gradeFiles({ data: o.data, pred: o.pred, options: gradeOpts(o), rowResults: o.rowResults });
      const warning = intakeWarning(r.intake);
      if (warning && o.strict) throw new InputError(`predictions: ${warning}`, { file: o.pred });
      if (warning) process.stderr.write(`geb grade: warning: ${o.pred}: ${warning}\n`);
      if (o.format === "table") {
        const m = r.metrics as unknown as Record<string, unknown>;
        // A second column `value [95% CI]` where the metric has an interval (1.0 only).
        const ci = r.intervals ? intervalCells(r.intervals) : undefined;
        process.stdout.write(
          metricsTable([{ metrics: m }, ...(ci ? [{ name: "95% CI", metrics: ci }] : [])]),
        );
        return;
      }
      if (o.format === "json") o.json = true;
      if (o.json)
        console.log(
          JSON.stringify(
            {
              metrics: r.metrics,
              config: r.options,
              predictions: r.intake,
              ...(r.intervals ? { intervals: r.intervals } : {}),
            },
            null,
            2,
          ),
        );
      else {
        console.log(formatReport(r.metrics, "", undefined, r.options.metrics));
        if (r.intervals) console.log(intervalsLine(r.intervals));
      }
    });

  gradingOptions(
    program
      .command("run")
      .description("run a baseline and grade it (optionally write predictions and results JSON)")
      .requiredOption("--data <path>", "dataset JSONL")
      .addOption(new Option("--baseline <b>", "baseline").choices(["naive", "ledger"]).default("ledger"))
      .addOption(
        new Option("--protocol <p>", "protocol")
          .choices(["open_book", "closed_book", "both"])
          .default("closed_book"),
      )
      .option("--out <path>", "predictions JSONL (with both: <name>.<protocol>.jsonl)", outFile("--out"))
      .option(
        "--results-json <path>",
        "machine-readable results (a list, one entry per protocol)",
        outFile("--results-json"),
      )
      .addOption(formatOption()),
  ).action(async (o) => {
    const { formatReport, runBaseline } = await import("../api.js");
    const { intervalCells, intervalsLine, metricsTable } = await import("../grade/format.js");
    const { payloads, reports } = runBaseline({
      data: o.data,
      baseline: o.baseline as BaselineName,
      protocol: o.protocol as ProtocolChoice,
      options: gradeOpts(o),
      out: o.out,
      resultsJson: o.resultsJson,
    });
    if (o.format === "json") return void console.log(JSON.stringify(payloads, null, 2));
    if (o.format === "table")
      return void process.stdout.write(
        metricsTable(
          reports.flatMap((r) => [
            { name: r.protocol, metrics: r.metrics as unknown as Record<string, unknown> },
            ...(r.intervals ? [{ name: `${r.protocol} 95% CI`, metrics: intervalCells(r.intervals) }] : []),
          ]),
        ),
      );
    for (const r of reports)
      console.log(
        formatReport(r.metrics, `baseline=${o.baseline} protocol=${r.protocol} `, r.efficiency, o.metrics),
      );
    // After every report line, so the report lines keep their places.
    for (const r of reports)
      if (r.intervals) console.log(`protocol=${r.protocol} ${intervalsLine(r.intervals)}`);
  });

  program
    .command("validate-book")
    .description("structurally validate the book of every row (sections, ledger grammar, no log leaks)")
    .requiredOption("--data <path>", "dataset JSONL")
    .addOption(
      new Option("--compat <v>", "grammar: 1.0 or reference-0.1").choices(COMPAT_MODES).default("1.0"),
    )
    .action(async (o) => {
      const { validateBooks } = await import("../api.js");
      const r = validateBooks(o.data, o.compat as Compat);
      for (const bad of r.invalid.slice(0, 20))
        console.log(
          `${o.data}:${bad.line}: row ${bad.id}: ${bad.errors.join(", ")} (book line ${bad.bookLine ?? "?"})`,
        );
      console.log(`books: ${r.checked} checked, ${r.invalid.length} invalid`);
      if (r.invalid.length > 0) process.exitCode = 1;
    });

  program
    .command("demo")
    .description("generate a small dataset, run both baselines on both protocols, print the metric table")
    .option(
      "--dir <path>",
      "where to write the demo files (default: a temporary directory)",
      outDirFlag("--dir"),
    )
    .action(async (o) => {
      const { runDemo } = await import("../api.js");
      runDemo({ dir: o.dir });
    });

  // Commands owned by other modules (one file each, so features stay separable).
  registerModelCommands(program);
  registerWorkerCommand(program, "geb");
  registerPipelineCommands(program);
  registerSweepCommands(program);
  registerViewCommand(program);
  registerMemoryCommands(program);
  registerUtilCommands(program);
  registerExportCommand(program);
  registerUiCommands(program);
  registerTrapCommands(program);
  registerReleaseCommands(program);
  registerRagCommands(program);
  registerCapabilityCommands(program);
  return program;
}

/**
 * Run the CLI on `argv` (the arguments after the program name) and return the exit code:
 * 0 ok, 1 the run failed, 2 usage or input error (docs/cli.md).
 */
export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  process.exitCode = undefined;
  forgetConfigOrigin();
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
  } catch (e) {
    // --help / --version exit 0; every usage error (bad flag value, unknown option) 2.
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    // A model run stopped on a permanent failure, or with failed requests (sweeps, grids): one line, exit 1.
    return reportFailure("geb", e, e instanceof RunFailedError);
  }
  // Actions report a failed run through process.exitCode (e.g. errors recorded by `geb model`).
  return Number(process.exitCode ?? 0);
}
