/**
 * Every file reader of oraclebench as a fuzz target: a valid artifact to mutate (a reference
 * fixture, or one made in-process) and the exported reader to call on the mutated file.
 * The property (checkReader) is the issue-16 contract for bad input: the reader returns, or
 * throws an InputError naming the file, in one line; no other error type (TypeError, zod,
 * ENOENT, RangeError) ever escapes, the input is never modified, no temp file is left.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { loadPriceTable } from "../../../src/core/engine/accounting.js";
import { applyRunConfig, configKeys, readRunConfig } from "../../../src/core/engine/run-config.js";
import { registerModelCommands } from "../../../src/geb/cli/model.js";
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
import { checkScenarioDir, generateScenariosToDir } from "../../../src/geb/memory/api.js";
import { readMemoryFile } from "../../../src/geb/memory/io.js";
import { renderInspectLogs } from "../../../src/core/interop/inspect/log.js";
import { gebInspectRuns } from "../../../src/geb/export/inspect.js";
import { readPipelineConfigFile } from "../../../src/geb/pipeline/config.js";
import {
  drilldownFile,
  estimateFromFiles,
  filterIdsFile,
  minimizeFile,
  promoteFile,
  validateArtifactFile,
} from "../../../src/geb/util/api.js";
import { loadRows } from "../../../src/geb/pipeline/gebmodel.js";
import { loadLinearModel } from "../../../src/geb/selector/linear.js";
import { loadThresholds } from "../../../src/geb/summary/diagnosis.js";
import { epistemicFamily } from "../../../src/geb/trap/families/epistemic.js";
import { baselineReport, evaluateSplit, summarizeRun } from "../../../src/geb/trap/framework.js";
import { checkTrapSummaries, readTrapPredictions, readTrapRows } from "../../../src/geb/trap/run.js";
import { loadContract, loadProfile, readStrictSummary } from "../../../src/geb/release/run.js";
import { readRunFile } from "../../../src/geb/summary/runs.js";
import { loadPresets } from "../../../src/geb/sweep/presets.js";
import { uiScoreFile, uiSolvableFile, validateUiFixture } from "../../../src/geb/ui/api.js";
import { readGateModel } from "../../../src/geb/ui/fixture.js";
import { loadChecksConfig } from "../../../src/geb/sweep/thresholds.js";
import { parseActionScript } from "../../../src/gf01/agents/online.js";
import { migrateRunsFile, validateRunsFile } from "../../../src/gf01/api.js";
import { loadBundle } from "../../../src/gf01/artifacts/bundle.js";
import { loadManifest } from "../../../src/gf01/artifacts/manifest.js";
import { loadFormalSource, loadHoaTask } from "../../../src/gf01/formal/source.js";
import { gf01InspectRuns } from "../../../src/gf01/export/inspect.js";
import { answerOf } from "../../../src/gf01/export/tempobench.js";
import { readRows } from "../../../src/core/view/io.js";
import { parseDefaultConfig } from "../../../src/gf01/generate/config.js";
import { releaseGovernanceCheckFile, releaseReportCheckFile } from "../../../src/gf01/release/files.js";
import { checkFreezeRecordFile } from "../../../src/gf01/release/package.js";
import { analyzePilot } from "../../../src/gf01/calibration/pilot-analyze.js";
import { readStrictRuns } from "../../../src/gf01/calibration/pilot-analyze-files.js";
import { feedbackCheck } from "../../../src/gf01/study/feedback.js";
import { p0SessionCheckFile, readFeedback, readWebSessions } from "../../../src/gf01/study/files.js";
import { readConsents, readStudyFeedback } from "../../../src/gf01/server/study.js";
import { q033Close } from "../../../src/gf01/calibration/q033-files.js";
import { loadBandSummary } from "../../../src/geb/rag/band-io.js";
import { checkBands } from "../../../src/geb/rag/bands.js";
import { buildDomainRows } from "../../../src/geb/rag/domain.js";
import { loadDomainEntries, loadRagPreset } from "../../../src/geb/rag/preset.js";
import { summarizeRunDir } from "../../../src/geb/rag/run.js";
import { bundledJobs, capabilityCheck, capabilityDelta, loadJobs } from "../../../src/geb/capability/api.js";
import { runCli } from "./flags.js";
import type { Shape } from "./mutate.js";

const ROOT = new URL("../../../", import.meta.url).pathname;
const OFFICIAL = join(ROOT, "tests/fixtures/fuzz");
const UTIL = join(ROOT, "tests/fixtures/geb/util");
const SHARED_GEB = join(ROOT, "../shared/reference/geb");
const UI_REF = "tests/fixtures/geb-ui/reference";
const RAG = join(ROOT, "tests/fixtures/geb/rag");

/** `rag summarize --runs-dir dir` with a config naming one dataset (the run file fuzzed in dir). */
function summarizeOneDataset(dir: string, id: string, data: string) {
  writeFileSync(join(dir, "config.json"), JSON.stringify({ datasets: [{ id, data }] }));
  return summarizeRunDir({ config: join(dir, "config.json"), runsDir: dir, timings: false });
}
const CAP = join(ROOT, "tests/fixtures/geb/capability");

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
const P0FIX = join(ROOT, "tests/fixtures/gf01/p0");
const P0PACK = join(P0FIX, "pack");
const P0_FEEDBACK =
  "tester_id,date,backend_used,seed_list_run,objective_clarity,control_clarity,action_effect_clarity,visual_overload,must_fix_blockers,notes\n" +
  "tester_a,2026-11-20,text,7000,4,4,4,2,0,\n";

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
  // A memory sensitivity scenario set (its manifest is a reader target).
  await generateScenariosToDir(0, join(dir, "memory-scenarios"));
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
      name: "gf01 run rows (export --format inspect)",
      weight: 0.4,
      shape: "jsonl",
      valid: text(join(OFFICIAL, "runs_v1_valid.jsonl")),
      fileName: "runs.jsonl",
      read: async (file) => renderInspectLogs(await gf01InspectRuns({ runs: [file], version: "0" }), "eval"),
    },
    {
      name: "gf01 TempoBench answers (tempobench score)",
      weight: 0.4,
      shape: "jsonl",
      valid: `${JSON.stringify({ instance_id: "i0", output: '{"X y": {"0": ["in0"], "1": ["no constraints"]}}' })}\n${JSON.stringify({ instance_id: "i1", answer: "no answer" })}\n`,
      fileName: "answers.jsonl",
      read: (file) => readRows(file, (v, line) => answerOf(v, { file, line })),
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
      name: "gf01 split manifests (release-governance-check, current and previous)",
      shape: "json",
      valid: text(join(OFFICIAL, "split_manifest_v1.json")),
      fileName: "manifest.json",
      read: (file) => releaseGovernanceCheckFile(file, file, { requirePreviousManifest: true }),
    },
    {
      name: "gf01 run rows (release-report-check)",
      weight: 0.4,
      shape: "jsonl",
      valid: text(join(OFFICIAL, "runs_v1_valid.jsonl")),
      fileName: "runs.jsonl",
      read: (file) =>
        releaseReportCheckFile(file, join(OFFICIAL, "split_manifest_v1.json"), { level: "core" }),
    },
    {
      name: "gf01 freeze record (release-package hash check)",
      shape: "json",
      valid: text(join(ROOT, "tests/fixtures/gf01/release/official/freeze_pilot_9600/pilot_freeze_v1.json")),
      fileName: "pilot_freeze_v1.json",
      read: (file, dir) => {
        for (const f of ["instance_bundle_v1.json", "split_manifest_v1.json"])
          copyFileSync(join(OFFICIAL, f), join(dir, f));
        return checkFreezeRecordFile(file, dir);
      },
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
      name: "gf01 pilot-analyze campaign runs (runs_combined.jsonl)",
      shape: "jsonl",
      valid: text(join(P0FIX, "../pilot-analyze/campaigns/small/runs_combined.jsonl")),
      fileName: "runs_combined.jsonl",
      read: async (file) => analyzePilot(await readStrictRuns(file)),
    },
    {
      name: "gf01 P0 feedback CSV",
      shape: "text",
      valid: text(join(P0FIX, "feedback/pass.csv")),
      fileName: "feedback.csv",
      read: (file) => {
        const f = readFeedback(file);
        // A returned failure (the official error payloads) counts as a rejection naming the file.
        if (!("table" in f)) throw new InputError(f.error ?? "rejected", { file });
        return feedbackCheck(f.table, file);
      },
    },
    {
      name: "gf01 P0 session payload (gf01 play --out)",
      weight: 0.3,
      shape: "json",
      valid: text(join(P0FIX, "runs/tester_a_7000.json")),
      fileName: "tester_a_7000.json",
      // Found through the feedback sheet's tester and seed (the lookup names the payload).
      companion: "fb.csv",
      read: async (file, dir) => {
        writeFileSync(join(dir, "fb.csv"), P0_FEEDBACK);
        const r = await p0SessionCheckFile({ feedback: join(dir, "fb.csv"), runsDir: dir, pack: P0PACK });
        if (!r.ok) throw new InputError(r.error ?? "rejected", { file });
      },
    },
    {
      name: "gf01 P0 seed pack bundle (--pack)",
      weight: 0.2,
      shape: "json",
      valid: text(join(P0PACK, "instance_bundle_v1.json")),
      fileName: "instance_bundle_v1.json",
      companion: "fb.csv",
      read: async (file, dir) => {
        writeFileSync(join(dir, "fb.csv"), P0_FEEDBACK);
        const r = await p0SessionCheckFile({
          feedback: join(dir, "fb.csv"),
          runsDir: join(P0FIX, "runs"),
          pack: dir,
        });
        if (!r.ok) throw new InputError(r.error ?? "rejected", { file });
      },
    },
    {
      name: "gf01 P0 browser sessions (serve --data-dir runs.jsonl)",
      weight: 0.4,
      shape: "jsonl",
      valid: [7000, 7001]
        .map((seed) =>
          JSON.stringify({
            agent_name: "human-web",
            player_id: "p001",
            session_id: "0".repeat(32),
            seed,
            instance_id: "gf01-542feff0af3f",
            content_hash: "542feff0af3f92c1b92b6e9b434b6cbf4d3ad38f926baaf3af971ae275131f7f",
            renderer_track: "visual",
          }),
        )
        .join("\n"),
      fileName: "runs.jsonl",
      // Read as the browser's data directory (every <dir>/runs.jsonl and <dir>/*/runs.jsonl).
      companion: "runs.jsonl",
      read: (_file, dir) => readWebSessions(dir),
    },
    {
      name: "gf01 Q-033 sweep (q033 close)",
      weight: 0.3,
      shape: "json",
      valid: text(join(ROOT, "tests/fixtures/gf01/q033/official/sweep-01.json")),
      fileName: "sweep.json",
      read: (file) => q033Close({ sweeps: [file, file] }),
    },
    {
      name: "gf01 study feedback.csv (serve --study)",
      weight: 0.3,
      shape: "text",
      valid:
        "tester_id,date,backend_used,seed_list_run,objective_clarity,control_clarity,action_effect_clarity,visual_overload,must_fix_blockers,notes\n" +
        'p01,2026-11-24,web,7000;7001,4,5,3,2,0,"\'=SUM(A1), tricky"\np02,2026-11-24,web,7000;7001,3,3,3,1,1,\n',
      fileName: "feedback.csv",
      read: (file) => readStudyFeedback(file),
    },
    {
      name: "gf01 study consent.json (serve --study)",
      weight: 0.3,
      shape: "json",
      valid: `${JSON.stringify({
        schema_version: "gf01.study_consent.v1",
        participants: [
          { participant_id: "p01", consent_sha256: "ab".repeat(32), consented_on: "2026-11-24" },
        ],
      })}\n`,
      fileName: "consent.json",
      read: (file) => readConsents(file),
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
      name: "geb lm-eval samples (grade --pred)",
      weight: 0.4,
      shape: "jsonl",
      // lm-evaluation-harness samples rows (doc = the dataset row, filtered_resps = the text).
      valid: `${text(fx.gebData)
        .split("\n")
        .filter((l) => l.trim())
        .map((l, i) => {
          const doc = JSON.parse(l);
          const out = JSON.stringify({ value: doc.gold.value, support_ids: doc.gold.support_ids });
          return JSON.stringify({ doc_id: i, doc, resps: [[out]], filtered_resps: [out], filter: "none" });
        })
        .join("\n")}\n`,
      fileName: "samples_geb_ledger.jsonl",
      read: (file) => gradeFiles({ data: fx.gebData, pred: file }),
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
      name: "geb run payloads (export --format inspect)",
      weight: 0.5,
      shape: "json",
      valid: text(join(fx.dir, "results.json")),
      fileName: "results.json",
      read: async (file) =>
        renderInspectLogs(await gebInspectRuns({ runs: [file], data: fx.gebData, version: "0" }), "json"),
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
    ...releaseTargets(),
    {
      name: "geb memory entries (memory verify --in)",
      shape: "jsonl",
      valid: text(join(ROOT, "tests/fixtures/geb/memory/cases.jsonl")),
      fileName: "memory.jsonl",
      read: (file) => readMemoryFile(file),
    },
    {
      name: "geb memory scenario manifest (memory check --scenarios)",
      // Each case verifies all 565 scenario entries (~0.2 s): fewer cases.
      weight: 0.1,
      shape: "json",
      valid: text(join(fx.dir, "memory-scenarios/manifest.json")),
      fileName: "manifest.json",
      read: (file, dir) => {
        // The manifest names its memory files relative to itself: give it the generated ones.
        if (!existsSync(join(dir, "root"))) {
          cpSync(join(fx.dir, "memory-scenarios/scenarios"), join(dir, "scenarios"), { recursive: true });
          cpSync(join(fx.dir, "memory-scenarios/root"), join(dir, "root"), { recursive: true });
        }
        return checkScenarioDir(file);
      },
    },
    {
      name: "geb util rows (filter-ids --data)",
      weight: 0.5,
      shape: "jsonl",
      valid: text(join(UTIL, "inputs/rows.jsonl")),
      fileName: "rows.jsonl",
      read: (file, dir) =>
        filterIdsFile({
          data: file,
          ids: join(UTIL, "inputs/ids.txt"),
          out: join(dir, "out.jsonl"),
          invert: false,
        }),
    },
    {
      name: "geb util drilldown rows (minimize-counterexample --drilldown)",
      weight: 0.5,
      shape: "jsonl",
      valid: text(join(UTIL, "reference/drilldown.out")),
      fileName: "drilldown.jsonl",
      read: (file, dir) =>
        minimizeFile({
          drilldown: file,
          out: join(dir, "out.jsonl"),
          maxRows: 4,
          coverBy: "both",
          includePasses: false,
        }),
    },
    {
      name: "geb util rag-drilldown data",
      weight: 0.3,
      shape: "jsonl",
      valid: text(join(SHARED_GEB, "data/rag_domain_exception.jsonl")),
      fileName: "data.jsonl",
      read: (file, dir) =>
        drilldownFile({
          data: file,
          preds: join(UTIL, "inputs/preds.jsonl"),
          out: join(dir, "out.jsonl"),
          citations: "auto",
          supportMetric: "f1",
          maxSupportK: 3,
          entailmentCheck: true,
          includePasses: true,
        }),
    },
    {
      name: "geb util id file (filter-ids --ids)",
      weight: 0.3,
      shape: "text",
      valid: text(join(UTIL, "inputs/ids.txt")),
      fileName: "ids.txt",
      read: (file, dir) =>
        filterIdsFile({
          data: join(UTIL, "inputs/rows.jsonl"),
          ids: file,
          out: join(dir, "out.jsonl"),
          invert: false,
        }),
    },
    {
      name: "geb util anchors data (promote-anchors --data)",
      weight: 0.3,
      shape: "jsonl",
      valid: text(join(SHARED_GEB, "data/rag_domain_exception.jsonl")),
      fileName: "data.jsonl",
      read: (file, dir) =>
        promoteFile({
          data: file,
          drilldown: join(UTIL, "reference/drilldown_all.out"),
          out: join(dir, "out.jsonl"),
          maxAnchors: 60,
          coverBy: "both",
          includePasses: true,
          append: false,
        }),
    },
    {
      name: "geb util artifact (validate-artifact --path)",
      weight: 0.5,
      shape: "json",
      valid: text(join(ROOT, "tests/fixtures/geb/memory/reference/summary.json")),
      fileName: "summary.json",
      read: async (file) => {
        const loadSchemas = () => import("../../../src/index.js");
        await validateArtifactFile({ schema: "geb.memory_verify_summary.v1", path: file, loadSchemas });
        return validateArtifactFile({ schema: join(UTIL, "inputs/schemas/summary.schema.json"), path: file });
      },
    },
    {
      name: "geb util combined results (estimate-runtime --from-combined)",
      shape: "json",
      valid: text(join(UTIL, "inputs/combined.json")),
      fileName: "combined.json",
      read: (file) =>
        estimateFromFiles({
          seeds: 1,
          episodes: 1,
          queries: 1,
          stateModes: 1,
          distractorProfiles: 1,
          twins: false,
          secondsPerQ: 30,
          fromCombined: file,
        }),
    },
    {
      name: "engine price table",
      shape: "json",
      valid: JSON.stringify({ "gpt-x": { input_per_mtok: 0.15, output_per_mtok: 0.6 } }),
      fileName: "prices.json",
      read: (file) => loadPriceTable(file),
    },
    {
      name: "run config (JSON)",
      weight: 0.5,
      shape: "json",
      valid: JSON.stringify({
        data: "data.jsonl",
        model: ["openai:a", "gemini:b"],
        "base-url": "http://127.0.0.1:9/v1",
        "max-concurrency": 4,
        stop: ["\n\n"],
        timings: false,
        citations: "auto",
      }),
      fileName: "run.json",
      read: (file) => applyGebModelConfig(file),
    },
    {
      name: "run config (YAML)",
      weight: 0.5,
      shape: "text",
      valid:
        "data: data.jsonl\nmodel: [openai:a, gemini:b]\nmax-concurrency: 4\nstop: ['\\n\\n']\ntimings: false\n",
      fileName: "run.yaml",
      read: (file) => applyGebModelConfig(file),
    },
    {
      name: "geb ui fixture (ui validate, ui score)",
      weight: 0.5,
      shape: "jsonl",
      valid: text(join(ROOT, UI_REF, "ui_minipilot_local_optimum_unsaved_changes_fixture.jsonl")),
      fileName: "ui.jsonl",
      read: async (file) => {
        await validateUiFixture(file);
        await uiSolvableFile(file);
        return uiScoreFile({ fixture: file, mode: "random", compat: "1.0" });
      },
    },
    {
      name: "geb ui gate model (ui score --gate-model)",
      weight: 0.5,
      shape: "json",
      valid: text(join(ROOT, UI_REF, "gate/gate_committed.json")),
      fileName: "gate.json",
      read: (file) => readGateModel(file),
    },
    {
      name: "geb ui observed (ui score --observed)",
      weight: 0.5,
      shape: "jsonl",
      valid: text(join(ROOT, UI_REF, "ui_minipilot_local_optimum_unsaved_changes_observed_ok.jsonl")),
      fileName: "observed.jsonl",
      read: (file) =>
        uiScoreFile({
          fixture: join(ROOT, UI_REF, "ui_minipilot_local_optimum_unsaved_changes_fixture.jsonl"),
          mode: "gold",
          observed: file,
          compat: "1.0",
        }),
    },
    {
      name: "geb rag preset (rag run --config)",
      weight: 0.25,
      shape: "json",
      valid: text(join(ROOT, "configs/rag_benchmark_strict.json")),
      fileName: "preset.json",
      read: (file) => loadRagPreset(file),
    },
    {
      name: "geb rag domain entries (preset domain-pack recipe)",
      weight: 0.25,
      shape: "json",
      valid: text(join(ROOT, "configs/rag_domain_exception.json")),
      fileName: "entries.json",
      read: (file) => {
        const { entries, uidFormat } = loadDomainEntries(file);
        return buildDomainRows(entries, uidFormat);
      },
    },
    {
      name: "geb rag summary (rag bands --base/--other)",
      weight: 0.25,
      shape: "json",
      valid: text(join(RAG, "summarize/expected/summary.json")),
      fileName: "summary.json",
      read: (file) => {
        const s = loadBandSummary(file).summary;
        return checkBands(s, s, { stage: "fast" });
      },
    },
    {
      name: "geb rag result payload (rag summarize --runs-dir)",
      weight: 0.2,
      shape: "json",
      valid: text(join(RAG, "summarize/runs/rag_alpha.json")),
      fileName: "rag_alpha.json",
      companion: "config.json",
      read: (_file, dir) => summarizeOneDataset(dir, "alpha", join(RAG, "summarize/data/a.jsonl")),
    },
    {
      // One of ours (`geb model` schema, per-row statistics): the means' intervals are rebuilt from its rows.
      name: "geb rag result payload of geb rag run (rag summarize --runs-dir)",
      weight: 0.2,
      shape: "json",
      valid: text(join(RAG, "ours/rag_small.json")),
      fileName: "rag_small.json",
      companion: "config.json",
      read: (_file, dir) => summarizeOneDataset(dir, "small", join(RAG, "ours/small.jsonl")),
    },
    {
      name: "geb capability jobs (capability check --jobs)",
      weight: 0.25,
      shape: "json",
      valid: text(join(ROOT, "configs/capability_delta_jobs.json")),
      fileName: "jobs.json",
      read: (file) => loadJobs(file),
    },
    {
      name: "geb capability snapshot (capability check --after)",
      weight: 0.25,
      shape: "json",
      valid: text(join(CAP, "snap_runs_full.json")),
      fileName: "snap.json",
      read: (file) =>
        capabilityCheck({ jobs: bundledJobs("check"), after: file, before: file, generatedAt: null }),
    },
    {
      name: "geb capability release matrix (capability delta)",
      weight: 0.25,
      shape: "json",
      valid: text(join(CAP, "rel/release_check_B/release_reliability_matrix.json")),
      fileName: "release_reliability_matrix.json",
      companion: "release_quality_snapshot.json",
      read: (_file, dir) => {
        copyFileSync(
          join(CAP, "rel/release_check_A/release_quality_snapshot.json"),
          join(dir, "release_quality_snapshot.json"),
        );
        return capabilityDelta({
          jobs: bundledJobs("delta"),
          runsRoot: dir,
          afterReleaseDir: dir,
          beforeReleaseDir: dir,
          allowMissingAfterMatrix: false,
          generatedAt: null,
        });
      },
    },
  ];
}

