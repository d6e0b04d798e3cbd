/**
 * The deterministic policy against the reference's recorded outputs
 * (tests/fixtures/geb-ui/reference/policy, made by record_policy.py running the reference):
 * every preselect call of its test_ui_policy.py and every row of its committed fixture and of
 * generated fixtures, with survivors AND per-candidate traces. Leak-dependent cases are split:
 * reference-0.1 (`preselectLeaky`, full row) must equal the reference; 1.0 (`preselect` on
 * `toAgentRow`) must equal the reference run on the same row with the answer key removed.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toAgentRow } from "../../../src/geb/ui/agent-row.js";
import { readUiFixture } from "../../../src/geb/ui/fixture.js";
import {
  allowOverlayFromRow,
  filterOverlayCandidates,
  type PolicyTrace,
  preselect,
  preselectLeaky,
  runPolicy,
  tieBreakSameLabel,
} from "../../../src/geb/ui/policy.js";
import type { UiRow } from "../../../src/geb/ui/schema.js";
import { scoreUi } from "../../../src/geb/ui/score.js";
import { committedFixture, refDir } from "./helpers.js";

interface Rec {
  source: string;
  row: Record<string, unknown>;
  candidates: Record<string, unknown>[];
  apply_overlay_filter: boolean;
  apply_rules: boolean;
  reference: string[];
  reference_trace: PolicyTrace;
  stripped: string[];
  stripped_trace: PolicyTrace;
}
const load = (f: string): Rec[] => JSON.parse(readFileSync(`${refDir}policy/${f}`, "utf8"));
const ids = (cs: Record<string, unknown>[]) => cs.map((c) => c.candidate_id);

for (const file of ["policy-tests.json", "policy-rows.json"])
  describe(`policy parity: ${file}`, () => {
    const recs = load(file);
    it(`${recs.length} recorded calls, reference-0.1 (leaky) = the reference, survivors and traces`, () => {
      for (const r of recs) {
        const o = { applyOverlayFilter: r.apply_overlay_filter, applyRules: r.apply_rules };
        const got = preselectLeaky(r.row, o, r.candidates);
        expect({ src: r.source, ids: ids(got.survivors) }).toEqual({ src: r.source, ids: r.reference });
        expect(got.trace).toEqual(r.reference_trace);
      }
    });
    it("1.0 (answer key stripped) = the reference on the stripped row", () => {
      for (const r of recs) {
        const o = { applyOverlayFilter: r.apply_overlay_filter, applyRules: r.apply_rules };
        const got = preselect(toAgentRow(r.row as unknown as UiRow), o, r.candidates);
        expect({ src: r.source, ids: ids(got.survivors) }).toEqual({ src: r.source, ids: r.stripped });
        expect(got.trace).toEqual(r.stripped_trace);
      }
    });
  });

describe("policy helpers (reference test_ui_policy)", () => {
  it("filter_overlay_candidates drops overlays, falls back when only overlays", () => {
    const base = { candidate_id: "btn_base", modal_scope: null };
    const ov = { candidate_id: "btn_overlay", modal_scope: "popup", overlay: true };
    expect(ids(filterOverlayCandidates([base, ov]))).toEqual(["btn_base"]);
    expect(filterOverlayCandidates([ov])).toEqual([ov]);
  });
  it("allow_overlay_from_row", () => {
    expect(allowOverlayFromRow({ allow_overlay: true })).toBe(true);
    expect(allowOverlayFromRow({ meta: { allow_overlay: true } })).toBe(true);
    expect(allowOverlayFromRow({})).toBe(false);
  });
  it("tie_break_same_label_candidates geometry", () => {
    const cs = [
      { candidate_id: "btn_next_top", label: "Next", bbox: [820, 220, 90, 28] },
      { candidate_id: "btn_next_bottom", label: "Next", bbox: [820, 620, 90, 28] },
      { candidate_id: "btn_save", label: "Save", bbox: [120, 240, 80, 28] },
    ];
    expect(ids(tieBreakSameLabel(cs))).toEqual(["btn_next_top", "btn_save"]);
    // A tie on (area, y, x) is ambiguous: abstain.
    expect(tieBreakSameLabel([cs[0], { ...cs[0], candidate_id: "twin" }])).toEqual([]);
  });
});

describe("the leak (finding F4) on the committed fixture", () => {
  it("reference-0.1 policy passes every task only through expected_delta; 1.0 passes half", async () => {
    const { rows } = await readUiFixture(committedFixture);
    const o = { applyOverlayFilter: true, applyRules: true };
    const leaky = runPolicy(rows, "reference-0.1", o);
    const honest = runPolicy(rows, "1.0", o);
    expect(leaky.leaky).toBe(true);
    expect(scoreUi(rows, leaky.selections, { compat: "reference-0.1" }).sequence_metrics.task_pass_rate).toBe(
      1,
    );
    expect(scoreUi(rows, honest.selections, { compat: "1.0" }).sequence_metrics.task_pass_rate).toBe(0.5);
    expect(honest.selections).toEqual(["btn_unsaved_close", "btn_unsaved_save", null, null]);
    expect(honest.traces[2].reasons).toEqual({});
    expect(honest.traces[3].abstain_reason).toBe("requires_state_unmet");
  });
});

describe("the policy on generated steps", () => {
  const o = { applyOverlayFilter: true, applyRules: true };
  it("1.0 fixtures: selection 1.0 for duplicates 1-5, both profiles; reference-0.1 fixtures: 0.0 (finding F5)", async () => {
    const { DEFAULT_UI_GENERATE, generateUiRows } = await import("../../../src/geb/ui/generate.js");
    for (const profile of ["same_label", "popup_overlay"] as const)
      for (let duplicates = 1; duplicates <= 5; duplicates++) {
        const rows = generateUiRows({
          ...DEFAULT_UI_GENERATE,
          profile,
          duplicates,
          seed: duplicates,
          steps: 4,
        });
        const s = scoreUi(rows, runPolicy(rows, "1.0", o).selections, { compat: "1.0" });
        expect({ profile, duplicates, sel: s.metrics.selection_rate }).toEqual({
          profile,
          duplicates,
          sel: 1,
        });
      }
    const ref = generateUiRows({ ...DEFAULT_UI_GENERATE, compat: "reference-0.1" });
    const r = runPolicy(ref, "reference-0.1", o);
    expect(scoreUi(ref, r.selections, { compat: "reference-0.1" }).metrics.selection_rate).toBe(0);
  });
  it("1.0: the answer key cannot change a choice (scrambled gold / abstain_expected / expected_delta)", async () => {
    const { rows } = await readUiFixture(committedFixture);
    const scrambled = rows.map((r) => ({
      ...r,
      gold: { candidate_id: r.candidates[1].candidate_id },
      abstain_expected: true,
      expected_delta: { event: "open_unsaved_prompt" },
    }));
    expect(runPolicy(scrambled, "1.0", o)).toEqual(runPolicy(rows, "1.0", o));
    // …while the reference's rules do read it.
    expect(runPolicy(scrambled, "reference-0.1", o).selections).toEqual([null, null, null, null]);
  });
});
