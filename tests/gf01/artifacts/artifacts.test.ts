import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import {
  buildRunRecord,
  buildSplitManifest,
  bundleToJson,
  dumpJsonFile,
  instancesHash,
  isLegacyRow,
  migrateRows,
  officialRowIssues,
  parseBundle,
  runRecordLine,
} from "../../../src/gf01/artifacts/index.js";
import { parseCertificate } from "../../../src/gf01/model/certificate.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { scoreCertificate } from "../../../src/gf01/verify/index.js";

const ref = (f: string) =>
  fileURLToPath(new URL(`../../../../shared/reference/gf01/official_example/${f}`, import.meta.url));
const bundleText = readFileSync(ref("instance_bundle_v1.json"), "utf8");
const runLines = readFileSync(ref("runs_v1_valid.jsonl"), "utf8").split("\n").filter(Boolean);
const legacyLines = readFileSync(ref("runs_pre_v1_legacy.jsonl"), "utf8").split("\n").filter(Boolean);
const manifestText = readFileSync(ref("split_manifest_v1.json"), "utf8");
const bundle = parseBundle(JSON.parse(bundleText), "bundle.json", { strictBundle: true });
const score = (
  _i: unknown,
  ci: ReturnType<typeof compileInstance>,
  c: Parameters<typeof scoreCertificate>[1],
) => scoreCertificate(ci, c);

describe("instance_bundle_v1", () => {
  it("re-serialises the official fixture byte for byte", () => {
    expect(bundleToJson(bundle)).toBe(bundleText);
  });
  it("recomputes the official instances_hash", () => {
    expect(instancesHash(bundle.instances)).toBe(JSON.parse(bundleText).instances_hash);
  });
  it("rejects a bundle whose content no longer matches instances_hash", () => {
    const v = JSON.parse(bundleText);
    v.instances[2].base_trace[0].in0 = 1 - v.instances[2].base_trace[0].in0;
    expect(() => parseBundle(v, "b.json")).toThrow(/instances_hash mismatch/);
  });
  it("names file and field for a bad instance", () => {
    const v = JSON.parse(bundleText);
    v.instances[1].mode = "easy";
    try {
      parseBundle(v.instances, "b.json");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).file).toBe("b.json");
      expect((e as InputError).field).toBe("[1].mode");
    }
  });
  it("reports semantic errors (partial automaton) with the instance path", () => {
    const v = JSON.parse(bundleText);
    const tr = v.instances[0].automaton.transitions.s0;
    delete tr[Object.keys(tr)[0]];
    expect(() => parseBundle(v.instances, "b.json")).toThrow(/b\.json: field \[0\].*partial/);
  });
});

describe("split_manifest_v1", () => {
  it("builds the official manifest byte for byte", () => {
    expect(dumpJsonFile(buildSplitManifest(bundle.instances, bundle.meta))).toBe(manifestText);
  });
});

describe("run_record_v1", () => {
  it("re-serialises official rows byte for byte", () => {
    for (const line of runLines) expect(runRecordLine(JSON.parse(line))).toBe(line);
  });
  it("scoring the fixture certificates with the official metadata reproduces the official rows", () => {
    for (const line of runLines) {
      const row = JSON.parse(line);
      const inst = bundle.byId.get(row.instance_id)!;
      const cert = parseCertificate(row.certificate);
      const built = buildRunRecord(
        {
          instance_id: row.instance_id,
          eval_track: row.eval_track,
          renderer_track: row.renderer_track,
          agent_name: row.agent_name,
          certificate: cert,
        },
        scoreCertificate(compileInstance(inst), cert),
        inst,
        {
          benchmark_version: "0.1.0",
          git_commit: row.git_commit,
          config_hash: row.config_hash,
          tool_allowlist_id: "none",
        },
        // Our atom_budget / exceeds_budget_atoms keys are extra; the official key set is compared.
        { officialKeysOnly: true },
      );
      expect(runRecordLine(built)).toBe(line);
    }
  });
  it("official rows pass the official strict checks; legacy rows do not", () => {
    for (const [i, l] of runLines.entries())
      expect(officialRowIssues(JSON.parse(l), i + 1, true)).toEqual([]);
    for (const l of legacyLines) {
      const issues = officialRowIssues(JSON.parse(l), 1, true);
      expect(issues[0].message).toMatch(/^missing required fields: schema_version, family_id/);
      expect(isLegacyRow(JSON.parse(l))).toBe(true);
    }
  });
  it.each([
    [
      { eval_track: "EVAL-TA" },
      /EVAL-TA requires tool_allowlist_id in \['local-planner-v1'\] \(received none\)/,
    ],
    [{ tool_log_hash: "x" }, /EVAL-CB requires empty tool_log_hash/],
    [{ renderer_track: "visual" }, /renderer_profile_id=canonical-json-v1 must match GF-01-R1/],
    [{ play_protocol: "explore_then_commit" }, /play_protocol=explore_then_commit not in \['commit_only'\]/],
    [{ adaptation_condition: "prompt_adaptation" }, /prompt_adaptation requires adaptation_budget_tokens>0/],
    [{ git_commit: "unknown" }, /git_commit must be populated in strict mode/],
    [{ valid: "true" }, /valid must be boolean/],
    [{ mode: "easy" }, /mode=easy not in \['normal', 'hard'\]/],
  ])("policy violation %j is reported", (patch, re) => {
    const row = { ...JSON.parse(runLines[0]), ...patch };
    const msgs = officialRowIssues(row, 1, true).map((i) => i.message);
    expect(msgs.some((m) => re.test(m))).toBe(true);
  });
});

describe("legacy migration", () => {
  it("re-scores legacy rows instead of trusting them", () => {
    const { rows, stats } = migrateRows(
      legacyLines.map((l, i) => ({ line: i + 1, value: JSON.parse(l) })),
      bundle,
      score,
    );
    expect(rows).toHaveLength(4);
    for (const [i, r] of rows.entries()) {
      expect(officialRowIssues(r, i + 1, true)).toEqual([]);
      // The legacy rows have no certificate: the empty certificate cannot reach the goal
      // (generation rejects instances whose base trace already satisfies the effect).
      const inst = bundle.byId.get(String(r.instance_id))!;
      const s = scoreCertificate(compileInstance(inst), []);
      expect(r.goal).toBe(s.goal);
      expect(r.valid).toBe(s.valid);
      expect(r.ap_f1).toBe(s.ap_f1);
    }
    expect(stats.rows_without_certificate).toBe(4);
    const byField = Object.fromEntries(stats.disagreements.map((d) => [d.field, d.count]));
    expect(byField.goal).toBe(4); // legacy said goal "true"
    expect(byField.valid).toBeUndefined(); // legacy said valid "false", which is right
  });
  it("refuses rows whose instance is not in the bundle", () => {
    expect(() =>
      migrateRows([{ line: 7, value: { instance_id: "gf01-nope" } }], bundle, score, {}, "runs.jsonl"),
    ).toThrow(/runs\.jsonl:7: field instance_id: instance_id gf01-nope is not in the instance bundle/);
  });
});