/** `geb model --config <file>`'s reading and applying (every flag parser), without running. */
function applyGebModelConfig(file: string): void {
  const program = new Command("geb");
  registerModelCommands(program);
  const cmd = program.commands.find((c) => c.name() === "model") as Command;
  applyRunConfig(cmd, readRunConfig(file, configKeys(cmd)));
}

/** geb release readers: the contract, the profiles file, the strict RAG summary. */
function releaseTargets(): ReaderTarget[] {
  return [
    {
      name: "geb release contract (--contract)",
      weight: 0.5,
      shape: "json",
      valid: text(join(ROOT, "configs/release_gate_contract.json")),
      fileName: "contract.json",
      read: (file) => loadContract(file),
    },
    {
      name: "geb release profiles (--profiles)",
      weight: 0.5,
      shape: "json",
      valid: text(join(ROOT, "configs/release_gate_profiles.json")),
      fileName: "profiles.json",
      read: (file) => loadProfile("release", file),
    },
    {
      name: "geb release strict RAG summary (--rag-summary)",
      weight: 0.5,
      shape: "json",
      valid: text(join(ROOT, "tests/fixtures/geb/release/strict_summary.json")),
      fileName: "summary.json",
      read: (file) => readStrictSummary(file),
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
      weight: 0.25,
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
