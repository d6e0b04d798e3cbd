/**
 * Issue 31 items 1, 10 and 12: gate configs that cannot be read stop the gate (exit 2), numbers
 * out of range are refused naming the flag or field, and the CLI conventions (exit 2 on
 * stderr, the file named, no `:0:`) hold on the commands the campaign found breaking them.
 * In-process through each CLI's `main`.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { loadJobs } from "../../src/geb/capability/api.js";
import { loadThresholds } from "../../src/geb/summary/diagnosis.js";
import { readGateModel } from "../../src/geb/ui/fixture.js";
import { type CliRun, runCli } from "./lib/flags.js";

const dir = mkdtempSync(join(tmpdir(), "i31-inputs-"));
const file = (name: string, body: unknown): string => {
  const p = join(dir, name);
  writeFileSync(p, typeof body === "string" ? body : JSON.stringify(body));
  return p;
};
/** Exit 2, one stderr line naming `what` (file and field), nothing that looks like a crash. */
const inputError = (r: CliRun, ...what: (string | RegExp)[]) => {
  expect(r.code, r.stderr + r.stdout).toBe(2);
  const lines = r.stderr.trim().split("\n");
  expect(lines, r.stderr).toHaveLength(1);
  for (const w of what) expect(lines[0]).toMatch(w);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at |:0:/);
};
const throwsInput = (f: () => unknown, ...what: (string | RegExp)[]) => {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(InputError);
  for (const w of what) expect((err as Error).message).toMatch(w);
};

