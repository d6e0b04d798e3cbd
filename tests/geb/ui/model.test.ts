/**
 * `geb ui model`: an engine model over a loopback OpenAI-compatible server. The prompts are
 * built from agent rows only; the reference prompt equals the reference's text; raw replies
 * that are not a selection are error rows and leave the run unscored.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../../src/geb/cli/main.js";
import { toAgentRow } from "../../../src/geb/ui/agent-row.js";
import { buildUiPrompt, parseUiReply } from "../../../src/geb/ui/model/prompt.js";
import { buildPack } from "../../../src/geb/ui/pack/index.js";
import { UiScoreReportSchema } from "../../../src/geb/ui/schema.js";
import { startLoopback } from "../../fixtures/engine/loopback-server.js";
import { tmp } from "../helpers.js";
import { committedFixture, row } from "./helpers.js";

afterEach(() => {
  process.exitCode = undefined;
});

async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  const l = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    stdout += `${a.join(" ")}\n`;
  });
  try {
    const status = await main(["ui", "model", ...args]);
    return { status, stdout, stderr };
  } finally {
    e.mockRestore();
    l.mockRestore();
  }
}

const refPrompts = fileURLToPath(
  new URL("../../fixtures/geb-ui/prompt/reference-prompts.jsonl", import.meta.url),
);
const packFile = fileURLToPath(new URL("../../../data/geb-ui/pack/ui-pack.jsonl", import.meta.url));

describe("UI prompts", () => {
  it("reference-0.1 is the reference's build_ui_prompt text, byte for byte", () => {
    const expected = readFileSync(refPrompts, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: string; prompt: string });
    const pack = buildPack();
    const committed = readFileSync(committedFixture, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const ctx = {
      ...row("ctx", ["b"], "b"),
      context: "  Billing page  ",
      meta: { goal: "x" },
    };
    ctx.candidates[0] = {
      candidate_id: "b",
      label: "Pay",
      role: "button",
      action_type: "click",
      app_path: "A",
      bbox: [1, 2, 3, 4],
      visible: true,
      enabled: false,
      modal_scope: null,
      z_index: 5,
    };
    const byId = new Map([...committed, ...pack, ctx].map((r) => [r.id, r]));
    expect(expected).toHaveLength(9);
    for (const e of expected)
      expect(buildUiPrompt(toAgentRow(byId.get(e.id)), "reference-0.1")).toBe(e.prompt);
  });

  it("parses raw replies strictly: no fences, no prose, no unknown ids, no blank", () => {
    const a = toAgentRow(row("r", ["a", "b"], "a"));
    expect(parseUiReply('{"value": "b"}', a)).toEqual({ ok: true, selection: "b" });
    expect(parseUiReply(' {"value": null, "support_ids": []}\n', a)).toEqual({ ok: true, selection: null });
    expect(parseUiReply('```json\n{"value": "b"}\n```', a)).toEqual({ ok: false, reason: "not_json" });
    expect(parseUiReply("b", a)).toEqual({ ok: false, reason: "not_json" });
    expect(parseUiReply('["b"]', a)).toEqual({ ok: false, reason: "not_an_object" });
    expect(parseUiReply('{"id": "b"}', a)).toEqual({ ok: false, reason: "no_value" });
    expect(parseUiReply('{"value": ""}', a)).toEqual({ ok: false, reason: "bad_value" });
    expect(parseUiReply('{"value": 1}', a)).toEqual({ ok: false, reason: "bad_value" });
    expect(parseUiReply('{"value": "c"}', a)).toEqual({ ok: false, reason: "unknown_candidate" });
  });
});

describe("geb ui model over a loopback server", () => {
  const rows = buildPack();
  // The test's stand-in model knows the answers (it is the test, not the agent): the gold per
  // prompt, or null on intended abstains; `override` replaces some replies.
  const answers = (override: Record<string, string> = {}) => {
    const m = new Map<string, string>();
    for (const r of rows) {
      const reply =
        override[r.id] ?? JSON.stringify({ value: r.abstain_expected ? null : r.gold.candidate_id });
      m.set(buildUiPrompt(toAgentRow(r), "1.0"), reply);
    }
    return (prompt: string) => m.get(prompt) ?? "no such prompt";
  };

  it("scores a perfect model 1.0 with abstains; the prompts carry no answer-key field", async () => {
    const s = await startLoopback({ answer: answers() });
    try {
      const d = tmp();
      const out = join(d, "score.json");
      const replies = join(d, "replies.jsonl");
      const r = await run(
        "--fixture",
        packFile,
        "--model",
        "openai:m",
        "--base-url",
        `${s.url}/v1`,
        "--out",
        out,
        "--replies",
        replies,
        "--results",
        join(d, "results.jsonl"),
      );
      expect(r.stderr).not.toMatch(/^geb:/m);
      expect(r.status).toBe(0);
      const score = UiScoreReportSchema.parse(JSON.parse(readFileSync(out, "utf8")));
      expect(score.selector).toMatchObject({ kind: "model", model: "openai:m", prompt: "1.0" });
      expect(score.metrics.accuracy_when_gold_present).toBe(1);
      expect(score.metrics.abstain_recall).toBe(1);
      expect(score.metrics.wrong_action_rate).toBe(0);
      expect(score.sequence_metrics.task_pass_rate).toBe(1);
      expect(readFileSync(replies, "utf8").trim().split("\n")).toHaveLength(rows.length);
      expect(s.requests).toHaveLength(rows.length);
      for (const q of s.requests) {
        for (const k of ["gold", "abstain_expected", "expected_delta", "next_state", "meta"])
          expect(q.prompt).not.toContain(k);
        expect(q.body.temperature).toBe(0);
      }
      // The effective config is written beside the results (geb model's convention).
      expect(existsSync(join(d, "results.jsonl.config.json"))).toBe(true);
    } finally {
      await s.close();
    }
  });

  it("an unparseable or off-screen reply is an error row: no score, exit 1, one stderr line", async () => {
    const s = await startLoopback({
      answer: answers({
        [rows[3].id]: '```json\n{"value": "x"}\n```',
        [rows[5].id]: '{"value": "not_on_screen"}',
      }),
    });
    try {
      const d = tmp();
      const out = join(d, "score.json");
      const replies = join(d, "replies.jsonl");
      const r = await run(
        "--fixture",
        packFile,
        "--model",
        "openai:m",
        "--base-url",
        `${s.url}/v1`,
        "--out",
        out,
        "--replies",
        replies,
      );
      expect(r.status).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^geb: 2 of ${rows.length} replies are not a selection \\(first: row ${rows[3].id}: not_json\\); no scores reported`,
        ),
      );
      expect(existsSync(out)).toBe(false);
      const errs = readFileSync(replies, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .filter((x) => x.error);
      expect(errs.map((x) => [x.id, x.error])).toEqual([
        [rows[3].id, "not_json"],
        [rows[5].id, "unknown_candidate"],
      ]);
      expect(errs.every((x) => !("selection" in x))).toBe(true);
    } finally {
      await s.close();
    }
  });

  it("--prompt reference-0.1 sends the reference's prompt; --trials other than 1 is refused", async () => {
    const small = join(tmp(), "small.jsonl");
    writeFileSync(small, readFileSync(committedFixture, "utf8"));
    const s = await startLoopback({ answer: () => '{"value": null, "support_ids": []}' });
    try {
      const r = await run(
        "--fixture",
        small,
        "--model",
        "openai:m",
        "--base-url",
        `${s.url}/v1`,
        "--prompt",
        "reference-0.1",
      );
      expect(r.status).toBe(0);
      expect(s.requests[0].prompt.startsWith("You are selecting a UI action from candidates.")).toBe(true);
      const score = JSON.parse(r.stdout);
      expect(score.metrics.abstain_rate).toBe(1);
      expect(score.selector.prompt).toBe("reference-0.1");
      const t = await run(
        "--fixture",
        small,
        "--model",
        "openai:m",
        "--base-url",
        `${s.url}/v1`,
        "--trials",
        "2",
      );
      expect(t.status).toBe(2);
      expect(t.stderr).toMatch(/--trials/);
    } finally {
      await s.close();
    }
  });
});
