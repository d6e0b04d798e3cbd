#!/usr/bin/env node
import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  addSweepFlags
} from "./chunk-HQOGHVVX.js";
import {
  parseShard
} from "./chunk-QNRWR3W5.js";
import {
  formatTable
} from "./chunk-2MFGQVOO.js";
import {
  addGebPromptOptions,
  gebOptionsFromCli
} from "./chunk-CTXZW2OD.js";
import {
  writeTextAtomic
} from "./chunk-Z5G6XQ3A.js";
import {
  COMPAT_MODES,
  DEFAULT_GENERATE_CONFIG,
  DISTRACTOR_PROFILES,
  STATE_MODES
} from "./chunk-XRAGKYZP.js";
import {
  intervalsLine
} from "./chunk-LCTBYAZL.js";
import {
  addAnswerOptions,
  addSelectionOptions,
  pipelineFlags
} from "./chunk-LD6HLM5A.js";
import {
  formatInterval
} from "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import {
  addViewOptions,
  runViewer
} from "./chunk-N3VRYFNS.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import {
  importOptional
} from "./chunk-LXQA6YAV.js";
import "./chunk-QYZGEUIB.js";
import {
  addModelOptions,
  num
} from "./chunk-4LXGBU3I.js";
import {
  Command,
  CommanderError,
  Option,
  checkedFlag,
  floatFlag,
  helpConfig,
  intFlag,
  internalErrorLine,
  outDirFlag,
  outFileFlag,
  packageVersion,
  runMain
} from "./chunk-CRNPPSQM.js";
import "./chunk-DXD3EPTX.js";
import "./chunk-JPE6EABB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/cli/main.ts
import { RunStoppedError as RunStoppedError2 } from "../core/engine/errors.js";
import { InputError as InputError4 } from "../core/errors.js";

// src/geb/cli/model.ts
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { RunStoppedError } from "../core/engine/errors.js";
import { InputError } from "../core/errors.js";
var int = (flag, min) => intFlag(flag, { min });
var collect = (v, prev = []) => [...prev, v];
function predictionsJsonl(r) {
  const preds = r.predictions[0] ?? /* @__PURE__ */ new Map();
  let out = "";
  for (const row of r.payload.retrieval_stats) {
    if (row.trial !== 0) continue;
    const a = preds.get(row.id);
    if (a) out += `${JSON.stringify({ id: row.id, value: a.value, support_ids: a.support_ids })}
`;
  }
  return out;
}
function parseLabels(items) {
  const out = {};
  for (const it of items ?? []) {
    const i = it.indexOf("=");
    if (i <= 0) throw new InputError(`expected key=value, got ${JSON.stringify(it)}`, { field: "--label" });
    out[it.slice(0, i)] = it.slice(i + 1);
  }
  return out;
}
function reportLines(r, {
  formatReport,
  pyFixed,
  intervalsLine: intervalsLine2
}) {
  const p = r.payload;
  const e = p.efficiency;
  const lines = [
    formatReport(p.metrics, `model=${p.model} protocol=closed_book `, {
      tokens: e.tokens,
      tokens_per_q: e.tokens_per_q,
      passes: e.passes,
      wall_s: e.wall_s ?? 0,
      wall_s_per_q: 0
    })
  ];
  if (p.metrics_postprocessed)
    lines.push(formatReport(p.metrics_postprocessed, "postprocessed (reference citation repair) "));
  if (p.trial_stats) {
    const v = p.trial_stats.value_acc;
    if (v)
      lines.push(
        `trials=${v.n} value_acc mean=${pyFixed(v.mean, 3)} stdev=${pyFixed(v.stdev, 3)} min=${pyFixed(v.min, 3)} max=${pyFixed(v.max, 3)}`
      );
  }
  const d = p.decomposition;
  if (d?.decomposition_line) {
    const f = (x) => x === null ? "-" : pyFixed(x, 4);
    lines.push(`decomposition (gold_present -> selected -> answered -> correct): ${d.decomposition_line}`);
    lines.push(
      `selected_note=${f(d.selected_note_rate)} wrong_update=${f(d.wrong_update_rate)} abstain=${f(d.abstain_rate)} (p=${f(d.abstain_precision)} r=${f(d.abstain_recall)}) reference(latest-entry) selection=${f(d.selection_rate_latest_entry)}`
    );
  }
  if (p.intervals) lines.push(intervalsLine2(p.intervals));
  return lines;
}
function incompleteRunLine(r, resultsPath) {
  const n = r.payload.data.n * Math.max(1, r.predictions.length);
  const retry = resultsPath ? `rerun with --resume --results ${resultsPath} to retry only those` : "rerun (with --results <file> a later --resume retries only the failed ones)";
  return `geb: ${r.errors} of ${n} requests failed, first: ${r.firstError ?? "unknown error"}; no scores reported \u2014 ${retry}`;
}
function registerModelCommands(program) {
  const cmd = program.command("model").description(
    "run a model over a dataset (closed book) and grade it; --model retrieval[:<answerer>] runs the retrieval \u2192 selection \u2192 answer pipeline"
  ).optionsGroup("Input:").requiredOption("--data <path>", "dataset JSONL");
  addModelOptions(cmd.optionsGroup("Model and server:"));
  addGebPromptOptions(cmd.optionsGroup("Prompt:"));
  addAnswerOptions(
    addSelectionOptions(cmd.optionsGroup("Retrieval pipeline (--model retrieval[:<answerer>]):"))
  );
  cmd.optionsGroup("Grading and output:").addOption(
    new Option("--protocol <p>", "closed_book (the model reads the book's ledger)").choices(["closed_book"]).default("closed_book")
  ).addOption(
    new Option("--citations <mode>", "require support IDs: auto (per row), on, off").choices(["auto", "on", "off"]).default("auto")
  ).addOption(
    new Option("--support-metric <m>", "citation correctness: f1 or exact").choices(["f1", "exact"]).default("f1")
  ).option("--max-support-k <k>", "score only the first k cited IDs (>= 1)", int("--max-support-k", 1), 3).option("--entailment-check", "require the answer to follow from the cited updates (default)", true).option("--no-entailment-check", "skip the entailment check").option("--out <path>", "predictions JSONL (trial 0)", outFileFlag("--out")).option(
    "--results-json <path>",
    "results JSON (a list with one run payload)",
    outFileFlag("--results-json")
  ).option(
    "--out-dir <dir>",
    "write preds.jsonl, results.json, summary.json, summary.csv, diagnosis.json there",
    outDirFlag("--out-dir")
  ).option("--thresholds <file>", "diagnosis thresholds JSON (reference format)").option(
    "--label <k=v>",
    "label recorded in the payload (repeat; distractor_profile=\u2026 is used for grouping)",
    collect
  ).option("--no-timings", "leave wall-clock fields out (byte-identical artifacts across runs)").addHelpText(
    "after",
    `
Examples:
  geb model --data data.jsonl --model openai:qwen2.5-7b --base-url http://localhost:8000/v1 --results-json r.json
  geb model --data data.jsonl --model openai:gpt-4o-mini --limit 20 --out preds.jsonl
  geb model --data data.jsonl --model retrieval --deterministic-answer --retriever bm25 --k 8 --rerank latest_step
Required options are marked (required); docs/geb/model.md and docs/cli.md explain the rest.`
  ).action(async (o) => {
    const { engineFromOptions } = await import("./chunk-ASQQTOED.js");
    const api = await import("./chunk-25TGDH2X.js");
    const { parseRetrievalSpec, runGebModel } = await import("./chunk-O32ERWMQ.js");
    const { pipelineFromCommand } = await import("./chunk-PBPDLFDM.js");
    const { writeRunArtifacts } = await import("./chunk-3U73MGFI.js");
    const spec = parseRetrievalSpec(o.model);
    const g = gebOptionsFromCli(o);
    const pipeline = spec ? pipelineFromCommand(cmd) : null;
    const innerSpec = spec ? spec.answerer : o.model;
    const needsModel = pipeline ? !pipeline.config.selector_only && !pipeline.config.deterministic_answer : true;
    const engine = innerSpec && needsModel ? await engineFromOptions({ ...o, model: innerSpec }) : null;
    const limit = num("--limit", o.limit, { int: true, min: 0 });
    try {
      let r;
      try {
        r = await runGebModel({
          data: o.data,
          model: o.model,
          engine,
          prompt: g.prompt,
          postprocess: g.postprocess,
          grade: {
            citations: o.citations,
            supportMetric: o.supportMetric,
            maxSupportK: o.maxSupportK,
            entailmentCheck: o.entailmentCheck
          },
          pipeline,
          limit,
          labels: parseLabels(o.label),
          timings: o.timings !== false
        });
      } catch (e) {
        if (!(e instanceof RunStoppedError)) throw e;
        process.stderr.write(`geb: ${e.message}
`);
        process.exitCode = 1;
        return;
      }
      if (r.errors > 0) {
        process.stderr.write(`${incompleteRunLine(r, o.results)}
`);
        process.exitCode = 1;
        return;
      }
      if (o.out) writeTextAtomic(o.out, predictionsJsonl(r));
      if (o.resultsJson)
        writeTextAtomic(o.resultsJson, `${JSON.stringify([r.payload], null, 2)}
`);
      if (o.outDir) {
        const dir = o.outDir;
        mkdirSync(dir, { recursive: true });
        writeTextAtomic(join(dir, "preds.jsonl"), predictionsJsonl(r));
        writeRunArtifacts(dir, [r.payload], { thresholds: o.thresholds });
      }
      const { intervalsLine: intervalsLine2 } = await import("./chunk-A2OS4WXZ.js");
      for (const line of reportLines(r, { ...api, intervalsLine: intervalsLine2 })) console.log(line);
    } finally {
      await engine?.client.close?.();
    }
  });
}