describe("issue 31 item 1: a threshold gate with an unreadable bound does not pass", () => {
  file("s.json", { overall: { x: 0.5 } });
  const gate = (metric: Record<string, unknown>, check: Record<string, unknown> = {}) =>
    file("c.json", { checks: [{ id: "a", summary_path: "s.json", metrics: [metric], ...check }] });
  const check = (config: string) => runCli("geb", ["check-thresholds", "--config", config, "--root", dir]);

  it.each([
    [
      { path: "overall.x", min: "x" },
      /c\.json: field checks\[0\]\.metrics\[0\]\.min: must be a finite number/,
    ],
    [{ path: "overall.x", min: "NaN" }, /metrics\[0\]\.min: must be a finite number.*"NaN"/],
    [{ path: "overall.x", max: "0.9" }, /metrics\[0\]\.max: must be a finite number/],
    [
      { path: "overall.x", minimum: 2 },
      /metrics\[0\]\.minimum: unknown key "minimum" \(did you mean "min"\?\)/,
    ],
    [{ path: "overall.x" }, /metrics\[0\]: a gate needs a bound/],
    [{ path: "overall.x", min: null, max: null }, /metrics\[0\]: a gate needs a bound/],
    [
      { path: "overall.x", min: 0, skip_if: { path: "overall.x", min: "x" } },
      /skip_if\.min: must be a finite/,
    ],
    [{ path: "overall.x", min: 0, requird: false }, /unknown key "requird" \(did you mean "required"\?\)/],
  ])("%j → exit 2 naming file and field", async (metric, re) => {
    inputError(await check(gate(metric)), re);
  });
  it("an infinite bound (1e999 parses to Infinity) and a misspelt check key are refused", async () => {
    const inf = file(
      "inf.json",
      '{"checks":[{"id":"a","summary_path":"s.json","metrics":[{"path":"overall.x","min":1e999}]}]}',
    );
    inputError(await check(inf), /inf\.json: field checks\[0\]\.metrics\[0\]\.min: .*Infinity/);
    inputError(
      await check(gate({ path: "overall.x", min: 0 }, { sumary_path: "s.json" })),
      /checks\[0\]\.sumary_path: unknown key "sumary_path" \(did you mean "summary_path"\?\)/,
    );
  });
  it("a gate that fails still fails, one that passes still passes", async () => {
    const fail = await check(gate({ path: "overall.x", min: 0.9 }));
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/0\.5000 < min 0\.9000/);
    expect((await check(gate({ path: "overall.x", min: 0.1, max: null }))).code).toBe(0);
  });
  it("the wall writer refuses the same config (one reader)", async () => {
    const bad = gate({ path: "overall.x", min: "x" });
    const { updateThresholdConfig } = await import("../../src/geb/sweep/wall.js");
    throwsInput(() => updateThresholdConfig(bad, "a", "overall.x", 0.5, "lte"), /metrics\[0\]\.min/);
  });
  it("diagnosis thresholds: unknown or non-numeric keys are refused", () => {
    throwsInput(
      () => loadThresholds(file("t1.json", { flip_rte: 0.1 })),
      /t1\.json: field flip_rte: unknown threshold \(did you mean "flip_rate"\?\)/,
    );
    throwsInput(
      () => loadThresholds(file("t2.json", { flip_rate: "x" })),
      /t2\.json: field flip_rate: .*finite/,
    );
    expect(loadThresholds(file("t3.json", { flip_rate: 0.2 })).thresholds.flip_rate).toBe(0.2);
  });
  it("capability rules: an ordering rule needs a finite number", () => {
    const jobs = (value: unknown, extra: Record<string, unknown> = {}) =>
      file("jobs.json", {
        version: "1",
        jobs: [{ id: "j", rules: [{ path: "a.b", op: "ge", value, ...extra }] }],
      });
    throwsInput(
      () => loadJobs(jobs("x")),
      /jobs\.json: field jobs\[0\]\.rules\[0\]\.value: must be a finite number/,
    );
    throwsInput(() => loadJobs(jobs(0.5, { valeu: 1 })), /unknown key "valeu" \(did you mean "value"\?\)/);
    expect(loadJobs(jobs(0.5)).jobs).toHaveLength(1);
  });
  it("every shipped gate and threshold config still loads through its strict reader", async () => {
    const root = new URL("../../", import.meta.url).pathname;
    const { loadContract, loadProfile } = await import("../../src/geb/release/run.js");
    const { loadRagPreset, loadDomainEntries } = await import("../../src/geb/rag/preset.js");
    const { loadPresets } = await import("../../src/geb/sweep/presets.js");
    const { loadChecksConfig } = await import("../../src/geb/sweep/thresholds.js");
    for (const f of ["capability_check_jobs.json", "capability_delta_jobs.json"])
      expect(loadJobs(join(root, "configs", f)).jobs.length).toBeGreaterThan(0);
    expect(loadContract().contract_id).toBe("release_gate_contract");
    for (const p of ["release", "fastlocal"]) expect(loadProfile(p).runs).toBeGreaterThan(0);
    for (const p of ["rag_benchmark_lenient", "rag_benchmark_strict"])
      expect(loadRagPreset(join(root, "configs", `${p}.json`)).datasets.length).toBeGreaterThan(0);
    expect(loadDomainEntries(join(root, "configs/rag_domain_exception.json")).entries.length).toBeGreaterThan(
      0,
    );
    expect(Object.keys(loadPresets()).length).toBeGreaterThan(0);
    for (const f of ["checks.json", "memory-checks.json", "ui-checks.json"])
      expect(loadChecksConfig(join(root, "examples/geb", f)).checks.length).toBeGreaterThan(0);
    expect(
      loadThresholds(join(root, "tests/fixtures/fuzz/diagnosis_thresholds.json")).version,
    ).not.toBeNull();
    for (const f of ["gate_committed.json", "gate_gen.json"])
      expect(
        readGateModel(join(root, "tests/fixtures/geb-ui/reference/gate", f)).feature_names.length,
      ).toBeGreaterThan(0);
  });
  it("geb ui gate model: a misspelt bound is refused", () => {
    const m = { feature_names: ["a"], weights: [1], bias: 0, min_score: 0, min_margin: 0 };
    expect(readGateModel(file("gm.json", m)).min_score).toBe(0);
    throwsInput(
      () => readGateModel(file("gm2.json", { ...m, min_scor: 1 })),
      /gm2\.json: field min_scor: unknown key "min_scor" \(did you mean "min_score"\?\)/,
    );
  });
});

