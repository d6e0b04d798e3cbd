/**
 * Decomposition metrics: the authoritative definitions next to the reference's latest-entry
 * ones on real kv_commentary runs, and the counting fixes (spoof non-gold counted once,
 * abstain denominators that partition the rows) on hand-made rows.
 */
import { describe, expect, it } from "vitest";
import { resolvePipelineConfig } from "../../../src/geb/pipeline/config.js";
import { runGebModel } from "../../../src/geb/pipeline/gebmodel.js";
import { countRows, rates } from "../../../src/geb/summary/decomposition.js";
import {
  buildDiagnosis,
  classifyBottleneck,
  DEFAULT_THRESHOLDS,
  extractMetrics,
} from "../../../src/geb/summary/diagnosis.js";
import type { RowStat } from "../../../src/geb/summary/rowstats.js";
import { summarizeRuns } from "../../../src/geb/summary/summarize.js";
import { kvCommentary, tmp } from "./helpers.js";

const run = async (data: string, flags: Record<string, unknown>) =>
  (
    await runGebModel({
      data,
      model: "retrieval",
      engine: null,
      prompt: {},
      postprocess: "none",
      pipeline: resolvePipelineConfig({ env: {}, flags: { selector_only: true, ...flags } }),
      timings: false,
    })
  ).payload;

describe("authoritative vs latest-entry definitions", () => {
  it("a selector that picks the newest entry (NOTEs included) is perfect by the reference's definition only", async () => {
    const data = kvCommentary(tmp(), 0, 3);
    const p = await run(data, { k: 4, rerank: "latest_step" });
    const d = p.decomposition!;
    expect(d.selection_rate_latest_entry).toBe(1);
    expect(d.gold_present_rate_latest_entry).toBe(1);
    expect(d.selected_note_rate).toBeGreaterThan(0.1);
    expect(d.selection_rate).toBeCloseTo(1 - (d.selected_note_rate as number), 12);
    expect(d.selection_rate).toBeCloseTo(p.metrics.value_acc as number, 12);
    // With the authority gate both definitions agree and are perfect.
    const g = (await run(data, { k: 4, rerank: "latest_step", authority_filter: true })).decomposition!;
    expect([g.selection_rate, g.selection_rate_latest_entry, g.selected_note_rate]).toEqual([1, 1, 0]);
    const diag = buildDiagnosis(summarizeRuns([p]));
    expect(diag.primary_bottleneck).toBe("authority");
  });

  it("drop + oracle abstain: present and missing partition the rows; precision 1, recall 1", async () => {
    const data = kvCommentary(tmp(), 1, 2);
    const p = await run(data, {
      k: 4,
      rerank: "prefer_update_latest",
      authority_filter: true,
      drop_prob: 0.4,
      abstain_on_missing: true,
    });
    const c = countRows(p.retrieval_stats);
    expect(c.gold_present + c.gold_missing).toBe(c.total);
    expect(c.gold_missing).toBeGreaterThan(0);
    const d = rates(c);
    expect(d.abstain_precision).toBe(1);
    expect(d.abstain_recall).toBe(1);
    // The observable policy cannot see the drop when an older update of the key remains.
    const o = rates(
      countRows(
        (
          await run(data, {
            k: 4,
            rerank: "prefer_update_latest",
            authority_filter: true,
            drop_prob: 0.4,
            abstain_on_missing: true,
            abstain_policy: "observable",
          })
        ).retrieval_stats,
      ),
    );
    expect(o.abstain_recall as number).toBeLessThan(1);
  });
});

function row(over: Partial<RowStat>): RowStat {
  return {
    id: "r",
    trial: 0,
    episode_id: "E1",
    q_index: 1,
    key: "tag.00",
    query_type: "direct",
    has_instruction: false,
    tokens_since_update: 10,
    distractors_since_update: 0,
    writes_to_key: 1,
    gold_value: "a",
    pred_value: "a",
    pred_support_ids: ["G"],
    missing: false,
    value_ok: true,
    exact_ok: true,
    stage: "pipeline",
    eligible: true,
    source: "selector",
    gold_uid: "G",
    gold_entry_value: "a",
    latest_entry_uid: "G",
    latest_entry_op: "SET",
    candidate_uids: ["G", "X"],
    gold_rank: 1,
    latest_entry_rank: 1,
    dropped_correct: false,
    gold_present: true,
    latest_entry_present: true,
    pipeline_abstained: false,
    order: null,
    spoof_enabled: true,
    spoof_count: 0,
    selected_uid: "G",
    selected_op: "SET",
    selected_spoofed: false,
    pick_uid: null,
    copy_clamped: null,
    correct_included: false,
    correct_uid: null,
    correct_rank: null,
    abstained: false,
    gold_missing: false,
    ...over,
  };
}

