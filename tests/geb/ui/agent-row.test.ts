/**
 * The answer key (gold, abstain_expected, expected_delta) never reaches an agent input: every
 * agent-facing function gets its row from `toAgentRow`, and nothing of the key survives it.
 */
import { describe, expect, it } from "vitest";
import * as agentRow from "../../../src/geb/ui/agent-row.js";
import { baselineSelections } from "../../../src/geb/ui/baselines.js";
import { readUiFixture } from "../../../src/geb/ui/fixture.js";
import { DEFAULT_UI_GENERATE, generateUiRows } from "../../../src/geb/ui/generate.js";
import { ANSWER_KEY_FIELDS, type UiRow } from "../../../src/geb/ui/schema.js";
import { buildUiPrompt, UI_PROMPT_VERSIONS } from "../../../src/geb/ui/model/prompt.js";
import { buildPack } from "../../../src/geb/ui/pack/index.js";
import { checkSolvable, resolveTarget } from "../../../src/geb/ui/solvable.js";
import { committedFixture, row } from "./helpers.js";

/** Every key anywhere in a JSON value. */
function keysDeep(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysDeep(x, out);
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysDeep(x, out);
    }
  return out;
}

async function allRows(): Promise<UiRow[]> {
  const committed = (await readUiFixture(committedFixture)).rows;
  const generated = generateUiRows({ ...DEFAULT_UI_GENERATE, profile: "popup_overlay", duplicates: 3 });
  const marked = row("m", ["a", "b"], "b", {
    abstain_expected: true,
    expected_delta: { event: "SECRET_EVENT_VALUE" },
    instruction: 'Click "a".',
  });
  return [...committed, ...generated, marked];
}

describe("toAgentRow", () => {
  it("removes every answer-key field and value, and copies (the fixture row is untouched)", async () => {
    for (const r of await allRows()) {
      const before = JSON.stringify(r);
      const a = agentRow.toAgentRow(r);
      for (const k of ANSWER_KEY_FIELDS) expect(keysDeep(a).has(k)).toBe(false);
      const text = JSON.stringify(a);
      // (Generated deltas such as "next_1" also occur inside candidate ids; the marked row's
      // value occurs nowhere else.)
      expect(text).not.toContain("SECRET_EVENT_VALUE");
      expect(JSON.stringify(r)).toBe(before);
      a.candidates[0].label = "changed";
      expect(JSON.stringify(r)).toBe(before);
    }
  });
  it("ANSWER_KEY_FIELDS is the key named in the design (§F WP1)", () => {
    expect([...ANSWER_KEY_FIELDS].sort()).toEqual(["abstain_expected", "expected_delta", "gold"]);
  });
});

describe("agent-facing functions see only agent rows", () => {
  it("the resolver and the non-oracle baselines: scrambling the answer key changes nothing", async () => {
    const rows = await allRows();
    // The resolver sees the same thing whatever the gold says.
    for (const r of rows) {
      const a = agentRow.toAgentRow(r);
      expect(resolveTarget(a)).toEqual(
        resolveTarget(agentRow.toAgentRow({ ...r, gold: { candidate_id: "x" } })),
      );
    }
    // A baseline's choice cannot depend on the key: permuting gold/abstain/delta changes nothing.
    for (const mode of ["first", "random", "abstain"] as const) {
      const scrambled = rows.map((r) => ({
        ...r,
        gold: { candidate_id: r.candidates[r.candidates.length - 1].candidate_id },
        abstain_expected: !r.abstain_expected,
        expected_delta: { other: 1 },
      }));
      expect(baselineSelections(scrambled, mode, 3)).toEqual(baselineSelections(rows, mode, 3));
      expect(baselineSelections(scrambled, mode, 3, "per-row")).toEqual(
        baselineSelections(rows, mode, 3, "per-row"),
      );
    }
  });
  it("solvability: the resolver's verdict is independent of the key; only the comparison uses the gold", () => {
    const rows = generateUiRows({ ...DEFAULT_UI_GENERATE, duplicates: 4, seed: 9 });
    expect(checkSolvable(rows).solvable).toBe(3);
    const wrongGold = rows.map((r) => ({ ...r, gold: { candidate_id: r.candidates[0].candidate_id } }));
    const s = checkSolvable(wrongGold);
    // Rows whose gold really is the first stay solvable; the others resolve to the true target.
    expect(s.failures.every((f) => f.verdict === "unsolvable" && f.resolved !== undefined)).toBe(true);
  });
});

describe("model prompts (geb ui model) see only agent rows", () => {
  it("no answer-key field or value in any prompt; scrambling the key changes no prompt", async () => {
    const rows = [...(await allRows()), ...buildPack()];
    for (const r of rows)
      for (const v of UI_PROMPT_VERSIONS) {
        const p = buildUiPrompt(agentRow.toAgentRow(r), v);
        for (const k of ANSWER_KEY_FIELDS) expect(p).not.toContain(k);
        expect(p).not.toContain("SECRET_EVENT_VALUE");
        const scrambled = {
          ...r,
          gold: { candidate_id: r.candidates[r.candidates.length - 1].candidate_id },
          abstain_expected: !r.abstain_expected,
          expected_delta: { event: "SECRET_EVENT_VALUE" },
        };
        expect(buildUiPrompt(agentRow.toAgentRow(scrambled), v)).toBe(p);
      }
  });
});
