import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import { pyFixed } from "../../../src/geb/api.js";
import { countTokens } from "../../../src/geb/dataset/generate.js";
import {
  DEFAULT_GRADE_OPTIONS,
  type GradeRow,
  Grader,
  normValue,
  normValueReference,
  parseJsonAnswer,
  predictionFields,
} from "../../../src/geb/grade/grade.js";

const UIDS = ["U000001", "U000002", "U000003", "U000004", "U000005"];
const doc = [
  "# Ep",
  "",
  "## Episode Log",
  "- [U000001] UPDATE step=1 SET tag.00 = amber-0001",
  "- [U000002] UPDATE step=2 SET tag.00 = teal-0002",
  "- [U000003] UPDATE step=3 SET tag.01 = jade-0003",
  "- [U000004] UPDATE step=4 CLEAR tag.01",
  "- [U000005] UPDATE step=5 SET tag.02 = mauve-0005",
  "- [U000006] UPDATE step=6 NOTE tag.00 = amber-0001",
  "- [U000007] UPDATE step=7 SET tag.100 = ochre-0007",
  "",
].join("\n");

const row = (
  id: string,
  gold: { value: unknown; support_ids: string[] },
  meta: Record<string, unknown> = {},
): GradeRow => ({
  id,
  document: doc,
  gold: {
    value: gold.value,
    support_id: gold.support_ids.length === 1 ? gold.support_ids[0] : null,
    support_ids: gold.support_ids,
  },
  meta: { requires_citation: true, key: "tag.00", ...meta },
});

const grader = (metrics: "1.0" | "reference-0.1", extra = {}) =>
  new Grader({ ...DEFAULT_GRADE_OPTIONS, metrics, ...extra });
const idList = fc.array(fc.constantFrom(...UIDS), { maxLength: 5 });

describe("citation precision / recall / F1 (capped k)", () => {
  it("match the set definitions on the first k cited ids", () => {
    fc.assert(
      fc.property(
        idList,
        idList,
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom("1.0", "reference-0.1"),
        (pred, gold, k, dialect) => {
          const g = grader(dialect as "1.0", { maxSupportK: k });
          const r = g.add(row("q", { value: "x", support_ids: gold }), { value: "x", support_ids: pred });
          const ps = new Set(pred.slice(0, k));
          const gs = new Set(gold);
          const tp = [...ps].filter((x) => gs.has(x)).length;
          let p = ps.size ? tp / ps.size : 0;
          let rc = gs.size ? tp / gs.size : 0;
          if (dialect === "1.0" && ps.size === 0 && gs.size === 0) [p, rc] = [1, 1];
          const f1 = p + rc ? (2 * p * rc) / (p + rc) : 0;
          expect(r.cite_p).toBeCloseTo(p, 12);
          expect(r.cite_r).toBeCloseTo(rc, 12);
          expect(r.cite_f1).toBeCloseTo(f1, 12);
          const m = g.result();
          expect(m.cite_f1).toBeCloseTo(f1, 12);
          // Bloat: more (distinct in 1.0) ids than gold needs, when gold has any.
          const scored = pred.slice(0, k);
          const count = dialect === "1.0" ? new Set(scored).size : scored.length;
          const goldCount = dialect === "1.0" ? gs.size : gold.length;
          expect(r.support_bloat).toBe(gold.length > 0 && count > goldCount);
          expect(r.cite_ok).toBe([...gs].every((x) => ps.has(x)) && !r.support_bloat);
        },
      ),
    );
  });

  it("empty gold support cited with nothing is a correct citation in 1.0, a miss in reference-0.1", () => {
    const r = row("q", { value: null, support_ids: [] }, { key: "tag.09" });
    expect(grader("1.0").add(r, { value: null, support_ids: [] })).toMatchObject({ cite_f1: 1, exact: true });
    expect(grader("reference-0.1").add(r, { value: null, support_ids: [] })).toMatchObject({
      cite_f1: 0,
      exact: true,
    });
  });
});

