#!/usr/bin/env node
/**
 * `gf01` command line: a thin shell over `api.ts`. JSON on stdout (Python
 * `json.dumps(indent=2, sort_keys=True)` like the official CLI), exit 0 on success and 2 on a
 * policy/validation failure or bad input (message on stderr, never a stack trace).
 */
import { readFile } from "node:fs/promises";
import { type Command, CommanderError, Option, type OptionValues } from "commander";
import {
  floatFlag,
  floatListFlag,
  intFlag,
  MAX_COUNT,
  MAX_DURATION_S,
  MAX_INT,
  isMainModule,
  outFileFlag,
  SEED_RANGE,
  runMain,
  binProgram,
} from "../core/cli.js";
import { addConfigOption, forgetConfigOrigin, reportFailure } from "../core/engine/run-config.js";
import { addMaxUnparseableShareOption, maxUnparseableShareOf } from "../core/engine/unparseable.js";
import { InputError } from "../core/errors.js";
// Command implementations are imported in their actions (`await import`), so `gf01 --help` and
// each command load only what they use (start-up: docs/performance.md).
import type { ApiResult } from "./api.js";
import { importOptional } from "../core/optional.js";
import { ALLOWED_EVAL_TRACKS, ALLOWED_MODES } from "./artifacts/meta.js";
import { dumpJsonFile } from "./artifacts/pyout.js";
import { registerPlayCommands } from "./cli/play.js";
import { registerServeCommands } from "./cli/serve.js";
import { registerViewCommand } from "./view/cli.js";
import { registerReleaseCommands } from "./release/cli.js";
import {
  addDiagnosticCapOptions,
  diagnosticFromFlags,
  registerCalibrationCommands,
} from "./calibration/cli.js";
import { registerStudyCommands } from "./study/cli.js";
import { registerExportCommand } from "./export/cli.js";
import { EpisodeFailed } from "./play/agent.js";
import { addQueueOption, registerWorkerCommand } from "../core/queue/cli.js";
import { adaptationOptions, runConditionOptions } from "./cli/run-condition.js";
import { addInstanceSourceOptions, installInstanceSources, instanceSourceFromFlags } from "./cli/source.js";

const out = (v: unknown): void => {
  process.stdout.write(`${dumpJsonFile(v)}\n`);
};
let exitCode = 0;
const finish = (r: ApiResult): void => {
  out(r.payload);
  if (!r.ok) exitCode = 2;
};

// Flag values: the shared validated parsers (src/core/cli.ts), errors name the flag (exit 2).
// Every numeric flag has a declared range (tests/fuzz/flags.test.ts): `int` is a seed.
const int = (name: string) => intFlag(name, SEED_RANGE);
const intAtLeast = (name: string, min: number, max = MAX_INT) => intFlag(name, { min, max });
const floatIn = (name: string, min: number, max: number) => floatFlag(name, { min, max });
/** Window coefficients (DEC-014b): any sign, bounded. */
const float = (name: string) => floatFlag(name, { min: -1000, max: 1000 });
const floatList = (name: string) => floatListFlag(name, { min: 0, max: 1e6 });
const outFile = (name: string) => outFileFlag(name);

async function readConfig(
  path?: string,
  knobs: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  let cfg: Record<string, unknown> = {};
  if (path) {
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (e) {
      throw new InputError(`cannot read config: ${(e as NodeJS.ErrnoException).code}`, { file: path });
    }
    try {
      cfg = JSON.parse(text);
    } catch (e) {
      throw new InputError(`invalid JSON: ${(e as Error).message}`, { file: path });
    }
    if (cfg === null || typeof cfg !== "object" || Array.isArray(cfg))
      throw new InputError("a generator config must be a JSON object", { file: path });
  }
  for (const [k, v] of Object.entries(knobs)) if (v !== undefined) cfg[k] = v;
  return cfg;
}

/** The flag that set a generator config key (`n_inputs` → `--inputs`). */
const KNOB_FLAG: Record<string, string> = {
  n_inputs: "--inputs",
  n_outputs: "--outputs",
  witness_atoms_weights: "--witness-weights",
};
const knobFlag = (key: string): string => KNOB_FLAG[key] ?? `--${key.replaceAll("_", "-")}`;

