/**
 * Issue 31: the fuzz campaign at process level. Every (command, file flag) pair of both CLIs
 * with a valid fixture (the command table), run as real processes of the built bins
 * (`node dist/bin/gf01.js …`, `npm run build` first) in a fresh working directory per case,
 * with the input damaged in one named way (mutation class) or replaced by an odd path.
 *
 * Per case (caseViolations): no stack trace ("    at " frames) and no "internal error" on
 * stderr; the exit code is 0, 2 for bad input, or a code the command documents for a failed
 * run or gate; a non-zero exit is one stderr line naming the file (or, for the release
 * checks, JSON on stdout as docs/cli.md allows); nothing is left in the working directory that
 * was not there before a failed run, and no temp file after any run; the input is unchanged;
 * and where the command accepts rows, what it wrote is validated.
 *
 * Numeric flags: every numeric flag of a command in the table, on that command's valid line,
 * with NaN, Infinity, negative, zero, huge and fractional values (flagCases).
 *
 * The valid artifacts come from the in-process fuzz library (makeFixtures, readerTargets).
 * Shared by tests/fuzz/commands.test.ts (a small fixed sample) and bench/_fuzz-soak.ts
 * (`--commands`: every pair × every class, plus random structural mutations).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { flagSites, isNumericFlag } from "./flags.js";
import { mutationsOf, type Shape } from "./mutate.js";
import { type FuzzFixtures, readerTargets } from "./readers.js";

const ROOT = new URL("../../../", import.meta.url).pathname;
const OFFICIAL = join(ROOT, "tests/fixtures/fuzz");
const UTIL = join(ROOT, "tests/fixtures/geb/util");
const UI_REF = join(ROOT, "tests/fixtures/geb-ui/reference");
const RAG = join(ROOT, "tests/fixtures/geb/rag");
const CAP = join(ROOT, "tests/fixtures/geb/capability");
const SHARED_GEB = join(ROOT, "../shared/reference/geb");

/** Placeholder in a command line for the fuzzed input's path. */
export const IN = "@IN";

export interface CommandInput {
  /** `bin command --flag` (plus a note when one flag appears in several setups). */
  name: string;
  bin: "gf01" | "geb";
  /** The command line; IN stands for the fuzzed file (relative to the working directory). */
  argv: string[];
  /** The flag (or argument) that reads the fuzzed file: the stderr line should name the file. */
  flag: string;
  shape: Shape;
  valid: string;
  /** Where the fuzzed bytes go, relative to the working directory (may be under a folder). */
  fileName: string;
  /** Files written into the working directory before the run (companions of the input). */
  files?: Record<string, string>;
  /** Exit codes other than 0 and 2 a run may end with (docs/cli.md: 1 for a gate that failed). */
  okCodes?: number[];
  /** On exit 2, a JSON report on stdout may stand for the stderr line (the release checks). */
  reportOnStdout?: boolean;
  /** On exit 2, a stderr line matching this is the command's verdict, not an input error. */
  verdict?: RegExp;
  /**
   * A verdict (exit 2 on stdout or `verdict`) is a report the command writes to its --out (the
   * release checks). Otherwise a verdict writes nothing: `migrate-runs` whose output fails the
   * strict check must not leave it.
   */
  verdictWrites?: boolean;
  /** After exit 0: the rows the command wrote are valid (undefined), else why not. */
  check?: (cwd: string) => string | undefined | Promise<string | undefined>;
  /** Long-running work: fewer classes in the sample test. */
  slow?: boolean;
}

const text = (p: string) => readFileSync(p, "utf8");

/** Every line of a JSONL output parses (a half-written or garbled row is a violation). */
function jsonlOutput(file: string): (cwd: string) => string | undefined {
  return (cwd) => {
    const p = join(cwd, file);
    if (!existsSync(p)) return undefined;
    const lines = readFileSync(p, "utf8").split("\n");
    for (let i = 0; i < lines.length; i++) {
      // Blank lines are skipped by every JSONL reader here (and `util limit` of nothing writes one, as the reference).
      if (lines[i].trim() === "") continue;
      try {
        JSON.parse(lines[i]);
      } catch {
        return `${file}:${i + 1} written by an accepted run is not JSON`;
      }
    }
    return undefined;
  };
}
function jsonOutput(file: string): (cwd: string) => string | undefined {
  return (cwd) => {
    const p = join(cwd, file);
    if (!existsSync(p)) return undefined;
    try {
      JSON.parse(readFileSync(p, "utf8"));
      return undefined;
    } catch {
      return `${file} written by an accepted run is not JSON`;
    }
  };
}

