/**
 * `ledgerCandidates` takes a just-rendered book's entries from the renderer instead of parsing
 * the book (dataset/book.ts `renderedLedger`, issue 13). It must give exactly what parsing
 * gives, for every book the generator makes (both dialects, twins, every mode × profile).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { renderBook, renderedLedger } from "../../../src/geb/dataset/book.js";
import { generateDataset, validateConfig } from "../../../src/geb/dataset/generate.js";
import {
  DEFAULT_GENERATE_CONFIG,
  DISTRACTOR_PROFILES,
  type GenerateConfig,
  STATE_MODES,
} from "../../../src/geb/dataset/types.js";
import {
  ledgerCandidates,
  parseLedgerCandidates,
  renderedCandidates,
} from "../../../src/geb/pipeline/ledger.js";

const rate = fc.double({ min: 0, max: 1, noNaN: true });
const configArb: fc.Arbitrary<GenerateConfig> = fc
  .record({
    stateMode: fc.constantFrom(...STATE_MODES),
    distractorProfile: fc.constantFrom(...DISTRACTOR_PROFILES),
    compat: fc.constantFrom("1.0", "reference-0.1") as fc.Arbitrary<GenerateConfig["compat"]>,
    seed: fc.integer({ min: 0, max: 2 ** 31 }),
    steps: fc.integer({ min: 0, max: 60 }),
    keys: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 98, max: 110 })),
    queries: fc.integer({ min: 1, max: 8 }),
    noteRate: rate,
    clearRate: rate,
    distractorRate: rate,
    twins: fc.boolean(),
  })
  .map((c) => ({ ...DEFAULT_GENERATE_CONFIG, ...c, episodes: 2 }));

describe("ledgerCandidates of a just-rendered book", () => {
  it("equals parsing the book, for every book the generator makes", () => {
    let seeded = 0;
    fc.assert(
      fc.property(configArb, (cfg) => {
        try {
          validateConfig(cfg);
        } catch (e) {
          if (e instanceof InputError) return;
          throw e;
        }
        for (const episode of generateDataset(cfg))
          for (const row of episode) {
            const parsed = parseLedgerCandidates(row.book);
            const fast = renderedCandidates(row.book);
            if (fast) {
              seeded++;
              expect(fast).toEqual(parsed);
            }
            expect(ledgerCandidates(row.book)).toEqual(parsed);
          }
      }),
      { numRuns: 150 },
    );
    // The fast path is taken (it is not a test of the parser against itself).
    expect(seeded).toBeGreaterThan(100);
  });

  it("falls back to parsing when a rendered entry would not read back unchanged", () => {
    const book = renderBook(
      "T",
      ["A chapter."],
      ["tag.01"],
      [
        { uid: "U000001", step: 1, op: "SET", key: "tag.01", value: " padded " },
        { uid: "U000002", step: 2, op: "NOTE", key: "tag.01", value: "a" },
      ],
    );
    expect(renderedLedger(book)).toBeDefined();
    expect(renderedCandidates(book)).toBeNull();
    const got = ledgerCandidates(book);
    expect(got).toEqual(parseLedgerCandidates(book));
    expect(got[0].value).toBe("padded");
  });

  it("falls back to parsing when a chapter holds a State Ledger line of its own", () => {
    const book = renderBook(
      "T",
      ["## State Ledger\n- [U0000AA] step=9 SET tag.09 = x"],
      ["tag.01"],
      [{ uid: "U000001", step: 1, op: "SET", key: "tag.01", value: "v" }],
    );
    const got = ledgerCandidates(book);
    expect(got).toEqual(parseLedgerCandidates(book));
    expect(got.map((c) => c.uid)).toEqual(["U0000AA"]);
  });
});
