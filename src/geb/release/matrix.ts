/**
 * The release matrix (pure logic): per contract family, its status from the members'
 * reliability artifacts, the first failure, whether this run produced it (freshness), and
 * the coverage / failing / freshness lists — the reference's run_release_reliability_matrix
 * structure. Freshness is decided from the stamp each produced family carries (the run id
 * that produced it and the sha256 of its reliability file), never from wall-clock mtimes.
 * The failure report and failed-row-id lists follow render_release_matrix_failure_report.py.
 */
import type {
  ContractFamily,
  MatrixFamilyRow,
  ReleaseContract,
  ReleaseMatrix,
  ReleaseStamp,
} from "./schema.js";
import { MATRIX_VERSION } from "./schema.js";

export interface MemberObservation {
  id: string;
  /** Where the member's reliability file is (or would be). */
  artifactPath: string;
  /** The parsed reliability file; null when missing. */
  reliability: { status: string; failures: string[]; stage: string } | null;
  /** sha256 of the reliability file's bytes (null when missing). */
  reliabilitySha: string | null;
  stamp: ReleaseStamp | null;
  /** Holdout rows of run 1 that failed (the reference renderer's rule), in file order. */
  failedRowIds: string[];
  holdoutAccuracy: MatrixFamilyRow["holdout_accuracy"];
}

export interface FamilyObservation {
  family: ContractFamily;
  members: MemberObservation[];
  producerAttempted: boolean;
  /** The producer ran to the end and wrote the member's reliability file(s). */
  producerSucceeded: boolean;
  producerExitCode: number;
}

export interface MatrixOptions {
  contract: ReleaseContract;
  contractPath: string;
  runId: string;
  model: string | null;
  subject: "model" | "no-model";
  useExisting: boolean;
  /**
   * --use-existing with --run-id: the run whose stamps make an existing artifact fresh. Without
   * it, existing artifacts are never fresh under must_regenerate_this_run (the reference).
   */
  expectRun: string | null;
}

export const membersOf = (f: ContractFamily): string[] => f.members ?? [f.id];

function stampProblem(m: MemberObservation, run: string): string | null {
  if (!m.reliability) return "artifact_missing";
  if (!m.stamp) return "stamp_missing";
  if (m.stamp.generated_by_run !== run) return `stamp_from_other_run(${m.stamp.generated_by_run})`;
  if (m.stamp.reliability_sha256 !== m.reliabilitySha) return "artifact_changed_after_stamp";
  return null;
}

/**
 * Why a family this run tried to produce is not fresh (must_regenerate_this_run): the first
 * rule that holds, in the reference's order; the last always holds (its stamp is not this run's).
 */
const PRODUCER_FRESHNESS: [
  when: (obs: FamilyObservation) => boolean,
  reason: (problems: string[]) => string,
][] = [
  [(obs) => !obs.producerAttempted, () => "not_regenerated_in_this_run"],
  [(obs) => !obs.producerSucceeded, () => "producer_failed_or_nonzero_exit"],
  [(obs) => obs.members.some((m) => !m.reliability), () => "artifact_missing_after_producer"],
  [() => true, (problems) => `artifact_not_stamped_by_this_run:${problems[0] ?? "unknown"}`],
];

export function familyRow(obs: FamilyObservation, o: MatrixOptions): MatrixFamilyRow {
  const f = obs.family;
  const sr = o.contract.strict_release;
  const canary = f.canary_policy ?? sr.canary_policy;
  const allowed = f.allowed_statuses;
  const composite = obs.members.length > 1;
  let status: string;
  const failures: string[] = [];
  if (obs.members.some((m) => !m.reliability)) status = "MISSING";
  else {
    status = obs.members.every((m) => m.reliability!.status === "PASS") ? "PASS" : "FAIL";
    for (const m of obs.members)
      for (const x of m.reliability!.failures) failures.push(composite ? `${m.id}: ${x}` : x);
  }
  let first =
    status === "MISSING"
      ? "artifact_missing"
      : (failures[0] ?? (status !== "PASS" ? `status=${status}` : ""));

  const run = o.useExisting ? o.expectRun : o.runId;
  const problems = run === null ? [] : obs.members.map((m) => stampProblem(m, run)).filter((p) => p !== null);
  const stampFresh = run !== null && problems.length === 0;
  const produced = obs.producerAttempted && obs.producerSucceeded && stampFresh;
  let freshOk = true;
  let reason = "";
  if (sr.freshness_policy === "must_regenerate_this_run") {
    if (o.useExisting) {
      if (o.expectRun === null) reason = "not_regenerated_in_this_run";
      else if (!stampFresh) reason = problems[0]!;
    } else if (!produced) reason = PRODUCER_FRESHNESS.find(([when]) => when(obs))![1](problems);
    freshOk = reason === "";
  }
  if (status === "MISSING") first = "artifact_missing";
  else if (!allowed.includes(status as "PASS") && first === "") first = `status=${status}`;
  else if (!freshOk && first === "") first = `freshness:${reason}`;
  return {
    id: f.id,
    members: membersOf(f),
    artifact_path: obs.members.map((m) => m.artifactPath).join(","),
    stage: f.stage,
    canary_policy: canary,
    allowed_statuses: [...allowed],
    status,
    first_failure_reason: first,
    produced_in_this_run: produced,
    producer_attempted: obs.producerAttempted,
    producer_succeeded: obs.producerSucceeded,
    artifact_stamp_fresh: stampFresh,
    freshness_ok: freshOk,
    freshness_reason: reason,
    generated_by_run: obs.members[0]?.stamp?.generated_by_run ?? null,
    producer_exit_code: obs.producerExitCode,
    failed_row_ids: obs.members.flatMap((m) => m.failedRowIds),
    holdout_accuracy: obs.members.flatMap((m) => m.holdoutAccuracy),
  };
}

