/**
 * authority_under_interference_hardening beyond parity: the reference checker's stricter
 * holdout floors (a run that passes the runner's .90 floor but not the checker's .92 fails
 * reliability), and `geb trap run` against the loopback OpenAI-compatible server.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorityUnderInterferenceHardeningFamily as fam } from "../../../src/geb/trap/families/authority-under-interference.js";
import {
  baselineReport,
  checkReliability,
  evaluateSplit,
  summarizeRun,
  type TrapReliability,
  type TrapRunSummary,
} from "../../../src/geb/trap/framework.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import type { TrapPrediction, TrapRow } from "../../../src/geb/trap/types.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { answerWith, geb, loopbackFlags, readJson, tempDir } from "./harness.js";

describe("authority_under_interference_hardening reliability", () => {
  const fx = fam.generate(fam.defaults);
  const summary = (k: number, wrongHoldout: number): TrapRunSummary => {
    const ev = (split: "anchors" | "holdout" | "canary", wrong: number) => {
      const preds: TrapPrediction[] = fx[split].map((r: TrapRow, i) =>
        i < wrong ? { id: r.id, value: "wrong", support_ids: [] } : lookupPrediction(r),
      );
      const { rows: _rows, ...e } = evaluateSplit(fam, split, "target", fx[split], preds);
      return e;
    };
    return summarizeRun(
      fam,
      "target",
      "m",
      k,
      { anchors: ev("anchors", 0), holdout: ev("holdout", wrongHoldout), canary: ev("canary", 0) },
      baselineReport(fam, fx, "target"),
    );
  };

  it("a run at holdout value .917 passes the runner's floors but not the checker's .92", () => {
    const runs = [summary(1, 5), summary(2, 5)];
    expect(runs[0].holdout.means.value_acc).toBeCloseTo(55 / 60, 12);
    expect(runs[0].hard_gate_status).toBe("PASS");
    const rel = checkReliability(fam, "target", runs);
    expect(rel.status).toBe("FAIL");
    expect(rel.failures.join("\n")).toMatch(/holdout value_acc < 0\.92 \(checker floor\)/);
    expect(checkReliability(fam, "target", [summary(1, 4), summary(2, 4)]).status).toBe("PASS");
  });

  it("is equivalent to core lookup", () => {
    expect(baselineReport(fam, fx, "target").equivalent_to_core_lookup).toBe(true);
  });
});

const lookupFromPrompt = answerWith(lookupPrediction);

let lb: Loopback;
let dir: string;
beforeAll(async () => {
  dir = tempDir("geb-trap-auih-");
  lb = await startLoopback({ answer: lookupFromPrompt });
});
afterAll(async () => {
  await lb.close();
});

describe("geb trap run authority_under_interference_hardening (loopback OpenAI server)", () => {
  it("--stage target --runs 3 on a small fixture set: floors met, reliability PASS", async () => {
    const id = fam.id;
    const fx = join(dir, "fx");
    const g = await geb([
      "trap",
      "generate",
      "--family",
      id,
      "--out-dir",
      fx,
      "--anchors",
      "3",
      "--holdout",
      "8",
      "--canary",
      "1",
    ]);
    expect(g.code).toBe(0);
    expect(readFileSync(join(fx, `${id}_holdout.jsonl`), "utf8")).toContain('"AUIH-HOLDOUT-0001-Q001"');
    const out = join(dir, "run");
    const r = await geb([
      "trap",
      "run",
      "--family",
      id,
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
    const s = readJson<TrapRunSummary>(join(out, "run-3", `${id}_summary.json`));
    expect(s.holdout.means).toMatchObject({ value_acc: 1, authority_violation_rate: 0 });
    const rel = readJson<TrapReliability>(join(out, `${id}_reliability.json`));
    expect(rel.status).toBe("PASS");
  });
});
