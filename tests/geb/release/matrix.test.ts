/** The matrix's pure rules: freshness reasons when producing, the failed-row rule, JSON line lookup. */
import { describe, expect, it } from "vitest";
import {
  type FamilyObservation,
  failedRowIds,
  familyRow,
  type MatrixOptions,
  rowFailed,
} from "../../../src/geb/release/matrix.js";
import { jsonLineOf } from "../../../src/geb/release/run.js";
import type { ReleaseContract } from "../../../src/geb/release/schema.js";

const contract: ReleaseContract = {
  schema: "oraclebench.geb.release-contract/1",
  contract_id: "c",
  version: "1",
  strict_release: {
    freshness_policy: "must_regenerate_this_run",
    canary_policy: "strict",
    required_reliability_families: [{ id: "f", stage: "target", allowed_statuses: ["PASS"] }],
    utility_gate: { required: false, producer_mode: "deferred" },
  },
};
const opts: MatrixOptions = {
  contract,
  contractPath: "c.json",
  runId: "run-a",
  model: "m",
  subject: "model",
  useExisting: false,
  expectRun: null,
};
const SHA = "a".repeat(64);
const obs = (
  o: Partial<FamilyObservation> & { stampRun?: string | null; sha?: string; status?: string | null },
): FamilyObservation => ({
  family: contract.strict_release.required_reliability_families[0],
  members: [
    {
      id: "f",
      artifactPath: "f.json",
      reliability:
        o.status === null
          ? null
          : {
              status: o.status ?? "PASS",
              failures: o.status === "FAIL" ? ["run 1: x < 1"] : [],
              stage: "target",
            },
      reliabilitySha: o.status === null ? null : SHA,
      stamp:
        o.stampRun === null
          ? null
          : {
              schema_version: "geb.release.stamp.v1",
              family: "f",
              generated_by_run: o.stampRun ?? "run-a",
              reliability_sha256: o.sha ?? SHA,
            },
      failedRowIds: [],
      holdoutAccuracy: [],
    },
  ],
  producerAttempted: o.producerAttempted ?? true,
  producerSucceeded: o.producerSucceeded ?? true,
  producerExitCode: o.producerExitCode ?? 0,
});

describe("familyRow freshness when producing", () => {
  it("fresh when this run stamped the bytes it reads", () => {
    expect(familyRow(obs({}), opts)).toMatchObject({
      status: "PASS",
      produced_in_this_run: true,
      freshness_ok: true,
      first_failure_reason: "",
    });
  });
  it("a FAIL produced now is fresh, its first failure the reliability failure", () => {
    expect(familyRow(obs({ status: "FAIL", producerExitCode: 1 }), opts)).toMatchObject({
      status: "FAIL",
      freshness_ok: true,
      first_failure_reason: "run 1: x < 1",
    });
  });
  it("stale or unstamped artifacts, failed producers, families not produced", () => {
    expect(familyRow(obs({ stampRun: "run-b" }), opts).freshness_reason).toBe(
      "artifact_not_stamped_by_this_run:stamp_from_other_run(run-b)",
    );
    expect(familyRow(obs({ stampRun: null }), opts).freshness_reason).toBe(
      "artifact_not_stamped_by_this_run:stamp_missing",
    );
    expect(familyRow(obs({ sha: "b".repeat(64) }), opts).freshness_reason).toBe(
      "artifact_not_stamped_by_this_run:artifact_changed_after_stamp",
    );
    expect(familyRow(obs({ status: null, stampRun: null }), opts)).toMatchObject({
      status: "MISSING",
      first_failure_reason: "artifact_missing",
      freshness_reason: "artifact_missing_after_producer",
    });
    expect(familyRow(obs({ producerSucceeded: false, status: null }), opts).freshness_reason).toBe(
      "producer_failed_or_nonzero_exit",
    );
    expect(
      familyRow(obs({ producerAttempted: false, producerSucceeded: false }), opts).freshness_reason,
    ).toBe("not_regenerated_in_this_run");
    const stale = familyRow(obs({ stampRun: "run-b" }), opts);
    expect(stale.first_failure_reason).toBe(
      "freshness:artifact_not_stamped_by_this_run:stamp_from_other_run(run-b)",
    );
  });
  it("allow_latest checks no freshness", () => {
    const c = {
      ...contract,
      strict_release: { ...contract.strict_release, freshness_policy: "allow_latest" as const },
    };
    expect(familyRow(obs({ stampRun: null }), { ...opts, contract: c }).freshness_ok).toBe(true);
  });
});

describe("the renderer's failed-row rule", () => {
  it("the first boolean present decides; confidence flags fail a passing row", () => {
    expect(rowFailed({ value_ok: false, exact_ok: true })).toBe(true);
    expect(rowFailed({ value_ok: true, exact_ok: false })).toBe(false);
    expect(rowFailed({ exact_ok: false })).toBe(true);
    expect(rowFailed({ row_correct: false })).toBe(true);
    expect(rowFailed({ parsed_json: false })).toBe(true);
    expect(rowFailed({ value_ok: true, confidence_provided: false })).toBe(true);
    expect(rowFailed({ value_ok: true, confidence_proxy_used: true })).toBe(true);
    expect(rowFailed({ value_ok: "no" })).toBe(false);
    expect(
      failedRowIds([
        { id: " a ", value_ok: false },
        { id: "a", value_ok: false },
        { id: 3, value_ok: false },
        { id: "b", value_ok: true },
      ]),
    ).toEqual(["a"]);
  });
});

describe("jsonLineOf", () => {
  it("finds the line of a value by path, through objects and arrays", () => {
    const text =
      '{\n  "a": {\n    "b": [\n      1,\n      {"c": "x,}]"},\n      {\n        "d": true\n      }\n    ]\n  }\n}';
    expect(jsonLineOf(text, [])).toBe(1);
    expect(jsonLineOf(text, ["a", "b", 0])).toBe(4);
    expect(jsonLineOf(text, ["a", "b", 1, "c"])).toBe(5);
    expect(jsonLineOf(text, ["a", "b", 2, "d"])).toBe(7);
    expect(jsonLineOf(text, ["a", "zz"])).toBeUndefined();
    expect(jsonLineOf(text, ["a", "b", 9])).toBeUndefined();
  });
});
