/**
 * The control-scaffold families beyond parity (tests/geb/trap/parity.test.ts covers the
 * fixtures and scorer means): implication_coherence's rule program against a brute-force
 * truth table of the stated precedence, the anchors hard-case floor the reference runner
 * derives from the data, the rule baseline beside lookup/fold, and `geb trap run` end to
 * end against the loopback OpenAI-compatible server for all six families.
 */
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  icPolicyContract,
  icRulePrediction,
  implicationCoherenceFamily as ic,
  SCAFFOLD_FAMILY_IDS,
} from "../../../src/geb/trap/families/control-scaffold.js";
import {
  baselineReport,
  evaluateSplit,
  type TrapReliability,
  type TrapRunSummary,
} from "../../../src/geb/trap/framework.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import { trapRunSummarySchema } from "../../../src/geb/trap/schema.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { answerWith, geb, generateSmall, loopbackFlags, readJson, tempDir, visibleRow } from "./harness.js";

describe("implication_coherence rule program", () => {
  it("the precedence equals a brute-force reading of the five stated rules (all 48 flag combinations)", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("logical", "causal", "correlative", " Causal "),
        fc.boolean(),
        (dep, contra, causal, type, prop) => {
          const t = type.trim().toLowerCase();
          // Rules as the question states them, checked in order; the first that holds wins.
          const rules: [boolean, string][] = [
            [contra, "retrieve|logical"],
            [dep && !prop, "ask|logical"],
            [prop && t === "logical", "plan|logical"],
            [causal && t === "causal", "plan|causal"],
            [true, "think_more|correlative"],
          ];
          const want = rules.find(([c]) => c)?.[1];
          const got = icPolicyContract({
            dependency_required: dep,
            contradiction_detected: contra,
            causal_precision_required: causal,
            implication_type_required: type,
            propagation_required: prop,
          }).join("|");
          expect(got).toBe(want);
        },
      ),
    );
  });

  it("sees only book and question; answers every default row's gold (value and citations)", () => {
    const f = ic.generate(ic.defaults);
    for (const split of ["anchors", "holdout"] as const)
      for (const row of f[split]) {
        const blind = visibleRow(row);
        const p = icRulePrediction(blind);
        expect(p.value).toBe(row.gold.value);
        expect([...(p.support_ids as string[])].sort()).toEqual(
          [...(row.gold.support_ids as string[])].sort(),
        );
      }
  });

  it("lookup fails the target floors, the rule program meets them; IC is not labelled equivalent to core lookup", () => {
    const b = baselineReport(ic, ic.generate(ic.defaults), "target");
    expect(b.baselines.lookup.holdout.means.value_acc).toBeCloseTo(17 / 54, 12);
    expect(b.baselines.lookup.holdout.status).toBe("FAIL");
    expect(b.baselines.rule?.holdout.status).toBe("PASS");
    expect(b.baselines.rule?.anchors.status).toBe("PASS");
    expect(b.rule_meets_target).toBe(true);
    expect(b.passing).toEqual(["rule"]);
    expect(b.equivalent_to_core_lookup).toBe(false);
  });

  it("anchors: the hard-case floor drops to the file's hard-row count when that is lower (the runner's rule)", () => {
    const f = ic.generate(ic.defaults);
    const hard = f.anchors.filter((r) => r.meta.hard_inference_required === true).length;
    expect(hard).toBe(8);
    const ev = (stage: "observe" | "target", split: "anchors" | "holdout") =>
      evaluateSplit(ic, split, stage, f[split], f[split].map(icRulePrediction)).floors.find(
        (c) => c.metric === "hard_case_count",
      )?.floor;
    expect(ev("target", "anchors")).toBe(8);
    expect(ev("target", "holdout")).toBe(16);
    expect(ev("observe", "anchors")).toBe(8);
  });
});

describe("the other scaffolds are ledger lookups", () => {
  it("lookup meets every target floor on the default fixtures: labelled equivalent to core lookup", () => {
    for (const id of SCAFFOLD_FAMILY_IDS) {
      if (id === "implication_coherence") continue;
      const f = trapFamily(id);
      if (!f) throw new Error(id);
      const b = baselineReport(f, f.generate(f.defaults), "target");
      expect(b.baselines.lookup.holdout.status, id).toBe("PASS");
      expect(b.equivalent_to_core_lookup, id).toBe(true);
      expect(b.baselines.rule, id).toBeUndefined();
    }
  });
});