/**
 * Check the generator config before any output: a bad value names the `--config` file and
 * field when it came from the file, the flag when a flag set it (the generator itself only
 * knows `config.<key>`).
 */
function checkGeneratorConfig(
  configErrorInFile: (e: unknown, file: string | undefined) => unknown,
  check: () => void,
  file: string | undefined,
  knobs: Record<string, unknown>,
): void {
  try {
    check();
  } catch (e) {
    if (!(e instanceof InputError) || !e.field?.startsWith("config.")) throw e;
    const key = e.field.slice("config.".length).split(/[.[]/)[0];
    if (knobs[key] !== undefined) throw new InputError(e.reason, { field: knobFlag(key) });
    throw configErrorInFile(e, file);
  }
}

/**
 * `validate` / `report` of a runs file without a row: nothing was run, so there is nothing
 * valid to report (exit 2, docs/cli.md), not an "ok" a pipeline would take for a pass.
 */
const noRuns = (file: string) =>
  new InputError("holds no run rows: an empty runs file is not a valid run", { file });

const ATOM_BUDGET_FLAG = "--atom-budget <rule>";
const ATOM_BUDGET_HELP =
  "diagnostic (default, newest official: budget_atoms not part of Valid/M(I), reported as exceeds_budget_atoms) | enforce (fixture-era rule)";

export function buildProgram(): Command {
  const program = binProgram(
    "gf01",
    "GF-01 temporal-causality benchmark: generate, evaluate, verify, validate, report",
  );

  program
    .command("demo")
    .description("Generate one instance and score every baseline agent on it")
    .option("--seed <n>", "seed", int("seed"), 1337)
    .option("--compat <id>", "generator: default | official-0.1", "default")
    .action(async (o) => {
      const api = await import("./api.js");
      finish(await api.demo(o.seed, o.compat));
    });

  program
    .command("generate")
    .description("Generate a versioned instance bundle (gf01.instance_bundle.v1)")
    .optionsGroup("Bundle:")
    .option("--seed <n>", "first seed (official flag)", int("seed"), 2000)
    .option("--seed-start <n>", "alias of --seed", int("seed-start"))
    .option("--count <n>", "number of instances (≥ 1)", intAtLeast("count", 1, MAX_COUNT), 4)
    .option("--split <id>", "split id", "public_dev")
    .option("--compat <id>", "generator: default | official-0.1 (draw-exact official generator)", "default")
    .option("--config <file>", "JSON generator config (partial; merged over the compat defaults)")
    .optionsGroup("Difficulty knobs (override --config):")
    .option("--trace-min <n>", "horizon T: minimum", intAtLeast("trace-min", 1))
    .option("--trace-max <n>", "horizon T: maximum", intAtLeast("trace-max", 1))
    .option("--states-min <n>", "automaton states: minimum", intAtLeast("states-min", 1))
    .option("--states-max <n>", "automaton states: maximum", intAtLeast("states-max", 1))
    .option("--inputs <n>", "|AP_in| (default generator)", intAtLeast("inputs", 1))
    .option("--outputs <n>", "|AP_out| (default generator)", intAtLeast("outputs", 1))
    .option(
      "--min-witness-atoms <n>",
      "every valid certificate needs at least n atoms",
      intAtLeast("min-witness-atoms", 1),
    )
    .option(
      "--witness-weights <list>",
      "target minimum-witness-size distribution, e.g. 0.25,0.4,0.3,0.05 (sizes 1..k)",
      floatList("witness-weights"),
    )
    .option(
      "--min-witness-timesteps <n>",
      "minimum distinct intervened timesteps of any witness",
      intAtLeast("min-witness-timesteps", 1),
    )
    .option(
      "--budget-slack-timesteps <n>",
      "budget tightness: B_T = min timesteps + slack",
      intAtLeast("budget-slack-timesteps", 0),
    )
    .option(
      "--budget-slack-atoms <n>",
      "budget tightness: B_A = min atoms + slack",
      intAtLeast("budget-slack-atoms", 0),
    )
    .option("--budget-tightness <x>", "official-0.1 budget tightness", floatIn("budget-tightness", 0, 1000))
    .option("--p-hard <x>", "mode mix: probability of hard mode", floatIn("p-hard", 0, 1))
    .option(
      "--effect-density <x>",
      "probability that a transition emits the effect output",
      floatIn("effect-density", 0, 1),
    )
    .option("--alpha-0 <x>", "window coefficient α0 (DEC-014b)", float("alpha-0"))
    .option("--alpha-t <x>", "window coefficient αT", float("alpha-t"))
    .option("--alpha-c <x>", "window coefficient αC", float("alpha-c"))
    .option("--w-min <n>", "window clamp minimum", intAtLeast("w-min", 0))
    .option("--w-max <n>", "window clamp maximum", intAtLeast("w-max", 0))
    .option(
      "--id-scheme <scheme>",
      "official-0.1 instance ids: content_hash (current official, default) | legacy (0.1.0 fixtures)",
    )
    .optionsGroup("Output:")
    .option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)")
    .option("--out <file>", "write the bundle here (default: stdout)", outFile("out"))
    .option("--manifest-out <file>", "also write the split manifest", outFile("manifest-out"))
    .option("--legacy-list", "write a bare list of instances (official --legacy-list: no bundle header)")
    .addHelpText(
      "after",
      `
Examples:
  gf01 generate --seed 0 --count 20 --inputs 3 --min-witness-atoms 2 --p-hard 0.5 --out bundle.json
  gf01 generate --compat official-0.1 --seed 7100 --count 4 --out official.json`,
    )
    .action(async (o) => {
      const api = await import("./api.js");
      const { checkOutputPath } = await import("../core/jsonl.js");
      const { defaultConfig } = await import("./generate/index.js");
      if (o.compat !== "default" && o.compat !== "official-0.1")
        throw new InputError(`unknown --compat ${o.compat}`, { field: "compat" });
      for (const f of [o.out, o.manifestOut]) if (f) await checkOutputPath(f);
      const start = o.seedStart ?? o.seed;
      let weights: number[] | undefined = o.witnessWeights;
      if (o.minWitnessAtoms !== undefined && o.compat === "default") {
        // Express "at least k atoms" through the target distribution: sizes below k get weight 0.
        const base = weights ?? (defaultConfig().witness_atoms_weights as number[]);
        const k = o.minWitnessAtoms;
        weights = Array.from<unknown, number>({ length: Math.max(base.length, k) }, (_, i): number =>
          i + 1 < k ? 0 : (base[i] ?? (i + 1 === k ? 1 : 0)),
        );
        if (weights.every((w: number) => w === 0)) (weights as number[])[k - 1] = 1;
      }
      const knobs: Record<string, unknown> = {
        trace_min: o.traceMin,
        trace_max: o.traceMax,
        states_min: o.statesMin,
        states_max: o.statesMax,
        n_inputs: o.inputs,
        n_outputs: o.outputs,
        witness_atoms_weights: weights,
        min_witness_atoms: o.compat === "official-0.1" ? o.minWitnessAtoms : undefined,
        min_witness_timesteps: o.minWitnessTimesteps,
        budget_slack_timesteps: o.budgetSlackTimesteps,
        budget_slack_atoms: o.budgetSlackAtoms,
        budget_tightness: o.budgetTightness,
        p_hard: o.pHard,
        effect_density: o.effectDensity,
        alpha_0: o.alpha0,
        alpha_t: o.alphaT,
        alpha_c: o.alphaC,
        w_min: o.wMin,
        w_max: o.wMax,
      };
      const config = await readConfig(o.config, knobs);
      const { configErrorInFile, officialConfig, parseDefaultConfig } = await import("./generate/index.js");
      checkGeneratorConfig(
        configErrorInFile,
        () => {
          if (o.compat === "official-0.1") {
            const base = officialConfig() as unknown as Record<string, unknown>;
            for (const k of Object.keys(config))
              if (!(k in base))
                throw new InputError(`unknown official-0.1 config key ${k}`, { field: `config.${k}` });
          } else parseDefaultConfig({ ...defaultConfig(), ...config }, { field: "config" });
        },
        o.config,
        knobs,
      );
      if (o.idScheme !== undefined && o.idScheme !== "content_hash" && o.idScheme !== "legacy")
        throw new InputError(`unknown --id-scheme ${o.idScheme} (content_hash | legacy)`, {
          field: "id-scheme",
        });
      // Streamed: instances are written as they are made (flat memory, same bytes).
      const g = await api.writeGeneratedBundle(
        {
          count: o.count,
          seedStart: start,
          split: o.split,
          compat: o.compat,
          config,
          gitCommit: o.gitCommit,
          idScheme: o.idScheme,
        },
        { out: o.out, manifestOut: o.manifestOut, legacyList: !!o.legacyList },
      );
      if (g.rejected.length && o.compat === "default")
        process.stderr.write(
          `gf01: ${g.instances} instances; ${g.rejected.length} seed(s) rejected and skipped (listed in the bundle's rejected_seeds)\n`,
        );
      else if (g.rejected.length)
        process.stderr.write(`gf01: ${g.rejected.length} seed(s) rejected: ${JSON.stringify(g.rejected)}\n`);
      if (o.out)
        out({
          status: "ok",
          out: o.out,
          instances: g.instances,
          rejected: g.rejected,
          instances_hash: g.instances_hash,
          config_hash: g.config_hash,
        });
    });

  const evaluate = program
    .command("evaluate")
    .description("Run one agent over a bundle and append run records (JSONL)")
    .requiredOption("--instances <file>", "instance bundle")
    .option("--agent <name>", "agent name", "greedy")
    .addOption(
      new Option("--eval-track <track>", "evaluation track")
        .choices([...ALLOWED_EVAL_TRACKS])
        .default("EVAL-CB"),
    )
    .option("--renderer-track <track>", "json | visual", "json")
    .option("--seed <n>", "agent seed", int("seed"), 0)
    .option("--tool-allowlist-id <id>", "tool allowlist", "none")
    .option("--tool-log-hash <h>", "tool log hash", "")
    .option(
      "--adaptation-condition <c>",
      "no_adaptation | prompt_adaptation | weight_finetune",
      "no_adaptation",
    )
    .option("--adaptation-budget-tokens <n>", "tokens", intAtLeast("adaptation-budget-tokens", 0), 0)
    .option("--adaptation-data-scope <s>", "none | public_only | public_plus_external", "none")
    .option("--adaptation-protocol-id <id>", "protocol id", "none")
    .option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)")
    .option(
      "--best-match-pool <pool>",
      "complete | official (first 32 of M(I), as the official harness)",
      "complete",
    )
    .option("--extra-metrics", "also write kappa and score_c into each row")
    .option(ATOM_BUDGET_FLAG, ATOM_BUDGET_HELP)
    .option(
      "--out <file>",
      "write run rows to this JSONL file (an existing one needs --resume or --overwrite)",
      outFile("out"),
    )
    // Online (black-box) agents: stdio programs and online baselines, played episode by episode.
    .optionsGroup("Online agents (--agent-cmd, --agent online-…):")
    .option("--agent-cmd <cmd>", "online: JSON-lines stdio agent command (docs/gf01-play.md)")
    .option("--agent-name <name>", "online: agent_name for --agent-cmd rows")
    .option(
      "--agent-timeout-s <s>",
      "online: seconds to wait for one stdio action",
      intAtLeast("agent-timeout-s", 1, MAX_DURATION_S),
      30,
    )
    .option("--protocol <p>", "online: commit_only | explore_then_commit", "commit_only")
    .option("--explore-episodes <n>", "online: exploration rollouts", intAtLeast("explore-episodes", 0), 3)
    .option("--concurrency <n>", "online: episodes in flight", intAtLeast("concurrency", 1, 1024), 1)
    .option("--resume", "continue --out: keep its rows of this agent and track, run only missing instances")
    .option("--overwrite", "replace --out")
    .optionsGroup("Subset-minimality diagnostic (offline agents):")
    .option("--diagnostic", "run the optional exact SubsetMin diagnostic on every row (diagnostic_status)");
  addDiagnosticCapOptions(evaluate);
  // Online agents: a run whose agent lines were mostly unusable fails (src/core/engine/unparseable.ts).
  addMaxUnparseableShareOption(evaluate.optionsGroup("Online agents (--agent-cmd, --agent online-…):"));
  addQueueOption(evaluate.optionsGroup("Distributed runs (docs/scale.md):"));
  evaluate.action(async (o, cmd: Command) => {
    const diagnostic = await diagnosticFromFlags(o);
    const api = await import("./api.js");
    const { evaluateOnlineAgent, isOnlineAgentId } = await import("./play/api.js");
    if (o.agentCmd || isOnlineAgentId(o.agent)) {
      // --agent-cmd --queue: every worker runs the same command (docs/scale.md).
      if (diagnostic)
        throw new InputError("--diagnostic applies to offline agents only", { field: "diagnostic" });
      const r = await evaluateOnlineAgent({
        // Run config (--config): the effective flags beside the rows, to repeat the run; written
        // once the bundle and the agent are read (issue 31: bad input leaves no file behind).
        beforeRun: async () => {
          if (o.out)
            await (await import("../core/engine/run-config.js")).writeEffectiveConfig(
              cmd,
              `${o.out}.config.json`,
            );
        },
        queue: o.queue,
        instancesFile: o.instances,
        agent: o.agentCmd ? undefined : o.agent,
        agentCmd: o.agentCmd,
        agentName: o.agentName,
        agentTimeoutS: o.agentTimeoutS,
        evalTrack: o.evalTrack,
        rendererTrack: o.rendererTrack,
        protocol: o.protocol,
        exploreEpisodes: o.exploreEpisodes,
        seed: o.seed,
        concurrency: o.concurrency,
        maxUnparseableShare: maxUnparseableShareOf(o.maxUnparseableShare),
        out: o.out,
        resume: !!o.resume,
        overwrite: !!o.overwrite,
        gitCommit: o.gitCommit ?? api.currentGitCommit(),
        extraMetrics: !!o.extraMetrics,
        onFirstError: (x) => process.stderr.write(`gf01: ${x.message}\n`),
        adaptation: adaptationOptions(o),
      }).catch(async (e: unknown) => {
        const q = await import("../core/queue/cli.js");
        if (await q.reportQueueFailure("gf01", e)) q.failRun("gf01");
        throw e;
      });
      finish(r);
      // Episode errors (agent failed) and unusable agent output: exit 1, distinct from bad input/policy (2).
      if (typeof r.payload.unparseable_failure === "string")
        process.stderr.write(`${r.payload.unparseable_failure}\n`);
      if (r.payload.errored || r.payload.unparseable_failure) exitCode = 1;
      return;
    }
    const r = await api
      .evaluateAgent({
        instancesFile: o.instances,
        agent: o.agent,
        evalTrack: o.evalTrack,
        rendererTrack: o.rendererTrack,
        seed: o.seed,
        ...runConditionOptions(o),
        out: o.out,
        resume: !!o.resume,
        overwrite: !!o.overwrite,
        gitCommit: o.gitCommit,
        pool: api.parseBestMatchPool(o.bestMatchPool),
        extraMetrics: !!o.extraMetrics,
        atomBudget: api.parseAtomBudgetRule(o.atomBudget),
        diagnostic,
        queue: o.queue,
      })
      .catch(async (e: unknown) => {
        const q = await import("../core/queue/cli.js");
        if (await q.reportQueueFailure("gf01", e)) q.failRun("gf01");
        throw e;
      });
    // Offline agents read the hidden instance: on EVAL-CB that is the official label only.
    if (r.ok && o.evalTrack === "EVAL-CB")
      process.stderr.write(
        `gf01: note: offline agent ${JSON.stringify(o.agent)} is white-box (reads the hidden instance); its EVAL-CB label is the official one, not a closed-book baseline (black-box: --agent online-…)\n`,
      );
    finish(r);
    // Queued instances whose job failed: recorded on stderr, not in the file; exit 1.
    if (r.ok && Number(r.payload.errored ?? 0) > 0) exitCode = 1;
  });

  const verify = program
    .command("verify")
    .description("Score one certificate against one instance of a bundle")
    .requiredOption("--instances <file>", "instance bundle")
    .option("--instance-id <id>", "instance id (optional when the bundle has one instance)")
    .requiredOption("--certificate <json>", 'certificate JSON, e.g. [[3,"in2",0]], or @file')
    .option("--best-match-pool <pool>", "complete | official", "complete")
    .option("--diagnostic", "run the optional exact subset-minimality diagnostic")
    .option("--check-bundle", "also validate every other instance and the bundle's instances_hash")
    .option(ATOM_BUDGET_FLAG, ATOM_BUDGET_HELP);
  addDiagnosticCapOptions(verify).action(async (o) => {
    const diagnostic = await diagnosticFromFlags(o);
    const api = await import("./verify-one.js");
    let text = String(o.certificate);
    let file: string | undefined;
    if (text.startsWith("@")) {
      file = text.slice(1);
      text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
        throw new InputError(`cannot read certificate file: ${e.code ?? e.message}`, { file });
      });
    }
    let cert: unknown;
    try {
      cert = JSON.parse(text);
    } catch (e) {
      throw new InputError(`certificate is not JSON: ${(e as Error).message}`, {
        file,
        field: "certificate",
      });
    }
    finish(
      await api.verifyOne({
        instancesFile: o.instances,
        instanceId: o.instanceId,
        certificate: cert,
        certificateFile: file,
        pool: api.parseBestMatchPool(o.bestMatchPool),
        diagnostic,
        atomBudget: api.parseAtomBudgetRule(o.atomBudget),
        checkBundle: !!o.checkBundle,
      }),
    );
  });

  const vr = (name: string, desc: string) =>
    program
      .command(name)
      .description(desc)
      .requiredOption("--runs <file>", "run JSONL")
      .option("--manifest <file>", "split manifest JSON")
      .option("--instances <file>", "instance bundle: re-verify every row (required with --official)")
      .option("--strict", "strict schema/metadata checks")
      .option("--official", "official mode: strict + --manifest + --instances")
      .option(
        "--best-match-pool <pool>",
        "complete | official (default official); applies to rows without best_match_pool",
      )
      .option(ATOM_BUDGET_FLAG, `${ATOM_BUDGET_HELP}; applies to rows without atom_budget`);

  /** The flags `vr` declares, as the API's validate/report options. */
  const validateFileOptions = (o: OptionValues, api: typeof import("./score-api.js")) => ({
    instancesFile: o.instances,
    manifestFile: o.manifest,
    strict: !!o.strict,
    official: !!o.official,
    pool: api.parseBestMatchPool(o.bestMatchPool),
    atomBudget: api.parseAtomBudgetRule(o.atomBudget),
  });

  vr("validate", "Validate run JSONL: official policy checks + re-verification of every certificate").action(
    async (o) => {
      const api = await import("./score-api.js");
      const r = await api.validateRunsFile(o.runs, validateFileOptions(o, api));
      if (r.outcome.rows === 0) throw noRuns(o.runs);
      finish(r);
    },
  );

  vr("report", "Aggregate validated runs per stratum (tracks and agents never pooled)")
    .addOption(
      new Option("--format <fmt>", "json | table (default: table on a TTY, else json)").choices([
        "json",
        "table",
      ]),
    )
    .option(
      "--html <file>",
      "also write a self-contained HTML report (charts rendered at build time)",
      outFile("html"),
    )
    .option(
      "--by-agent",
      'summary view: difficulty slices and modes reported together as "all" (tracks, agents, protocols, splits stay apart)',
    )
    .option("--png", "with --html: also export each chart as PNG (needs Debian chromium)")
    .addOption(
      new Option(
        "--attempts <which>",
        "human rows: which of a player's plays of an instance count (first | best | all)",
      )
        .choices(["first", "best", "all"])
        .default("first"),
    )
    .action(async (o) => {
      // --png needs an optional package: say so before any work (and before the HTML is written).
      if (o.png)
        await importOptional("playwright-core", "PNG export (--png)", () => import("playwright-core"));
      const api = await import("./score-api.js");
      const { readJsonlAll } = await import("../core/jsonl.js");
      const { formatReportTable } = await import("./report/report.js");
      const r = await api.reportRunsFile(o.runs, {
        attempts: o.attempts,
        ...validateFileOptions(o, api),
        fold: o.byAgent ? ["difficulty_slice", "mode"] : [],
      });
      if (r.payload.total_rows === 0) throw noRuns(o.runs);
      if (r.ok && o.html) {
        const runs = await readJsonlAll<Record<string, unknown>>(o.runs);
        const { writeGf01ReportHtml } = await import("./report/html.js");
        await writeGf01ReportHtml(r.payload, o.html, { runs, png: !!o.png });
        process.stderr.write(`gf01: wrote ${o.html}\n`);
      }
      const fmt = o.format ?? (process.stdout.isTTY ? "table" : "json");
      if (r.ok && fmt === "table") process.stdout.write(formatReportTable(r.payload));
      else finish(r);
      if (!r.ok) exitCode = 2;
    });

  addInstanceSourceOptions(
    program
      .command("import")
      .description("Turn formal tasks or an HOA automaton (--formal / --hoa) into an instance bundle"),
  )
    .option("--split <id>", "split id for every instance (default: the tasks' own, else public_dev)")
    .option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)")
    .option("--out <file>", "write the bundle here (default: stdout)", outFile("out"))
    .option("--manifest-out <file>", "also write the split manifest", outFile("manifest-out"))
    .action(async (o) => {
      const api = await import("./api.js");
      const { checkOutputPath, writeFileAtomic } = await import("../core/jsonl.js");
      for (const f of [o.out, o.manifestOut]) if (f) await checkOutputPath(f);
      const source = await instanceSourceFromFlags(o);
      if (!source) throw new InputError("gf01 import needs --formal or --hoa", { field: "formal" });
      const r = api.importFormal({ source, split: o.split, gitCommit: o.gitCommit });
      const text = api.bundleToJson(r.bundle);
      if (o.out) await writeFileAtomic(o.out, text);
      else process.stdout.write(`${text}\n`);
      if (o.manifestOut) await writeFileAtomic(o.manifestOut, dumpJsonFile(r.manifest));
      if (o.out)
        process.stderr.write(
          `gf01: wrote ${o.out} (${(r.bundle.instances as unknown[]).length} instance(s), instances_hash ${r.bundle.instances_hash})\n`,
        );
    });

  program
    .command("identifiability-check")
    .description("Recompute every instance's identifiability metric against thresholds (official command)")
    .requiredOption("--instances <file>", "instance bundle")
    .option("--min-response-ratio <x>", "threshold", floatIn("min-response-ratio", 0, 1), 0.6)
    .option("--min-unique-signatures <n>", "threshold", intAtLeast("min-unique-signatures", 0), 8)
    .option("--fail-on-stored-mismatch", "also fail when a stored identifiability block disagrees (ours)")
    .option("--out <file>", "also write the result here", outFile("out"))
    .action(async (o) => {
      const api = await import("./api.js");
      const { writeFileAtomic } = await import("../core/jsonl.js");
      const r = await api.identifiabilityCheckFile(o.instances, {
        minResponseRatio: o.minResponseRatio,
        minUniqueSignatures: o.minUniqueSignatures,
        failOnStoredMismatch: !!o.failOnStoredMismatch,
      });
      if (o.out) await writeFileAtomic(o.out, dumpJsonFile(r.payload));
      finish(r);
    });
  program
    .command("manifest")
    .description("Build the split manifest of a bundle")
    .requiredOption("--instances <file>", "instance bundle")
    .option("--out <file>", "write here (default: stdout)", outFile("out"))
    .action(async (o) => {
      const api = await import("./api.js");
      const { writeFileAtomic } = await import("../core/jsonl.js");
      const m = await api.manifestFor(o.instances);
      if (o.out) await writeFileAtomic(o.out, dumpJsonFile(m));
      else out(m);
    });

  program
    .command("list")
    .description("List the instances of a bundle: index, instance_id, mode, seed, t_star, horizon")
    .requiredOption("--instances <file>", "instance bundle")
    .option("--ids", "print only the instance ids, one per line (for shell scripts)")
    .addOption(
      new Option("--format <fmt>", "json | table (default: table on a TTY, else json)").choices([
        "json",
        "table",
      ]),
    )
    .action(async (o) => {
      const api = await import("./api.js");
      const { formatTable } = await import("../core/table.js");
      const rows = api.listInstances(await api.loadBundle(o.instances));
      if (o.ids) process.stdout.write(rows.map((r) => `${r.instance_id}\n`).join(""));
      else if ((o.format ?? (process.stdout.isTTY ? "table" : "json")) === "table")
        process.stdout.write(formatTable(rows));
      else out({ instances: rows });
    });

  program
    .command("migrate-runs")
    .description("Migrate legacy run rows to gf01.run_record.v1, re-scoring each against the bundle")
    .requiredOption("--runs <file>", "legacy run JSONL")
    .requiredOption("--out <file>", "migrated run JSONL", outFile("out"))
    .requiredOption("--instances <file>", "instance bundle (rows are re-verified, never trusted)")
    .option("--manifest <file>", "split manifest (coverage summary)")
    .option("--benchmark-version <v>")
    .option("--generator-version <v>")
    .option("--checker-version <v>")
    .option("--harness-version <v>")
    .option("--git-commit <sha>", "default: the bundle's git_commit")
    .option("--config-hash <h>", "default: the bundle's config_hash")
    .option("--tool-allowlist-id <id>", "default tool allowlist", "none")
    .option("--tool-log-hash <h>", "default tool log hash", "")
    .option("--adaptation-condition <c>", "default", "no_adaptation")
    .option("--adaptation-budget-tokens <n>", "default", intAtLeast("adaptation-budget-tokens", 0), 0)
    .option("--adaptation-data-scope <s>", "default", "none")
    .option("--adaptation-protocol-id <id>", "default", "none")
    .addOption(new Option("--default-eval-track <t>").choices([...ALLOWED_EVAL_TRACKS]).default("EVAL-CB"))
    .option("--default-renderer-track <t>", "default", "json")
    .option("--default-agent-name <name>", "default", "legacy-agent")
    .option("--default-split-id <id>", "unused: split comes from the bundle", "public_dev")
    .addOption(
      new Option("--default-mode <m>", "unused: mode comes from the bundle")
        .choices([...ALLOWED_MODES])
        .default("normal"),
    )
    .option("--default-seed <n>", "unused: seed comes from the bundle", int("default-seed"), 0)
    .option("--best-match-pool <pool>", "complete | official", "complete")
    .action(async (o) => {
      const api = await import("./api.js");
      finish(
        await api.migrateRunsFile(o.runs, {
          instancesFile: o.instances,
          out: o.out,
          manifestFile: o.manifest,
          pool: api.parseBestMatchPool(o.bestMatchPool),
          defaults: {
            benchmark_version: o.benchmarkVersion,
            generator_version: o.generatorVersion,
            checker_version: o.checkerVersion,
            harness_version: o.harnessVersion,
            git_commit: o.gitCommit,
            config_hash: o.configHash,
            tool_allowlist_id: o.toolAllowlistId,
            tool_log_hash: o.toolLogHash,
            adaptation_condition: o.adaptationCondition,
            adaptation_budget_tokens: o.adaptationBudgetTokens,
            adaptation_data_scope: o.adaptationDataScope,
            adaptation_protocol_id: o.adaptationProtocolId,
            eval_track: o.defaultEvalTrack,
            renderer_track: o.defaultRendererTrack,
            agent_name: o.defaultAgentName,
          },
        }),
      );
    });

  program
    .command("checks")
    .description("Acceptance checks AB-001..AB-009 on generated instances")
    .option("--seed <n>", "seed base", int("seed"), 1000)
    .option("--count <n>", "instances per split (≥ 1)", intAtLeast("count", 1, MAX_COUNT), 128)
    .action(async (o) => {
      const api = await import("./api.js");
      const r = api.runChecks({ seed: o.seed, count: o.count, agents: api.checkAgents() });
      finish({ ok: r.passed, payload: r as unknown as Record<string, unknown> });
    });

  // Commands owned by other modules (one file each, so features stay separable).
  registerPlayCommands(program);
  registerServeCommands(program);
  registerViewCommand(program);
  registerReleaseCommands(program);
  // --config run.yaml|json on the model-facing evaluate (play-llm declares its own).
  addConfigOption(program.commands.find((c) => c.name() === "evaluate") as Command);
  registerCalibrationCommands(program);
  registerStudyCommands(program);
  registerExportCommand(program);
  registerWorkerCommand(program, "gf01");
  // --formal / --hoa on verify, evaluate, play, play-llm, serve (after all are registered).
  installInstanceSources(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  exitCode = 0;
  forgetConfigOrigin();
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code.startsWith("gf01.")) return e.exitCode; // our own exits carry their code
      return e.exitCode === 0 ? 0 : 2;
    }
    // An agent or model that failed (cannot start, exited, unreachable): one plain line.
    return reportFailure("gf01", e, e instanceof EpisodeFailed);
  }
  return exitCode;
}

// The installed bin is src/bin/gf01.ts; this serves `node dist/gf01/cli.js` and `tsx src/gf01/cli.ts`.
if (isMainModule(import.meta.url)) runMain(main);