/** The command table: every (command, file flag) pair with a valid fixture. */
export function commandTable(fx: FuzzFixtures): CommandInput[] {
  const reader = new Map(readerTargets(fx).map((t) => [t.name, t]));
  const from = (name: string) => {
    const t = reader.get(name);
    if (!t) throw new Error(`no reader target ${name}`);
    return { shape: t.shape, valid: t.valid };
  };
  const B = fx.bundle;
  const RUNS = join(OFFICIAL, "runs_v1_valid.jsonl");
  const MAN = join(OFFICIAL, "split_manifest_v1.json");
  const DATA = fx.gebData;
  const PREDS = join(fx.dir, "geb-preds.jsonl");
  const RESULTS = join(fx.dir, "results.json");
  const hoa = text(join(OFFICIAL, "toy.hoa"));
  const trapRows = from("geb trap fixture rows").valid;
  const trapPreds = from("geb trap predictions").valid;
  writeFileSync(join(fx.dir, "trap-rows.jsonl"), trapRows);
  writeFileSync(join(fx.dir, "trap-preds.jsonl"), trapPreds);
  const trapSummary = from("geb trap run summary (trap check)").valid;
  const uiFixture = join(UI_REF, "ui_minipilot_local_optimum_unsaved_changes_fixture.jsonl");
  const ids = (JSON.parse(text(B)).instances as { instance_id: string }[]).map((i) => i.instance_id);
  const tempoAnswers = `${JSON.stringify({ instance_id: ids[0], output: '{"X y": {"0": ["in0"], "1": ["no constraints"]}}' })}\n${JSON.stringify({ instance_id: ids[1], answer: "no answer" })}\n`;
  const runConfig = (o: Record<string, unknown>) => `${JSON.stringify(o, null, 2)}\n`;
  const modelRun = ["--model", "retrieval", "--deterministic-answer", "--no-timings"];
  const validRuns = async (cwd: string, file: string) => {
    // An accepted migration writes rows `gf01 validate` accepts (strict, against the bundle).
    const p = join(cwd, file);
    if (!existsSync(p)) return undefined;
    const { validateRunsFile } = await import("../../../src/gf01/api.js");
    try {
      const r = await validateRunsFile(p, { instancesFile: B, strict: true });
      return (r as { status?: string }).status === "ok" || (r as { ok?: boolean }).ok !== false
        ? undefined
        : `${file}: migrated rows fail validate: ${JSON.stringify(r).slice(0, 300)}`;
    } catch (e) {
      return `${file}: migrated rows fail validate: ${(e as Error).message}`;
    }
  };

  const gf01: CommandInput[] = [
    {
      name: "gf01 validate --runs",
      bin: "gf01",
      argv: ["validate", "--runs", IN, "--instances", B],
      flag: "--runs",
      ...from("gf01 run rows (validate)"),
      fileName: "runs.jsonl",
      reportOnStdout: true,
    },
    {
      name: "gf01 validate --instances",
      bin: "gf01",
      argv: ["validate", "--runs", RUNS, "--instances", IN],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      reportOnStdout: true,
    },
    {
      name: "gf01 validate --manifest",
      bin: "gf01",
      argv: ["validate", "--runs", RUNS, "--manifest", IN],
      flag: "--manifest",
      ...from("gf01 split manifest"),
      fileName: "manifest.json",
      reportOnStdout: true,
    },
    {
      name: "gf01 report --runs",
      bin: "gf01",
      argv: ["report", "--runs", IN, "--instances", B, "--format", "json", "--html", "report.html"],
      flag: "--runs",
      ...from("gf01 run rows (validate)"),
      fileName: "runs.jsonl",
      reportOnStdout: true,
    },
    {
      name: "gf01 list --instances",
      bin: "gf01",
      argv: ["list", "--instances", IN, "--format", "json"],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
    },
    {
      name: "gf01 manifest --instances",
      bin: "gf01",
      argv: ["manifest", "--instances", IN, "--out", "manifest.json"],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      check: jsonOutput("manifest.json"),
    },
    {
      name: "gf01 identifiability-check --instances",
      bin: "gf01",
      argv: ["identifiability-check", "--instances", IN, "--out", "ident.json"],
      verdictWrites: true,
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      reportOnStdout: true,
      check: jsonOutput("ident.json"),
    },
    {
      name: "gf01 evaluate --instances",
      bin: "gf01",
      argv: ["evaluate", "--instances", IN, "--agent", "greedy", "--out", "runs.jsonl"],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      check: jsonlOutput("runs.jsonl"),
    },
    {
      name: "gf01 evaluate --instances (online agent)",
      bin: "gf01",
      argv: ["evaluate", "--instances", IN, "--agent", "online-greedy", "--out", "runs.jsonl"],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      okCodes: [1],
      check: jsonlOutput("runs.jsonl"),
    },
    {
      name: "gf01 play-llm --instances",
      bin: "gf01",
      argv: [
        "play-llm",
        "--instances",
        IN,
        "--model",
        "builtin:echo",
        "--limit",
        "1",
        "--max-malformed",
        "0",
        "--results",
        "res.jsonl",
      ],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      okCodes: [1],
      slow: true,
      check: jsonlOutput("res.jsonl"),
    },
    {
      name: "gf01 play-llm --config",
      bin: "gf01",
      argv: ["play-llm", "--config", IN],
      flag: "--config",
      shape: "json",
      valid: runConfig({
        instances: B,
        model: "builtin:echo",
        limit: 1,
        "max-malformed": 0,
        results: "res.jsonl",
      }),
      fileName: "run.json",
      okCodes: [1],
      slow: true,
      check: jsonlOutput("res.jsonl"),
    },
    {
      name: "gf01 play-llm --price-table",
      bin: "gf01",
      argv: [
        "play-llm",
        "--instances",
        B,
        "--model",
        "builtin:echo",
        "--limit",
        "1",
        "--max-malformed",
        "0",
        "--price-table",
        IN,
        "--results",
        "res.jsonl",
      ],
      flag: "--price-table",
      ...from("engine price table"),
      fileName: "prices.json",
      okCodes: [1],
      slow: true,
    },
    {
      name: "gf01 migrate-runs --runs",
      bin: "gf01",
      argv: ["migrate-runs", "--runs", IN, "--instances", B, "--out", "out.jsonl"],
      flag: "--runs",
      ...from("gf01 legacy run rows (migrate-runs)"),
      fileName: "legacy.jsonl",
      reportOnStdout: true,
      check: (cwd) => validRuns(cwd, "out.jsonl"),
    },
    {
      name: "gf01 migrate-runs --instances",
      bin: "gf01",
      argv: [
        "migrate-runs",
        "--runs",
        join(OFFICIAL, "runs_pre_v1_legacy.jsonl"),
        "--instances",
        IN,
        "--out",
        "out.jsonl",
      ],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      reportOnStdout: true,
      check: (cwd) => validRuns(cwd, "out.jsonl"),
    },
    {
      name: "gf01 migrate-runs --manifest",
      bin: "gf01",
      argv: [
        "migrate-runs",
        "--runs",
        join(OFFICIAL, "runs_pre_v1_legacy.jsonl"),
        "--instances",
        B,
        "--manifest",
        IN,
        "--out",
        "out.jsonl",
      ],
      flag: "--manifest",
      ...from("gf01 split manifest"),
      fileName: "manifest.json",
      reportOnStdout: true,
      check: (cwd) => validRuns(cwd, "out.jsonl"),
    },
    {
      name: "gf01 generate --config",
      bin: "gf01",
      argv: ["generate", "--config", IN, "--count", "1", "--out", "gen.json"],
      flag: "--config",
      ...from("gf01 generator config"),
      fileName: "gen-config.json",
      check: jsonOutput("gen.json"),
    },
    {
      name: "gf01 import --formal",
      bin: "gf01",
      argv: ["import", "--formal", IN, "--out", "imported.json"],
      flag: "--formal",
      ...from("gf01 formal task (task.json + toy.hoa)"),
      fileName: "task.json",
      files: { "toy.hoa": hoa },
      check: jsonOutput("imported.json"),
    },
    {
      name: "gf01 import --hoa",
      bin: "gf01",
      argv: [
        "import",
        "--hoa",
        IN,
        "--trace",
        '[{"in0": 0}, {"in0": 0}, {"in0": 0}]',
        "--effect-ap",
        "out0",
        "--t-star",
        "1",
        "--mode",
        "hard",
        "--budget-timestep",
        "2",
        "--output-aps",
        "out0",
        "--output-by-state",
        '{"s0": {"out0": 0}, "s1": {"out0": 1}}',
        "--out",
        "imported.json",
      ],
      flag: "--hoa",
      ...from("gf01 HOA automaton (--hoa)"),
      fileName: "a.hoa",
      check: jsonOutput("imported.json"),
    },
    {
      name: "gf01 play --script",
      bin: "gf01",
      argv: ["play", "--instances", B, "--instance-index", "0", "--script", IN, "--out", "play.json"],
      flag: "--script",
      ...from("gf01 action script"),
      fileName: "script.json",
      check: jsonOutput("play.json"),
    },
    {
      name: "gf01 split-policy-check --manifest",
      bin: "gf01",
      argv: ["split-policy-check", "--manifest", IN, "--out", "policy.json"],
      verdictWrites: true,
      flag: "--manifest",
      ...from("gf01 split manifest"),
      fileName: "manifest.json",
      reportOnStdout: true,
    },
    {
      name: "gf01 release-governance-check --previous-manifest",
      bin: "gf01",
      argv: ["release-governance-check", "--manifest", MAN, "--previous-manifest", IN, "--out", "gov.json"],
      verdictWrites: true,
      flag: "--previous-manifest",
      ...from("gf01 split manifest"),
      fileName: "previous.json",
      reportOnStdout: true,
    },
    {
      name: "gf01 release-report-check --runs",
      bin: "gf01",
      argv: ["release-report-check", "--runs", IN, "--manifest", MAN, "--out", "report-check.json"],
      verdictWrites: true,
      flag: "--runs",
      ...from("gf01 run rows (release-report-check)"),
      fileName: "runs.jsonl",
      reportOnStdout: true,
    },
    {
      name: "gf01 freeze-caps --runs",
      bin: "gf01",
      argv: ["freeze-caps", "--instances", B, "--runs", IN, "--out", "caps.json"],
      flag: "--runs",
      ...from("gf01 run rows (validate)"),
      fileName: "runs.jsonl",
      reportOnStdout: true,
      check: jsonOutput("caps.json"),
    },
    {
      name: "gf01 tempobench export --instances",
      bin: "gf01",
      argv: ["tempobench", "export", "--instances", IN, "--out", "tb.jsonl"],
      flag: "--instances",
      ...from("gf01 instance bundle"),
      fileName: "bundle.json",
      check: jsonlOutput("tb.jsonl"),
    },
    {
      name: "gf01 tempobench score --answers",
      bin: "gf01",
      argv: ["tempobench", "score", "--instances", B, "--answers", IN, "--out", "scores.jsonl"],
      flag: "--answers",
      shape: "jsonl",
      valid: tempoAnswers,
      fileName: "answers.jsonl",
      check: jsonlOutput("scores.jsonl"),
    },
    {
      name: "gf01 p0-feedback-check --feedback",
      bin: "gf01",
      argv: ["p0-feedback-check", "--feedback", IN, "--out", "fb.json"],
      // Its --out is the gate report, written for every outcome (as the official check).
      verdictWrites: true,
      flag: "--feedback",
      ...from("gf01 P0 feedback CSV"),
      fileName: "feedback.csv",
      reportOnStdout: true,
    },
    {
      name: "gf01 q033 close --sweep",
      bin: "gf01",
      argv: ["q033", "close", "--sweep", IN, "--sweep", IN, "--out", "close.json"],
      verdictWrites: true,
      flag: "--sweep",
      ...from("gf01 Q-033 sweep (q033 close)"),
      fileName: "sweep.json",
      verdict: /^gf01: Q-033 not closed: [\w, ]+$/,
      reportOnStdout: true,
    },
    {
      name: "gf01 pilot-analyze --campaign-dir",
      bin: "gf01",
      argv: ["pilot-analyze", "--campaign-dir", "campaign", "--out", "pilot.json"],
      flag: "--campaign-dir",
      ...from("gf01 pilot-analyze campaign runs (runs_combined.jsonl)"),
      fileName: "campaign/runs_combined.jsonl",
      reportOnStdout: true,
    },
    {
      name: "gf01 export --format inspect <runs>",
      bin: "gf01",
      argv: ["export", "--format", "inspect", "--log-format", "json", "--out-dir", "logs", IN],
      flag: "<runs>",
      ...from("gf01 run rows (validate)"),
      fileName: "runs.jsonl",
    },
  ];

  const geb: CommandInput[] = [
    {
      name: "geb validate-book --data",
      bin: "geb",
      argv: ["validate-book", "--data", IN],
      flag: "--data",
      ...from("geb books (validate-book)"),
      fileName: "data.jsonl",
      okCodes: [1],
    },
    {
      name: "geb baseline --data",
      bin: "geb",
      argv: ["baseline", "--data", IN, "--out", "preds.jsonl"],
      flag: "--data",
      ...from("geb dataset rows (loadRows)"),
      fileName: "data.jsonl",
      check: jsonlOutput("preds.jsonl"),
    },
    {
      name: "geb grade --data",
      bin: "geb",
      argv: ["grade", "--data", IN, "--pred", PREDS],
      flag: "--data",
      ...from("geb rows graded (grade --data)"),
      fileName: "data.jsonl",
    },
    {
      name: "geb grade --pred",
      bin: "geb",
      argv: ["grade", "--data", DATA, "--pred", IN, "--row-results", "rows.jsonl"],
      flag: "--pred",
      ...from("geb predictions (grade --pred)"),
      fileName: "preds.jsonl",
      check: jsonlOutput("rows.jsonl"),
    },
    {
      name: "geb run --data",
      bin: "geb",
      argv: ["run", "--data", IN, "--out", "preds.jsonl", "--results-json", "r.json"],
      flag: "--data",
      ...from("geb dataset rows (loadRows)"),
      fileName: "data.jsonl",
      check: jsonOutput("r.json"),
    },
    {
      name: "geb model --data",
      bin: "geb",
      argv: ["model", "--data", IN, ...modelRun, "--results", "res.jsonl", "--out-dir", "od"],
      flag: "--data",
      ...from("geb dataset rows (loadRows)"),
      fileName: "data.jsonl",
      check: jsonlOutput("res.jsonl"),
    },
    {
      name: "geb model --linear-model",
      bin: "geb",
      argv: [
        "model",
        "--data",
        DATA,
        ...modelRun,
        "--rerank",
        "linear",
        "--linear-model",
        IN,
        "--out-dir",
        "od",
      ],
      flag: "--linear-model",
      ...from("geb linear selector model"),
      fileName: "linear.json",
    },
    {
      name: "geb model --pipeline-config",
      bin: "geb",
      argv: ["model", "--data", DATA, ...modelRun, "--pipeline-config", IN, "--out-dir", "od"],
      flag: "--pipeline-config",
      ...from("geb pipeline config"),
      fileName: "pipeline.json",
    },
    {
      name: "geb model --thresholds",
      bin: "geb",
      argv: ["model", "--data", DATA, ...modelRun, "--thresholds", IN, "--out-dir", "od"],
      flag: "--thresholds",
      ...from("geb diagnosis thresholds"),
      fileName: "thresholds.json",
    },
    {
      name: "geb model --config",
      bin: "geb",
      argv: ["model", "--config", IN],
      flag: "--config",
      shape: "json",
      valid: runConfig({
        data: DATA,
        model: "retrieval",
        "deterministic-answer": true,
        timings: false,
        results: "res.jsonl",
        "out-dir": "od",
      }),
      fileName: "run.json",
      check: jsonlOutput("res.jsonl"),
    },
    {
      name: "geb model --price-table",
      bin: "geb",
      argv: [
        "model",
        "--data",
        DATA,
        "--model",
        "builtin:ledger-reader",
        "--no-timings",
        "--price-table",
        IN,
        "--results",
        "res.jsonl",
      ],
      flag: "--price-table",
      ...from("engine price table"),
      fileName: "prices.json",
    },
    {
      name: "geb sweep --config",
      bin: "geb",
      argv: ["sweep", "--config", IN],
      flag: "--config",
      shape: "json",
      valid: runConfig({ out: "sweep", seeds: 1, episodes: 1, steps: 12, keys: 3, queries: 3 }),
      fileName: "sweep.json",
      slow: true,
    },
    {
      name: "geb ui model --fixture",
      bin: "geb",
      argv: [
        "ui",
        "model",
        "--fixture",
        IN,
        "--model",
        "builtin:echo",
        "--results",
        "ui-res.jsonl",
        "--out",
        "ui.json",
      ],
      flag: "--fixture",
      ...from("geb ui fixture (ui validate, ui score)"),
      fileName: "ui.jsonl",
      okCodes: [1],
      check: jsonlOutput("ui-res.jsonl"),
    },
    {
      name: "geb selector export --data",
      bin: "geb",
      argv: ["selector", "export", "--data", IN, "--out", "sel.jsonl"],
      flag: "--data",
      ...from("geb dataset rows (loadRows)"),
      fileName: "data.jsonl",
      check: jsonlOutput("sel.jsonl"),
    },
    {
      name: "geb selector check --model",
      bin: "geb",
      argv: ["selector", "check", "--model", IN],
      flag: "--model",
      ...from("geb linear selector model"),
      fileName: "linear.json",
    },
    {
      name: "geb pipeline grid --thresholds",
      bin: "geb",
      argv: [
        "pipeline",
        "grid",
        "--data",
        DATA,
        "--deterministic-answer",
        "--grid",
        "k=2,4",
        "--thresholds",
        IN,
        "--out-dir",
        "grid",
      ],
      flag: "--thresholds",
      ...from("geb diagnosis thresholds"),
      fileName: "thresholds.json",
      slow: true,
    },
    {
      name: "geb pipeline grid --data",
      bin: "geb",
      argv: [
        "pipeline",
        "grid",
        "--data",
        IN,
        "--deterministic-answer",
        "--grid",
        "k=2,4",
        "--out-dir",
        "grid",
      ],
      flag: "--data",
      ...from("geb dataset rows (loadRows)"),
      fileName: "data.jsonl",
      slow: true,
    },
    {
      name: "geb summarize --in",
      bin: "geb",
      argv: ["summarize", "--in", IN, "--out-dir", "sum"],
      flag: "--in",
      ...from("geb model run payloads (results.json)"),
      fileName: "results.json",
    },
    {
      name: "geb summarize --thresholds",
      bin: "geb",
      argv: ["summarize", "--in", RESULTS, "--out-dir", "sum", "--thresholds", IN],
      flag: "--thresholds",
      ...from("geb diagnosis thresholds"),
      fileName: "thresholds.json",
    },
    {
      name: "geb collect --runs",
      bin: "geb",
      argv: ["collect", "--runs", IN, "--out", "runs.csv"],
      flag: "--runs",
      ...from("geb model run payloads (results.json)"),
      fileName: "results.json",
    },
    {
      name: "geb compare --base",
      bin: "geb",
      argv: ["compare", "--base", IN, "--other", RESULTS],
      flag: "--base",
      ...from("geb model run payloads (results.json)"),
      fileName: "results.json",
    },
    {
      name: "geb check-thresholds --config",
      bin: "geb",
      argv: ["check-thresholds", "--config", IN, "--root", ".", "--out", "check-report.json"],
      flag: "--config",
      ...from("geb checks config"),
      fileName: "checks.json",
      okCodes: [1],
    },
    {
      name: "geb memory verify --in",
      bin: "geb",
      argv: ["memory", "verify", "--in", IN, "--out", "mem.json"],
      flag: "--in",
      ...from("geb memory entries (memory verify --in)"),
      fileName: "memory.jsonl",
      okCodes: [1],
    },
    {
      name: "geb util limit --in",
      bin: "geb",
      argv: ["util", "limit", "--in", IN, "--out", "out.jsonl", "--max-rows", "2"],
      flag: "--in",
      ...from("geb util rows (filter-ids --data)"),
      fileName: "rows.jsonl",
      check: jsonlOutput("out.jsonl"),
    },
    {
      name: "geb util filter-ids --data",
      bin: "geb",
      argv: ["util", "filter-ids", "--data", IN, "--ids", join(UTIL, "inputs/ids.txt"), "--out", "out.jsonl"],
      flag: "--data",
      ...from("geb util rows (filter-ids --data)"),
      fileName: "rows.jsonl",
      okCodes: [1],
      check: jsonlOutput("out.jsonl"),
    },
    {
      name: "geb util filter-ids --ids",
      bin: "geb",
      argv: [
        "util",
        "filter-ids",
        "--data",
        join(UTIL, "inputs/rows.jsonl"),
        "--ids",
        IN,
        "--out",
        "out.jsonl",
      ],
      flag: "--ids",
      ...from("geb util id file (filter-ids --ids)"),
      fileName: "ids.txt",
      okCodes: [1],
      check: jsonlOutput("out.jsonl"),
    },
    {
      name: "geb util estimate-runtime --from-combined",
      bin: "geb",
      argv: [
        "util",
        "estimate-runtime",
        "--seeds",
        "1",
        "--episodes",
        "1",
        "--queries",
        "1",
        "--state-modes",
        "1",
        "--distractor-profiles",
        "1",
        "--from-combined",
        IN,
      ],
      flag: "--from-combined",
      ...from("geb util combined results (estimate-runtime --from-combined)"),
      fileName: "combined.json",
    },
    {
      name: "geb util minimize-counterexample --drilldown",
      bin: "geb",
      argv: ["util", "minimize-counterexample", "--drilldown", IN, "--out", "out.jsonl"],
      flag: "--drilldown",
      ...from("geb util drilldown rows (minimize-counterexample --drilldown)"),
      fileName: "drilldown.jsonl",
      check: jsonlOutput("out.jsonl"),
    },
    {
      name: "geb util promote-anchors --data",
      bin: "geb",
      argv: [
        "util",
        "promote-anchors",
        "--data",
        IN,
        "--drilldown",
        join(UTIL, "reference/drilldown_all.out"),
        "--out",
        "out.jsonl",
      ],
      flag: "--data",
      ...from("geb util anchors data (promote-anchors --data)"),
      fileName: "data.jsonl",
      check: jsonlOutput("out.jsonl"),
    },
    {
      name: "geb util rag-drilldown --data",
      bin: "geb",
      argv: [
        "util",
        "rag-drilldown",
        "--data",
        IN,
        "--preds",
        join(UTIL, "inputs/preds.jsonl"),
        "--out",
        "out.jsonl",
      ],
      flag: "--data",
      ...from("geb util rag-drilldown data"),
      fileName: "data.jsonl",
      check: jsonlOutput("out.jsonl"),
    },
    {
      name: "geb util validate-artifact --path",
      bin: "geb",
      argv: ["util", "validate-artifact", "--schema", "geb.memory_verify_summary.v1", "--path", IN],
      flag: "--path",
      ...from("geb util artifact (validate-artifact --path)"),
      fileName: "summary.json",
      okCodes: [1],
    },
    {
      name: "geb ui validate --fixture",
      bin: "geb",
      argv: ["ui", "validate", "--fixture", IN],
      flag: "--fixture",
      ...from("geb ui fixture (ui validate, ui score)"),
      fileName: "ui.jsonl",
      // A validator: a fixture it can read but whose content is wrong is its finding (exit 1,
      // the findings on stdout, as the reference's script); one it cannot read is exit 2.
      okCodes: [1],
    },
    {
      name: "geb ui summary --fixture",
      bin: "geb",
      argv: ["ui", "summary", "--fixture", IN, "--out", "ui-summary.json"],
      flag: "--fixture",
      ...from("geb ui fixture (ui validate, ui score)"),
      fileName: "ui.jsonl",
      check: jsonOutput("ui-summary.json"),
    },
    {
      name: "geb ui score --fixture",
      bin: "geb",
      argv: ["ui", "score", "--fixture", IN, "--mode", "random", "--out", "score.json"],
      flag: "--fixture",
      ...from("geb ui fixture (ui validate, ui score)"),
      fileName: "ui.jsonl",
      check: jsonOutput("score.json"),
    },
    {
      name: "geb ui score --gate-model",
      bin: "geb",
      argv: [
        "ui",
        "score",
        "--fixture",
        uiFixture,
        "--agent",
        "gate",
        "--gate-model",
        IN,
        "--out",
        "score.json",
      ],
      flag: "--gate-model",
      ...from("geb ui gate model (ui score --gate-model)"),
      fileName: "gate.json",
    },
    {
      name: "geb ui score --observed",
      bin: "geb",
      argv: [
        "ui",
        "score",
        "--fixture",
        uiFixture,
        "--mode",
        "gold",
        "--observed",
        IN,
        "--out",
        "score.json",
      ],
      flag: "--observed",
      ...from("geb ui observed (ui score --observed)"),
      fileName: "observed.jsonl",
    },
    {
      name: "geb ui gate train --fixture",
      bin: "geb",
      argv: ["ui", "gate", "train", "--fixture", IN, "--out-model", "gate.json"],
      flag: "--fixture",
      ...from("geb ui fixture (ui validate, ui score)"),
      fileName: "ui.jsonl",
      check: jsonOutput("gate.json"),
    },
    {
      name: "geb trap score --data",
      bin: "geb",
      argv: [
        "trap",
        "score",
        "--family",
        "epistemic_calibration_suite",
        "--data",
        IN,
        "--preds",
        join(fx.dir, "trap-preds.jsonl"),
        "--out",
        "trap.json",
      ],
      flag: "--data",
      shape: "jsonl",
      valid: trapRows,
      fileName: "epistemic_calibration_suite_holdout.jsonl",
      okCodes: [1],
    },
    {
      name: "geb trap score --preds",
      bin: "geb",
      argv: [
        "trap",
        "score",
        "--family",
        "epistemic_calibration_suite",
        "--data",
        join(fx.dir, "trap-rows.jsonl"),
        "--preds",
        IN,
        "--out",
        "trap.json",
        "--rows-out",
        "trap-rows.jsonl",
      ],
      flag: "--preds",
      shape: "jsonl",
      valid: trapPreds,
      fileName: "preds.jsonl",
      okCodes: [1],
      check: jsonlOutput("trap-rows.jsonl"),
    },
    {
      name: "geb trap check --summary",
      bin: "geb",
      argv: [
        "trap",
        "check",
        "--family",
        "epistemic_calibration_suite",
        "--stage",
        "observe",
        "--min-runs",
        "1",
        "--summary",
        IN,
        "--out",
        "trap-check.json",
      ],
      flag: "--summary",
      shape: "json",
      valid: trapSummary,
      fileName: "epistemic_calibration_suite_summary.json",
      okCodes: [1],
    },
    {
      name: "geb rag summarize --config",
      bin: "geb",
      // The runs dir is copied in: summarize writes its summary there (never into the fixtures).
      argv: ["rag", "summarize", "--config", IN, "--runs-dir", "runs"],
      flag: "--config",
      ...from("geb rag preset (rag run --config)"),
      valid: text(join(RAG, "summarize/rag_benchmark_strict.json")),
      fileName: "preset.json",
      files: Object.fromEntries([
        ...readdirSync(join(RAG, "summarize/data")).map((f) => [
          `data/${f}`,
          text(join(RAG, "summarize/data", f)),
        ]),
        ...["rag_alpha.json", "rag_beta.json", "rag_delta.json"].map((f) => [
          `runs/${f}`,
          text(join(RAG, "summarize/runs", f)),
        ]),
      ]),
      okCodes: [1],
    },
    {
      name: "geb rag bands --base",
      bin: "geb",
      argv: [
        "rag",
        "bands",
        "--stage",
        "fast",
        "--base",
        IN,
        "--other",
        join(RAG, "summarize/expected/summary.json"),
      ],
      flag: "--base",
      ...from("geb rag summary (rag bands --base/--other)"),
      fileName: "summary.json",
      okCodes: [1],
    },
    {
      name: "geb capability check --after",
      bin: "geb",
      argv: ["capability", "check", "--after", IN, "--out", "cap.json", "--markdown-out", "cap.md"],
      flag: "--after",
      ...from("geb capability snapshot (capability check --after)"),
      fileName: "snap.json",
      okCodes: [1],
    },
    {
      name: "geb capability check --jobs",
      bin: "geb",
      argv: [
        "capability",
        "check",
        "--jobs",
        IN,
        "--after",
        join(CAP, "snap_runs_full.json"),
        "--out",
        "cap.json",
      ],
      flag: "--jobs",
      ...from("geb capability jobs (capability check --jobs)"),
      valid: text(join(ROOT, "configs/capability_check_jobs.json")),
      fileName: "jobs.json",
      okCodes: [1],
    },
    {
      name: "geb release signal --rag-summary",
      bin: "geb",
      argv: [
        "release",
        "signal",
        "--matrix-dir",
        join(ROOT, "tests/fixtures/geb/release/artifacts"),
        "--rag-summary",
        IN,
        "--out",
        "signal.json",
      ],
      flag: "--rag-summary",
      ...from("geb release strict RAG summary (--rag-summary)"),
      fileName: "summary.json",
      okCodes: [1],
    },
  ];
  void SHARED_GEB;
  return [...gf01, ...geb];
}

