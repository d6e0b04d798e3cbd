/**
 * `geb sweep`, `geb sweep-merge`, `geb run-preset`, `geb wall`, `geb wall-search`,
 * `geb check-thresholds` and `geb report`: thin commander adapters over src/geb/sweep.
 */
import { type Command, Option } from "commander";
import { addFlags, floatOption, intOption, outDirFlag, outFileFlag } from "../../core/cli.js";
import { addConfigOption } from "../../core/engine/run-config.js";
import { MAX_UNPARSEABLE_SHARE_SPEC } from "../../core/engine/unparseable.js";
import { BRIEF_ENGINE_HELP, type EngineFromOptions, engineFlags } from "../../core/engine/cli.js";
import { InputError } from "../../core/errors.js";
import { QUEUE_FLAG, QUEUE_HELP } from "../../core/queue/cli.js";
import { type QueueUrl, queueUrlFlag } from "../../core/queue/url.js";
import { importOptional } from "../../core/optional.js";
import { writeTextAtomic } from "../io.js";
import { addSweepFlags } from "../sweep/flag-options.js";
import { parseShard, type SweepSpec } from "../sweep/grid.js";
// Implementations are imported in the actions (`await import`): `geb --help` loads none of them.
import type { SweepResult } from "../sweep/sweep.js";
import type { Issue } from "../sweep/thresholds.js";
import type { WallDirection } from "../sweep/wall.js";

/** Engine flags for model cells (the shared engine surface minus per-run result files). */
function addModelFlags(cmd: Command): Command {
  return addFlags(cmd, [
    ...engineFlags({
      model: {
        help: "answer with a model (openai:<m>, llamacpp, command:<prog>, module:<file>, builtin:<name>)",
        parse: undefined,
        required: false,
      },
    }),
    { flags: "--adapter <spec>", help: "alias of --model (the reference's flag)" },
    ...engineFlags(
      {
        baseUrl: "model server base URL",
        apiKeyEnv: "variable holding the API key",
        commandArg: true,
        promptVia: true,
        modelOption: true,
        temperature: true,
        maxTokens: true,
        maxConcurrency: "model requests in flight per cell",
        timeoutS: true,
        maxRetries: true,
        maxRetryWaitS: true,
        cacheDir: true,
      },
      BRIEF_ENGINE_HELP,
    ),
    MAX_UNPARSEABLE_SHARE_SPEC,
    { flags: QUEUE_FLAG, help: `model cells: ${QUEUE_HELP}`, parse: queueUrlFlag("--queue") },
  ]);
}

function addRunFlags(cmd: Command): Command {
  return cmd
    .option("--shard <i/n>", "run only shard i of n (every n-th cell); merge with sweep-merge")
    .addOption(
      intOption(
        "--jobs <n>",
        "worker threads for baseline cells (default: from cores and grid size, 1 on ≤ 2 cores)",
        { min: 1, max: 1024 },
      ),
    )
    .option("--overwrite", "discard an existing sweep in --out and run again")
    .option(
      "--results-json <path>",
      "also write the combined results list here",
      outFileFlag("--results-json"),
    )
    .option("--no-progress", "no progress bar");
}

