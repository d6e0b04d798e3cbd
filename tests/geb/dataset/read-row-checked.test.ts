import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { parseWith } from "../../../src/core/schema.js";
import { readRowChecked } from "../../../src/geb/dataset/row-check.js";
import { GebRowReadSchema } from "../../../src/geb/dataset/schema.js";

/** The schema's verdict: the error's field, or "ok". */
function verdict(f: () => unknown): string {
  try {
    f();
    return "ok";
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return e.message;
  }
}

describe("readRowChecked (the zod-free row reader)", () => {
  it("accepts exactly what GebRowReadSchema accepts, and fails with the schema's first error", () => {
    const anyValue = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string({ maxLength: 3 }),
      fc.integer(),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
      fc.constant({ value: "a" }),
      fc.constant(Number.NaN),
      fc.constant(Number.POSITIVE_INFINITY),
      fc.constant(Number.NEGATIVE_INFINITY),
      fc.double(),
      fc.constant(["x"]),
    );
    const row = fc.record(
      {
        id: anyValue,
        episode_id: anyValue,
        schema_version: anyValue,
        document: anyValue,
        book: anyValue,
        question: anyValue,
        gold: anyValue,
        meta: anyValue,
        extra: anyValue,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(row, anyValue), (v) => {
        const where = { file: "d.jsonl", line: 3 };
        const fast = verdict(() => readRowChecked(v, where));
        const slow = verdict(() => parseWith(GebRowReadSchema, v, where));
        expect(fast).toBe(slow);
      }),
      { numRuns: 1000 },
    );
  });
  it("names file, line and field for a bad row", () => {
    const bad = { id: "E1-Q1", document: "d", book: 3, gold: {}, meta: {} };
    try {
      readRowChecked(bad, { file: "d.jsonl", line: 7 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).message).toMatch(/d\.jsonl.*7.*book|book.*d\.jsonl/s);
    }
  });
});