// ---------------------------------------------------------------------------------------------
// Mutation classes: named, deterministic damages of a valid artifact (and odd paths).

export type PathKind = "directory" | "dangling-link" | "missing" | "unreadable" | "link-loop";

export interface Damage {
  cls: string;
  bytes?: string | Uint8Array;
  path?: PathKind;
}

type Json = unknown;
const mapJson = (
  v: Json,
  leaf: (x: Json, key: string | number | undefined) => Json,
  key?: string | number,
): Json => {
  if (Array.isArray(v)) return v.map((x, i) => mapJson(x, leaf, i));
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapJson(x, leaf, k)]));
  return leaf(v, key);
};

/** Apply `f` to the JSON document (json) or to every row (jsonl); text shapes: undefined. */
function perDocument(valid: string, shape: Shape, f: (v: Json) => string): string | undefined {
  if (shape === "json") return f(JSON.parse(valid.replace(/^\uFEFF/, "")));
  if (shape === "jsonl")
    return `${valid
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => {
        try {
          return f(JSON.parse(l));
        } catch {
          return l;
        }
      })
      .join("\n")}\n`;
  return undefined;
}

/** Numbers in a text artifact (HOA, CSV, id lists) replaced through `f`. */
const textNumbers = (valid: string, f: (n: string) => string) => valid.replace(/-?\d+(\.\d+)?/g, f);

