/**
 * CLI registration of the P0 human-study kit (`gf01 p0-…`). Only flags are declared here; the
 * implementations are imported in the actions (`gf01 --help` loads none of them).
 */
import { type Command, Option } from "commander";
import { floatFlag, intFlag, nonEmptyFlag, outDirFlag, outFileFlag, SEED_RANGE } from "../../core/cli.js";
import { FlagError } from "../../core/cli.js";
import { emitResult } from "../calibration/cli.js";

const seedsFlag = (v: string): string => {
  // Official comma list; validated now so a bad list is a usage error (exit 2) before any work.
  for (const part of v.split(",")) {
    const t = part.trim();
    if (t && !/^[+-]?\d+$/.test(t))
      throw new FlagError(
        "--seeds",
        `must be comma-separated integers, got ${JSON.stringify(v.slice(0, 40))}`,
      );
  }
  return v;
};

function packOptions(cmd: Command): Command {
  return cmd
    .option("--freeze-id <id>", "freeze id", "gf01-p0-alpha-v1")
    .option("--split <id>", "split id", "pilot_internal_p0_v1")
    .option("--seed-start <n>", "first seed", intFlag("seed-start", SEED_RANGE), 7000)
    .option("--count <n>", "number of seeds", intFlag("count", { min: 1, max: 100000 }), 8)
    .option("--seeds <list>", "explicit comma-separated seeds (override --seed-start/--count)", seedsFlag)
    .addOption(
      new Option("--mode <mode>", "instance mode (P0 default normal)")
        .choices(["normal", "hard", "mixed"])
        .default("normal"),
    )
    .option("--out-dir <dir>", "pack directory", outDirFlag("out-dir"), "pilot_freeze/gf01_p0_alpha_v1")
    .option("--force", "overwrite a non-empty pack directory (and the template)")
    .option("--git-commit <sha>", "provenance stamp (default: the toolkit's own commit when known)");
}

function packArgs(o: Record<string, unknown>): Record<string, unknown> {
  const seeds = typeof o.seeds === "string" && o.seeds.trim() ? o.seeds : undefined;
  return {
    freezeId: o.freezeId,
    split: o.split,
    seedStart: o.seedStart,
    count: o.count,
    mode: o.mode,
    outDir: o.outDir,
    force: !!o.force,
    gitCommit: o.gitCommit,
    seedsText: seeds,
  };
}

function checkOptions(cmd: Command, sessions: boolean, feedback: boolean): Command {
  cmd.requiredOption(
    "--feedback <csv>",
    "feedback CSV (the p0-feedback-template columns)",
    nonEmptyFlag("feedback"),
  );
  if (sessions)
    cmd
      .option("--runs-dir <dir>", "session payloads <tester_id>_<seed>.json (gf01 play --out)", "p0_runs")
      .option(
        "--web-data <dir>",
        "also read browser sessions (gf01 serve --data-dir: <dir>/<bundle>/runs.jsonl, by player_id)",
      )
      .option(
        "--pack <dir>",
        "seed pack (strict: each session's instance must be the pack's)",
        "pilot_freeze/gf01_p0_alpha_v1",
      )
      .addOption(
        new Option("--required-renderer-track <track>", "renderer_track every session must have")
          .choices(["json", "visual"])
          .default("visual"),
      );
  if (feedback)
    cmd
      .option(
        "--min-score <n>",
        "a clarity score counts at or above this",
        intFlag("min-score", { min: 1, max: 5 }),
        3,
      )
      .option(
        "--min-ratio <x>",
        "share of testers at min-score needed per metric",
        floatFlag("min-ratio", { min: 0, max: 1 }),
        0.8,
      );
  return cmd
    .option("--official-rules", "official checks only (no human-actor, pack, Likert or template checks)")
    .option("--out <file>", "also write the result JSON here", outFileFlag("out"));
}

