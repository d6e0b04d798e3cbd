/**
 * compression_roundtrip_generalization beyond parity: every row asks for `answer.resolved`
 * (the reference pre-writes the computed answer), so the lookup program meets every floor;
 * an empty query-type subset scores 0 (the reference's `_mean([])`) and fails its floor; and
 * `geb trap run` against the loopback OpenAI-compatible server.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressionRoundtripFamily as fam } from "../../../src/geb/trap/families/compression-roundtrip.js";
import {
  baselineReport,
  type TrapReliability,
  type TrapRunSummary,
} from "../../../src/geb/trap/framework.js";
import { lookupPrediction, questionKey } from "../../../src/geb/trap/ledger.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { answerWith, geb, loopbackFlags, readJson, tempDir } from "./harness.js";

describe("compression_roundtrip_generalization", () => {
  it("every anchors/holdout question names answer.resolved; the lookup meets every target floor", () => {
    const fx = fam.generate(fam.defaults);
    for (const r of [...fx.anchors, ...fx.holdout]) expect(questionKey(r.question)).toBe("answer.resolved");
    const b = baselineReport(fam, fx, "target");
    expect(b.baselines.lookup.holdout.means.value_acc).toBe(1);
    expect(b.equivalent_to_core_lookup).toBe(true);
  });

  it("a split without one query type scores that subset 0 and fails its floor (reference behaviour)", () => {
    const fx = fam.generate({ ...fam.defaults, anchors: 8, holdout: 12, canary: 1 });
    const b = baselineReport(fam, fx, "target");
    expect(fx.holdout.some((r) => r.meta.query_type === "exception")).toBe(false);
    expect(b.baselines.lookup.holdout.means.exception_acc).toBe(0);
    expect(b.baselines.lookup.holdout.means.exception_count).toBe(0);
    expect(b.baselines.lookup.holdout.failures).toEqual(["exception_acc < 0.8"]);
  });
});

const lookupFromPrompt = answerWith(lookupPrediction);

let lb: Loopback;
let dir: string;
beforeAll(async () => {
  dir = tempDir("geb-trap-crg-");
  lb = await startLoopback({ answer: lookupFromPrompt });
});
afterAll(async () => {
  await lb.close();
});

describe("geb trap run compression_roundtrip_generalization (loopback OpenAI server)", () => {
  it("--stage target --runs 3 on 8/18/1 rows: floors met, reliability PASS", async () => {
    const fx = join(dir, "fx");
    const args = ["--family", fam.id, "--out-dir", fx, "--anchors", "8", "--holdout", "18", "--canary", "1"];
    expect((await geb(["trap", "generate", ...args])).code).toBe(0);
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
    expect(s.holdout.means).toEqual(s.baselines.baselines.lookup.holdout.means);
    expect(s.synthetic_metrics).toHaveProperty("direct_acc");
    const rel = readJson<TrapReliability>(join(out, `${fam.id}_reliability.json`));
    expect(rel.status).toBe("PASS");
    expect(rel.equivalent_to_core_lookup).toBe(true);
  });
});
