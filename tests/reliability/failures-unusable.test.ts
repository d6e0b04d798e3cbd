/**
 * Issue 31 item 9, "failures are never results", for the runners beside `geb model` and
 * `geb sweep`: `geb trap run`, `geb rag run` and `geb release run` against a loopback
 * OpenAI-compatible server whose every reply is garbage. Each writes its outputs, prints one
 * stderr line and exits 1; `--max-unparseable-share 1` accepts the run.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/geb/cli/main.js";
import { DEFAULT_CONTRACT_FILE } from "../../src/geb/release/run.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { runIn } from "../helpers/cli-in.js";

let s: Loopback;
let dir: string;
beforeAll(async () => {
  s = await startLoopback({ answer: () => "the answer is probably blue" });
  dir = mkdtempSync(join(tmpdir(), "unusable-"));
});
afterAll(async () => {
  await s.close();
});

const endpoint = () => ["--model", "openai:m", "--base-url", `${s.url}/v1`, "--no-progress"];
const LINE = /^geb: every one of (\d+) model replies \(100%\) could not be used/;

describe("geb trap run: replies with no answer-contract object past --max-unparseable-share", () => {
  it("summaries written, one stderr line, exit 1; the flag at 1 accepts and is recorded", async () => {
    const fx = join(dir, "fx");
    const gen = await runIn(main, [
      "trap",
      "generate",
      "--family",
      "novel_continuity",
      "--out-dir",
      fx,
      "--anchors",
      "2",
      "--holdout",
      "3",
      "--canary",
      "1",
    ]);
    expect(gen.code, gen.err).toBe(0);
    const args = (out: string, ...more: string[]) => [
      "trap",
      "run",
      "--family",
      "novel_continuity",
      "--fixtures",
      fx,
      "--out-dir",
      join(dir, out),
      ...endpoint(),
      ...more,
    ];
    const r = await runIn(main, args("t1"));
    expect(r.code, r.err).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(LINE);
    // 6 rows × 2 runs; the summaries say how many were unparsed, split by split.
    expect(lines[0]?.match(LINE)?.[1]).toBe("12");
    const summary = JSON.parse(
      readFileSync(join(dir, "t1", "run-1", "novel_continuity_summary.json"), "utf8"),
    );
    expect(summary.holdout.unparsed_outputs).toBe(3);
    const ok = await runIn(main, args("t2", "--max-unparseable-share", "1"));
    expect(ok.err).toBe("");
    expect(existsSync(join(dir, "t2", "novel_continuity_reliability.json"))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "t2", "config.json"), "utf8"))["max-unparseable-share"]).toBe(
      "1",
    );
  }, 120_000);
});

describe("geb rag run: out-of-contract replies past --max-unparseable-share", () => {
  it("summary written, one stderr line, exit 1; the flag at 1 accepts", async () => {
    const args = (out: string, ...more: string[]) => [
      "rag",
      "run",
      "--preset",
      "lenient",
      "--max-rows",
      "2",
      "--no-timings",
      "--out-dir",
      join(dir, out),
      ...endpoint(),
      ...more,
    ];
    const r = await runIn(main, args("r1"));
    expect(r.code, r.err).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(LINE);
    expect(existsSync(join(dir, "r1", "summary.json"))).toBe(true);
    // Each dataset's result counts its unusable replies.
    const first = JSON.parse(readFileSync(join(dir, "r1", "summary.json"), "utf8")).results[0].id;
    const payload = JSON.parse(readFileSync(join(dir, "r1", `rag_${first}.json`), "utf8"));
    expect(payload.efficiency.invalid).toBe(2);
    const ok = await runIn(main, args("r2", "--max-unparseable-share", "1"));
    expect(ok.err).toBe("");
  }, 120_000);
});

describe("geb release run: replies with no answer-contract object past --max-unparseable-share", () => {
  it("matrix and signal written, one stderr line, exit 1; the flag at 1 adds no line", async () => {
    // A one-family contract and the no-model RAG reader keep the run small; the RAG step is
    // judged on its own (its line is checked by the garbage --rag-model case below).
    const contract = JSON.parse(readFileSync(DEFAULT_CONTRACT_FILE, "utf8"));
    contract.strict_release.required_reliability_families =
      contract.strict_release.required_reliability_families.filter(
        (f: { id: string }) => f.id === "novel_continuity",
      );
    const cf = join(dir, "one-family.json");
    writeFileSync(cf, JSON.stringify(contract, null, 2));
    const args = (out: string, ...more: string[]) => [
      "release",
      "run",
      "--profile",
      "fastlocal",
      "--size",
      "smoke",
      "--contract",
      cf,
      "--out-dir",
      join(dir, out),
      ...endpoint(),
      ...more,
    ];
    const r = await runIn(main, args("rel1", "--rag-model", "builtin:ledger-reader"));
    expect(r.code, r.err).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(LINE);
    expect(existsSync(join(dir, "rel1", "release_matrix.json"))).toBe(true);
    expect(existsSync(join(dir, "rel1", "reliability_signal.json"))).toBe(true);
    const ok = await runIn(
      main,
      args("rel2", "--rag-model", "builtin:ledger-reader", "--max-unparseable-share", "1"),
    );
    expect(ok.err).toBe("");

    // The strict RAG step through the garbage endpoint too: its own line, named.
    const both = await runIn(main, args("rel3"));
    expect(both.code, both.err).toBe(1);
    const bl = both.err.trimEnd().split("\n");
    expect(
      bl.some((l) => /^geb: strict RAG: every one of \d+ model replies/.test(l)),
      both.err,
    ).toBe(true);
    expect(
      bl.some((l) => LINE.test(l)),
      both.err,
    ).toBe(true);
  }, 300_000);
});