/** Replace every number with a token that is not JSON (NaN, Infinity): written as text. */
function numbersAsLiterals(valid: string, shape: Shape, lits: string[]): string {
  let i = 0;
  const next = () => lits[i++ % lits.length];
  if (shape === "text") return textNumbers(valid, next);
  const marker = "\u0001NUM\u0001";
  const out = perDocument(valid, shape, (v) =>
    JSON.stringify(mapJson(v, (x) => (typeof x === "number" ? marker : x))),
  ) as string;
  return out.replaceAll(`"${marker}"`, () => next());
}

/** Every named damage of one artifact (the deterministic classes of the campaign). */
export function damagesOf(valid: string, shape: Shape): Damage[] {
  const bytes = Buffer.from(valid, "utf8");
  const lines = valid.split("\n");
  const out: Damage[] = [];
  const add = (cls: string, b: string | Uint8Array | undefined) => {
    if (b !== undefined) out.push({ cls, bytes: b });
  };
  add("empty", "");
  add("whitespace", " \n\n");
  add("truncated-half", bytes.subarray(0, Math.floor(bytes.length / 2)));
  add("truncated-tail", bytes.subarray(0, Math.max(0, bytes.length - 7)));
  // 4 KiB of pseudo-random bytes (a fixed LCG: the same bytes every run).
  let s = 0x2545f491;
  const noise = Buffer.alloc(4096, 0).map(() => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 24;
  });
  add("binary", noise);
  add(
    "invalid-utf8",
    Buffer.concat([
      bytes.subarray(0, bytes.length >> 1),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
      bytes.subarray(bytes.length >> 1),
    ]),
  );
  add("bom", `\uFEFF${valid}`);
  add("crlf", valid.replace(/\r?\n/g, "\r\n"));
  add("bare-cr", valid.replace(/\r?\n/g, "\r"));
  add("no-final-newline", valid.replace(/\n+$/, ""));
  if (shape === "text") {
    add("long-line", [...lines.slice(0, 1), "x".repeat(2_000_000), ...lines.slice(1)].join("\n"));
    add(
      "negative",
      textNumbers(valid, (n) => (n.startsWith("-") ? n.slice(1) : `-${n}`)),
    );
    add(
      "huge-number",
      textNumbers(valid, () => "1e999"),
    );
    add("nan-infinity", numbersAsLiterals(valid, shape, ["NaN", "Infinity", "-Infinity"]));
  } else {
    let first = true;
    add(
      "long-line",
      perDocument(valid, shape, (v) =>
        JSON.stringify(
          mapJson(v, (x) => {
            if (typeof x === "string" && first) {
              first = false;
              return "x".repeat(2_000_000);
            }
            return x;
          }),
        ),
      ),
    );
    add(
      "numbers-as-strings",
      perDocument(valid, shape, (v) =>
        JSON.stringify(mapJson(v, (x) => (typeof x === "number" ? String(x) : x))),
      ),
    );
    add(
      "strings-as-numbers",
      perDocument(valid, shape, (v) => JSON.stringify(mapJson(v, (x) => (typeof x === "string" ? 7 : x)))),
    );
    add(
      "nulls",
      perDocument(valid, shape, (v) => JSON.stringify(mapJson(v, () => null))),
    );
    add(
      "root-wrapped",
      perDocument(valid, shape, (v) => JSON.stringify([v])),
    );
    add(
      "negative",
      perDocument(valid, shape, (v) =>
        JSON.stringify(mapJson(v, (x) => (typeof x === "number" ? (x === 0 ? -1 : -x) : x))),
      ),
    );
    add(
      "huge-number",
      perDocument(valid, shape, (v) =>
        JSON.stringify(
          mapJson(v, (x) =>
            typeof x === "number" ? (Number.isInteger(x) ? 1e21 : 1.7976931348623157e308) : x,
          ),
        ),
      ),
    );
    add(
      "fractional",
      perDocument(valid, shape, (v) =>
        JSON.stringify(mapJson(v, (x) => (typeof x === "number" ? x + 0.5 : x))),
      ),
    );
    add("nan-infinity", numbersAsLiterals(valid, shape, ["NaN", "Infinity", "-Infinity"]));
    add(
      "first-key-dropped",
      perDocument(valid, shape, (v) => {
        const drop = (x: Json): Json => {
          if (Array.isArray(x)) return x.map(drop);
          if (x && typeof x === "object") {
            const e = Object.entries(x);
            return Object.fromEntries(e.slice(1).map(([k, y]) => [k, drop(y)]));
          }
          return x;
        };
        return JSON.stringify(drop(v));
      }),
    );
  }
  if (shape === "jsonl") {
    const rows = lines.filter((l) => l.trim() !== "");
    add("duplicate-rows", `${[...rows, ...rows].join("\n")}\n`);
    add("junk-row", `${[...rows.slice(0, 1), "{not json", ...rows.slice(1)].join("\n")}\n`);
    add("torn-last-row", `${rows.join("\n").slice(0, -5)}`);
    // ~4 MB of the same rows (a big file, not a valid one: ids repeat).
    const big: string[] = [];
    let n = 0;
    while (n < 4_000_000) {
      for (const r of rows) {
        big.push(r);
        n += r.length + 1;
      }
    }
    add("huge-file", `${big.join("\n")}\n`);
  } else if (shape === "json") {
    add("huge-file", `${valid}${" ".repeat(4_000_000)}\n`);
    add("trailing-garbage", `${valid}\n}{`);
  } else {
    add("huge-file", `${valid}\n${valid.repeat(Math.ceil(4_000_000 / Math.max(1, valid.length)))}`);
  }
  for (const path of ["directory", "dangling-link", "missing", "unreadable", "link-loop"] as PathKind[])
    out.push({ cls: path, path });
  return out;
}