// src/geb/cli/pipeline.ts
import { existsSync, mkdirSync as mkdirSync2, readFileSync, statSync } from "node:fs";
import { dirname, join as join2 } from "node:path";
import { InputError as InputError3 } from "../core/errors.js";

// src/geb/cli/sweep.ts
import { InputError as InputError2 } from "../core/errors.js";
var collect2 = (v, prev = []) => [...prev, v];
function addModelFlags(cmd) {
  return cmd.option(
    "--model <spec>",
    "answer with a model (openai:<m>, llamacpp, command:<prog>, module:<file>, builtin:<name>)"
  ).option("--adapter <spec>", "alias of --model (the reference's flag)").option("--base-url <url>", "model server base URL").option("--api-key-env <name>", "variable holding the API key").option("--command-arg <arg>", "argument for command:<program> (repeat)", collect2).addOption(
    new Option("--prompt-via <how>", "how command:<program> gets the prompt").choices(["stdin", "file"])
  ).option("--model-option <k=v>", "option for module:/builtin: factories (repeat)", collect2).option("--temperature <x>", "sampling temperature", checkedFlag(floatFlag("--temperature", { min: 0 }))).option("--max-tokens <n>", "completion token budget", checkedFlag(intFlag("--max-tokens", { min: 1 }))).option(
    "--max-concurrency <n>",
    "model requests in flight per cell",
    checkedFlag(intFlag("--max-concurrency", { min: 1 })),
    "4"
  ).option(
    "--timeout-s <s>",
    "per-request timeout in seconds",
    checkedFlag(floatFlag("--timeout-s", { min: 1e-3 })),
    "120"
  ).option(
    "--max-retries <n>",
    "retries on 429/5xx/timeouts",
    checkedFlag(intFlag("--max-retries", { min: 0 })),
    "6"
  ).option("--cache-dir <dir>", "response cache directory", outDirFlag("--cache-dir"));
}
function addRunFlags(cmd) {
  return cmd.option("--shard <i/n>", "run only shard i of n (every n-th cell); merge with sweep-merge").option(
    "--jobs <n>",
    "worker threads for baseline cells (default: from cores and grid size, 1 on \u2264 2 cores)",
    intFlag("--jobs", { min: 1 })
  ).option("--overwrite", "discard an existing sweep in --out and run again").option(
    "--results-json <path>",
    "also write the combined results list here",
    outFileFlag("--results-json")
  ).option("--no-progress", "no progress bar");
}
async function runtimeFor(spec, o) {
  if (spec.runner.kind === "baseline") return {};
  if (spec.runner.kind === "pipeline") await import("./chunk-FEPE56B3.js");
  if (!spec.runner.model) return {};
  const { engineFromOptions } = await import("./chunk-ASQQTOED.js");
  const { gebOptionsFromCli: gebOptionsFromCli2 } = await import("./chunk-OQHSRRMF.js");
  await import("./chunk-RWQDVHFR.js");
  const engine = await engineFromOptions({
    model: spec.runner.model,
    baseUrl: o.baseUrl,
    apiKeyEnv: o.apiKeyEnv,
    commandArg: o.commandArg,
    promptVia: o.promptVia,
    modelOption: o.modelOption,
    temperature: o.temperature,
    maxTokens: o.maxTokens,
    maxConcurrency: o.maxConcurrency,
    timeoutS: o.timeoutS,
    maxRetries: o.maxRetries,
    cacheDir: o.cacheDir
  });
  return { engine, gebPrompt: gebOptionsFromCli2({}).prompt };
}
function reportSweep(r, out) {
  console.log(
    `sweep: ${r.cells} cells (${r.ran} run, ${r.skipped} already done) in ${out}` + (r.complete ? `; wrote ${r.combined} and ${r.summary}` : "; grid incomplete (other shards pending)")
  );
}
async function sweepAction(cmd, spec, out) {
  const o = cmd.opts();
  const jobs = o.jobs;
  const { runSweep } = await import("./chunk-ZAQIDESG.js");
  const r = await runSweep({
    spec,
    out,
    shard: o.shard ? parseShard(String(o.shard)) : null,
    jobs,
    overwrite: Boolean(o.overwrite),
    resultsJson: o.resultsJson ?? null,
    progress: o.progress !== false,
    runtime: await runtimeFor(spec, o),
    log: (s) => process.stderr.write(`${s}
`)
  });
  reportSweep(r, out);
}
function oneLineErrors(cmd) {
  cmd.showHelpAfterError(false).exitOverride();
  for (const c of cmd.commands) oneLineErrors(c);
}
function withOneLineErrors(program, register) {
  const before = new Set(program.commands);
  register();
  for (const c of program.commands) if (!before.has(c)) oneLineErrors(c);
}
function registerSweepCommands(program) {
  withOneLineErrors(program, () => registerSweepCommandsInner(program));
}
function registerSweepCommandsInner(program) {
  const sweep = program.command("sweep").description("run a grid of generate \u2192 answer \u2192 grade cells (parallel, resumable, shardable)").requiredOption(
    "--out <dir>",
    "output directory (one run dir per cell, combined.json, summary.json)",
    outDirFlag("--out")
  );
  addRunFlags(addModelFlags(addSweepFlags(sweep)));
  sweep.action(async () => {
    const { specFromFlags } = await import("./chunk-IQZRHTJA.js");
    await sweepAction(sweep, specFromFlags(sweep), sweep.opts().out);
  });
  program.command("sweep-merge").description("join shard output dirs of one grid into --out and write combined.json + summary.json").argument("<dirs...>", "shard output directories").requiredOption("--out <dir>", "merged output directory (may be one of the inputs)", outDirFlag("--out")).action(async (dirs, o) => {
    const { mergeSweeps } = await import("./chunk-ZAQIDESG.js");
    const r = mergeSweeps(dirs, o.out);
    console.log(`merged ${r.cells} cells into ${o.out}; wrote ${r.combined} and ${r.summary}`);
  });
  const preset = program.command("run-preset").description("run a named sweep from the versioned presets file (configs/presets.json)").argument("[name]", "preset name (see --list)").option("--out <dir>", "output directory (default runs/<name>)", outDirFlag("--out")).option("--presets <file>", "presets file (default: the bundled configs/presets.json)").option("--list", "list presets (cells, description, what each needs) and exit");
  addRunFlags(addModelFlags(addSweepFlags(preset)));
  preset.action(async (name) => {
    const { describePresets, loadPresets, presetSpec, withOfflineAnswerer } = await import("./chunk-BBEZI2X2.js");
    const { specFromFlags } = await import("./chunk-IQZRHTJA.js");
    const o = preset.opts();
    const file = loadPresets(o.presets);
    if (o.list) {
      for (const line of describePresets(file)) console.log(line);
      return;
    }
    if (!name)
      throw new InputError2(
        `a preset name is required (have: ${Object.keys(file.presets).join(", ")}; see --list)`,
        {
          field: "name"
        }
      );
    const base = presetSpec(file, name, o.presets ?? "configs/presets.json");
    const spec = specFromFlags(preset, base);
    const note = withOfflineAnswerer(spec, name);
    if (note) process.stderr.write(`${note}
`);
    await sweepAction(preset, spec, o.out ?? `runs/${name}`);
  });
  program.command("wall").description("find the first parameter value where a metric crosses a threshold (over summary.json runs)").option("--runs-dir <dir>", "directory searched for */summary.json", "runs").option("--metric <path>", "metric path in summary.json (e.g. overall.value_acc_mean)", "drift.step_rate").option("--param <key>", "config key of the swept parameter", "steps").requiredOption("--threshold <x>", "threshold", floatFlag("--threshold")).addOption(
    new Option("--direction <d>", "wall when metric \u2265 (gte) or \u2264 (lte) threshold").choices(["gte", "lte"]).makeOptionMandatory()
  ).option("--state-mode <m>", "only runs of this state mode").option("--profile <p>", "only runs of this distractor profile").addOption(
    new Option("--aggregate <a>", "combine runs with the same param").choices(["none", "max", "min"]).default("max")
  ).option("--out <file>", "wall JSON (default <runs-dir>/wall.json)", outFileFlag("--out")).option("--update-config <file>", "write the threshold back into this checks config").option("--check-id <id>", "check to update (with --update-config)").option("--metric-path <path>", "metric path in the checks config (default --metric)").action(async (o) => {
    const { findWallInRuns, updateThresholdConfig } = await import("./chunk-AZTOFW37.js");
    const threshold = o.threshold;
    const r = findWallInRuns({
      runsDir: o.runsDir,
      metricPath: o.metric,
      paramKey: o.param,
      threshold,
      direction: o.direction,
      stateMode: o.stateMode ?? null,
      profile: o.profile ?? null,
      aggregate: o.aggregate,
      out: o.out
    });
    if (!r) {
      console.log("No matching runs found.");
      process.exitCode = 1;
      return;
    }
    console.log(`Wrote ${r.out}`);
    console.log(r.lines.join("\n"));
    if (o.updateConfig) {
      if (!o.checkId) throw new InputError2("is required with --update-config", { field: "--check-id" });
      updateThresholdConfig(o.updateConfig, o.checkId, o.metricPath ?? o.metric, threshold, o.direction);
      console.log(`Updated ${o.updateConfig} (${o.checkId} ${o.metricPath ?? o.metric})`);
    }
  });
  const ws = program.command("wall-search").description("adaptive wall search: coarse grid \u2192 bisection refine \u2192 confirm with more seeds").requiredOption("--out <dir>", "output directory (one sweep per probed value)", outDirFlag("--out")).requiredOption(
    "--param <knob>",
    "swept knob: steps, max_book_tokens, or a rate (update_burst_rate, note_rate, distractor_rate, clear_rate)"
  ).requiredOption("--values <list>", "coarse values, ascending (e.g. 40,80,160,320)").requiredOption("--metric <path>", "metric path in summary.json (e.g. overall.value_acc_mean)").requiredOption("--threshold <x>", "threshold", floatFlag("--threshold")).addOption(
    new Option("--direction <d>", "wall when metric \u2265 (gte) or \u2264 (lte) threshold").choices(["gte", "lte"]).makeOptionMandatory()
  ).option("--refine <n>", "bisection steps inside the crossing bracket", intFlag("--refine", { min: 0 }), 4).option(
    "--tolerance <x>",
    "stop refining when the bracket is this narrow (default 1 for integer knobs, 0.01 for rates)",
    floatFlag("--tolerance", { min: 0 })
  ).option(
    "--confirm-seeds <n>",
    "re-run the wall and last-ok points with this many seeds (0: skip)",
    intFlag("--confirm-seeds", { min: 0 }),
    0
  ).option("--preset <name>", "start from a preset instead of the sweep defaults").option("--presets <file>", "presets file");
  addRunFlags(addModelFlags(addSweepFlags(ws)));
  ws.action(async () => {
    const { loadPresets, presetSpec } = await import("./chunk-BBEZI2X2.js");
    const { wallSearch } = await import("./chunk-AZTOFW37.js");
    const { specFromFlags } = await import("./chunk-IQZRHTJA.js");
    const o = ws.opts();
    const base = o.preset ? presetSpec(loadPresets(o.presets), o.preset, o.presets ?? "configs/presets.json") : void 0;
    const spec = specFromFlags(ws, base);
    const r = await wallSearch({
      spec,
      out: o.out,
      param: o.param,
      values: String(o.values),
      metricPath: o.metric,
      threshold: o.threshold,
      direction: o.direction,
      refine: o.refine,
      tolerance: o.tolerance,
      confirmSeeds: o.confirmSeeds,
      jobs: o.jobs,
      progress: o.progress !== false,
      runtime: await runtimeFor(spec, o),
      log: (s) => process.stderr.write(`${s}
`)
    });
    console.log(`Wrote ${r.file}`);
    console.log(r.lines.join("\n"));
  });
  program.command("check-thresholds").description(
    "evaluate a use-case checks config (the reference's usecase_checks.json format) against summaries"
  ).option("--config <file>", "checks config", "configs/usecase_checks.json").option("--root <dir>", "root for summary_path entries", ".").option("--out <file>", "write {issues, error_count} JSON here", outFileFlag("--out")).option("--quiet-passes", "hide passing rows").addOption(
    new Option("--profile <p>", "release: missing metrics fail; fastlocal: missing is n/a").choices(["release", "fastlocal"]).default("release")
  ).option("--strict-optional", "treat optional metrics as required (unless strict_optional_missing=false)").addOption(
    new Option("--format <f>", "table (default) or lines (the reference's output)").choices(["table", "lines"]).default("table")
  ).action(async (o) => {
    const { evaluateChecks, formatIssuesTable, loadChecksConfig, optionalAbsent } = await import("./chunk-U7XWV4AU.js");
    const config = loadChecksConfig(o.config);
    const { issues, errorCount } = evaluateChecks(config, {
      root: o.root,
      profile: o.profile,
      strictOptional: Boolean(o.strictOptional)
    });
    const shown = o.quietPasses ? issues.filter((i) => i.status !== "pass") : issues;
    console.log(formatIssuesTable(shown, o.format, issues));
    const absent = optionalAbsent(issues);
    if (absent.length > 0)
      process.stderr.write(
        `geb: warning: ${absent.length} optional gate metric(s) absent, not evaluated: ${absent.join(", ")}
`
      );
    if (o.out) await writeIssuesJson(o.out, issues, errorCount);
    if (errorCount > 0) process.exitCode = 1;
  });
  program.command("report").description(
    "self-contained HTML report of a sweep (or a dir of sweeps): charts, tables, CSV/JSON, optional PNGs"
  ).argument("<run-dir>", "a sweep dir (combined.json) or a dir holding several").option("--out <file>", "HTML file (default <run-dir>/report.html)", outFileFlag("--out")).option("--png", "also export every chart as PNG (needs chromium)").option("--chromium <path>", "chromium executable for --png", "/usr/bin/chromium").option("--wall-metric <path>", "summary metric for the wall panel", "overall.value_acc_mean").option("--wall-threshold <x>", "threshold line on wall curves", floatFlag("--wall-threshold")).action(async (dir, o) => {
    if (o.png)
      await importOptional("playwright-core", "PNG export (--png)", () => import("playwright-core"));
    const { writeGebReport } = await import("./chunk-GRALCLUS.js");
    const r = await writeGebReport({
      dir,
      out: o.out,
      png: Boolean(o.png),
      chromium: o.chromium,
      wallMetric: o.wallMetric,
      wallThreshold: o.wallThreshold ?? null
    });
    console.log(
      `Wrote ${r.html} (${r.charts} charts, ${r.tables} tables${r.pngs ? `, ${r.pngs} PNGs` : ""})`
    );
  });
}
async function writeIssuesJson(file, issues, errorCount) {
  const { pyJsonDumps } = await import("./chunk-FOZIMHXT.js");
  writeTextAtomic(
    file,
    pyJsonDumps(
      {
        issues: issues.map((i) => ({
          check_id: i.check_id,
          metric_path: i.metric_path,
          status: i.status,
          message: i.message,
          severity: i.severity
        })),
        error_count: errorCount
      },
      { indent: 2 }
    )
  );
}

