/**
 * `geb capability …` (docs/geb/capability.md): thin shells over ./api.ts, imported in the
 * actions so `geb --help` loads none of them.
 */
import type { Command } from "commander";
import { outDirFlag, outFileFlag } from "../../core/cli.js";

const stamp = (timings: boolean) => (timings ? new Date().toISOString() : null);

/** Registers the `capability` command group. */
export function registerCapabilityCommands(program: Command): void {
  const cap = program
    .command("capability")
    .description(
      "capability snapshot of a runs root, and check / delta reports (Unlocked / Hardened / Unchanged / Regressed)",
    );

  cap
    .command("snapshot")
    .description(
      "collect the capability inputs under a runs root into one snapshot (inputs oraclebench does not produce are MISSING; exit 1 on FAIL)",
    )
    .option("--runs-root <dir>", "runs root", "runs")
    .requiredOption("--out <path>", "snapshot JSON", outFileFlag("--out"))
    .option(
      "--archive-dir <dir>",
      "also write capability_snapshot_<UTC stamp>.json there",
      outDirFlag("--archive-dir"),
    )
    .option("--no-timings", "generated_at_utc null (byte-identical artifacts)")
    .action(async (o: Record<string, unknown>) => {
      const { writeSnapshot } = await import("./api.js");
      const r = writeSnapshot({
        runsRoot: o.runsRoot as string,
        out: o.out as string,
        archiveDir: o.archiveDir as string | undefined,
        generatedAt: stamp(o.timings !== false),
      });
      console.log(`Wrote ${o.out}`);
      if (r.archived) console.log(`Wrote ${r.archived}`);
      if (r.snapshot.status === "FAIL") process.exitCode = 1;
    });

  cap
    .command("check")
    .description(
      "score the check jobs on a snapshot against a baseline snapshot (status FAIL when a job regressed; exit 0)",
    )
    .option("--jobs <file>", "jobs config (default: the bundled configs/capability_check_jobs.json)")
    .requiredOption("--after <path>", "current capability snapshot")
    .option("--before <path>", "baseline snapshot (default: newest other snapshot in --archive-dir)")
    .option("--archive-dir <dir>", "archived snapshots to take the baseline from")
    .requiredOption("--out <path>", "report JSON", outFileFlag("--out"))
    .option("--markdown-out <path>", "report markdown", outFileFlag("--markdown-out"))
    .option("--no-timings", "generated_at_utc null (byte-identical artifacts)")
    .action(async (o: Record<string, unknown>) => {
      const { bundledJobs, capabilityCheck, writeReport } = await import("./api.js");
      const r = capabilityCheck({
        jobs: (o.jobs as string | undefined) ?? bundledJobs("check"),
        after: o.after as string,
        before: o.before as string | undefined,
        archiveDir: o.archiveDir as string | undefined,
        generatedAt: stamp(o.timings !== false),
      });
      for (const f of writeReport(r, o.out as string, o.markdownOut as string | undefined))
        console.log(`Wrote ${f}`);
    });

  cap
    .command("delta")
    .description("classify the delta jobs between two release dirs (quality snapshot + reliability matrix)")
    .option("--jobs <file>", "jobs config (default: the bundled configs/capability_delta_jobs.json)")
    .option("--runs-root <dir>", "runs root with release_check_* dirs and the latest_release pointer", "runs")
    .option(
      "--after-release-dir <dir>",
      "after release dir (default: <runs-root>/latest_release, else the newest release_check_*)",
    )
    .option(
      "--before-release-dir <dir>",
      "before release dir (default: the newest other complete release_check_*)",
    )
    .requiredOption("--out <path>", "report JSON", outFileFlag("--out"))
    .option("--markdown-out <path>", "report markdown", outFileFlag("--markdown-out"))
    .option("--fail-on-regression", "exit 1 when a job regressed")
    .option(
      "--allow-missing-after-matrix",
      "no reliability matrix in the after dir: report NO_BASELINE instead of failing",
    )
    .option("--no-timings", "generated_at_utc null (byte-identical artifacts)")
    .action(async (o: Record<string, unknown>) => {
      const { bundledJobs, capabilityDelta, writeReport } = await import("./api.js");
      const r = capabilityDelta({
        jobs: (o.jobs as string | undefined) ?? bundledJobs("delta"),
        runsRoot: o.runsRoot as string,
        afterReleaseDir: o.afterReleaseDir as string | undefined,
        beforeReleaseDir: o.beforeReleaseDir as string | undefined,
        allowMissingAfterMatrix: Boolean(o.allowMissingAfterMatrix),
        generatedAt: stamp(o.timings !== false),
      });
      for (const f of writeReport(r, o.out as string, o.markdownOut as string | undefined))
        console.log(`Wrote ${f}`);
      if (o.failOnRegression && r.regressed > 0) process.exitCode = 1;
    });
}
