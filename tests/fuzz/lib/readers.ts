/**
 * Every file reader of oraclebench as a fuzz target: a valid artifact to mutate (a reference
 * fixture, or one made in-process) and the exported reader to call on the mutated file.
 * The property (checkReader) is the issue-16 contract for bad input: the reader returns, or
 * throws an InputError naming the file, in one line; no other error type (TypeError, zod,
 * ENOENT, RangeError) ever escapes, the input is never modified, no temp file is left.
 */
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadPriceTable } from "../../../src/core/engine/accounting.js";
import { promptBytes, readPromptLines } from "../../../src/core/engine/prompt-store.js";
import { RECORD_SCHEMA_ID, readResults } from "../../../src/core/engine/results.js";
import { sha256Hex } from "../../../src/core/hash.js";
import { InputError } from "../../../src/core/errors.js";
import { readJsonFileSync } from "../../../src/core/jsonl.js";
import {
  baselineToFile,
  generateToFile,
  gradeFiles,
  readPredictions,
  validateBooks,
} from "../../../src/geb/api.js";
import { readPipelineConfigFile } from "../../../src/geb/pipeline/config.js";
import { loadRows } from "../../../src/geb/pipeline/gebmodel.js";
import { loadLinearModel } from "../../../src/geb/selector/linear.js";
import { loadThresholds } from "../../../src/geb/summary/diagnosis.js";
import { epistemicFamily } from "../../../src/geb/trap/families/epistemic.js";
import { baselineReport, evaluateSplit, summarizeRun } from "../../../src/geb/trap/framework.js";
import { checkTrapSummaries, readTrapPredictions, readTrapRows } from "../../../src/geb/trap/run.js";
import { readRunFile } from "../../../src/geb/summary/runs.js";
import { loadPresets } from "../../../src/geb/sweep/presets.js";
import { loadChecksConfig } from "../../../src/geb/sweep/thresholds.js";
import { parseActionScript } from "../../../src/gf01/agents/online.js";
import { migrateRunsFile, validateRunsFile } from "../../../src/gf01/api.js";
import { loadBundle } from "../../../src/gf01/artifacts/bundle.js";
import { loadManifest } from "../../../src/gf01/artifacts/manifest.js";
import { loadFormalSource, loadHoaTask } from "../../../src/gf01/formal/source.js";
import { parseDefaultConfig } from "../../../src/gf01/generate/config.js";
import { runCli } from "./flags.js";
import type { Shape } from "./mutate.js";

const ROOT = new URL("../../../", import.meta.url).pathname;
const OFFICIAL = join(ROOT, "tests/fixtures/fuzz");

export interface ReaderTarget {
  name: string;
  shape: Shape;
  /** The valid artifact the mutations start from. */
  valid: string;
  /** File name the mutated bytes are written to (some readers key on the extension). */
  fileName: string;
  /** The file is read through this one (in the same directory), which errors may name instead. */
  companion?: string;
  /** Relative cost: the share of the per-reader case budget it gets (default 1). */
  weight?: number;
  /** Call the reader on `file` (in `dir`, which holds any companion files). */
  read: (file: string, dir: string) => unknown;
}

/** Companion files and generated artifacts, made once per work directory. */
export interface FuzzFixtures {
  dir: string;
  bundle: string;
  gebData: string;
}

const text = (p: string) => readFileSync(p, "utf8");

/** Fixtures copied from the reference corpus (tests/fixtures/fuzz) or generated here. */
export async function makeFixtures(dir: string): Promise<FuzzFixtures> {
  mkdirSync(dir, { recursive: true });
  const bundle = join(dir, "bundle.json");
  copyFileSync(join(OFFICIAL, "instance_bundle_v1.json"), bundle);
  const gebData = join(dir, "geb.jsonl");
  generateToFile({ seed: 7, episodes: 1, steps: 12, keys: 3, queries: 3 }, gebData);
  const gebPreds = join(dir, "geb-preds.jsonl");
  baselineToFile({ data: gebData, baseline: "ledger", protocol: "closed_book", out: gebPreds });
  // A run payload list as `geb model --results-json` writes it (offline retrieval answerer).
  const r = await runCli("geb", [
    "model",
    "--data",
    gebData,
    "--model",
    "retrieval",
    "--deterministic-answer",
    "--no-timings",
    "--results-json",
    join(dir, "results.json"),
  ]);
  if (r.code !== 0) throw new Error(`fixture geb model failed: ${r.stderr}`);
  return { dir, bundle, gebData };
}

