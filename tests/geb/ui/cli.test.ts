/** `geb ui …` through the CLI's main, in-process (what the thin shell adds: output, exit codes). */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../../src/geb/cli/main.js";
import { tmp } from "../helpers.js";
import { committedFixture, committedObserved, refDir } from "./helpers.js";

afterEach(() => {
  process.exitCode = undefined;
});

async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  // The ui commands print with console.log (vitest routes it around process.stdout).
  const l = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    stdout += `${a.join(" ")}\n`;
  });
  try {
    const status = await main(["ui", ...args]);
    return { status, stdout, stderr };
  } finally {
    e.mockRestore();
    l.mockRestore();
  }
}

describe("geb ui", async () => {
  it("generate --compat reference-0.1 writes the reference's bytes; solvable rejects them, accepts 1.0", async () => {
    const d = tmp();
    const ref = join(d, "ref.jsonl");
    const r = await run(
      "generate",
      "--compat",
      "reference-0.1",
      "--profile",
      "popup_overlay",
      "--seed",
      "4",
      "--out",
      ref,
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`Wrote 3 rows to ${ref}\n`);
    expect(readFileSync(ref, "utf8")).toBe(
      readFileSync(`${refDir}generate/popup_overlay_seed4.jsonl`, "utf8"),
    );
    const bad = await run("solvable", "--fixture", ref);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`${ref}:1: row step_0001: unresolved: instruction_not_in_target_grammar`);
    const ours = join(d, "ours.jsonl");
    expect(
      (await run("generate", "--profile", "popup_overlay", "--duplicates", "4", "--out", ours)).status,
    ).toBe(0);
    const ok = await run("solvable", "--fixture", ours);
    expect(ok.status, ok.stdout).toBe(0);
    expect(ok.stdout).toBe("solvable: 3/3 steps (100.0 %); 0 abstain-expected step(s) not checked\n");
  });

  it("validate lists problems as file:line: field (exit 1); score on a bad fixture is one stderr line, exit 2", async () => {
    const f = join(tmp(), "bad.jsonl");
    const rows = readFileSync(committedFixture, "utf8").trim().split("\n");
    const r2 = JSON.parse(rows[1]);
    r2.candidates[0].bbox = "wide";
    writeFileSync(f, `${rows[0]}\n${JSON.stringify(r2)}\n`);
    const v = await run("validate", "--fixture", f);
    expect(v.status).toBe(1);
    expect(v.stdout).toBe(
      `${f}:2: field candidates[0].bbox: bbox must be a list of four numbers [x, y, w, h]\n${f}: 2 rows, 1 problem(s)\n`,
    );
    const s = await run("score", "--fixture", f, "--mode", "first");
    expect(s.status).toBe(2);
    expect(s.stderr).toBe(
      `geb: ${f}:2: field candidates[0].bbox: bbox must be a list of four numbers [x, y, w, h]\n`,
    );
    const both = await run("score", "--fixture", committedFixture);
    expect(both.status).toBe(2);
    expect(both.stderr).toBe("geb: give exactly one of --mode, --selections and --agent\n");
  });

  it("score --compat reference-0.1 prints the reference's JSON; summary prints its ui-summary", async () => {
    const s = await run(
      "score",
      "--fixture",
      committedFixture,
      "--mode",
      "random",
      "--observed",
      committedObserved,
      "--compat",
      "reference-0.1",
    );
    expect(s.status, s.stderr).toBe(0);
    expect(s.stdout).toBe(`${readFileSync(`${refDir}score/random.json`, "utf8")}\n`);
    const m = await run("summary", "--fixture", committedFixture);
    expect(JSON.parse(m.stdout)).toEqual(JSON.parse(readFileSync(`${refDir}summary.json`, "utf8")));
  });
});

