/**
 * novel_continuity, novel_continuity_long_horizon, myopic_planning_traps,
 * referential_indexing_suite: family-specific scorer parity beyond parity.test.ts's five
 * standard prediction sets (expected_extra.json, recorded by make_expected_trapsC.py from
 * the reference scorers), the baselines' honesty and figures, and the model-text readers.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pyFloat, pyJsonDumps, pyStr } from "../../../src/core/pyjson.js";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import { PyRandom } from "../../../src/core/random.js";
import { contractFold, mentionedKey } from "../../../src/geb/trap/kit/contract-fold.js";
import { referentialPrediction } from "../../../src/geb/trap/families/referential-indexing-suite.js";
import { baselineReport } from "../../../src/geb/trap/framework.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import {
  TRAP_SPLITS,
  type TrapFamily,
  type TrapPrediction,
  type TrapRow,
} from "../../../src/geb/trap/types.js";

const root = join(import.meta.dirname, "../../fixtures/geb/trap");
const FAMILIES = [
  "novel_continuity",
  "novel_continuity_long_horizon",
  "myopic_planning_traps",
  "referential_indexing_suite",
] as const;

const rowsOf = (fam: string, split: string): TrapRow[] =>
  readFileSync(join(root, fam, `${fam}_${split}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => pyJsonLoads(l) as TrapRow);

/** make_expected_trapsC.py's contract_random (seed 3). */
function contractRandom(f: TrapFamily, rows: readonly TrapRow[], seed = 3): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((row) => {
    const base = f.foldPrediction(row);
    const v = base.value as string | null;
    const ids = base.support_ids as string[];
    const meta = row.meta;
    const decoys = ["local_action", "recovery_action", "stale_value", "global_action"]
      .map((k) => meta[k])
      .filter((x) => x !== undefined && x !== null);
    let value = rng.choice<unknown>([
      v,
      v,
      null,
      5,
      -2,
      pyFloat(7),
      true,
      { a: 1 },
      ` ${pyStr(v).toUpperCase()} `,
      "X",
      ...decoys,
    ]);
    if (typeof v === "string" && /^-*[0-9]+$/.test(v) && rng.random() < 0.5) value = Number(v);
    const all = ((meta.all_support_ids as string[] | undefined) ?? []).slice(0, 2).map((u) => [u]);
    const sup = rng.choice<unknown>([
      ids,
      ids,
      [],
      null,
      "U000000",
      [...ids, "UFFFFFF"],
      [null, ...ids],
      [...ids, ...ids],
      ...all,
    ]);
    const p: TrapPrediction = { id: row.id, value, support_ids: sup };
    if (rng.random() < 0.1) delete p.value;
    return p;
  });
}

/** make_expected_trapsC.py's ris_json (seed 4): JSON answers with value / answer and lookup_depth of every type. */
function risJson(rows: readonly TrapRow[], seed = 4): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((row) => {
    const lk = lookupPrediction(row);
    const meta = row.meta;
    const obj: Record<string, unknown> = {};
    const vkey = rng.choice(["value", "value", "answer", null]);
    if (vkey) obj[vkey] = rng.choice([lk.value, lk.value, meta.stale_value ?? null, null, "v000"]);
    if (rng.random() < 0.8)
      obj.support_ids = rng.choice([
        lk.support_ids,
        [],
        ["UFFFFFF"],
        ((meta.all_support_ids as string[] | undefined) ?? []).slice(0, 3),
      ]);
    if (rng.random() < 0.8) obj.lookup_depth = rng.choice<unknown>([1, 2, 3, 5, 9, 2.5, true, "2", null]);
    if (rng.random() < 0.5) obj.pointer_set_size = rng.choice([1, 3]);
    let text = pyJsonDumps(obj);
    const fmt = rng.choice(["plain", "plain", "padded", "prose", "outer_ids"]);
    if (fmt === "padded") text = `  ${text}\n`;
    else if (fmt === "prose") text = `Answer: ${text}`;
    return { id: row.id, value: text, support_ids: fmt === "outer_ids" ? ["U000001"] : [] };
  });
}

type Expected = Record<
  string,
  Record<string, { means: Record<string, number>; failure_mode_counts: Record<string, number> | null }>
>;

for (const id of FAMILIES) {
  const f = trapFamily(id)!;
  const expected = JSON.parse(readFileSync(join(root, id, "expected_extra.json"), "utf8")) as Expected;
  const sets: Record<string, (rows: TrapRow[]) => TrapPrediction[]> = {
    contract_random: (rows) => contractRandom(f, rows),
    ...(id === "referential_indexing_suite" ? { ris_json: risJson } : {}),
  };
  describe(`${id}: extra prediction sets (reference-0.1)`, () => {
    it("the expected file covers exactly these sets", () => {
      for (const split of TRAP_SPLITS)
        expect(Object.keys(expected[split]).sort()).toEqual(Object.keys(sets).sort());
    });
    for (const split of TRAP_SPLITS)
      for (const [name, make] of Object.entries(sets))
        it(`${split} × ${name}: means equal the reference scorer's within 1e-12`, () => {
          const got = f.score(rowsOf(id, split), make(rowsOf(id, split)));
          const want = expected[split][name];
          expect(Object.keys(got.means)).toEqual(Object.keys(want.means));
          for (const [k, v] of Object.entries(want.means))
            expect(Math.abs(got.means[k] - v), k).toBeLessThanOrEqual(1e-12);
          if (want.failure_mode_counts !== null)
            expect(got.failure_mode_counts).toEqual(want.failure_mode_counts);
        });
  });
}

