/**
 * The release layer, the I/O side: read and validate the contract and profiles (errors
 * name file, line and field), produce each required family through the trap API into
 * `<out-dir>/families/<member>/` and stamp it with the run id, read the artifacts back,
 * and write the matrix, the failure report, the failed-row-id files and the signal.
 * Pure logic: matrix.ts and signal.ts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { EngineFromOptions } from "../../core/engine/cli.js";
import { type ReplyTally, sumTallies } from "../../core/engine/unparseable.js";
import { InputError } from "../../core/errors.js";
import { acquireLock } from "../../core/lock.js";
import { canonicalHash, sha256Hex } from "../../core/hash.js";
import { parseWith } from "../../core/schema.js";
import { writeTextAtomic } from "../io.js";
import { trapFamily } from "../trap/registry.js";
import { generateTrapFiles, runTrapFamily } from "../trap/run.js";
import { trapReliabilitySchema, trapRunSummarySchema } from "../trap/schema.js";
import type { TrapStage } from "../trap/types.js";
import { type NoModelProgram, noModelClient, noModelProgram } from "./builtin.js";
import {
  buildMatrix,
  type FamilyObservation,
  failedRowIds,
  type MemberDetail,
  type MemberObservation,
  membersOf,
  renderReport,
  rowIdFiles,
  sampleRow,
} from "./matrix.js";
import {
  type ReleaseContract,
  type ReleaseMatrix,
  type ReleaseProfile,
  type ReleaseSignal,
  type ReleaseStamp,
  releaseContractSchema,
  ragSummarySchema,
  releaseMatrixSchema,
  releaseProfilesSchema,
  releaseStampSchema,
  SIGNAL_VERSION,
  STAMP_VERSION,
} from "./schema.js";
import {
  CORE_FAMILY,
  coreValue,
  DEFAULT_STRICT_FLOORS,
  type DerivedScores,
  deriveScores,
  type Means,
  numericMeans,
  SIGNAL_FAMILIES,
  type SignalThresholds,
  signalChecks,
  type StrictSummary,
} from "./signal.js";

export const DEFAULT_CONTRACT_FILE = fileURLToPath(
  new URL("../../../configs/release_gate_contract.json", import.meta.url),
);
export const DEFAULT_PROFILES_FILE = fileURLToPath(
  new URL("../../../configs/release_gate_profiles.json", import.meta.url),
);
/** Rows per split of the `smoke` size (CI): enough for every generator's profiles. */
export const SMOKE_SIZES = { anchors: 4, holdout: 8, canary: 2 } as const;

const json = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

// ---------------------------------------------------------------------------------------
// Reading JSON with line numbers.