describe("counting", () => {
  it("spoof_accept_rate_non_gold counts each spoofed non-gold pick once", () => {
    const rows = [
      row({}),
      row({
        selected_uid: "X",
        selected_op: "SET",
        selected_spoofed: true,
        value_ok: false,
        pred_support_ids: ["X"],
      }),
      row({ selected_uid: "G", selected_spoofed: true }),
      row({
        selected_uid: "N",
        selected_op: "NOTE",
        selected_spoofed: false,
        value_ok: false,
        pred_support_ids: ["N"],
      }),
    ];
    const d = rates(countRows(rows));
    expect(d.spoof_accept_rate).toBe(2 / 4);
    expect(d.spoof_accept_rate_non_gold).toBe(1 / 4);
    expect(d.selected_note_rate).toBe(1 / 4);
    expect(d.wrong_update_rate).toBe(1 / 4);
    expect(d.selected_wrong_update_rate).toBe(1 / 2);
    expect(d.selection_rate).toBe(2 / 4);
    expect(d.answer_acc_given_gold_selected).toBe(1);
  });

  it("abstain precision and recall use disjoint present / missing rows", () => {
    const rows = [
      row({
        gold_present: false,
        dropped_correct: true,
        pipeline_abstained: true,
        pred_value: null,
        pred_support_ids: [],
      }),
      row({ gold_present: false, dropped_correct: true, pred_value: "b", value_ok: false }),
      row({ pred_value: null, pred_support_ids: [], value_ok: false }),
      row({}),
    ];
    const d = rates(countRows(rows));
    expect(d.gold_missing_rate).toBe(0.5);
    expect(d.abstain_rate).toBe(0.5);
    expect(d.abstain_precision).toBe(0.5);
    expect(d.abstain_recall).toBe(0.5);
    expect(d.drop_rate).toBe(0.5);
  });
});

describe("diagnosis", () => {
  it("reads the reference threshold file; twin flips are healthy, missing flips are instability", () => {
    const base = {
      gold_present_rate: 1,
      selection_rate_given_present: 1,
      authority_violation_rate: 0,
      answer_correct_given_selected: 1,
      unsafe_commit_rate: 0,
      abstain_rate: 0,
      abstain_precision: null,
      abstain_recall: null,
      instr_override_rate: 0,
    };
    const t = { ...DEFAULT_THRESHOLDS };
    expect(classifyBottleneck({ ...base, twin_flip_miss_rate: 0, twin_inconsistency_rate: 0 }, t)).toBe(
      "pass",
    );
    expect(classifyBottleneck({ ...base, twin_flip_miss_rate: 0.5, twin_inconsistency_rate: 0 }, t)).toBe(
      "instability",
    );
    expect(
      classifyBottleneck(
        { ...base, twin_flip_miss_rate: 0, twin_inconsistency_rate: 0, gold_present_rate: 0.5 },
        t,
      ),
    ).toBe("retrieval");
    expect(
      classifyBottleneck(
        {
          ...base,
          twin_flip_miss_rate: null,
          twin_inconsistency_rate: null,
          selection_rate_given_present: 0.5,
        },
        t,
      ),
    ).toBe("selection");
    expect(
      classifyBottleneck(
        {
          ...base,
          twin_flip_miss_rate: null,
          twin_inconsistency_rate: null,
          answer_correct_given_selected: 0.5,
        },
        t,
      ),
    ).toBe("answering");
    expect(
      classifyBottleneck(
        { ...base, twin_flip_miss_rate: null, twin_inconsistency_rate: null, instr_override_rate: 0.5 },
        t,
      ),
    ).toBe("instruction");
    expect(
      classifyBottleneck(
        {
          ...base,
          twin_flip_miss_rate: null,
          twin_inconsistency_rate: null,
          abstain_rate: 0.2,
          abstain_precision: 0.5,
          abstain_recall: 1,
        },
        t,
      ),
    ).toBe("abstain");
    const s = summarizeRuns([]);
    expect(extractMetrics(s).gold_present_rate).toBeNull();
  });
});
