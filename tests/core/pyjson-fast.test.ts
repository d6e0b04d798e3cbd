import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalFromIndented,
  canonicalJson,
  PyFloat,
  type PyJsonOptions,
  PyJsonEncoder,
  PyTuple,
  pyJsonDumps,
  pyJsonString,
} from "../../src/core/pyjson.js";
import { refPyJsonDumps, refPyJsonString } from "./pyjson-reference.js";

// Keys and strings mixing printable ASCII, escapes, 0x7f, BMP, high BMP (≥ 0xE000), astral
// characters and lone surrogates (code-point vs UTF-16 key order, ensure_ascii escapes).
const char = fc.oneof(
  fc.constantFrom("a", "b", "z", "A", "0", "9", "_", " ", '"', "\\", "/", "\n", "\t", "\x00", "\x1f", "\x7f"),
  fc.constantFrom(":", ": ", '": ', '\\": ', '\\\\": ', "\n  "),
  fc.constantFrom("é", "ß", "\u2028", "\ue000", "\uffff", "😀", "\ud800", "\udfff", "\u{10000}"),
  fc.string({ unit: "binary", maxLength: 1 }),
);
const str = fc.array(char, { maxLength: 6 }).map((cs) => cs.join(""));
const num = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1, 1e-4, 9.99e-5, 1e16, 1e16 - 2, 1e21, -1e21, 1e22, 2 ** 53, 0.1, 1e-7, 5e-324),
  fc.double({ min: 1e-5, max: 1e17, noNaN: true }),
);
const scalar = fc.oneof(
  num,
  str,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  num.map((x) => new PyFloat(x)),
);
const FLOAT_KEYS = new Set(["a", "é", "😀", "x"]);
const { value: jsonish } = fc.letrec((tie) => ({
  value: fc.oneof({ maxDepth: 4, depthIdentifier: "v" }, scalar, tie("arr"), tie("obj"), tie("tuple")),
  arr: fc.array(tie("value"), { maxLength: 4 }),
  tuple: fc.array(tie("value"), { maxLength: 3 }).map((xs) => new PyTuple(xs)),
  obj: fc.dictionary(
    fc.oneof(str, fc.constantFrom("a", "x", "10", "2", "01", "é", "😀", "\ue000")),
    tie("value"),
    {
      maxKeys: 5,
    },
  ),
}));
const options: fc.Arbitrary<PyJsonOptions> = fc.record(
  {
    sortKeys: fc.boolean(),
    indent: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 4 })),
    separators: fc.constantFrom<[string, string] | undefined>(
      undefined,
      [",", ":"],
      [", ", ": "],
      [",", ": "],
    ),
    ensureAscii: fc.boolean(),
    floatKeys: fc.constantFrom(undefined, FLOAT_KEYS),
  },
  { requiredKeys: [] },
);

describe("fast Python-compatible encoder = the original encoder", () => {
  it("pyJsonDumps matches the reference on arbitrary JSON-ish values and options", () => {
    fc.assert(
      fc.property(jsonish, options, (v, o) => {
        expect(pyJsonDumps(v, o)).toBe(refPyJsonDumps(v, o));
      }),
      { numRuns: 3000 },
    );
  });

  it("canonicalJson (shared encoder) matches the reference, also after an encoding error", () => {
    fc.assert(
      fc.property(jsonish, fc.boolean(), (v, floats) => {
        const fk = floats ? FLOAT_KEYS : undefined;
        expect(() => canonicalJson({ bad: () => 0, a: [1, 2] }, fk)).toThrow(TypeError);
        expect(canonicalJson(v, fk)).toBe(
          refPyJsonDumps(v, { sortKeys: true, separators: [",", ":"], floatKeys: fk }),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("strings and numbers (edge cases) match the reference", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.boolean(), (s, ascii) => {
        expect(pyJsonString(s, ascii)).toBe(refPyJsonString(s, ascii));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.double(), (x) => {
        expect(pyJsonDumps([x, new PyFloat(x)])).toBe(refPyJsonDumps([x, new PyFloat(x)]));
        expect(pyJsonDumps({ a: x }, { floatKeys: FLOAT_KEYS })).toBe(
          refPyJsonDumps({ a: x }, { floatKeys: FLOAT_KEYS }),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("a reused encoder appends values one after another exactly as single encodes", () => {
    fc.assert(
      fc.property(fc.array(jsonish, { maxLength: 4 }), options, (vs, o) => {
        const e = new PyJsonEncoder(o);
        for (const v of vs) e.append(v, 1);
        expect(e.take()).toBe(vs.map((v) => new PyJsonEncoder(o).encode(v, 1)).join(""));
        expect(e.take()).toBe("");
      }),
      { numRuns: 300 },
    );
  });

  it("canonicalFromIndented(indented encoding) = canonicalJson", () => {
    fc.assert(
      fc.property(
        jsonish,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (v, indent, level, floats) => {
          const floatKeys = floats ? FLOAT_KEYS : undefined;
          const text = new PyJsonEncoder({ indent, sortKeys: true, floatKeys }).encode(v, level);
          expect(canonicalFromIndented(text)).toBe(canonicalJson(v, floatKeys));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("rejects functions and symbols like Python rejects unknown types", () => {
    expect(() => pyJsonDumps({ f: () => 1 })).toThrow(/not JSON serializable/);
    expect(() => pyJsonDumps([Symbol("s")])).toThrow(/not JSON serializable/);
  });
});
