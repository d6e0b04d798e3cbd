/**
 * `geb release matrix|signal|run`: thin commander adapters over run.ts. Flags only here;
 * implementations are imported in the actions, so `geb --help` loads none of them.
 */
import { join } from "node:path";
import { type Command, Option } from "commander";
import { addFlags, collectFlag, intOption, outDirFlag, outFileFlag } from "../../core/cli.js";
import { type ModelCliValues, repeatedRunFlags } from "../../core/engine/cli.js";
import { DEFAULT_MAX_UNPARSEABLE_SHARE, unparseableLine } from "../../core/engine/unparseable.js";
import type { ReleaseMatrix, ReleaseSignal } from "./schema.js";

const fmt = (x: number | null | undefined): string => (typeof x === "number" ? x.toFixed(6) : "<missing>");

/** The engine flags of `release matrix|run`: --model is optional (a matrix may be read, not run). */
function addModelFlags(cmd: Command): Command {
  return addFlags(
    cmd,
    repeatedRunFlags(
      {
        help: "model (openai:<m>, llamacpp, command:<prog>, module:<file>; builtin:trap-lookup|trap-fold|trap-rule = no-model programs)",
        required: false,
      },
      { noProgress: "no progress display" },
    ),
  );
}

function matrixLines(m: ReleaseMatrix): string[] {
  const L = [
    `release matrix ${m.contract_id} ${m.contract_version} run ${m.run_id}${m.subject === "no-model" ? ` — NO-MODEL run (${m.model}): the programs' results, not a model score` : m.model ? ` model ${m.model}` : ""}`,
    `coverage: ${m.coverage.produced_total}/${m.coverage.required_total} families`,
  ];
  for (const r of m.families) {
    const acc = r.holdout_accuracy
      .map(
        (a) =>
          `${a.family} ${a.metric}=${a.value === null ? "-" : a.value.toFixed(3)} [${a.ci_low?.toFixed(3) ?? "-"}, ${a.ci_high?.toFixed(3) ?? "-"}] n=${a.n}`,
      )
      .join("; ");
    L.push(
      `${r.id.padEnd(40)} ${r.status.padEnd(7)} fresh=${r.freshness_ok ? "yes" : `no (${r.freshness_reason})`}${r.first_failure_reason ? ` first failure: ${r.first_failure_reason}` : ""}${acc ? ` | holdout ${acc}` : ""}`,
    );
  }
  L.push(`status: ${m.status}`);
  for (const f of m.failures) L.push(`- ${f}`);
  return L;
}

function signalLines(s: ReleaseSignal): string[] {
  const L = [
    `reliability signal (profile ${s.profile})${s.subject === "no-model" ? " — NO-MODEL run: not a model score" : ""}`,
  ];
  for (const c of s.checks) L.push(`[${c.status}] ${c.name} ${c.detail}`);
  const d = s.derived;
  const n = s.no_model;
  L.push(`                      ${"model".padEnd(10)} no-model programs`);
  L.push(`reasoning_score (R)   ${fmt(d.reasoning_score).padEnd(10)} ${fmt(n.reasoning_score)}`);
  L.push(`planning_score (P)    ${fmt(d.planning_score).padEnd(10)} ${fmt(n.planning_score)}`);
  L.push(`intelligence_index    ${fmt(d.intelligence_index).padEnd(10)} ${fmt(n.intelligence_index)}`);
  for (const [k, v] of [
    ...Object.entries(d.reasoning_components),
    ...Object.entries(d.planning_components),
  ]) {
    const nv = n.reasoning_components[k] ?? n.planning_components[k] ?? null;
    L.push(`  ${k.padEnd(28)} ${fmt(v).padEnd(10)} ${fmt(nv)}${n.programs[k] ? ` (${n.programs[k]})` : ""}`);
  }
  for (const a of s.holdout_accuracy)
    L.push(
      `  holdout ${a.family} ${a.metric}=${a.value === null ? "-" : a.value.toFixed(3)} [${a.ci_low?.toFixed(3) ?? "-"}, ${a.ci_high?.toFixed(3) ?? "-"}] n=${a.n}`,
    );
  for (const w of s.warnings) L.push(`WARNING: ${w}`);
  L.push(`RESULT: ${s.status}`);
  if (s.subject === "no-model")
    L.push(
      s.status === "PASS"
        ? "NO-MODEL run: this PASS shows nothing a lookup / fold / rule program could not do; it checks the pipeline, it is not a model score"
        : "NO-MODEL run: the programs' results, not a model score",
    );
  return L;
}