/** Random structural / byte mutations (tests/fuzz/lib/mutate.ts), `n` of them from `seed`. */
export function randomDamages(valid: string, shape: Shape, seed: number, n: number): Damage[] {
  return fc.sample(mutationsOf(valid, shape), { seed, numRuns: n }).map((b) => ({ cls: "random", bytes: b }));
}

// ---------------------------------------------------------------------------------------------
// Running one case.

export const DIST = join(ROOT, "dist/bin");
/** Whether chmod 000 stops this process from reading (root reads anyway). */
export const IS_ROOT = process.getuid?.() === 0;

/** Newest modification time of any file under `dir`. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : lstatSync(p).mtimeMs);
  }
  return t;
}

/** How the bins are started: the arguments to node before the command's own. */
export interface BinLauncher {
  kind: "dist" | "src" | "bundle";
  argv: (bin: "gf01" | "geb") => string[];
}

/**
 * How the bins are started: the built bundles (`npm run build`) when they are newer than every
 * source file, else the sources through tsx (the same main; slower start-up), so a stale dist/
 * never stands in for the code under test. FUZZ_BINS=dist|src forces one. The test suite
 * passes its own per-run bundle instead (setBinLauncher).
 */
export function binLauncher(): BinLauncher {
  const want = process.env.FUZZ_BINS;
  const built = existsSync(join(DIST, "gf01.js")) && existsSync(join(DIST, "geb.js"));
  const fresh = built && lstatSync(join(DIST, "gf01.js")).mtimeMs >= newest(join(ROOT, "src"));
  if (want === "dist" || (want !== "src" && fresh))
    return { kind: "dist", argv: (bin) => [join(DIST, `${bin}.js`)] };
  // tsx by its file: the working directory of a case is a temp dir, where `tsx` does not resolve.
  const tsx = pathToFileURL(join(ROOT, "node_modules/tsx/dist/loader.mjs")).href;
  return { kind: "src", argv: (bin) => ["--import", tsx, join(ROOT, "src/bin", `${bin}.ts`)] };
}
let launcher: BinLauncher | undefined;
/** Start the bins another way from now on (tests/fuzz/commands.test.ts: the run's one bundle). */
export function setBinLauncher(l: BinLauncher): void {
  launcher = l;
}
const launch = (bin: "gf01" | "geb") => {
  launcher ??= binLauncher();
  return launcher.argv(bin);
};