/** The 1-based line where the value at `path` starts in JSON `text` (undefined when absent). */
export function jsonLineOf(text: string, path: readonly (string | number)[]): number | undefined {
  let i = 0;
  let line = 1;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) {
      if (text[i] === "\n") line++;
      i++;
    }
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  // Walk to the value at path[depth]; returns its line or undefined.
  const walk = (depth: number): number | undefined => {
    ws();
    if (depth === path.length) return line;
    const want = path[depth];
    if (text[i] === "{") {
      i++;
      for (;;) {
        ws();
        if (text[i] === "}") return undefined;
        const k = str();
        ws();
        i++; // :
        ws();
        if (k === want) return walk(depth + 1);
        skip();
        ws();
        if (text[i] === ",") i++;
      }
    }
    if (text[i] === "[") {
      i++;
      for (let n = 0; ; n++) {
        ws();
        if (text[i] === "]") return undefined;
        if (n === want) return walk(depth + 1);
        skip();
        ws();
        if (text[i] === ",") i++;
      }
    }
    return undefined;
  };
  const skip = () => {
    ws();
    if (text[i] === '"') return void str();
    if (text[i] === "{" || text[i] === "[") {
      const close = text[i] === "{" ? "}" : "]";
      i++;
      for (;;) {
        ws();
        if (text[i] === close) {
          i++;
          return;
        }
        if (close === "}") {
          str();
          ws();
          i++;
        }
        skip();
        ws();
        if (text[i] === ",") i++;
      }
    }
    while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  };
  try {
    return walk(0);
  } catch {
    return undefined;
  }
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch (e) {
    throw new InputError(
      `cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      {
        file,
      },
    );
  }
}

function parseJsonText(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    // V8 names the position in longer texts ("… at position 57 (line 3 column 1)").
    const m = /\(line (\d+) column/.exec((e as Error).message) ?? /position (\d+)/.exec((e as Error).message);
    const line = !m
      ? undefined
      : m[0].startsWith("(")
        ? Number(m[1])
        : text.slice(0, Number(m[1])).split("\n").length;
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line });
  }
}

/** Parse a JSON file with a schema; a schema error names the file, the field and its line. */
function readValidated<T>(
  file: string,
  what: string,
  schema: import("zod").ZodType<T>,
): { value: T; text: string } {
  const text = readText(file, what);
  const data = parseJsonText(file, text);
  const r = schema.safeParse(data);
  if (r.success) return { value: r.data, text };
  const issue = r.error.issues[0];
  const path = issue.path as (string | number)[];
  // The deepest path prefix that exists in the file (a missing key: its parent object).
  let line: number | undefined;
  for (let n = path.length; n >= 0 && line === undefined; n--) line = jsonLineOf(text, path.slice(0, n));
  try {
    parseWith(schema, data, { file });
  } catch (e) {
    if (e instanceof InputError) throw new InputError(e.reason, { file, line, field: e.field });
    throw e;
  }
  throw new InputError(issue.message, { file, line });
}

/** The release contract: schema, then every member a ported trap family, ids unique. */
export function loadContract(file: string = DEFAULT_CONTRACT_FILE): ReleaseContract {
  const { value: c, text } = readValidated(file, "release contract", releaseContractSchema);
  const fams = c.strict_release.required_reliability_families;
  const seen = new Set<string>();
  fams.forEach((f, i) => {
    const at = (field: (string | number)[], msg: string) =>
      new InputError(msg, {
        file,
        line: jsonLineOf(text, ["strict_release", "required_reliability_families", i, ...field]),
        field: `strict_release.required_reliability_families[${i}].${field.join(".").replace(/\.(\d+)/g, "[$1]")}`,
      });
    if (seen.has(f.id)) throw at(["id"], `family ${f.id} is listed twice`);
    seen.add(f.id);
    membersOf(f).forEach((m, j) => {
      if (!trapFamily(m))
        throw at(f.members ? ["members", j] : ["id"], `${m} is not a trap family (geb trap list)`);
    });
  });
  return c as ReleaseContract;
}

export function loadProfile(name: string, file: string = DEFAULT_PROFILES_FILE): ReleaseProfile {
  const { value } = readValidated(file, "release profiles", releaseProfilesSchema);
  const p = (value as { profiles: Record<string, ReleaseProfile> }).profiles[name];
  if (!p)
    throw new InputError(
      `no profile ${JSON.stringify(name)} (profiles: ${Object.keys((value as { profiles: object }).profiles).join(", ")})`,
      { file, field: "--profile" },
    );
  return p;
}

// ---------------------------------------------------------------------------------------
// Producing and reading family artifacts.

export const familyDir = (root: string, member: string): string => join(root, "families", member);
const reliabilityPath = (root: string, member: string) =>
  join(familyDir(root, member), `${member}_reliability.json`);
const stampPath = (root: string, member: string) => join(familyDir(root, member), "release_stamp.json");

/** The run id: a hash of everything that defines the run (same inputs ⇒ same id). */
export function defaultRunId(parts: Record<string, unknown>): string {
  return `release-${canonicalHash(parts).slice(0, 16)}`;
}

function readJsonValidated<T>(file: string, schema: import("zod").ZodType<T>, what: string): T | null {
  if (!existsSync(file)) return null;
  return readValidated(file, what, schema).value;
}

function readRows(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  const out: Record<string, unknown>[] = [];
  readText(file, "rows file")
    .split("\n")
    .forEach((l, n) => {
      const t = l.trim();
      if (!t) return;
      let v: unknown;
      try {
        v = JSON.parse(t);
      } catch {
        throw new InputError("invalid JSON", { file, line: n + 1 });
      }
      if (v !== null && typeof v === "object" && !Array.isArray(v)) out.push(v as Record<string, unknown>);
      else throw new InputError("a row must be a JSON object", { file, line: n + 1 });
    });
  return out;
}

interface MemberRead {
  obs: MemberObservation;
  detail: MemberDetail;
  /** Holdout means of the last run, and of each no-model program (from the summary). */
  lastHoldout: Means | null;
  programs: Record<string, Means>;
}

function readMember(root: string, member: string, sampleLimit = 5): MemberRead {
  const relFile = reliabilityPath(root, member);
  const rel = readJsonValidated(relFile, trapReliabilitySchema, "reliability file") as {
    status: string;
    failures: string[];
    stage: string;
    runs: number;
  } | null;
  const sha = rel ? sha256Hex(readFileSync(relFile)) : null;
  const stamp = readJsonValidated(
    stampPath(root, member),
    releaseStampSchema,
    "release stamp",
  ) as ReleaseStamp | null;
  const dir = familyDir(root, member);
  const summary = (run: number) => {
    const f = join(dir, `run-${run}`, `${member}_summary.json`);
    return readJsonValidated(f, trapRunSummarySchema, "run summary") as
      | import("../trap/framework.js").TrapRunSummary
      | null;
  };
  const first = rel && rel.runs > 0 ? summary(1) : null;
  const last = rel && rel.runs > 0 ? summary(rel.runs) : null;
  const rows = rel ? readRows(join(dir, "run-1", "holdout_rows.jsonl")) : [];
  const failed = failedRowIds(rows);
  const acc = first ? [{ family: member, ...first.holdout.accuracy }] : [];
  const programs: Record<string, Means> = {};
  if (last)
    for (const [p, v] of Object.entries(last.baselines.baselines))
      if (v) programs[p] = numericMeans(v.holdout.means);
  return {
    obs: {
      id: member,
      artifactPath: relFile,
      reliability: rel ? { status: rel.status, failures: rel.failures, stage: rel.stage } : null,
      reliabilitySha: sha,
      stamp,
      failedRowIds: failed,
      holdoutAccuracy: acc,
    },
    detail: {
      id: member,
      reliabilityPath: relFile,
      reliability: rel ? { status: rel.status, failures: rel.failures } : null,
      runDir: first ? join(dir, "run-1") : null,
      holdout: first ? { status: first.holdout.status, failures: first.holdout.failures } : null,
      samples: rows
        .filter((r) => failed.includes(String(r.id).trim()))
        .slice(0, sampleLimit)
        .map(sampleRow),
      failedIds: failed,
    },
    lastHoldout: last ? numericMeans(last.holdout.means) : null,
    programs,
  };
}

export interface MatrixRunOptions {
  contractFile?: string;
  outDir: string;
  /** Read artifacts from this directory (a previous matrix's --out-dir) instead of producing them. */
  useExisting?: string;
  /** The run id (default: a hash of the run's inputs). With useExisting: the run whose stamps count as fresh. */
  runId?: string;
  model?: string;
  engine?: EngineFromOptions;
  runs?: number;
  minRuns?: number;
  size?: "default" | "smoke";
  /** Only these contract families (for tests and partial runs); the rest are not produced. */
  only?: string[];
  /** Progress lines (one per family). */
  log?: (line: string) => void;
}

export interface MatrixRunResult {
  matrix: ReleaseMatrix;
  files: string[];
  firstProducerError: string | null;
  /** The model's replies over every family produced now, for `--max-unparseable-share`. */
  replies: ReplyTally;
}

/** Produce (or read) every required family, then write the matrix, report and row-id files. */
export async function runReleaseMatrix(o: MatrixRunOptions): Promise<MatrixRunResult> {
  // One run at a time per out dir: a second one would remove the first one's stamps.
  const lock = await acquireLock(o.outDir);
  try {
    return await runReleaseMatrixLocked(o);
  } finally {
    lock.release();
  }
}

async function runReleaseMatrixLocked(o: MatrixRunOptions): Promise<MatrixRunResult> {
  const contractFile = o.contractFile ?? DEFAULT_CONTRACT_FILE;
  const contract = loadContract(contractFile);
  const program = o.model ? noModelProgram(o.model) : null;
  if (!o.useExisting && (!o.engine || !o.model))
    throw new InputError("give --model to produce the families, or --use-existing <dir>", {
      field: "--model",
    });
  const runId =
    o.useExisting && !o.runId
      ? defaultRunId({ use_existing: o.useExisting })
      : (o.runId ??
        defaultRunId({
          contract: sha256Hex(readFileSync(contractFile)),
          model: o.model,
          params: o.engine?.params,
          runs: o.runs ?? 2,
          size: o.size ?? "default",
          only: o.only ?? null,
        }));
  const root = o.useExisting ?? o.outDir;
  const observations: FamilyObservation[] = [];
  const details = new Map<string, MemberDetail[]>();
  let firstProducerError: string | null = null;
  const tallies: ReplyTally[] = [];
  for (const f of contract.strict_release.required_reliability_families) {
    const members = membersOf(f);
    let attempted = false;
    let succeeded = false;
    let exitCode = 0;
    if (!o.useExisting && (!o.only || o.only.includes(f.id))) {
      attempted = true;
      succeeded = true;
      for (const m of members) {
        // Invalidate the previous artifacts first: only this run can write a fresh stamp.
        rmSync(reliabilityPath(root, m), { force: true });
        rmSync(stampPath(root, m), { force: true });
        const r = await produceMember(m, f.stage, root, o, program).catch((e: unknown) => {
          if (e instanceof InputError) throw e;
          return { ok: false, code: 2, error: (e as Error).message };
        });
        if ("replies" in r) tallies.push(r.replies);
        if (!r.ok) {
          succeeded = false;
          firstProducerError ??= `${m}: ${r.error}`;
        }
        exitCode = Math.max(exitCode, r.code);
        if (r.ok) {
          const sha = sha256Hex(readFileSync(reliabilityPath(root, m)));
          const stamp: ReleaseStamp = {
            schema_version: STAMP_VERSION,
            family: m,
            generated_by_run: runId,
            reliability_sha256: sha,
          };
          writeTextAtomic(stampPath(root, m), json(stamp));
        }
        o.log?.(`${m}: ${r.ok ? `done (exit ${r.code})` : `producer failed: ${r.error}`}`);
      }
    }
    const reads = members.map((m) => readMember(root, m));
    details.set(
      f.id,
      reads.map((r) => r.detail),
    );
    observations.push({
      family: f,
      members: reads.map((r) => r.obs),
      producerAttempted: attempted,
      producerSucceeded: succeeded,
      producerExitCode: exitCode,
    });
  }
  const matrix = buildMatrix(observations, {
    contract,
    contractPath: contractFile,
    runId,
    model: o.model ?? null,
    subject: program ? "no-model" : "model",
    useExisting: Boolean(o.useExisting),
    expectRun: o.useExisting ? (o.runId ?? null) : null,
  });
  mkdirSync(o.outDir, { recursive: true });
  const matrixFile = join(o.outDir, "release_matrix.json");
  writeTextAtomic(matrixFile, json(matrix));
  const reportFile = join(o.outDir, "release_matrix_failures.txt");
  writeTextAtomic(reportFile, renderReport(matrix, matrixFile, details));
  const files = [matrixFile, reportFile];
  const rowsDir = join(o.outDir, "rows");
  // Row-id files of an earlier matrix in this directory would read as this run's: remove
  // the ones this command writes (and nothing else).
  for (const name of [
    "failed_row_ids.txt",
    "failed_holdout_row_ids.txt",
    ...contract.strict_release.required_reliability_families.map((f) => `${f.id}_holdout_failed_ids.txt`),
  ])
    rmSync(join(rowsDir, name), { force: true });
  const idFiles = rowIdFiles(
    details,
    matrix.failing_families.map((x) => x.id),
  );
  if (idFiles.size) mkdirSync(rowsDir, { recursive: true });
  for (const [name, text] of idFiles) {
    writeTextAtomic(join(rowsDir, name), text);
    files.push(join(rowsDir, name));
  }
  return { matrix, files, firstProducerError, replies: sumTallies(...tallies) };
}

async function produceMember(
  member: string,
  stage: TrapStage,
  root: string,
  o: MatrixRunOptions,
  program: NoModelProgram | null,
): Promise<{ ok: boolean; code: number; error: string | null; replies: ReplyTally }> {
  const family = trapFamily(member)!;
  const dir = familyDir(root, member);
  let dataDir: string | undefined;
  if (o.size === "smoke") {
    dataDir = join(dir, "fixtures");
    const sizes = family.emptySplits?.length ? {} : SMOKE_SIZES;
    generateTrapFiles(family, dataDir, { ...sizes, overwrite: true });
  }
  const engine: EngineFromOptions = program
    ? { ...o.engine!, client: noModelClient(program, member) }
    : o.engine!;
  const r = await runTrapFamily({
    family,
    stage,
    runs: o.runs ?? 2,
    minRuns: o.minRuns ?? o.runs ?? 2,
    outDir: dir,
    dataDir,
    engine,
    model: o.model!,
    overwrite: true,
  });
  if (r.errors > 0)
    return { ok: false, code: 1, error: r.firstError ?? "requests failed", replies: r.replies };
  return { ok: true, code: r.reliability?.status === "PASS" ? 0 : 1, error: null, replies: r.replies };
}

// ---------------------------------------------------------------------------------------
// The signal.

export interface SignalRunOptions {
  /** A matrix --out-dir (families/<member>/…). */
  dir: string;
  contractFile?: string;
  ragSummary?: string;
  profile: string;
  profilesFile?: string;
  skipDomainHardChecks?: boolean;
  /** Overrides of the profile's derived floors (null = none). */
  floors?: Partial<SignalThresholds>;
  subject?: "model" | "no-model";
}

/** The strict RAG summary's status, numeric means and per-dataset exact_acc. */
export function readStrictSummary(file: string): StrictSummary {
  const { value } = readValidated(file, "strict RAG summary", ragSummarySchema);
  const v = value as { status?: unknown; means?: unknown; datasets?: unknown; results?: unknown };
  const rows = Array.isArray(v.datasets) ? v.datasets : Array.isArray(v.results) ? v.results : [];
  const datasetExact: Record<string, number> = {};
  for (const r of rows)
    if (r && typeof r === "object" && typeof (r as { id?: unknown }).id === "string") {
      const x = (r as { exact_acc?: unknown }).exact_acc;
      const id = (r as { id: string }).id;
      if (typeof x === "number" && id) datasetExact[id] = x;
    }
  return { status: v.status, means: numericMeans(v.means), datasetExact };
}

/** Holdout means per signal family from the matrix directory, and the no-model programs' means. */
export function readSignalInputs(dir: string, contract: ReleaseContract) {
  const families: Record<string, Means | null> = {};
  const programs: Record<string, Record<string, Means>> = {};
  const accuracy: ReleaseSignal["holdout_accuracy"] = [];
  for (const id of SIGNAL_FAMILIES) {
    if (!existsSync(reliabilityPath(dir, id))) continue;
    const r = readMember(dir, id);
    families[id] = r.lastHoldout;
    programs[id] = r.programs;
    accuracy.push(...r.obs.holdoutAccuracy);
  }
  const status = contract.strict_release.required_reliability_families.map((f) => {
    const reads = membersOf(f).map((m) => readMember(dir, m).obs.reliability);
    const st = reads.some((x) => !x) ? "MISSING" : reads.every((x) => x!.status === "PASS") ? "PASS" : "FAIL";
    return { id: f.id, status: st };
  });
  return { families, programs, accuracy, status };
}

/**
 * The no-model signal: each component from the best of the family's lookup / fold / rule
 * programs' holdout means (the summaries carry them), the strict core taken as 1.0 (the
 * ledger baseline's score on the core benchmark).
 */
export function noModelSignal(programs: Record<string, Record<string, Means>>): DerivedScores & {
  programs: Record<string, string>;
} {
  const chosen: Record<string, Means | null> = {};
  const names: Record<string, string> = {};
  for (const [core, fam] of Object.entries(CORE_FAMILY)) {
    const fams =
      core === "authority_core" && programs.authority_under_interference_hardening
        ? "authority_under_interference_hardening"
        : fam;
    const ps = programs[fams];
    if (!ps) continue;
    let best: [string, number] | null = null;
    for (const [p, means] of Object.entries(ps)) {
      const v = coreValue(core, means);
      if (v !== null && (best === null || v > best[1])) best = [p, v];
    }
    if (best) {
      chosen[fams] = ps[best[0]];
      names[core] = `${fams}:${best[0]}`;
    }
  }
  const strictOne: Means = {
    value_acc: 1,
    exact_acc: 1,
    cite_f1: 1,
    instruction_acc: 1,
    state_integrity_rate: 1,
  };
  const families: Record<string, Means | null> = { ...chosen };
  if (!programs.authority_under_interference_hardening)
    delete families.authority_under_interference_hardening;
  return { ...deriveScores({ strict: strictOne, families }), programs: names };
}

/** The subject the matrix in `dir` recorded (a no-model run stays labelled so), else "model". */
function matrixSubject(dir: string): "model" | "no-model" {
  const f = join(dir, "release_matrix.json");
  if (!existsSync(f)) return "model";
  return (readValidated(f, "release matrix", releaseMatrixSchema).value as ReleaseMatrix).subject;
}

export function runReleaseSignal(o: SignalRunOptions): ReleaseSignal {
  const contract = loadContract(o.contractFile ?? DEFAULT_CONTRACT_FILE);
  const profile = loadProfile(o.profile, o.profilesFile);
  const strict = o.ragSummary ? readStrictSummary(o.ragSummary) : null;
  const inp = readSignalInputs(o.dir, contract);
  const derived = deriveScores({ strict: strict?.means ?? null, families: inp.families });
  const t: SignalThresholds = {
    ...DEFAULT_STRICT_FLOORS,
    min_reasoning_score: profile.min_reasoning_score,
    min_planning_score: profile.min_planning_score,
    min_intelligence_index: profile.min_intelligence_index,
    min_implication_coherence_core: profile.min_implication_coherence_core,
    min_agency_preservation_core: profile.min_agency_preservation_core,
    skip_domain_hard_checks: Boolean(o.skipDomainHardChecks),
    ...o.floors,
  };
  const optional = new Set([
    "compression_roundtrip_generalization",
    "novel_continuity_long_horizon",
    "myopic_planning_traps",
    "referential_indexing_suite",
    "epistemic_calibration_suite",
    "authority_under_interference_hardening",
  ]);
  const { checks, failures } = signalChecks({
    strict,
    familyStatus: inp.status.map((s) => ({
      ...s,
      required: profile.require_full_matrix || !optional.has(s.id),
    })),
    derived,
    t,
  });
  const noModel = noModelSignal(inp.programs);
  const warnings: string[] = [];
  const pairs: [string, number | null, number | null][] = [
    ["reasoning_score", derived.reasoning_score, noModel.reasoning_score],
    ["planning_score", derived.planning_score, noModel.planning_score],
    ["intelligence_index", derived.intelligence_index, noModel.intelligence_index],
  ];
  let above: boolean | null = true;
  for (const [name, m, n] of pairs) {
    if (m === null || n === null) {
      above = null;
      continue;
    }
    if (!(m > n)) {
      if (above !== null) above = false;
      warnings.push(
        `${name} ${m.toFixed(6)} is not above the no-model programs' ${n.toFixed(6)}: the score does not show more than a lookup / fold / rule program achieves`,
      );
    }
  }
  return {
    schema_version: SIGNAL_VERSION,
    benchmark: "reliability_signal",
    profile: o.profile,
    subject: o.subject ?? matrixSubject(o.dir),
    rag_summary_path: o.ragSummary ?? null,
    status: failures.length ? "FAIL" : "PASS",
    failures,
    checks,
    thresholds: { ...t },
    derived,
    no_model: noModel,
    model_above_no_model: above,
    warnings,
    holdout_accuracy: inp.accuracy,
  };
}
