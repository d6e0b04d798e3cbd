import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  asFloat,
  type ChecksConfig,
  evaluateChecks,
  formatIssuesLines,
  getPath,
  loadChecksConfig,
  parseChecksConfig,
} from "../../../src/geb/sweep/thresholds.js";
import { gebIn, sharedGeb, tmp } from "./helpers.js";

const REF_CONFIG = join(sharedGeb, "configs/usecase_checks.json");

function run(config: ChecksConfig, summaries: Record<string, unknown>, opts = {}) {
  return evaluateChecks(config, { root: "R", readSummary: (p) => summaries[p], ...opts });
}

describe("check-thresholds semantics (the reference evaluator, case by case)", () => {
  const check = (metrics: unknown[], extra: Record<string, unknown> = {}) => ({
    checks: [{ id: "c", summary_path: "s.json", metrics, ...extra }],
  });

  it("min / max, pass messages, error vs warn counting", async () => {
    const s = { "s.json": { a: { b: 0.5 }, n: 3 } };
    let r = run(
      check([
        { path: "a.b", min: 0.6 },
        { path: "a.b", max: 0.4 },
        { path: "n", min: 1, max: 5 },
      ]),
      s,
    );
    expect(r.issues.map((i) => [i.status, i.message])).toEqual([
      ["fail", "0.5000 < min 0.6000"],
      ["fail", "0.5000 > max 0.4000"],
      ["pass", "3.0000"],
    ]);
    expect(r.errorCount).toBe(2);
    r = run(check([{ path: "a.b", min: 0.6 }], { severity: "WARN" }), s);
    expect(r.errorCount).toBe(0);
    expect(formatIssuesLines(r.issues)).toBe("[FAIL(warn)] c a.b - 0.5000 < min 0.6000");
  });

  it("missing metric: required fails (release), is n/a (fastlocal), skipped when optional; strict-optional", async () => {
    const s = { "s.json": { x: null, y: "0.25", z: true } };
    const cfg = check([
      { path: "x", min: 0 },
      { path: "nope", min: 0, required: false },
      { path: "nope", min: 0, allow_missing: true },
      { path: "nope", min: 0, required: false, strict_optional_missing: false },
      { path: "y", max: 0.3 },
      { path: "z", min: 1 },
    ]);
    const st = (r: ReturnType<typeof run>) => r.issues.map((i) => i.status);
    expect(st(run(cfg, s))).toEqual(["missing", "skipped", "skipped", "skipped", "pass", "pass"]);
    expect(run(cfg, s).errorCount).toBe(1);
    expect(st(run(cfg, s, { profile: "fastlocal" }))).toEqual([
      "not_applicable",
      "skipped",
      "skipped",
      "skipped",
      "pass",
      "pass",
    ]);
    expect(st(run(cfg, s, { strictOptional: true }))).toEqual([
      "missing",
      "missing",
      "missing",
      "skipped",
      "pass",
      "pass",
    ]);
  });

  it("skip_if: a list (all), {all}, {any}, a single condition, equals", async () => {
    const s = { "s.json": { m: 0.1, g: { p: 0.95, q: 0.5 }, mode: "kv", flag: true } };
    const m = (skip_if: unknown) => ({ path: "m", min: 0.9, skip_if });
    const r = run(
      check([
        m([
          { path: "g.p", min: 0.9 },
          { path: "g.q", min: 0.9 },
        ]),
        m({ all: [{ path: "g.p", min: 0.9 }] }),
        m({
          any: [
            { path: "g.q", min: 0.9 },
            { path: "mode", equals: "kv" },
          ],
        }),
        m({ path: "flag", equals: 1 }),
        m({ path: "absent", max: 1 }),
        m([]),
      ]),
      s,
    );
    expect(r.issues.map((i) => i.status)).toEqual(["fail", "skipped", "skipped", "skipped", "fail", "fail"]);
  });

  it("summary missing: optional → n/a; warn in fastlocal → n/a; otherwise missing", async () => {
    const cfg = {
      checks: [
        { id: "a", summary_path: "x", required_summary: false, metrics: [] },
        { id: "b", summary_path: "x", severity: "warn", metrics: [] },
        { id: "c", summary_path: "x", metrics: [] },
      ],
    };
    expect(run(cfg, {}).issues.map((i) => i.status)).toEqual(["not_applicable", "missing", "missing"]);
    expect(run(cfg, {}, { profile: "fastlocal" }).issues.map((i) => i.status)).toEqual([
      "not_applicable",
      "not_applicable",
      "missing",
    ]);
    expect(run(cfg, {}).errorCount).toBe(1);
  });

  it("paths and float coercion behave like Python", async () => {
    expect(getPath({ a: { b: 0 } }, "a.b")).toBe(0);
    expect(getPath({ a: [1] }, "a.0")).toBeNull();
    expect(asFloat(" 1e-3 ")).toBe(0.001);
    expect(asFloat("1_000")).toBe(1000);
    expect(asFloat("inf")).toBe(Number.POSITIVE_INFINITY);
    expect(asFloat("x")).toBeNull();
    expect(asFloat([1])).toBeNull();
    expect(() => parseChecksConfig('{"checks": {}}', "f.json")).toThrow(
      /f\.json: field checks: 'checks' must be a list/,
    );
    expect(() => parseChecksConfig("[]", "f.json")).toThrow(/config must be an object with a 'checks' list/);
  });
});

