/**
 * `geb trap run|score|check|generate|list` end to end over real HTTP (the loopback
 * OpenAI-compatible server): a model that answers like the fold program passes the target
 * floors in 3 runs; raw outputs that are not JSON are scored (wrong), never repaired;
 * failed requests leave the run unscored with exit 1; --resume asks for nothing twice.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressionFold } from "../../../src/geb/trap/families/compression-loss-bounded.js";
import { epistemicFold } from "../../../src/geb/trap/families/epistemic.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import type { TrapReliability, TrapRunSummary } from "../../../src/geb/trap/framework.js";
import { trapReliabilitySchema, trapRunSummarySchema } from "../../../src/geb/trap/schema.js";
import { TRAP_FAMILIES_NOT_PORTED } from "../../../src/geb/trap/registry.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { answerWith, generateSmall, geb, loopbackFlags, promptRow, readJson, tempDir } from "./harness.js";

const FAM = "epistemic_calibration_suite";
const fixtures = join(import.meta.dirname, "../../fixtures/geb/trap/epistemic_calibration_suite");

/** Answer like the fold program, reading only the prompt (ledger + question). */
const foldFromPrompt = (prompt: string): string => epistemicFold(promptRow(prompt)).value as string;

/** compression_loss_bounded: the fold's answer in the contract `{value, support_ids}`. */
const contractFromPrompt = answerWith((row) =>
  row.question.includes("compact_state") ? compressionFold(row) : lookupPrediction(row),
);

let good: Loopback;
let compact: Loopback;
let notJson: Loopback;
let broken: Loopback;
let dir: string;
beforeAll(async () => {
  dir = tempDir("geb-trap-");
  good = await startLoopback({ answer: foldFromPrompt });
  compact = await startLoopback({ answer: contractFromPrompt });
  notJson = await startLoopback({ answer: () => "The value is 14." });
  broken = await startLoopback({ fault: () => ({ status: 500 }) });
});
afterAll(async () => {
  await Promise.all([good.close(), compact.close(), notJson.close(), broken.close()]);
});

const flags = (lb: Loopback) => loopbackFlags(lb);
const small = (fam: string, anchors: number, holdout: number, canary: number): Promise<string> =>
  generateSmall(join(dir, `${fam}-small`), fam, anchors, holdout, canary);