export interface ProcResult {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** Spawn a built bin in `cwd`; stdin closed; killed (as a group) after `timeoutMs`. */
export function runBin(
  bin: "gf01" | "geb",
  argv: string[],
  cwd: string,
  timeoutMs = 60_000,
): Promise<ProcResult> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...launch(bin), ...argv], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, HOME: cwd, ORACLEBENCH_DEBUG: "", NO_COLOR: "1", FORCE_COLOR: "0" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      if (stdout.length < 1_000_000) stdout += d;
    });
    child.stderr.on("data", (d) => {
      if (stderr.length < 1_000_000) stderr += d;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - t0, timedOut });
    });
  });
}

/** Every path under `dir` (relative, `/` after folders), sorted. */
export function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.push(`${r}/`);
        walk(join(d, e.name), r);
      } else out.push(r);
    }
  };
  walk(dir, "");
  return out.sort();
}

const sha = (p: string) => {
  try {
    const st = lstatSync(p);
    if (!st.isFile()) return st.isSymbolicLink() ? "link" : "dir";
    return createHash("sha256").update(readFileSync(p)).digest("hex");
  } catch {
    return "absent";
  }
};

export interface CaseResult {
  command: string;
  cls: string;
  code: number | null;
  ms: number;
  /** Killed at the time limit. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  violations: { kind: ViolationKind; detail: string }[];
  /** Repro: the working dir kept (on violation) and the command line. */
  repro?: string;
}