/** The matrix JSON: the reference's fields (minus its wall-clock ones) plus ours. */
export function buildMatrix(observations: FamilyObservation[], o: MatrixOptions): ReleaseMatrix {
  const rows = observations.map((obs) => familyRow(obs, o));
  const missing = rows.filter((r) => r.status === "MISSING").map((r) => r.id);
  const failing = rows
    .filter((r) => !r.allowed_statuses.includes(r.status))
    .map((r) => ({
      id: r.id,
      status: r.status,
      canary_policy: r.canary_policy,
      first_failure_reason: r.first_failure_reason,
      allowed_statuses: r.allowed_statuses,
    }));
  const fresh = rows.filter((r) => !r.freshness_ok).map((r) => `${r.id}:${r.freshness_reason}`);
  const failures: string[] = [];
  if (missing.length) failures.push(`missing_families: ${missing.join(", ")}`);
  if (failing.length)
    failures.push(`failing_families: ${failing.map((x) => `${x.id}=${x.status}`).join(", ")}`);
  if (fresh.length) failures.push(`freshness_violations: ${fresh.join(", ")}`);
  const required = rows.length;
  const produced = rows.filter((r) => r.status !== "MISSING").length;
  return {
    schema_version: MATRIX_VERSION,
    benchmark: "release_reliability_matrix",
    contract_id: o.contract.contract_id,
    contract_version: o.contract.version,
    contract_path: o.contractPath,
    run_id: o.runId,
    model: o.model,
    subject: o.subject,
    strict_release: {
      freshness_policy: o.contract.strict_release.freshness_policy,
      canary_policy: o.contract.strict_release.canary_policy,
      use_existing_artifacts: o.useExisting,
    },
    coverage: {
      required_total: required,
      produced_total: produced,
      coverage_rate: required > 0 ? produced / required : 0,
      missing_families: missing,
    },
    families: rows,
    failing_families: failing,
    freshness_violations: fresh,
    status: failures.length ? "FAIL" : "PASS",
    failures,
  };
}

/**
 * A holdout row failed, by the reference renderer's rule: the first boolean of value_ok,
 * exact_ok, row_correct, parsed_json that is present decides; a row that passes it still
 * fails when confidence_provided is false or confidence_proxy_used is true.
 */
export function rowFailed(row: Record<string, unknown>): boolean {
  let fail = false;
  for (const k of ["value_ok", "exact_ok", "row_correct", "parsed_json"])
    if (typeof row[k] === "boolean") {
      fail = !row[k];
      break;
    }
  if (!fail && (row.confidence_provided === false || row.confidence_proxy_used === true)) fail = true;
  return fail;
}

/** Failed row ids in first-seen order, deduplicated; ids that are not non-blank strings are skipped. */
export function failedRowIds(rows: Iterable<Record<string, unknown>>): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    const id = r.id;
    if (typeof id !== "string" || id.trim() === "") continue;
    if (rowFailed(r)) seen.add(id.trim());
  }
  return [...seen];
}

export interface MemberDetail {
  id: string;
  reliabilityPath: string;
  reliability: { status: string; failures: string[] } | null;
  runDir: string | null;
  holdout: { status: string; failures: string[] } | null;
  /** The first `sampleLimit` failed holdout rows (the renderer's kept fields). */
  samples: Record<string, unknown>[];
  failedIds: string[];
}

const SAMPLE_KEYS = [
  "id",
  "family_id",
  "query_type",
  "gold_value",
  "pred_value",
  "expected_decision",
  "pred_decision",
  "confidence",
  "confidence_provided",
  "confidence_proxy_used",
  "parsed_json",
  "gold_support_ids",
  "pred_support_ids",
];

/** A failed row reduced to the renderer's sample fields (nulls dropped). */
export function sampleRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of SAMPLE_KEYS) if (row[k] !== undefined && row[k] !== null) out[k] = row[k];
  return out;
}

