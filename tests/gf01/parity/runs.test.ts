/**
 * Parity of evaluation rows with the newest official harness (corpus README: "Evaluate rows"):
 * our ports of the official agents propose the official certificates, `evaluate` writes the
 * official row for each (every official key and value; ours adds `atom_budget`,
 * `exceeds_budget_atoms`, `best_match_pool`), and every official row re-scores field by field
 * and validates with zero mismatches.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateAgent, validateRunsFile } from "../../../src/gf01/api.js";
import { parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import { dumpJsonFile } from "../../../src/gf01/artifacts/pyout.js";
import { parseCertificate } from "../../../src/gf01/model/certificate.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { scoreCertificate } from "../../../src/gf01/verify/index.js";
import { expectStructurallyEqual, P, readJson, readJsonl } from "./helpers.js";

const GIT = String(readJson<Record<string, unknown>>("bundles/instance_bundle.json").git_commit);
const MAIN = "bundles/instance_bundle.json";
const OURS_ONLY = ["atom_budget", "best_match_pool", "exceeds_budget_atoms"];

interface Case {
  runs: string;
  stdout: string;
  agent: string;
  bundle: string;
  track: string;
  seed?: number;
  renderer?: string;
  allowlist?: string;
  logHash?: string;
}
const CASES: Case[] = [
  {
    runs: "runs/random.jsonl",
    stdout: "stdout/evaluate_random.json",
    agent: "random",
    bundle: MAIN,
    track: "EVAL-CB",
  },
  {
    runs: "runs/greedy.jsonl",
    stdout: "stdout/evaluate_greedy.json",
    agent: "greedy",
    bundle: MAIN,
    track: "EVAL-CB",
  },
  {
    runs: "runs/search.jsonl",
    stdout: "stdout/evaluate_search.json",
    agent: "search",
    bundle: MAIN,
    track: "EVAL-CB",
  },
  {
    runs: "runs/tool.jsonl",
    stdout: "stdout/evaluate_tool.json",
    agent: "tool",
    bundle: MAIN,
    track: "EVAL-TA",
    allowlist: "local-planner-v1",
    logHash: "parity-tool-log-0001",
  },
  {
    runs: "runs/oracle.jsonl",
    stdout: "stdout/evaluate_oracle.json",
    agent: "oracle",
    bundle: MAIN,
    track: "EVAL-OC",
    allowlist: "oracle-exact-search-v1",
    logHash: "parity-oracle-log-0001",
  },
  {
    runs: "runs/variants/random_seed7.jsonl",
    stdout: "stdout/evaluate_random_seed7.json",
    agent: "random",
    bundle: MAIN,
    track: "EVAL-CB",
    seed: 7,
  },
  {
    runs: "runs/variants/greedy_visual.jsonl",
    stdout: "stdout/evaluate_greedy_visual.json",
    agent: "greedy",
    bundle: MAIN,
    track: "EVAL-CB",
    renderer: "visual",
  },
  {
    runs: "runs/variants/search_private_eval.jsonl",
    stdout: "stdout/evaluate_search_private_eval.json",
    agent: "search",
    bundle: "bundles/instance_bundle_private_eval.json",
    track: "EVAL-CB",
  },
  {
    runs: "runs/variants/greedy_legacy_list.jsonl",
    stdout: "stdout/evaluate_greedy_legacy_list.json",
    agent: "greedy",
    bundle: "bundles/instances_legacy_list.json",
    track: "EVAL-CB",
  },
];

const tmp = mkdtempSync(join(tmpdir(), "gf01-parity-"));

describe("parity: evaluate with the official agent ports reproduces the official rows", () => {
  it.each(CASES)("$runs", async (c) => {
    const out = join(tmp, c.runs.replace(/\//g, "_"));
    const r = await evaluateAgent({
      instancesFile: P(c.bundle),
      agent: c.agent,
      evalTrack: c.track,
      rendererTrack: c.renderer,
      seed: c.seed,
      toolAllowlistId: c.allowlist,
      toolLogHash: c.logHash,
      out,
      gitCommit: GIT,
      pool: "official",
    });
    expect(r.ok).toBe(true);
    // The printed summary: every official key (aggregate included) but the output path.
    const summary = readJson<Record<string, unknown>>(c.stdout);
    const printed = JSON.parse(dumpJsonFile(r.payload)) as Record<string, unknown>;
    for (const [k, v] of Object.entries(summary))
      if (k !== "out_jsonl") expectStructurallyEqual(printed[k], v, `${c.stdout}.${k}`);
    const ours = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const official = readJsonl(c.runs);
    expect(ours.length).toBe(official.length);
    official.forEach((row, i) => {
      const mine = ours[i];
      expect(
        Object.keys(mine)
          .filter((k) => !(k in row))
          .sort(),
      ).toEqual(OURS_ONLY);
      const trimmed = Object.fromEntries(Object.entries(mine).filter(([k]) => !OURS_ONLY.includes(k)));
      expectStructurallyEqual(trimmed, row, `${c.runs}:${i + 1}`);
      expect(mine.atom_budget).toBe("diagnostic");
      expect(mine.best_match_pool).toBe("official");
    });
  });
});

const ALL_RUNS = [
  ...CASES.map((c) => [c.runs, c.bundle]),
  ["runs/panel_all.jsonl", MAIN],
  ["runs/variants/greedy_missing_first.jsonl", MAIN],
];

describe("parity: every official row re-scores and validates", () => {
  // panel_all and greedy_missing_first are concatenations/subsets of the files above.
  it.each(CASES.map((c) => [c.runs, c.bundle]))("%s re-scores field by field", (runs, bundleFile) => {
    const b = parseBundle(readJson(bundleFile));
    const compiled = new Map(b.instances.map((i) => [i.instance_id, compileInstance(i)]));
    for (const row of readJsonl(runs)) {
      const ci = compiled.get(String(row.instance_id));
      expect(ci).toBeDefined();
      if (!ci) continue;
      const s = scoreCertificate(ci, parseCertificate(row.certificate), {
        bestMatch: { pool: "official" },
      });
      for (const f of ["suff", "min1", "valid", "goal", "eff_t", "eff_a"] as const) expect(s[f]).toBe(row[f]);
      for (const f of ["ap_precision", "ap_recall", "ap_f1", "ts_precision", "ts_recall", "ts_f1"] as const)
        expect(Math.abs(s[f] - (row[f] as number))).toBeLessThanOrEqual(1e-9);
    }
  });
  it.each(ALL_RUNS)("%s: validate --instances reports zero mismatches", async (runs, bundleFile) => {
    const r = await validateRunsFile(P(runs), { instancesFile: P(bundleFile) });
    expect(r.payload.status, JSON.stringify(r.payload).slice(0, 400)).toBe("ok");
    expect(r.payload.rows_verified).toBe(readJsonl(runs).length);
  });
});

describe("parity: evaluate policy rejections (exit 2, official message)", () => {
  it.each([
    ["stdout/evaluate_reject_tool_cb.json", { agent: "tool", evalTrack: "EVAL-CB" }],
    [
      "stdout/evaluate_reject_oracle_ta.json",
      {
        agent: "oracle",
        evalTrack: "EVAL-TA",
        toolAllowlistId: "local-planner-v1",
        toolLogHash: "parity-tool-log-0001",
      },
    ],
    [
      "stdout/evaluate_reject_ta_no_hash.json",
      { agent: "tool", evalTrack: "EVAL-TA", toolAllowlistId: "local-planner-v1" },
    ],
  ])("%s", async (file, o) => {
    const r = await evaluateAgent({ instancesFile: P(MAIN), gitCommit: GIT, ...o });
    expect(r.ok).toBe(false);
    expect(r.payload).toEqual(readJson(file));
  });
});