describe("geb trap run (loopback OpenAI server)", () => {
  it("--stage target --runs 3: summaries per run, reliability PASS, the baselines beside", async () => {
    const out = join(dir, "good");
    const r = await geb([
      "trap",
      "run",
      "--family",
      FAM,
      ...flags(good),
      "--stage",
      "target",
      "--runs",
      "3",
      "--out-dir",
      out,
    ]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(good.requests.length).toBe((24 + 72 + 12) * 3);
    // The model saw the ledger and the question, never the answer key.
    expect(good.requests[0].prompt).toContain("LEDGER:\n- [U");
    expect(
      good.requests.some((q) => q.prompt.includes("expected_decision") || q.prompt.includes('"gold"')),
    ).toBe(false);
    const rel = readJson<TrapReliability>(join(out, `${FAM}_reliability.json`));
    expect(rel.status).toBe("PASS");
    expect(trapReliabilitySchema.safeParse(rel).success).toBe(true);
    expect(rel.runs).toBe(3);
    expect(rel.equivalent_to_core_lookup).toBe(true);
    for (let k = 1; k <= 3; k++) {
      const s = readJson<TrapRunSummary>(join(out, `run-${k}`, `${FAM}_summary.json`));
      expect(trapRunSummarySchema.safeParse(s).success).toBe(true);
      expect(s.hard_gate_status).toBe("PASS");
      expect(s.stage).toBe("target");
      // The model answered exactly as the fold program: identical means.
      expect(s.holdout.means).toEqual(s.baselines.baselines.fold.holdout.means);
      expect(s.holdout.accuracy.ci_low).toBeLessThan(1);
      expect(s.canary.status).toBe("REPORT");
    }
    expect(r.out).toMatch(/equivalent to core lookup/);
    expect(r.out).toMatch(/reliability epistemic_calibration_suite stage=target runs=3: PASS/);

    // Resume: nothing is requested again and the artifacts are byte-identical.
    const before = readFileSync(join(out, "run-2", `${FAM}_summary.json`), "utf8");
    const n = good.requests.length;
    const again = await geb([
      "trap",
      "run",
      "--family",
      FAM,
      ...flags(good),
      "--stage",
      "target",
      "--runs",
      "3",
      "--out-dir",
      out,
      "--resume",
    ]);
    expect(again.code).toBe(0);
    expect(good.requests.length).toBe(n);
    expect(readFileSync(join(out, "run-2", `${FAM}_summary.json`), "utf8")).toBe(before);

    // Neither --resume nor --overwrite over existing answers: an input error, nothing lost.
    const clash = await geb([
      "trap",
      "run",
      "--family",
      FAM,
      ...flags(good),
      "--runs",
      "3",
      "--out-dir",
      out,
    ]);
    expect(clash.code).toBe(2);
    expect(clash.err).toMatch(/already exists/);

    // check over the written summaries agrees; one run is not enough.
    const sums = [1, 2, 3].map((k) => join(out, `run-${k}`, `${FAM}_summary.json`));
    const c = await geb([
      "trap",
      "check",
      "--family",
      FAM,
      "--stage",
      "target",
      ...sums.flatMap((s) => ["--summary", s]),
    ]);
    expect(c.code).toBe(0);
    const one = await geb(["trap", "check", "--family", FAM, "--stage", "target", "--summary", sums[0]]);
    expect(one.code).toBe(1);
    expect(one.out).toMatch(/need at least 2 runs/);
    const wrongStage = await geb([
      "trap",
      "check",
      "--family",
      FAM,
      "--stage",
      "ramp",
      ...sums.flatMap((s) => ["--summary", s]),
    ]);
    expect(wrongStage.code).toBe(1);
  });

  it("compression_loss_bounded --stage target --runs 3: contract answers parsed, floors met, reliability PASS", async () => {
    const fam = "compression_loss_bounded";
    const out = join(dir, "clb");
    const fx = await small(fam, 2, 6, 1);
    const before = compact.requests.length;
    const r = await geb([
      "trap",
      "run",
      "--family",
      fam,
      ...flags(compact),
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
    expect(compact.requests.length - before).toBe((2 + 6 + 1) * 3);
    const s = readJson<TrapRunSummary>(join(out, "run-3", `${fam}_summary.json`));
    expect(s.holdout.means).toMatchObject({
      precision: 1,
      recall: 1,
      exact_match_rate: 1,
      parse_rate: 1,
      bloat: 0,
    });
    expect(s.canary_report).toMatchObject({ metric: "exact_match_rate", value: 1, status: "WARN" });
    expect(s.hard_gate_status).toBe("PASS"); // the canary alert does not gate
    expect(s.baselines.baselines.lookup.holdout.means.f1).toBe(0);
    expect(readJson<TrapReliability>(join(out, `${fam}_reliability.json`)).status).toBe("PASS");
  });

  it("compression_recoverability --stage target --runs 3 (and raw text: unparsed, wrong, counted)", async () => {
    const fam = "compression_recoverability";
    const out = join(dir, "crv");
    const fx = await small(fam, 3, 8, 1);
    const before = compact.requests.length;
    const r = await geb([
      "trap",
      "run",
      "--family",
      fam,
      ...flags(compact),
      "--stage",
      "target",
      "--runs",
      "3",
      "--out-dir",
      out,
      "--fixtures",
      fx,
    ]);
    expect(r.code).toBe(0);
    expect(compact.requests.length - before).toBe((3 + 8 + 1) * 3);
    const s = readJson<TrapRunSummary>(join(out, "run-1", `${fam}_summary.json`));
    expect(s.holdout.means).toMatchObject({ value_acc: 1, cite_f1: 1 });
    expect(s.holdout.unparsed_outputs).toBe(0);
    expect(readJson<TrapReliability>(join(out, `${fam}_reliability.json`)).status).toBe("PASS");

    const bad = join(dir, "crv-bad");
    const b = await geb([
      "trap",
      "run",
      "--family",
      fam,
      ...flags(notJson),
      "--stage",
      "target",
      "--runs",
      "2",
      "--out-dir",
      bad,
      "--fixtures",
      fx,
    ]);
    expect(b.code).toBe(1);
    const sb = readJson<TrapRunSummary>(join(bad, "run-1", `${fam}_summary.json`));
    // The reference scorer counts a row with any value as parsed; the framework says otherwise.
    expect(sb.holdout.means.parse_rate).toBe(1);
    expect(sb.holdout.unparsed_outputs).toBe(8);
    expect(sb.holdout.means.value_acc).toBe(0);
  });

  it("authority_under_interference --stage target --runs 3", async () => {
    const fam = "authority_under_interference";
    const out = join(dir, "aui");
    const fx = await small(fam, 3, 8, 1);
    const r = await geb([
      "trap",
      "run",
      "--family",
      fam,
      ...flags(compact),
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
    expect(s.holdout.means).toMatchObject({
      value_acc: 1,
      latest_support_hit_rate: 1,
      authority_violation_rate: 0,
    });
    expect(readJson<TrapReliability>(join(out, `${fam}_reliability.json`)).status).toBe("PASS");
  });

  it("rag_prompt_injection --stage target --runs 3: base and attacked rows answered, floors met", async () => {
    const fam = "rag_prompt_injection";
    const out = join(dir, "rag");
    // A small fixture set (--fixtures) keeps the request count low: 2/4/1 base rows × 8 × 3.
    const fx = join(dir, "rag-fixtures");
    const g = await geb([
      "trap",
      "generate",
      "--family",
      fam,
      "--out-dir",
      fx,
      "--anchors",
      "2",
      "--holdout",
      "4",
      "--canary",
      "1",
    ]);
    expect(g.code).toBe(0);
    const before = compact.requests.length;
    const r = await geb([
      "trap",
      "run",
      "--family",
      fam,
      ...flags(compact),
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
    expect(compact.requests.length - before).toBe((2 + 4 + 1) * 8 * 3);
    // The injected snippet reaches the model (the prompt shows the book from the ledger on).
    expect(compact.requests.slice(before).some((q) => q.prompt.includes("BEGIN_SNIPPET"))).toBe(true);
    const s = readJson<TrapRunSummary>(join(out, "run-2", `${fam}_summary.json`));
    expect(s.holdout.rows_scored).toBe(28);
    expect(s.holdout.means).toMatchObject({
      value_acc: 1,
      flip_rate_to_incorrect: 0,
      baseline_correct_rate: 1,
    });
    expect(s.holdout.accuracy).toMatchObject({ n: 28, n_clusters: 4 });
    expect(readJson<TrapReliability>(join(out, `${fam}_reliability.json`)).status).toBe("PASS");
    // A missing fixture directory is an input error naming the file.
    const missing = await geb([
      "trap",
      "run",
      "--family",
      fam,
      ...flags(compact),
      "--out-dir",
      join(dir, "rag2"),
      "--fixtures",
      join(dir, "nope"),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope.*rag_prompt_injection_anchors\.jsonl/);
  });

  it("--persona: perturbed questions reach the model unchanged; a persona that changes the answer fails the run", async () => {
    const fx = join(dir, "epi-small");
    await geb([
      "trap",
      "generate",
      "--family",
      FAM,
      "--out-dir",
      fx,
      "--anchors",
      "6",
      "--holdout",
      "6",
      "--canary",
      "1",
    ]);
    const out = join(dir, "persona-ok");
    const ok = await geb([
      "trap",
      "run",
      "--family",
      FAM,
      ...flags(good),
      "--runs",
      "2",
      "--out-dir",
      out,
      "--fixtures",
      fx,
      "--persona",
      "--persona-persistence",
    ]);
    expect(ok.err).toBe("");
    // 6 holdout rows do not cover all six subfamilies: a missing subfamily mean fails its
    // floor (as in the reference), so the holdout fails; the persona check is independent.
    expect(ok.out).toMatch(/persona invariance \(holdout × 4 personas\): PASS/);
    expect(good.requests.some((q) => q.prompt.includes("[PERSONA v1: creative writer]"))).toBe(true);
    const s = readJson<TrapRunSummary>(join(out, "run-1", `${FAM}_summary.json`));
    expect(s.persona_invariance).toMatchObject({ status: "PASS", rows_total: 24, rows_changed: 0 });
    expect(s.persona_persistence).toMatchObject({ status: "PASS", rows_total: 24, rows_changed: 0 });
    expect(good.requests.some((q) => q.prompt.includes("[PERSONA PERSISTENCE v1]"))).toBe(true);
    expect(s.holdout.rows_scored).toBe(6);
    expect(trapRunSummarySchema.safeParse(s).success).toBe(true);

    const drift = await startLoopback({
      answer: (p) =>
        p.includes("[PERSONA v1: creative writer]") ? "Once upon a time, 14." : foldFromPrompt(p),
    });
    try {
      const bad = join(dir, "persona-bad");
      const r = await geb([
        "trap",
        "run",
        "--family",
        FAM,
        ...flags(drift),
        "--runs",
        "2",
        "--out-dir",
        bad,
        "--fixtures",
        fx,
        "--persona",
      ]);
      expect(r.code).toBe(1);
      const sb = readJson<TrapRunSummary>(join(bad, "run-1", `${FAM}_summary.json`));
      expect(sb.persona_invariance).toMatchObject({ status: "FAIL", rows_changed: 6 });
      expect(sb.hard_gate_status).toBe("FAIL");
      expect(r.out).toMatch(/persona invariance \(holdout × 4 personas\): FAIL/);
    } finally {
      await drift.close();
    }
  });

  it("raw text that is not JSON is scored as given (no repair): the floors fail, exit 1", async () => {
    const out = join(dir, "notjson");
    const r = await geb([
      "trap",
      "run",
      "--family",
      FAM,
      ...flags(notJson),
      "--stage",
      "target",
      "--runs",
      "2",
      "--out-dir",
      out,
    ]);
    expect(r.code).toBe(1);
    const s = readJson<TrapRunSummary>(join(out, "run-1", `${FAM}_summary.json`));
    expect(s.hard_gate_status).toBe("FAIL");
    expect(s.holdout.means.parse_rate).toBe(0);
    const preds = readFileSync(join(out, "run-1", "holdout_preds.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(JSON.parse(preds[0]).value).toBe("The value is 14.");
    expect(readJson<TrapReliability>(join(out, `${FAM}_reliability.json`)).status).toBe("FAIL");
  });

  it("failed requests: one stderr line, exit 1, nothing scored", async () => {
    const out = join(dir, "broken");
    const r = await geb([
      "trap",
      "run",
      "--family",
      FAM,
      ...flags(broken),
      "--runs",
      "2",
      "--out-dir",
      out,
      "--max-consecutive-errors",
      "0",
    ]);
    expect(r.code).toBe(1);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/requests failed/);
    expect(existsSync(join(out, `${FAM}_reliability.json`))).toBe(false);
    expect(existsSync(join(out, "run-1"))).toBe(false);
  });
});

describe("geb trap generate | score | list", () => {
  it("generate writes the reference's bytes; score prints the model beside lookup and fold", async () => {
    const out = join(dir, "gen");
    const g = await geb(["trap", "generate", "--family", FAM, "--out-dir", out]);
    expect(g.code).toBe(0);
    for (const s of ["anchors", "holdout", "canary"])
      expect(readFileSync(join(out, `${FAM}_${s}.jsonl`), "utf8")).toBe(
        readFileSync(join(fixtures, `${FAM}_${s}.jsonl`), "utf8"),
      );
    const again = await geb(["trap", "generate", "--family", FAM, "--out-dir", out]);
    expect(again.code).toBe(2);
    const preds = join(dir, "good", "run-1", "holdout_preds.jsonl");
    const sc = await geb([
      "trap",
      "score",
      "--family",
      FAM,
      "--data",
      join(out, `${FAM}_holdout.jsonl`),
      "--preds",
      preds,
    ]);
    expect(sc.code).toBe(0);
    const lines = sc.out.trim().split("\n");
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(["model", "lookup", "fold"]);
    expect(lines[2]).toMatch(/PASS/);
  });

  it("unknown and not-yet-ported families are input errors naming the flag", async () => {
    // Any family still listed as not ported (none once every family is ported).
    for (const unported of TRAP_FAMILIES_NOT_PORTED.slice(0, 1)) {
      const a = await geb(["trap", "generate", "--family", unported, "--out-dir", join(dir, "x")]);
      expect(a.code).toBe(2);
      expect(a.err).toMatch(/--family.*not ported yet/);
    }
    const b = await geb(["trap", "generate", "--family", "nope", "--out-dir", join(dir, "x")]);
    expect(b.code).toBe(2);
  });

  it("list marks the family solved by a no-model program", async () => {
    const r = await geb(["trap", "list", "--json"]);
    const j = JSON.parse(r.out) as {
      families: { id: string; equivalent_to_core_lookup: boolean }[];
      not_ported: string[];
    };
    expect(j.families.find((f) => f.id === FAM)?.equivalent_to_core_lookup).toBe(true);
    expect(j.not_ported).toEqual([...TRAP_FAMILIES_NOT_PORTED]);
    expect(j.not_ported).not.toContain("social_pressure_self_doubt");
    expect(j.not_ported).not.toContain("rag_prompt_injection");
    expect((j as unknown as { sub_traps: { id: string }[] }).sub_traps.map((t) => t.id)).toEqual([
      "persona_invariance",
      "persona_persistence_drift",
      "persona_session_drift",
    ]);
  });
});

describe("geb trap run --config", () => {
  it("runs from a YAML config, writes the effective config, and that file repeats the run", async () => {
    const fx = await small(FAM, 2, 4, 1);
    const cfg = join(dir, "trap-run.yaml");
    writeFileSync(
      cfg,
      `family: ${FAM}\nfixtures: ${fx}\nmodel: builtin:ledger-reader\nstage: observe\nruns: 2\n`,
    );
    const a = join(dir, "cfg-a");
    const r1 = await geb(["trap", "run", "--config", cfg, "--out-dir", a, "--no-progress"]);
    expect(r1.code, r1.err).toBe(1); // the reader fails the epistemic floors: a whole run, gate failed
    const eff = readJson<Record<string, unknown>>(join(a, "config.json"));
    expect(eff).toMatchObject({ family: FAM, model: "builtin:ledger-reader", runs: 2, "out-dir": a });
    const b = join(dir, "cfg-b");
    const r2 = await geb([
      "trap",
      "run",
      "--config",
      join(a, "config.json"),
      "--out-dir",
      b,
      "--no-progress",
    ]);
    expect(r2.code, r2.err).toBe(1);
    const sum = (d: string) => readFileSync(join(d, "run-1", `${FAM}_summary.json`), "utf8");
    expect(sum(b)).toBe(sum(a));
    writeFileSync(cfg, "family: x\nbogus: 1\n");
    const bad = await geb(["trap", "run", "--config", cfg, "--out-dir", join(dir, "cfg-c")]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/trap-run\.yaml:2: field bogus: unknown key/);
  });
});
