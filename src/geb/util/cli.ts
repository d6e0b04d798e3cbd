/**
 * `geb util …`: the reference's stand-alone scripts as subcommands (docs/geb/util.md). Thin
 * adapters over ./api.ts, imported in the actions so `geb --help` loads none of them.
 */
import { type Command, Option } from "commander";
import {
  floatOption,
  intOption,
  outFileFlag,
  MAX_COUNT,
  MAX_DURATION_S,
  MAX_SUPPORT_K,
} from "../../core/cli.js";

const coverBy = () =>
  new Option("--cover-by <t>", "coverage targets: reason, key or both")
    .choices(["reason", "key", "both"])
    .default("both");

/** Registers the `util` command group. */
export function registerUtilCommands(program: Command): void {
  const util = program
    .command("util")
    .description(
      "utilities: row limits and filters, runtime estimates, counterexamples, drilldowns, artifact validation",
    );

  util
    .command("limit")
    .description("keep the first N non-blank JSONL rows")
    .requiredOption("--in <path>", "input JSONL")
    .requiredOption("--out <path>", "output JSONL", outFileFlag("--out"))
    .addOption(
      intOption("--max-rows <n>", "rows to keep (>= 1)", { min: 1, max: MAX_COUNT }).makeOptionMandatory(),
    )
    .action(async (o) => {
      const { limitFile } = await import("./api.js");
      console.log(await limitFile({ input: o.in, out: o.out, maxRows: o.maxRows }));
    });

  util
    .command("filter-ids")
    .description(
      "keep (or with --invert drop) the JSONL rows whose id is listed in an id file (exit 1 when none is written)",
    )
    .requiredOption("--data <path>", "input JSONL")
    .requiredOption("--ids <path>", "text file, one id per line")
    .requiredOption("--out <path>", "output JSONL", outFileFlag("--out"))
    .option("--invert", "write the rows whose id is NOT listed")
    .action(async (o) => {
      const { filterIdsFile } = await import("./api.js");
      const r = await filterIdsFile({ data: o.data, ids: o.ids, out: o.out, invert: Boolean(o.invert) });
      console.log(r.message);
      if (!r.ok) process.exitCode = 1;
    });

  util
    .command("estimate-runtime")
    .description("estimate a sweep's questions and wall time")
    .addOption(intOption("--seeds <n>", "seeds", { min: 1, max: 10_000 }).makeOptionMandatory())
    .addOption(
      intOption("--episodes <n>", "episodes per seed", { min: 1, max: MAX_COUNT }).makeOptionMandatory(),
    )
    .addOption(
      intOption("--queries <n>", "queries per episode", { min: 1, max: MAX_COUNT }).makeOptionMandatory(),
    )
    .addOption(
      intOption("--state-modes <n>", "number of state modes in the sweep", {
        min: 1,
        max: 1000,
      }).makeOptionMandatory(),
    )
    .addOption(
      intOption("--distractor-profiles <n>", "number of distractor profiles", {
        min: 1,
        max: 1000,
      }).makeOptionMandatory(),
    )
    .option("--twins", "twins double the questions")
    .addOption(
      floatOption("--seconds-per-q <s>", "seconds per question", { min: 0, max: MAX_DURATION_S }, 30),
    )
    .option(
      "--from-combined <path>",
      "take seconds per question from a combined results list (mean efficiency.wall_s_per_q)",
    )
    .action(async (o) => {
      const { estimateFromFiles } = await import("./api.js");
      const { formatEstimate } = await import("./estimate.js");
      const e = estimateFromFiles({
        seeds: o.seeds,
        episodes: o.episodes,
        queries: o.queries,
        stateModes: o.stateModes,
        distractorProfiles: o.distractorProfiles,
        twins: Boolean(o.twins),
        secondsPerQ: o.secondsPerQ,
        fromCombined: o.fromCombined,
      });
      process.stdout.write(formatEstimate(e));
    });

  util
    .command("minimize-counterexample")
    .description(
      "pick a small set of drilldown failures covering every reason / key (greedy), then the shortest rows",
    )
    .requiredOption("--drilldown <path>", "failure drilldown JSONL (geb util rag-drilldown)")
    .requiredOption("--out <path>", "output JSONL", outFileFlag("--out"))
    .addOption(intOption("--max-rows <n>", "rows to keep", { min: 0, max: MAX_COUNT }, 8))
    .addOption(coverBy())
    .option("--include-passes", "also consider rows with exact_ok true")
    .action(async (o) => {
      const { minimizeFile } = await import("./api.js");
      console.log(
        await minimizeFile({
          drilldown: o.drilldown,
          out: o.out,
          maxRows: o.maxRows,
          coverBy: o.coverBy,
          includePasses: Boolean(o.includePasses),
        }),
      );
    });

  util
    .command("promote-anchors")
    .description("export the dataset rows of a minimized failure set as anchor candidates")
    .requiredOption("--data <path>", "dataset JSONL")
    .requiredOption("--drilldown <path>", "failure drilldown JSONL")
    .requiredOption("--out <path>", "anchor JSONL", outFileFlag("--out"))
    .addOption(intOption("--max-anchors <n>", "rows to write", { min: 0, max: MAX_COUNT }, 8))
    .addOption(coverBy())
    .option("--include-passes", "also consider rows with exact_ok true")
    .option("--family <name>", "stored in meta.promoted_trap_family")
    .option("--append", "merge into an existing --out (deduplicated by id)")
    .action(async (o) => {
      const { promoteFile } = await import("./api.js");
      const lines = await promoteFile({
        data: o.data,
        drilldown: o.drilldown,
        out: o.out,
        maxAnchors: o.maxAnchors,
        coverBy: o.coverBy,
        includePasses: Boolean(o.includePasses),
        family: o.family,
        append: Boolean(o.append),
      });
      for (const l of lines) console.log(l);
    });

  util
    .command("rag-drilldown")
    .description("per-question grading details and failure reasons of predictions (reference grading)")
    .requiredOption("--data <path>", "dataset JSONL")
    .requiredOption("--preds <path>", "predictions JSONL ({id, value, support_ids})")
    .requiredOption("--out <path>", "drilldown JSONL", outFileFlag("--out"))
    .addOption(
      new Option("--citations <mode>", "auto, on or off").choices(["auto", "on", "off"]).default("auto"),
    )
    .addOption(new Option("--support-metric <m>", "f1 or exact").choices(["f1", "exact"]).default("f1"))
    .addOption(intOption("--max-support-k <k>", "cited ids scored", { min: 1, max: MAX_SUPPORT_K }, 3))
    .option("--entailment-check", "require the value to follow from the cited updates (default)", true)
    .option("--no-entailment-check", "skip the entailment check")
    .option("--include-passes", "also write passing rows")
    .action(async (o) => {
      const { drilldownFile } = await import("./api.js");
      console.log(
        await drilldownFile({
          data: o.data,
          preds: o.preds,
          out: o.out,
          citations: o.citations,
          supportMetric: o.supportMetric,
          maxSupportK: o.maxSupportK,
          entailmentCheck: o.entailmentCheck,
          includePasses: Boolean(o.includePasses),
        }),
      );
    });

  util
    .command("validate-artifact")
    .description(
      "validate a JSON artifact against one of our schemas (name or schemas/ file) or a JSON Schema file (exit 1 when invalid)",
    )
    .requiredOption(
      "--schema <name|path>",
      "e.g. geb.memory_verify_summary.v1, schemas/geb-row.schema.json, or another schema file",
    )
    .requiredOption("--path <path>", "the JSON artifact")
    .action(async (o) => {
      const { validateArtifactFile } = await import("./api.js");
      // Every family's schemas: the package entry, which the library modules cannot import.
      const loadSchemas = () => import("../../index.js");
      const r = await validateArtifactFile({ schema: o.schema, path: o.path, loadSchemas });
      if (!r.errors.length) return void console.log(`Schema validation OK: ${o.path}`);
      console.log(`Schema validation failed for ${o.path}:`);
      for (const e of r.errors) console.log(`- ${e}`);
      process.exitCode = 1;
    });
}
