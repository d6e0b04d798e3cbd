import { InputError } from "../../../src/core/errors.js";
import { describe, expect, it } from "vitest";
import { checkAgents } from "../../../src/gf01/api.js";
import { runChecks } from "../../../src/gf01/checks/index.js";

describe("gf01 checks", () => {
  it("runs AB-001..AB-009 on generated instances and they pass", () => {
    const r = runChecks({ seed: 42, count: 12, agents: checkAgents() });
    expect(Object.keys(r.results)).toEqual([
      "AB-001",
      "AB-002",
      "AB-003",
      "AB-004",
      "AB-005",
      "AB-006",
      "AB-007",
      "AB-008",
      "AB-009",
    ]);
    for (const c of Object.values(r.results)) {
      expect(c.skipped).toBeUndefined();
      expect(c.passed, JSON.stringify(c)).toBe(true);
    }
    expect(r.instances).toBeGreaterThan(12);
  });
  it("is deterministic", () => {
    expect(JSON.stringify(runChecks({ seed: 3, count: 6, agents: checkAgents() }))).toBe(
      JSON.stringify(runChecks({ seed: 3, count: 6, agents: checkAgents() })),
    );
  });
  it("validates its options in the API, not only in the CLI (count 0 used to crash)", () => {
    for (const count of [0, -3, 1.5, Number.NaN])
      expect(() => runChecks({ count }), String(count)).toThrow(InputError);
    expect(() => runChecks({ count: 0 })).toThrow(/count must be an integer ≥ 1, got 0/);
    expect(() => runChecks({ seed: 0.5, count: 1 })).toThrow(/seed must be a safe integer/);
  });
});