describe("value accuracy and exact accuracy", () => {
  const jsonValue = fc.oneof(
    fc.constant(null),
    fc.string({ maxLength: 6 }),
    fc.integer({ min: -5, max: 5 }),
    fc.boolean(),
    fc.constantFrom(" amber-0001 ", "amber-0001", "3"),
  );
  it("value_acc is the share of normalised matches; exact ≤ value; citations off ⇒ exact = value", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(jsonValue, jsonValue), { minLength: 1, maxLength: 12 }),
        fc.constantFrom("1.0", "reference-0.1"),
        (pairs, dialect) => {
          const norm = dialect === "1.0" ? normValue : normValueReference;
          const g = grader(dialect as "1.0");
          const off = grader(dialect as "1.0", { citations: "off" });
          pairs.forEach(([gold, pred], i) => {
            const r = row(`q${i}`, { value: gold, support_ids: ["U000002"] });
            g.add(r, { value: pred, support_ids: ["U000002"] });
            off.add(r, { value: pred, support_ids: [] });
          });
          const expected = pairs.filter(([gold, pred]) => norm(gold) === norm(pred)).length / pairs.length;
          const m = g.result();
          expect(m.value_acc).toBe(expected);
          expect(m.exact_acc!).toBeLessThanOrEqual(m.value_acc!);
          expect(off.result().exact_acc).toBe(expected);
          expect(off.result().cite_f1).toBeNull();
        },
      ),
    );
  });

  it("normalisation: 1.0 by JSON type, reference-0.1 through Python str()", () => {
    expect(normValue(3)).toBe("3");
    expect(normValue(" 3 ")).toBe("3");
    expect(normValue(["item0001", "item0002"])).toBe("item0001,item0002");
    expect(normValue(true)).toBe("true");
    expect(normValue("")).toBeNull();
    expect(normValueReference(true)).toBe("True");
    expect(normValueReference([1, "a", null])).toBe("[1, 'a', None]");
    expect(normValueReference({ a: 1 })).toBe("{'a': 1}");
    expect(normValueReference("  ")).toBeNull();
  });

  it('the word "null" (any case, padded) is null in both dialects; other values are not', () => {
    for (const norm of [normValue, normValueReference]) {
      for (const s of ["null", "NULL", "Null", " null ", "\tnUlL\n", "", "   "])
        expect(norm(s), s).toBeNull();
      for (const s of ["nul", "null!", "nullx", "none", "None"]) expect(norm(s), s).toBe(s);
    }
    // A null-gold row answered "NULL" is right; a non-null gold answered "null" is wrong.
    for (const dialect of ["1.0", "reference-0.1"] as const) {
      const g = grader(dialect);
      const nul = row("x", { value: null, support_ids: ["U000004"] }, { key: "tag.01" });
      expect(g.add(nul, { value: "NULL", support_ids: ["U000004"] })).toMatchObject({
        value_ok: true,
        exact: true,
      });
      const set = row("q", { value: "teal-0002", support_ids: ["U000002"] });
      expect(g.add(set, { value: "null", support_ids: ["U000002"] })).toMatchObject({ value_ok: false });
    }
  });

  it("reference-0.1 str() sees Python floats when predictions are decoded like json.loads", () => {
    // 2.0 is the string "2.0" for the reference (not "2"), so a counter answer 2.0 is wrong there.
    expect(normValueReference(pyJsonLoads("2.0"))).toBe("2.0");
    expect(normValueReference(pyJsonLoads("2"))).toBe("2");
    expect(normValue(pyJsonLoads("2.0"))).toBe("2");
  });
});

