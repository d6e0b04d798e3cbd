/**
 * `gf01` release-governance subcommands (split-policy-check, release-governance-check,
 * release-report-check, release-candidate-check): flag declarations only; each action imports
 * its implementation (`gf01 --help` loads none of them). JSON on stdout, exit 2 unless passed.
 */
import { type Command, CommanderError, Option } from "commander";
import { adaptationOptions } from "../cli/run-condition.js";
import {
  FlagError,
  floatFlag,
  intFlag,
  MAX_COUNT,
  MAX_INT,
  outDirFlag,
  outFileFlag,
  SEED_RANGE,
} from "../../core/cli.js";

const print = async (payload: Record<string, unknown>, out?: string): Promise<void> => {
  const { dumpJsonFile } = await import("../artifacts/pyout.js");
  const text = dumpJsonFile(payload);
  if (out) {
    const { writeFileAtomic } = await import("../../core/jsonl.js");
    await writeFileAtomic(out, text);
  }
  process.stdout.write(`${text}\n`);
};
const done = async (r: { ok: boolean; payload: Record<string, unknown> }, out?: string): Promise<void> => {
  await print(r.payload, out);
  if (!r.ok) throw new CommanderError(2, "gf01.release", "");
};

const collect = (v: string, prev: string[] = []): string[] => [...prev, v];
const commaList = (v: string): string[] =>
  String(v)
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

const RATIOS_HELP = "target split ratios split=value,… (normalised to sum 1)";
const DEFAULT_RATIOS = "public_dev=0.2,public_val=0.2,private_eval=0.6";

/** The split-policy flags shared by the governance commands. */
function splitFlags(c: Command): Command {
  return c
    .option("--target-ratios <list>", RATIOS_HELP, DEFAULT_RATIOS)
    .option(
      "--tolerance <x>",
      "absolute per-split ratio tolerance",
      floatFlag("tolerance", { min: 0, max: 1 }),
      0.05,
    )
    .option("--private-split <id>", "split id of the private evaluation split", "private_eval")
    .option(
      "--min-private-eval-count <n>",
      "minimum instances in the private split",
      intFlag("min-private-eval-count", { min: 0, max: MAX_COUNT }),
      1,
    );
}

function governanceFlags(c: Command): Command {
  return splitFlags(c)
    .option("--previous-manifest <file>", "previous release cycle's split manifest (rotation checks)")
    .option("--require-previous-manifest", "fail when --previous-manifest is not given")
    .option(
      "--min-public-novelty-ratio <x>",
      "share of current public instances not public in the previous cycle (DEC-067)",
      // Any finite number reaches the check: outside [0, 1] is the official harness's own
      // verdict (exit 2, `invalid_min_public_novelty_ratio` JSON on stdout), not a usage error.
      floatFlag("min-public-novelty-ratio", { min: -1e9, max: 1e9 }),
      0.1,
    )
    .option(
      "--allow-public-to-private-reuse",
      "official verdict: allow previous-cycle public instances in the current private split",
    )
    .option(
      "--allow-non-official-split-names",
      "allow split ids other than public_dev/public_val/private_eval",
    )
    .option("--no-strict-manifest", "skip the strict manifest schema/family checks");
}

const governanceOptions = (o: Record<string, unknown>) => ({
  targetRatiosArg: o.targetRatios as string,
  tolerance: o.tolerance as number,
  privateSplit: o.privateSplit as string,
  minPrivateEvalCount: o.minPrivateEvalCount as number,
  minPublicNoveltyRatio: o.minPublicNoveltyRatio as number,
  requirePreviousManifest: !!o.requirePreviousManifest,
  allowPublicToPrivateReuse: !!o.allowPublicToPrivateReuse,
  requireOfficialSplitNames: !o.allowNonOfficialSplitNames,
  strictManifest: o.strictManifest !== false,
});

const levelOption = () =>
  new Option("--baseline-policy-level <level>", "baseline panel required (DEC-056)")
    .choices(["full", "core"])
    .default("full");

/** `--seeds 7000,7001,…` (official `parse_seed_list`: comma separated, duplicates dropped). */
const seedList = (v: string): number[] => {
  const out: number[] = [];
  for (const t of v.split(",")) {
    const s = t.trim();
    if (!s) continue;
    if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(Number(s)))
      throw new FlagError("--seeds", `must be comma-separated integers, got ${JSON.stringify(s)}`);
    out.push(Number(s));
  }
  if (!out.length) throw new FlagError("--seeds", "must list at least one seed");
  return out;
};

