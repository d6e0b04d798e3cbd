import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateToFile, runBaseline } from "../../../src/geb/api.js";
import { gebMainIn } from "../../helpers/cli-in.js";
import { repoRoot, sharedGeb, tmp } from "../helpers.js";

const dataFile = join(sharedGeb, "data/bad_actor_holdout_e0001.jsonl");

/** The generate command recorded in ../shared/reference/README.md for this file. */
function referenceCommand(): string[] {
  const readme = readFileSync(join(sharedGeb, "../README.md"), "utf8");
  const m = /`(generate --seed 0 --episodes 1[^`]*)`/.exec(readme);
  if (!m) throw new Error("generate command not found in shared/reference/README.md");
  return m[1].split(/\s+/);
}

describe("reference-0.1 generator parity", () => {
  it("reproduces bad_actor_holdout_e0001.jsonl byte for byte (CLI, the README's command)", async () => {
    const out = join(tmp(), "e0001.jsonl");
    const args = [...referenceCommand(), "--compat", "reference-0.1", "--out", out];
    // geb in-process: the test is about the bytes written and the one line printed.
    const r = await gebMainIn(args, repoRoot);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Wrote 12 rows to ${out}\n`);
    expect(readFileSync(out).equals(readFileSync(dataFile))).toBe(true);
  });

  it("differs from the reference file without --compat (schema 1.0)", () => {
    const out = join(tmp(), "e0001-v1.jsonl");
    generateToFile(
      {
        seed: 0,
        episodes: 1,
        steps: 80,
        keys: 10,
        queries: 12,
        chapters: 6,
        distractorProfile: "standard",
        stateMode: "kv",
        twins: false,
        derivedQueryRate: 0,
        distractorRate: 0.5,
        clearRate: 0.08,
      },
      out,
    );
    const ours = readFileSync(out, "utf8").split("\n")[0];
    expect(JSON.parse(ours).schema_version).toBe("1.0");
  });
});

describe("reference-0.1 metrics parity", () => {
  for (const baseline of ["naive", "ledger"] as const) {
    for (const protocol of ["open_book", "closed_book"] as const) {
      it(`${baseline} × ${protocol}: metrics of results_*.json and bytes of preds_*.jsonl`, () => {
        const dir = tmp();
        const preds = join(dir, "preds.jsonl");
        const results = join(dir, "results.json");
        runBaseline({
          data: dataFile,
          baseline,
          protocol,
          out: preds,
          resultsJson: results,
          options: { metrics: "reference-0.1" },
        });
        const expected = JSON.parse(
          readFileSync(join(sharedGeb, `expected/results_${baseline}_${protocol}.json`), "utf8"),
        );
        const ours = JSON.parse(readFileSync(results, "utf8"));
        expect(ours).toHaveLength(1);
        expect(ours[0].metrics).toEqual(expected[0].metrics);
        // Key order and float spelling too (the results file is Python json.dumps(indent=2)).
        const metricsText = (t: string) => t.slice(t.indexOf('"metrics"'), t.indexOf('"efficiency"'));
        expect(metricsText(readFileSync(results, "utf8"))).toBe(
          metricsText(readFileSync(join(sharedGeb, `expected/results_${baseline}_${protocol}.json`), "utf8")),
        );
        expect(ours[0].config).toEqual(expected[0].config);
        expect(ours[0].data.n).toBe(expected[0].data.n);
        expect(ours[0].efficiency.tokens).toBe(expected[0].efficiency.tokens);
        expect(ours[0].efficiency.tokens_per_q).toBe(expected[0].efficiency.tokens_per_q);
        expect(Object.keys(ours[0])).toEqual(Object.keys(expected[0]));
        expect(readFileSync(preds, "utf8")).toBe(
          readFileSync(join(sharedGeb, `expected/preds_${baseline}_${protocol}.jsonl`), "utf8"),
        );
      });
    }
  }
});
