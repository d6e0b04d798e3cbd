import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Command, Option } from "commander";
import { intFlag, MAX_COUNT, MAX_INT, MAX_SUPPORT_K, outDirFlag, outFileFlag } from "../../core/cli.js";
import { addModelOptions, type ModelCliValues, num } from "../../core/engine/cli.js";
import { RunStoppedError } from "../../core/engine/errors.js";
import { addConfigOption } from "../../core/engine/run-config.js";
import { InputError } from "../../core/errors.js";
import { addQueueOption } from "../../core/queue/cli.js";
import type { QueueUrl } from "../../core/queue/url.js";
// Implementations are imported in the action (`await import`): `geb --help` loads none of them.
import type { formatReport as FormatReport, pyFixed as PyFixed } from "../api.js";
import type { intervalsLine as IntervalsLine } from "../grade/intervals.js";
import { writeTextAtomic } from "../io.js";
import { addGebPromptOptions, type GebCliValues, gebOptionsFromCli } from "../model/cli-options.js";
import type { GebModelResult } from "../pipeline/gebmodel.js";
import { addAnswerOptions, addSelectionOptions } from "../pipeline/options.js";

const int = (flag: string, min: number, max = MAX_INT) => intFlag(flag, { min, max });
const collect = (v: string, prev: string[] = []) => [...prev, v];

/** Predictions JSONL of trial 0 (rows graded as missing are left out, so regrading agrees). */
export function predictionsJsonl(r: GebModelResult): string {
  const preds = r.predictions[0] ?? new Map();
  let out = "";
  for (const row of r.payload.retrieval_stats) {
    if (row.trial !== 0) continue;
    const a = preds.get(row.id);
    if (a) out += `${JSON.stringify({ id: row.id, value: a.value, support_ids: a.support_ids })}\n`;
  }
  return out;
}

export function parseLabels(items: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const it of items ?? []) {
    const i = it.indexOf("=");
    if (i <= 0) throw new InputError(`expected key=value, got ${JSON.stringify(it)}`, { field: "--label" });
    out[it.slice(0, i)] = it.slice(i + 1);
  }
  return out;
}

/** The one-line report plus the decomposition line. */
export function reportLines(
  r: GebModelResult,
  {
    formatReport,
    pyFixed,
    intervalsLine,
  }: { formatReport: typeof FormatReport; pyFixed: typeof PyFixed; intervalsLine: typeof IntervalsLine },
): string[] {
  const p = r.payload;
  const e = p.efficiency as { tokens: number; tokens_per_q: number; passes: number; wall_s: number | null };
  const lines = [
    formatReport(p.metrics, `model=${p.model} protocol=closed_book `, {
      tokens: e.tokens,
      tokens_per_q: e.tokens_per_q,
      passes: e.passes,
      wall_s: e.wall_s ?? 0,
      wall_s_per_q: 0,
    }),
  ];
  if (p.metrics_postprocessed)
    lines.push(formatReport(p.metrics_postprocessed, "postprocessed (reference citation repair) "));
  if (p.trial_stats) {
    const v = p.trial_stats.value_acc;
    if (v)
      lines.push(
        `trials=${v.n} value_acc mean=${pyFixed(v.mean, 3)} stdev=${pyFixed(v.stdev, 3)} min=${pyFixed(v.min, 3)} max=${pyFixed(v.max, 3)}`,
      );
  }
  const d = p.decomposition;
  if (d?.decomposition_line) {
    const f = (x: number | null) => (x === null ? "-" : pyFixed(x, 4));
    lines.push(`decomposition (gold_present -> selected -> answered -> correct): ${d.decomposition_line}`);
    lines.push(
      `selected_note=${f(d.selected_note_rate)} wrong_update=${f(d.wrong_update_rate)} abstain=${f(d.abstain_rate)} (p=${f(d.abstain_precision)} r=${f(d.abstain_recall)}) reference(latest-entry) selection=${f(d.selection_rate_latest_entry)}`,
    );
  }
  // Last, so the lines above keep their places for scripts that read them.
  if (p.intervals) lines.push(intervalsLine(p.intervals));
  return lines;
}

