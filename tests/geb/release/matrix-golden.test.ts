/**
 * The release matrix's outputs pinned byte for byte (computed on matrix.ts as first
 * written): for every combination of freshness policy, --use-existing / --run-id and family
 * state (PASS / FAIL / MISSING, composite members, stale, changed or unstamped artifacts,
 * producers that failed or did not run), the matrix JSON, the failure report and the row-id
 * files. A change to how the matrix is declared must leave every digest unchanged.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  buildMatrix,
  type FamilyObservation,
  type MatrixOptions,
  type MemberDetail,
  type MemberObservation,
  renderReport,
  rowIdFiles,
} from "../../../src/geb/release/matrix.js";
import type { ContractFamily, ReleaseContract } from "../../../src/geb/release/schema.js";

const FAMILIES: ContractFamily[] = [
  { id: "alpha", stage: "target", allowed_statuses: ["PASS"] },
  { id: "beta", stage: "ramp", allowed_statuses: ["PASS", "FAIL"], canary_policy: "triage" },
  { id: "pair", stage: "target", allowed_statuses: ["PASS"], members: ["pair_a", "pair_b"] },
  { id: "gamma", stage: "observe", allowed_statuses: ["PASS"] },
  { id: "delta", stage: "target", allowed_statuses: ["PASS"] },
  { id: "eps", stage: "target", allowed_statuses: ["PASS"] },
];
const contract = (freshness: "must_regenerate_this_run" | "allow_latest"): ReleaseContract => ({
  schema: "oraclebench.geb.release-contract/1",
  contract_id: "golden",
  version: "2",
  strict_release: {
    freshness_policy: freshness,
    canary_policy: "strict",
    required_reliability_families: FAMILIES,
    utility_gate: { required: false, producer_mode: "deferred" },
  },
});
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

type State = "pass" | "fail" | "missing" | "stale" | "changed" | "unstamped";
function member(id: string, state: State, k: number): MemberObservation {
  const present = state !== "missing";
  const fileSha = sha(`${id}-${k}`);
  return {
    id,
    artifactPath: `families/${id}/${id}_reliability.json`,
    reliability: present
      ? {
          status: state === "fail" ? "FAIL" : "PASS",
          failures:
            state === "fail"
              ? [`run 1: holdout value_acc < 0.9 (${id})`, "holdout.cite_f1 jitter 0.2 > 0.05"]
              : [],
          stage: "target",
        }
      : null,
    reliabilitySha: present ? fileSha : null,
    stamp:
      !present || state === "unstamped"
        ? null
        : {
            schema_version: "geb.release.stamp.v1",
            family: id,
            generated_by_run: state === "stale" ? "run-old" : "run-now",
            reliability_sha256: state === "changed" ? sha("other") : fileSha,
          },
    failedRowIds: state === "fail" ? [`${id}-H-0001`, `${id}-H-0003`, "shared-row"] : [],
    holdoutAccuracy: present
      ? [
          {
            family: id,
            metric: "value_acc",
            value: (7 - k) / 8,
            ci_low: 0.4,
            ci_high: 0.95,
            n: 8,
            n_clusters: 8,
            method: "wilson" as const,
          },
        ]
      : [],
  };
}

/** One scenario: each family's member states and producer outcome. */
function observations(states: State[][], producer: "ok" | "failed" | "skipped"): FamilyObservation[] {
  return FAMILIES.map((f, i) => ({
    family: f,
    members: (f.members ?? [f.id]).map((m, j) => member(m, states[i][j] ?? states[i][0], i + j)),
    producerAttempted: producer !== "skipped",
    producerSucceeded: producer === "ok",
    producerExitCode: producer === "failed" ? 3 : 0,
  }));
}

const details = (obs: FamilyObservation[]): Map<string, MemberDetail[]> =>
  new Map(
    obs.map((o) => [
      o.family.id,
      o.members.map((m, j) => ({
        id: m.id,
        reliabilityPath: m.artifactPath,
        reliability: m.reliability
          ? { status: m.reliability.status, failures: m.reliability.failures }
          : null,
        runDir: j === 0 || m.failedRowIds.length ? `families/${m.id}/run-1` : null,
        holdout: m.reliability
          ? { status: m.reliability.status, failures: m.reliability.failures.slice(0, 1) }
          : null,
        samples: m.failedRowIds.map((id) => ({
          id,
          gold_value: "é",
          pred_value: null,
          parsed_json: true,
          confidence: 0.5,
        })),
        failedIds: m.failedRowIds,
      })),
    ]),
  );

const STATES: State[][] = [["pass"], ["fail"], ["pass", "fail"], ["missing"], ["stale"], ["changed"]];
const UNSTAMPED: State[][] = [["unstamped"], ["pass"], ["pass", "missing"], ["pass"], ["fail"], ["pass"]];

function digest(
  freshness: "must_regenerate_this_run" | "allow_latest",
  useExisting: boolean,
  expectRun: string | null,
  states: State[][],
  producer: "ok" | "failed" | "skipped",
): string {
  const o: MatrixOptions = {
    contract: contract(freshness),
    contractPath: "configs/golden.json",
    runId: "run-now",
    model: useExisting ? null : "m",
    subject: useExisting ? "no-model" : "model",
    useExisting,
    expectRun,
  };
  const obs = observations(states, producer);
  const matrix = buildMatrix(obs, o);
  const d = details(obs);
  const files = rowIdFiles(
    d,
    matrix.failing_families.map((f) => f.id),
  );
  return sha(
    [
      JSON.stringify(matrix),
      renderReport(matrix, "out/matrix.json", d),
      JSON.stringify([...files.entries()]),
    ].join("\n--\n"),
  );
}

const SCENARIOS: Record<string, () => string> = {
  "regenerate, produced ok": () => digest("must_regenerate_this_run", false, null, STATES, "ok"),
  "regenerate, producer failed": () => digest("must_regenerate_this_run", false, null, STATES, "failed"),
  "regenerate, producer skipped": () => digest("must_regenerate_this_run", false, null, STATES, "skipped"),
  "regenerate, unstamped": () => digest("must_regenerate_this_run", false, null, UNSTAMPED, "ok"),
  "use existing, no run id": () => digest("must_regenerate_this_run", true, null, STATES, "skipped"),
  "use existing, run id": () => digest("must_regenerate_this_run", true, "run-now", STATES, "skipped"),
  "use existing, other run id": () =>
    digest("must_regenerate_this_run", true, "run-old", UNSTAMPED, "skipped"),
  "allow latest": () => digest("allow_latest", false, null, STATES, "ok"),
  "allow latest, use existing": () => digest("allow_latest", true, null, UNSTAMPED, "skipped"),
};

/** sha256 of each scenario's matrix JSON, report and row-id files. */
const GOLDEN: Record<string, string> = JSON.parse(
  readFileSync(
    fileURLToPath(new URL("../../fixtures/geb/release/matrix-golden.json", import.meta.url)),
    "utf8",
  ),
);

describe("release matrix: golden bytes", () => {
  for (const [name, run] of Object.entries(SCENARIOS))
    it(name, () => {
      expect(run()).toBe(GOLDEN[name]);
    });
});