async function runtimeFor(spec: SweepSpec, o: Record<string, unknown>) {
  // --queue without a model: whole cells are the jobs (src/geb/queue/sweep-cells.ts); with a
  // model, each request is (below).
  if (o.queue && (spec.runner.kind === "baseline" || !spec.runner.model)) {
    if (spec.runner.kind === "pipeline") await import("../sweep/pipeline-cell.js");
    const { queuedCells } = await import("../queue/sweep-cells.js");
    return { remoteCells: queuedCells(o.queue as QueueUrl) };
  }
  if (spec.runner.kind === "baseline") return {};
  // Loaded only when needed: baseline sweeps start without the pipeline or the engine.
  if (spec.runner.kind === "pipeline") await import("../sweep/pipeline-cell.js");
  if (!spec.runner.model) return {};
  // Loaded only for model cells: baseline sweeps start without the engine (startup is timed).
  const { engineFromOptions } = await import("../../core/engine/cli.js");
  const { gebOptionsFromCli } = await import("../model/cli-options.js");
  await import("../sweep/model-cell.js");
  const engine: EngineFromOptions = await engineFromOptions({
    model: spec.runner.model,
    baseUrl: o.baseUrl as string | undefined,
    apiKeyEnv: o.apiKeyEnv as string | undefined,
    commandArg: o.commandArg as string[] | undefined,
    promptVia: o.promptVia as "stdin" | "file" | undefined,
    modelOption: o.modelOption as string[] | undefined,
    temperature: o.temperature as string | undefined,
    maxTokens: o.maxTokens as string | undefined,
    maxConcurrency: o.maxConcurrency as string | undefined,
    timeoutS: o.timeoutS as string | undefined,
    maxRetries: o.maxRetries as string | undefined,
    maxRetryWaitS: o.maxRetryWaitS as string | undefined,
    cacheDir: o.cacheDir as string | undefined,
    maxUnparseableShare: o.maxUnparseableShare as string | undefined,
  });
  // --queue: each cell's requests run on the distributed workers (docs/scale.md).
  if (o.queue && engine.clientSpec) {
    const { queuedRunner } = await import("../../core/engine/queue.js");
    engine.run.runner = queuedRunner(o.queue as QueueUrl, engine.clientSpec);
  }
  return {
    engine,
    gebPrompt: gebOptionsFromCli({}).prompt,
    maxUnparseableShare: engine.run.maxUnparseableShare,
  };
}

function reportSweep(r: SweepResult, out: string): void {
  console.log(
    `sweep: ${r.cells} cells (${r.ran} run, ${r.skipped} already done) in ${out}` +
      (r.complete ? `; wrote ${r.combined} and ${r.summary}` : "; grid incomplete (other shards pending)"),
  );
}

async function sweepAction(cmd: Command, spec: SweepSpec, out: string): Promise<void> {
  const o = cmd.opts();
  const jobs = o.jobs as number | undefined; // validated by intFlag
  const { runSweep } = await import("../sweep/sweep.js");
  const r = await runSweepOrQueueFailure(runSweep, {
    spec,
    out,
    shard: o.shard ? parseShard(String(o.shard)) : null,
    jobs,
    overwrite: Boolean(o.overwrite),
    resultsJson: (o.resultsJson as string | undefined) ?? null,
    progress: o.progress !== false,
    runtime: await runtimeFor(spec, o),
    log: (s) => process.stderr.write(`${s}\n`),
    // The effective config beside the results, once the sweep is known to start (a refused
    // sweep writes nothing).
    beforeWrite: async () => {
      const { writeEffectiveConfig } = await import("../../core/engine/run-config.js");
      await writeEffectiveConfig(cmd, `${out.replace(/\/+$/, "")}/config.json`);
    },
  });
  if (r) reportSweep(r, out);
}

/** A sweep, with a Redis failure (--queue) as one stderr line and exit 1 (undefined). */
async function runSweepOrQueueFailure<A, R>(run: (a: A) => Promise<R>, a: A): Promise<R | undefined> {
  try {
    return await run(a);
  } catch (e) {
    const q = await import("../../core/queue/cli.js");
    if (!(await q.reportQueueFailure("geb", e))) throw e;
    q.failRun("geb");
    return undefined;
  }
}

/**
 * Commander's own flag errors (a value outside `choices`, a missing argument) as one line and
 * exit 2, like every InputError: no usage dump after the message. The CLI's main turns the
 * thrown CommanderError into the exit code.
 */
export function oneLineErrors(cmd: Command): void {
  cmd.showHelpAfterError(false).exitOverride();
  for (const c of cmd.commands) oneLineErrors(c);
}

/** Apply `oneLineErrors` to the commands `register` adds to `program`. */
export function withOneLineErrors(program: Command, register: () => void): void {
  const before = new Set(program.commands);
  register();
  for (const c of program.commands) if (!before.has(c)) oneLineErrors(c);
}

