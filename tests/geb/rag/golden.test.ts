/**
 * `geb rag bands` and `geb rag summarize` against the reference scripts' recorded outputs on the
 * same inputs (tests/fixtures/geb/rag/README.md): stdout and exit code of the band check; every
 * field of summary.json (less generated_at), report.md and the compact files of summarize.
 */
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ragSummarySchema } from "../../../src/geb/rag/schema.js";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

const FX = join(repoRoot, "tests/fixtures/geb/rag");

describe("geb rag bands: golden stdout of check_rag_acceptance_bands.py", () => {
  const cwd = process.cwd();
  beforeAll(() => process.chdir(join(FX, "bands")));
  afterAll(() => process.chdir(cwd));
  const cases = readdirSync(join(FX, "bands")).filter((f) => f.endsWith(".txt"));
  it("has the 8 recorded cases", () => expect(cases.length).toBe(8));
  for (const c of cases)
    it(c, async () => {
      const m = /^(fast|full)_(other_ok|other_bad)(_flags)?\.txt$/.exec(c);
      if (!m) throw new Error(c);
      const argv = [
        "rag",
        "bands",
        "--stage",
        m[1] as string,
        "--base",
        "base.json",
        "--other",
        `${m[2]}.json`,
      ];
      if (m[3]) argv.push("--allow-missing-keys", "--strict-benchmark-name");
      const want = readFileSync(join(FX, "bands", c), "utf8");
      const rc = Number(/rc=(\d+)\n$/.exec(want)?.[1]);
      const r = await runCli("geb", argv);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(want.replace(/rc=\d+\n$/, ""));
      expect(r.code).toBe(rc);
    });

  it("a run dir resolves to summary_compact.json first; a missing summary is one input error line", async () => {
    const r = await runCli("geb", [
      "rag",
      "bands",
      "--stage",
      "full",
      "--base",
      join(FX, "summarize/expected"),
      "--other",
      join(FX, "summarize/expected"),
    ]);
    expect(r.stdout).toContain(`Base: ${join(FX, "summarize/expected/summary_compact.json")}`);
    expect(r.stdout).toContain("[PASS] value_acc: 0.683333 -> 0.683333");
    const bad = await runCli("geb", [
      "rag",
      "bands",
      "--stage",
      "full",
      "--base",
      join(FX, "nope"),
      "--other",
      join(FX, "nope"),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toContain("no summary JSON here");
  });
});

describe("geb rag summarize: golden outputs of summarize_rag_benchmark.py", () => {
  const cwd = process.cwd();
  const dir = tmp();
  beforeAll(() => {
    cpSync(join(FX, "summarize"), dir, { recursive: true });
    process.chdir(dir);
  });
  afterAll(() => process.chdir(cwd));

  it("writes the reference's summary, report and compact files (exit 1: thresholds failed)", async () => {
    const r = await runCli("geb", [
      "rag",
      "summarize",
      "--config",
      "rag_benchmark_strict.json",
      "--runs-dir",
      "runs",
      "--min-value-acc",
      "0.6",
      "--min-exact-acc",
      "0.6",
      "--min-entailment",
      "0.6",
      "--min-cite-f1",
      "0.55",
      "--min-answer-correct-given-selected",
      "0.6",
      "--min-instruction-acc",
      "0.7",
      "--min-state-integrity",
      "0.95",
    ]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(
      "Wrote runs/summary.json\nWrote runs/report.md\nRAG benchmark failed thresholds.\n",
    );
    expect(r.code).toBe(1);
    const ours = JSON.parse(readFileSync("runs/summary.json", "utf8"));
    expect(ragSummarySchema.parse(ours).status).toBe("FAIL");
    const want = JSON.parse(readFileSync("expected/summary.json", "utf8"));
    // Ours adds intervals (Wilson on retrieval hits here: the payloads carry no interval block).
    expect(ours.results[0].intervals.retrieval_hit_rate).toMatchObject({ value: 0.75, n: 4 });
    for (const e of ours.results) delete e.intervals;
    // Ours adds intervals on the means (here retrieval_hit_rate's: the only one these
    // reference payloads give items for) and records no pipeline (theirs record none).
    expect(Object.keys(ours.intervals.metrics)).toEqual(["means.retrieval_hit_rate"]);
    expect(ours.intervals.metrics["means.retrieval_hit_rate"].value).toBe(want.means.retrieval_hit_rate);
    expect(ours.pipeline).toBeUndefined();
    delete ours.intervals;
    expect({ ...ours, generated_at: null }).toEqual({ ...want, generated_at: null });
    const time = (s: string) => s.replace(/^Generated: .*$/m, "Generated: T");
    expect(time(readFileSync("runs/report.md", "utf8"))).toBe(
      time(readFileSync("expected/report.md", "utf8")),
    );
    expect(readFileSync("runs/summary_compact.csv", "utf8")).toBe(
      readFileSync("expected/summary_compact.csv", "utf8"),
    );
    const c = JSON.parse(readFileSync("runs/summary_compact.json", "utf8"));
    const wc = JSON.parse(readFileSync("expected/summary_compact.json", "utf8"));
    expect({ ...c, generated_at: null }).toEqual({ ...wc, generated_at: null });
  });
});