/**
 * The one stderr line for a run with failed requests. Such a run prints and writes no
 * scores: its failed rows would have been graded as wrong answers.
 */
export function incompleteRunLine(r: GebModelResult, resultsPath?: string): string {
  const n = r.payload.data.n * Math.max(1, r.predictions.length);
  const retry = resultsPath
    ? `rerun with --resume --results ${resultsPath} to retry only those`
    : "rerun (with --results <file> a later --resume retries only the failed ones)";
  return `geb: ${r.errors} of ${n} requests failed, first: ${r.firstError ?? "unknown error"}; no scores reported — ${retry}`;
}

/**
 * `--resume`: remove the temp files a killed run's atomic writers left for the outputs beside
 * the journal (`--out`, `--results-json`, `--out-dir` and, with several models, its per-model
 * folders); the journal's own are cleared when it is locked (core/lock.ts lockJournal).
 */
export async function removeStaleOutputTemps(o: Record<string, unknown>, several: boolean): Promise<void> {
  if (!o.resume) return;
  const { basename, dirname } = await import("node:path");
  const { removeStaleTemps } = await import("../../core/lock.js");
  for (const f of [o.out, o.resultsJson])
    if (typeof f === "string") removeStaleTemps(dirname(f), `${basename(f)}.`);
  if (typeof o.outDir === "string") removeStaleTemps(o.outDir, "", several ? 1 : 0);
}

/** Registers `geb model`: any engine model, or the retrieval pipeline (`retrieval[:<answerer>]`). */
/** The grading flags as the run's `grade` options (one model or several). */
function gradeFromFlags(o: Record<string, unknown>) {
  return {
    citations: o.citations as "auto" | "on" | "off",
    supportMetric: o.supportMetric as "f1" | "exact",
    maxSupportK: o.maxSupportK as number,
    entailmentCheck: o.entailmentCheck as boolean,
  };
}

