/**
 * `geb rag …`: the RAG benchmark (docs/geb/rag.md). Thin shells over ./run.ts and ./bands.ts,
 * imported in the actions so `geb --help` loads none of them.
 */
import { type Command, Option } from "commander";
import { floatFlag, intFlag, MAX_COUNT, outDirFlag } from "../../core/cli.js";
import { addModelOptions, type ModelCliValues } from "../../core/engine/cli.js";
import { addAnswerOptions, addSelectionOptions, type PipelineCliValues } from "../pipeline/options.js";

const thresholdFlags: [string, string, string][] = [
  ["--min-value-acc <x>", "min_value_acc", "fail a dataset whose value_acc is below x"],
  ["--min-exact-acc <x>", "min_exact_acc", "fail a dataset whose exact_acc is below x"],
  ["--min-entailment <x>", "min_entailment", "fail a dataset whose entailment is below x"],
  ["--min-cite-f1 <x>", "min_cite_f1", "fail a dataset whose cite_f1 is below x"],
  [
    "--min-answer-correct-given-selected <x>",
    "min_answer_correct_given_selected",
    "fail a dataset whose answer_correct_given_selected is below x",
  ],
  ["--min-instruction-acc <x>", "min_instruction_acc", "fail a dataset whose instruction_acc is below x"],
  [
    "--min-state-integrity <x>",
    "min_state_integrity",
    "fail a dataset whose state_integrity_rate is below x",
  ],
];

function addThresholdOptions(cmd: Command): Command {
  for (const [flags, , help] of thresholdFlags) {
    const name = flags.split(" ")[0] as string;
    cmd.option(flags, help, floatFlag(name, { min: 0, max: 1 }));
  }
  return cmd;
}

function thresholdsFrom(o: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [flags, key] of thresholdFlags) {
    const camel = (flags.split(" ")[0] as string)
      .slice(2)
      .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (typeof o[camel] === "number") out[key] = o[camel] as number;
  }
  return out;
}

function printSummary(s: Record<string, unknown>, path: string): void {
  const f = (v: unknown) => (typeof v === "number" ? v.toFixed(3) : "n/a");
  const bounds = (i: { ci_low?: unknown; ci_high?: unknown } | undefined) =>
    i && typeof i.ci_low === "number" && typeof i.ci_high === "number"
      ? ` [${f(i.ci_low)}, ${f(i.ci_high)}]`
      : "";
  const iv = (e: Record<string, unknown>, k: string) =>
    bounds((e.intervals as Record<string, { ci_low: unknown; ci_high: unknown }> | undefined)?.[k]);
  console.log(
    "dataset                  value_acc              exact_acc  cite_f1  naive.value  ledger.value  status",
  );
  for (const e of s.results as Record<string, unknown>[]) {
    const b = e.baselines as Record<string, Record<string, number | null>> | undefined;
    console.log(
      [
        String(e.id).padEnd(24),
        `${f(e.value_acc)}${iv(e, "value_acc")}`.padEnd(22),
        f(e.exact_acc).padEnd(10),
        f(e.cite_f1).padEnd(8),
        f(b?.naive?.value_acc).padEnd(12),
        f(b?.ledger?.value_acc).padEnd(13),
        String(e.status),
      ].join(" "),
    );
  }
  const m = s.means as Record<string, unknown>;
  const bm = s.baseline_means as Record<string, Record<string, unknown>> | undefined;
  // The means' intervals (every dataset weighs the same), keyed by their path in summary.json.
  const mi = (s.intervals as { metrics?: Record<string, { ci_low: unknown; ci_high: unknown }> } | undefined)
    ?.metrics;
  const miv = (path: string) => bounds(mi?.[path]);
  console.log(
    `means: value_acc=${f(m.value_acc)}${miv("means.value_acc")} exact_acc=${f(m.exact_acc)}${miv("means.exact_acc")} cite_f1=${f(m.cite_f1)}${miv("means.cite_f1")} entailment=${f(m.entailment)}${miv("means.entailment")}` +
      (bm
        ? ` | no-model: naive value_acc=${f(bm.naive?.value_acc)}${miv("baseline_means.naive.value_acc")}, ledger value_acc=${f(bm.ledger?.value_acc)}${miv("baseline_means.ledger.value_acc")}`
        : ""),
  );
  if (s.pipeline) {
    const p = s.pipeline as { model: string; adapter: string; pipeline: unknown };
    console.log(`model: ${p.model}${p.pipeline ? ` pipeline: ${JSON.stringify(p.pipeline)}` : ""}`);
  }
  if (s.status) console.log(`status: ${s.status}`);
  console.log(`Wrote ${path}`);
}

