/**
 * `geb memory verify|generate|check`: thin commander adapters over ./api.ts (docs/geb/memory.md).
 * Implementations are imported in the actions, so `geb --help` loads none of them.
 */
import { type Command, Option } from "commander";
import { intFlag, outDirFlag, outFileFlag, SEED_RANGE } from "../../core/cli.js";

/** Registers the `memory` command group. */
export function registerMemoryCommands(program: Command): void {
  const memory = program
    .command("memory")
    .description("cited-memory verification: verify entries against files, sensitivity scenarios and checks");

  memory
    .command("verify")
    .description("verify cited memory entries (JSONL) against the files they cite; print the summary")
    .requiredOption("--in <path>", "memory JSONL")
    .option(
      "--out <path>",
      "summary JSON (the reference's bytes)",
      outFileFlag("--out"),
      "runs/release_gates/memory_verify.json",
    )
    .option("--out-details <path>", "per-entry results JSON", outFileFlag("--out-details"))
    .option(
      "--root <dir>",
      "directory citations' file_path are relative to (nothing outside it is read)",
      ".",
    )
    .action(async (o) => {
      const { verifyMemoryFile } = await import("./api.js");
      const r = await verifyMemoryFile({ input: o.in, root: o.root, out: o.out, details: o.outDetails });
      console.log(r.summaryText);
    });

  memory
    .command("generate")
    .description("write sensitivity scenarios: memory sets with injected defects and their expected outcomes")
    .requiredOption("--out <dir>", "output directory (manifest.json, root/, scenarios/)", outDirFlag("--out"))
    .option("--seed <n>", "seed (documents, entries, defect order)", intFlag("--seed", SEED_RANGE), 0)
    .action(async (o) => {
      const { generateScenariosToDir } = await import("./api.js");
      const set = await generateScenariosToDir(o.seed, o.out);
      const entries = set.scenarios.reduce((n, s) => n + s.entries.length, 0);
      console.log(`Wrote ${set.scenarios.length} scenarios (${entries} entries) to ${o.out}`);
    });

  memory
    .command("check")
    .description(
      "verify every sensitivity scenario, compare with its expectation, apply the gate floors (exit 1 on FAIL)",
    )
    .option(
      "--scenarios <path>",
      "a directory written by `geb memory generate`, or its manifest.json (default: generate in memory)",
    )
    .option("--seed <n>", "seed when generating in memory", intFlag("--seed", SEED_RANGE), 0)
    .option("--out <path>", "sensitivity report JSON", outFileFlag("--out"))
    .addOption(new Option("--format <fmt>", "table or json").choices(["table", "json"]).default("table"))
    .action(async (o) => {
      const api = await import("./api.js");
      const { generateScenarios } = await import("./generate.js");
      const { sensitivityJson, formatSensitivity } = await import("./sensitivity.js");
      const report = o.scenarios
        ? await api.checkScenarioDir(o.scenarios, o.out)
        : api.checkScenarioSet(generateScenarios(o.seed));
      if (!o.scenarios && o.out) await api.writeReport(o.out, report);
      if (o.format === "json") process.stdout.write(sensitivityJson(report));
      else process.stdout.write(formatSensitivity(report));
      if (report.status !== "PASS") {
        process.stderr.write(`geb memory check: FAIL: ${report.failures[0]}\n`);
        process.exitCode = 1;
      }
    });
}