/** Python's `json.dumps(x, ensure_ascii=True)` for the JSON values rows hold. */
function pyDumpsAscii(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === "string")
    return JSON.stringify(v).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
  if (Array.isArray(v)) return `[${v.map(pyDumpsAscii).join(", ")}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${pyDumpsAscii(k)}: ${pyDumpsAscii(x)}`)
    .join(", ")}}`;
}

const py = (v: unknown): string =>
  v === true ? "True" : v === false ? "False" : v === null || v === undefined ? "None" : String(v);

/** `- name:` and its items as `  - item` lines (nothing when there are none), at most `limit` items. */
function pushList(L: string[], name: string, items: readonly string[], limit = Infinity): void {
  if (!items.length) return;
  L.push(`- ${name}:`);
  for (const x of items.slice(0, limit)) L.push(`  - ${x}`);
}

/** The report's head: the matrix's fields in the reference renderer's order. */
const HEAD_FIELDS: [name: string, value: (m: ReleaseMatrix, matrixPath: string) => string][] = [
  ["matrix_path", (_, path) => path],
  ["status", (m) => m.status],
  ["run_id", (m) => m.run_id],
  [
    "subject",
    (m) => `${m.subject}${m.subject === "no-model" ? " (no-model programs: not a model score)" : ""}`,
  ],
  [
    "coverage",
    ({ coverage: c }) =>
      `required_total=${c.required_total} produced_total=${c.produced_total} coverage_rate=${pyFloatRepr(c.coverage_rate)}`,
  ],
];

/** A failing family's section: its matrix row's fields in the reference renderer's order. */
const FAMILY_FIELDS: [
  name: string,
  value: (fail: ReleaseMatrix["failing_families"][number], row: MatrixFamilyRow) => string,
][] = [
  ["matrix_status", (fail) => fail.status],
  ["matrix_reason", (fail) => fail.first_failure_reason],
  ["reliability_artifact", (_, r) => r.artifact_path],
  ["stage", (_, r) => r.stage],
  ["producer_attempted", (_, r) => py(r.producer_attempted)],
  ["producer_succeeded", (_, r) => py(r.producer_succeeded)],
  ["produced_in_this_run", (_, r) => py(r.produced_in_this_run)],
  ["freshness_ok", (_, r) => py(r.freshness_ok)],
  ["freshness_reason", (_, r) => r.freshness_reason],
];

/** The failure report text (the reference renderer's layout; one section per member of a failing family). */
export function renderReport(
  matrix: ReleaseMatrix,
  matrixPath: string,
  details: Map<string, MemberDetail[]>,
): string {
  const L: string[] = ["Release Reliability Matrix Failure Report"];
  for (const [name, value] of HEAD_FIELDS) L.push(`- ${name}: ${value(matrix, matrixPath)}`);
  pushList(L, "freshness_violations", matrix.freshness_violations);
  const rows = new Map(matrix.families.map((r) => [r.id, r]));
  for (const fail of matrix.failing_families) {
    const r = rows.get(fail.id)!;
    L.push("", `[${fail.id}]`);
    for (const [name, value] of FAMILY_FIELDS) L.push(`- ${name}: ${value(fail, r)}`);
    for (const d of details.get(fail.id) ?? []) {
      if (!d.reliability) continue;
      if (r.members.length > 1) L.push(`- member: ${d.id}`);
      L.push(`- reliability_status: ${d.reliability.status}`);
      pushList(L, "reliability_failures", d.reliability.failures, 20);
      if (!d.runDir) continue;
      L.push(`- run_dir: ${d.runDir}`);
      if (d.holdout) {
        L.push(`- holdout_status: ${d.holdout.status}`);
        pushList(L, "holdout_failures", d.holdout.failures, 20);
      }
      pushList(L, "sample_holdout_failures", d.samples.map(pyDumpsAscii));
      if (d.failedIds.length) L.push(`- holdout_failed_row_count: ${d.failedIds.length}`);
    }
  }
  return `${L.join("\n")}\n`;
}

/** Python's repr of a float (coverage_rate): 1.0, 0.5, 0.9375. */
function pyFloatRepr(x: number): string {
  return Number.isInteger(x) ? `${x}.0` : String(x);
}

/**
 * The row-id files (the renderer's --rows-out-dir): `<family>_holdout_failed_ids.txt` per
 * failing family (sorted by family id), `failed_holdout_row_ids.txt` and `failed_row_ids.txt`
 * (all of them, deduplicated, first-seen order). Families with no failed rows get no file.
 */
export function rowIdFiles(
  details: Map<string, MemberDetail[]>,
  failing: readonly string[],
): Map<string, string> {
  const out = new Map<string, string>();
  const all: string[] = [];
  for (const id of [...failing].sort()) {
    const ids = (details.get(id) ?? []).flatMap((d) => (d.runDir ? d.failedIds : []));
    if (!ids.length) continue;
    out.set(`${id}_holdout_failed_ids.txt`, `${ids.join("\n")}\n`);
    all.push(...ids);
  }
  const uniq = [...new Set(all)];
  if (uniq.length) {
    out.set("failed_holdout_row_ids.txt", `${uniq.join("\n")}\n`);
    out.set("failed_row_ids.txt", `${uniq.join("\n")}\n`);
  }
  return out;
}
