/**
 * compression_roundtrip_generalization beyond parity: every row asks for `answer.resolved`
 * (the reference pre-writes the computed answer), so the lookup program meets every floor;
 * an empty query-type subset scores 0 (the reference's `_mean([])`) and fails its floor; and
 * `geb trap run` against the loopback OpenAI-compatible server.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../../src/geb/cli/main.js";
import { compressionRoundtripFamily as fam } from "../../../src/geb/trap/families/compression-roundtrip.js";
import {
  baselineReport,
  type TrapReliability,
  type TrapRunSummary,
} from "../../../src/geb/trap/framework.js";
import { lookupPrediction, questionKey } from "../../../src/geb/trap/ledger.js";
import type { TrapRow } from "../../../src/geb/trap/types.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";

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

async function geb(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => {
    out += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
    err += String(s);
    return true;
  });
  try {
    return { code: await main(args), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

function lookupFromPrompt(prompt: string): string {
  const ledger = prompt.split("\nLEDGER:\n")[1]?.split("\n\nQUESTION:\n")[0] ?? "";
  const question = prompt.split("\n\nQUESTION:\n")[1]?.split("\n\nRespond with only JSON.")[0] ?? "";
  const p = lookupPrediction({ id: "x", book: `## State Ledger\n${ledger}`, question } as unknown as TrapRow);
  return JSON.stringify({ value: p.value, support_ids: p.support_ids });
}

let lb: Loopback;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "geb-trap-crg-"));
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
      "--model",
      "openai:test",
      "--base-url",
      `${lb.url}/v1`,
      "--no-progress",
      "--max-retries",
      "0",
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
    const s = JSON.parse(
      readFileSync(join(out, "run-3", `${fam.id}_summary.json`), "utf8"),
    ) as TrapRunSummary;
    expect(s.holdout.means).toEqual(s.baselines.baselines.lookup.holdout.means);
    expect(s.synthetic_metrics).toHaveProperty("direct_acc");
    const rel = JSON.parse(readFileSync(join(out, `${fam.id}_reliability.json`), "utf8")) as TrapReliability;
    expect(rel.status).toBe("PASS");
    expect(rel.equivalent_to_core_lookup).toBe(true);
  });
});
