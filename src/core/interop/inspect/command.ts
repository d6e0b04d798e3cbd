/**
 * What `gf01 export` and `geb export` share: the format flags and the write step (each log
 * written atomically into the output directory; a JSON listing on stdout). Loads nothing heavy:
 * the builder is imported in `writeInspectExport`.
 */
import { join } from "node:path";
import { type Command, Option } from "commander";
import { FlagError, outDirFlag } from "../../cli.js";
import type { InspectLogFormat, InspectRun } from "./log.js";

export const EXPORT_FORMATS = ["inspect"] as const;

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** argParser for `--created`: an ISO 8601 time with an offset, years 1980..2107 (zip/DOS range). */
export const createdFlag = (v: string): string => {
  const t = Date.parse(v);
  if (!ISO_RE.test(v) || Number.isNaN(t) || t < Date.UTC(1980, 0, 1) || t >= Date.UTC(2108, 0, 1))
    throw new FlagError(
      "--created",
      `must be an ISO 8601 time with an offset between 1980 and 2107 (e.g. 2026-01-31T12:00:00+00:00), got ${JSON.stringify(v.slice(0, 40))}`,
    );
  return v;
};

export function addExportOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option("--format <fmt>", "export format: inspect (inspect_ai eval logs)")
        .choices(EXPORT_FORMATS)
        .makeOptionMandatory(),
    )
    .requiredOption("--out-dir <dir>", "directory the logs are written to (created)", outDirFlag("--out-dir"))
    .addOption(
      new Option("--log-format <f>", "inspect log format: eval (zip, what `inspect view` lists) | json")
        .choices(["eval", "json"])
        .default("eval"),
    )
    .option(
      "--created <iso>",
      "creation time the logs record (default 1980-01-01T00:00:00+00:00: no wall clock in artifacts)",
      createdFlag,
    );
}

export interface ExportCommandOptions {
  format: (typeof EXPORT_FORMATS)[number];
  outDir: string;
  logFormat: InspectLogFormat;
  created?: string;
}

/** Render and write every log; print `{format, log_format, logs[]}` as JSON on stdout. */
export async function writeInspectExport(
  runs: InspectRun[],
  o: ExportCommandOptions,
  name: string,
): Promise<void> {
  const { renderInspectLogs } = await import("./log.js");
  const { writeFileAtomic } = await import("../../jsonl.js");
  const logs = renderInspectLogs(runs, o.logFormat);
  const listing = [];
  for (const l of logs) {
    const file = join(o.outDir, l.name);
    await writeFileAtomic(file, l.data);
    listing.push({ file, task: l.run.task, model: l.run.model, samples: l.samples });
  }
  process.stderr.write(`${name}: ${logs.length} inspect log(s) → ${o.outDir}\n`);
  process.stdout.write(
    `${JSON.stringify({ format: o.format, log_format: o.logFormat, logs: listing }, null, 2)}\n`,
  );
}
