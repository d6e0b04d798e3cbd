/**
 * Search: reference-0.1 parity with the reference's run_ui_search_baseline.py outputs
 * (tests/fixtures/geb-ui/reference/search; runtime fields removed, they are wall-clock), and
 * the 1.0 search that never sees the gold.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readUiFixture, readUiObserved } from "../../../src/geb/ui/fixture.js";
import { ObservedEffects } from "../../../src/geb/ui/score.js";
import { DEFAULT_UI_GENERATE, generateUiRows } from "../../../src/geb/ui/generate.js";
import { DEFAULT_SEARCH, runSearch } from "../../../src/geb/ui/search.js";
import { committedFixture, committedObserved, refDir } from "./helpers.js";

const ref = (f: string) => JSON.parse(readFileSync(`${refDir}search/${f}`, "utf8"));
const compat = { ...DEFAULT_SEARCH, dialect: "reference-0.1" as const };
/** The reference's block for a strategy, renamed: its `sa` is our `oracle_search`. */
const renamed = (s: Record<string, unknown>) => {
  const { sa, ...rest } = s;
  return { ...rest, oracle_search: sa };
};

describe("reference-0.1 search parity (oracle_search = the reference's SA)", () => {
  it("committed fixture, seed 0: strategy_summary and SA telemetry (replace 111 / rebuild 89)", async () => {
    const { rows } = await readUiFixture(committedFixture);
    const observed = new ObservedEffects(await readUiObserved(committedObserved));
    const r = runSearch(rows, [0], compat, observed);
    const expected = ref("search1.json");
    expect(r.strategy_summary).toEqual(renamed(expected.strategy_summary));
    expect(r.seed_runs[0].search.telemetry).toEqual(expected.sa.telemetry);
    expect(r.seed_runs[0].search.telemetry.move_stats.replace.proposed).toBe(111);
    expect(r.seed_runs[0].search.telemetry.move_stats.rebuild.proposed).toBe(89);
    for (const s of ["policy", "greedy"] as const) {
      expect(r.seed_runs[0][s].metrics).toEqual(expected[s].metrics);
      expect(r.seed_runs[0][s].sequence_metrics).toEqual(expected[s].sequence_metrics);
      expect(r.seed_runs[0][s].state_gate).toEqual(expected[s].state_gate);
      expect(r.seed_runs[0][s].abstain_debug).toEqual(expected[s].abstain_debug);
    }
  });
  it("committed fixture, 3 seeds; generated popup fixture, 3 seeds (every strategy 0.0: finding F5)", async () => {
    const { rows } = await readUiFixture(committedFixture);
    const three = ref("search3.json");
    const r = runSearch(
      rows,
      [0, 1, 2],
      compat,
      new ObservedEffects(await readUiObserved(committedObserved)),
    );
    expect(r.strategy_summary).toEqual(renamed(three.strategy_summary));
    expect(r.seed_runs.map((s) => s.search.telemetry)).toEqual(
      three.seed_runs.map((s: { sa: { telemetry: unknown } }) => s.sa.telemetry),
    );
    const gen = generateUiRows({ ...DEFAULT_UI_GENERATE, profile: "popup_overlay", compat: "reference-0.1" });
    const g = runSearch(gen, [0, 1, 2], compat);
    const gref = ref("search3_gen.json");
    expect(g.strategy_summary).toEqual(renamed(gref.strategy_summary));
    // Abstain telemetry where the reference abstains / acts against the state (its seed runs).
    for (const [k, run] of gref.seed_runs.entries())
      for (const [ours, theirs] of [
        [g.seed_runs[k].policy, run.policy],
        [g.seed_runs[k].greedy, run.greedy],
        [g.seed_runs[k].search, run.sa],
      ] as const) {
        expect(ours.state_gate).toEqual(theirs.state_gate);
        expect(ours.abstain_debug).toEqual(theirs.abstain_debug);
      }
    expect(g.seed_runs.map((s) => s.search.telemetry)).toEqual(
      gref.seed_runs.map((s: { sa: { telemetry: unknown } }) => s.sa.telemetry),
    );
  });
});

describe("1.0 search", () => {
  it("never reads the answer key: scrambling it changes no plan, score or telemetry", async () => {
    const { rows } = await readUiFixture(committedFixture);
    const a = runSearch(rows, [0, 1], DEFAULT_SEARCH);
    const scrambled = rows.map((r) => ({
      ...r,
      gold: { candidate_id: r.candidates[1].candidate_id },
      abstain_expected: true,
      expected_delta: { event: "open_unsaved_prompt" },
    }));
    const b = runSearch(scrambled, [0, 1], DEFAULT_SEARCH);
    expect(
      b.seed_runs.map((s) => [s.greedy.plan, s.search.plan, s.search.score, s.search.telemetry]),
    ).toEqual(a.seed_runs.map((s) => [s.greedy.plan, s.search.plan, s.search.score, s.search.telemetry]));
    expect(a.search_strategy).toBe("sa");
  });
  it("is seeded and reproducible; on 1.0 generated steps every strategy selects the gold", () => {
    const rows = generateUiRows({
      ...DEFAULT_UI_GENERATE,
      profile: "popup_overlay",
      duplicates: 3,
      steps: 4,
    });
    const a = runSearch(rows, [0, 1, 2], DEFAULT_SEARCH);
    expect(JSON.stringify(runSearch(rows, [0, 1, 2], DEFAULT_SEARCH))).toBe(JSON.stringify(a));
    for (const k of ["policy", "greedy", "sa"]) expect(a.strategy_summary[k].selection_rate).toBe(1);
  });
});
