import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Command, Option } from "commander";
import { floatFlag, MAX_COUNT, outDirFlag, outFileFlag, intOrSeedFlag } from "../../core/cli.js";
import { InputError } from "../../core/errors.js";
import { writeTextAtomic } from "../io.js";
import {
  addAnswerOptions,
  addSelectionOptions,
  type PipelineCliValues,
  pipelineFlags,
} from "../pipeline/options.js";
// Implementations are imported in the actions (`await import`): `geb --help` loads none of them.
import type { parseExample as ParseExample, SelectorExample, SelectorLabel } from "../selector/dataset.js";
import { withOneLineErrors } from "./sweep.js";
import { jsonLineValue } from "../../core/jsonl.js";

// Flag values: the shared validated parsers (src/core/cli.ts).
// `int(flag)` is a seed.
const int = intOrSeedFlag;
const num = (flag: string, min = -1e6, max = 1e6) => floatFlag(flag, { min, max });
const collect = (v: string, prev: string[] = []) => [...prev, v];

/**
 * Where `geb summarize` writes without `--out-dir`: beside a results file, into a run dir, and
 * into `<tree>/summarize/` for a sweep tree or reference folder (their own summary.json and
 * diagnosis.json, in the reference's layout, are never overwritten).
 */
function defaultSummaryDir(first: string): string {
  if (!statSync(first).isDirectory()) return dirname(first);
  const tree = ["combined.json", "sweep.json"].some((f) => existsSync(join(first, f)));
  return tree ? join(first, "summarize") : first;
}
const edges = (flag: string) => (v: string) =>
  v
    .split(",")
    .filter((s) => s.trim() !== "")
    .map((s) => int(flag)(s));

