/**
 * File adapters of the P0 commands: the feedback CSV, session payloads
 * (`<runs-dir>/<tester_id>_<seed>.json`, what `gf01 play --out` writes) and browser sessions
 * (`gf01 serve --data-dir`: `<data-dir>/<bundle>/runs.jsonl` rows with a `player_id`), the seed
 * pack. Every reader names file, line and field on bad input (InputError).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { writeFileAtomic, jsonLineValue } from "../../core/jsonl.js";
import { dumpJsonFile } from "../artifacts/pyout.js";
import { errorPayload } from "../checks/result.js";
import { CsvError, type CsvTable, feedbackCheck, feedbackTemplate, parseCsv } from "./feedback.js";
import { buildSeedPack, type SeedPackOptions } from "./seed-pack.js";
import { type FoundSession, type PackIndex, p0Gate, type SessionLookup, sessionCheck } from "./sessions.js";

type Payload = Record<string, unknown>;
export interface StudyResult {
  ok: boolean;
  payload: Payload;
  error?: string;
}

const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};
const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** The official error payload (JSON on stdout) with its one-line stderr reason. */
const studyError = (error_type: string, message: string, error: string): StudyResult => ({
  ...errorPayload(error_type, { message }),
  error,
});

/** The feedback CSV, or the official `missing_feedback_file` error payload. */
export function readFeedback(path: string): { table: CsvTable } | StudyResult {
  if (!existsSync(path))
    return studyError(
      "missing_feedback_file",
      `feedback CSV not found: ${path}`,
      `${path}: feedback CSV not found`,
    );
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code}`, { file: path });
  }
  try {
    return { table: parseCsv(text) };
  } catch (e) {
    if (e instanceof CsvError) throw new InputError(e.message, { file: path, line: e.line });
    throw e;
  }
}

/** Browser sessions: first finished row per (player_id, seed), as an official-shaped payload. */
export function readWebSessions(dataDir: string): Map<string, FoundSession> {
  const out = new Map<string, FoundSession>();
  if (!isDir(dataDir)) throw new InputError("web data directory not found", { file: dataDir });
  const files = [join(dataDir, "runs.jsonl")];
  for (const d of readdirSync(dataDir).sort()) files.push(join(dataDir, d, "runs.jsonl"));
  for (const file of files) {
    if (!isFile(file)) continue;
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((text, i) => {
      if (!text.trim()) return;
      const row = jsonLineValue(text, file, i + 1);
      if (!row || typeof row !== "object" || Array.isArray(row))
        throw new InputError("run row must be a JSON object", { file, line: i + 1 });
      const r = row as Record<string, unknown>;
      if (r.player_id === undefined) return;
      if (typeof r.player_id !== "string")
        throw new InputError("player_id must be a string", { file, line: i + 1, field: "player_id" });
      // A formal or HOA instance has no generator seed: not a seed-pack session.
      if (r.seed === undefined || r.seed === null) return;
      if (typeof r.seed !== "number")
        throw new InputError("seed must be a number", { file, line: i + 1, field: "seed" });
      const key = `${r.player_id}\u0000${r.seed}`;
      if (out.has(key)) return; // a replay of the same seed: the first attempt is the session
      out.set(key, {
        path: `${file}:${i + 1}`,
        value: {
          status: "ok",
          actor: r.agent_name,
          run_contract: { renderer_track: r.renderer_track, visual_backend: "web" },
          instance: { seed: r.seed, instance_id: r.instance_id, content_hash: r.content_hash },
          episode: { instance_id: r.instance_id },
        },
      });
    });
  }
  return out;
}

/** Session lookup: the payload file first, then (with `webDataDir`) the browser's rows. */
export function sessionLookup(runsDir: string, webDataDir?: string): SessionLookup {
  const web = webDataDir ? readWebSessions(webDataDir) : undefined;
  return (tester, seed) => {
    const path = join(runsDir, `${tester}_${seed}.json`);
    if (isFile(path)) {
      const text = readFileSync(path, "utf8");
      try {
        return { path, value: JSON.parse(text) };
      } catch {
        return { path, invalidJson: true };
      }
    }
    return web?.get(`${tester}\u0000${seed}`) ?? { path, missing: true };
  };
}

/** The pack's seed → content_hash index (from its `instance_bundle_v1.json`). */
export function readPack(dir: string): PackIndex {
  const file = join(dir, "instance_bundle_v1.json");
  if (!isFile(file))
    throw new InputError(
      "seed pack not found (strict checks match each session's instance against the pack: give --pack DIR, or --official-rules)",
      { file },
    );
  let b: unknown;
  try {
    b = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
  const insts = (b as { instances?: unknown })?.instances;
  if (!Array.isArray(insts)) throw new InputError("instances must be a list", { file, field: "instances" });
  const hashBySeed = new Map<number, string>();
  insts.forEach((inst, i) => {
    const x = inst as Record<string, unknown>;
    if (!x || typeof x !== "object" || typeof x.seed !== "number")
      throw new InputError("seed must be an integer", { file, field: `instances[${i}].seed` });
    if (typeof x.content_hash !== "string" || !x.content_hash)
      throw new InputError("content_hash must be a non-empty string", {
        file,
        field: `instances[${i}].content_hash`,
      });
    hashBySeed.set(x.seed, x.content_hash);
  });
  return { path: dir, hashBySeed };
}

async function writeOut(out: string | undefined, payload: Payload): Promise<void> {
  if (out) await writeFileAtomic(out, dumpJsonFile(payload));
}

export interface CheckFileOptions {
  feedback: string;
  runsDir?: string;
  webData?: string;
  pack?: string;
  requiredRendererTrack?: string;
  /** Official rules only (no strict checks). */
  officialRules?: boolean;
  minScore?: number;
  minRatio?: number;
  out?: string;
}

function runsDirError(runsDir: string, webData?: string): StudyResult | undefined {
  if (isDir(runsDir) || webData) return undefined;
  return studyError(
    "missing_runs_dir",
    `runs directory not found: ${runsDir}`,
    `${runsDir}: runs directory not found`,
  );
}

export async function p0FeedbackCheckFile(o: CheckFileOptions): Promise<StudyResult> {
  const f = readFeedback(o.feedback);
  const r = "table" in f ? feedbackCheck(f.table, o.feedback, { ...o, strict: !o.officialRules }) : f;
  await writeOut(o.out, r.payload);
  return r;
}

export async function p0SessionCheckFile(o: CheckFileOptions): Promise<StudyResult> {
  const runsDir = o.runsDir ?? "p0_runs";
  const r = sessionStage(o, runsDir, sessionCheck);
  await writeOut(o.out, r.payload);
  return r;
}

export async function p0GateFile(o: CheckFileOptions): Promise<StudyResult> {
  const runsDir = o.runsDir ?? "p0_runs";
  const r = sessionStage(o, runsDir, (t, p, d, l, opts) =>
    p0Gate(t, p, d, l, { ...opts, minScore: o.minScore, minRatio: o.minRatio }),
  );
  await writeOut(o.out, r.payload);
  return r;
}

function sessionStage(o: CheckFileOptions, runsDir: string, run: typeof sessionCheck): StudyResult {
  const missingDir = runsDirError(runsDir, o.webData);
  if (missingDir) return missingDir;
  const f = readFeedback(o.feedback);
  if (!("table" in f)) return f;
  const strict = !o.officialRules;
  const pack = strict ? readPack(o.pack ?? "pilot_freeze/gf01_p0_alpha_v1") : undefined;
  return run(f.table, o.feedback, runsDir, sessionLookup(runsDir, o.webData), {
    strict,
    pack,
    requiredRendererTrack: o.requiredRendererTrack ?? "visual",
  });
}

/** `p0-feedback-template`: the CSV (refuses to overwrite without `force`). */
export async function writeFeedbackTemplate(
  out: string,
  force: boolean,
  seeds?: readonly number[],
): Promise<StudyResult> {
  if (existsSync(out) && !force)
    return studyError(
      "template_exists",
      `template output already exists: ${out}; use --force to overwrite`,
      `${out}: template output already exists; use --force to overwrite`,
    );
  await writeFileAtomic(out, feedbackTemplate(seeds));
  return {
    ok: true,
    payload: { status: "ok", template_schema_version: "gf01.p0_feedback_template.v1", out, rows_written: 2 },
  };
}

/** `p0-init`: the seed pack, then the template listing the pack's first three seeds. */
export async function p0Init(
  o: SeedPackOptions & { templateOut?: string; out?: string },
): Promise<StudyResult> {
  const templateOut = o.templateOut ?? "p0_feedback.csv";
  // A failed step: the init payload names it and carries its payload (written to --out too).
  const failed = async (
    error_type: string,
    step: "template" | "seed_pack",
    r: { payload: Payload; error?: string },
  ): Promise<StudyResult> => {
    const payload = {
      status: "error",
      error_type,
      schema_version: "gf01.p0_init.v1",
      passed: false,
      [step]: r.payload,
    };
    await writeOut(o.out, payload);
    return { ok: false, payload, error: r.error };
  };
  if (existsSync(templateOut) && !o.force) {
    const t = await writeFeedbackTemplate(templateOut, false);
    return failed("p0_init_template_failed", "template", t);
  }
  const pack = await buildSeedPack(o);
  if (!pack.ok) return failed("p0_init_seed_pack_failed", "seed_pack", pack);
  const t = await writeFeedbackTemplate(templateOut, true, pack.seeds);
  const payload = {
    status: "ok",
    schema_version: "gf01.p0_init.v1",
    passed: true,
    template: t.payload,
    seed_pack: pack.payload,
  };
  await writeOut(o.out, payload);
  return { ok: true, payload };
}
