/**
 * `geb ui model`: an engine model over a loopback OpenAI-compatible server. The prompts are
 * built from agent rows only; the reference prompt equals the reference's text; raw replies
 * that are not a selection are error rows and leave the run unscored.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { main } from "../../../src/geb/cli/main.js";
import { evaluateChecks, parseChecksConfig } from "../../../src/geb/sweep/thresholds.js";
import { toAgentRow } from "../../../src/geb/ui/agent-row.js";
import { buildUiPrompt, parseUiReply } from "../../../src/geb/ui/model/prompt.js";
import { buildPack } from "../../../src/geb/ui/pack/index.js";
import { UiScoreReportSchema } from "../../../src/geb/ui/schema.js";
import { type ReceivedRequest, startLoopback } from "../../fixtures/engine/loopback-server.js";
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

/** The stand-in model's reply per 1.0 prompt: the gold, or null on intended abstains. */
function perfectAnswers(override: Record<string, string> = {}) {
  const m = new Map<string, string>();
  for (const r of buildPack()) {
    const reply =
      override[r.id] ?? JSON.stringify({ value: r.abstain_expected ? null : r.gold.candidate_id });
    m.set(buildUiPrompt(toAgentRow(r), "1.0"), reply);
  }
  return (prompt: string) => m.get(prompt) ?? "no such prompt";
}

let perfect: Promise<{ dir: string; out: string; replies: string; requests: ReceivedRequest[] }> | undefined;
/**
 * One run of a perfect stand-in model over the pack (shared by the model and the use-case
 * gate tests: it knows the answers because it is the test, not the agent).
 */