const engineRecord = (i: number) =>
  JSON.stringify({
    schema: RECORD_SCHEMA_ID,
    item_id: `item-${i}`,
    trial: 0,
    config_hash: "c0ffee",
    model: { kind: "openai", model: "m", endpoint: "http://127.0.0.1:1/v1" },
    prompt_template: null,
    prompt_sha256: "ab".repeat(32),
    raw_text: '{"value": "x", "support_ids": ["U1"]}',
    finish_reason: "stop",
    usage: { prompt_tokens: 10, completion_tokens: 3, estimated: false },
    timings: null,
    runtime: { latency_ms: 12.5, cached: false, attempts: 1 },
  });

const promptLine = (i: number) => {
  const messages = [
    { role: "system" as const, content: "You answer in JSON." },
    { role: "user" as const, content: `question ${i}` },
  ];
  return JSON.stringify({ prompt_sha256: sha256Hex(promptBytes(messages)), messages });
};

/** All reader targets; `fx` supplies the companion files. */
export function readerTargets(fx: FuzzFixtures): ReaderTarget[] {
  const hoa = text(join(OFFICIAL, "toy.hoa"));
  return [
    {
      name: "gf01 HOA automaton (--hoa)",
      shape: "text",
      valid: hoa,
      fileName: "a.hoa",
      read: (file) =>
        loadHoaTask({
          hoa: file,
          trace: '[{"in0": 0}, {"in0": 0}, {"in0": 0}]',
          effectAp: "out0",
          tStar: 1,
          mode: "hard",
          budgetTimestep: 2,
          outputAps: ["out0"],
          outputByState: '{"s0": {"out0": 0}, "s1": {"out0": 1}}',
        }),
    },
    {
      name: "gf01 formal task (task.json + toy.hoa)",
      shape: "json",
      valid: text(join(OFFICIAL, "task.json")),
      fileName: "task.json",
      read: (file, dir) => {
        writeFileSync(join(dir, "toy.hoa"), hoa);
        return loadFormalSource(file);
      },
    },
    {
      name: "gf01 formal task's HOA file",
      shape: "text",
      valid: hoa,
      fileName: "toy.hoa",
      // Read through its task: an error may name the task (a field relating the two files).
      companion: "task.json",
      read: (_file, dir) => {
        writeFileSync(join(dir, "task.json"), text(join(OFFICIAL, "task.json")));
        return loadFormalSource(join(dir, "task.json"));
      },
    },
    {
      name: "gf01 instance bundle",
      shape: "json",
      valid: text(fx.bundle),
      fileName: "bundle.json",
      read: (file) => loadBundle(file),
    },
    {
      name: "gf01 split manifest",
      shape: "json",
      valid: text(join(OFFICIAL, "split_manifest_v1.json")),
      fileName: "manifest.json",
      read: (file) => loadManifest(file),
    },
    {
      name: "gf01 run rows (validate)",
      weight: 0.4,
      shape: "jsonl",
      valid: text(join(OFFICIAL, "runs_v1_valid.jsonl")),
      fileName: "runs.jsonl",
      read: (file) => validateRunsFile(file, { instancesFile: fx.bundle, strict: true }),
    },
    {
      name: "gf01 legacy run rows (migrate-runs)",
      weight: 0.4,
      shape: "jsonl",
      valid: text(join(OFFICIAL, "runs_pre_v1_legacy.jsonl")),
      fileName: "legacy.jsonl",
      read: (file, dir) =>
        migrateRunsFile(file, { instancesFile: fx.bundle, out: join(dir, "migrated.jsonl") }),
    },
    {
      name: "gf01 action script",
      shape: "json",
      valid: JSON.stringify({
        actions: [
          { t: 0, set: { in0: 1 } },
          { t: 2, set: { in1: 0 } },
        ],
      }),
      fileName: "script.json",
      read: (file) => parseActionScript(readJsonFileSync(file, "action script"), file),
    },
    {
      name: "gf01 generator config",
      shape: "json",
      valid: JSON.stringify({ trace_min: 4, trace_max: 6, states_min: 2, states_max: 3, p_hard: 0.5 }),
      fileName: "gen.json",
      read: (file) => parseDefaultConfig(readJsonFileSync(file, "config"), { file }),
    },
    {
      name: "geb dataset rows (loadRows)",
      shape: "jsonl",
      valid: text(fx.gebData),
      fileName: "data.jsonl",
      read: (file) => loadRows(file),
    },
    {
      name: "geb books (validate-book)",
      shape: "jsonl",
      valid: text(fx.gebData),
      fileName: "data.jsonl",
      read: (file) => validateBooks(file),
    },
    {
      name: "geb rows graded (grade --data)",
      weight: 0.4,
      shape: "jsonl",
      valid: text(fx.gebData),
      fileName: "data.jsonl",
      read: (file) => gradeFiles({ data: file, pred: join(fx.dir, "geb-preds.jsonl") }),
    },
    {
      name: "geb predictions (grade --pred)",
      weight: 0.4,
      shape: "jsonl",
      valid: text(join(fx.dir, "geb-preds.jsonl")),
      fileName: "preds.jsonl",
      read: (file) => {
        readPredictions(file);
        return gradeFiles({ data: fx.gebData, pred: file });
      },
    },
    {
      name: "geb pipeline config",
      shape: "json",
      valid: JSON.stringify({ retriever: "bm25", k: 4, rerank: "latest_step", drop_prob: 0.1 }),
      fileName: "pipeline.json",
      read: (file) => readPipelineConfigFile(file),
    },
    {
      name: "geb presets",
      shape: "json",
      valid: text(join(ROOT, "configs/presets.json")),
      fileName: "presets.json",
      read: (file) => loadPresets(file),
    },
    {
      name: "geb linear selector model",
      shape: "json",
      valid: text(join(ROOT, "configs/models/linear-selector.json")),
      fileName: "linear.json",
      read: (file) => loadLinearModel(file),
    },
    {
      name: "geb diagnosis thresholds",
      shape: "json",
      valid: text(join(OFFICIAL, "diagnosis_thresholds.json")),
      fileName: "thresholds.json",
      read: (file) => loadThresholds(file),
    },
    {
      name: "geb checks config",
      shape: "json",
      valid: text(join(ROOT, "examples/geb/checks.json")),
      fileName: "checks.json",
      read: (file) => loadChecksConfig(file),
    },
    {
      name: "engine result records",
      shape: "jsonl",
      valid: `${[0, 1, 2].map(engineRecord).join("\n")}\n`,
      fileName: "results.jsonl",
      read: (file) => readResults(file),
    },
    {
      name: "geb model run payloads (results.json)",
      weight: 0.5,
      shape: "json",
      valid: text(join(fx.dir, "results.json")),
      fileName: "results.json",
      read: (file) => readRunFile(file),
    },
    {
      name: "engine prompt store",
      weight: 0.5,
      shape: "jsonl",
      valid: `${[0, 1].map(promptLine).join("\n")}\n`,
      fileName: "results.prompts.jsonl",
      read: async (file) => {
        for await (const _ of readPromptLines(file));
      },
    },
    ...trapTargets(),
    {
      name: "engine price table",
      shape: "json",
      valid: JSON.stringify({ "gpt-x": { input_per_mtok: 0.15, output_per_mtok: 0.6 } }),
      fileName: "prices.json",
      read: (file) => loadPriceTable(file),
    },
  ];
}

