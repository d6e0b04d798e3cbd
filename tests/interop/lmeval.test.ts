/**
 * lm-evaluation-harness (integrations/lm-eval/geb_ledger): the task's `process_results` (python3,
 * run as lm-eval runs it on `samples_*.jsonl` rows) agrees with `geb grade` reading the very same
 * samples file, on value accuracy and citation F1, per row and in aggregate. The generations
 * cover right answers, wrong values, prose around JSON, empty and unparseable text, nulls, and
 * random JSON answers (fast-check, fixed seed): values and ids of every JSON type.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baselineToFile, generateToFile } from "../../src/geb/api.js";
import { main as gebMain } from "../../src/geb/cli/main.js";
import { capture } from "./inspect-helpers.js";

const TASK = fileURLToPath(new URL("../../integrations/lm-eval/geb_ledger", import.meta.url));
const PROCESS = fileURLToPath(new URL("./lmeval-process.py", import.meta.url));

let dir: string;
const jsonl = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ob-lmeval-"));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An lm-eval `samples_<task>_<time>.jsonl` row for a generate_until task. */
function sampleRow(i: number, doc: Record<string, unknown>, text: string): Record<string, unknown> {
  return {
    doc_id: i,
    doc,
    target: String((doc.gold as { value: unknown }).value ?? ""),
    arguments: { gen_args_0: { arg_0: "…prompt…", arg_1: { until: ["\n\n"], max_gen_toks: 256 } } },
    resps: [[text]],
    filtered_resps: [text],
    filter: "none",
    metrics: ["value_acc", "cite_f1"],
    doc_hash: "x",
    prompt_hash: "y",
    target_hash: "z",
  };
}

const anyJson = fc.jsonValue({ maxDepth: 2 });

describe("lm-eval task: process_results agrees with geb grade on samples_*.jsonl", () => {
  for (const stateMode of ["kv", "kv_commentary"] as const)
    it(`${stateMode}: value accuracy and citation F1, per row and in aggregate`, async () => {
      const data = join(dir, `${stateMode}.jsonl`);
      generateToFile({ seed: 11, episodes: 3, steps: 30, keys: 4, queries: 8, stateMode }, data);
      const gold = join(dir, `${stateMode}-gold.jsonl`);
      baselineToFile({ data, baseline: "ledger", protocol: "closed_book", out: gold });
      const docs = jsonl(data);
      const right = new Map(jsonl(gold).map((p) => [p.id, p]));
      const random = fc.sample(
        fc.record({
          value: anyJson,
          support_ids: fc.oneof(anyJson, fc.array(fc.string(), { maxLength: 5 })),
        }),
        { numRuns: docs.length, seed: stateMode === "kv" ? 7 : 8 },
      );
      const texts = docs.map((d, i) => {
        const r = right.get(d.id);
        const ok = { value: r.value, support_ids: r.support_ids };
        switch (i % 9) {
          case 0:
            return JSON.stringify(ok);
          case 1:
            return `The answer is ${JSON.stringify(ok)} as the ledger says.`;
          case 2:
            return JSON.stringify({ value: "wrong", support_ids: r.support_ids });
          case 3:
            return "";
          case 4:
            return "I cannot tell.";
          case 5:
            return JSON.stringify({
              value: r.value,
              support_ids: [...r.support_ids, "U000000", "U111111", "U222222"],
            });
          case 6:
            return JSON.stringify({
              value: r.value === null ? "NULL" : ` ${r.value} `,
              support_id: r.support_ids[0] ?? null,
            });
          case 7:
            return JSON.stringify(random[i]);
          default:
            return `{"value": ${JSON.stringify(r.value)}, "support_ids": []}`;
        }
      });
      const samples = join(dir, `samples_geb_ledger_${stateMode}.jsonl`);
      writeFileSync(samples, docs.map((d, i) => JSON.stringify(sampleRow(i, d, texts[i]))).join("\n"));

      const py = JSON.parse(execFileSync("python3", [PROCESS, TASK, samples], { encoding: "utf8" })) as {
        value_acc: number;
        cite_f1: number | null;
        rows: { id: string; value_acc: number; cite_f1: number | null }[];
      };
      const rowsFile = join(dir, `${stateMode}-rows.jsonl`);
      const g = await capture(gebMain, [
        "grade",
        "--data",
        data,
        "--pred",
        samples,
        "--json",
        "--row-results",
        rowsFile,
      ]);
      expect(g.code, g.stderr).toBe(0);
      const m = JSON.parse(g.stdout).metrics;
      const rows = jsonl(rowsFile);
      expect(py.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
      py.rows.forEach((r, i) => {
        expect(r.value_acc, `${r.id}: ${texts[i]}`).toBe(rows[i].value_ok ? 1 : 0);
        if (rows[i].requires_citation)
          expect(r.cite_f1, `${r.id}: ${texts[i]}`).toBeCloseTo(rows[i].cite_f1, 12);
        else expect(r.cite_f1).toBeNull();
      });
      expect(py.value_acc).toBeCloseTo(m.value_acc, 12);
      expect(py.cite_f1).toBeCloseTo(m.cite_f1, 12);
      // The mix is not trivial: some right, some wrong, some missing.
      expect(m.value_acc).toBeGreaterThan(0);
      expect(m.value_acc).toBeLessThan(1);
      expect(m.missing).toBeGreaterThan(0);
    }, 60_000);

  it("a samples row without the dataset row's id is an input error naming the field", async () => {
    const data = join(dir, "one.jsonl");
    generateToFile({ seed: 3, episodes: 1, steps: 10, keys: 2, queries: 2 }, data);
    const bad = join(dir, "samples_bad.jsonl");
    const doc = jsonl(data)[0];
    writeFileSync(bad, `${JSON.stringify(sampleRow(0, { ...doc, id: 7 }, "{}"))}\n`);
    const r = await capture(gebMain, ["grade", "--data", data, "--pred", bad, "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/samples_bad\.jsonl:1: field doc\.id: /);
    writeFileSync(bad, `${JSON.stringify({ ...sampleRow(0, doc, "{}"), filtered_resps: [{ x: 1 }] })}\n`);
    const r2 = await capture(gebMain, ["grade", "--data", data, "--pred", bad, "--json"]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/field filtered_resps: /);
  });
});