/**
 * `geb release run`'s strict RAG step (src/geb/release/rag.ts): its own engine (the RAG
 * model, the same endpoint flags), records and artifacts in <out-dir>/rag/. Failed requests:
 * one stderr line, exit 1, and no summary (the strict checks are then MISSING).
 */
async function runRagStep(
  o: ModelCliValues & Record<string, unknown>,
  ragModel: string,
): Promise<{ summaryPath: string | undefined; warnings: string[] }> {
  const { engineFromOptions } = await import("../../core/engine/cli.js");
  const { isNoModelRag, runReleaseRag } = await import("./rag.js");
  const { RagRunError } = await import("../rag/run.js");
  const noModel = isNoModelRag(ragModel);
  const dir = join(String(o.outDir), "rag");
  process.stdout.write(
    `strict RAG preset (${ragModel}) into ${dir}${noModel ? ` — NO-MODEL run (${ragModel}): the program's results, not a model score` : ""}\n`,
  );
  const engine = await engineFromOptions({
    ...o,
    model: ragModel,
    resume: false,
    overwrite: true,
    results: undefined,
  });
  try {
    const r = await runReleaseRag({ model: ragModel, engine, dir });
    const f = (k: string) => (typeof r.means[k] === "number" ? (r.means[k] as number).toFixed(3) : "n/a");
    process.stdout.write(
      `strict RAG: value_acc=${f("value_acc")} exact_acc=${f("exact_acc")} cite_f1=${f("cite_f1")} status=${r.status ?? "n/a"} (${r.summaryPath})\n`,
    );
    // The RAG model's replies are judged on their own (it may not be the matrix's model).
    const unusable = unparseableLine(
      "geb: strict RAG",
      r.replies,
      engine.run.maxUnparseableShare ?? DEFAULT_MAX_UNPARSEABLE_SHARE,
    );
    if (unusable) {
      process.stderr.write(`${unusable}\n`);
      process.exitCode = 1;
    }
    return {
      summaryPath: r.summaryPath,
      warnings: noModel
        ? [
            `the strict RAG summary is the no-model program ${ragModel}'s, not the model's: the strict core shows nothing about the model`,
          ]
        : [],
    };
  } catch (e) {
    if (!(e instanceof RagRunError)) throw e;
    process.stderr.write(`geb: strict RAG preset failed: ${e.message}\n`);
    process.exitCode = 1;
    return { summaryPath: undefined, warnings: [] };
  } finally {
    await engine.client.close?.();
  }
}