/** geb trap readers: fixture rows, predictions, run summaries (a small epistemic split). */
function trapTargets(): ReaderTarget[] {
  const f = epistemicFamily;
  const rows = f.generate({ ...f.defaults, anchors: 3, holdout: 4, canary: 2 });
  const jsonl = (xs: unknown[]) => xs.map((x) => `${JSON.stringify(x)}\n`).join("");
  const preds = rows.holdout.map((r) => f.foldPrediction(r));
  const ev = (split: "anchors" | "holdout" | "canary") =>
    evaluateSplit(
      f,
      split,
      "observe",
      rows[split],
      rows[split].map((r) => f.foldPrediction(r)),
    );
  const strip = (e: ReturnType<typeof ev>) => {
    const { rows: _r, ...rest } = e;
    return rest;
  };
  const summary = summarizeRun(
    f,
    "observe",
    "builtin:x",
    1,
    { anchors: strip(ev("anchors")), holdout: strip(ev("holdout")), canary: strip(ev("canary")) },
    baselineReport(f, rows, "observe"),
  );
  return [
    {
      name: "geb trap fixture rows",
      shape: "jsonl",
      valid: jsonl(rows.holdout),
      fileName: "epistemic_calibration_suite_holdout.jsonl",
      read: (file) => readTrapRows(file),
    },
    {
      name: "geb trap predictions",
      shape: "jsonl",
      valid: jsonl(preds),
      fileName: "preds.jsonl",
      read: (file) => f.score(rows.holdout, readTrapPredictions(file)),
    },
    {
      name: "geb trap run summary (trap check)",
      weight: 0.5,
      shape: "json",
      valid: JSON.stringify(summary, null, 2),
      fileName: "epistemic_calibration_suite_summary.json",
      read: (file) => checkTrapSummaries({ family: f, stage: "observe", summaries: [file, file] }),
    },
  ];
}