// src/geb/cli/pipeline.ts
var int2 = (flag, min) => intFlag(flag, { min });
var num2 = (flag, min, max) => floatFlag(flag, { min, max });
var collect3 = (v, prev = []) => [...prev, v];
function defaultSummaryDir(first) {
  if (!statSync(first).isDirectory()) return dirname(first);
  const tree = ["combined.json", "sweep.json"].some((f) => existsSync(join2(first, f)));
  return tree ? join2(first, "summarize") : first;
}
var edges = (flag) => (v) => v.split(",").filter((s) => s.trim() !== "").map((s) => int2(flag)(s));
function readExamples(file, parseExample) {
  const out = [];
  const text = (() => {
    try {
      return readFileSync(file, "utf8");
    } catch (e) {
      throw new InputError3(`cannot read: ${e.code ?? e.message}`, {
        file
      });
    }
  })();
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let v;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new InputError3(`invalid JSON: ${e.message}`, { file, line: i + 1 });
    }
    if (!v || typeof v !== "object" || Array.isArray(v))
      throw new InputError3("expected a selector example object", { file, line: i + 1 });
    out.push(parseExample(v, { file, line: i + 1 }));
  });
  return out;
}
function registerPipelineCommands(program) {
  withOneLineErrors(program, () => registerPipelineCommandsInner(program));
}
function registerPipelineCommandsInner(program) {
  const selector = program.command("selector").description("selector training data and linear selector training");
  const exp = selector.command("export").description(
    "write selector examples (question, candidates as the pipeline shows them, authoritative label)"
  ).requiredOption("--data <path>", "dataset JSONL (repeat for several)", collect3).requiredOption("--out <path>", "examples JSONL", outFileFlag("--out"));
  addSelectionOptions(exp);
  exp.addOption(
    new Option(
      "--label <l>",
      "which entry is correct: authoritative (gold UPDATE) or latest-entry (reference)"
    ).choices(["authoritative", "latest-entry"]).default("authoritative")
  ).option(
    "--hard-negatives <n>",
    "add up to n entries the retriever did not return",
    int2("--hard-negatives", 0),
    0
  ).action(
    async (o) => {
      const { resolvePipelineConfig } = await import("./chunk-PBPDLFDM.js");
      const { loadRows } = await import("./chunk-O32ERWMQ.js");
      const { exportConfigSummary, exportExample } = await import("./chunk-O6UU6CGJ.js");
      const given = (name) => exp.getOptionValueSource(name) === "cli";
      const { config } = resolvePipelineConfig({
        file: o.pipelineConfig ?? null,
        flags: pipelineFlags(o, given)
      });
      const ctx = { config };
      let n = 0;
      let present = 0;
      let text = "";
      for (const d of o.data) {
        for (const row of loadRows(d)) {
          const ex = exportExample(row, ctx, { label: o.label, hardNegatives: o.hardNegatives });
          if (!ex) continue;
          n++;
          if (ex.gold_present) present++;
          text += `${JSON.stringify(ex)}
`;
        }
      }
      writeTextAtomic(o.out, text);
      console.log(
        `Wrote ${n} examples (${present} with the label among the candidates) to ${o.out}; config ${JSON.stringify(exportConfigSummary(config))}`
      );
    }
  );
  selector.command("train").description("train the linear selector (listwise softmax, seeded SGD) and write its model JSON").requiredOption("--data <path>", "examples JSONL from `geb selector export` (repeat)", collect3).requiredOption("--out <path>", "model JSON ({feature_order, weights, meta})", outFileFlag("--out")).option("--epochs <n>", "epochs", int2("--epochs", 1), 30).option("--lr <x>", "learning rate", num2("--lr", 0), 0.1).option("--seed <n>", "shuffle / split seed", int2("--seed"), 0).option("--test-frac <x>", "held-out share", num2("--test-frac", 0, 1), 0.2).option("--step-bucket <n>", "feature step bucket", int2("--step-bucket", 1), 1).option("--note-penalty <x>", "extra loss on probability given to NOTE lines", num2("--note-penalty"), 0).option(
    "--wrong-update-penalty <x>",
    "extra loss on probability given to non-gold updates",
    num2("--wrong-update-penalty"),
    0
  ).option(
    "--spoof-penalty <x>",
    "extra loss on probability given to spoofed candidates",
    num2("--spoof-penalty"),
    0
  ).action(async (o) => {
    const { parseExample } = await import("./chunk-O6UU6CGJ.js");
    const { trainSelector } = await import("./chunk-JIVSCCV3.js");
    const examples = o.data.flatMap((f2) => readExamples(f2, parseExample));
    if (!examples.some((e) => e.gold_present))
      throw new InputError3("no example has its label among the candidates", { file: o.data[0] });
    const model = trainSelector(examples, {
      epochs: o.epochs,
      lr: o.lr,
      seed: o.seed,
      testFrac: o.testFrac,
      stepBucket: o.stepBucket,
      notePenalty: o.notePenalty,
      wrongUpdatePenalty: o.wrongUpdatePenalty,
      spoofPenalty: o.spoofPenalty
    });
    writeTextAtomic(o.out, `${JSON.stringify(model, null, 2)}
`);
    const m = model.meta;
    const f = (x) => x === null ? "-" : x.toFixed(4);
    console.log(
      `train_selection_rate=${f(m.train_selection_rate)} test_selection_rate=${f(m.test_selection_rate)} (${m.train_examples}/${m.test_examples} examples) -> ${o.out}`
    );
  });
  selector.command("check").description("load a linear model (ours or the reference's) and print its aligned weights").requiredOption("--model <path>", "model JSON").action(async (o) => {
    const { loadLinearModel } = await import("./chunk-FLBHGBOX.js");
    const { weights } = loadLinearModel(o.model);
    console.log(JSON.stringify(weights));
  });
  const pipeline = program.command("pipeline").description("retrieval \u2192 selection \u2192 answer pipeline tools");
  const grid = pipeline.command("grid").description(
    "run a selector-only / deterministic grid over datasets; one run directory per cell and a table"
  ).requiredOption("--data <path>", "dataset JSONL (repeat: one run per dataset and cell)", collect3).requiredOption(
    "--grid <key=v1,v2>",
    "pipeline key and values (repeat for more axes), e.g. k=2,4,8",
    collect3
  ).option(
    "--out-dir <dir>",
    "write <dir>/<cell>/{results,summary,diagnosis}.json, collect.csv, grid.json",
    outDirFlag("--out-dir")
  ).option("--thresholds <file>", "diagnosis thresholds JSON").option("--json", "print the table as JSON");
  addAnswerOptions(addSelectionOptions(grid));
  grid.option("--no-progress", "no progress bar").action(async (o) => {
    const { formatGrid, parseAxis, runGrid } = await import("./chunk-EZKLKRLX.js");
    const given = (name) => grid.getOptionValueSource(name) === "cli";
    const cells = await runGrid({
      data: o.data,
      axes: o.grid.map(parseAxis),
      flags: pipelineFlags(o, given),
      configFile: o.pipelineConfig ?? null,
      outDir: o.outDir,
      thresholds: o.thresholds,
      progress: o.progress !== false
    });
    if (o.json)
      console.log(
        JSON.stringify(
          cells.map((c) => ({ cell: c.cell, summary: c.summary })),
          null,
          2
        )
      );
    else for (const line of formatGrid(cells)) console.log(line);
  });
  program.command("summarize").description(
    "summary.json / summary.csv / decomposition.csv / diagnosis.json from any runs (model, pipeline, sweep, reference)"
  ).requiredOption(
    "--in <path>",
    "results JSON, run dir, sweep tree or reference run folder (repeat; all runs are summarised together)",
    collect3
  ).option(
    "--out-dir <dir>",
    "where to write (default: the first input's directory)",
    outDirFlag("--out-dir")
  ).option("--thresholds <file>", "diagnosis thresholds JSON (reference format)").option("--recency-buckets <edges>", "tokens_since_update edges", edges("--recency-buckets")).option("--distractor-buckets <edges>", "distractors_since_update edges", edges("--distractor-buckets")).option("--writes-buckets <edges>", "writes_to_key edges", edges("--writes-buckets")).action(async (o) => {
    const { writeRunArtifacts } = await import("./chunk-3U73MGFI.js");
    const { formatDiagnosis } = await import("./chunk-RPMV3WUR.js");
    const { loadRuns } = await import("./chunk-B4GY53DV.js");
    const payloads = loadRuns(o.in).map((r) => r.payload);
    const first = o.in[0];
    const dir = o.outDir ?? defaultSummaryDir(first);
    mkdirSync2(dir, { recursive: true });
    const { summary, diagnosis } = writeRunArtifacts(dir, payloads, {
      thresholds: o.thresholds,
      results: false,
      edges: {
        ...o.recencyBuckets ? { tokens_since_update: o.recencyBuckets } : {},
        ...o.distractorBuckets ? { distractors_since_update: o.distractorBuckets } : {},
        ...o.writesBuckets ? { writes_to_key: o.writesBuckets } : {}
      }
    });
    console.log(
      `Wrote ${join2(dir, "summary.json")}, summary.csv, diagnosis.json (${summary.runs} runs, ${summary.rows} rows)`
    );
    if (summary.retrieval?.decomposition_line)
      console.log(`decomposition: ${summary.retrieval.decomposition_line}`);
    for (const line of formatDiagnosis(diagnosis)) console.log(line);
  });
  program.command("collect").description("one CSV row per run over many results files or run directories").requiredOption(
    "--runs <path>",
    "results JSON file or directory searched for results.json (repeat)",
    collect3
  ).requiredOption("--out <path>", "CSV", outFileFlag("--out")).option("--latest-only", "keep only the newest file per run identity (model, labels, data, config)").action(async (o) => {
    const { collectRuns } = await import("./chunk-6UEAUOYG.js");
    const r = collectRuns(o.runs, { latestOnly: Boolean(o.latestOnly) });
    writeTextAtomic(o.out, r.csv);
    console.log(`Wrote ${r.rows.length} runs from ${r.files} files to ${o.out}`);
  });
  program.command("compare").description(
    "per-metric delta between two runs (results JSON or run directories); value/exact accuracy paired by item with a significance test"
  ).requiredOption("--base <path>", "baseline run").requiredOption("--other <path>", "run to compare").option("--json", "print JSON").action(async (o) => {
    const { compareRunPaths, formatDeltas } = await import("./chunk-STDINMOX.js");
    const d = compareRunPaths(o.base, o.other);
    if (o.json) console.log(JSON.stringify(d, null, 2));
    else for (const line of formatDeltas(d)) console.log(line);
  });
}

