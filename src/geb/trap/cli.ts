/**
 * `geb trap list|generate|score|run|check`: thin commander adapters over run.ts and
 * framework.ts. Flags only here; implementations are imported in the actions, so
 * `geb --help` loads none of them (tests/meta/startup.test.ts).
 */
import { type Command, Option } from "commander";
import {
  addFlags,
  collectFlag,
  intOption,
  outDirFlag,
  outFileFlag,
  MAX_COUNT,
  SEED_RANGE,
} from "../../core/cli.js";
import { type ModelCliValues, repeatedRunFlags } from "../../core/engine/cli.js";
import { addConfigOption } from "../../core/engine/run-config.js";
import { addQueueOption } from "../../core/queue/cli.js";
import type { SplitEvaluation, TrapReliability, TrapRunSummary } from "./framework.js";

const STAGES = ["observe", "ramp", "target"];
const SPLITS = ["anchors", "holdout", "canary"];
const SUB_TRAPS = [
  { id: "persona_invariance", flag: "--persona" },
  { id: "persona_persistence_drift", flag: "--persona-persistence" },
  { id: "persona_session_drift", flag: "--persona-session" },
];

function fmt(x: number | null | undefined): string {
  return typeof x === "number" ? x.toFixed(3) : "-";
}

/** One line per evaluated split: status, headline, accuracy with its interval. */
export function splitLine(label: string, e: SplitEvaluation, headline: string): string {
  const a = e.accuracy;
  const fails = e.failures.length ? ` failed: ${e.failures.join(", ")}` : "";
  return `${label.padEnd(8)} ${e.split.padEnd(7)} ${e.status.padEnd(6)} n=${e.rows_scored} ${headline}=${fmt(e.means[headline])} ${a.metric}=${fmt(a.value)} [${fmt(a.ci_low)}, ${fmt(a.ci_high)}]${fails}`;
}

function summaryLines(s: TrapRunSummary, headline: string): string[] {
  const lines = [`run ${s.run}: hard_gate_status=${s.hard_gate_status} (stage ${s.stage})`];
  for (const split of ["anchors", "holdout", "canary"] as const) {
    lines.push(splitLine("model", s[split], headline));
    lines.push(splitLine("lookup", s.baselines.baselines.lookup[split], headline));
    lines.push(splitLine("fold", s.baselines.baselines.fold[split], headline));
    const rule = s.baselines.baselines.rule;
    if (rule) lines.push(splitLine("rule", rule[split], headline));
  }
  const pi = s.persona_invariance;
  if (pi)
    lines.push(
      `persona invariance (holdout × 4 personas): ${pi.status} rate=${fmt(pi.row_invariance_rate)} changed=${pi.rows_changed}/${pi.rows_total}`,
    );
  const pp = s.persona_persistence;
  if (pp)
    lines.push(
      `persona persistence (holdout × 4 overrides): ${pp.status} rate=${fmt(pp.row_invariance_rate)} changed=${pp.rows_changed}/${pp.rows_total}`,
    );
  const ps = s.persona_session;
  if (ps)
    lines.push(
      `persona session (holdout × ${ps.rows_total / Math.max(ps.sessions, 1)} turns): ${ps.status} drift_rate=${fmt(ps.means.drift_rate)} profile_match=${fmt(ps.means.profile_match_rate)} factual_match=${fmt(ps.means.factual_match_rate)}${ps.failures.length ? ` failed: ${ps.failures.join(", ")}` : ""}`,
    );
  const c = s.canary_report;
  lines.push(
    `canary (report only): ${c.metric}=${fmt(c.value)} ${s.compat === "1.0" ? "alert" : "reference alert"} at >= ${c.alert_at}: ${c.status}`,
  );
  return lines;
}

function reliabilityLine(r: TrapReliability): string {
  const j = Object.entries(r.jitter)
    .map(([k, v]) => `${k}=${fmt(v.jitter)}`)
    .join(" ");
  return `reliability ${r.family} stage=${r.stage} runs=${r.runs}: ${r.status}${r.failures.length ? ` (${r.failures.join("; ")})` : ""} jitter ${j}`;
}

function equivalenceLine(equivalent: boolean): string {
  return equivalent
    ? "equivalent to core lookup: a no-model program (lookup or fold) meets this family's target floors"
    : "not solved by the lookup / fold programs at the target floors";
}

/** The family's synthetic means (functions of other means or constants), named once per run. */
function syntheticLine(synthetic: Record<string, string>): string | null {
  const keys = Object.keys(synthetic);
  return keys.length
    ? `synthetic metrics (not measurements; see each summary's synthetic_metrics): ${keys.join(", ")}`
    : null;
}