describe("geb ui score --agent policy", () => {
  it("writes traces, labels reference-0.1 runs leaky, and 1.0 output matches its schema", async () => {
    const { UiScoreReportSchema } = await import("../../../src/geb/ui/schema.js");
    const d = tmp();
    const trace = join(d, "trace.jsonl");
    const r = await run(
      "score",
      "--fixture",
      committedFixture,
      "--agent",
      "policy",
      "--trace",
      trace,
      "--observed",
      committedObserved,
    );
    expect(r.status, r.stderr).toBe(0);
    const out = UiScoreReportSchema.parse(JSON.parse(r.stdout));
    expect(out.selector).toEqual({ kind: "policy", rules: true, overlay_filter: true, leaky: false });
    expect(out.sequence_metrics.task_pass_rate).toBe(0.5);
    const traces = readFileSync(trace, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(traces.map((t) => t.final_choice)).toEqual(["btn_unsaved_close", "btn_unsaved_save", null, null]);
    const leaky = await run(
      "score",
      "--fixture",
      committedFixture,
      "--agent",
      "policy",
      "--compat",
      "reference-0.1",
    );
    expect(JSON.parse(leaky.stdout)).toMatchObject({ strategy: "policy", leaky_answer_key_rules: true });
    expect(JSON.parse(leaky.stdout).sequence_metrics.task_pass_rate).toBe(1);
  });
});

describe("geb ui search", () => {
  it("reference-0.1 names its SA oracle_search; 1.0 names it sa", async () => {
    const c = await run(
      "search",
      "--fixture",
      committedFixture,
      "--compat",
      "reference-0.1",
      "--sa-iterations",
      "20",
    );
    expect(c.status, c.stderr).toBe(0);
    const out = JSON.parse(c.stdout);
    expect(Object.keys(out.strategy_summary)).toEqual(["policy", "greedy", "oracle_search"]);
    expect(out.search_strategy).toBe("oracle_search");
    const v = await run("search", "--fixture", committedFixture, "--seeds", "2", "--sa-iterations", "20");
    expect(Object.keys(JSON.parse(v.stdout).strategy_summary)).toEqual(["policy", "greedy", "sa"]);
    expect((await run("search", "--fixture", committedFixture, "--seeds", "0")).status).toBe(2);
  });
});

describe("geb ui gate train / score --agent gate", () => {
  it("trains on the train split, reports the held-out split, and the model scores through --agent gate", async () => {
    const d = tmp();
    const fixture = join(d, "steps.jsonl");
    const { DEFAULT_UI_GENERATE, generateUiRows, uiRowsToJsonl } = await import(
      "../../../src/geb/ui/generate.js"
    );
    const rows = [0, 1, 2, 3].flatMap((seed) => generateUiRows({ ...DEFAULT_UI_GENERATE, seed, steps: 2 }));
    writeFileSync(fixture, uiRowsToJsonl(rows.map((r, i) => ({ ...r, id: `s${i}` }))));
    const model = join(d, "gate.json");
    const t = await run("gate", "train", "--fixture", fixture, "--out-model", model);
    expect(t.status, t.stderr).toBe(0);
    const r = JSON.parse(t.stdout);
    expect([r.train.tasks, r.holdout.tasks, r.holdout.rows]).toEqual([2, 2, 4]);
    expect(r.holdout.intervals.metrics.selection_rate.n_clusters).toBe(2);
    const s = await run("score", "--fixture", fixture, "--agent", "gate", "--gate-model", model);
    expect(s.status, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout).selector).toEqual({ kind: "gate", model, rules: true, overlay_filter: true });
    writeFileSync(
      model,
      JSON.stringify({ feature_names: ["bias"], weights: [], bias: 0, min_score: 0.5, min_margin: 0 }),
    );
    const bad = await run("score", "--fixture", fixture, "--agent", "gate", "--gate-model", model);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(`geb: ${model}: field weights: weights must have one entry per feature name\n`);
    const one = await run(
      "gate",
      "train",
      "--fixture",
      committedFixture,
      "--out-model",
      model,
      "--holdout-every",
      "3",
    );
    expect(one.status).toBe(2);
    expect(one.stderr).toMatch(/leaves no held-out task/);
  });
});