/** A model that applies the question's rules (IC) or reads the asked key, from the prompt only. */
const ruleFromPrompt = answerWith(icRulePrediction);
const lookupFromPrompt = answerWith(lookupPrediction);

let rule: Loopback;
let look: Loopback;
let dir: string;
beforeAll(async () => {
  dir = tempDir("geb-trap-scaffold-");
  rule = await startLoopback({ answer: ruleFromPrompt });
  look = await startLoopback({ answer: lookupFromPrompt });
});
afterAll(async () => {
  await Promise.all([rule.close(), look.close()]);
});
const flags = (lb: Loopback) => loopbackFlags(lb);
const small = (fam: string, anchors: number, holdout: number): Promise<string> =>
  generateSmall(join(dir, `${fam}-fx`), fam, anchors, holdout, 1, []);

describe("geb trap run: control scaffolds (loopback OpenAI server)", () => {
  it("implication_coherence --stage target --runs 3: a rule-following model passes, the lookup fails beside it", async () => {
    const fam = "implication_coherence";
    // 22 holdout rows hold 16 hard rows (the target floor exactly); anchors 6 hold 1 (floor lowered to 1).
    const fx = await small(fam, 6, 22);
    const out = join(dir, "ic-rule");
    const r = await geb([
      "trap",
      "run",
      "--family",
      fam,
      ...flags(rule),
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
    const s = readJson<TrapRunSummary>(join(out, "run-3", `${fam}_summary.json`));
    expect(trapRunSummarySchema.safeParse(s).success).toBe(true);
    expect(s.holdout.means.hard_case_count).toBe(16);
    expect(s.anchors.floors.find((c) => c.metric === "hard_case_count")?.floor).toBe(1);
    expect(s.holdout.means).toEqual(s.baselines.baselines.rule?.holdout.means);
    expect(s.holdout.means.hard_ic_score).toBe(1);
    expect(s.baselines.equivalent_to_core_lookup).toBe(false);
    expect(r.out).toMatch(/^rule +holdout PASS/m);
    expect(r.out).toMatch(/^lookup +holdout FAIL/m);
    expect(r.out).toMatch(/^rule program \(applies the rules the question states\): meets/m);
    expect(r.out).toMatch(/^synthetic metrics \(not measurements.*propagation_latency_steps/m);
    expect(readJson<TrapReliability>(join(out, `${fam}_reliability.json`)).status).toBe("PASS");
  });

  it("the five lookup scaffolds --stage target --runs 2: a ledger-reading model passes each", async () => {
    for (const fam of SCAFFOLD_FAMILY_IDS) {
      if (fam === "implication_coherence") continue;
      const fx = await small(fam, 5, 8);
      const out = join(dir, `${fam}-run`);
      const r = await geb([
        "trap",
        "run",
        "--family",
        fam,
        ...flags(look),
        "--stage",
        "target",
        "--runs",
        "2",
        "--out-dir",
        out,
        "--fixtures",
        fx,
      ]);
      expect(r.err, fam).toBe("");
      expect(r.code, fam).toBe(0);
      const s = readJson<TrapRunSummary>(join(out, "run-2", `${fam}_summary.json`));
      expect(s.holdout.means.value_acc, fam).toBe(1);
      expect(s.baselines.equivalent_to_core_lookup, fam).toBe(true);
      expect(Object.keys(s.synthetic_metrics), fam).toContain("entailment");
    }
  });

  it("geb trap score prints the rule program beside lookup and fold", async () => {
    const fx = join(import.meta.dirname, "../../fixtures/geb/trap/implication_coherence");
    const data = join(fx, "implication_coherence_holdout.jsonl");
    const sc = await geb([
      "trap",
      "score",
      "--family",
      "implication_coherence",
      "--data",
      data,
      "--preds",
      data,
      "--stage",
      "target",
    ]);
    // The fixture file as predictions has no `value` fields: the model scores 0 and fails.
    expect(sc.code).toBe(1);
    const lines = sc.out.trim().split("\n");
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(["model", "lookup", "fold", "rule"]);
    expect(lines[3]).toMatch(/PASS .*ic_score=1\.000/);
  });
});