describe("issue 31 item 10: numbers out of range", () => {
  it.each([
    [
      ["generate", "--out", join(dir, "g.jsonl"), "--episodes", "0"],
      /--episodes must be an integer in \[1, 1000000\], got 0/,
    ],
    [
      ["generate", "--out", join(dir, "g.jsonl"), "--steps", "-0"],
      /--steps must be an integer in \[1, \d+\], got -0/,
    ],
    [
      ["generate", "--out", join(dir, "g.jsonl"), "--queries", "0"],
      /--queries must be an integer in \[1, \d+\]/,
    ],
    [
      ["model", "--data", join(dir, "g.jsonl"), "--model", "retrieval", "--limit", "0"],
      /--limit must be an integer in \[1, \d+\], got 0/,
    ],
    [
      ["model", "--data", join(dir, "g.jsonl"), "--model", "retrieval", "--timeout-s", "9999999"],
      /--timeout-s must be a number in \[0\.001, 2147483\], got 9999999/,
    ],
    [["sweep", "--out", join(dir, "sw"), "--episodes", "0"], /--episodes must be an integer in \[1, /],
  ])("geb %j → exit 2 naming the flag and the range", async (argv, re) => {
    inputError(await runCli("geb", argv), re);
  });
  it("gf01: a duration above what a timer holds, a count of 1e7 and a fractional count are refused", async () => {
    inputError(
      await runCli("gf01", ["evaluate", "--agent-timeout-s", "9999999"]),
      /--agent-timeout-s must be an integer in \[1, 2147483\]/,
    );
    inputError(
      await runCli("gf01", ["generate", "--count", "10000000"]),
      /--count must be an integer in \[1, 1000000\]/,
    );
    inputError(await runCli("gf01", ["generate", "--count", "2.5"]), /--count must be an integer/);
  });

  // A reference-format results.json whose rows are regraded from data + preds (the path that
  // hands max_support_k to the grader).
  const refRun = (k: unknown): string => {
    const d = mkdtempSync(join(dir, "ref-"));
    writeFileSync(join(d, "data.jsonl"), "");
    writeFileSync(join(d, "preds.jsonl"), "");
    writeFileSync(
      join(d, "results.json"),
      JSON.stringify({
        metrics: { value_acc: 0.5 },
        data: { path: "data.jsonl", n: 0 },
        config: { max_support_k: k },
      }),
    );
    return join(d, "results.json");
  };
  it.each([0, -1, 2.5, 1e18, "3"])(
    "max_support_k %j: summarize, compare and collect exit 2 naming file and field",
    async (k) => {
      const f = refRun(k);
      const field = /results\.json: field \[0\]\.config\.max_support_k: must be an integer in \[1, 1000\]/;
      inputError(await runCli("geb", ["summarize", "--in", f, "--out-dir", join(dir, "sum")]), field);
      inputError(await runCli("geb", ["compare", "--base", f, "--other", f]), field);
      inputError(
        await runCli("geb", ["collect", "--runs", join(f, ".."), "--out", join(dir, "c.csv")]),
        field,
      );
    },
  );
});

describe("issue 31 item 12: conventions (exit 2 on stderr naming the file, no :0:)", () => {
  /** An input error that wrote nothing on stdout. */
  const quietInputError = (r: CliRun, ...what: (string | RegExp)[]) => {
    inputError(r, ...what);
    expect(r.stdout).toBe("");
  };
  it("geb ui validate: a missing path or a directory is an input error, an empty fixture a finding without :0:", async () => {
    quietInputError(
      await runCli("geb", ["ui", "validate", "--fixture", join(dir, "nope.jsonl")]),
      /nope\.jsonl: cannot read file: ENOENT/,
    );
    quietInputError(await runCli("geb", ["ui", "validate", "--fixture", dir]), /cannot read file: EISDIR/);
    const empty = file("empty-ui.jsonl", "");
    const r = await runCli("geb", ["ui", "validate", "--fixture", empty]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${empty}: fixture is empty`);
    expect(r.stdout).not.toMatch(/:0:/);
  });
  it("a located message never prints line 0", () => {
    expect(new InputError("x", { file: "f.json", line: 0 }).message).toBe("f.json: x");
    expect(new InputError("x", { file: "f.json", line: 3 }).message).toBe("f.json:3: x");
  });
  it("gf01 generate --config: bad values name the file and field (a flag's value names the flag)", async () => {
    const gen = (...a: string[]) => runCli("gf01", ["generate", "--count", "1", ...a]);
    quietInputError(
      await gen("--config", file("g1.json", { trace_min: "x" })),
      /g1\.json: field trace_min: /,
    );
    quietInputError(await gen("--config", file("g2.json", { p_hard: 3 })), /g2\.json: field p_hard: /);
    quietInputError(
      await gen("--config", file("g3.json", { bogus: 1 })),
      /g3\.json: field bogus: unknown key/,
    );
    quietInputError(
      await gen("--config", file("g4.json", [1])),
      /g4\.json: a generator config must be a JSON object/,
    );
    quietInputError(
      await gen("--trace-min", "9", "--trace-max", "3"),
      /field --trace-min: trace_min > trace_max/,
    );
  });
  it("gf01 freeze / freeze-pilot --config: a bad generator config names the file and field", async () => {
    const bad = file("fz.json", { p_hard: 3 });
    const fz = (cmd: string, ...a: string[]) =>
      runCli("gf01", [cmd, "--count", "2", "--config", bad, "--out-dir", join(dir, `out-${cmd}`), ...a]);
    quietInputError(await fz("freeze", "--freeze-id", "x"), /fz\.json: field p_hard: /);
    quietInputError(await fz("freeze-pilot"), /fz\.json: field p_hard: /);
  });
  it("gf01 verify --certificate @file: a bad certificate names the file", async () => {
    const bundle = join(dir, "b.json");
    expect((await runCli("gf01", ["generate", "--count", "1", "--out", bundle])).code).toBe(0);
    const verify = (cert: string) => runCli("gf01", ["verify", "--instances", bundle, "--certificate", cert]);
    quietInputError(
      await verify(`@${file("cert1.json", [[3]])}`),
      /cert1\.json: field certificate\[0\]: atom must be/,
    );
    quietInputError(await verify(`@${file("cert2.json", { a: 1 })}`), /cert2\.json: field certificate: /);
    quietInputError(await verify(`@${dir}`), /cannot read certificate file: EISDIR/);
  });
  it("a --config run file value checked after parsing names the file and key; an empty --model is refused", async () => {
    const data = join(dir, "d.jsonl");
    expect((await runCli("geb", ["generate", "--out", data, "--episodes", "1", "--steps", "20"])).code).toBe(
      0,
    );
    const model = (...a: string[]) =>
      runCli("geb", ["model", "--data", data, "--selector-only", "--out-dir", join(dir, "m"), ...a]);
    quietInputError(
      await model("--model", "retrieval", "--config", file("rc1.json", { label: 5 })),
      /rc1\.json: field label: expected key=value/,
    );
    quietInputError(
      await model("--config", file("rc2.json", { model: "" })),
      /rc2\.json: field model: must not be empty/,
    );
    quietInputError(await model("--model", ""), /--model must not be empty/);
  });
  it("gf01 validate and report: a runs file without rows is not a valid run (exit 2)", async () => {
    const runs = file("empty-runs.jsonl", "\n");
    quietInputError(
      await runCli("gf01", ["validate", "--runs", runs]),
      /empty-runs\.jsonl: holds no run rows/,
    );
    quietInputError(
      await runCli("gf01", ["report", "--runs", runs, "--format", "json"]),
      /holds no run rows/,
    );
  });
  it("geb grade: an empty predictions file warns on stderr, and fails with --strict", async () => {
    const data = join(dir, "d.jsonl");
    const pred = file("empty-pred.jsonl", "");
    const r = await runCli("geb", ["grade", "--data", data, "--pred", pred]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/empty-pred\.jsonl: holds no prediction rows/);
    quietInputError(
      await runCli("geb", ["grade", "--data", data, "--pred", pred, "--strict"]),
      /holds no prediction rows/,
    );
  });
  it("geb grade, baseline, model: a data file without rows is an input error, and leaves no output file", async () => {
    const data = file("empty-data.jsonl", "\n");
    const pred = file("some-pred.jsonl", '{"id":"x","value":"1"}\n');
    const out = join(dir, "rr-empty.jsonl");
    quietInputError(
      await runCli("geb", ["grade", "--data", data, "--pred", pred, "--row-results", out]),
      /empty-data\.jsonl: holds no data rows/,
    );
    expect(existsSync(out)).toBe(false);
    // The same for every command that reads a dataset: no n=0 output with exit 0.
    const base = join(dir, "b-empty.jsonl");
    quietInputError(await runCli("geb", ["baseline", "--data", data, "--out", base]), /holds no data rows/);
    expect(existsSync(base)).toBe(false);
    const m = join(dir, "m-empty.jsonl");
    quietInputError(
      await runCli("geb", ["model", "--data", data, "--model", "builtin:ledger-reader", "--out", m]),
      /holds no data rows/,
    );
    expect(existsSync(m)).toBe(false);
  });
});