export type ViolationKind =
  | "stack-trace"
  | "internal-error"
  | "exit-code"
  | "message"
  | "left-behind"
  | "temp-file"
  | "input-modified"
  | "damaged-row-accepted"
  | "hang";

/** Lay the damaged input out in `cwd`. */
function place(cwd: string, fileName: string, d: Damage): void {
  const p = join(cwd, fileName);
  mkdirSync(join(p, ".."), { recursive: true });
  if (d.bytes !== undefined) writeFileSync(p, d.bytes);
  else if (d.path === "directory") mkdirSync(p, { recursive: true });
  else if (d.path === "dangling-link") symlinkSync(join(cwd, "nowhere", "x.json"), p);
  else if (d.path === "link-loop") symlinkSync(p, p);
  else if (d.path === "unreadable") {
    if (IS_ROOT) {
      // Simulated: root reads a chmod-000 file anyway; /proc/self/mem exists and every read of
      // it at offset 0 fails (EIO), which is what a reader meets on an unreadable file.
      symlinkSync("/proc/self/mem", p);
    } else {
      writeFileSync(p, "{}");
      chmodSync(p, 0o000);
    }
  }
  // "missing": nothing.
}

/** Run one damaged case and check it (violations empty = the contract held). */
export async function runCase(
  c: CommandInput,
  d: Damage,
  base: string,
  o: { timeoutMs?: number; keep?: boolean; extraArgv?: string[] } = {},
): Promise<CaseResult> {
  const cwd = mkdtempSync(join(base, "case-"));
  for (const [name, body] of Object.entries(c.files ?? {})) {
    mkdirSync(join(cwd, name, ".."), { recursive: true });
    writeFileSync(join(cwd, name), body);
  }
  place(cwd, c.fileName, d);
  const before = listing(cwd);
  const inputHash = sha(join(cwd, c.fileName));
  const argv = [...c.argv.map((a) => (a === IN ? c.fileName : a)), ...(o.extraArgv ?? [])];
  const r = await runBin(c.bin, argv, cwd, o.timeoutMs);
  const violations = caseViolations(c, r, {
    before,
    after: listing(cwd),
    fileName: c.fileName,
    inputChanged: sha(join(cwd, c.fileName)) !== inputHash,
  });
  if (r.code === 0 && c.check && !violations.length) {
    const bad = await c.check(cwd);
    if (bad) violations.push({ kind: "damaged-row-accepted", detail: bad });
  }
  const repro = `cd ${cwd} && node ${launch(c.bin).map(shellQuote).join(" ")} ${argv.map(shellQuote).join(" ")}`;
  if (!violations.length && !o.keep) {
    try {
      chmodSync(join(cwd, c.fileName), 0o644);
    } catch {}
    rmSync(cwd, { recursive: true, force: true });
  }
  return {
    command: c.name,
    cls: d.cls,
    code: r.code,
    ms: r.ms,
    timedOut: r.timedOut,
    stdout: r.stdout.slice(0, 2000),
    stderr: r.stderr.slice(0, 2000),
    violations,
    repro: violations.length ? repro : undefined,
  };
}

export const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/** The per-case contract (pure: the process result and the listings). */
export function caseViolations(
  c: Pick<CommandInput, "bin" | "flag" | "okCodes" | "reportOnStdout" | "verdict" | "verdictWrites">,
  r: ProcResult,
  fs: { before: string[]; after: string[]; fileName: string; inputChanged: boolean; names?: string[] },
): { kind: ViolationKind; detail: string }[] {
  const v: { kind: ViolationKind; detail: string }[] = [];
  const first = (s: string) => s.split("\n").find((l) => l.trim()) ?? "";
  if (r.timedOut) v.push({ kind: "hang", detail: `killed after ${r.ms} ms` });
  if (/^ {4}at /m.test(r.stderr) || /^ {4}at /m.test(r.stdout))
    v.push({ kind: "stack-trace", detail: first(r.stderr) });
  if (/internal error/i.test(r.stderr)) v.push({ kind: "internal-error", detail: first(r.stderr) });
  const ok = [0, 2, ...(c.okCodes ?? [])];
  if (!r.timedOut && (r.code === null || !ok.includes(r.code)))
    v.push({ kind: "exit-code", detail: `exit ${r.code ?? r.signal}: ${first(r.stderr)}` });
  // A check's verdict: exit 2 with its JSON report on stdout (the release and P0 checks; a
  // stderr line, if any, is checked below), or a stderr line matching `verdict` (q033 close).
  const lines = r.stderr.split("\n").filter((l) => l.trim() !== "");
  const stdoutReport = !!c.reportOnStdout && r.stdout.trim().startsWith("{");
  const verdictLine = !!c.verdict && lines.length === 1 && c.verdict.test(lines[0].trim());
  const verdict = r.code === 2 && (stdoutReport || verdictLine);
  if (r.code === 2 && !verdictLine && !(stdoutReport && lines.length === 0)) {
    const base = fs.fileName.split("/").pop() as string;
    const names = [base, fs.fileName, ...(fs.names ?? [])];
    if (lines.length !== 1)
      v.push({ kind: "message", detail: `${lines.length} stderr lines: ${r.stderr.slice(0, 300)}` });
    else if (!lines[0].startsWith(`${c.bin}: `))
      v.push({ kind: "message", detail: `not "${c.bin}: …": ${lines[0]}` });
    else if (!stdoutReport && !names.some((n) => lines[0].includes(n)))
      v.push({ kind: "message", detail: `does not name ${base}: ${lines[0].slice(0, 300)}` });
  }
  const added = fs.after.filter((p) => !fs.before.includes(p));
  const temps = added.filter((p) => /\.tmp|\.partial|~$/.test(p));
  if (temps.length) v.push({ kind: "temp-file", detail: temps.join(", ") });
  if (
    r.code !== 0 &&
    !(verdict && c.verdictWrites) &&
    !(c.okCodes ?? []).includes(r.code ?? -1) &&
    added.length &&
    !temps.length
  )
    v.push({ kind: "left-behind", detail: `exit ${r.code}, left: ${added.slice(0, 8).join(", ")}` });
  if (fs.inputChanged) v.push({ kind: "input-modified", detail: fs.fileName });
  return v;
}