describe("entailment from citations", () => {
  it("holds when the cited updates alone imply the answer", () => {
    const g = grader("1.0");
    const r = row("q", { value: "teal-0002", support_ids: ["U000002"] });
    expect(g.add(r, { value: "teal-0002", support_ids: ["U000002"] }).entailed).toBe(true);
    expect(g.add(r, { value: "teal-0002", support_ids: ["U000001", "U000002"] }).entailed).toBe(true);
    expect(g.add(r, { value: "teal-0002", support_ids: ["U000001"] }).entailed).toBe(false);
    expect(g.add(r, { value: "teal-0002", support_ids: ["U999999"] }).entailed).toBe(false);
    const color = row(
      "c",
      { value: "teal", support_ids: ["U000002"] },
      { query_type: "derived", derived_op: "color" },
    );
    expect(g.add(color, { value: "teal", support_ids: ["U000002"] }).exact).toBe(true);
    const cleared = row("x", { value: null, support_ids: ["U000004"] }, { key: "tag.01" });
    expect(g.add(cleared, { value: null, support_ids: ["U000004"] }).exact).toBe(true);
    expect(g.add(cleared, { value: "jade-0003", support_ids: ["U000003"] }).exact).toBe(false);
  });

  it("a NOTE uid is a known ledger entry: citing it next to the gold entails; citing only it does not", () => {
    for (const dialect of ["1.0", "reference-0.1"] as const) {
      const g = grader(dialect);
      const r = row("q", { value: "teal-0002", support_ids: ["U000002"] });
      expect(g.add(r, { value: "teal-0002", support_ids: ["U000002", "U000006"] }).entailed, dialect).toBe(
        true,
      );
      expect(g.add(r, { value: "teal-0002", support_ids: ["U000006", "U000002"] }).entailed, dialect).toBe(
        true,
      );
      // The NOTE says amber-0001; NOTEs set nothing, so neither value follows from it alone.
      expect(g.add(r, { value: "teal-0002", support_ids: ["U000006"] }).entailed, dialect).toBe(false);
      expect(g.add(r, { value: "amber-0001", support_ids: ["U000006"] }).entailed, dialect).toBe(false);
      // Another key's SET beside the gold changes nothing the question asks about (it costs
      // precision, not entailment); alone it implies nothing about tag.00.
      expect(g.add(r, { value: "teal-0002", support_ids: ["U000002", "U000005"] }).entailed, dialect).toBe(
        true,
      );
      expect(g.add(r, { value: "teal-0002", support_ids: ["U000005"] }).entailed, dialect).toBe(false);
      // Unknown ids still fail.
      expect(g.add(r, { value: "teal-0002", support_ids: ["U000002", "UFFFFFF"] }).entailed, dialect).toBe(
        false,
      );
      // Keys past two digits are ledger keys like any other.
      const k3 = row("k", { value: "ochre-0007", support_ids: ["U000007"] }, { key: "tag.100" });
      expect(g.add(k3, { value: "ochre-0007", support_ids: ["U000007"] }).exact, dialect).toBe(true);
    }
  });

  it("support truncation at k and bloat (reference behaviours)", () => {
    const r = row("q", { value: "teal-0002", support_ids: ["U000002"] });
    const g = grader("reference-0.1");
    expect(
      g.add(r, { value: "teal-0002", support_ids: ["U000002", "U000003", "U000005", "U000001"] }).cite_p,
    ).toBe(1 / 3);
    const bloated = g.add(r, { value: "teal-0002", support_ids: ["U000002", "U000003"] });
    expect(bloated).toMatchObject({ support_bloat: true, exact: false, value_ok: true });
  });
});

describe("missing predictions", () => {
  it("1.0: missing and wrong everywhere; reference-0.1: an unknown gold counts as right and entailed", () => {
    const r = row("q", { value: null, support_ids: [] }, { key: "tag.09" });
    const v1 = grader("1.0");
    expect(v1.add(r, undefined)).toMatchObject({
      missing: true,
      value_ok: false,
      entailed: false,
      exact: false,
      cite_f1: 0,
    });
    expect(v1.result()).toMatchObject({ n: 1, missing: 1, value_acc: 0, exact_acc: 0, entailment: 0 });
    const ref = grader("reference-0.1");
    expect(ref.add(r, undefined)).toMatchObject({ missing: true, value_ok: true, entailed: true });
    expect(ref.result().value_acc).toBe(1);
  });
});

