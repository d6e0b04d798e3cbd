/**
 * Issue 31 item 9 (GF-01): unusable replies are never passed off as a weak player.
 * - play-llm against a server whose every reply is unusable (`{"value":null}`, garbage text):
 *   counted in every row and the payload, one stderr line, exit 1; `--max-unparseable-share 1`
 *   accepts the run.
 * - evaluate --agent-cmd with an agent printing only garbage: each episode is an error
 *   (`agent_protocol`), never a row scored as a miss; exit 1 with one stderr line.
 * - an agent whose lines are mostly garbage: rows carry the counts, and past the share the run
 *   fails (exit 1), unless the flag opts in.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleToJson } from "../../src/gf01/artifacts/bundle.js";
import { main } from "../../src/gf01/cli.js";
import { playErrorSchema } from "../../src/gf01/play/runner.js";
import { type Loopback, startLoopback } from "../fixtures/engine/loopback-server.js";
import { genBundle } from "../gf01/play/helpers.js";
import { runIn } from "../helpers/cli-in.js";

const dir = mkdtempSync(join(tmpdir(), "gf01-unusable-"));
const B = join(dir, "bundle.json");
writeFileSync(B, bundleToJson(genBundle(2, 9800).json));
const rowsOf = (f: string) =>
  existsSync(f)
    ? readFileSync(f, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

let nullValue: Loopback;
let garbage: Loopback;
beforeAll(async () => {
  nullValue = await startLoopback({ answer: () => '{"value":null}' });
  garbage = await startLoopback({ answer: () => "I would rather not say." });
});
afterAll(async () => {
  await nullValue.close();
  await garbage.close();
});

const playLlm = (server: Loopback, results: string, ...extra: string[]) =>
  runIn(main, [
    "play-llm",
    "--instances",
    B,
    "--model",
    "openai:fake",
    "--base-url",
    `${server.url}/v1`,
    "--results",
    results,
    "--no-progress",
    ...extra,
  ]);

describe("play-llm: a run of unusable replies is not a result", () => {
  for (const [name, server] of [
    ["{value: null}", () => nullValue],
    ["garbage text", () => garbage],
  ] as const) {
    it(`every reply ${name}: counted in rows and payload, one stderr line, exit 1`, async () => {
      const res = join(dir, `llm-${name.replace(/\W+/g, "")}.jsonl`);
      const r = await playLlm(server(), res);
      expect(r.code, r.err).toBe(1);
      const lines = r.err.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^gf01: every one of \d+ agent replies \(100%\) could not be used .*--max-unparseable-share 0\.5/,
      );
      const p = JSON.parse(r.out);
      expect(p.status).toBe("error");
      expect(p.unparseable_replies).toBe(p.agent_replies);
      expect(p.agent_replies).toBeGreaterThan(0);
      expect(p.unparseable_failure).toBe(lines[0]);
      const rows = rowsOf(res);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.agent_replies).toBeGreaterThan(0);
        expect(row.unparseable_replies).toBe(row.agent_replies);
      }
      // The flag is part of the recorded run config.
      const cfg = JSON.parse(readFileSync(`${res}.config.json`, "utf8"));
      expect(cfg["max-unparseable-share"]).toBe("0.5");
    }, 120_000);
  }

  it("--max-unparseable-share 1 accepts the run (opt in): exit 0, no stderr, counts kept", async () => {
    const res = join(dir, "llm-optin.jsonl");
    const r = await playLlm(nullValue, res, "--max-unparseable-share", "1");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe("");
    const p = JSON.parse(r.out);
    expect(p.status).toBe("ok");
    expect(p.unparseable_replies).toBe(p.agent_replies);
    expect(p.max_unparseable_share).toBe(1);
  }, 120_000);

  it("a bad --max-unparseable-share is a usage error naming the flag (exit 2)", async () => {
    const r = await playLlm(nullValue, join(dir, "bad.jsonl"), "--max-unparseable-share", "1.5");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--max-unparseable-share/);
  });
});

describe("evaluate --agent-cmd: protocol failures are errors, never misses", () => {
  it("an agent printing only garbage: no rows, error records, one stderr line, exit 1", async () => {
    const out = join(dir, "garbage.jsonl");
    const r = await runIn(main, [
      "evaluate",
      "--instances",
      B,
      "--agent-cmd",
      "while read l; do echo 'hello there'; done",
      "--out",
      out,
    ]);
    expect(r.code, r.err).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^gf01: agent sent \d+ line\(s\) and the game accepted none as a move \(first: "hello there"/,
    );
    const p = JSON.parse(r.out);
    expect(p).toMatchObject({ status: "error", played: 0, errored: 2 });
    expect(rowsOf(out)).toEqual([]);
    const errs = rowsOf(`${out}.errors.jsonl`).map((e) => playErrorSchema.parse(e));
    expect(errs.map((e) => e.kind)).toEqual(["agent_protocol", "agent_protocol"]);
  }, 120_000);

  const mostlyGarbage =
    "n=0; while read l; do n=$((n+1)); if [ $((n % 3)) -eq 0 ]; then echo '{}'; else echo nope; fi; done";

  it("an agent whose lines are mostly garbage: rows count them, past the share exit 1", async () => {
    const out = join(dir, "mostly.jsonl");
    const r = await runIn(main, ["evaluate", "--instances", B, "--agent-cmd", mostlyGarbage, "--out", out]);
    expect(r.code, r.err).toBe(1);
    const lines = r.err.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^gf01: \d+ of \d+ agent replies \(66\.\d%\) could not be used/);
    const p = JSON.parse(r.out);
    expect(p.agent_replies).toBeGreaterThan(0);
    expect(p.unparseable_replies * 3).toBe(p.agent_replies * 2);
    expect(p.unparseable_failure).toBe(lines[0]);
    // Rows are written (the agent played); its refused lines are in the step log.
    expect(rowsOf(out)).toHaveLength(2);
    const steps = rowsOf(`${out}.steps.jsonl`);
    expect(steps.reduce((a, s) => a + (s.rejected_moves as number), 0)).toBe(p.unparseable_replies);

    const ok = await runIn(main, [
      "evaluate",
      "--instances",
      B,
      "--agent-cmd",
      mostlyGarbage,
      "--out",
      join(dir, "mostly-optin.jsonl"),
      "--max-unparseable-share",
      "1",
    ]);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.err).toBe("");
  }, 120_000);
});

describe("gf01 report: failures are counted and shown, never scored", () => {
  it("errored episodes (the errors sidecar) and unusable model replies appear in the report", async () => {
    const { copyFileSync } = await import("node:fs");
    // Rows of a played run, beside the error records of the garbage agent's run.
    const runs = join(dir, "report-runs.jsonl");
    const src = join(dir, "llm-optin.jsonl");
    if (!existsSync(src)) await playLlm(nullValue, src, "--max-unparseable-share", "1");
    copyFileSync(src, runs);
    const garbageOut = join(dir, "garbage.jsonl");
    if (!existsSync(`${garbageOut}.errors.jsonl`))
      await runIn(main, [
        "evaluate",
        "--instances",
        B,
        "--agent-cmd",
        "while read l; do echo x; done",
        "--out",
        garbageOut,
      ]);
    copyFileSync(`${garbageOut}.errors.jsonl`, `${runs}.errors.jsonl`);

    const j = await runIn(main, ["report", "--runs", runs, "--format", "json"]);
    expect(j.code, j.err).toBe(0);
    const p = JSON.parse(j.out);
    expect(p.total_rows).toBe(2); // errored episodes are not rows
    expect(p.episode_errors).toEqual({
      count: 2,
      by_kind: { agent_protocol: 2 },
      errors_jsonl: `${runs}.errors.jsonl`,
    });
    const g = p.groups[0];
    expect(g.agent_replies).toBeGreaterThan(0);
    expect(g.unparseable_replies).toBe(g.agent_replies);

    const v = await runIn(main, ["validate", "--runs", runs]);
    expect(v.code, v.err).toBe(0);
    expect(JSON.parse(v.out).episode_errors).toEqual(p.episode_errors);

    const t = await runIn(main, ["report", "--runs", runs, "--format", "table"]);
    expect(t.out).toContain("2 episode(s) failed and are not scored (agent_protocol 2)");
    expect(t.out).toMatch(/\d+ of \d+ model replies unusable/);

    // A damaged sidecar is bad input naming file, line and field.
    writeFileSync(`${runs}.errors.jsonl`, '{"schema_version":"gf01.play_error.v1","status":"error"}\n');
    const bad = await runIn(main, ["report", "--runs", runs, "--format", "json"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/report-runs\.jsonl\.errors\.jsonl:1: field instance_id: /);
  }, 120_000);
});