export function registerReleaseCommands(program: Command): void {
  const release = program
    .command("release")
    .description(
      "release layer over the trap families: contract-driven matrix, reliability signal R/P/II, profiles",
    );

  const matrix = release
    .command("matrix")
    .description(
      "run every family the release contract requires (or read them) and write the matrix + failure report",
    )
    .requiredOption(
      "--out-dir <dir>",
      "matrix directory (families/<id>/, release_matrix.json, report, rows/)",
      outDirFlag("--out-dir"),
    )
    .option("--contract <file>", "release contract (default: the bundled configs/release_gate_contract.json)")
    .option(
      "--use-existing <dir>",
      "read the families from a previous matrix --out-dir instead of producing them",
    )
    .option(
      "--run-id <id>",
      "run id stamped on what this run produces; with --use-existing: the run whose stamps are fresh",
    )
    .addOption(intOption("--runs <n>", "runs per family", { min: 1, max: 1000 }, 2))
    .addOption(
      intOption("--min-runs <n>", "runs the reliability check requires (default: --runs)", {
        min: 1,
        max: 1000,
      }),
    )
    .addOption(
      new Option("--size <s>", "fixture sizes: the reference defaults, or a few rows (smoke)")
        .choices(["default", "smoke"])
        .default("default"),
    )
    .option(
      "--family <id>",
      "produce only this contract family (repeat); the others are reported as they are",
      collectFlag,
    )
    .option("--json", "print the matrix JSON");
  addModelFlags(matrix);
  matrix.action(async (o: ModelCliValues & Record<string, unknown>) => {
    const { runMatrixCommand } = await import("./command.js");
    const m = await runMatrixCommand(o);
    if (!m) return;
    if (o.json) process.stdout.write(`${JSON.stringify(m, null, 2)}\n`);
    else for (const l of matrixLines(m)) process.stdout.write(`${l}\n`);
    if (m.status !== "PASS") process.exitCode = 1;
  });

  release
    .command("signal")
    .description("reliability signal R / P / II (reference formula) beside the no-model programs' signal")
    .requiredOption("--matrix-dir <dir>", "a release matrix --out-dir (families/<id>/…)")
    .option(
      "--rag-summary <file>",
      "strict RAG summary (summarize_rag_benchmark.py shape); absent: strict checks MISSING",
    )
    .option("--contract <file>", "release contract (default: the bundled one)")
    .option(
      "--profile <name>",
      "profile with the derived floors (configs/release_gate_profiles.json)",
      "release",
    )
    .option("--profiles <file>", "profiles file (default: the bundled one)")
    .option("--skip-domain-hard-checks", "skip the domain_stale/authority/exception exact_acc == 1 checks")
    .option("--out <path>", "write the signal JSON here", outFileFlag("--out"))
    .option("--json", "print the signal JSON")
    .action(async (o: Record<string, unknown>) => {
      const { runReleaseSignal } = await import("./run.js");
      const s = runReleaseSignal({
        dir: o.matrixDir as string,
        ragSummary: o.ragSummary as string | undefined,
        contractFile: o.contract as string | undefined,
        profile: o.profile as string,
        profilesFile: o.profiles as string | undefined,
        skipDomainHardChecks: Boolean(o.skipDomainHardChecks),
      });
      if (o.out)
        (await import("../io.js")).writeTextAtomic(o.out as string, `${JSON.stringify(s, null, 2)}\n`);
      if (o.json) process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
      else for (const l of signalLines(s)) process.stdout.write(`${l}\n`);
      if (s.status !== "PASS") process.exitCode = 1;
    });

  const run = release
    .command("run")
    .description("a release profile end to end: the matrix (produced now), then the signal")
    .requiredOption("--out-dir <dir>", "release directory", outDirFlag("--out-dir"))
    .option(
      "--profile <name>",
      "profile (configs/release_gate_profiles.json): release | fastlocal",
      "release",
    )
    .option("--profiles <file>", "profiles file (default: the bundled one)")
    .option("--contract <file>", "release contract (default: the bundled one)")
    .addOption(new Option("--size <s>", "override the profile's fixture sizes").choices(["default", "smoke"]))
    .option(
      "--rag-summary <file>",
      "strict RAG summary produced earlier (default: run the strict RAG preset now, see --rag-model)",
    )
    .option(
      "--rag-model <spec>",
      "model for the strict RAG preset run into <out-dir>/rag/ (default: --model; builtin:ledger-reader for builtin:trap-*)",
    )
    .option("--skip-domain-hard-checks", "skip the domain_stale/authority/exception exact_acc == 1 checks");
  addModelFlags(run);
  run.action(async (o: ModelCliValues & Record<string, unknown>) => {
    const { runMatrixCommand } = await import("./command.js");
    const { loadProfile, readStrictSummary, runReleaseSignal } = await import("./run.js");
    const { releaseRagModel } = await import("./rag.js");
    const profile = loadProfile(o.profile as string, o.profiles as string | undefined);
    const ragModel = releaseRagModel({
      model: o.model as string | undefined,
      ragModel: o.ragModel as string | undefined,
      ragSummary: o.ragSummary as string | undefined,
    });
    // A given summary is checked before the matrix runs: a malformed one is an input error
    // up front, not after every family was produced.
    if (o.ragSummary !== undefined) readStrictSummary(o.ragSummary as string);
    let ragSummary = o.ragSummary as string | undefined;
    const ragWarnings: string[] = [];
    if (ragModel !== null) {
      const r = await runRagStep(o, ragModel);
      ragSummary = r.summaryPath;
      ragWarnings.push(...r.warnings);
    }
    const m = await runMatrixCommand({
      ...o,
      runs: profile.runs,
      minRuns: profile.min_runs,
      size: (o.size as string | undefined) ?? profile.size,
    });
    if (!m) return;
    for (const l of matrixLines(m)) process.stdout.write(`${l}\n`);
    const s = runReleaseSignal({
      dir: o.outDir as string,
      ragSummary,
      contractFile: o.contract as string | undefined,
      profile: o.profile as string,
      profilesFile: o.profiles as string | undefined,
      skipDomainHardChecks: Boolean(o.skipDomainHardChecks),
      subject: m.subject,
    });
    s.warnings.push(...(m.subject === "model" ? ragWarnings : []));
    const { writeTextAtomic } = await import("../io.js");
    writeTextAtomic(
      `${String(o.outDir).replace(/\/+$/, "")}/reliability_signal.json`,
      `${JSON.stringify(s, null, 2)}\n`,
    );
    for (const l of signalLines(s)) process.stdout.write(`${l}\n`);
    if (m.status !== "PASS" || s.status !== "PASS") process.exitCode = 1;
  });
}