describe("baselines on the default fixtures", () => {
  it("never read meta or gold (fold and lookup on bare rows are unchanged)", () => {
    for (const id of FAMILIES) {
      const f = trapFamily(id)!;
      for (const r of f.generate(f.defaults).holdout) {
        const bare = {
          id: r.id,
          book: r.book,
          question: r.question,
          gold: {},
          meta: {},
        } as unknown as TrapRow;
        expect(f.foldPrediction(bare)).toEqual(f.foldPrediction(r));
        expect(lookupPrediction(bare)).toEqual(lookupPrediction(r));
      }
    }
  });

  it("every one of the four is equivalent to core lookup; the figures the docs quote", () => {
    const figures: Record<string, { lookup: number; fold: number; passing: string[] }> = {
      novel_continuity: { lookup: 4 / 36, fold: 1, passing: ["fold"] },
      novel_continuity_long_horizon: { lookup: 1, fold: 1, passing: ["lookup", "fold"] },
      myopic_planning_traps: { lookup: 1, fold: 1, passing: ["lookup", "fold"] },
      referential_indexing_suite: { lookup: 1, fold: 1, passing: ["lookup", "fold"] },
    };
    for (const id of FAMILIES) {
      const f = trapFamily(id)!;
      const b = baselineReport(f, f.generate(f.defaults), "target");
      expect(b.equivalent_to_core_lookup, id).toBe(true);
      expect(b.passing, id).toEqual(figures[id].passing);
      expect(b.baselines.lookup.holdout.means.value_acc, id).toBeCloseTo(figures[id].lookup, 12);
      expect(b.baselines.fold.holdout.means.value_acc, id).toBe(figures[id].fold);
      if (id === "myopic_planning_traps")
        expect(b.baselines.lookup.holdout.means.first_error_step_mean).toBeCloseTo(5.125, 3);
      if (id === "referential_indexing_suite") {
        expect(b.baselines.lookup.holdout.means.lookup_depth_cost).toBeCloseTo(2.574, 3);
        expect(b.baselines.lookup.holdout.means.pointer_set_size).toBeCloseTo(0.889, 3);
      }
    }
  });
});

describe("novel_continuity fold: the key a question describes", () => {
  it("resolves described keys in the default fixtures to the gold key", () => {
    const f = trapFamily("novel_continuity")!;
    const fx = f.generate(f.defaults);
    for (const r of [...fx.anchors, ...fx.holdout])
      expect(contractFold(r).support_ids).toEqual(r.gold.support_ids);
  });

  it("named key first, then a key written in the question, then all dot-parts as words, longest first", () => {
    expect(mentionedKey("value of `b.c`", ["a", "b.c"])).toBe("b.c");
    expect(mentionedKey("what day for vault.unlock_day?", ["vault.unlock_day", "day"])).toBe(
      "vault.unlock_day",
    );
    expect(mentionedKey("What codename does Arya use?", ["arya.codename", "weather"])).toBe("arya.codename");
    expect(mentionedKey("Nothing here", ["x.y"])).toBe(null);
    // A named key with no ledger entry is still returned (the answer is then null).
    expect(mentionedKey("value of `part.delta`", ["part.alpha"])).toBe("part.delta");
  });

  it("agrees with a brute-force reading on random key sets (property)", () => {
    const part = fc.constantFrom("alpha", "beta", "arya", "codename", "day", "rule", "x");
    const key = fc.array(part, { minLength: 1, maxLength: 3 }).map((ps) => ps.join("."));
    fc.assert(
      fc.property(
        fc.uniqueArray(key, { minLength: 1, maxLength: 5 }),
        fc.array(part, { maxLength: 6 }),
        (keys, ws) => {
          const q = `Q: ${ws.join(" ")}?`;
          const got = mentionedKey(q, keys);
          const words = new Set(q.toLowerCase().match(/[a-z0-9_]+/g) ?? []);
          const inText = keys.filter((k) => q.toLowerCase().includes(k));
          const byParts = keys.filter((k) => k.split(".").every((p) => words.has(p)));
          const longest = (xs: string[]) =>
            xs.length
              ? xs.reduce((a, b) => (b.length > a.length || (b.length === a.length && b < a) ? b : a))
              : null;
          expect(got).toBe(longest(inText) ?? longest(byParts));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("referential_indexing_suite: model text → prediction", () => {
  const row = {
    id: "R1",
    book: "",
    question: "",
    gold: { value: null, support_ids: [] },
    meta: {},
  } as TrapRow;
  const score = (text: string) => {
    const f = trapFamily("referential_indexing_suite")!;
    const data = [
      {
        ...row,
        gold: { value: null, support_ids: [] },
        meta: { family_id: "no_invention_expansion", lookup_depth_target: 3, all_support_ids: [] },
      },
    ];
    return f.score(data, [f.predictionFromText(row, text)]).means;
  };

  it("passes the answer object through, so the model's own lookup_depth is scored", () => {
    const p = referentialPrediction(row, 'Sure: {"value": null, "support_ids": [], "lookup_depth": 1}');
    expect(p).toEqual({
      id: "R1",
      value: '{"value": null, "support_ids": [], "lookup_depth": 1}',
      support_ids: [],
    });
    expect(score('{"value": null, "support_ids": [], "lookup_depth": 1}')).toMatchObject({
      value_acc: 1,
      lookup_depth_cost: 1,
    });
    // No lookup_depth: the scorer falls back to the fixture's target (synthetic).
    expect(score('{"value": null, "support_ids": []}').lookup_depth_cost).toBe(3);
  });

  it("an object with neither value nor answer is never credited as null", () => {
    expect(referentialPrediction(row, '{"support_ids": []}')).toMatchObject({
      value: ['{"support_ids": []}'],
      raw_unparsed: true,
    });
    expect(score('{"support_ids": []}').value_acc).toBe(0);
    expect(score("null, I think").value_acc).toBe(0);
    expect(score("The value is absent.").value_acc).toBe(0);
  });
});
