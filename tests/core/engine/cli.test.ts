/** The shared model flags: parsing, defaults, and input errors that name the flag. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import {
  addModelOptions,
  engineFromOptions,
  estimateTokens,
  latencyStats,
  type ModelCliValues,
  trialStats,
} from "../../../src/core/engine/index.js";
import { addGebPromptOptions, gebOptionsFromCli } from "../../../src/geb/model/index.js";
import { withTmp } from "./helpers.js";

function parse(argv: string[]) {
  const cmd = addGebPromptOptions(addModelOptions(new Command("model").exitOverride()));
  cmd.parse(argv, { from: "user" });
  return cmd.opts();
}

describe("model flags", () => {
  it("turn into a client, params and run options", async () => {
    await withTmp(async (dir) => {
      const prices = join(dir, "prices.json");
      await writeFile(prices, JSON.stringify({ "gpt-x": { input_per_mtok: 1, output_per_mtok: 4 } }));
      const o = parse([
        "--model",
        "openai:gpt-x",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--temperature",
        "0.5",
        "--stop",
        "A",
        "--stop",
        "B",
        "--max-concurrency",
        "16",
        "--trials",
        "3",
        "--price-table",
        prices,
        "--results",
        join(dir, "r.jsonl"),
        "--resume",
        "--query-sandwich",
        "--postprocess",
        "reference-repair",
      ]);
      const e = await engineFromOptions(o as ModelCliValues);
      expect(e.client.descriptor).toEqual({
        kind: "openai",
        model: "gpt-x",
        endpoint: "http://127.0.0.1:9/v1",
      });
      expect(e.params).toEqual({ temperature: 0.5, stop: ["A", "B"] });
      expect(e.run).toMatchObject({ maxConcurrency: 16, trials: 3, resume: true, timeoutMs: 120_000 });
      expect(e.run.price).toEqual({ input_per_mtok: 1, output_per_mtok: 4 });
      expect(gebOptionsFromCli(o)).toEqual({
        prompt: {
          requireCitations: true,
          querySandwich: true,
          maxBookTokens: 1600,
          ledgerMode: "latest_authoritative",
          ledgerKeyOnly: true,
        },
        postprocess: "reference-repair",
      });
    });
  });

  it.each([
    [["--model", "openai:m", "--max-concurrency", "0"], /--max-concurrency.*in \[1, 1024\]/],
    [["--model", "openai:m", "--temperature", "hot"], /--temperature.*number/],
    [["--model", "openai:m", "--resume"], /--resume needs --results/],
    [["--model", "nope:m"], /--model.*unknown model kind "nope"/s],
    [["--model", "openai:"], /needs a model name/],
    [["--model", "anthropic/claude-x"], /specs use a colon; .*--model openai:claude-x --base-url/],
    [
      ["--model", "openai:m", "--max-consecutive-errors", "-1"],
      /--max-consecutive-errors.*in \[0, 1000000\]/,
    ],
    [
      ["--model", "openai:m", "--response-format", "json_schema:/no/such/file.json"],
      /--response-format.*cannot read/,
    ],
  ])("%j is an input error naming the flag", async (argv, re) => {
    // Numeric flags now fail while the command line is parsed (src/core/cli.ts), others here.
    await expect((async () => engineFromOptions(parse(argv) as ModelCliValues))()).rejects.toThrow(re);
  });

  it("progress: only on a terminal by default; --progress forces it, --no-progress turns it off", async () => {
    const p = async (...extra: string[]) =>
      (await engineFromOptions(parse(["--model", "builtin:echo", ...extra]) as ModelCliValues)).run.progress;
    expect(await p()).toBeUndefined();
    expect(await p("--progress")).toBe(true);
    expect(await p("--no-progress")).toBe(false);
  });

  it("OPENAI_BASE_URL is the default base URL; --base-url wins", async () => {
    const prev = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = "http://10.1.2.3:8000/v1";
    try {
      const a = await engineFromOptions(parse(["--model", "openai:m"]) as ModelCliValues);
      expect(a.client.descriptor.endpoint).toBe("http://10.1.2.3:8000/v1");
      const b = await engineFromOptions(
        parse(["--model", "openai:m", "--base-url", "http://127.0.0.1:1/v1"]) as ModelCliValues,
      );
      expect(b.client.descriptor.endpoint).toBe("http://127.0.0.1:1/v1");
    } finally {
      if (prev === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = prev;
    }
  });
});

describe("accounting helpers", () => {
  it("latency percentiles are nearest-rank over the given values", () => {
    const s = latencyStats(Array.from({ length: 100 }, (_, i) => 100 - i));
    expect(s).toEqual({ n: 100, mean_ms: 50.5, p50_ms: 50, p95_ms: 95, max_ms: 100 });
    expect(latencyStats([])).toBeNull();
  });
  it("trial spread uses the sample standard deviation", () => {
    expect(trialStats([0.5, 0.7, 0.6])).toEqual({
      n: 3,
      mean: 0.6,
      stdev: expect.closeTo(0.1, 12),
      min: 0.5,
      max: 0.7,
    });
    expect(trialStats([0.4])?.stdev).toBe(0);
  });
  it("token estimates count special-token text as plain text", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("hello world")).toBe(2);
    expect(estimateTokens("a <|endoftext|> b")).toBeGreaterThan(3);
  });
});
