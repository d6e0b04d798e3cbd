/**
 * implication_coherence_derived (1.0): the answer is never written in the ledger. The shipped
 * rule program is the exact oracle (1.0 on every split, checked against the flags the
 * generator drew, not against the ledger it wrote); lookup and fold score 0, below every
 * floor; the scorer's decoy / parse / normalisation rules; `geb trap run` at target × 3
 * against the loopback OpenAI-compatible server.
 */
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { icRulePrediction } from "../../../src/geb/trap/families/control-scaffold.js";
import { implicationDerivedFamily as fam } from "../../../src/geb/trap/families/implication-derived.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import {
  baselineReport,
  type TrapReliability,
  type TrapRunSummary,
} from "../../../src/geb/trap/framework.js";
import { trapRunSummarySchema } from "../../../src/geb/trap/schema.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { answerWith, geb, loopbackFlags, readJson, tempDir, visibleRow } from "./harness.js";

/** The stated precedence, written independently from the flags the generator drew. */
function truth(flags: Record<string, string>): string {
  const t = (k: string) => flags[k] === "true";
  if (t("contradiction_detected")) return "retrieve|logical";
  if (t("dependency_required") && !t("propagation_required")) return "ask|logical";
  if (t("propagation_required") && flags.type_required === "logical") return "plan|logical";
  if (t("causal_precision_required") && flags.type_required === "causal") return "plan|causal";
  return "think_more|correlative";
}
const blind = visibleRow;

describe("implication_coherence_derived (1.0)", () => {
  it("gold follows the stated rules from the drawn flags; the oracle, given book and question only, reproduces it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const f = fam.generate({ seed, anchors: 2, holdout: 6, canary: 2 });
        for (const r of [...f.anchors, ...f.holdout, ...f.canary]) {
          expect(r.gold.value).toBe(truth(r.meta.flags as Record<string, string>));
          expect(r.book).not.toMatch(/SET implication\.contract\b/);
          const p = icRulePrediction(blind(r));
          expect(p.value).toBe(r.gold.value);
          expect(p.support_ids).toEqual(r.gold.support_ids);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("oracle 1.0 on every split; lookup and fold 0, below every floor; not equivalent to core lookup", () => {
    const fx = fam.generate(fam.defaults);
    const b = baselineReport(fam, fx, "target");
    for (const split of ["anchors", "holdout", "canary"] as const) {
      expect(b.baselines.rule?.[split].means).toMatchObject({ value_acc: 1, cite_f1: 1, decoy_rate: 0 });
      expect(b.baselines.lookup[split].means.value_acc).toBe(0);
      expect(b.baselines.fold[split].means.value_acc).toBe(0);
    }
    expect(b.passing).toEqual(["rule"]);
    expect(b.rule_meets_target).toBe(true);
    expect(b.equivalent_to_core_lookup).toBe(false);
    // Every contract occurs in the holdout (no single answer scores well).
    expect(new Set(fx.holdout.map((r) => r.gold.value)).size).toBe(5);
    expect(fam.compat).toBe("1.0");
  });

  it("is deterministic in the seed", () => {
    const a = serializeTrapRows(fam.generate(fam.defaults).holdout);
    expect(serializeTrapRows(fam.generate(fam.defaults).holdout)).toBe(a);
    expect(serializeTrapRows(fam.generate({ ...fam.defaults, seed: 1 }).holdout)).not.toBe(a);
  });

  it("scorer: case and spaces around | ignored, the NOTE decoy counted, raw text unparsed", () => {
    const [r] = fam.generate({ seed: 5, anchors: 0, holdout: 1, canary: 0 }).holdout;
    const gold = String(r.gold.value);
    const decoy = String(r.meta.decoy_contract);
    const score = (p: Record<string, unknown>) => fam.score([r], [{ id: r.id, ...p }]);
    expect(
      score({ value: ` ${gold.toUpperCase().replace("|", " | ")} `, support_ids: r.gold.support_ids }).means,
    ).toMatchObject({
      value_acc: 1,
      cite_f1: 1,
    });
    expect(score({ value: decoy, support_ids: [] }).means).toMatchObject({ value_acc: 0, decoy_rate: 1 });
    const raw = fam.predictionFromText(r, `The contract is ${gold}.`);
    const s = fam.score([r], [raw]);
    expect(s.means).toMatchObject({ value_acc: 0, parse_rate: 0 });
    expect(s.failure_mode_counts).toEqual({ unparsed: 1 });
  });
});

const ruleFromPrompt = answerWith(icRulePrediction);

let lb: Loopback;
let dir: string;
beforeAll(async () => {
  dir = tempDir("geb-trap-icd-");
  lb = await startLoopback({ answer: ruleFromPrompt });
});
afterAll(async () => {
  await lb.close();
});

describe("geb trap run implication_coherence_derived (loopback OpenAI server)", () => {
  it("--stage target --runs 3: a model that applies the stated rules passes; lookup fails beside it", async () => {
    const fx = join(dir, "fx");
    const gen = ["--family", fam.id, "--out-dir", fx, "--anchors", "4", "--holdout", "10", "--canary", "1"];
    expect((await geb(["trap", "generate", ...gen])).code).toBe(0);
    const out = join(dir, "run");
    const r = await geb([
      "trap",
      "run",
      "--family",
      fam.id,
      ...loopbackFlags(lb),
      "--stage",
      "target",
      "--runs",
      "3",
      "--out-dir",
      out,
      "--fixtures",
      fx,
    ]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const s = readJson<TrapRunSummary>(join(out, "run-3", `${fam.id}_summary.json`));
    expect(trapRunSummarySchema.safeParse(s).success).toBe(true);
    expect(s.compat).toBe("1.0");
    expect(s.holdout.means.value_acc).toBe(1);
    expect(s.baselines.baselines.lookup.holdout.status).toBe("FAIL");
    expect(r.out).toMatch(/^lookup +holdout FAIL/m);
    const rel = readJson<TrapReliability>(join(out, `${fam.id}_reliability.json`));
    expect(rel.status).toBe("PASS");
  });
});