/** Registers the `rag` command group. */
export function registerRagCommands(program: Command): void {
  const rag = program
    .command("rag")
    .description("RAG benchmark presets (datasets regenerated from recipes), summaries and acceptance bands");

  const run = rag
    .command("run")
    .description(
      "regenerate a preset's datasets from their recipes, run a model over each (closed book), grade, summarize (exit 1 on a failed threshold)",
    )
    .addOption(
      new Option("--preset <name>", "lenient or strict").choices(["lenient", "strict"]).default("lenient"),
    )
    .option("--config <file>", "a preset file instead of --preset")
    .requiredOption(
      "--out-dir <dir>",
      "run directory (data/, rag_<id>.json, summary.json, report.md)",
      outDirFlag("--out-dir"),
    )
    .option(
      "--max-rows <n>",
      "only the first n rows of each dataset",
      intFlag("--max-rows", { min: 1, max: MAX_COUNT }),
    )
    .option("--no-timings", "leave wall-clock fields out (byte-identical artifacts across runs)");
  addThresholdOptions(run);
  addModelOptions(run);
  addAnswerOptions(
    addSelectionOptions(
      run.optionsGroup("Retrieval pipeline (--model retrieval[:<answerer>], as geb model):"),
    ),
  );
  run.action(async (o: ModelCliValues & PipelineCliValues & Record<string, unknown>) => {
    const { engineFromOptions } = await import("../../core/engine/cli.js");
    const { InputError } = await import("../../core/errors.js");
    const { runRagBenchmark, RagRunError } = await import("./run.js");
    const { parseRetrievalSpec } = await import("../pipeline/gebmodel.js");
    const { pipelineFromCommand } = await import("../pipeline/config.js");
    const { pipelineFlags } = await import("../pipeline/options.js");
    // Records go to <out-dir>/records_<id>.jsonl, one file per dataset (what --resume resumes).
    if (o.results)
      throw new InputError("records go to <out-dir>/records_<id>.jsonl; drop --results", {
        field: "--results",
      });
    if (o.limit !== undefined) throw new InputError("use --max-rows (per dataset)", { field: "--limit" });
    // The pipeline of `geb model --model retrieval[:<answerer>]`, same flags and config.
    const spec = parseRetrievalSpec(o.model as string);
    const given = (name: string) => run.getOptionValueSource(name) === "cli";
    if (!spec) {
      const set = Object.entries(pipelineFlags(o, given)).find(([, v]) => v !== undefined);
      if (set || o.pipelineConfig)
        throw new InputError(
          `pipeline setting ${set ? set[0] : "--pipeline-config"} needs --model retrieval or retrieval:<answerer spec>`,
          { field: "--model" },
        );
    }
    const pipeline = spec ? pipelineFromCommand(run) : null;
    const inner = spec ? spec.answerer : (o.model as string);
    const needsModel = pipeline
      ? !pipeline.config.selector_only && !pipeline.config.deterministic_answer
      : true;
    if (pipeline && needsModel && !inner)
      throw new InputError(
        "the pipeline needs an answerer: --model retrieval:<model spec>, or --deterministic-answer / --selector-only",
        { field: "--model" },
      );
    const engine =
      inner && needsModel
        ? await engineFromOptions({ ...o, model: inner, results: o.resume ? String(o.outDir) : undefined })
        : null;
    try {
      const r = await runRagBenchmark({
        preset: (o.config as string | undefined) ?? (o.preset as string),
        outDir: o.outDir as string,
        model: o.model as string,
        engine,
        pipeline,
        maxRows: o.maxRows as number | undefined,
        thresholds: thresholdsFrom(o),
        timings: o.timings !== false,
        log: (l) => console.log(l),
      });
      printSummary(r.summary, r.summaryPath);
      if (r.summary.status === "FAIL") {
        console.log("RAG benchmark failed thresholds.");
        process.exitCode = 1;
      }
      // Mostly out-of-contract replies: the run is written, but it is not a result.
      const { DEFAULT_MAX_UNPARSEABLE_SHARE, unparseableLine } = await import(
        "../../core/engine/unparseable.js"
      );
      const share = engine?.run.maxUnparseableShare ?? DEFAULT_MAX_UNPARSEABLE_SHARE;
      const unusable = r.replies ? unparseableLine("geb", r.replies, share) : null;
      if (unusable) {
        process.stderr.write(`${unusable}\n`);
        process.exitCode = 1;
      }
    } catch (e) {
      if (!(e instanceof RagRunError)) throw e;
      process.stderr.write(`geb: ${e.message}\n`);
      process.exitCode = 1;
    } finally {
      await engine?.client.close?.();
    }
  });

  const sum = rag
    .command("summarize")
    .description(
      "summarize a run directory of rag_<id>.json results (the reference's summarize_rag_benchmark.py)",
    )
    .requiredOption("--config <file>", "benchmark config (reference format or a preset file)")
    .requiredOption("--runs-dir <dir>", "directory holding rag_<id>.json")
    .option("--no-timings", "generated_at null (byte-identical artifacts)");
  addThresholdOptions(sum);
  sum.action(async (o: Record<string, unknown>) => {
    const { summarizeRunDir } = await import("./run.js");
    const r = summarizeRunDir({
      config: o.config as string,
      runsDir: o.runsDir as string,
      thresholds: thresholdsFrom(o),
      timings: o.timings !== false,
    });
    console.log(`Wrote ${r.summaryPath}`);
    console.log(`Wrote ${r.reportPath}`);
    if (r.summary.status === "FAIL") {
      console.log("RAG benchmark failed thresholds.");
      process.exitCode = 1;
    }
  });

  rag
    .command("bands")
    .description(
      "fast-vs-full acceptance bands between two strict summaries (the reference's check_rag_acceptance_bands.py; exit 1 on FAIL)",
    )
    .addOption(new Option("--stage <s>", "fast or full").choices(["fast", "full"]).makeOptionMandatory())
    .requiredOption(
      "--base <path>",
      "base summary JSON, or a run dir holding summary_compact.json / summary.json",
    )
    .requiredOption("--other <path>", "other summary JSON or run dir")
    .option("--allow-missing-keys", "skip a mean missing from either summary instead of failing")
    .option("--strict-benchmark-name", "require benchmark rag_benchmark_strict in both")
    .option("--allow-mixed", "compare summaries of different presets or pipelines (refused by default)")
    .action(async (o: Record<string, unknown>) => {
      const { checkBands, mixedRuns } = await import("./bands.js");
      const { loadBandSummary } = await import("./band-io.js");
      const { InputError } = await import("../../core/errors.js");
      const base = loadBandSummary(o.base as string);
      const other = loadBandSummary(o.other as string);
      const mixed = mixedRuns(base.summary, other.summary);
      if (mixed && !o.allowMixed)
        throw new InputError(`${mixed}; --allow-mixed compares them anyway`, { field: "--other" });
      console.log("RAG acceptance band check");
      console.log(`Stage: ${o.stage}`);
      console.log(`Base: ${base.source}`);
      console.log(`Other: ${other.source}`);
      const r = checkBands(base.summary, other.summary, {
        stage: o.stage as "fast" | "full",
        allowMissingKeys: Boolean(o.allowMissingKeys),
        strictBenchmarkName: Boolean(o.strictBenchmarkName),
      });
      for (const line of r.lines) console.log(line);
      if (!r.ok) process.exitCode = 1;
    });
}
