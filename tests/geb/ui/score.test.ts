/**
 * Scoring: the reference's ui_eval tests, the committed-fixture parity values (§A3 mode table,
 * bytes of its score_ui_fixture.py / ui-score output, ui-summary), and the 1.0 differences.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { uiScoreFile, uiSummaryFile } from "../../../src/geb/ui/api.js";
import { baselineSelections } from "../../../src/geb/ui/baselines.js";
import { readUiFixture } from "../../../src/geb/ui/fixture.js";
import { ObservedEffects, scoreUi, type Selection } from "../../../src/geb/ui/score.js";
import { type UiRow, UiScoreReportSchema } from "../../../src/geb/ui/schema.js";
import { committedFixture, committedObserved, refDir, row } from "./helpers.js";

const refJson = (name: string) => readFileSync(`${refDir}${name}`, "utf8");
const compat = { compat: "reference-0.1" as const };

describe("reference test_ui_eval (reference-0.1)", () => {
  it("score_ui_rows", () => {
    const rows = [row("s1", ["btn_a", "btn_b"], "btn_b"), row("s2", ["btn_c"], "btn_c")];
    expect(scoreUi(rows, ["btn_b", null], compat).metrics).toEqual({
      gold_present_rate: 1,
      selection_rate: 0.5,
      wrong_action_rate: 0,
      abstain_rate: 0.5,
      accuracy_when_gold_present: 0.5,
      abstain_expected_rate: 0,
      abstain_expected_count: 0,
    });
  });
  it("post-action verification: observed ⊇ expected; abstain-expected rows skipped", () => {
    const rows = [
      row("s1", ["a"], "a", { expected_delta: { page: "checkout_shipping" } }),
      row("s2", ["b"], "b", { expected_delta: { toast: "Profile saved" } }),
    ];
    const obs = new ObservedEffects([
      { id: "s1", observed_delta: { page: "checkout_shipping" } },
      { id: "s2", observed_delta: { toast: "Wrong" } },
    ]);
    expect(scoreUi(rows, ["a", "b"], { ...compat, observed: obs }).metrics.post_action_verify_rate).toBe(0.5);
    const rows2 = [
      row("s1", ["a"], "a", { expected_delta: { page: "checkout_shipping" } }),
      row("s2", ["b"], "b", { abstain_expected: true, expected_delta: { toast: "Saved" } }),
    ];
    const obs2 = new ObservedEffects([
      { id: "s1", observed_delta: { page: "checkout_shipping" } },
      { id: "s2", observed_delta: { toast: "Saved" } },
    ]);
    expect(scoreUi(rows2, ["a", "b"], { ...compat, observed: obs2 }).metrics.post_action_verify_rate).toBe(1);
  });
  it("sequences: a passing task, a wrong action, an expected abstain", () => {
    const pass = [
      row("s1", ["btn_a", "btn_b"], "btn_b", { task_id: "t", min_steps: 2 }),
      row("s2", ["btn_c"], "btn_c", { task_id: "t", min_steps: 2 }),
    ];
    expect(scoreUi(pass, ["btn_b", "btn_c"], compat).sequence_metrics).toMatchObject({
      tasks_total: 1,
      task_pass_rate: 1,
      task_wrong_action_rate: 0,
      task_step_overhead_mean: 1,
      task_steps_taken_mean: 2,
      task_min_steps_mean: 2,
    });
    const wrong = [
      row("s1", ["btn_a"], "btn_a", { task_id: "t" }),
      row("s2", ["btn_b"], "btn_b", { task_id: "t" }),
    ];
    expect(scoreUi(wrong, ["btn_a", "btn_x"], compat).sequence_metrics).toMatchObject({
      task_pass_rate: 0,
      task_wrong_action_rate: 1,
    });
    const abst = [
      row("s1", ["btn_a"], "btn_a", { task_id: "t" }),
      row("s2", ["btn_b", "btn_c"], "btn_b", { task_id: "t", abstain_expected: true }),
    ];
    expect(scoreUi(abst, ["btn_a", null], compat).sequence_metrics).toMatchObject({
      task_pass_rate: 1,
      task_wrong_action_rate: 0,
      task_step_overhead_mean: 1,
      task_steps_taken_mean: 1,
      task_min_steps_mean: 1,
    });
  });
  it("fixture adapter: gold mode selects the gold; random is deterministic per row", () => {
    const rows = [
      row("step_0001", ["btn_a", "btn_b"], "btn_b"),
      row("step_0002", ["btn_a", "btn_b"], "btn_b"),
    ];
    expect(baselineSelections(rows, "gold")).toEqual(["btn_b", "btn_b"]);
    expect(baselineSelections(rows, "random", 7, "per-row")).toEqual(
      baselineSelections(rows, "random", 7, "per-row"),
    );
  });
});

describe("committed-fixture parity (the reference's own outputs, byte for byte)", () => {
  for (const mode of ["gold", "first", "random", "abstain"] as const)
    it(`score_ui_fixture.py --mode ${mode} --seed 0 --observed`, async () => {
      const r = await uiScoreFile({
        fixture: committedFixture,
        mode,
        seed: 0,
        observed: committedObserved,
        ...compat,
      });
      expect(r.text).toBe(refJson(`score/${mode}.json`));
    });
  it("the §A3 mode table", async () => {
    const table: Record<string, [number, number, number | undefined]> = {};
    for (const mode of ["gold", "first", "random", "abstain"] as const) {
      const r = await uiScoreFile({
        fixture: committedFixture,
        mode,
        observed: committedObserved,
        ...compat,
      });
      const m = r.score;
      table[mode] = [
        m.metrics.selection_rate,
        m.sequence_metrics.task_pass_rate,
        m.metrics.post_action_verify_rate ?? undefined,
      ];
    }
    expect(table).toEqual({ gold: [1, 1, 1], first: [1, 1, 1], random: [0.25, 0, 1], abstain: [0, 0, 1] });
  });
  for (const seed of [0, 1, 5])
    it(`ui-score with the fixture adapter, random, seed ${seed} (Random(seed ^ crc32(id)))`, async () => {
      const r = await uiScoreFile({
        fixture: committedFixture,
        mode: "random",
        seed,
        randomRng: "per-row",
        observed: committedObserved,
        ...compat,
      });
      const ref = JSON.parse(refJson(`score/adapter_random_seed${seed}.json`));
      expect(r.payload.metrics).toEqual(ref.metrics);
      expect(r.payload.sequence_metrics).toEqual(ref.sequence_metrics);
    });
  it("ui-summary", async () => {
    expect(await uiSummaryFile(committedFixture)).toEqual(JSON.parse(refJson("summary.json")));
  });
});

describe("1.0 scoring", () => {
  it("verify counts only the selected action's effect; the reference's number stays as fixture_verify_rate", async () => {
    const a = await uiScoreFile({
      fixture: committedFixture,
      mode: "abstain",
      observed: committedObserved,
      compat: "1.0",
    });
    expect(a.score.metrics.post_action_verify_rate).toBe(0);
    expect(a.score.metrics.fixture_verify_rate).toBe(1);
    expect(a.score.sequence_metrics.task_post_action_verify_mean).toBe(0);
    const r = await uiScoreFile({
      fixture: committedFixture,
      mode: "random",
      observed: committedObserved,
      compat: "1.0",
    });
    expect(r.score.metrics.post_action_verify_rate).toBe(0.25); // = selection: only the gold's effect is known
    const g = await uiScoreFile({
      fixture: committedFixture,
      mode: "gold",
      observed: committedObserved,
      compat: "1.0",
    });
    expect(g.score.metrics.post_action_verify_rate).toBe(1);
    expect(g.payload.selector).toEqual({ kind: "oracle", mode: "gold", seed: 0 });
    // Every 1.0 output matches its exported schema (schemas/geb-ui-score.v1.schema.json).
    for (const out of [a, r, g]) expect(UiScoreReportSchema.parse(JSON.parse(out.text))).toBeTruthy();
  });
  it("per-candidate observed effects: a non-gold action that causes the change verifies", () => {
    const rows: UiRow[] = [row("s1", ["a", "b"], "a", { expected_delta: { saved: true } })];
    const obs = new ObservedEffects([
      { id: "s1", observed_delta: { saved: true } },
      { id: "s1", candidate_id: "b", observed_delta: { saved: true, extra: 1 } },
    ]);
    const s = scoreUi(rows, ["b"], { compat: "1.0", observed: obs });
    expect(s.metrics.post_action_verify_rate).toBe(1);
    expect(s.metrics.selection_rate).toBe(0);
    // A key the observation lacks is None in the reference: it matches only an expected null.
    expect(
      scoreUi(rows, ["b"], {
        compat: "1.0",
        observed: new ObservedEffects([{ id: "s1", candidate_id: "b", observed_delta: {} }]),
      }).metrics.post_action_verify_rate,
    ).toBe(0);
  });
  it("abstain precision/recall, null for empty denominators, intervals clustered by task", () => {
    const rows: UiRow[] = [
      row("s1", ["a", "b"], "a", { task_id: "t1" }),
      row("s2", ["a", "b"], "a", { task_id: "t1", abstain_expected: true }),
      row("s3", ["a", "b"], "b", { task_id: "t2", abstain_expected: true }),
      row("s4", ["a", "b"], "b", { task_id: "t2" }),
    ];
    const sel: Selection[] = [null, null, "a", "b"];
    const s = scoreUi(rows, sel, { compat: "1.0" });
    expect(s.metrics).toMatchObject({
      abstain_precision: 0.5,
      abstain_recall: 0.5,
      abstain_expected_rate: 0.5,
      selection_rate: 0.25,
      wrong_action_rate: 0.25,
      accuracy_when_gold_present: 0.5,
    });
    expect(s.sequence_metrics.task_pass_rate).toBe(0);
    // Both abstains are in task t1: one cluster.
    expect(s.intervals?.metrics.abstain_precision).toMatchObject({ value: 0.5, n: 2, n_clusters: 1 });
    expect(s.intervals?.metrics.selection_rate).toMatchObject({
      value: 0.25,
      n: 4,
      n_clusters: 2,
      method: "wilson_cluster",
    });
    expect(s.intervals?.metrics.task_pass_rate).toMatchObject({ value: 0, n: 2, method: "wilson" });
    const none = scoreUi([row("s1", ["a"], "a")], ["a"], { compat: "1.0" }).metrics;
    expect([none.abstain_expected_rate, none.abstain_precision, none.abstain_recall]).toEqual([
      null,
      null,
      null,
    ]);
    const ref = scoreUi([row("s1", ["a"], "a")], ["a"], compat).metrics;
    expect(ref.abstain_expected_rate).toBe(0);
    expect(ref).not.toHaveProperty("abstain_precision");
  });
  it("a selections file missing a row is an error, not an abstain", async () => {
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmp } = await import("../helpers.js");
    const f = join(tmp(), "sel.jsonl");
    const { rows } = await readUiFixture(committedFixture);
    writeFileSync(
      f,
      `${rows
        .slice(1)
        .map((r) => JSON.stringify({ id: r.id, value: null }))
        .join("\n")}\n`,
    );
    await expect(uiScoreFile({ fixture: committedFixture, selections: f, compat: "1.0" })).rejects.toThrow(
      /no selection for 1 fixture row\(s\), first step_unsaved_changes_0001/,
    );
    writeFileSync(f, rows.map((r) => JSON.stringify({ id: r.id, value: r.gold.candidate_id })).join("\n"));
    const ok = await uiScoreFile({ fixture: committedFixture, selections: f, compat: "1.0" });
    expect(ok.score.metrics.selection_rate).toBe(1);
  });
});
