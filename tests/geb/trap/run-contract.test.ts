/**
 * `geb trap run --stage target --runs 3` over real HTTP (the loopback OpenAI-compatible
 * server) for novel_continuity, novel_continuity_long_horizon, myopic_planning_traps and
 * referential_indexing_suite: a model that answers like the fold program from the prompt
 * alone passes; one that names the local action falls into myopic's trap; the summaries
 * carry the "equivalent to core lookup" label and the synthetic-metric labels.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractFold } from "../../../src/geb/trap/kit/contract-fold.js";
import { myopicOracle } from "../../../src/geb/trap/families/myopic-planning-derived.js";
import { continuityOracle } from "../../../src/geb/trap/families/novel-continuity-derived.js";
import { referentialOracle } from "../../../src/geb/trap/families/referential-indexing-derived.js";
import type { TrapReliability, TrapRunSummary } from "../../../src/geb/trap/framework.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { answerWith, generateSmall, geb, loopbackFlags, readJson, tempDir } from "./harness.js";

/** The fold program's answer, from the prompt only (ledger + question), with a lookup_depth of 1. */
const foldAnswer = answerWith(contractFold, { lookup_depth: 1 });

/** The 1.0 families' exact oracles, from the prompt only. */
const oracleAnswer = answerWith((row) =>
  row.question.includes("edge.")
    ? myopicOracle(row)
    : row.question.startsWith("By the end of the story")
      ? continuityOracle(row)
      : referentialOracle(row),
);

/** A myopic model: always the local-first action from the ledger. */
function localFirst(prompt: string): string {
  const m = /SET plan\.local_first = (\S+)/.exec(prompt);
  return JSON.stringify({ value: m ? m[1] : null, support_ids: [] });
}

let good: Loopback;
let myopic: Loopback;
let oracle: Loopback;
let dir: string;
beforeAll(async () => {
  dir = tempDir("geb-trap-contract-");
  good = await startLoopback({ answer: foldAnswer });
  myopic = await startLoopback({ answer: localFirst });
  oracle = await startLoopback({ answer: oracleAnswer });
});
afterAll(async () => {
  await Promise.all([good.close(), myopic.close(), oracle.close()]);
});

const flags = (lb: Loopback) => loopbackFlags(lb);

/** Small generated sets; sizes chosen so every subset a floor reads has rows (asserted below). */
const SIZES: Record<string, [number, number]> = {
  novel_continuity: [3, 8],
  novel_continuity_long_horizon: [3, 8],
  myopic_planning_traps: [4, 8],
  referential_indexing_suite: [9, 36],
  myopic_planning_derived: [3, 6],
  referential_indexing_derived: [5, 15],
  novel_continuity_derived: [3, 9],
};

async function run(
  fam: string,
  lb: Loopback,
  tag: string,
): Promise<{ code: number; out: string; dir: string }> {
  const fx = join(dir, `${fam}-fixtures`);
  const [a, h] = SIZES[fam];
  await generateSmall(fx, fam, a, h, 1);
  const out = join(dir, `${fam}-${tag}`);
  const r = await geb([
    "trap",
    "run",
    "--family",
    fam,
    ...flags(lb),
    "--stage",
    "target",
    "--runs",
    "3",
    "--out-dir",
    out,
    "--fixtures",
    fx,
  ]);
  if (r.code === 0) expect(r.err).toBe("");
  return { code: r.code, out: r.out, dir: out };
}