const checkArgs = (o: Record<string, unknown>) => ({
  feedback: o.feedback as string,
  runsDir: o.runsDir as string | undefined,
  webData: o.webData as string | undefined,
  pack: o.pack as string | undefined,
  requiredRendererTrack: o.requiredRendererTrack as string | undefined,
  officialRules: !!o.officialRules,
  minScore: o.minScore as number | undefined,
  minRatio: o.minRatio as number | undefined,
  out: o.out as string | undefined,
});

export function registerStudyCommands(program: Command): void {
  program
    .command("p0-feedback-template")
    .description("Write the P0 feedback CSV template (DEC-101b)")
    .option("--out <file>", "template path", outFileFlag("out"), "p0_feedback_template.csv")
    .option("--force", "overwrite an existing file")
    .action(async (o) => {
      const { writeFeedbackTemplate } = await import("./files.js");
      const { dumpJsonFile } = await import("../artifacts/pyout.js");
      emitResult(await writeFeedbackTemplate(o.out, !!o.force), dumpJsonFile, "p0-feedback-template");
    });

  packOptions(
    program
      .command("p0-seed-pack")
      .description("Freeze the P0 seed pack: bundle, manifest, pilot_freeze_v1.json (DEC-101)"),
  ).action(async (o) => {
    const { buildSeedPack, parseCommaSeeds } = await import("./seed-pack.js");
    const { dumpJsonFile } = await import("../artifacts/pyout.js");
    const a = packArgs(o);
    const r = await buildSeedPack({
      ...a,
      seeds: a.seedsText ? parseCommaSeeds(a.seedsText as string) : undefined,
    });
    emitResult(r, dumpJsonFile, "p0-seed-pack");
  });

  packOptions(
    program
      .command("p0-init")
      .description("P0 setup: the seed pack, then the feedback template listing its seeds (DEC-101e)")
      .option(
        "--template-out <file>",
        "feedback CSV template path",
        outFileFlag("template-out"),
        "p0_feedback.csv",
      )
      .option("--out <file>", "also write the result JSON here", outFileFlag("out")),
  ).action(async (o) => {
    const { p0Init } = await import("./files.js");
    const { parseCommaSeeds } = await import("./seed-pack.js");
    const { dumpJsonFile } = await import("../artifacts/pyout.js");
    const a = packArgs(o);
    const r = await p0Init({
      ...a,
      seeds: a.seedsText ? parseCommaSeeds(a.seedsText as string) : undefined,
      templateOut: o.templateOut,
      out: o.out,
    });
    emitResult(r, dumpJsonFile, "p0-init");
  });

  checkOptions(
    program
      .command("p0-session-check")
      .description("Check every P0 session the feedback lists exists and is valid (DEC-101f)"),
    true,
    false,
  ).action(async (o) => {
    const { p0SessionCheckFile } = await import("./files.js");
    const { dumpJsonFile } = await import("../artifacts/pyout.js");
    emitResult(await p0SessionCheckFile(checkArgs(o)), dumpJsonFile, "p0-session-check");
  });

  checkOptions(
    program
      .command("p0-feedback-check")
      .description("Check P0 clarity ratios and blockers in the feedback CSV (DEC-101a)"),
    false,
    true,
  ).action(async (o) => {
    const { p0FeedbackCheckFile } = await import("./files.js");
    const { dumpJsonFile } = await import("../artifacts/pyout.js");
    emitResult(await p0FeedbackCheckFile(checkArgs(o)), dumpJsonFile, "p0-feedback-check");
  });

  checkOptions(
    program.command("p0-gate").description("P0 gate: session check, then feedback check (DEC-101g)"),
    true,
    true,
  ).action(async (o) => {
    const { p0GateFile } = await import("./files.js");
    const { dumpJsonFile } = await import("../artifacts/pyout.js");
    emitResult(await p0GateFile(checkArgs(o)), dumpJsonFile, "p0-gate");
  });
}
