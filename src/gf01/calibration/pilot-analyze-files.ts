/**
 * File adapter of `gf01 pilot-analyze`: reads `<campaign-dir>/runs_combined.jsonl` (strict
 * `gf01.run_record.v1` rows) and the optional `official_validation.json`, writes
 * `pilot_analysis.json` (or `--out`), returns the payload with `out_path` like the official command.
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFile, readJsonl, writeFileAtomic } from "../../core/jsonl.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import { pyJsonLoads } from "../../core/pyjsonloads.js";
import { officialRowIssues } from "../artifacts/run-record.js";
import { type PilotAnalyzeOptions, analyzePilot } from "./pilot-analyze.js";

export interface CommandResult {
  ok: boolean;
  payload: Record<string, unknown>;
  /** One plain line for stderr when `ok` is false. */
  error?: string;
}

/** `json.dumps(v, indent=2, sort_keys=True)`; floats are explicit `PyFloat`s in our payloads. */
export const dumpPayload = (v: unknown): string => pyJsonDumps(v, { indent: 2, sortKeys: true });

const exists = async (p: string): Promise<boolean> => {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
};

/** Read a JSON file the Python way (floats stay floats when echoed; a UTF-8 BOM is ignored). */
export const readPyJson = (file: string): Promise<unknown> =>
  readJsonFile(file, (text) => pyJsonLoads(text.replace(/^\uFEFF/, "")));

/**
 * Strict run rows of a JSONL file. A row that fails the official strict checks is an InputError
 * naming file, line and field (legacy rows: run `gf01 migrate-runs`, which re-verifies them).
 */
export async function readStrictRuns(file: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for await (const { line, value } of readJsonl(file)) {
    const issues = officialRowIssues(value, line, true);
    if (issues.length) {
      const i = issues[0];
      throw new InputError(
        `${i.message} (not a strict gf01.run_record.v1 row; migrate legacy rows with gf01 migrate-runs)`,
        { file, line, field: i.field },
      );
    }
    const row = value as Record<string, unknown>;
    const c = row.complexity;
    if (c !== undefined && c !== null && (typeof c !== "object" || Array.isArray(c)))
      throw new InputError("complexity must be an object of knob values", {
        file,
        line,
        field: "complexity",
      });
    rows.push(row);
  }
  return rows;
}

/** `gf01 pilot-analyze --campaign-dir DIR [--out FILE]`. */
export async function pilotAnalyzeCampaign(
  campaignDir: string,
  opts: PilotAnalyzeOptions & { out?: string } = {},
): Promise<CommandResult> {
  const runsPath = join(campaignDir, "runs_combined.jsonl");
  if (!(await exists(runsPath)))
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: "campaign_runs_missing",
        campaign_dir: campaignDir,
        runs_path: runsPath,
      },
      error: `${runsPath}: campaign runs missing (pilot-analyze needs runs_combined.jsonl in --campaign-dir)`,
    };
  const rows = await readStrictRuns(runsPath);
  const validationPath = join(campaignDir, "official_validation.json");
  const validation = (await exists(validationPath)) ? await readPyJson(validationPath) : undefined;
  const payload = analyzePilot(rows, opts, validation);
  const outPath = opts.out ?? join(campaignDir, "pilot_analysis.json");
  await writeFileAtomic(outPath, dumpPayload(payload));
  return { ok: true, payload: { ...payload, out_path: outPath } };
}