function perfectRun() {
  perfect ??= (async () => {
    const s = await startLoopback({ answer: perfectAnswers() });
    try {
      const dir = tmp();
      const out = join(dir, "score.json");
      const replies = join(dir, "replies.jsonl");
      const r = await run(
        "--fixture",
        packFile,
        "--model",
        "openai:m",
        "--base-url",
        `${s.url}/v1`,
        "--max-concurrency",
        "16",
        "--out",
        out,
        "--replies",
        replies,
        "--results",
        join(dir, "results.jsonl"),
      );
      if (r.status !== 0) throw new Error(`perfect run failed: ${r.stderr}`);
      return { dir, out, replies, requests: s.requests };
    } finally {
      await s.close();
    }
  })();
  return perfect;
}

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
  it("scores a perfect model 1.0 with abstains; the prompts carry no answer-key field", async () => {
    const { dir, out, replies, requests } = await perfectRun();
    const score = UiScoreReportSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(score.selector).toMatchObject({ kind: "model", model: "openai:m", prompt: "1.0" });
    expect(score.metrics.accuracy_when_gold_present).toBe(1);
    expect(score.metrics.abstain_recall).toBe(1);
    expect(score.metrics.wrong_action_rate).toBe(0);
    expect(score.sequence_metrics.task_pass_rate).toBe(1);
    expect(readFileSync(replies, "utf8").trim().split("\n")).toHaveLength(rows.length);
    expect(requests).toHaveLength(rows.length);
    for (const q of requests) {
      for (const k of ["gold", "abstain_expected", "expected_delta", "next_state", "meta"])
        expect(q.prompt).not.toContain(k);
      expect(q.body.temperature).toBe(0);
    }
    // The effective config is written beside the results (geb model's convention).
    expect(existsSync(join(dir, "results.jsonl.config.json"))).toBe(true);
  });

  it("an unparseable or off-screen reply is an error row: no score, exit 1, one stderr line", async () => {
    const s = await startLoopback({
      answer: perfectAnswers({
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

  it("--rules on: the policy's survivors first; the model is asked only with ≥ 2 survivors, and sees only them", async () => {
    const s = await startLoopback({ answer: () => '{"value": null}' });
    try {
      const d = tmp();
      const replies = join(d, "replies.jsonl");
      const r = await run(
        "--fixture",
        packFile,
        "--model",
        "openai:m",
        "--base-url",
        `${s.url}/v1`,
        "--rules",
        "on",
        "--replies",
        replies,
      );
      expect(r.status).toBe(0);
      const score = UiScoreReportSchema.parse(JSON.parse(r.stdout));
      const sel = score.selector as { rules: boolean; requests: number };
      expect(sel.rules).toBe(true);
      expect(sel.requests).toBe(s.requests.length);
      expect(s.requests.length).toBeGreaterThan(0);
      expect(s.requests.length).toBeLessThan(rows.length);
      // Every base step is taken from the policy's single survivor (the target grammar); the
      // policy's 7 wrong actions on ambiguous steps stand; the rest of those are abstains.
      expect(score.metrics.accuracy_when_gold_present).toBe(1);
      expect(score.metrics.wrong_action_rate).toBeCloseTo(7 / rows.length, 12);
      const rs = readFileSync(replies, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(rs.filter((x) => x.source === "model")).toHaveLength(s.requests.length);
      expect(rs.filter((x) => x.source === "rules").every((x) => x.raw_text === "")).toBe(true);
      // An asked step's prompt lists its survivors: two or more candidate lines.
      for (const q of s.requests) expect(q.prompt.match(/^- id=/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
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

// ---------------------------------------------------------------------------------------
// The UI gates of our use-case checks (examples/geb/ui-checks.json, `require_agent`): passed
// only by a policy or model artifact; a gold-mode (or otherwise answer-key-reading) artifact
// is rejected with a named reason, whatever its metrics say.

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const checksFile = here("../../../examples/geb/ui-checks.json");
const config = parseChecksConfig(readFileSync(checksFile, "utf8"), checksFile);

async function geb(args: string[]): Promise<{ status: number; stdout: string }> {
  let stdout = "";
  const e = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  const l = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    stdout += `${a.join(" ")}\n`;
  });
  try {
    return { status: await main(args), stdout };
  } finally {
    e.mockRestore();
    l.mockRestore();
  }
}

/** Evaluate the checks against one artifact (as runs/ui/pack_agent.json). */
function gate(artifact: unknown) {
  return evaluateChecks(config, { root: "/nonexistent", readSummary: () => artifact });
}

describe("UI use-case gates (require_agent)", () => {
  it("a perfect model passes; the same metrics under a gold-mode selector are rejected", async () => {
    const { out } = await perfectRun();
    const model = JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>;
    // Through the CLI: every gate passes, exit 0.
    const root = tmp();
    mkdirSync(join(root, "runs/ui"), { recursive: true });
    writeFileSync(join(root, "runs/ui/pack_agent.json"), JSON.stringify(model));
    const c = await geb(["check-thresholds", "--config", checksFile, "--root", root]);
    expect(c.stdout).toMatch(/→ PASS$/m);
    expect(c.status).toBe(0);
    expect(gate(model).errorCount).toBe(0);
    const oracle = { ...model, selector: { kind: "oracle", mode: "gold", seed: 0 } };
    const g = gate(oracle);
    expect(g.errorCount).toBe(2);
    expect(g.issues.map((i) => [i.check_id, i.status, i.metric_path])).toEqual([
      ["ui_pack_gate", "fail", "selector.kind"],
      ["ui_pack_ambiguous_gate", "fail", "selector.kind"],
    ]);
    expect(g.issues[0].message).toMatch(/^rejected: answer_key_artifact/);
  });

  it("geb ui score --mode gold is rejected by name; the 1.0 policy is evaluated (and fails on numbers)", async () => {
    const root = tmp();
    mkdirSync(join(root, "runs/ui"), { recursive: true });
    const out = join(root, "runs/ui/pack_agent.json");
    expect((await geb(["ui", "score", "--fixture", packFile, "--mode", "gold", "--out", out])).status).toBe(
      0,
    );
    const gold = await geb(["check-thresholds", "--config", checksFile, "--root", root, "--format", "lines"]);
    expect(gold.status).toBe(1);
    expect(gold.stdout).toContain(
      '[FAIL(error)] ui_pack_gate selector.kind - rejected: answer_key_artifact (selector.kind "oracle": the gold mode reads the answer key)',
    );
    expect(gold.stdout).not.toContain("metrics.");

    expect(
      (await geb(["ui", "score", "--fixture", packFile, "--agent", "policy", "--out", out])).status,
    ).toBe(0);
    const policy = gate(JSON.parse(readFileSync(out, "utf8")));
    expect(policy.issues.some((i) => i.message.startsWith("rejected"))).toBe(false);
    const failed = policy.issues
      .filter((i) => i.status === "fail")
      .map((i) => `${i.check_id} ${i.metric_path}`);
    // It acts on 7 of the 14 ambiguous steps (the same-label tie-break picks one).
    expect(failed).toEqual([
      "ui_pack_gate metrics.wrong_action_rate",
      "ui_pack_gate sequence_metrics.task_pass_rate",
      "ui_pack_gate sequence_metrics.task_wrong_action_rate",
      "ui_pack_ambiguous_gate metrics.abstain_expected_rate",
    ]);
  });

  it("names the other rejections: leaky reference policy, a selections file or baseline, no selector", () => {
    const base = { rows: 82, metrics: {}, sequence_metrics: {} };
    const reason = (a: unknown) => gate(a).issues[0].message;
    expect(reason({ ...base, strategy: "policy", leaky_answer_key_rules: true })).toMatch(
      /^rejected: answer_key_artifact \(a reference-0.1 policy run/,
    );
    expect(reason({ ...base, selector: { kind: "selections", file: "x" } })).toBe(
      'rejected: agent_not_allowed (selector.kind "selections"; allowed: policy, model)',
    );
    expect(reason({ ...base, selector: { kind: "baseline", mode: "first", seed: 0 } })).toMatch(
      /agent_not_allowed/,
    );
    expect(reason({ ...base, mode: "gold" })).toMatch(/^rejected: no_agent_provenance/);
    // A check without require_agent evaluates as before (the reference's semantics).
    const plain = parseChecksConfig(
      JSON.stringify({ checks: [{ id: "c", summary_path: "s", metrics: [{ path: "rows", min: 1 }] }] }),
    );
    expect(
      evaluateChecks(plain, { root: "/", readSummary: () => ({ rows: 2, selector: { kind: "oracle" } }) })
        .errorCount,
    ).toBe(0);
  });

  it("a malformed require_agent is an input error naming the field", () => {
    const bad = JSON.stringify({ checks: [{ id: "c", summary_path: "s", require_agent: "policy" }] });
    expect(() => parseChecksConfig(bad, "c.json")).toThrow(InputError);
    expect(() => parseChecksConfig(bad, "c.json")).toThrow(/require_agent/);
  });
});
