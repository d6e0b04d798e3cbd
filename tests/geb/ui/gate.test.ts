/** Gate models: training parity with the reference's train_ui_gate.py, and held-out use. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toAgentRow } from "../../../src/geb/ui/agent-row.js";
import { readUiFixture } from "../../../src/geb/ui/fixture.js";
import {
  DEFAULT_GATE_TRAIN,
  GATE_FEATURE_NAMES,
  gateSelect,
  runGate,
  splitByTask,
  trainGate,
} from "../../../src/geb/ui/gate.js";
import { DEFAULT_UI_GENERATE, generateUiRows } from "../../../src/geb/ui/generate.js";
import { committedFixture, refDir } from "./helpers.js";

const ref = (f: string) => JSON.parse(readFileSync(`${refDir}gate/${f}`, "utf8"));
const close = (a: number[], b: number[]) =>
  a.every((x, i) => Math.abs(x - b[i]) <= 1e-12 * Math.max(1, Math.abs(b[i])));

describe("gate training (reference train_ui_gate.py)", () => {
  it("39 features in the reference's order; committed fixture: the same weights and bias", async () => {
    const m = ref("gate_committed.json");
    expect(GATE_FEATURE_NAMES).toEqual(m.feature_names);
    expect(GATE_FEATURE_NAMES).toHaveLength(39);
    const { rows } = await readUiFixture(committedFixture);
    const ours = trainGate(rows, DEFAULT_GATE_TRAIN);
    expect(close(ours.weights, m.weights)).toBe(true);
    expect(Math.abs(ours.bias - m.bias)).toBeLessThan(1e-12);
    // Its training metrics (selection 1.0, abstain 0.0 on the training rows themselves).
    const sel = rows.map((r) => gateSelect(ours, toAgentRow(r), r.candidates));
    expect(sel.filter((s, i) => s === rows[i].gold.candidate_id).length / rows.length).toBe(
      ref("gate_committed_metrics.json").metrics.selection_rate,
    );
  });
  it("non-default epochs / lr / l2 on a generated fixture", async () => {
    const m = ref("gate_gen.json");
    const { rows } = await readUiFixture(`${refDir}generate/popup_overlay_custom.jsonl`);
    const ours = trainGate(rows, { ...DEFAULT_GATE_TRAIN, epochs: 50, lr: 0.2, l2: 0.01 });
    expect(close(ours.weights, m.weights)).toBe(true);
    expect(Math.abs(ours.bias - m.bias)).toBeLessThan(1e-12);
  });
});

describe("gate use", () => {
  it("splits by task; min_score / min_margin abstain; selection reads agent rows only", () => {
    const rows = [0, 1, 2, 3].flatMap((seed) =>
      generateUiRows({ ...DEFAULT_UI_GENERATE, seed, steps: 2 }).map((r) => ({ ...r, task_id: `t${seed}` })),
    );
    const { train, holdout } = splitByTask(rows, 2);
    expect([...new Set(holdout.map((r) => r.task_id))]).toEqual(["t1", "t3"]);
    expect(train).toHaveLength(4);
    const m = trainGate(train, DEFAULT_GATE_TRAIN);
    const o = { applyRules: true, applyOverlayFilter: true };
    const scrambled = holdout.map((r) => ({ ...r, gold: { candidate_id: r.candidates[0].candidate_id } }));
    expect(runGate(scrambled, m, o)).toEqual(runGate(holdout, m, o));
    expect(runGate(holdout, { ...m, min_score: 1.01 }, o)).toEqual(holdout.map(() => null));
    expect(gateSelect({ ...m, min_margin: 2 }, toAgentRow(holdout[0]), holdout[0].candidates)).toBeNull();
  });
});

describe("geb ui gate train: intended abstains", () => {
  it("leaves abstain_expected steps out of training (their gold is a placeholder)", async () => {
    const { mkdtempSync, readFileSync: read } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { uiGateTrainFile } = await import("../../../src/geb/ui/api.js");
    const fixture = "data/geb-ui/pack/ui-pack.jsonl";
    const outModel = join(mkdtempSync(join(tmpdir(), "gate-ae-")), "gate.json");
    const r = (await uiGateTrainFile({ fixture, outModel, holdoutEvery: 2, train: DEFAULT_GATE_TRAIN })) as {
      train: { rows: number; abstain_expected_skipped: number };
    };
    const { rows } = await readUiFixture(fixture);
    const { train } = splitByTask(rows, 2);
    const ae = train.filter((x) => x.abstain_expected === true).length;
    expect(ae).toBeGreaterThan(0);
    expect(r.train).toMatchObject({ rows: train.length, abstain_expected_skipped: ae });
    const written = JSON.parse(read(outModel, "utf8"));
    const filtered = trainGate(
      train.filter((x) => x.abstain_expected !== true),
      DEFAULT_GATE_TRAIN,
    );
    expect(written.weights).toEqual(filtered.weights);
    // Training on the placeholders too gives another model: the filter is what makes the difference.
    expect(trainGate(train, DEFAULT_GATE_TRAIN).weights).not.toEqual(filtered.weights);
  });
});