// ---------------------------------------------------------------------------------------------
// Numeric flags.

/** Values every numeric flag meets: the parser rejects them (exit 2 naming the flag) or the run uses them. */
export const NUMERIC_VALUES = ["NaN", "Infinity", "-1", "-0", "0", "2.5", "1e999", "9999999999", ""];

export interface FlagCase {
  command: string;
  flag: string;
  value: string;
  input: CommandInput;
}

/** Every numeric flag of every command in the table, on that command's valid line. */
export function flagCases(table: CommandInput[], values = NUMERIC_VALUES): FlagCase[] {
  const sites = flagSites().filter((s) => isNumericFlag(s.option));
  const seen = new Set<string>();
  const out: FlagCase[] = [];
  for (const c of table) {
    const cmdPath = c.argv.slice(
      0,
      c.argv.findIndex((a) => a.startsWith("--")),
    );
    const key = `${c.bin} ${cmdPath.join(" ")}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const s of sites) {
      if (s.bin !== c.bin || s.command.join(" ") !== cmdPath.join(" ")) continue;
      for (const value of values) out.push({ command: key, flag: s.option.long as string, value, input: c });
    }
  }
  return out;
}

/** A numeric-flag case: the valid input, the flag appended (the last value wins). */
export async function runFlagCase(
  f: FlagCase,
  base: string,
  o: { timeoutMs?: number } = {},
): Promise<CaseResult> {
  const c = f.input;
  // A huge accepted count runs long: cut at 10 s and counted as `timeout` (not a violation).
  const r = await runCase({ ...c, flag: f.flag, check: undefined }, { cls: "valid", bytes: c.valid }, base, {
    timeoutMs: 10_000,
    ...o,
    extraArgv: [f.flag, f.value],
  });
  // On exit 2 the line must name the flag (or the input file, when the input is what failed).
  const line = r.stderr.split("\n").find((l) => l.trim()) ?? "";
  const violations = r.violations.filter(
    (x) =>
      x.kind !== "message" &&
      (!r.timedOut || (x.kind !== "hang" && x.kind !== "left-behind" && x.kind !== "temp-file")),
  );
  // A check's verdict (its JSON report on stdout, stderr empty) is not a rejected value.
  const verdict = !!c.reportOnStdout && line === "" && r.stdout.trim().startsWith("{");
  if (r.code === 2 && !verdict && !line.includes(f.flag) && !line.includes(c.fileName))
    violations.push({ kind: "message", detail: `does not name ${f.flag}: ${line.slice(0, 300)}` });
  return { ...r, command: `${f.command} ${f.flag}`, cls: `value ${JSON.stringify(f.value)}`, violations };
}

// ---------------------------------------------------------------------------------------------
// A pool of concurrent cases.

export async function pool<T, R>(items: T[], n: number, f: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, n) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i], i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// The campaign (npm run fuzz:soak -- --commands).

export interface CampaignSummary {
  cases: number;
  /** Per (command, flag): cases, exit codes seen, violations. */
  commands: Record<string, { cases: number; exits: Record<string, number>; violations: number }>;
  /** Violations by kind. */
  byKind: Record<string, number>;
  /** Violations by mutation class. */
  byClass: Record<string, number>;
  /** Numeric flag values a command ran with (exit 0): for review, not violations. */
  acceptedNumbers: string[];
  failures: {
    command: string;
    cls: string;
    code: number | null;
    kinds: string[];
    detail: string;
    repro?: string;
  }[];
}

/**
 * Every pair × every damage class (+ `random` random mutations each), then every numeric flag
 * of the table's commands × NUMERIC_VALUES. Failing cases keep their working dir (the repro).
 */
export async function runCampaign(
  fx: FuzzFixtures,
  base: string,
  o: {
    jobs?: number;
    random?: number;
    seed?: number;
    only?: RegExp;
    flags?: boolean;
    /** Numeric flag values (default NUMERIC_VALUES). */
    values?: string[];
    onResult?: (r: CaseResult, done: number, total: number, sofar: CampaignSummary) => void;
  } = {},
): Promise<CampaignSummary> {
  const table = commandTable(fx).filter((c) => !o.only || o.only.test(c.name));
  type Job = () => Promise<CaseResult>;
  const jobs: Job[] = [];
  for (const c of table) {
    const ds = [
      ...damagesOf(c.valid, c.shape),
      ...randomDamages(c.valid, c.shape, (o.seed ?? 31) ^ c.name.length, o.random ?? 0),
    ];
    for (const d of ds) jobs.push(() => runCase(c, d, base));
  }
  if (o.flags !== false) for (const f of flagCases(table, o.values)) jobs.push(() => runFlagCase(f, base));
  const s: CampaignSummary = {
    cases: 0,
    commands: {},
    byKind: {},
    byClass: {},
    acceptedNumbers: [],
    failures: [],
  };
  let done = 0;
  await pool(jobs, o.jobs ?? 2, async (job) => {
    const r = await job();
    done++;
    s.cases++;
    s.commands[r.command] ??= { cases: 0, exits: {}, violations: 0 };
    const e = s.commands[r.command];
    e.cases++;
    e.exits[String(r.code)] = (e.exits[String(r.code)] ?? 0) + 1;
    if (r.cls.startsWith("value ") && (r.code === 0 || r.code === null))
      s.acceptedNumbers.push(
        `${r.command} ${r.cls.slice(6)}${r.code === null ? " (still running at 10 s)" : ""}`,
      );
    if (r.violations.length) {
      e.violations++;
      for (const v of new Set(r.violations.map((x) => x.kind))) s.byKind[v] = (s.byKind[v] ?? 0) + 1;
      const cls = r.cls.startsWith("value ") ? "numeric flag" : r.cls;
      s.byClass[cls] = (s.byClass[cls] ?? 0) + 1;
      s.failures.push({
        command: r.command,
        cls: r.cls,
        code: r.code,
        kinds: r.violations.map((x) => x.kind),
        detail: r.violations
          .map((x) => x.detail)
          .join(" | ")
          .slice(0, 600),
        repro: r.repro,
      });
    }
    o.onResult?.(r, done, jobs.length, s);
  });
  return s;
}