export function registerSweepCommands(program: Command): void {
  withOneLineErrors(program, () => registerSweepCommandsInner(program));
}

function registerSweepCommandsInner(program: Command): void {
  const sweep = program
    .command("sweep")
    .description("run a grid of generate → answer → grade cells (parallel, resumable, shardable)")
    .requiredOption(
      "--out <dir>",
      "output directory (one run dir per cell, combined.json, summary.json)",
      outDirFlag("--out"),
    );
  addRunFlags(addModelFlags(addSweepFlags(sweep)));
  addConfigOption(sweep.optionsGroup("Run config:"));
  sweep.action(async () => {
    const { specFromFlags } = await import("../sweep/flags.js");
    const spec = await specFromFlags(sweep);
    await sweepAction(sweep, spec, sweep.opts().out);
  });

  program
    .command("sweep-merge")
    .description("join shard output dirs of one grid into --out and write combined.json + summary.json")
    .argument("<dirs...>", "shard output directories")
    .requiredOption("--out <dir>", "merged output directory (may be one of the inputs)", outDirFlag("--out"))
    .action(async (dirs: string[], o: { out: string }) => {
      const { mergeSweeps } = await import("../sweep/sweep.js");
      const r = mergeSweeps(dirs, o.out);
      console.log(`merged ${r.cells} cells into ${o.out}; wrote ${r.combined} and ${r.summary}`);
    });

  const preset = program
    .command("run-preset")
    .description("run a named sweep from the versioned presets file (configs/presets.json)")
    .argument("[name]", "preset name (see --list)")
    .option("--out <dir>", "output directory (default runs/<name>)", outDirFlag("--out"))
    .option("--presets <file>", "presets file (default: the bundled configs/presets.json)")
    .option("--list", "list presets (cells, description, what each needs) and exit");
  addRunFlags(addModelFlags(addSweepFlags(preset)));
  preset.action(async (name: string | undefined) => {
    const { describePresets, loadPresets, presetSpec, withOfflineAnswerer } = await import(
      "../sweep/presets.js"
    );
    const { specFromFlags } = await import("../sweep/flags.js");
    const o = preset.opts();
    const file = loadPresets(o.presets as string | undefined);
    if (o.list) {
      for (const line of describePresets(file)) console.log(line);
      return;
    }
    if (!name)
      throw new InputError(
        `a preset name is required (have: ${Object.keys(file.presets).join(", ")}; see --list)`,
        {
          field: "name",
        },
      );
    const base = presetSpec(file, name, o.presets ?? "configs/presets.json");
    const spec = await specFromFlags(preset, base);
    const note = withOfflineAnswerer(spec, name);
    if (note) process.stderr.write(`${note}\n`);
    await sweepAction(preset, spec, (o.out as string | undefined) ?? `runs/${name}`);
  });

  program
    .command("wall")
    .description("find the first parameter value where a metric crosses a threshold (over summary.json runs)")
    .option("--runs-dir <dir>", "directory searched for */summary.json", "runs")
    .option("--metric <path>", "metric path in summary.json (e.g. overall.value_acc_mean)", "drift.step_rate")
    .option("--param <key>", "config key of the swept parameter", "steps")
    .addOption(floatOption("--threshold <x>", "threshold", { min: -1e9, max: 1e9 }).makeOptionMandatory())
    .addOption(
      new Option("--direction <d>", "wall when metric ≥ (gte) or ≤ (lte) threshold")
        .choices(["gte", "lte"])
        .makeOptionMandatory(),
    )
    .option("--state-mode <m>", "only runs of this state mode")
    .option("--profile <p>", "only runs of this distractor profile")
    .addOption(
      new Option("--aggregate <a>", "combine runs with the same param")
        .choices(["none", "max", "min"])
        .default("max"),
    )
    .option("--out <file>", "wall JSON (default <runs-dir>/wall.json)", outFileFlag("--out"))
    .option("--update-config <file>", "write the threshold back into this checks config")
    .option("--check-id <id>", "check to update (with --update-config)")
    .option("--metric-path <path>", "metric path in the checks config (default --metric)")
    .action(async (o) => {
      const { findWallInRuns, updateThresholdConfig } = await import("../sweep/wall.js");
      const threshold = o.threshold as number;
      const r = findWallInRuns({
        runsDir: o.runsDir,
        metricPath: o.metric,
        paramKey: o.param,
        threshold,
        direction: o.direction as WallDirection,
        stateMode: o.stateMode ?? null,
        profile: o.profile ?? null,
        aggregate: o.aggregate,
        out: o.out,
      });
      if (!r) {
        console.log("No matching runs found.");
        process.exitCode = 1;
        return;
      }
      console.log(`Wrote ${r.out}`);
      console.log(r.lines.join("\n"));
      if (o.updateConfig) {
        if (!o.checkId) throw new InputError("is required with --update-config", { field: "--check-id" });
        updateThresholdConfig(o.updateConfig, o.checkId, o.metricPath ?? o.metric, threshold, o.direction);
        console.log(`Updated ${o.updateConfig} (${o.checkId} ${o.metricPath ?? o.metric})`);
      }
    });

  const ws = program
    .command("wall-search")
    .description("adaptive wall search: coarse grid → bisection refine → confirm with more seeds")
    .requiredOption("--out <dir>", "output directory (one sweep per probed value)", outDirFlag("--out"))
    .requiredOption(
      "--param <knob>",
      "swept knob: steps, max_book_tokens, or a rate (update_burst_rate, note_rate, distractor_rate, clear_rate)",
    )
    .requiredOption("--values <list>", "coarse values, ascending (e.g. 40,80,160,320)")
    .requiredOption("--metric <path>", "metric path in summary.json (e.g. overall.value_acc_mean)")
    .addOption(floatOption("--threshold <x>", "threshold", { min: -1e9, max: 1e9 }).makeOptionMandatory())
    .addOption(
      new Option("--direction <d>", "wall when metric ≥ (gte) or ≤ (lte) threshold")
        .choices(["gte", "lte"])
        .makeOptionMandatory(),
    )
    .addOption(
      intOption("--refine <n>", "bisection steps inside the crossing bracket", { min: 0, max: 64 }, 4),
    )
    .addOption(
      floatOption(
        "--tolerance <x>",
        "stop refining when the bracket is this narrow (default 1 for integer knobs, 0.01 for rates)",
        { min: 0, max: 1e9 },
      ),
    )
    .addOption(
      intOption(
        "--confirm-seeds <n>",
        "re-run the wall and last-ok points with this many seeds (0: skip)",
        { min: 0, max: 10_000 },
        0,
      ),
    )
    .option("--preset <name>", "start from a preset instead of the sweep defaults")
    .option("--presets <file>", "presets file");
  addRunFlags(addModelFlags(addSweepFlags(ws)));
  ws.action(async () => {
    const { loadPresets, presetSpec } = await import("../sweep/presets.js");
    const { wallSearch } = await import("../sweep/wall.js");
    const { specFromFlags } = await import("../sweep/flags.js");
    const o = ws.opts();
    const base = o.preset
      ? presetSpec(loadPresets(o.presets), o.preset, o.presets ?? "configs/presets.json")
      : undefined;
    const spec = await specFromFlags(ws, base);
    const r = await runSweepOrQueueFailure(wallSearch, {
      spec,
      out: o.out,
      param: o.param,
      values: String(o.values),
      metricPath: o.metric,
      threshold: o.threshold as number,
      direction: o.direction,
      refine: o.refine as number,
      tolerance: o.tolerance as number | undefined,
      confirmSeeds: o.confirmSeeds as number,
      jobs: o.jobs as number | undefined,
      progress: o.progress !== false,
      runtime: await runtimeFor(spec, o),
      log: (s) => process.stderr.write(`${s}\n`),
    });
    if (!r) return;
    console.log(`Wrote ${r.file}`);
    console.log(r.lines.join("\n"));
  });

  program
    .command("check-thresholds")
    .description(
      "evaluate a use-case checks config (the reference's usecase_checks.json format) against summaries",
    )
    .option("--config <file>", "checks config", "configs/usecase_checks.json")
    .option("--root <dir>", "root for summary_path entries", ".")
    .option("--out <file>", "write {issues, error_count} JSON here", outFileFlag("--out"))
    .option("--quiet-passes", "hide passing rows")
    .addOption(
      new Option("--profile <p>", "release: missing metrics fail; fastlocal: missing is n/a")
        .choices(["release", "fastlocal"])
        .default("release"),
    )
    .option("--strict-optional", "treat optional metrics as required (unless strict_optional_missing=false)")
    .addOption(
      new Option("--format <f>", "table (default) or lines (the reference's output)")
        .choices(["table", "lines"])
        .default("table"),
    )
    .action(async (o) => {
      const { evaluateChecks, formatIssuesTable, loadChecksConfig, optionalAbsent } = await import(
        "../sweep/thresholds.js"
      );
      const config = loadChecksConfig(o.config);
      const { issues, errorCount } = evaluateChecks(config, {
        root: o.root,
        profile: o.profile,
        strictOptional: Boolean(o.strictOptional),
      });
      const shown = o.quietPasses ? issues.filter((i) => i.status !== "pass") : issues;
      console.log(formatIssuesTable(shown, o.format, issues));
      // An optional gate whose metric is absent passes by the config's own rule, but never
      // silently: name every one on stderr (a drift gate over a run without drift rows, say).
      const absent = optionalAbsent(issues);
      if (absent.length > 0)
        process.stderr.write(
          `geb: warning: ${absent.length} optional gate metric(s) absent, not evaluated: ${absent.join(", ")}\n`,
        );
      if (o.out) await writeIssuesJson(o.out, issues, errorCount);
      if (errorCount > 0) process.exitCode = 1;
    });

  program
    .command("report")
    .description(
      "self-contained HTML report of a sweep (or a dir of sweeps): charts, tables, CSV/JSON, optional PNGs",
    )
    .argument("<run-dir>", "a sweep dir (combined.json) or a dir holding several")
    .option("--out <file>", "HTML file (default <run-dir>/report.html)", outFileFlag("--out"))
    .option("--png", "also export every chart as PNG (needs chromium)")
    .option("--chromium <path>", "chromium executable for --png", "/usr/bin/chromium")
    .option("--wall-metric <path>", "summary metric for the wall panel", "overall.value_acc_mean")
    .addOption(floatOption("--wall-threshold <x>", "threshold line on wall curves", { min: -1e9, max: 1e9 }))
    .action(async (dir: string, o) => {
      // --png needs an optional package: say so before any work (and before the HTML is written).
      if (o.png)
        await importOptional("playwright-core", "PNG export (--png)", () => import("playwright-core"));
      const { writeGebReport } = await import("../sweep/report.js");
      const r = await writeGebReport({
        dir,
        out: o.out,
        png: Boolean(o.png),
        chromium: o.chromium,
        wallMetric: o.wallMetric,
        wallThreshold: (o.wallThreshold as number | undefined) ?? null,
      });
      console.log(
        `Wrote ${r.html} (${r.charts} charts, ${r.tables} tables${r.pngs ? `, ${r.pngs} PNGs` : ""})`,
      );
    });
}

async function writeIssuesJson(file: string, issues: readonly Issue[], errorCount: number): Promise<void> {
  const { pyJsonDumps } = await import("../../core/pyjson.js");
  writeTextAtomic(
    file,
    pyJsonDumps(
      {
        issues: issues.map((i) => ({
          check_id: i.check_id,
          metric_path: i.metric_path,
          status: i.status,
          message: i.message,
          severity: i.severity,
        })),
        error_count: errorCount,
      },
      { indent: 2 },
    ),
  );
}