const modeOption = () =>
  new Option("--mode <mode>", "force every instance's mode (default: the generator's mix)").choices([
    "normal",
    "hard",
  ]);
const compatOption = () =>
  new Option("--compat <id>", "generator: default | official-0.1")
    .choices(["default", "official-0.1"])
    .default("default");

function seedFlags(c: Command, start: number, count: number): Command {
  return c
    .option("--seed-start <n>", "first seed", intFlag("seed-start", SEED_RANGE), start)
    .option("--count <n>", "number of seeds", intFlag("count", { min: 1, max: MAX_COUNT }), count)
    .option("--seeds <list>", "explicit comma-separated seeds (overrides --seed-start/--count)", seedList)
    .addOption(modeOption())
    .addOption(compatOption())
    .option("--config <file>", "JSON generator config (partial; merged over the compat defaults)")
    .option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)")
    .requiredOption("--out-dir <dir>", "freeze folder to write", outDirFlag("out-dir"))
    .option("--force", "write into a non-empty --out-dir");
}

/** Run `build`; a generator config error names the `--config` file it came from. */
async function inConfigFile<T>(file: string | undefined, build: () => T): Promise<T> {
  try {
    return build();
  } catch (e) {
    throw (await import("../generate/config.js")).configErrorInFile(e, file);
  }
}

const seedsOf = (o: Record<string, unknown>): number[] =>
  (o.seeds as number[] | undefined) ??
  Array.from({ length: o.count as number }, (_, i) => (o.seedStart as number) + i);

