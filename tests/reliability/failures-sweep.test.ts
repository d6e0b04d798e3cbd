/**
 * Issue 31 item 9: failed model requests in a sweep are errors, never wrong answers. Against a
 * loopback OpenAI-compatible server that fails every third prompt (also on its one retry), a
 * model sweep records the errors, grades nothing of the affected cells, prints one stderr line
 * and exits 1; a rerun against a healthy server retries only the failed requests and finishes.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/index.js";
import { main } from "../../src/geb/cli/main.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { runIn } from "../helpers/cli-in.js";

const servers: Loopback[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** A server failing (HTTP 500) every third distinct prompt, on every attempt, while `failing()`. */
async function flaky(failing: () => boolean): Promise<Loopback> {
  const order = new Map<string, number>();
  const s = await startLoopback({
    answer: ledgerReaderAnswer,
    fault: (r) => {
      if (!order.has(r.prompt)) order.set(r.prompt, order.size);
      return failing() && (order.get(r.prompt) as number) % 3 === 2
        ? { status: 500, body: '{"error":"boom"}' }
        : undefined;
    },
  });
  servers.push(s);
  return s;
}

const GRID = ["--seeds", "1", "--state-modes", "kv,counter", "--episodes", "1", "--steps", "40"];

describe("geb sweep --model: failed requests", () => {
  it("are not graded: one stderr line, exit 1, no results.json for the cells; a rerun retries only them", async () => {
    let failing = true;
    const s = await flaky(() => failing);
    const dir = mkdtempSync(join(tmpdir(), "sweep-fail-"));
    const args = [
      "sweep",
      "--out",
      "out",
      ...GRID,
      "--model",
      "openai:m",
      "--base-url",
      `${s.url}/v1`,
      "--max-retries",
      "1",
      "--no-progress",
    ];
    const r = await runIn(main, args, dir);
    expect(r.code, r.err).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^geb: sweep: (\d+) of \1 cells had failed requests \(\d+ in all; first: cell \S+: \d+ of \d+ requests failed, first: HTTP 500/,
    );
    expect(lines[0]).toContain("not graded");
    expect(r.out).toBe("");
    expect(existsSync(join(dir, "out", "combined.json"))).toBe(false);
    expect(existsSync(join(dir, "out", "summary.json"))).toBe(false);
    const cells = JSON.parse(readFileSync(join(dir, "out", "sweep.json"), "utf8")).cells as string[];
    for (const c of cells) expect(existsSync(join(dir, "out", c, "results.json"))).toBe(false);
    const answered = s.requests.filter((q) => q.attempt === 0).length;
    const failedPrompts = new Set(
      s.requests.filter((q) => q.attempt === 1).map((q) => q.prompt), // retried once, failed again
    );
    expect(failedPrompts.size).toBeGreaterThan(0);

    // The endpoint recovers: the rerun sends exactly the failed prompts, and every cell is graded.
    failing = false;
    const before = s.requests.length;
    const again = await runIn(main, args, dir);
    expect(again.code, again.err).toBe(0);
    const resent = new Set(s.requests.slice(before).map((q) => q.prompt));
    expect(resent).toEqual(failedPrompts);
    expect(answered).toBeGreaterThan(failedPrompts.size);
    for (const c of cells) {
      const p = JSON.parse(readFileSync(join(dir, "out", c, "results.json"), "utf8"));
      expect(p.efficiency.errors).toBe(0);
      expect(p.metrics.value_acc).toBe(1);
    }
    expect(existsSync(join(dir, "out", "combined.json"))).toBe(true);
  }, 120_000);
});

describe("geb model: out-of-contract replies past --max-unparseable-share", () => {
  it("every reply garbage: scores written, one stderr line, exit 1; the flag at 1 accepts", async () => {
    const { gebIn } = await import("../core/engine/geb-in.js");
    const { kvCommentary } = await import("../geb/pipeline/helpers.js");
    const s = await startLoopback({ answer: () => "the answer is probably blue" });
    servers.push(s);
    const dir = mkdtempSync(join(tmpdir(), "geb-unusable-"));
    const data = kvCommentary(dir, 0, 1);
    const args = [
      "model",
      "--data",
      data,
      "--model",
      "openai:m",
      "--base-url",
      `${s.url}/v1`,
      "--limit",
      "6",
    ];
    const r = await gebIn(args);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^model=openai:m .*n=6 value_acc=0\.000/); // still reported (invalid = wrong)
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^geb: every one of 6 model replies \(100%\) could not be used/);
    const ok = await gebIn([...args, "--max-unparseable-share", "1"]);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.err).toBe("");

    // Several models: each one's line names it; the comparison is still written; exit 1.
    const several = await gebIn([
      ...args.map((a) => (a === "openai:m" ? "openai:a" : a)),
      "--model",
      "openai:b",
      "--out-dir",
      join(dir, "two"),
    ]);
    expect(several.code, several.err).toBe(1);
    const sl = several.err.trimEnd().split("\n");
    expect(sl).toHaveLength(2);
    expect(sl[0]).toMatch(/^geb: openai:a: every one of 6 model replies/);
    expect(sl[1]).toMatch(/^geb: openai:b: every one of 6 model replies/);
    expect(existsSync(join(dir, "two", "comparison.json"))).toBe(true);
  }, 60_000);
});

describe("geb sweep --model: out-of-contract replies past the share", () => {
  it("cells are graded and written, one stderr line, exit 1; --max-unparseable-share 1 accepts", async () => {
    const s = await startLoopback({ answer: () => "no idea" });
    servers.push(s);
    const dir = mkdtempSync(join(tmpdir(), "sweep-unusable-"));
    const args = (out: string, ...more: string[]) => [
      "sweep",
      "--out",
      out,
      ...GRID,
      "--model",
      "openai:m",
      "--base-url",
      `${s.url}/v1`,
      "--no-progress",
      ...more,
    ];
    const r = await runIn(main, args("a"), dir);
    expect(r.code, r.err).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^geb: sweep: every one of \d+ model replies \(100%\) could not be used/);
    expect(existsSync(join(dir, "a", "combined.json"))).toBe(true);
    const ok = await runIn(main, args("b", "--max-unparseable-share", "1"), dir);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.err).toBe("");
    expect(JSON.parse(readFileSync(join(dir, "b", "config.json"), "utf8"))["max-unparseable-share"]).toBe(
      "1",
    );
  }, 120_000);
});

describe("geb sweep: pipeline cells with a model answerer", () => {
  it("failed answerer requests: the cell is not graded, exit 1; garbage answers past the share: exit 1", async () => {
    const s = await flaky(() => true);
    const dir = mkdtempSync(join(tmpdir(), "sweep-pipe-fail-"));
    const args = (out: string, url: string) => [
      "sweep",
      "--out",
      out,
      ...GRID,
      "--state-modes",
      "kv",
      "--model",
      `retrieval:openai:m`,
      "--base-url",
      `${url}/v1`,
      "--max-retries",
      "1",
      "--no-progress",
    ];
    const r = await runIn(main, args("p", s.url), dir);
    expect(r.code, r.err).toBe(1);
    expect(r.err.trimEnd().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/^geb: sweep: \d+ of \d+ cells had failed requests .*HTTP 500/);
    expect(existsSync(join(dir, "p", "combined.json"))).toBe(false);

    const g = await startLoopback({ answer: () => "no idea" });
    servers.push(g);
    const u = await runIn(main, args("q", g.url), dir);
    expect(u.code, u.err).toBe(1);
    expect(u.err).toMatch(/^geb: sweep: every one of \d+ model replies \(100%\) could not be used/);
  }, 120_000);
});