export const sha256 = (b: string | Uint8Array): string => createHash("sha256").update(b).digest("hex");

/** Why the outcome breaks the contract, or undefined when it holds. */
export function contractViolation(e: unknown, file: string, also?: string): string | undefined {
  if (!(e instanceof InputError))
    return `not an InputError: ${(e as Error)?.name}: ${(e as Error)?.message}\n${(e as Error)?.stack ?? ""}`;
  const named = [file, also].some((f) => f && (e.file === f || e.message.includes(f)));
  if (!named) return `InputError does not name the file: ${e.message}`;
  if (/\n/.test(e.message.trim())) return `InputError message spans lines: ${JSON.stringify(e.message)}`;
  if (/internal error| {4}at /.test(e.message)) return `InputError looks like a crash: ${e.message}`;
  return undefined;
}

/**
 * A JSONL row error names its line. File-level errors (unreadable, not UTF-8 text, no rows,
 * a whole-file check such as duplicate ids across rows) may not.
 */
function lineViolation(e: InputError, bytes: string | Uint8Array): string | undefined {
  if (e.line !== undefined) return undefined;
  if (
    /cannot read|empty|no rows|no predictions|duplicate|twice|missing from|not in the data|absent/i.test(
      e.reason,
    )
  )
    return undefined;
  const text = typeof bytes === "string" ? bytes : Buffer.from(bytes).toString("utf8");
  if (text.trim() === "") return undefined;
  return `a JSONL error without a line: ${e.message}`;
}

export interface ReaderOutcome {
  ok: boolean;
  error?: InputError;
  violation?: string;
}

/**
 * Write `bytes` as the target's file in a fresh `dir`, run the reader, and check the contract:
 * result or a file-naming one-line InputError; the input unchanged; no stray files.
 */
export async function checkReader(
  t: ReaderTarget,
  bytes: string | Uint8Array,
  dir: string,
): Promise<ReaderOutcome> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, t.fileName);
  writeFileSync(file, bytes);
  const before = sha256(bytes);
  let out: ReaderOutcome = { ok: true };
  try {
    await t.read(file, dir);
  } catch (e) {
    const v =
      contractViolation(e, file, t.companion && join(dir, t.companion)) ??
      (t.shape === "jsonl" ? lineViolation(e as InputError, bytes) : undefined);
    out = v ? { ok: false, violation: v } : { ok: false, error: e as InputError };
  }
  const after = sha256(readFileSync(file));
  if (after !== before) return { ok: false, violation: `the reader modified its input ${file}` };
  const stray = readdirSync(dir).filter((f) => /\.tmp|~$|\.partial/.test(f));
  if (stray.length) return { ok: false, violation: `temp files left: ${stray.join(", ")}` };
  return out;
}

/** Files that are not there, or not files: every reader must say so in one line. */
export async function checkOddPaths(t: ReaderTarget, dir: string): Promise<string[]> {
  const problems: string[] = [];
  if (t.companion) return problems;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "a-directory"), { recursive: true });
  const { symlinkSync } = await import("node:fs");
  symlinkSync(join(dir, "loop"), join(dir, "loop"));
  symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
  for (const name of ["missing.json", "a-directory", "loop", "dangling"]) {
    const file = join(dir, name);
    try {
      await t.read(file, dir);
      problems.push(`${name}: read succeeded`);
    } catch (e) {
      const v = contractViolation(e, file);
      if (v) problems.push(`${name}: ${v}`);
    }
  }
  return problems;
}