describe("twin metrics", () => {
  it("match a brute-force pairing", () => {
    const v = fc.constantFrom("a", "b", "c", null);
    fc.assert(
      fc.property(
        fc.array(fc.record({ gb: v, gt: v, pb: v, pt: v }), { minLength: 1, maxLength: 8 }),
        (pairs) => {
          const g = grader("1.0", { citations: "off" });
          pairs.forEach((p, i) => {
            g.add(
              row(
                `E${i}-Q001`,
                { value: p.gb, support_ids: [] },
                { twin_group: `E${i}`, q_index: 1, twin_variant: "base" },
              ),
              { value: p.pb },
            );
            g.add(
              row(
                `E${i}T-Q001`,
                { value: p.gt, support_ids: [] },
                { twin_group: `E${i}`, q_index: 1, twin_variant: "twin" },
              ),
              { value: p.pt },
            );
          });
          const consistent = pairs.filter((p) => (p.gb === p.gt) === (p.pb === p.pt)).length / pairs.length;
          const flips = pairs.filter((p) => p.gb !== p.gt);
          const m = g.result();
          expect(m.twin_consistency).toBe(consistent);
          expect(m.twin_flip_rate).toBe(
            flips.length ? flips.filter((p) => p.pb !== p.pt).length / flips.length : null,
          );
        },
      ),
    );
  });
});

describe("instruction metrics", () => {
  it("match their README definitions", () => {
    const v = fc.constantFrom("a", "b", "c");
    fc.assert(
      fc.property(
        fc.array(fc.record({ gold: v, pred: v, instr: fc.option(v, { nil: null }), has: fc.boolean() }), {
          minLength: 1,
          maxLength: 10,
        }),
        (cases) => {
          const g = grader("1.0", { citations: "off" });
          for (const [i, c] of cases.entries())
            g.add(
              row(
                `q${i}`,
                { value: c.gold, support_ids: [] },
                { has_instruction: c.has, instruction_value: c.instr },
              ),
              { value: c.pred },
            );
          const tagged = cases.filter((c) => c.has);
          const clean = cases.filter((c) => !c.has);
          const conflict = tagged.filter((c) => c.instr !== null && c.instr !== c.gold);
          const acc = (xs: typeof cases) =>
            xs.length ? xs.filter((c) => c.pred === c.gold).length / xs.length : null;
          const m = g.result();
          expect(m.instruction_acc).toBe(acc(tagged));
          expect(m.clean_acc).toBe(acc(clean));
          expect(m.instruction_gap).toBe(tagged.length && clean.length ? acc(clean)! - acc(tagged)! : null);
          expect(m.state_integrity_rate).toBe(acc(tagged));
          expect(m.instr_conflict_present_count).toBe(tagged.length ? conflict.length : null);
          expect(m.instr_conflict_present_rate).toBe(tagged.length ? conflict.length / tagged.length : null);
          expect(m.instr_override_rate).toBe(
            conflict.length ? conflict.filter((c) => c.pred === c.instr).length / conflict.length : null,
          );
        },
      ),
    );
  });
});

describe("instruction metrics (reference-0.1)", () => {
  it("count only rows whose instruction value and gold are both defined", () => {
    const v = fc.constantFrom("a", "b", "c", null);
    fc.assert(
      fc.property(
        fc.array(fc.record({ gold: v, pred: v, instr: v, has: fc.boolean() }), {
          minLength: 1,
          maxLength: 10,
        }),
        (cases) => {
          const g = grader("reference-0.1", { citations: "off" });
          for (const [i, c] of cases.entries())
            g.add(
              row(
                `q${i}`,
                { value: c.gold, support_ids: [] },
                { has_instruction: c.has, instruction_value: c.instr },
              ),
              { value: c.pred },
            );
          const tagged = cases.filter((c) => c.has);
          const defined = tagged.filter((c) => c.instr !== null && c.gold !== null);
          const conflict = defined.filter((c) => c.instr !== c.gold);
          const m = g.result();
          expect(m.instr_conflict_present_count).toBe(defined.length ? conflict.length : null);
          expect(m.instr_conflict_present_rate).toBe(
            defined.length ? conflict.length / defined.length : null,
          );
          expect(m.instr_override_rate).toBe(
            conflict.length ? conflict.filter((c) => c.pred === c.instr).length / conflict.length : null,
          );
          expect(m.state_integrity_rate).toBe(
            tagged.length ? tagged.filter((c) => c.pred === c.gold).length / tagged.length : null,
          );
        },
      ),
    );
  });
});

