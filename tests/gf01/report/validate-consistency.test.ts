/**
 * `validate` refuses what `report` refuses and what is internally inconsistent (issue 12
 * point 8), and re-scores each row under its recorded atom-budget rule (point 1). Base rows:
 * the official greedy rows of the parity corpus, which validate cleanly.
 */
import { describe, expect, it } from "vitest";
import { defaultScorer, parseAtomBudgetRule, parseBestMatchPool } from "../../../src/gf01/api.js";
import { parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import { validateRows } from "../../../src/gf01/report/validate.js";
import { readJson, readJsonl } from "../parity/helpers.js";
import { EPISODE_METRICS } from "../../../src/gf01/artifacts/meta.js";

const bundle = parseBundle(readJson("bundles/instance_bundle.json"));
const greedy = readJsonl("runs/greedy.jsonl");
const over = readJsonl<Record<string, unknown>>("certificates_over_budget_atoms.jsonl");

async function run(rows: Record<string, unknown>[], withBundle = true) {
  return validateRows(
    rows.map((value, i) => ({ line: i + 1, value })),
    withBundle ? { bundle, score: defaultScorer({ pool: "official" }) } : {},
  );
}
const edit = (patch: Record<string, unknown>, i = 0) =>
  greedy.map((r, j) => (j === i ? { ...r, ...patch } : r));

describe("validate: what report refuses", () => {
  it("the untouched official rows validate", async () => {
    expect((await run(greedy)).payload.status).toBe("ok");
  });
  it("a duplicated row is a duplicate_run error", async () => {
    const r = await run([...greedy, greedy[3]], false);
    expect(r.payload.error_type).toBe("duplicate_run");
    expect(String((r.payload.errors_preview as string[])[0])).toMatch(/^line 41: instance gf01-/);
  });
  it("the exact oracle on EVAL-CB is track_mixing", async () => {
    const r = await run(edit({ agent_name: "BL-04-ExactOracle" }), false);
    expect(r.payload.error_type).toBe("track_mixing");
  });
});

describe("validate: instance-copy fields against the bundle", () => {
  it.each([
    ["complexity", { x: 1 }],
    ["identifiability", { passes_threshold: true }],
    ["content_hash", "0".repeat(64)],
    ["normalization_version", "gf01.normalization.v0"],
    ["window_size", 99],
    ["budget_atoms", 1],
    ["mode", "hard"],
  ])("%s", async (field, value) => {
    const r = await run(edit({ [field]: value }, 2));
    expect(r.ok).toBe(false);
    const issues = r.issues.map((i) => i.field);
    expect(issues).toContain(field);
  });
});

describe("validate: internal consistency (no bundle needed)", () => {
  it.each([
    [{ diagnostic_status: "completed" }, "diagnostic_status"],
    [{ diagnostic_status: "sometimes" }, "diagnostic_status"],
    [{ diagnostic_runtime_ms: -5 }, "diagnostic_runtime_ms"],
    [{ scored_commit_episode: false }, "scored_commit_episode"],
    [{ valid: false }, "valid"],
    [{ goal: false }, "goal"],
    [{ eff_a: 7 }, "eff_a"],
    [{ eff_t: 7 }, "eff_t"],
    [{ ap_f1: 1.5 }, "ap_f1"],
  ])("%j is refused", async (patch, field) => {
    const r = await run(edit(patch, 1), false);
    expect(r.payload.error_type).toBe("row_inconsistent");
    expect(r.issues[0]).toMatchObject({ line: 2, field });
  });
});

describe("validate: atom-budget rule recorded per row", () => {
  // An official reference-set member with more atoms than budget_atoms, as an official row.
  const c = over[0];
  const base = greedy.find((r) => r.instance_id === c.instance_id) as Record<string, unknown>;
  const row: Record<string, unknown> = {
    ...base,
    certificate: c.scored_certificate,
    ...Object.fromEntries(EPISODE_METRICS.map((f) => [f, c[f]])),
  };
  it("a row without atom_budget is re-scored under the newest official rule (valid)", async () => {
    expect(row.valid).toBe(true);
    expect((await run([row])).payload.status).toBe("ok");
  });
  it('the same claim under atom_budget "enforce" is a recompute mismatch', async () => {
    const r = await run([{ ...row, atom_budget: "enforce" }]);
    expect(r.payload.error_type).toBe("recompute_mismatch");
    expect(r.issues.map((i) => i.field)).toContain("valid");
  });
  it("exceeds_budget_atoms must tell the truth; unknown rules are refused", async () => {
    expect((await run([{ ...row, exceeds_budget_atoms: true }])).payload.status).toBe("ok");
    expect((await run([{ ...row, exceeds_budget_atoms: false }])).issues[0].field).toBe(
      "exceeds_budget_atoms",
    );
    expect((await run([{ ...row, atom_budget: "sometimes" }])).issues[0].field).toBe("atom_budget");
  });
});

describe("scoring-choice flags", () => {
  it("unknown --atom-budget / --best-match-pool values are usage errors, not silent defaults", () => {
    expect(parseAtomBudgetRule(undefined)).toBe("diagnostic");
    expect(parseAtomBudgetRule("enforce")).toBe("enforce");
    expect(() => parseAtomBudgetRule("strict")).toThrow(/unknown --atom-budget strict/);
    expect(parseBestMatchPool(undefined)).toBeUndefined();
    expect(parseBestMatchPool("official")).toBe("official");
    expect(() => parseBestMatchPool("first32")).toThrow(/unknown --best-match-pool first32/);
  });
});
