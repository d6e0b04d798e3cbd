/**
 * `geb model --model a --model b`: each model over the same rows, one concurrency budget per
 * endpoint, per-model folders, and the paired comparison (printed and comparison.json) from
 * the statistics module; a failed model means no comparison and exit 1.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../../src/core/engine/index.js";
import { modelComparisonSchema, modelSlug, perModel } from "../../../src/geb/cli/model-several.js";
import { compareRunPayloads } from "../../../src/geb/summary/compare.js";
import { loadRuns } from "../../../src/geb/summary/runs.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { kvCommentary } from "../../geb/pipeline/helpers.js";
import { gebIn } from "./geb-in.js";

let dir: string;
let data: string;
let good: Loopback;
let poor: Loopback;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ob-several-"));
  data = kvCommentary(dir, 0, 2);
  // One provider answers from the ledger (right), the other with a fixed wrong value.
  good = await startLoopback({ answer: ledgerReaderAnswer, latencyMs: 5 });
  poor = await startLoopback({ answer: () => '{"value": "nope", "support_ids": []}' });
});
afterAll(async () => {
  await good.close();
  await poor.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("several models in one run", () => {
  it("two providers of different kinds from one config: per-model folders, paired comparison printed and written", async () => {
    const cfg = join(dir, "two.yaml");
    writeFileSync(
      cfg,
      [
        `data: ${data}`,
        "model: [openai:good, anthropic:poor]",
        `base-url: [${good.url}/v1, ${poor.url}]`,
        "out-dir: two",
        "timings: false",
        "",
      ].join("\n"),
    );
    const r = await gebIn(["model", "--config", cfg], {}, dir);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^model=openai:good /m);
    expect(r.out).toMatch(/^model=anthropic:poor /m);
    expect(r.out).toContain("paired comparison: anthropic:poor (other) vs openai:good (base)");
    expect(r.out).toMatch(/^value_acc +1\.0000 +0\.0000 +-1\.0000 +\[/m);
    // Both providers were asked every row, in their own protocol.
    const n = loadRuns([join(dir, "two/openai_good")])[0].payload.data.n;
    expect(good.requests.filter((q) => q.path === "/v1/chat/completions")).toHaveLength(n);
    expect(poor.requests.filter((q) => q.path === "/v1/messages")).toHaveLength(n);
    const cmp = modelComparisonSchema.parse(
      JSON.parse(readFileSync(join(dir, "two/comparison.json"), "utf8")),
    );
    expect(cmp.base).toEqual({ model: "openai:good", dir: "openai_good" });
    // The written comparison is `geb compare`'s over the two folders (one implementation).
    const again = compareRunPayloads(
      loadRuns([join(dir, "two/openai_good")]).map((x) => x.payload),
      loadRuns([join(dir, "two/anthropic_poor")]).map((x) => x.payload),
    );
    expect(cmp.comparisons[0].deltas).toEqual(JSON.parse(JSON.stringify(again)));
    const v = cmp.comparisons[0].deltas.find((d) => d.metric === "value_acc");
    expect(v).toMatchObject({ base: 1, other: 0, delta: -1, method: expect.any(String) });
    expect(v?.p_value).toBeLessThan(0.05);
    for (const f of [
      "config.json",
      "openai_good/results.jsonl",
      "anthropic_poor/summary.json",
      "anthropic_poor/preds.jsonl",
    ])
      expect(existsSync(join(dir, "two", f)), f).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "two/config.json"), "utf8")).model).toEqual([
      "openai:good",
      "anthropic:poor",
    ]);
  });

  it("models on one endpoint share its --max-concurrency", async () => {
    const before = good.maxInFlight;
    good.maxInFlight = 0;
    const r = await gebIn(
      [
        "model",
        "--data",
        data,
        "--model",
        "openai:a",
        "--model",
        "openai:b",
        "--base-url",
        `${good.url}/v1`,
        "--max-concurrency",
        "2",
        "--out-dir",
        join(dir, "shared"),
      ],
      {},
    );
    expect(r.code).toBe(0);
    expect(good.maxInFlight).toBeLessThanOrEqual(2);
    expect(good.maxInFlight).toBeGreaterThan(0);
    good.maxInFlight = Math.max(before, good.maxInFlight);
  });

  it("a failed model: its line on stderr, no comparison, exit 1; usage errors name the flag", async () => {
    const r = await gebIn(
      [
        "model",
        "--data",
        data,
        "--model",
        "openai:a",
        "--model",
        "llamacpp",
        "--base-url",
        `${good.url}/v1`,
        "--base-url",
        "http://127.0.0.1:9",
        "--out-dir",
        join(dir, "fail"),
      ],
      {},
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^geb: llamacpp: cannot reach http:\/\/127\.0\.0\.1:9/m);
    expect(r.err).toContain("no paired comparison");
    expect(existsSync(join(dir, "fail/comparison.json"))).toBe(false);
    await expect(
      gebIn(["model", "--data", data, "--model", "openai:a", "--model", "openai:b"]),
    ).rejects.toThrow(/field --model: several --model need --out-dir/);
    expect(() => perModel("--base-url", ["a", "b"], 3)).toThrow(
      /field --base-url: given 2 times for 3 --model/,
    );
    expect(perModel("--base-url", "a", 2)).toEqual(["a", "a"]);
    expect(modelSlug("openai:meta-llama/llama-3.1")).toBe("openai_meta-llama_llama-3.1");
  });
});
