/**
 * `builtin:ledger-reader` reads only the rendered prompt, yet answers every question form the
 * generator writes exactly as the 1.0 ledger baseline does from the structured book (an
 * independent oracle: it replays the parsed ledger and answers with gold's own function).
 * Property over the generator's configuration space (every mode × profile it accepts, seeds,
 * derived rates, CLEAR / NOTE rates, keys ≥ 100, twins, citations on / off, 1.0 and
 * reference-0.1 data) and the prompt variants (query sandwich, full or latest-authoritative
 * ledger, key-only or not).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../../src/core/engine/clients/builtin.js";
import { makeBaseline } from "../../../src/geb/baselines/baselines.js";
import type { GebRow, GenerateConfig } from "../../../src/geb/dataset/types.js";
import { DEFAULT_GRADE_OPTIONS, Grader } from "../../../src/geb/grade/grade.js";
import {
  buildGebPrompt,
  extractLedger,
  type GebPromptOptions,
  type GebPromptRow,
} from "../../../src/geb/model/prompts.js";
import { acceptedModeProfilePairs, rowsOf } from "../../geb/helpers.js";

const PAIRS = acceptedModeProfilePairs();

const rate = fc.double({ min: 0, max: 1, noNaN: true });
const configArb: fc.Arbitrary<Partial<GenerateConfig>> = fc
  .record({
    pair: fc.constantFrom(...PAIRS),
    seed: fc.integer({ min: -1_000_000, max: 2 ** 40 }),
    steps: fc.integer({ min: 0, max: 50 }),
    keys: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 99, max: 104 })),
    queries: fc.integer({ min: 1, max: 12 }),
    derivedQueryRate: fc.oneof(rate, fc.constant(1)),
    clearRate: rate,
    noteRate: rate,
    distractorRate: rate,
    updateBurstRate: rate,
    twins: fc.boolean(),
    requireCitations: fc.boolean(),
    compat: fc.constantFrom("1.0", "reference-0.1") as fc.Arbitrary<GenerateConfig["compat"]>,
  })
  .map(({ pair, ...rest }) => ({
    ...rest,
    episodes: 1,
    chapters: 2,
    stateMode: pair[0],
    distractorProfile: pair[1],
  }));

const promptArb: fc.Arbitrary<GebPromptOptions> = fc.record({
  querySandwich: fc.boolean(),
  ledgerMode: fc.constantFrom("latest_authoritative", "full") as fc.Arbitrary<
    "latest_authoritative" | "full"
  >,
  ledgerKeyOnly: fc.boolean(),
});

function readerPrediction(row: GebRow, opts: GebPromptOptions) {
  const text = ledgerReaderAnswer(buildGebPrompt(row as unknown as GebPromptRow, opts).prompt);
  const a = JSON.parse(text) as { value: string | null; support_ids: string[] };
  return { id: row.id, value: a.value, support_ids: a.support_ids };
}

describe("builtin:ledger-reader answers every generated question form from the prompt alone", () => {
  it(`equals the ledger baseline over ${PAIRS.length} mode × profile pairs, seeds, rates and prompt variants`, () => {
    const seen = new Set<string>();
    const compats = new Set<string>();
    fc.assert(
      fc.property(configArb, promptArb, (cfg, opts) => {
        const rows = rowsOf(cfg);
        if (rows.length > 0) compats.add(String(cfg.compat));
        const oracle = makeBaseline("ledger", "closed_book");
        const gReader = new Grader({ ...DEFAULT_GRADE_OPTIONS });
        const gOracle = new Grader({ ...DEFAULT_GRADE_OPTIONS });
        for (const row of rows) {
          seen.add(`${row.meta.state_mode}:${row.meta.derived_op ?? "direct"}`);
          const o = oracle.predict({ id: row.id, meta: row.meta, text: row.book });
          const p = readerPrediction(row, opts);
          const cites = row.meta.requires_citation;
          expect(p, `${row.id} ${row.question.split("\n")[0]}`).toEqual({
            id: row.id,
            value: o.value,
            support_ids: cites ? o.support_ids : [],
          });
          gReader.add(row, p);
          gOracle.add(row, o);
        }
        const [mr, mo] = [gReader.result(), gOracle.result()];
        for (const k of ["value_acc", "exact_acc", "entailment", "state_integrity_rate"] as const)
          expect(mr[k], k).toBe(mo[k]);
        if (cfg.requireCitations) expect(mr.cite_f1).toBe(mo.cite_f1);
      }),
      { numRuns: 200 },
    );
    // Both data dialects were generated, and the runs reached every question form of every
    // mode (not only direct lookups).
    expect([...compats].sort()).toEqual(["1.0", "reference-0.1"]);
    for (const form of [
      "kv:direct",
      "kv:color",
      "kv_commentary:direct",
      "kv_commentary:color",
      "counter:direct",
      "counter:parity",
      "set:direct",
      "set:count",
      "relational:direct",
      "relational:reports",
    ])
      expect(seen, form).toContain(form);
  });

  it("keys >= 100: the prompt keeps their lines (reference grammar) and the reader answers them", () => {
    // Expected text: the reference's adapters/llama_prompt.py extract_ledger(book, key="tag.100")
    // on this book (python3, run once). With a `tag.\d{2}` key grammar the prompt lost the line.
    const book = [
      "# T",
      "",
      "## State Ledger",
      "- [U00000A] step=1 SET tag.100 = amber-0042",
      "- [U00000B] step=2 SET tag.02 = jade-0001",
      "- [U00000C] step=3 CLEAR tag.100",
      "- [U00000D] step=4 NOTE tag.100 = x",
      "",
    ].join("\n");
    expect(extractLedger(book, "tag.100")).toBe("## State Ledger\n- [U00000C] step=3 CLEAR tag.100");
    let threeDigit = 0;
    for (const stateMode of ["kv", "counter", "set", "relational"] as const) {
      const rows = rowsOf({
        stateMode,
        keys: 103,
        steps: 600,
        episodes: 1,
        queries: 40,
        derivedQueryRate: 0.5,
      });
      const oracle = makeBaseline("ledger", "closed_book");
      for (const row of rows) {
        const o = oracle.predict({ id: row.id, meta: row.meta, text: row.book });
        if (row.meta.key.length > 6 && o.value !== null) threeDigit++;
        expect(readerPrediction(row, {}), row.id).toEqual({
          id: row.id,
          value: o.value,
          support_ids: o.support_ids,
        });
      }
    }
    expect(threeDigit).toBeGreaterThan(2);
  });

  it("reads each question form (a hand-written example per form)", () => {
    const ledger = [
      "## State Ledger",
      "- [U00000A] step=1 SET tag.100 = amber-0042",
      "- [U00000B] step=2 SET tag.02 = 7",
      "- [U00000C] step=3 SET tag.03 = item0009,item0001,item0009",
      "- [U00000D] step=4 SET tag.04 = orion-001",
      "- [U00000E] step=5 SET tag.05 = orion-001",
      "- [U00000F] step=6 CLEAR tag.06",
      "- [U000010] step=7 NOTE tag.02 = 8",
    ].join("\n");
    const ask = (q: string, valueOnly = false) =>
      JSON.parse(
        ledgerReaderAnswer(
          `${valueOnly ? "Set support_ids to an empty list []\n" : ""}\nLEDGER:\n${ledger}\n\nQUESTION:\n${q}\n\nRespond with only JSON.`,
        ),
      );
    expect(ask("Question Q1: What is the value of tag.100?")).toEqual({
      value: "amber-0042",
      support_ids: ["U00000A"],
    });
    expect(ask("Question Q2: What is the color prefix of tag.100?").value).toBe("amber");
    expect(ask("Question Q3: What is the parity (even or odd) of tag.02?").value).toBe("odd");
    expect(ask("Question Q4: What is the current counter value of tag.02?").value).toBe("7");
    expect(ask("Question Q5: What is the active member count of tag.03?").value).toBe("2");
    expect(ask("Question Q6: What is the current member list (comma-separated) of tag.03?").value).toBe(
      "item0001,item0009",
    );
    expect(ask("Question Q7: Which tags currently report to manager orion-001? Return …")).toEqual({
      value: "tag.04,tag.05",
      support_ids: ["U00000D", "U00000E"],
    });
    expect(ask("Question Q8: What is the active member count of tag.06?")).toEqual({
      value: null,
      support_ids: ["U00000F"],
    });
    expect(ask("Question Q9: What is the value of tag.09?")).toEqual({ value: null, support_ids: [] });
    expect(ask("Question Q10: What is the value of tag.100?", true)).toEqual({
      value: "amber-0042",
      support_ids: [],
    });
  });
});