describe("geb trap run, contract families (loopback OpenAI server)", () => {
  for (const fam of Object.keys(SIZES).filter((f) => !f.endsWith("_derived")))
    it(`${fam} --stage target --runs 3: the fold-like model passes; labelled equivalent to core lookup`, async () => {
      const r = await run(fam, good, "good");
      expect(r.code).toBe(0);
      const s = readJson<TrapRunSummary>(join(r.dir, "run-3", `${fam}_summary.json`));
      expect(s.hard_gate_status).toBe("PASS");
      expect(s.holdout.means.value_acc).toBe(1);
      expect(s.holdout.means.cite_f1).toBe(1);
      expect(s.holdout.unparsed_outputs).toBe(0);
      // Every floor read a mean computed on rows (no empty subset passing as 0 / vacuous).
      for (const split of ["anchors", "holdout"] as const)
        for (const c of s[split].floors) expect(c.pass, `${split}.${c.metric}`).toBe(true);
      expect(s.baselines.equivalent_to_core_lookup).toBe(true);
      expect(r.out).toContain("equivalent to core lookup");
      expect(Object.keys(s.synthetic_metrics)).toContain("exact_acc");
      const rel = readJson<TrapReliability>(join(r.dir, `${fam}_reliability.json`));
      expect(rel.status).toBe("PASS");
      expect(rel.runs).toBe(3);
    });

  it("referential_indexing_suite: the model's lookup_depth is scored, not the fixture's", async () => {
    const s = readJson<TrapRunSummary>(
      join(dir, "referential_indexing_suite-good", "run-1", "referential_indexing_suite_summary.json"),
    );
    expect(s.holdout.means.lookup_depth_cost).toBe(1);
    // The lookup baseline gives none, so its cost is the fixtures' random target (synthetic).
    expect(s.baselines.baselines.lookup.holdout.means.lookup_depth_cost).toBeGreaterThan(1);
    expect(s.synthetic_metrics.lookup_depth_cost).toMatch(/lookup_depth_target/);
  });

  it("myopic_planning_traps: a model that takes the local action fails with trap_entry_rate 1", async () => {
    const r = await run("myopic_planning_traps", myopic, "local");
    expect(r.code).toBe(1);
    const s = readJson<TrapRunSummary>(join(r.dir, "run-1", "myopic_planning_traps_summary.json"));
    expect(s.hard_gate_status).toBe("FAIL");
    expect(s.holdout.means.trap_entry_rate).toBe(1);
    expect(s.holdout.means.first_error_step_mean).toBe(1);
    expect(s.holdout.failure_mode_counts).toEqual({ trap_entry: 8 });
    expect(s.synthetic_metrics.first_error_step_mean).toMatch(/horizon_steps/);
  });

  it("myopic_planning_derived (1.0) --stage target --runs 3: the oracle passes; the greedy and lookup programs do not", async () => {
    const fam = "myopic_planning_derived";
    const r = await run(fam, oracle, "oracle");
    expect(r.code).toBe(0);
    const s = readJson<TrapRunSummary>(join(r.dir, "run-2", `${fam}_summary.json`));
    expect(s.compat).toBe("1.0");
    expect(s.holdout.means).toMatchObject({ value_acc: 1, cite_f1: 1, trap_entry_rate: 0 });
    expect(s.baselines.equivalent_to_core_lookup).toBe(false);
    expect(s.baselines.baselines.fold.holdout.means.trap_entry_rate).toBe(1);
    expect(s.baselines.passing).toEqual([]);
    expect(r.out).toContain("not solved by the lookup / fold programs");
    expect(readJson<TrapReliability>(join(r.dir, `${fam}_reliability.json`)).status).toBe("PASS");
    // The check command reads the summaries back through the schema (compat "1.0" valid).
    const c = await geb([
      "trap",
      "check",
      "--family",
      fam,
      "--stage",
      "target",
      "--summary",
      join(r.dir, "run-1", `${fam}_summary.json`),
      "--summary",
      join(r.dir, "run-2", `${fam}_summary.json`),
    ]);
    expect(c.code).toBe(0);
  });

  for (const fam of ["referential_indexing_derived", "novel_continuity_derived"])
    it(`${fam} (1.0) --stage target --runs 3: the oracle passes every floor`, async () => {
      const r = await run(fam, oracle, "oracle");
      expect(r.code).toBe(0);
      const s = readJson<TrapRunSummary>(join(r.dir, "run-3", `${fam}_summary.json`));
      expect(s.compat).toBe("1.0");
      for (const split of ["anchors", "holdout"] as const)
        for (const c of s[split].floors) expect(c.pass, `${split}.${c.metric}`).toBe(true);
      expect(s.holdout.means.value_acc).toBe(1);
      expect(s.baselines.equivalent_to_core_lookup).toBe(false);
      expect(readJson<TrapReliability>(join(r.dir, `${fam}_reliability.json`)).status).toBe("PASS");
    });

  it("generate --compat is checked against the family's dialect", async () => {
    const bad = await geb([
      "trap",
      "generate",
      "--family",
      "myopic_planning_derived",
      "--compat",
      "reference-0.1",
      "--out-dir",
      join(dir, "x"),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--compat/);
  });
});
