/**
 * Real runs for the viewer tests, made by the real commands in-process (no tsx start-up):
 * GF-01 `play-llm` against the loopback OpenAI-compatible server (the scripted GF-01 model;
 * its malformed reply at t=1 is replaced by an XSS payload) beside an online baseline on
 * the same bundle, and two GEB pipeline runs on one dataset (a model answerer over loopback
 * with engine records — one reply is an XSS payload — and a selector-only run).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ledgerReaderAnswer } from "../../src/core/engine/clients/builtin.js";
import { generateToFile } from "../../src/geb/api.js";
import { main as gebMain } from "../../src/geb/cli/main.js";
import { bundleToJson } from "../../src/gf01/artifacts/bundle.js";
import { main as gf01Main } from "../../src/gf01/cli.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../fixtures/gf01/fake-llm.js";
import { genBundle } from "../gf01/play/helpers.js";

export const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

export interface ViewFixtures {
  dir: string;
  bundle: string;
  llmRuns: string;
  greedyRuns: string;
  gebData: string;
  gebModelDir: string;
  gebRecords: string;
  gebSelectorDir: string;
}

/** Silence a command's stdout (its JSON payloads) while it runs in-process. */
async function quiet<T>(f: () => Promise<T>): Promise<T> {
  const w = process.stdout.write;
  const log = console.log;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  console.log = () => {};
  try {
    return await f();
  } finally {
    process.stdout.write = w;
    console.log = log;
  }
}

async function ok(p: Promise<number>, what: string): Promise<void> {
  const code = await quiet(() => p);
  if (code !== 0) throw new Error(`${what} exited ${code}`);
}

export async function makeViewFixtures(): Promise<ViewFixtures> {
  const dir = mkdtempSync(join(tmpdir(), "ob-view-"));
  const f: ViewFixtures = {
    dir,
    bundle: join(dir, "bundle.json"),
    llmRuns: join(dir, "llm.jsonl"),
    greedyRuns: join(dir, "greedy.jsonl"),
    gebData: join(dir, "data.jsonl"),
    gebModelDir: join(dir, "geb-model"),
    gebRecords: join(dir, "geb-model.records.jsonl"),
    gebSelectorDir: join(dir, "geb-selector"),
  };
  writeFileSync(f.bundle, bundleToJson(genBundle(4, 9700).json));
  let server: Loopback | undefined;
  try {
    server = await startLoopback({
      answer: (prompt, req) => {
        if (prompt.includes("LEDGER:")) {
          // GEB: a perfect reader, except one hostile reply.
          return prompt.includes("Q002")
            ? `${XSS} {"value": null, "support_ids": []}`
            : ledgerReaderAnswer(prompt);
        }
        const a = fakeGf01Model(prompt, req);
        return a.startsWith("I think") ? `${XSS} I think the first input should go high.` : a;
      },
    });
    const base = `${server.url}/v1`;
    const common = ["--instances", f.bundle, "--protocol", "explore_then_commit", "--explore-episodes", "1"];
    await ok(
      gf01Main([
        "play-llm",
        ...common,
        "--model",
        "openai:fake",
        "--base-url",
        base,
        "--eval-track",
        "EVAL-TA",
        "--results",
        f.llmRuns,
        "--no-progress",
        "--git-commit",
        "c",
      ]),
      "gf01 play-llm",
    );
    await ok(
      gf01Main([
        "evaluate",
        ...common,
        "--agent",
        "online-greedy",
        "--out",
        f.greedyRuns,
        "--git-commit",
        "c",
      ]),
      "gf01 evaluate",
    );
    generateToFile(
      {
        seed: 7,
        episodes: 2,
        steps: 60,
        keys: 6,
        queries: 6,
        distractorProfile: "instruction",
        stateMode: "kv_commentary",
      },
      f.gebData,
    );
    await ok(
      gebMain([
        "model",
        "--data",
        f.gebData,
        "--model",
        "retrieval:openai:fake",
        "--base-url",
        base,
        "--k",
        "4",
        "--rerank",
        "latest_step",
        "--results",
        f.gebRecords,
        "--out-dir",
        f.gebModelDir,
        "--no-timings",
        "--no-progress",
        "--label",
        "distractor_profile=instruction",
      ]),
      "geb model (answerer)",
    );
    await ok(
      gebMain([
        "model",
        "--data",
        f.gebData,
        "--model",
        "retrieval",
        "--selector-only",
        "--k",
        "2",
        "--out-dir",
        f.gebSelectorDir,
        "--no-timings",
        "--label",
        "distractor_profile=instruction",
      ]),
      "geb model (selector)",
    );
  } finally {
    await server?.close();
  }
  return f;
}
