/**
 * `gf01` release-governance subcommands (split-policy-check, release-governance-check,
 * release-report-check, release-candidate-check): flag declarations only; each action imports
 * its implementation (`gf01 --help` loads none of them). JSON on stdout, exit 2 unless passed.
 */
import { type Command, CommanderError, Option } from "commander";
import { floatFlag, intFlag, outDirFlag, outFileFlag } from "../../core/cli.js";

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

const RATIOS_HELP = "target split ratios split=value,… (normalised to sum 1)";
const DEFAULT_RATIOS = "public_dev=0.2,public_val=0.2,private_eval=0.6";

/** The split-policy flags shared by the governance commands. */
function splitFlags(c: Command): Command {
  return c
    .option("--target-ratios <list>", RATIOS_HELP, DEFAULT_RATIOS)
    .option("--tolerance <x>", "absolute per-split ratio tolerance", floatFlag("tolerance", { min: 0 }), 0.05)
    .option("--private-split <id>", "split id of the private evaluation split", "private_eval")
    .option(
      "--min-private-eval-count <n>",
      "minimum instances in the private split",
      intFlag("min-private-eval-count", { min: 0 }),
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
      floatFlag("min-public-novelty-ratio"),
      0.1,
    )
    .option(
      "--allow-public-to-private-reuse",
      "official verdict: allow previous-cycle public instances in the current private split",
    )
    .option("--allow-non-official-split-names", "allow split ids other than public_dev/public_val/private_eval")
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
  new Option("--baseline-policy-level <level>", "baseline panel required (DEC-056)").choices(["full", "core"]).default("full");

export function registerReleaseCommands(program: Command): void {
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
      await done(await releaseGovernanceCheckFile(o.manifest, o.previousManifest, governanceOptions(o)), o.out);
    });

  program
    .command("release-report-check")
    .description("Baseline-panel and track coverage of every split × mode slice (DEC-068/056; official command)")
    .requiredOption("--runs <file>", "run JSONL (gf01.run_record.v1)")
    .requiredOption("--manifest <file>", "split manifest")
    .addOption(levelOption())
    .option("--instances <file>", "also re-verify every row against this bundle (ours; not upstream)")
    .option("--out <file>", "also write the result here", outFileFlag("out"))
    .action(async (o) => {
      const { releaseReportCheckFile } = await import("./files.js");
      await done(
        await releaseReportCheckFile(o.runs, o.manifest, { level: o.baselinePolicyLevel, instancesFile: o.instances }),
        o.out,
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
