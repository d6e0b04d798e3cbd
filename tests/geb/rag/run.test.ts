/**
 * `geb rag run`: datasets regenerated from the preset's recipes, the model run through our
 * engine (builtin: offline; openai: against a loopback server), graded, summarized with the
 * no-model baselines; a dead endpoint is an error, never a score.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { ragSummarySchema } from "../../../src/geb/rag/schema.js";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

/** p.json in `dir`: two small datasets of the strict preset (fast to generate). */
function smallPreset(dir: string): string {
  const preset = JSON.parse(readFileSync(join(repoRoot, "configs/rag_benchmark_strict.json"), "utf8"));
  preset.datasets = preset.datasets.filter((x: { id: string }) =>
    ["domain_exception", "goldevidencebench_small"].includes(x.id),
  );
  preset.datasets[0].recipe.entries = join(repoRoot, "configs/rag_domain_exception.json");
  writeFileSync(join(dir, "p.json"), JSON.stringify(preset));
  return join(dir, "p.json");
}

describe("geb rag run", () => {
  it("strict preset with builtin:ledger-reader: 9 datasets, baselines beside the model", async () => {
    const a = tmp();
    const r1 = await runCli("geb", [
      "rag",
      "run",
      "--preset",
      "strict",
      "--out-dir",
      a,
      "--model",
      "builtin:ledger-reader",
      "--max-rows",
      "4",
      "--no-timings",
    ]);
    expect(r1.stderr).toBe("");
    const s = JSON.parse(readFileSync(join(a, "summary.json"), "utf8"));
    expect(s.benchmark).toBe("rag_benchmark_strict");
    expect(ragSummarySchema.safeParse(s).success).toBe(true);
    expect(s.datasets_total).toBe(9);
    expect(s.datasets_with_results).toBe(9);
    expect(s.thresholds).toEqual({
      value_acc: 0.6,
      exact_acc: 0.6,
      entailment: 0.6,
      answer_correct_given_selected: 0.6,
      cite_f1: 0.55,
    });
    expect(r1.code).toBe(s.status === "PASS" ? 0 : 1);
    // The domain rows are plain ledger lookups: the ledger baseline and the ledger reader both get them.
    const stale = s.results.find((e: { id: string }) => e.id === "domain_stale");
    expect(stale.exact_acc).toBe(1);
    expect(stale.baselines.ledger.value_acc).toBe(1);
    expect(stale.intervals.value_acc).toMatchObject({ value: 1, n: 4 });
    expect(s.baseline_means.ledger.value_acc).toBe(1);
    expect(typeof s.baseline_means.naive.value_acc).toBe("number");
    expect(r1.stdout).toMatch(
      /no-model: naive value_acc=\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\], ledger value_acc=1\.000 \[0\.\d{3}, 1\.000\]/,
    );
    expect(s.pipeline).toEqual({ model: "builtin:ledger-reader", adapter: "engine", pipeline: null });
    expect(readFileSync(join(a, "data/rag_domain_stale.jsonl"), "utf8").split("\n").length).toBe(7);
  });

  it("a preset file (--config) reruns byte-identically under --no-timings", async () => {
    const d = tmp();
    smallPreset(d);
    const run = async (out: string) => {
      const r = await runCli("geb", [
        "rag",
        "run",
        "--config",
        join(d, "p.json"),
        "--out-dir",
        out,
        "--model",
        "builtin:ledger-reader",
        "--no-timings",
      ]);
      expect(r.stderr).toBe("");
      return out;
    };
    const a = await run(join(d, "a"));
    const b = await run(join(d, "b"));
    for (const f of [
      "summary.json",
      "report.md",
      "summary_compact.json",
      "summary_compact.csv",
      "rag_goldevidencebench_small.json",
      "data/goldevidencebench_small.jsonl",
    ])
      expect(readFileSync(join(b, f), "utf8").replaceAll(b, "D")).toBe(
        readFileSync(join(a, f), "utf8").replaceAll(a, "D"),
      );
    expect(JSON.parse(readFileSync(join(a, "summary.json"), "utf8")).benchmark).toBe("p");
  });

  describe("openai: against a loopback server", () => {
    let srv: Loopback;
    beforeAll(async () => {
      // Always answers the first ledger uid with a wrong value: value 0, citations partly right.
      srv = await startLoopback({ answer: () => '{"value": "nope", "support_ids": ["U000001"]}' });
    });
    afterAll(() => srv.close());

    it("runs every dataset through the endpoint and scores the answers", async () => {
      const d = tmp();
      const r = await runCli("geb", [
        "rag",
        "run",
        "--config",
        smallPreset(d),
        "--out-dir",
        d,
        "--model",
        "openai:fake",
        "--base-url",
        `${srv.url}/v1`,
        "--max-rows",
        "2",
        "--no-timings",
        "--min-value-acc",
        "0.3",
        // Its citation is no ledger entry of these rows (out of contract, `invalid`): accepted
        // here, where the scoring is what is checked (the share check: failures-unusable.test.ts).
        "--max-unparseable-share",
        "1",
      ]);
      expect(r.stderr).toBe("");
      expect(srv.requests.length).toBe(4);
      const s = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
      expect(s.means.value_acc).toBe(0);
      expect(s.status).toBe("FAIL");
      expect(r.code).toBe(1);
      expect(s.failures[0]).toEqual({ id: "domain_exception", reason: "value_acc < 0.3" });
    });

    it("a failing endpoint stops the run: one stderr line, exit 1, no summary", async () => {
      const bad = await startLoopback({ fault: () => ({ status: 401, body: '{"error": "bad key"}' }) });
      try {
        const d = tmp();
        const r = await runCli("geb", [
          "rag",
          "run",
          "--config",
          smallPreset(d),
          "--out-dir",
          d,
          "--model",
          "openai:fake",
          "--base-url",
          `${bad.url}/v1`,
          "--max-rows",
          "1",
          "--max-retries",
          "0",
        ]);
        expect(r.code).toBe(1);
        expect(r.stderr.trim().split("\n")).toHaveLength(1);
        expect(existsSync(join(d, "summary.json"))).toBe(false);
        expect(existsSync(join(d, "rag_domain_exception.json"))).toBe(false);
      } finally {
        await bad.close();
      }
    });
  });
});