/** The engine flags of `trap run`: the answers live in --out-dir, so --resume/--overwrite speak of it. */
function addEngineFlags(cmd: Command): Command {
  return addFlags(
    cmd,
    repeatedRunFlags(
      { help: "model (openai:<m>, llamacpp, command:<prog>, module:<file>, builtin:<name>)", required: true },
      {
        commandArg: true,
        promptVia: true,
        topP: true,
        maxConsecutiveErrors: "stop after n requests in a row failed the same way (0 = never)",
        resume: "keep the answers already in --out-dir and request only what is missing",
        overwrite: "discard answers already in --out-dir",
        progress: "progress on stderr even when it is not a terminal",
        noProgress: "no progress display",
      },
    ),
  );
}

export function registerTrapCommands(program: Command): void {
  const trap = program
    .command("trap")
    .description(
      "trap families (reference-0.1 ports, 1.0 variants): generate, score, run a model, check reliability",
    );

  trap
    .command("list")
    .description("ported families with defaults, floors and the no-model baselines; families not ported yet")
    .option("--json", "machine-readable output")
    .option("--markdown", "the families table of docs/geb/traps.md (baselines, oracles, floors)")
    .action(async (o: { json?: boolean; markdown?: boolean }) => {
      if (o.markdown) {
        const { renderTrapTable, trapTable } = await import("./table.js");
        process.stdout.write(renderTrapTable(trapTable()));
        return;
      }
      const { TRAP_FAMILIES, TRAP_FAMILIES_NOT_PORTED } = await import("./registry.js");
      const { baselineReport } = await import("./framework.js");
      const out = TRAP_FAMILIES.map((f) => {
        const b = baselineReport(f, f.generate(f.defaults), "target");
        return {
          id: f.id,
          compat: f.compat ?? "reference-0.1",
          defaults: f.defaults,
          headline: f.headlineMetric,
          holdout_target_floors: f.floors.target.holdout,
          lookup_holdout: b.baselines.lookup.holdout.means[f.headlineMetric],
          fold_holdout: b.baselines.fold.holdout.means[f.headlineMetric],
          ...(b.baselines.rule
            ? {
                rule_holdout: b.baselines.rule.holdout.means[f.headlineMetric],
                rule_meets_target: b.rule_meets_target,
              }
            : {}),
          equivalent_to_core_lookup: b.equivalent_to_core_lookup,
          synthetic_metrics: Object.keys(f.syntheticMetrics),
        };
      });
      if (o.json) {
        process.stdout.write(
          `${JSON.stringify({ families: out, sub_traps: SUB_TRAPS, not_ported: TRAP_FAMILIES_NOT_PORTED }, null, 2)}\n`,
        );
        return;
      }
      for (const f of out)
        process.stdout.write(
          `${f.id}${f.compat === "1.0" ? " [1.0]" : ""} (seed ${f.defaults.seed}; ${f.defaults.anchors}/${f.defaults.holdout}/${f.defaults.canary}) ${f.headline}: lookup ${fmt(f.lookup_holdout)} fold ${fmt(f.fold_holdout)}${"rule_holdout" in f ? ` rule ${fmt(f.rule_holdout)}${f.rule_meets_target ? " (meets target)" : ""}` : ""} on holdout${f.equivalent_to_core_lookup ? " — equivalent to core lookup" : ""}\n`,
        );
      process.stdout.write(
        `sub-traps on any family's holdout: ${SUB_TRAPS.map((t) => `${t.id} (trap run ${t.flag})`).join(", ")}\n`,
      );
      if (TRAP_FAMILIES_NOT_PORTED.length > 0)
        process.stdout.write(`not ported yet: ${TRAP_FAMILIES_NOT_PORTED.join(", ")}\n`);
    });

  trap
    .command("generate")
    .description("write <family>_{anchors,holdout,canary}.jsonl (byte-identical to the reference's defaults)")
    .requiredOption("--family <id>", "trap family (geb trap list)")
    .requiredOption("--out-dir <dir>", "output directory", outDirFlag("--out-dir"))
    .addOption(
      new Option("--compat <mode>", "generator dialect (default: the family's; checked when given)").choices([
        "reference-0.1",
        "1.0",
      ]),
    )
    .addOption(intOption("--seed <n>", "seed (default: the family's)", SEED_RANGE))
    .addOption(intOption("--anchors <n>", "anchor rows", { min: 0, max: MAX_COUNT }))
    .addOption(intOption("--holdout <n>", "holdout rows", { min: 0, max: MAX_COUNT }))
    .addOption(intOption("--canary <n>", "canary rows", { min: 0, max: MAX_COUNT }))
    .option("--overwrite", "replace existing files")
    .action(async (o: Record<string, unknown>) => {
      const { generateTrapFiles, requireFamily } = await import("./run.js");
      const family = requireFamily(o.family as string);
      if (o.compat !== undefined && o.compat !== (family.compat ?? "reference-0.1")) {
        const { InputError } = await import("../../core/errors.js");
        throw new InputError(
          `${family.id} is a ${family.compat ?? "reference-0.1"} family, not ${o.compat}`,
          {
            field: "--compat",
          },
        );
      }
      const paths = generateTrapFiles(family, o.outDir as string, {
        seed: o.seed as number | undefined,
        anchors: o.anchors as number | undefined,
        holdout: o.holdout as number | undefined,
        canary: o.canary as number | undefined,
        overwrite: Boolean(o.overwrite),
      });
      for (const p of paths) process.stdout.write(`wrote ${p}\n`);
    });

  trap
    .command("score")
    .description(
      "score predictions ({id, value, support_ids} JSONL) with the family's reference scorer; baselines beside",
    )
    .requiredOption("--family <id>", "trap family")
    .requiredOption("--data <path>", "fixture JSONL of one split")
    .requiredOption("--preds <path>", "predictions JSONL")
    .addOption(
      new Option("--split <s>", "which split the file is (canaries are report-only)")
        .choices(SPLITS)
        .default("holdout"),
    )
    .addOption(new Option("--stage <s>", "floors to check").choices(STAGES).default("target"))
    .option("--out <path>", "write the evaluation JSON here", outFileFlag("--out"))
    .option("--rows-out <path>", "per-row diagnostics JSONL", outFileFlag("--rows-out"))
    .option("--json", "print the evaluation JSON")
    .action(async (o: Record<string, unknown>) => {
      const { requireFamily, scoreTrapFiles } = await import("./run.js");
      const { writeTextAtomic } = await import("../io.js");
      const family = requireFamily(o.family as string);
      const r = scoreTrapFiles({
        family,
        data: o.data as string,
        preds: o.preds as string,
        split: o.split as "holdout",
        stage: o.stage as "target",
      });
      const { rows, ...model } = r.model;
      const payload = {
        family: family.id,
        compat: family.compat ?? "reference-0.1",
        stage: o.stage,
        model,
        lookup: r.lookup,
        fold: r.fold,
        ...(r.rule ? { rule: r.rule } : {}),
        synthetic_metrics: family.syntheticMetrics,
      };
      if (o.out) writeTextAtomic(o.out as string, `${JSON.stringify(payload, null, 2)}\n`);
      if (o.rowsOut) writeTextAtomic(o.rowsOut as string, rows.map((x) => `${JSON.stringify(x)}\n`).join(""));
      if (o.json) process.stdout.write(`${JSON.stringify(payload, null, 2)}\n`);
      else
        for (const [label, e] of [
          ["model", model],
          ["lookup", r.lookup],
          ["fold", r.fold],
          ...(r.rule ? [["rule", r.rule] as const] : []),
        ] as const)
          process.stdout.write(`${splitLine(label, e, family.headlineMetric)}\n`);
      if (model.status === "FAIL") process.exitCode = 1;
    });

  const run = trap
    .command("run")
    .description("generate → model (raw output, no repair) → score vs stage floors → N-run reliability")
    .requiredOption("--family <id>", "trap family")
    .requiredOption(
      "--out-dir <dir>",
      "run directory (results, run-<k>/ summaries, <family>_reliability.json)",
      outDirFlag("--out-dir"),
    )
    .option(
      "--fixtures <dir>",
      "fixture directory to read (default: generate the reference defaults into <out-dir>/fixtures)",
    )
    .addOption(new Option("--stage <s>", "floors to check").choices(STAGES).default("observe"))
    .addOption(
      intOption(
        "--runs <n>",
        "independent runs (the reliability check needs --min-runs)",
        { min: 1, max: 1000 },
        2,
      ),
    )
    .addOption(intOption("--min-runs <n>", "runs the reliability check requires", { min: 1, max: 1000 }, 2))
    .option(
      "--persona",
      "also run the persona-invariance sub-trap on the holdout (4 personas; gates the run)",
    )
    .option(
      "--persona-persistence",
      "also run the persona-persistence sub-trap on the holdout (3-turn persona override; gates the run)",
    )
    .option(
      "--persona-session",
      "also run persona_session_drift on the holdout (each row in a 12-turn session; gates the run)",
    );
  addEngineFlags(run);
  addQueueOption(run.optionsGroup("Distributed runs (docs/scale.md):"));
  addConfigOption(run.optionsGroup("Run config:"));
  run.action(async (o: ModelCliValues & Record<string, unknown>) => {
    const { engineFromOptions } = await import("../../core/engine/cli.js");
    const { InputError } = await import("../../core/errors.js");
    const { requireFamily, runTrapFamily } = await import("./run.js");
    const family = requireFamily(o.family as string);
    if (o.resume && o.overwrite)
      throw new InputError("use either --resume or --overwrite, not both", { field: "--resume" });
    const engine = await engineFromOptions({ ...o, resume: false, overwrite: false, results: undefined });
    const q = await import("../../core/queue/cli.js");
    if (o.queue && engine.clientSpec)
      engine.run.runner = (await import("../../core/engine/queue.js")).queuedRunner(
        o.queue as import("../../core/queue/url.js").QueueUrl,
        engine.clientSpec,
      );
    const r = await runTrapFamily({
      family,
      stage: o.stage as "observe",
      runs: o.runs as number,
      minRuns: o.minRuns as number,
      outDir: o.outDir as string,
      dataDir: o.fixtures as string | undefined,
      engine,
      model: o.model,
      resume: Boolean(o.resume),
      overwrite: Boolean(o.overwrite),
      persona: Boolean(o.persona),
      personaPersistence: Boolean(o.personaPersistence),
      personaSession: Boolean(o.personaSession),
    }).catch(async (e: unknown) => {
      // --queue: a Redis failure is one line, exit 1.
      if (await q.reportQueueFailure("geb", e)) return undefined;
      throw e;
    });
    if (!r) return q.failRun("geb");
    // Run config (--config): the effective flags beside the results (once the run's checks have
    // passed and it ran), to repeat the run with --config <out-dir>/config.json.
    await (await import("../../core/engine/run-config.js")).writeEffectiveConfig(
      run,
      `${String(o.outDir).replace(/\/+$/, "")}/config.json`,
    );
    if (r.errors > 0) {
      process.stderr.write(
        `geb: ${r.errors} requests failed, first: ${r.firstError ?? "unknown error"}; no scores reported — rerun with --resume to retry only those\n`,
      );
      process.exitCode = 1;
      return;
    }
    for (const s of r.summaries)
      for (const l of summaryLines(s, family.headlineMetric)) process.stdout.write(`${l}\n`);
    process.stdout.write(
      `${equivalenceLine(r.summaries[0]?.baselines.equivalent_to_core_lookup ?? false)}\n`,
    );
    const ruleMeets = r.summaries[0]?.baselines.rule_meets_target;
    if (ruleMeets !== undefined)
      process.stdout.write(
        `rule program (applies the rules the question states): ${ruleMeets ? "meets" : "does not meet"} this family's target floors\n`,
      );
    const synth = syntheticLine(family.syntheticMetrics);
    if (synth) process.stdout.write(`${synth}\n`);
    if (r.reliability) process.stdout.write(`${reliabilityLine(r.reliability)}\n`);
    if (r.reliability?.status !== "PASS") process.exitCode = 1;
    // Mostly replies with no answer-contract object: the run is written, but it is not a result.
    const { DEFAULT_MAX_UNPARSEABLE_SHARE, unparseableLine } = await import(
      "../../core/engine/unparseable.js"
    );
    const share = engine.run.maxUnparseableShare ?? DEFAULT_MAX_UNPARSEABLE_SHARE;
    const unusable = unparseableLine("geb", r.replies, share);
    if (unusable) {
      process.stderr.write(`${unusable}\n`);
      process.exitCode = 1;
    }
  });

  trap
    .command("check")
    .description("reliability over run summaries: every run PASS at the stage, holdout jitter within bounds")
    .requiredOption("--family <id>", "trap family")
    .requiredOption("--summary <file>", "a run's <family>_summary.json (repeat)", collectFlag)
    .addOption(new Option("--stage <s>", "stage the runs must have").choices(STAGES).default("observe"))
    .addOption(intOption("--min-runs <n>", "runs required", { min: 1, max: 1000 }, 2))
    .option("--out <path>", "write <family>_reliability.json here", outFileFlag("--out"))
    .action(async (o: Record<string, unknown>) => {
      const { checkTrapSummaries, requireFamily } = await import("./run.js");
      const { writeTextAtomic } = await import("../io.js");
      const r = checkTrapSummaries({
        family: requireFamily(o.family as string),
        stage: o.stage as "observe",
        summaries: o.summary as string[],
        minRuns: o.minRuns as number,
      });
      if (o.out) writeTextAtomic(o.out as string, `${JSON.stringify(r, null, 2)}\n`);
      process.stdout.write(`${reliabilityLine(r)}\n`);
      if (r.status !== "PASS") process.exitCode = 1;
    });
}
