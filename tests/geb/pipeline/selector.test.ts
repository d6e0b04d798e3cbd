/**
 * Linear selector: features against hand-computed values, reference model files (feature
 * alignment), deterministic training, and the acceptance check: a model trained on
 * authoritative labels scores 1.0 value_acc on unseen kv_commentary rows, selector-only,
 * without the authority filter (the reference's latest-entry labels teach it to pick NOTEs).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { resolvePipelineConfig } from "../../../src/geb/pipeline/config.js";
import { loadRows, runGebModel } from "../../../src/geb/pipeline/gebmodel.js";
import {
  type SelectorExample,
  type SelectorLabel,
  exportExample,
} from "../../../src/geb/selector/dataset.js";
import {
  LINEAR_FEATURE_ORDER,
  alignModel,
  featureMatrix,
  loadLinearModel,
} from "../../../src/geb/selector/linear.js";
import { trainSelector } from "../../../src/geb/selector/train.js";
import { geb, kvCommentary, tmp } from "./helpers.js";

describe("features", () => {
  it("match hand-computed values", () => {
    const entries = [
      { step: 10, op: "SET", value: "amber-0001" },
      { step: 20, op: "NOTE", value: "teal-0100" },
      { step: 20, op: "CLEAR", value: null },
    ];
    const q = "Question: What is the current value of tag.00? amber";
    const m = featureMatrix(entries, q, "tag.00");
    const f = (i: number) => Object.fromEntries(LINEAR_FEATURE_ORDER.map((n, j) => [n, m[i * 21 + j]]));
    expect(f(0)).toEqual({
      bias: 1,
      step_norm: 0.5,
      step_delta_norm: 0.5,
      is_latest_step: 0,
      is_second_latest_step: 1,
      recency_rank_norm: 1,
      recency_rank_inv: 1 / 3,
      step_gap_range_norm: 1,
      pos_norm: 0,
      is_set: 1,
      is_clear: 0,
      is_add: 0,
      is_remove: 0,
      is_note: 0,
      is_authoritative: 1,
      is_update: 1,
      key_in_question: 1,
      value_in_question: 0,
      value_token_overlap: 0.5, // {amber, 0001} ∩ question tokens = {amber}
      question_len_norm: 0.5, // 10 tokens / 20
      value_len_norm: 0.2,
    });
    expect(f(1)).toMatchObject({
      is_latest_step: 1,
      recency_rank_inv: 1,
      pos_norm: 0.5,
      is_note: 1,
      is_authoritative: 0,
      is_update: 0,
    });
    // A CLEAR's value reads as Python's str(None): one token "none".
    expect(f(2)).toMatchObject({
      is_clear: 1,
      is_update: 1,
      value_len_norm: 0.1,
      value_token_overlap: 0,
      pos_norm: 1,
    });
  });
});

describe("model files", () => {
  it("a reference-format model with its own feature order and missing features aligns by name", () => {
    const dir = tmp();
    const file = join(dir, "ref.json");
    writeFileSync(
      file,
      JSON.stringify({
        feature_order: ["is_note", "bias", "step_norm"],
        weights: [-5, 0.5, 2],
        meta: { note: "ref" },
      }),
    );
    const { weights } = loadLinearModel(file);
    expect(weights.length).toBe(21);
    expect(weights[LINEAR_FEATURE_ORDER.indexOf("is_note")]).toBe(-5);
    expect(weights[LINEAR_FEATURE_ORDER.indexOf("bias")]).toBe(0.5);
    expect(weights[LINEAR_FEATURE_ORDER.indexOf("step_norm")]).toBe(2);
    expect(weights.filter((w) => w !== 0).length).toBe(3);
  });
  it("unknown features and length mismatches are errors naming the field", () => {
    expect(() => alignModel({ feature_order: ["bias", "magic"], weights: [1, 2] })).toThrow(
      /unknown features: magic/,
    );
    try {
      alignModel({ feature_order: ["bias"], weights: [1, 2] }, { file: "m.json" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).field).toBe("weights");
    }
  });
});

describe("training", () => {
  let trainData: string;
  let testData: string;
  const cfg = resolvePipelineConfig({ env: {}, flags: { k: 4 } }).config;
  const examples = (label: SelectorLabel): SelectorExample[] =>
    loadRows(trainData)
      .map((r) => exportExample(r, { config: cfg }, { label, hardNegatives: 0 }))
      .filter((e): e is SelectorExample => e !== null);
  beforeAll(() => {
    const dir = tmp();
    trainData = kvCommentary(dir, 0, 4);
    testData = kvCommentary(dir, 100, 3);
  });

  it("is deterministic (same data and options: identical model JSON)", () => {
    const ex = examples("authoritative");
    expect(JSON.stringify(trainSelector(ex, { seed: 3 }))).toBe(
      JSON.stringify(trainSelector(ex, { seed: 3 })),
    );
    expect(JSON.stringify(trainSelector(ex, { seed: 3 }))).not.toBe(
      JSON.stringify(trainSelector(ex, { seed: 4 })),
    );
  });

  async function evaluate(model: object): Promise<{ value_acc: number | null; note: number | null }> {
    const file = join(tmp(), "m.json");
    writeFileSync(file, JSON.stringify(model));
    const pipeline = resolvePipelineConfig({
      env: {},
      flags: { k: 4, rerank: "linear", linear_model: file, selector_only: true, authority_filter: false },
    });
    const r = await runGebModel({
      data: testData,
      model: "retrieval",
      engine: null,
      prompt: {},
      postprocess: "none",
      pipeline,
    });
    return { value_acc: r.payload.metrics.value_acc, note: r.payload.decomposition!.selected_note_rate };
  }

  it("authoritative labels: value_acc 1.0 on unseen kv_commentary, selector-only, no authority filter", async () => {
    const model = trainSelector(examples("authoritative"));
    expect(model.meta?.train_selection_rate).toBe(1);
    const r = await evaluate(model);
    expect(r.value_acc).toBe(1);
    expect(r.note).toBe(0);
  });

  it("the reference's latest-entry labels teach the selector to pick NOTE lines", async () => {
    const r = await evaluate(trainSelector(examples("latest-entry")));
    expect(r.note).toBeGreaterThan(0);
    expect(r.value_acc).toBeLessThan(1);
  });

  it("geb selector export/train round-trip through files", async () => {
    const dir = tmp();
    const ex = join(dir, "ex.jsonl");
    const model = join(dir, "model.json");
    expect((await geb(["selector", "export", "--data", trainData, "--out", ex, "--k", "4"])).code).toBe(0);
    const t = await geb(["selector", "train", "--data", ex, "--out", model, "--epochs", "20"]);
    expect(t.code).toBe(0);
    expect(t.out[0]).toMatch(/^train_selection_rate=1\.0000 test_selection_rate=1\.0000/);
    const m = await geb([
      "model",
      "--data",
      testData,
      "--model",
      "retrieval",
      "--selector-only",
      "--k",
      "4",
      "--rerank",
      "linear",
      "--linear-model",
      model,
    ]);
    expect(m.out[0]).toMatch(/value_acc=1\.000 exact_acc=1\.000/);
  });
});
