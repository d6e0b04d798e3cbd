import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PyFloat, pySplitLines, pyStr, pyStrip } from "../../src/core/pyjson.js";
import { pyJsonLoads } from "../../src/core/pyjsonloads.js";

/** Drop the float marks so a decoded value compares with JSON.parse's. */
function plain(v: unknown): unknown {
  if (v instanceof PyFloat) return v.value;
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, plain(x)]));
  return v;
}

describe("pyJsonLoads + pyStr = Python str(json.loads(text))", () => {
  // Expected strings were produced by CPython 3.11: print(repr(str(json.loads(t)))).
  const cases: [string, string][] = [
    ["7.0", "7.0"],
    ["7", "7"],
    ["true", "True"],
    ["null", "None"],
    ['["x"]', "['x']"],
    ['{"value": "x"}', "{'value': 'x'}"],
    ['{"b": 1, "1": 2, "a": [1.5, null, false]}', "{'b': 1, '1': 2, 'a': [1.5, None, False]}"],
    ["123456789012345678901234567890", "123456789012345678901234567890"],
    ["NaN", "nan"],
    ["-Infinity", "-inf"],
    ["1e400", "inf"],
    ["-0.0", "-0.0"],
    ["-0", "0"],
    ["1E5", "100000.0"],
    ["0.30000000000000004", "0.30000000000000004"],
    ['{"__proto__": 1}', "{'__proto__': 1}"],
    ['"it\'s"', "it's"],
    ['["it\'s", "say \\"hi\\""]', `["it's", 'say "hi"']`],
    [
      '["a\\u00a0b", "\\u0085", "\\u200b", "\\ud83d\\ude00", "\\u2028", "\\\\", "\\t", "\\u00e9"]',
      "['a\\xa0b', '\\x85', '\\u200b', '😀', '\\u2028', '\\\\', '\\t', 'é']",
    ],
  ];
  for (const [text, want] of cases)
    it(`${text} → ${want}`, () => {
      expect(pyStr(pyJsonLoads(text))).toBe(want);
    });

  it("agrees with JSON.parse on strict JSON (apart from the float marks) and rejects what it rejects", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(plain(pyJsonLoads(text))).toEqual(JSON.parse(text));
      }),
    );
    for (const bad of ["", "{", "[1,]", '{"a" 1}', "01", "1 2", '"a\nb"', "nul", "{'a': 1}", '"\\x"'])
      expect(() => pyJsonLoads(bad), bad).toThrow(SyntaxError);
  });

  it("pyStrip equals stripping Python's isspace() set (brute force)", () => {
    const WS = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
    const ch = fc.constantFrom(
      "a",
      " ",
      "\t",
      "\x1c",
      "\x85",
      "\xa0",
      "\u2003",
      "\u3000",
      "\ufeff",
      "\u200b",
      "é",
    );
    fc.assert(
      fc.property(
        fc.array(ch, { maxLength: 12 }).map((c) => c.join("")),
        (s) => {
          const chars = [...s];
          let a = 0;
          let b = chars.length;
          while (a < b && WS.test(chars[a])) a++;
          while (b > a && WS.test(chars[b - 1])) b--;
          expect(pyStrip(s)).toBe(chars.slice(a, b).join(""));
        },
      ),
    );
  });

  it("pyStrip and pySplitLines use Python's whitespace and line boundaries", () => {
    expect(pyStrip("\x1c\x85 a b\u3000\t")).toBe("a b");
    expect(pyStrip("\ufeffa")).toBe("\ufeffa"); // not whitespace for Python (JS trim removes it)
    expect(pySplitLines("a\r\nb\rc\u2028d\n")).toEqual(["a", "b", "c", "d"]);
    expect(pySplitLines("\n")).toEqual([""]);
    expect(pySplitLines("")).toEqual([]);
  });
});
