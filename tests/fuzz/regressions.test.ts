/**
 * One test per bug the fuzz suite found (each failed before its fix). The fuzz properties
 * find the class; these pin the instance with a readable expectation.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseLlamaCompletion } from "../../src/core/engine/clients/llamacpp.js";
import { parseOpenAIChat } from "../../src/core/engine/clients/openai.js";
import { ModelError } from "../../src/core/engine/errors.js";
import { readResults } from "../../src/core/engine/results.js";
import { InputError } from "../../src/core/errors.js";
import { readJsonFileSync } from "../../src/core/jsonl.js";
import { loadLinearModel } from "../../src/geb/selector/linear.js";
import { readRunFile } from "../../src/geb/summary/runs.js";
import { migrateRunsFile, validateRunsFile } from "../../src/gf01/api.js";
import { runCli } from "./lib/flags.js";
import { makeFixtures } from "./lib/readers.js";

const dir = mkdtempSync(join(tmpdir(), "fuzz-regress-"));
const BUNDLE = new URL("../fixtures/fuzz/instance_bundle_v1.json", import.meta.url).pathname;
const thrown = async (f: () => unknown): Promise<unknown> => {
  try {
    await f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe("bugs found by the fuzz suite", () => {
  it("an invalid JSON file's error is one line (V8's snippet carried the file's newline)", () => {
    const f = join(dir, "bad.json");
    writeFileSync(f, '{\n  "a": )1,\n  "b": 2\n}\n');
    const e = thrown(() => readJsonFileSync(f)) as Promise<InputError>;
    return e.then((x) => {
      expect(x).toBeInstanceOf(InputError);
      expect(x.message).not.toContain("\n");
      expect(x.message).toContain(f);
    });
  });

  it("a value with a newline or an ANSI escape from a file cannot forge stderr lines", async () => {
    const f = join(dir, "linear.json");
    writeFileSync(f, JSON.stringify({ feature_order: ["bias\nfake line", "x\u001b[31m"], weights: [1, 2] }));
    const e = (await thrown(() => loadLinearModel(f))) as InputError;
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).not.toMatch(/[\n\u001b]/);
  });

  it("gf01 validate / migrate-runs with a directory as --runs: InputError, not EISDIR", async () => {
    mkdirSync(join(dir, "runs-dir"), { recursive: true });
    for (const f of [
      () => validateRunsFile(join(dir, "runs-dir"), { instancesFile: BUNDLE }),
      () => migrateRunsFile(join(dir, "runs-dir"), { instancesFile: BUNDLE, out: join(dir, "m.jsonl") }),
    ]) {
      const e = (await thrown(f)) as InputError;
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toMatch(/runs-dir: is a directory/);
    }
  });

  it("engine readResults of a missing file or a directory: InputError naming it", async () => {
    for (const f of [join(dir, "missing.jsonl"), dir]) {
      const e = (await thrown(() => readResults(f))) as InputError;
      expect(e).toBeInstanceOf(InputError);
      expect(e.file).toBe(f);
    }
  });

  it("OpenAI body with choices [null]: a bad_response ModelError (was a TypeError)", () => {
    expect(() => parseOpenAIChat({ choices: [null] })).toThrow(ModelError);
  });

  it("usage that is not a count is ignored (it made the results file unreadable on resume)", () => {
    const r = parseOpenAIChat({
      choices: [{ message: { content: "x" } }],
      usage: { prompt_tokens: -1, completion_tokens: 1.5 },
      timings: { prompt_ms: -5, predicted_ms: 3 },
    });
    expect(r.usage).toBeUndefined();
    expect(r.timings).toEqual({ decode_ms: 3 });
    expect(
      parseLlamaCompletion({ content: "x", tokens_evaluated: 10, tokens_predicted: -2 }).usage,
    ).toBeUndefined();
  });

  // Every required option is given: before, these ran (a NaN refine count, all rows for
  // --limit abc when no engine validated it, zero seeds); now the flag fails while parsing.
  const wall = ["wall-search", "--out", join(dir, "w"), "--param", "steps", "--values", "10,20"];
  const wallTail = ["--metric", "overall.value_acc_mean", "--threshold", "0.5", "--direction", "gte"];
  const model = [
    "model",
    "--data",
    join(dir, "data.jsonl"),
    "--model",
    "retrieval",
    "--deterministic-answer",
  ];
  it.each([
    [[...wall, ...wallTail, "--refine", "abc"], "--refine"],
    [[...wall, ...wallTail, "--confirm-seeds", "-1"], "--confirm-seeds"],
    [[...wall, ...wallTail, "--jobs", "0"], "--jobs"],
    [[...model, "--limit", "abc"], "--limit"],
    [[...model, "--max-book-tokens", "-5"], "--max-book-tokens"],
    [["sweep", "--out", join(dir, "s"), "--seeds", "0"], "--seeds"],
    [["sweep", "--out", join(dir, "s"), "--timeout-s", "0"], "--timeout-s"],
  ])("geb %j: exit 2 naming the flag (was NaN or accepted)", async (argv, flag) => {
    const r = await runCli("geb", argv);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(flag);
  });

  it.each([
    [["evaluate", "--instances", BUNDLE, "--concurrency", "0"], "--concurrency"],
    [["play", "--explore-episodes", "-1"], "--explore-episodes"],
    [["identifiability-check", "--instances", BUNDLE, "--min-response-ratio", "2"], "--min-response-ratio"],
  ])("gf01 %j: exit 2 naming the flag (was accepted)", async (argv, flag) => {
    const r = await runCli("gf01", argv);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(flag);
  });
});

describe("line readers on a path that is not a readable file", () => {
  it("readJsonl and the prompt store: InputError naming the file (were raw ENOENT/EISDIR)", async () => {
    const { readJsonlAll } = await import("../../src/core/jsonl.js");
    const { readPromptLines } = await import("../../src/core/engine/prompt-store.js");
    for (const f of [join(dir, "nope.jsonl"), dir]) {
      const a = (await thrown(() => readJsonlAll(f))) as InputError;
      expect(a).toBeInstanceOf(InputError);
      expect(a.file).toBe(f);
      const b = (await thrown(async () => {
        for await (const _ of readPromptLines(f));
      })) as InputError;
      expect(b).toBeInstanceOf(InputError);
      expect(b.file).toBe(f);
    }
  });

  it("a run's retrieval_stats row with a field missing or of the wrong type is an InputError naming it (was a TypeError in the decomposition; found by the hour soak)", async () => {
    const fx = await makeFixtures(join(dir, "rowstats"));
    const file = join(fx.dir, "results.json");
    const payloads = JSON.parse(readFileSync(file, "utf8"));
    expect(readRunFile(file).length).toBe(1); // the fixture itself reads
    const stats = payloads[0].retrieval_stats as Record<string, unknown>[];
    const i = stats.findIndex((r) => r.gold_present === true && r.gold_uid !== null);
    expect(i).toBeGreaterThanOrEqual(0);
    // Make the row reach the substring check with no gold_entry_value.
    stats[i].pred_support_ids = [stats[i].gold_uid as string];
    stats[i].pred_value = "x";
    delete stats[i].gold_entry_value;
    writeFileSync(file, JSON.stringify(payloads, null, 2));
    const e = (await thrown(() => readRunFile(file))) as InputError;
    expect(e).toBeInstanceOf(InputError);
    expect(e.file).toBe(file);
    expect(e.field).toBe(`[0].retrieval_stats[${i}].gold_entry_value`);
    expect(e.message).toContain("must be a string or null");
  });
});
