import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "../../src/core/pyjson.js";
import { pyJsonLoads } from "../../src/core/pyjsonloads.js";

describe("pyJsonDumps keeps the key order pyJsonLoads recorded", () => {
  it("integer-like keys stay where Python's dict has them (JS would list them first)", () => {
    const text = '{"2": "a", "1": "b", "id": "D", "nested": {"b": 1, "10": 2.0}}';
    // Python: json.dumps(json.loads(text)) == text
    expect(pyJsonDumps(pyJsonLoads(text))).toBe(text);
    expect(pyJsonDumps(pyJsonLoads(text), { sortKeys: true })).toBe(
      '{"1": "b", "2": "a", "id": "D", "nested": {"10": 2.0, "b": 1}}',
    );
  });
});