export function registerModelCommands(program: Command): void {
  const cmd = program
    .command("model")
    .description(
      "run a model over a dataset (closed book) and grade it; --model retrieval[:<answerer>] runs the retrieval → selection → answer pipeline",
    )
    .optionsGroup("Input:")
    .requiredOption("--data <path>", "dataset JSONL");
  // Help groups (commander optionsGroup applies to the options added after it).
  addModelOptions(cmd.optionsGroup("Model and server:"), { several: true });
  addGebPromptOptions(cmd.optionsGroup("Prompt:"));
  addAnswerOptions(
    addSelectionOptions(cmd.optionsGroup("Retrieval pipeline (--model retrieval[:<answerer>]):")),
  );
  cmd
    .optionsGroup("Grading and output:")
    .addOption(
      new Option("--protocol <p>", "closed_book (the model reads the book's ledger)")
        .choices(["closed_book"])
        .default("closed_book"),
    )
    .addOption(
      new Option("--citations <mode>", "require support IDs: auto (per row), on, off")
        .choices(["auto", "on", "off"])
        .default("auto"),
    )
    .addOption(
      new Option("--support-metric <m>", "citation correctness: f1 or exact")
        .choices(["f1", "exact"])
        .default("f1"),
    )
    .option(
      "--max-support-k <k>",
      "score only the first k cited IDs (>= 1)",
      int("--max-support-k", 1, MAX_SUPPORT_K),
      3,
    )
    .option("--entailment-check", "require the answer to follow from the cited updates (default)", true)
    .option("--no-entailment-check", "skip the entailment check")
    .option("--out <path>", "predictions JSONL (trial 0)", outFileFlag("--out"))
    .option(
      "--results-json <path>",
      "results JSON (a list with one run payload)",
      outFileFlag("--results-json"),
    )
    .option(
      "--out-dir <dir>",
      "write preds.jsonl, results.json, summary.json, summary.csv, diagnosis.json there",
      outDirFlag("--out-dir"),
    )
    .option("--thresholds <file>", "diagnosis thresholds JSON (reference format)")
    .option(
      "--label <k=v>",
      "label recorded in the payload (repeat; distractor_profile=… is used for grouping)",
      collect,
    )
    .option("--no-timings", "leave wall-clock fields out (byte-identical artifacts across runs)");
  addQueueOption(cmd.optionsGroup("Distributed runs (docs/scale.md):"));
  addConfigOption(cmd.optionsGroup("Run config:"));
  cmd
    .addHelpText(
      "after",
      `
Examples:
  geb model --data data.jsonl --model openai:qwen2.5-7b --base-url http://localhost:8000/v1 --results-json r.json
  geb model --data data.jsonl --model openai:gpt-4o-mini --limit 20 --out preds.jsonl
  geb model --data data.jsonl --model retrieval --deterministic-answer --retriever bm25 --k 8 --rerank latest_step
  geb model --config run.yaml --limit 20      (flags from run.yaml; the command line wins)
Required options are marked (required); docs/geb/model.md and docs/cli.md explain the rest.`,
    )
    .action(async (o: ModelCliValues & GebCliValues & Record<string, unknown>) => {
      const { engineFromOptions } = await import("../../core/engine/cli.js");
      const api = await import("../api.js");
      const { parseRetrievalSpec, runGebModel } = await import("../pipeline/gebmodel.js");
      const { pipelineFromCommand } = await import("../pipeline/config.js");
      const { writeRunArtifacts } = await import("../summary/artifacts.js");
      // Every input is read before any output is made (issue 31): the thresholds are otherwise
      // first read after preds.jsonl is written.
      if (o.thresholds) (await import("../summary/diagnosis.js")).loadThresholds(o.thresholds as string);
      // --model repeats (several models, compared at the end); one model is the plain run.
      const models = ([] as string[]).concat(o.model as string[] | string);
      if (models.length > 1) {
        const { runSeveralModels } = await import("./model-several.js");
        const { configPathFor, writeEffectiveConfig } = await import("../../core/engine/run-config.js");
        await removeStaleOutputTemps(o, true);
        const configOut = configPathFor(o.outDir as string | undefined, undefined);
        const g = gebOptionsFromCli(o);
        const limit = num("--limit", o.limit, { int: true, min: 1, max: MAX_COUNT });
        const { intervalsLine } = await import("../grade/intervals.js");
        const several = runSeveralModels(o, models, {
          engineFromOptions,
          queue: o.queue as QueueUrl | undefined,
          runGebModel,
          base: {
            data: o.data as string,
            prompt: g.prompt,
            postprocess: g.postprocess,
            grade: gradeFromFlags(o),
            pipeline: null,
            limit,
            // Read (and validated) once for every model, before the config is written.
            rows: (await import("../pipeline/gebmodel.js")).loadRows(o.data as string, limit),
            labels: parseLabels(o.label as string[] | undefined),
            timings: o.timings !== false,
          },
          beforeRun: async () => {
            if (configOut) await writeEffectiveConfig(cmd, configOut);
          },
          writeModelDir: (dir, r) => {
            writeTextAtomic(join(dir, "preds.jsonl"), predictionsJsonl(r));
            writeRunArtifacts(dir, [r.payload], { thresholds: o.thresholds as string | undefined });
          },
          report: (r) => reportLines(r, { ...api, intervalsLine }),
        });
        try {
          process.exitCode = await several;
        } catch (e) {
          const q = await import("../../core/queue/cli.js");
          if (await q.reportQueueFailure("geb", e)) return q.failRun("geb");
          throw e;
        }
        return;
      }
      o.model = models[0];
      for (const k of ["baseUrl", "apiKeyEnv"] as const) {
        const v = o[k] as string[] | string | undefined;
        if (Array.isArray(v)) {
          if (v.length > 1)
            throw new InputError("given several times for one --model", {
              field: k === "baseUrl" ? "--base-url" : "--api-key-env",
            });
          o[k] = v[0];
        }
      }
      const spec = parseRetrievalSpec(o.model);
      const g = gebOptionsFromCli(o);
      const pipeline = spec ? pipelineFromCommand(cmd) : null;
      const innerSpec = spec ? spec.answerer : o.model;
      const needsModel = pipeline
        ? !pipeline.config.selector_only && !pipeline.config.deterministic_answer
        : true;
      const engine = innerSpec && needsModel ? await engineFromOptions({ ...o, model: innerSpec }) : null;
      if (o.queue) {
        // A retrieval pipeline with an answerer model: its requests are the jobs, as a plain model's.
        if (!engine?.clientSpec)
          throw new InputError(
            "--queue distributes model requests; this retrieval pipeline makes none (no answerer model): run it without --queue",
            { field: "--queue" },
          );
        const { queuedRunner } = await import("../../core/engine/queue.js");
        engine.run.runner = queuedRunner(o.queue as QueueUrl, engine.clientSpec);
      }
      // Validated like every engine flag: without an engine (retrieval answers) "--limit abc" was
      // NaN here, and every row ran as if no limit was given.
      const limit = num("--limit", o.limit, { int: true, min: 1, max: MAX_COUNT });
      const { configPathFor, writeEffectiveConfig } = await import("../../core/engine/run-config.js");
      await removeStaleOutputTemps(o, false);
      const configOut = configPathFor(o.outDir as string | undefined, o.results);
      try {
        let r: GebModelResult;
        try {
          r = await runGebModel({
            data: o.data as string,
            model: o.model,
            engine,
            prompt: g.prompt,
            postprocess: g.postprocess,
            grade: gradeFromFlags(o),
            pipeline,
            limit,
            labels: parseLabels(o.label as string[] | undefined),
            timings: o.timings !== false,
            onInputsRead: async () => {
              if (configOut) await writeEffectiveConfig(cmd, configOut);
            },
          });
        } catch (e) {
          const q = await import("../../core/queue/cli.js");
          if (await q.reportQueueFailure("geb", e)) return q.failRun("geb");
          // Permanent failure (no server, bad key, unknown model): one line, exit 1, no scores.
          if (!(e instanceof RunStoppedError)) throw e;
          process.stderr.write(`geb: ${e.message}\n`);
          process.exitCode = 1;
          return;
        }
        if (r.errors > 0) {
          process.stderr.write(`${incompleteRunLine(r, o.results)}\n`);
          process.exitCode = 1;
          return;
        }
        if (o.out) writeTextAtomic(o.out as string, predictionsJsonl(r));
        if (o.resultsJson)
          writeTextAtomic(o.resultsJson as string, `${JSON.stringify([r.payload], null, 2)}\n`);
        if (o.outDir) {
          const dir = o.outDir as string;
          mkdirSync(dir, { recursive: true });
          writeTextAtomic(join(dir, "preds.jsonl"), predictionsJsonl(r));
          writeRunArtifacts(dir, [r.payload], { thresholds: o.thresholds as string | undefined });
        }
        const { intervalsLine } = await import("../grade/intervals.js");
        for (const line of reportLines(r, { ...api, intervalsLine })) console.log(line);
        // Mostly out-of-contract replies: the scores are written, but the run is not a result.
        const { unusableRepliesLine } = await import("../model/run.js");
        const unusable = await unusableRepliesLine(r.records, engine?.run.maxUnparseableShare);
        if (unusable) {
          process.stderr.write(`${unusable}\n`);
          process.exitCode = 1;
        }
      } finally {
        await engine?.client.close?.();
      }
    });
}