describe("geb check-thresholds on the reference usecase_checks.json", () => {
  it("parses all 49 checks and evaluates them against a summary produced by a sweep", async () => {
    const cfg = loadChecksConfig(REF_CONFIG);
    expect(cfg.checks).toHaveLength(49);
    const root = tmp();
    // The reference's instruction-override gate reads runs/release_gates/instruction_override_gate.
    const gate = "runs/release_gates/instruction_override_gate";
    const s = await gebIn(
      root,
      "run-preset",
      "instruction-override",
      "--out",
      gate,
      "--seeds",
      "1",
      "--episodes",
      "1",
      "--no-progress",
    );
    expect(s.status, s.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(join(root, gate, "summary.json"), "utf8"));

    const out = join(root, "issues.json");
    const r = await gebIn(root, "check-thresholds", "--config", REF_CONFIG, "--root", root, "--out", out);
    // Other checks' summaries (memory, UI, drift gates…) are absent: error-severity ones block.
    expect(r.status).toBe(1);
    const { issues, error_count } = JSON.parse(readFileSync(out, "utf8"));
    const gateRows = issues.filter((i: { check_id: string }) => i.check_id === "instruction_override");
    const gateCheck = cfg.checks.find((c) => c.id === "instruction_override") as {
      metrics: { path: string; min?: number; max?: number }[];
    };
    expect(gateRows.map((i: { metric_path: string }) => i.metric_path)).toEqual(
      gateCheck.metrics.map((m) => m.path),
    );
    for (const [i, m] of gateCheck.metrics.entries()) {
      const v = getPath(summary, m.path);
      const want =
        typeof v !== "number"
          ? "missing"
          : (m.min !== undefined && v < m.min) || (m.max !== undefined && v > m.max)
            ? "fail"
            : "pass";
      expect(gateRows[i].status, m.path).toBe(want);
    }
    // The ledger baseline never follows an injected instruction.
    expect(gateRows[0]).toMatchObject({
      metric_path: "overall.instr_override_rate_mean",
      status: "pass",
      message: "0.0000",
    });
    // Wall time is not in deterministic sweeps: the wall gate reads as missing (warn, not blocking).
    expect(gateRows.at(-1)).toMatchObject({
      metric_path: "efficiency.wall_s_per_q_p90",
      status: "missing",
      severity: "warn",
    });
    expect(
      issues.find((i: { check_id: string }) => i.check_id === "authority_filter_kv_commentary").status,
    ).toBe("not_applicable");
    expect(error_count).toBe(
      issues.filter(
        (i: { status: string; severity: string }) =>
          ["fail", "missing"].includes(i.status) && i.severity === "error",
      ).length,
    );
    // The table names every status and the verdict.
    expect(r.stdout).toMatch(/^status +severity +check +metric +detail/m);
    expect(r.stdout).toMatch(/PASS +warn +instruction_override +overall\.instr_override_rate_mean +0\.0000/);
    expect(r.stdout).toMatch(/blocking \(error severity\) → FAIL$/m);

    // A config that only gates this run passes (exit 0).
    const mine = join(root, "mine.json");
    writeFileSync(
      mine,
      JSON.stringify({
        checks: [
          {
            id: "instruction_override",
            summary_path: `${gate}/summary.json`,
            metrics: gateCheck.metrics.slice(0, 1),
          },
        ],
      }),
    );
    const ok = await gebIn(root, "check-thresholds", "--config", mine, "--root", root, "--format", "lines");
    expect(ok.status, ok.stdout).toBe(0);
    expect(ok.stdout).toContain("[PASS] instruction_override overall.instr_override_rate_mean - 0.0000");
  }, 60_000);
});