// src/geb/view/cli.ts
var collect4 = (v, prev = []) => [...prev, v];
function registerViewCommand(program) {
  addViewOptions(
    program.command("view").description("Browse runs query by query: answer, citations, evidence lines, prompt and reply").argument("<runs...>", "results files, run dirs or sweep trees (as geb summarize --in)").option("--data <file>", "the dataset (default: each run's data.path)").option(
      "--records <file>",
      "engine records of a run (geb model --results); repeat, in run order",
      collect4,
      []
    )
  ).action(async (runs, o) => {
    const { gebViewDataset } = await import("./chunk-FXQEM33B.js");
    const d = await gebViewDataset({ runs, data: o.data, records: o.records });
    await runViewer(d, o, "geb view");
  });
}

// src/geb/cli/main.ts
var int3 = (flag, min) => intFlag(flag, { min });
var intAtLeast = (flag, min) => intFlag(flag, { min });
var rate = (flag) => floatFlag(flag, { min: 0, max: 1 });
var outFile = (flag) => outFileFlag(flag);
function envRate(name, fallback) {
  const raw = process.env[`GOLDEVIDENCEBENCH_${name}`];
  if (raw === void 0) return fallback;
  const x = Number(raw);
  if (!Number.isFinite(x))
    throw new InputError4(`environment GOLDEVIDENCEBENCH_${name} must be a number, got "${raw}"`);
  return x;
}
function gradingOptions(cmd) {
  return cmd.addOption(
    new Option("--citations <mode>", "require support IDs: auto (per row), on, off").choices(["auto", "on", "off"]).default("auto")
  ).addOption(
    new Option("--support-metric <m>", "citation correctness: f1 (gold \u2286 cited) or exact (sets equal)").choices(["f1", "exact"]).default("f1")
  ).option(
    "--max-support-k <k>",
    "score only the first k cited IDs (>= 1)",
    intAtLeast("--max-support-k", 1),
    3
  ).option("--entailment-check", "require the answer to follow from the cited updates alone (default)", true).option("--no-entailment-check", "skip the entailment check").addOption(
    new Option(
      "--metrics <dialect>",
      "metric definitions: 1.0 (fixed) or reference-0.1 (the reference's exactly)"
    ).choices(["1.0", "reference-0.1"]).default("1.0")
  );
}
var gradeOpts = (o) => ({
  citations: o.citations,
  supportMetric: o.supportMetric,
  maxSupportK: o.maxSupportK,
  entailmentCheck: o.entailmentCheck,
  metrics: o.metrics
});
var formatOption = () => new Option(
  "--format <fmt>",
  "line (the reference's report line), table or json (both name metrics by their JSON keys)"
).choices(["line", "table", "json"]).default("line");
function intervalCells(block) {
  return Object.fromEntries(Object.entries(block.metrics).map(([k, iv]) => [k, formatInterval(iv)]));
}
function metricsTable(lanes) {
  const keys = Object.keys(lanes[0]?.metrics ?? {});
  const rows = keys.map((k) => {
    const row = { metric: k };
    for (const l of lanes) row[l.name ?? "value"] = l.metrics[k];
    return row;
  });
  return formatTable(rows);
}
function buildProgram() {
  const program = new Command("geb").description("GoldEvidenceBench: long-context state tracking with authoritative citations").version(packageVersion(), "-V, --version", "print the version").exitOverride().configureHelp(helpConfig).configureOutput({ writeErr: (s) => process.stderr.write(s) });
  const d = DEFAULT_GENERATE_CONFIG;
  program.command("generate").description("generate a dataset (JSONL, one row per query)").requiredOption("--out <path>", "output JSONL", outFile("--out")).option("--seed <n>", "dataset seed", int3("--seed"), d.seed).option("--episodes <n>", "episodes", int3("--episodes", 0), d.episodes).option("--steps <n>", "steps per episode", int3("--steps", 0), d.steps).option("--keys <n>", "distinct keys", int3("--keys", 1), d.keys).option("--queries <n>", "queries per episode", int3("--queries", 0), d.queries).option(
    "--derived-query-rate <x>",
    "share of derived queries",
    rate("--derived-query-rate"),
    d.derivedQueryRate
  ).option("--chapters <n>", "book chapters / log segments", int3("--chapters", 0), d.chapters).option(
    "--distractor-rate <x>",
    "DISTRACTOR line rate per step",
    rate("--distractor-rate"),
    d.distractorRate
  ).option(
    "--tail-distractor-steps <n>",
    "final N steps are distractor-only",
    int3("--tail-distractor-steps", 0),
    d.tailDistractorSteps
  ).option("--clear-rate <x>", "CLEAR rate", rate("--clear-rate"), d.clearRate).option("--note-rate <x>", "NOTE ledger-line rate (kv_commentary)", rate("--note-rate"), d.noteRate).option(
    "--update-burst-rate <x>",
    "near-miss burst rate (update_burst)",
    rate("--update-burst-rate"),
    envRate("UPDATE_BURST_RATE", d.updateBurstRate)
  ).addOption(
    new Option("--distractor-profile <p>", "distractor profile").choices(DISTRACTOR_PROFILES).default(d.distractorProfile)
  ).addOption(new Option("--state-mode <m>", "state dynamics").choices(STATE_MODES).default(d.stateMode)).option("--twins", "add a counterfactual twin per episode (default)", true).option("--no-twins", "no twins").option("--require-citations", "questions require support IDs (default)", true).option("--no-require-citations", "value-only questions").addOption(
    new Option("--compat <v>", "1.0 (fixed) or reference-0.1 (byte-for-byte the reference)").choices(COMPAT_MODES).default("1.0")
  ).action(async (o) => {
    const { generateToFileAsync } = await import("./chunk-25TGDH2X.js");
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
        distractorProfile: o.distractorProfile,
        stateMode: o.stateMode,
        twins: o.twins,
        requireCitations: o.requireCitations,
        compat: o.compat
      },
      o.out
    );
    console.log(`Wrote ${r.rows} rows to ${o.out}`);
  });
  program.command("baseline").description("run a baseline predictor and write predictions JSONL").requiredOption("--data <path>", "dataset JSONL").addOption(new Option("--baseline <b>", "baseline").choices(["naive", "ledger"]).default("ledger")).addOption(
    new Option("--protocol <p>", "open_book reads the log; closed_book only the book").choices(["open_book", "closed_book"]).default("closed_book")
  ).requiredOption("--out <path>", "predictions JSONL", outFile("--out")).addOption(
    new Option(
      "--compat <v>",
      "ledger baseline: 1.0 (agrees with gold) or reference-0.1 (the reference's predictions exactly)"
    ).choices(COMPAT_MODES).default("1.0")
  ).action(async (o) => {
    const { baselineToFile } = await import("./chunk-25TGDH2X.js");
    const r = baselineToFile({
      data: o.data,
      baseline: o.baseline,
      protocol: o.protocol,
      out: o.out,
      dialect: o.compat
    });
    console.log(`Wrote ${r.predictions} predictions to ${o.out}`);
  });
  gradingOptions(
    program.command("grade").description("grade predictions against a dataset").requiredOption("--data <path>", "dataset JSONL").requiredOption(
      "--pred <path>",
      "predictions JSONL ({id, value, support_ids} or {id, output|text|completion})"
    )
  ).option("--json", "print the metrics as JSON instead of the report line (= --format json)").addOption(formatOption()).option("--row-results <path>", "write per-row outcomes (JSONL)", outFile("--row-results")).option(
    "--strict",
    "fail (exit 2) when the predictions hold ids absent from the data, repeated ids or rows without an answer"
  ).action(async (o) => {
    const { formatReport, gradeFiles, intakeWarning } = await import("./chunk-25TGDH2X.js");
    const r = gradeFiles({ data: o.data, pred: o.pred, options: gradeOpts(o), rowResults: o.rowResults });
    const warning = intakeWarning(r.intake);
    if (warning && o.strict) throw new InputError4(`predictions: ${warning}`, { file: o.pred });
    if (warning) process.stderr.write(`geb grade: warning: ${o.pred}: ${warning}
`);
    if (o.format === "table") {
      const m = r.metrics;
      const ci = r.intervals ? intervalCells(r.intervals) : void 0;
      process.stdout.write(
        metricsTable([{ metrics: m }, ...ci ? [{ name: "95% CI", metrics: ci }] : []])
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
            ...r.intervals ? { intervals: r.intervals } : {}
          },
          null,
          2
        )
      );
    else {
      console.log(formatReport(r.metrics, "", void 0, r.options.metrics));
      if (r.intervals) console.log(intervalsLine(r.intervals));
    }
  });
  gradingOptions(
    program.command("run").description("run a baseline and grade it (optionally write predictions and results JSON)").requiredOption("--data <path>", "dataset JSONL").addOption(new Option("--baseline <b>", "baseline").choices(["naive", "ledger"]).default("ledger")).addOption(
      new Option("--protocol <p>", "protocol").choices(["open_book", "closed_book", "both"]).default("closed_book")
    ).option("--out <path>", "predictions JSONL (with both: <name>.<protocol>.jsonl)", outFile("--out")).option(
      "--results-json <path>",
      "machine-readable results (a list, one entry per protocol)",
      outFile("--results-json")
    ).addOption(formatOption())
  ).action(async (o) => {
    const { formatReport, runBaseline } = await import("./chunk-25TGDH2X.js");
    const { payloads, reports } = runBaseline({
      data: o.data,
      baseline: o.baseline,
      protocol: o.protocol,
      options: gradeOpts(o),
      out: o.out,
      resultsJson: o.resultsJson
    });
    if (o.format === "json") return void console.log(JSON.stringify(payloads, null, 2));
    if (o.format === "table")
      return void process.stdout.write(
        metricsTable(
          reports.flatMap((r) => [
            { name: r.protocol, metrics: r.metrics },
            ...r.intervals ? [{ name: `${r.protocol} 95% CI`, metrics: intervalCells(r.intervals) }] : []
          ])
        )
      );
    for (const r of reports)
      console.log(
        formatReport(r.metrics, `baseline=${o.baseline} protocol=${r.protocol} `, r.efficiency, o.metrics)
      );
    for (const r of reports)
      if (r.intervals) console.log(`protocol=${r.protocol} ${intervalsLine(r.intervals)}`);
  });
  program.command("validate-book").description("structurally validate the book of every row (sections, ledger grammar, no log leaks)").requiredOption("--data <path>", "dataset JSONL").addOption(
    new Option("--compat <v>", "grammar: 1.0 or reference-0.1").choices(COMPAT_MODES).default("1.0")
  ).action(async (o) => {
    const { validateBooks } = await import("./chunk-25TGDH2X.js");
    const r = validateBooks(o.data, o.compat);
    for (const bad of r.invalid.slice(0, 20))
      console.log(
        `${o.data}:${bad.line}: row ${bad.id}: ${bad.errors.join(", ")} (book line ${bad.bookLine ?? "?"})`
      );
    console.log(`books: ${r.checked} checked, ${r.invalid.length} invalid`);
    if (r.invalid.length > 0) process.exitCode = 1;
  });
  program.command("demo").description("generate a small dataset, run both baselines on both protocols, print the metric table").option(
    "--dir <path>",
    "where to write the demo files (default: a temporary directory)",
    outDirFlag("--dir")
  ).action(async (o) => {
    const { runDemo } = await import("./chunk-25TGDH2X.js");
    runDemo({ dir: o.dir });
  });
  registerModelCommands(program);
  registerPipelineCommands(program);
  registerSweepCommands(program);
  registerViewCommand(program);
  return program;
}
async function main(argv = process.argv.slice(2)) {
  process.exitCode = void 0;
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof InputError4) {
      process.stderr.write(`geb: ${e.message}
`);
      return 2;
    }
    if (e instanceof RunStoppedError2) {
      process.stderr.write(`geb: ${e.message}
`);
      return 1;
    }
    process.stderr.write(internalErrorLine("geb", e));
    return 1;
  }
  return Number(process.exitCode ?? 0);
}

// src/bin/geb.ts
runMain(main);