function readExamples(file: string, parseExample: typeof ParseExample): SelectorExample[] {
  const out: SelectorExample[] = [];
  const text = (() => {
    try {
      return readFileSync(file, "utf8");
    } catch (e) {
      throw new InputError(`cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
        file,
      });
    }
  })();
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const v = jsonLineValue(line, file, i + 1);
    if (!v || typeof v !== "object" || Array.isArray(v))
      throw new InputError("expected a selector example object", { file, line: i + 1 });
    out.push(parseExample(v as Record<string, unknown>, { file, line: i + 1 }));
  });
  return out;
}

/** Registers `geb selector export|train`, `geb pipeline grid`, `geb summarize`, `geb collect`, `geb compare`. */
export function registerPipelineCommands(program: Command): void {
  withOneLineErrors(program, () => registerPipelineCommandsInner(program));
}

function registerPipelineCommandsInner(program: Command): void {
  const selector = program
    .command("selector")
    .description("selector training data and linear selector training");

  const exp = selector
    .command("export")
    .description(
      "write selector examples (question, candidates as the pipeline shows them, authoritative label)",
    )
    .requiredOption("--data <path>", "dataset JSONL (repeat for several)", collect)
    .requiredOption("--out <path>", "examples JSONL", outFileFlag("--out"));
  addSelectionOptions(exp);
  exp
    .addOption(
      new Option(
        "--label <l>",
        "which entry is correct: authoritative (gold UPDATE) or latest-entry (reference)",
      )
        .choices(["authoritative", "latest-entry"])
        .default("authoritative"),
    )
    .option(
      "--hard-negatives <n>",
      "add up to n entries the retriever did not return",
      int("--hard-negatives", 0),
      0,
    )
    .action(
      async (
        o: PipelineCliValues & { data: string[]; out: string; label: SelectorLabel; hardNegatives: number },
      ) => {
        const { resolvePipelineConfig } = await import("../pipeline/config.js");
        const { loadRows } = await import("../pipeline/gebmodel.js");
        const { exportConfigSummary, exportExample } = await import("../selector/dataset.js");
        const given = (name: string) => exp.getOptionValueSource(name) === "cli";
        const { config } = resolvePipelineConfig({
          file: o.pipelineConfig ?? null,
          flags: pipelineFlags(o, given),
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
            text += `${JSON.stringify(ex)}\n`;
          }
        }
        writeTextAtomic(o.out, text);
        console.log(
          `Wrote ${n} examples (${present} with the label among the candidates) to ${o.out}; config ${JSON.stringify(exportConfigSummary(config))}`,
        );
      },
    );

  selector
    .command("train")
    .description("train the linear selector (listwise softmax, seeded SGD) and write its model JSON")
    .requiredOption("--data <path>", "examples JSONL from `geb selector export` (repeat)", collect)
    .requiredOption("--out <path>", "model JSON ({feature_order, weights, meta})", outFileFlag("--out"))
    .option("--epochs <n>", "epochs", int("--epochs", 1, MAX_COUNT), 30)
    .option("--lr <x>", "learning rate", num("--lr", 0), 0.1)
    .option("--seed <n>", "shuffle / split seed", int("--seed"), 0)
    .option("--test-frac <x>", "held-out share", num("--test-frac", 0, 1), 0.2)
    .option("--step-bucket <n>", "feature step bucket", int("--step-bucket", 1), 1)
    .option("--note-penalty <x>", "extra loss on probability given to NOTE lines", num("--note-penalty"), 0)
    .option(
      "--wrong-update-penalty <x>",
      "extra loss on probability given to non-gold updates",
      num("--wrong-update-penalty"),
      0,
    )
    .option(
      "--spoof-penalty <x>",
      "extra loss on probability given to spoofed candidates",
      num("--spoof-penalty"),
      0,
    )
    .action(async (o) => {
      const { parseExample } = await import("../selector/dataset.js");
      const { trainSelector } = await import("../selector/train.js");
      const examples = (o.data as string[]).flatMap((f) => readExamples(f, parseExample));
      if (!examples.some((e) => e.gold_present))
        throw new InputError("no example has its label among the candidates", { file: o.data[0] });
      const model = trainSelector(examples, {
        epochs: o.epochs,
        lr: o.lr,
        seed: o.seed,
        testFrac: o.testFrac,
        stepBucket: o.stepBucket,
        notePenalty: o.notePenalty,
        wrongUpdatePenalty: o.wrongUpdatePenalty,
        spoofPenalty: o.spoofPenalty,
      });
      writeTextAtomic(o.out, `${JSON.stringify(model, null, 2)}\n`);
      const m = model.meta as Record<string, number | null>;
      const f = (x: number | null) => (x === null ? "-" : x.toFixed(4));
      console.log(
        `train_selection_rate=${f(m.train_selection_rate)} test_selection_rate=${f(m.test_selection_rate)} (${m.train_examples}/${m.test_examples} examples) -> ${o.out}`,
      );
    });

  selector
    .command("check")
    .description("load a linear model (ours or the reference's) and print its aligned weights")
    .requiredOption("--model <path>", "model JSON")
    .action(async (o) => {
      const { loadLinearModel } = await import("../selector/linear.js");
      const { weights } = loadLinearModel(o.model);
      console.log(JSON.stringify(weights));
    });

  const pipeline = program.command("pipeline").description("retrieval → selection → answer pipeline tools");
  const grid = pipeline
    .command("grid")
    .description(
      "run a selector-only / deterministic grid over datasets; one run directory per cell and a table",
    )
    .requiredOption("--data <path>", "dataset JSONL (repeat: one run per dataset and cell)", collect)
    .requiredOption(
      "--grid <key=v1,v2>",
      "pipeline key and values (repeat for more axes), e.g. k=2,4,8",
      collect,
    )
    .option(
      "--out-dir <dir>",
      "write <dir>/<cell>/{results,summary,diagnosis}.json, collect.csv, grid.json",
      outDirFlag("--out-dir"),
    )
    .option("--thresholds <file>", "diagnosis thresholds JSON")
    .option("--json", "print the table as JSON");
  addAnswerOptions(addSelectionOptions(grid));
  grid.option("--no-progress", "no progress bar").action(async (o) => {
    const { formatGrid, parseAxis, runGrid } = await import("../pipeline/grid.js");
    const given = (name: string) => grid.getOptionValueSource(name) === "cli";
    const cells = await runGrid({
      data: o.data,
      axes: (o.grid as string[]).map(parseAxis),
      flags: pipelineFlags(o, given),
      configFile: o.pipelineConfig ?? null,
      outDir: o.outDir,
      thresholds: o.thresholds,
      progress: o.progress !== false,
    });
    if (o.json)
      console.log(
        JSON.stringify(
          cells.map((c) => ({ cell: c.cell, summary: c.summary })),
          null,
          2,
        ),
      );
    else for (const line of formatGrid(cells)) console.log(line);
  });

  program
    .command("summarize")
    .description(
      "summary.json / summary.csv / decomposition.csv / diagnosis.json from any runs (model, pipeline, sweep, reference)",
    )
    .requiredOption(
      "--in <path>",
      "results JSON, run dir, sweep tree or reference run folder (repeat; all runs are summarised together)",
      collect,
    )
    .option(
      "--out-dir <dir>",
      "where to write (default: the first input's directory)",
      outDirFlag("--out-dir"),
    )
    .option("--thresholds <file>", "diagnosis thresholds JSON (reference format)")
    .option("--recency-buckets <edges>", "tokens_since_update edges", edges("--recency-buckets"))
    .option("--distractor-buckets <edges>", "distractors_since_update edges", edges("--distractor-buckets"))
    .option("--writes-buckets <edges>", "writes_to_key edges", edges("--writes-buckets"))
    .action(async (o) => {
      const { writeRunArtifacts } = await import("../summary/artifacts.js");
      const { formatDiagnosis } = await import("../summary/diagnosis.js");
      const { loadRuns } = await import("../summary/runs.js");
      const payloads = loadRuns(o.in as string[]).map((r) => r.payload);
      const first = o.in[0] as string;
      const dir = o.outDir ?? defaultSummaryDir(first);
      // No mkdir here: writeRunArtifacts reads the thresholds first, and its writers make the
      // folder, so a bad --thresholds leaves no empty --out-dir behind (issue 31).
      const { summary, diagnosis } = writeRunArtifacts(dir, payloads, {
        thresholds: o.thresholds,
        results: false,
        edges: {
          ...(o.recencyBuckets ? { tokens_since_update: o.recencyBuckets } : {}),
          ...(o.distractorBuckets ? { distractors_since_update: o.distractorBuckets } : {}),
          ...(o.writesBuckets ? { writes_to_key: o.writesBuckets } : {}),
        },
      });
      console.log(
        `Wrote ${join(dir, "summary.json")}, summary.csv, diagnosis.json (${summary.runs} runs, ${summary.rows} rows)`,
      );
      if (summary.retrieval?.decomposition_line) {
        console.log(`decomposition: ${summary.retrieval.decomposition_line}`);
        const { formatInterval } = await import("../../core/stats/format.js");
        const iv = summary.intervals.metrics;
        const parts = [
          ["gold_present", "retrieval.gold_present_rate"],
          ["selection", "retrieval.selection_rate"],
          ["accuracy_when_gold_present", "retrieval.accuracy_when_gold_present"],
          ["value_acc", "value_acc"],
        ].map(([name, path]) => `${name} ${formatInterval(iv[path])}`);
        console.log(`95% CI (by run × episode): ${parts.join("; ")}`);
      }
      for (const line of formatDiagnosis(diagnosis)) console.log(line);
    });

  program
    .command("collect")
    .description("one CSV row per run over many results files or run directories")
    .requiredOption(
      "--runs <path>",
      "results JSON file or directory searched for results.json (repeat)",
      collect,
    )
    .requiredOption("--out <path>", "CSV", outFileFlag("--out"))
    .option("--latest-only", "keep only the newest file per run identity (model, labels, data, config)")
    .action(async (o) => {
      const { collectRuns } = await import("../summary/collect.js");
      const r = collectRuns(o.runs, { latestOnly: Boolean(o.latestOnly) });
      writeTextAtomic(o.out, r.csv);
      console.log(`Wrote ${r.rows.length} runs from ${r.files} files to ${o.out}`);
    });

  program
    .command("compare")
    .description(
      "per-metric delta between two runs (results JSON or run directories), each paired by item with a significance test",
    )
    .requiredOption("--base <path>", "baseline run")
    .requiredOption("--other <path>", "run to compare")
    .option("--json", "print JSON")
    .action(async (o) => {
      const { compareRunPaths, formatDeltas } = await import("../summary/compare.js");
      const d = compareRunPaths(o.base, o.other);
      if (o.json) console.log(JSON.stringify(d, null, 2));
      else for (const line of formatDeltas(d)) console.log(line);
    });
}
