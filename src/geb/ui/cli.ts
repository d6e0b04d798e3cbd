/**
 * `geb ui …`: UI-action fixtures (docs/geb/ui.md). A thin commander shell over ./api.ts,
 * imported in each action so `geb --help` loads none of it (tests/meta/startup.test.ts).
 */
import { type Command, Option } from "commander";
import { floatFlag, intFlag, nonEmptyFlag, outFileFlag, MAX_COUNT, SEED_RANGE } from "../../core/cli.js";
import { registerLiveCommand } from "./live/cli.js";
import { registerUiModelCommand } from "./model/cli.js";
import { registerUiPackCommands } from "./pack/cli.js";

const COMPATS = ["1.0", "reference-0.1"] as const;

export function registerUiCommands(program: Command): void {
  const ui = program
    .command("ui")
    .description("UI-action fixtures: validate, summarize, generate, check solvability, score, search");

  ui.command("validate")
    .description("check a UI fixture; list every problem as file:line: field (exit 1 when any)")
    .requiredOption("--fixture <path>", "UI fixture JSONL")
    .option("--json", "print the result as JSON")
    .action(async (o) => {
      const { validateUiFixture } = await import("./api.js");
      const { formatIssue } = await import("./fixture.js");
      const r = await validateUiFixture(o.fixture);
      if (o.json) console.log(JSON.stringify(r, null, 2));
      else {
        for (const i of r.issues) console.log(formatIssue(i));
        console.log(`${o.fixture}: ${r.rows} rows, ${r.issues.length} problem(s)`);
      }
      if (r.issues.length > 0) process.exitCode = 1;
    });

  ui.command("summary")
    .description("count rows, candidates and duplicate labels (the reference's ui-summary)")
    .requiredOption("--fixture <path>", "UI fixture JSONL")
    .option("--out <path>", "also write the JSON here", outFileFlag("--out"))
    .action(async (o) => {
      const { uiSummaryFile, writeUiText } = await import("./api.js");
      const text = JSON.stringify(await uiSummaryFile(o.fixture), null, 2);
      if (o.out) writeUiText(o.out, text);
      console.log(text);
    });

  ui.command("generate")
    .description("generate same-label or popup/overlay steps (1.0: with gold-identifying instructions)")
    .requiredOption("--out <path>", "output JSONL", outFileFlag("--out"))
    .addOption(
      new Option("--profile <p>", "fixture profile")
        .choices(["same_label", "popup_overlay"])
        .default("same_label"),
    )
    .option("--steps <n>", "steps (rows)", intFlag("--steps", { min: 1, max: MAX_COUNT }), 3)
    .option(
      "--duplicates <n>",
      "main-window buttons per step with the same label",
      intFlag("--duplicates", { min: 1, max: 1000 }),
      2,
    )
    .option(
      "--overlay-duplicates <n>",
      "popup buttons per step with that label (popup_overlay)",
      intFlag("--overlay-duplicates", { min: 1, max: 1000 }),
      1,
    )
    .option(
      "--labels <list>",
      "comma-separated labels to draw from",
      nonEmptyFlag("--labels"),
      "Next,Continue,Save",
    )
    .option("--seed <n>", "seed", intFlag("--seed", SEED_RANGE), 0)
    .option("--app-path-prefix <s>", "app_path prefix", "UI Flow")
    .addOption(
      new Option("--compat <v>", "1.0 (solvable) or reference-0.1 (byte-for-byte the reference)")
        .choices(COMPATS)
        .default("1.0"),
    )
    .action(async (o) => {
      const { InputError } = await import("../../core/errors.js");
      const { parseLabels } = await import("./generate.js");
      const labels = parseLabels(o.labels);
      if (labels.length === 0) throw new InputError("--labels: no label left after trimming");
      const { uiGenerateToFile } = await import("./api.js");
      const r = uiGenerateToFile(
        {
          profile: o.profile,
          steps: o.steps,
          duplicates: o.duplicates,
          overlayDuplicates: o.overlayDuplicates,
          labels,
          seed: o.seed,
          appPathPrefix: o.appPathPrefix,
          compat: o.compat,
        },
        o.out,
      );
      console.log(`Wrote ${r.rows} rows to ${o.out}`);
    });

  ui.command("solvable")
    .description("prove each step's gold identifiable from the agent's view alone (exit 1 when one is not)")
    .requiredOption("--fixture <path>", "UI fixture JSONL")
    .option("--json", "print the report as JSON")
    .action(async (o) => {
      const { uiSolvableFile } = await import("./api.js");
      const r = await uiSolvableFile(o.fixture);
      if (o.json) console.log(JSON.stringify(r, null, 2));
      else {
        for (const f of r.failures)
          console.log(
            `${o.fixture}:${f.line ?? "?"}: row ${f.id}: ${f.verdict}: ${f.reason}${f.resolved ? ` (${f.resolved})` : ""}`,
          );
        const rate = r.solvable_rate === null ? "n/a" : `${(100 * r.solvable_rate).toFixed(1)} %`;
        console.log(
          `solvable: ${r.solvable}/${r.checked} steps (${rate}); ${r.abstain_expected} abstain-expected step(s) not checked`,
        );
      }
      if (r.failures.length > 0) process.exitCode = 1;
    });

  ui.command("score")
    .description("score UI selections: a baseline --mode, a --selections file or an --agent")
    .requiredOption("--fixture <path>", "UI fixture JSONL")
    .addOption(
      new Option("--mode <m>", "baseline: gold (the answer key, an oracle), first, random, abstain").choices([
        "gold",
        "first",
        "random",
        "abstain",
      ]),
    )
    .option("--selections <path>", "selections JSONL ({id, value}: candidate id, null = abstain)")
    .addOption(
      new Option(
        "--agent <a>",
        "an agent: policy (the deterministic rule chain) or gate (a gate model)",
      ).choices(["policy", "gate"]),
    )
    .option("--gate-model <path>", "gate: the model JSON (geb ui gate train)")
    .addOption(
      new Option("--rules <on|off>", "policy: apply the rule chain").choices(["on", "off"]).default("on"),
    )
    .addOption(
      new Option("--overlay-filter <on|off>", "policy: drop overlay candidates")
        .choices(["on", "off"])
        .default("on"),
    )
    .option(
      "--trace <path>",
      "policy: write its per-candidate trace (JSONL, one row per step)",
      outFileFlag("--trace"),
    )
    .option("--seed <n>", "random: seed", intFlag("--seed", SEED_RANGE), 0)
    .addOption(
      new Option(
        "--random-rng <r>",
        "random: one stream (score_ui_fixture.py) or per row (ui_fixture_adapter)",
      )
        .choices(["stream", "per-row"])
        .default("stream"),
    )
    .option("--observed <path>", "observed effects JSONL ({id, [candidate_id,] observed_delta})")
    .addOption(
      new Option("--compat <v>", "metrics: 1.0 (verify needs the selected action) or reference-0.1")
        .choices(COMPATS)
        .default("1.0"),
    )
    .option("--out <path>", "also write the JSON here", outFileFlag("--out"))
    .action(async (o) => {
      const { uiScoreFile, writeUiText } = await import("./api.js");
      const r = await uiScoreFile({
        fixture: o.fixture,
        mode: o.mode,
        seed: o.seed,
        randomRng: o.randomRng,
        selections: o.selections,
        agent: o.agent,
        gateModel: o.gateModel,
        rules: o.rules === "on",
        overlayFilter: o.overlayFilter === "on",
        trace: o.trace,
        observed: o.observed,
        compat: o.compat,
      });
      if (o.out) writeUiText(o.out, r.text);
      console.log(r.text);
    });

  ui.command("search")
    .description("policy, greedy and simulated annealing per seed (reference-0.1: the reference's oracle SA)")
    .requiredOption("--fixture <path>", "UI fixture JSONL")
    .option("--observed <path>", "observed effects JSONL")
    .option("--seeds <n>", "run seeds 0 … n-1", intFlag("--seeds", { min: 1, max: 10_000 }), 1)
    .option(
      "--sa-iterations <n>",
      "SA iterations",
      intFlag("--sa-iterations", { min: 1, max: MAX_COUNT }),
      200,
    )
    .option(
      "--sa-temp-start <x>",
      "SA start temperature",
      floatFlag("--sa-temp-start", { min: 0, max: 1e6 }),
      1,
    )
    .option("--sa-temp-end <x>", "SA end temperature", floatFlag("--sa-temp-end", { min: 0, max: 1e6 }), 0.01)
    .option("--alpha <x>", "potential-shaping weight", floatFlag("--alpha", { min: 0, max: 1e6 }), 0.1)
    .addOption(
      new Option("--rules <on|off>", "apply the policy's rule chain").choices(["on", "off"]).default("on"),
    )
    .addOption(
      new Option("--overlay-filter <on|off>", "drop overlay candidates").choices(["on", "off"]).default("on"),
    )
    .addOption(
      new Option("--state-gate <on|off>", "respect requires_state when scoring plans")
        .choices(["on", "off"])
        .default("on"),
    )
    .addOption(
      new Option("--compat <v>", "1.0 (SA without the gold) or reference-0.1 (the reference's oracle SA)")
        .choices(COMPATS)
        .default("1.0"),
    )
    .option("--out <path>", "also write the JSON here", outFileFlag("--out"))
    .action(async (o) => {
      const { uiSearchFile, writeUiText } = await import("./api.js");
      const { DEFAULT_SEARCH } = await import("./search.js");
      const r = await uiSearchFile({
        fixture: o.fixture,
        observed: o.observed,
        seeds: o.seeds,
        search: {
          ...DEFAULT_SEARCH,
          dialect: o.compat,
          iterations: o.saIterations,
          tempStart: o.saTempStart,
          tempEnd: o.saTempEnd,
          alpha: o.alpha,
          applyRules: o.rules === "on",
          applyOverlayFilter: o.overlayFilter === "on",
          stateGate: o.stateGate === "on",
        },
      });
      const text = JSON.stringify(r, null, 2);
      if (o.out) writeUiText(o.out, text);
      console.log(text);
    });

  const gate = ui.command("gate").description("gate models: a logistic regression over candidate features");
  gate
    .command("train")
    .description("train on the train split of a fixture, write the model, score it on the held-out tasks")
    .requiredOption("--fixture <path>", "UI fixture JSONL")
    .requiredOption("--out-model <path>", "model JSON to write", outFileFlag("--out-model"))
    .option(
      "--holdout-every <n>",
      "hold out every n-th task (file order)",
      intFlag("--holdout-every", { min: 2, max: MAX_COUNT }),
      2,
    )
    .option("--epochs <n>", "SGD epochs", intFlag("--epochs", { min: 1, max: MAX_COUNT }), 200)
    .option("--lr <x>", "learning rate", floatFlag("--lr", { min: 0, max: 1e6 }), 0.1)
    .option("--l2 <x>", "L2 weight decay", floatFlag("--l2", { min: 0, max: 1e6 }), 0)
    .option("--min-score <x>", "abstain below this score", floatFlag("--min-score", { min: 0, max: 1 }), 0.5)
    .option(
      "--min-margin <x>",
      "abstain when the runner-up is this close",
      floatFlag("--min-margin", { min: 0, max: 1e6 }),
      0,
    )
    .action(async (o) => {
      const { uiGateTrainFile } = await import("./api.js");
      const r = await uiGateTrainFile({
        fixture: o.fixture,
        outModel: o.outModel,
        holdoutEvery: o.holdoutEvery,
        train: { epochs: o.epochs, lr: o.lr, l2: o.l2, minScore: o.minScore, minMargin: o.minMargin },
      });
      console.log(JSON.stringify(r, null, 2));
    });
  registerLiveCommand(ui);

  registerUiPackCommands(ui);
  registerUiModelCommand(ui);
}