export function registerReleaseCommands(program: Command): void {
  seedFlags(
    program
      .command("freeze")
      .description(
        "Build a multi-split, seed-disjoint release freeze (ratios and rotation applied at build time)",
      )
      .requiredOption("--freeze-id <id>", "release id (also salts the split order)")
      .option("--splits <list>", RATIOS_HELP, DEFAULT_RATIOS)
      .option("--private-split <id>", "split id of the private evaluation split", "private_eval")
      .option(
        "--previous-manifest <file>",
        "previous release's split manifest (rotation applied while assigning)",
      )
      .option(
        "--min-public-novelty-ratio <x>",
        "share of public instances that must be new (DEC-067)",
        floatFlag("min-public-novelty-ratio", { min: 0, max: 1 }),
        0.1,
      )
      .option(
        "--tolerance <x>",
        "split ratio tolerance of the final check",
        floatFlag("tolerance", { min: 0, max: 1 }),
        0.05,
      ),
    1000,
    30,
  )
    .addHelpText(
      "after",
      `
Example:
  gf01 freeze --freeze-id gf01-release-v2 --seed-start 9000 --count 40 --previous-manifest v1/split_manifest_v1.json --out-dir v2`,
    )
    .action(async (o) => {
      const { buildFreeze } = await import("./freeze.js");
      const { parseSplitRatios } = await import("./policy.js");
      const { readJsonFile } = await import("../../core/jsonl.js");
      const { InputError } = await import("../../core/errors.js");
      const { writeFreeze } = await import("./files.js");
      let ratios: Record<string, number>;
      try {
        ratios = parseSplitRatios(o.splits);
      } catch (e) {
        throw new InputError(`--splits: ${(e as Error).message}`, { field: "splits" });
      }
      const previous = o.previousManifest ? await readJsonFile(o.previousManifest) : undefined;
      if (previous !== undefined) {
        const { manifestErrors } = await import("../artifacts/manifest.js");
        const errs = manifestErrors(previous, true);
        if (errs.length) throw new InputError(errs[0], { file: o.previousManifest });
      }
      const config = o.config ? ((await readJsonFile(o.config)) as Record<string, unknown>) : undefined;
      if (config !== undefined && (!config || typeof config !== "object" || Array.isArray(config)))
        throw new InputError("config must be a JSON object", { file: o.config });
      const r = await inConfigFile(o.config, () =>
        buildFreeze({
          freezeId: o.freezeId,
          seeds: seedsOf(o),
          ratios,
          privateSplit: o.privateSplit,
          previousManifest: previous as Record<string, unknown> | undefined,
          minPublicNoveltyRatio: o.minPublicNoveltyRatio,
          tolerance: o.tolerance,
          mode: o.mode,
          compat: o.compat,
          config,
          gitCommit: o.gitCommit,
        }),
      );
      await done(await writeFreeze(o.outDir, r, { force: !!o.force }));
    });

  seedFlags(
    program
      .command("freeze-pilot")
      .description(
        "Freeze a provisional single-split pilot set (official command; rejected seeds skipped and recorded)",
      )
      .option("--freeze-id <id>", "freeze id", "gf01-pilot-freeze-v1")
      .option("--split <id>", "split id of every instance", "pilot_internal_v1"),
    7000,
    24,
  ).action(async (o) => {
    const { buildFreeze } = await import("./freeze.js");
    const { readJsonFile } = await import("../../core/jsonl.js");
    const { writeFreeze } = await import("./files.js");
    const config = o.config ? ((await readJsonFile(o.config)) as Record<string, unknown>) : undefined;
    const r = await inConfigFile(o.config, () =>
      buildFreeze({
        freezeId: o.freezeId,
        seeds: seedsOf(o),
        pilot: { split: o.split },
        mode: o.mode,
        compat: o.compat,
        config,
        gitCommit: o.gitCommit,
      }),
    );
    await done(await writeFreeze(o.outDir, r, { force: !!o.force, pilot: true }));
  });

  splitFlags(
    program
      .command("split-policy-check")
      .description("Check a split manifest's split ratios and private-split size (DEC-054; official command)")
      .requiredOption("--manifest <file>", "split manifest (gf01.split_manifest.v1)"),
  )
    .option("--require-official-split-names", "only public_dev, public_val and private_eval")
    .option("--strict-manifest", "strict manifest schema/family checks")
    .option("--out <file>", "also write the result here", outFileFlag("out"))
    .action(async (o) => {
      const { splitPolicyCheckFile } = await import("./files.js");
      const r = await splitPolicyCheckFile(o.manifest, {
        targetRatiosArg: o.targetRatios,
        tolerance: o.tolerance,
        privateSplit: o.privateSplit,
        minPrivateEvalCount: o.minPrivateEvalCount,
        requireOfficialSplitNames: !!o.requireOfficialSplitNames,
        strictManifest: !!o.strictManifest,
      });
      await done(r, o.out);
    });

  governanceFlags(
    program
      .command("release-governance-check")
      .description("Split policy plus rotation against the previous release (DEC-054/067; official command)")
      .requiredOption("--manifest <file>", "current release's split manifest"),
  )
    .option("--out <file>", "also write the result here", outFileFlag("out"))
    .action(async (o) => {
      const { releaseGovernanceCheckFile } = await import("./files.js");
      await done(
        await releaseGovernanceCheckFile(o.manifest, o.previousManifest, governanceOptions(o)),
        o.out,
      );
    });

  program
    .command("release-report-check")
    .description(
      "Baseline-panel and track coverage of every split × mode slice (DEC-068/056; official command)",
    )
    .requiredOption("--runs <file>", "run JSONL (gf01.run_record.v1)")
    .requiredOption("--manifest <file>", "split manifest")
    .addOption(levelOption())
    .option("--instances <file>", "also re-verify every row against this bundle (ours; not upstream)")
    .option("--out <file>", "also write the result here", outFileFlag("out"))
    .action(async (o) => {
      const { releaseReportCheckFile } = await import("./files.js");
      await done(
        await releaseReportCheckFile(o.runs, o.manifest, {
          level: o.baselinePolicyLevel,
          instancesFile: o.instances,
        }),
        o.out,
      );
    });

  program
    .command("campaign")
    .description(
      "Run the baseline panel over a freeze, merge external runs, re-verify all, write validation and report",
    )
    .requiredOption("--freeze-dir <dir>", "freeze folder (instance_bundle_v1.json, split_manifest_v1.json)")
    .requiredOption("--out-dir <dir>", "campaign folder to write", outDirFlag("out-dir"))
    .option(
      "--baseline-panel <list>",
      "official panel ids (default: the --baseline-policy-level panel)",
      commaList,
    )
    .addOption(levelOption())
    .option(
      "--blackbox-panel <list>",
      'our black-box online agents on EVAL-CB ("none" for none)',
      "online-random,online-greedy",
    )
    .option(
      "--external-runs <file>",
      "run JSONL to merge (repeatable); re-verified like every row",
      collect,
      [] as string[],
    )
    .option(
      "--external-episodes <file>",
      "play payloads to merge (gf01 play --out; .json object/list or .jsonl; repeatable): re-scored against the freeze, a rejected one skipped and recorded",
      collect,
      [] as string[],
    )
    .addOption(
      new Option("--adaptation-condition <c>", "DEC-055 adaptation condition of the panel rows")
        .choices(["no_adaptation", "prompt_adaptation", "weight_finetune"])
        .default("no_adaptation"),
    )
    .option(
      "--adaptation-budget-tokens <n>",
      "adaptation token budget (0 for no_adaptation)",
      intFlag("adaptation-budget-tokens", { min: 0, max: MAX_INT }),
      0,
    )
    .addOption(
      new Option("--adaptation-data-scope <s>", "adaptation data scope")
        .choices(["none", "public_only", "public_plus_external"])
        .default("none"),
    )
    .option("--adaptation-protocol-id <id>", "adaptation protocol id", "none")
    .option("--seed <n>", "agent seeds: panel agent i gets seed + i", intFlag("seed", SEED_RANGE), 1100)
    .addOption(
      new Option("--renderer-track <track>", "json | visual").choices(["json", "visual"]).default("json"),
    )
    .addOption(
      new Option(
        "--best-match-pool <pool>",
        "pool every row is scored with (official: to merge official-harness rows)",
      )
        .choices(["complete", "official"])
        .default("complete"),
    )
    .option("--tool-log-hash <h>", "EVAL-TA tool log hash (default: derived as upstream)")
    .option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)")
    .option("--force", "write into a non-empty --out-dir")
    .action(async (o) => {
      const { runCampaign } = await import("./campaign.js");
      const bb = String(o.blackboxPanel).trim();
      await done(
        await runCampaign({
          freezeDir: o.freezeDir,
          outDir: o.outDir,
          panel: o.baselinePanel,
          level: o.baselinePolicyLevel,
          blackboxPanel: bb === "none" || bb === "" ? [] : commaList(bb),
          externalRuns: o.externalRuns,
          externalEpisodes: o.externalEpisodes,
          adaptation: adaptationOptions(o),
          seed: o.seed,
          rendererTrack: o.rendererTrack,
          pool: o.bestMatchPool,
          toolLogHash: o.toolLogHash,
          gitCommit: o.gitCommit,
          force: !!o.force,
        }),
      );
    });

  program
    .command("release-package")
    .description(
      "Package a freeze and a campaign: freeze hashes verified, runs re-verified, artifacts hashed, rerun steps",
    )
    .requiredOption("--freeze-dir <dir>", "freeze folder")
    .requiredOption(
      "--campaign-dir <dir>",
      "campaign folder (runs_combined.jsonl, official_validation.json, official_report.json)",
    )
    .requiredOption("--out-dir <dir>", "package folder to write", outDirFlag("out-dir"))
    .option("--force", "write into a non-empty --out-dir")
    .option("--git-commit <sha>", "provenance stamp (default: oraclebench's own commit)")
    .action(async (o) => {
      const { releasePackage } = await import("./package.js");
      await done(
        await releasePackage({
          freezeDir: o.freezeDir,
          campaignDir: o.campaignDir,
          outDir: o.outDir,
          force: !!o.force,
          gitCommit: o.gitCommit,
        }),
      );
    });

  governanceFlags(
    program
      .command("release-candidate-check")
      .description("Governance, report coverage and package stages over a freeze and a campaign (DEC-072)")
      .requiredOption("--freeze-dir <dir>", "freeze folder (split_manifest_v1.json, instance_bundle_v1.json)")
      .requiredOption("--campaign-dir <dir>", "campaign folder (runs_combined.jsonl, …)"),
  )
    .addOption(levelOption())
    .option("--no-recompute", "do not re-verify run rows against the freeze's bundle (upstream behaviour)")
    .option("--skip-package", "skip the release-package stage")
    .option(
      "--package-out-dir <dir>",
      "release-package stage output folder",
      outDirFlag("package-out-dir"),
      "release_packages/gf01_release_candidate_v1",
    )
    .option("--force-package", "let the package stage overwrite a non-empty folder")
    .option("--out <file>", "also write the result here", outFileFlag("out"))
    .action(async (o) => {
      const { releaseCandidateCheck } = await import("./files.js");
      const { releasePackageDirs } = await import("./package.js");
      const r = await releaseCandidateCheck(o.freezeDir, o.campaignDir, {
        ...governanceOptions(o),
        previousManifestFile: o.previousManifest,
        level: o.baselinePolicyLevel,
        recompute: o.recompute !== false,
        skipPackage: !!o.skipPackage,
        packageOutDir: o.packageOutDir,
        forcePackage: !!o.forcePackage,
        runPackage: (p) => releasePackageDirs(p),
      });
      await done(r, o.out);
    });
}