describe("answer_correct_given_selected", () => {
  it("is value accuracy over rows whose gold ids are all among the first k cited", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ gold: idList, pred: idList, right: fc.boolean(), k: fc.integer({ min: 1, max: 3 }) }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom("1.0", "reference-0.1"),
        (cases, dialect) => {
          for (const k of [1, 2, 3]) {
            const g = grader(dialect as "1.0", { maxSupportK: k });
            for (const [i, c] of cases.entries())
              g.add(row(`q${i}`, { value: "x", support_ids: c.gold }), {
                value: c.right ? "x" : "y",
                support_ids: c.pred,
              });
            const sel = cases.filter(
              (c) => c.gold.length > 0 && c.gold.every((x) => c.pred.slice(0, k).includes(x)),
            );
            expect(g.result().answer_correct_given_selected).toBe(
              sel.length ? sel.filter((c) => c.right).length / sel.length : null,
            );
          }
        },
      ),
    );
  });
});

describe("prediction intake", () => {
  it("reads value rows as given and JSON embedded in output/text/completion", () => {
    expect(predictionFields({ id: "a", value: "x", support_ids: ["U1"] })).toEqual({
      value: "x",
      support_id: undefined,
      support_ids: ["U1"],
    });
    expect(
      predictionFields({ id: "a", output: 'Sure! {"value": "teal-0002", "support_ids": ["U000002"]} done' }),
    ).toEqual({ value: "teal-0002", support_id: undefined, support_ids: ["U000002"] });
    expect(predictionFields({ id: "a", output: "", completion: '{"value": 3}' })?.value).toBe(3);
    expect(predictionFields({ id: "a", text: "no json here" })).toEqual({
      value: undefined,
      support_id: undefined,
      support_ids: undefined,
    });
    expect(predictionFields({ id: "a" })).toBeUndefined();
    expect(parseJsonAnswer("[1, 2]")).toEqual({});
    expect(parseJsonAnswer('{"a": {"b": 1}} trailing } brace')).toEqual({});
  });
});

describe("the printed line", () => {
  it("formats like Python '.3f': ties to even on the exact binary value, signed zero", () => {
    expect(pyFixed(0.3125, 3)).toBe("0.312");
    expect(pyFixed(0.0625, 3)).toBe("0.062");
    expect(pyFixed(0.6875, 3)).toBe("0.688");
    expect(pyFixed(2.675, 2)).toBe("2.67"); // 2.67499999… in binary
    expect(pyFixed(-0.0001, 3)).toBe("-0.000");
    expect(pyFixed(-0.25, 1)).toBe("-0.2");
  });
});

describe("token counting", () => {
  it("equals Python len(text.split())", () => {
    // Python's str.split() whitespace: ASCII \t\n\v\f\r, \x1c-\x1f, space, \x85, \xa0 and Unicode Zs/Zl/Zp.
    const PY_WS = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
    const char = fc.constantFrom("a", "b", " ", "\n", "\t", "\x1c", "\u2003", "\xa0", "-", "=", "\u00e9");
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 40 }).map((cs) => cs.join("")),
        (s) => {
          expect(countTokens(s)).toBe(s.split(PY_WS).filter((t) => t !== "").length);
        },
      ),
    );
  });
});
