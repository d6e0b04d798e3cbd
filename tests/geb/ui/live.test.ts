/**
 * geb ui live: the browser app, the harness and its agents (docs/geb/ui.md "Live app"). One
 * chromium launch for the file (Debian chromium via playwright-core; skipped with a message
 * when /usr/bin/chromium is missing). Pure pieces are tested without a browser.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { engineFromOptions } from "../../../src/core/engine/cli.js";
import { main } from "../../../src/geb/cli/main.js";
import { type AgentRow, toAgentRow } from "../../../src/geb/ui/agent-row.js";
import { uiScoreFile, uiSolvableFile, validateUiFixture } from "../../../src/geb/ui/api.js";
import { rowIssues } from "../../../src/geb/ui/fixture.js";
import { trainGate, DEFAULT_GATE_TRAIN } from "../../../src/geb/ui/gate.js";
import {
  gateAgent,
  type LiveAgent,
  policyAgent,
  scriptedWrongAgent,
} from "../../../src/geb/ui/live/agents.js";
import { uiLiveRun } from "../../../src/geb/ui/live/api.js";
import { flattenState, stateDelta, stateHas, toCandidates } from "../../../src/geb/ui/live/candidates.js";
import {
  type LiveRun,
  type LiveSession,
  openLiveSession,
  runLive,
} from "../../../src/geb/ui/live/harness.js";
import { LiveModelError } from "../../../src/geb/ui/live/model-agent.js";
import { UiLiveReportSchema } from "../../../src/geb/ui/live/schema.js";
import { buildUiPrompt } from "../../../src/geb/ui/model/prompt.js";
import { LIVE_TASKS } from "../../../src/geb/ui/live/tasks.js";
import { walkScript } from "../../../src/geb/ui/live/walk.js";
import { ANSWER_KEY_FIELDS } from "../../../src/geb/ui/schema.js";
import { checkSolvable } from "../../../src/geb/ui/solvable.js";
import { startLoopback } from "../../fixtures/engine/loopback-server.js";
import { debianPackages } from "../../helpers/debian.js";

await debianPackages();
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(
    `tests/geb/ui/live: SKIPPING browser tests: no chromium at ${CHROMIUM} (apt-get install chromium)`,
  );

describe("live app pieces (no browser)", () => {
  it("flattens states, diffs them and matches goals by dotted key", () => {
    const a = { dialog: null, docs: { saved: false, folder: "Documents" }, t: { deleted: [] } };
    const b = { dialog: "save_as", docs: { saved: true, folder: "Documents" }, t: { deleted: ["x"] } };
    expect(flattenState(a)).toEqual({
      dialog: null,
      "docs.saved": false,
      "docs.folder": "Documents",
      "t.deleted": [],
    });
    expect(stateDelta(a, b)).toEqual({ dialog: "save_as", "docs.saved": true, "t.deleted": ["x"] });
    expect(stateDelta(b, a)).toEqual({ dialog: null, "docs.saved": false, "t.deleted": [] });
    expect(stateHas(b, { "docs.saved": true, "t.deleted": ["x"] })).toBe(true);
    expect(stateHas(b, { "docs.saved": false })).toBe(false);
    expect(stateHas(a, { "docs.missing": null })).toBe(true);
  });

  it("maps walked elements to fixture candidates (scope, overlay, accessible name, cover)", () => {
    const [main, popup] = toCandidates({
      title: "Files",
      state: {},
      elements: [
        {
          id: "delete-2",
          role: "button",
          label: "Delete",
          aria_label: "Delete report-q3.txt",
          bbox: [10, 20, 72, 30],
          visible: true,
          enabled: true,
          aria_disabled: false,
          clickable: false,
          scope: null,
          scope_title: null,
          modal: false,
          z_index: null,
          panel: null,
          region: null,
          checked: null,
          selected: null,
          pressed: null,
        },
        {
          id: "confirm-delete",
          role: "button",
          label: "Delete",
          aria_label: null,
          bbox: [300, 200, 72, 30],
          visible: true,
          enabled: true,
          aria_disabled: false,
          clickable: true,
          scope: "confirm_delete",
          scope_title: "Delete file",
          modal: true,
          z_index: 101,
          panel: null,
          region: null,
          checked: null,
          selected: null,
          pressed: null,
        },
      ],
    });
    expect(main).toMatchObject({
      candidate_id: "delete-2",
      accessible_name: "Delete report-q3.txt",
      modal_scope: null,
      overlay: false,
      clickable: false,
      app_path: "Live app > Files",
    });
    expect(popup).toMatchObject({ modal_scope: "confirm_delete", overlay: true, z_index: 101 });
    expect(popup.app_path).toBe("Live app > Files > Delete file");
    expect(
      rowIssues({ id: "r", candidates: [main, popup], gold: { candidate_id: "delete-2" } }, "x", 1),
    ).toEqual([]);
  });

  it("every task's instruction is in the target grammar; ambiguous steps are last", () => {
    for (const t of LIVE_TASKS)
      t.steps.forEach((s, k) => {
        expect(s.instruction).toMatch(/^Click "/);
        if (s.gold === null) expect(k).toBe(t.steps.length - 1);
      });
    expect(new Set(LIVE_TASKS.map((t) => t.id)).size).toBe(LIVE_TASKS.length);
  });

  it("a missing chromium is one stderr line and exit 2", async () => {
    const err: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((s) => {
      err.push(String(s));
      return true;
    });
    const out = mkdtempSync(join(tmpdir(), "ui-live-"));
    try {
      const code = await main([
        "ui",
        "live",
        "--agent",
        "policy",
        "--out-dir",
        out,
        "--chromium",
        "/nonexistent/chromium",
      ]);
      expect(code).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(err.join("")).toBe(
      "geb: field --chromium: chromium not found at /nonexistent/chromium (geb ui live needs it: apt-get install chromium, or --chromium <path>)\n",
    );
  });

  it("model flags without --agent model are a usage error naming the flag (never silently ignored)", async () => {
    const err: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((s) => {
      err.push(String(s));
      return true;
    });
    const out = mkdtempSync(join(tmpdir(), "ui-live-"));
    try {
      const base = ["ui", "live", "--out-dir", out, "--chromium", "/nonexistent/chromium"];
      expect(await main([...base, "--agent", "policy", "--base-url", "http://127.0.0.1:9/v1"])).toBe(2);
      expect(await main([...base, "--agent", "gate", "--model", "openai:m"])).toBe(2);
      expect(await main([...base, "--agent", "policy", "--prompt", "reference-0.1"])).toBe(2);
      expect(await main([...base, "--agent", "model", "--model", "openai:m", "--limit", "3"])).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(err).toEqual([
      "geb: field --base-url: --base-url is for --agent model\n",
      "geb: field --model: --model is for --agent model\n",
      "geb: field --prompt: --prompt is for --agent model\n",
      "geb: field --limit: geb ui live does not take --limit\n",
    ]);
  });
});

describe.skipIf(!hasChromium)("live app in chromium", () => {
  let session: LiveSession;
  let policy: LiveRun;
  let wrong: LiveRun;
  const seen: AgentRow[] = [];
  const recording =
    (a: LiveAgent): LiveAgent =>
    (row) => {
      seen.push(row);
      return a(row);
    };

  beforeAll(async () => {
    session = await openLiveSession(CHROMIUM);
    policy = await runLive(session, { agent: recording(policyAgent) });
    wrong = await runLive(session, { agent: recording(scriptedWrongAgent) });
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  it("the policy completes at least 90 % of the tasks, reaching each goal in the app state", () => {
    const { score, tasks } = policy;
    expect(score.sequence_metrics.tasks_total).toBe(LIVE_TASKS.length);
    expect(score.sequence_metrics.task_pass_rate).toBeGreaterThanOrEqual(0.9);
    // Passing (fixture metric) ⇔ the final app state meets the task's goal.
    const pass = new Map(score.tasks.map((t) => [t.task_id, t.pass]));
    for (const t of tasks) expect(t.goal_reached).toBe(pass.get(t.task_id));
    // Each of its actions caused the expected change in the app.
    expect(score.metrics.post_action_verify_rate).toBe(1);
    // Its one failure: the same-label ambiguity its geometric tie-break resolves instead of abstaining.
    expect(tasks.filter((t) => !t.goal_reached).map((t) => t.task_id)).toEqual(["split_save_ambiguous"]);
  });

  it("a scripted wrong agent fails visibly: low score, failed tasks named with the step", () => {
    const { score, tasks } = wrong;
    expect(score.sequence_metrics.task_pass_rate).toBeLessThan(0.3);
    expect(score.metrics.wrong_action_rate).toBeGreaterThan(0.5);
    const failed = tasks.filter((t) => t.first_failure !== null);
    expect(failed.length).toBeGreaterThanOrEqual(10);
    expect(tasks.find((t) => t.task_id === "docs_promo_close_save")?.first_failure).toEqual({
      row_id: "docs_promo_close_save_s1",
      selected: "promo-learn",
      expected: "promo-close",
    });
    // After a wrong step the harness replays the author's path, so later steps are still scored.
    expect(tasks.some((t) => t.forced_steps > 0)).toBe(true);
  });

  it("the states are agent-independent and export as fixture rows that validate and are solvable", () => {
    expect(JSON.stringify(wrong.rows)).toBe(JSON.stringify(policy.rows));
    const issues = policy.rows.flatMap((r, i) => rowIssues(JSON.parse(JSON.stringify(r)), "live", i + 1));
    expect(issues).toEqual([]);
    const s = checkSolvable(policy.rows);
    expect(s.failures).toEqual([]);
    expect(s.solvable).toBe(s.checked);
    expect(s.abstain_expected).toBe(LIVE_TASKS.filter((t) => t.steps.some((x) => x.gold === null)).length);
  });

  it("every start state renders without stray text (a null child once printed 'null')", async () => {
    for (const q of new Set(LIVE_TASKS.map((t) => t.query))) {
      await session.page.evaluate(walkScript({ startQuery: q }));
      const text = (await session.page.evaluate("document.body.innerText")) as string;
      expect(text, q).not.toMatch(/\bnull\b|\bundefined\b/);
    }
  });

  it("no answer-key field reaches an agent", () => {
    expect(seen.length).toBe(policy.rows.length * 2);
    for (const r of seen) for (const k of ANSWER_KEY_FIELDS) expect(Object.hasOwn(r, k)).toBe(false);
  });

  it("a gate trained on other tasks' states runs live on held-out tasks", async () => {
    const held = new Set(["settings_export_json", "table_open_notes"]);
    const model = trainGate(
      policy.rows.filter((r) => !held.has(r.task_id as string)),
      DEFAULT_GATE_TRAIN,
    );
    const run = await runLive(session, {
      agent: gateAgent(model),
      tasks: LIVE_TASKS.filter((t) => held.has(t.id)),
    });
    expect(run.rows.map((r) => r.id)).toEqual(["table_open_notes_s1", "settings_export_json_s1"]);
    expect(run.score.sequence_metrics.tasks_total).toBe(2);
  });

  it("--agent gate reads its model file (a bad file is an input error naming it)", async () => {
    const out = mkdtempSync(join(tmpdir(), "ui-live-"));
    const modelFile = join(out, "gate.json");
    writeFileSync(modelFile, JSON.stringify(trainGate(policy.rows, DEFAULT_GATE_TRAIN)));
    const tasks = LIVE_TASKS.filter((t) => t.id === "table_open_notes");
    const { report } = await uiLiveRun({ agent: "gate", gateModel: modelFile, outDir: out, session, tasks });
    expect(report.agent).toEqual({ name: "gate", gate_model: modelFile });
    expect(report.rows).toBe(1);
    writeFileSync(modelFile, "{}");
    await expect(
      uiLiveRun({ agent: "gate", gateModel: modelFile, outDir: out, session, tasks }),
    ).rejects.toThrow(modelFile);
  });

  it("geb ui live writes a report (schema-valid) that geb ui score reproduces from the exported files", async () => {
    const out = mkdtempSync(join(tmpdir(), "ui-live-"));
    const tasks = LIVE_TASKS.filter((t) => t.id === "docs_close_discard" || t.id === "split_save_ambiguous");
    const { report } = await uiLiveRun({
      agent: "policy",
      outDir: out,
      exportFixtures: true,
      session,
      tasks,
    });
    expect(UiLiveReportSchema.safeParse(report).success).toBe(true);
    expect(JSON.parse(readFileSync(join(out, "report.json"), "utf8"))).toEqual(report);
    expect(report.failed_tasks).toEqual(["split_save_ambiguous"]);
    // The exported file passes `geb ui validate` and `geb ui solvable` (their file-level APIs).
    expect((await validateUiFixture(join(out, "fixture.jsonl"))).issues).toEqual([]);
    const solvable = await uiSolvableFile(join(out, "fixture.jsonl"));
    expect([solvable.failures, solvable.solvable, solvable.abstain_expected]).toEqual([[], 2, 1]);
    const rescored = await uiScoreFile({
      fixture: join(out, "fixture.jsonl"),
      selections: join(out, "selections.jsonl"),
      observed: join(out, "observed.jsonl"),
      compat: "1.0",
    });
    const { fixture_verify_rate: _, ...metrics } = rescored.score.metrics;
    expect(metrics).toEqual(report.metrics);
    expect(rescored.score.sequence_metrics).toEqual(report.sequence_metrics);
  });

  describe("--agent model (an engine model over a loopback OpenAI-compatible server)", () => {
    const engineFor = (url: string) =>
      engineFromOptions({ model: "openai:m", baseUrl: `${url}/v1`, maxRetries: "0", timeoutS: "10" });

    it("a model answering like the policy passes ≥ 90 % of tasks; its prompts carry no answer key or app state", async () => {
      // The stand-in model replies what the 1.0 policy picks on the prompt's row (the rows are
      // agent-independent, checked above): a model that reads the screen as the policy does.
      const answers = new Map<string, string>();
      for (const r of policy.rows) {
        const view = toAgentRow(r);
        answers.set(buildUiPrompt(view, "1.0"), JSON.stringify({ value: await policyAgent(view) }));
      }
      const s = await startLoopback({ answer: (p) => answers.get(p) ?? "no such prompt" });
      const engine = await engineFor(s.url);
      const out = mkdtempSync(join(tmpdir(), "ui-live-"));
      try {
        const { report, run } = await uiLiveRun({
          agent: "model",
          model: { engine, spec: "openai:m", prompt: "1.0" },
          outDir: out,
          session,
        });
        expect(UiLiveReportSchema.safeParse(report).success).toBe(true);
        expect(report.sequence_metrics.task_pass_rate).toBeGreaterThanOrEqual(0.9);
        expect(run.selections).toEqual(policy.selections);
        expect(report.agent.model).toMatchObject({ spec: "openai:m", prompt: "1.0", rules: false });
        expect(report.agent.model?.requests).toBe(policy.rows.length);
        const replies = readFileSync(join(out, "replies.jsonl"), "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        expect(replies).toHaveLength(policy.rows.length);
        expect(
          replies.every((x) => x.prompt === "1.0" && x.source === "model" && x.error === undefined),
        ).toBe(true);
        // What the model saw: no answer-key field or value, no app-state key.
        const prompts = s.requests.map((q) => q.prompt);
        expect(prompts).toHaveLength(policy.rows.length);
        const state = (await session.page.evaluate("window.__appState()")) as Record<string, unknown>;
        const stateKeys = Object.keys(flattenState(state)).filter((k) => k.includes("."));
        expect(stateKeys.length).toBeGreaterThan(3);
        for (const [i, p] of prompts.entries()) {
          for (const k of ANSWER_KEY_FIELDS) expect(p).not.toContain(k);
          for (const k of stateKeys) expect(p).not.toContain(k);
          for (const k of Object.keys(state)) expect(p).not.toContain(`"${k}":`);
          const key = policy.rows[i].expected_delta;
          if (key && Object.keys(key).length) expect(p).not.toContain(JSON.stringify(key));
          expect(p).not.toContain("__appState");
        }
      } finally {
        await engine.client.close?.();
        await s.close();
      }
    });

    it("--rules on: the policy's survivors decide single-survivor steps; the model sees only survivors", async () => {
      const s = await startLoopback({ answer: () => '{"value": null}' });
      const engine = await engineFor(s.url);
      const out = mkdtempSync(join(tmpdir(), "ui-live-"));
      try {
        const { report } = await uiLiveRun({
          agent: "model",
          model: { engine, spec: "openai:m", prompt: "1.0", rules: true },
          outDir: out,
          session,
        });
        const replies = readFileSync(join(out, "replies.jsonl"), "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        const asked = replies.filter((x) => x.source === "model");
        expect(replies.length).toBe(policy.rows.length);
        expect(asked.length).toBe(s.requests.length);
        expect(asked.length).toBeGreaterThan(0);
        expect(report.agent.model).toMatchObject({ rules: true, requests: s.requests.length });
        // The rules took most steps (one survivor); the model was asked only on ties.
        expect(replies.filter((x) => x.source === "rules").length).toBeGreaterThan(asked.length);
        for (const [i, q] of s.requests.entries()) {
          const row = policy.rows.find((r) => r.id === asked[i].id)!;
          const lines = q.prompt.split("\n").filter((l) => l.startsWith("- id="));
          expect(lines.length).toBeGreaterThanOrEqual(2);
          expect(lines.length).toBeLessThan(row.candidates.length);
        }
      } finally {
        await engine.client.close?.();
        await s.close();
      }
    });

    it("a reply that is not a selection, or a failed request, stops the run: no report, the reply kept", async () => {
      const s = await startLoopback({ answer: () => "I would click the Close button." });
      const engine = await engineFor(s.url);
      const out = mkdtempSync(join(tmpdir(), "ui-live-"));
      writeFileSync(join(out, "report.json"), "{}\n"); // an earlier run's report must not survive
      try {
        await expect(
          uiLiveRun({
            agent: "model",
            model: { engine, spec: "openai:m", prompt: "reference-0.1" },
            outDir: out,
            session,
          }),
        ).rejects.toThrow(LiveModelError);
        expect(existsSync(join(out, "report.json"))).toBe(false);
        expect(readFileSync(join(out, "replies.jsonl"), "utf8")).toBe(
          `${JSON.stringify({ id: `${LIVE_TASKS[0].id}_s1`, source: "model", prompt: "reference-0.1", raw_text: "I would click the Close button.", error: "not_json" })}\n`,
        );
        // A dead endpoint: the request fails, the run stops the same way.
        await s.close();
        const dead = await engineFor(s.url);
        await expect(
          uiLiveRun({
            agent: "model",
            model: { engine: dead, spec: "openai:m", prompt: "1.0" },
            outDir: out,
            session,
          }),
        ).rejects.toThrow(/row \S+_s1: the model request failed: /);
        expect(existsSync(join(out, "report.json"))).toBe(false);
      } finally {
        await engine.client.close?.();
        await s.close();
      }
    });

    it("geb ui live --agent model: prose → exit 1, one stderr line, no report", async () => {
      const s = await startLoopback({ answer: () => "Sure! The Close button." });
      const out = mkdtempSync(join(tmpdir(), "ui-live-"));
      const err: string[] = [];
      const spy = vi.spyOn(process.stderr, "write").mockImplementation((x) => {
        err.push(String(x));
        return true;
      });
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const args = [
        "ui",
        "live",
        "--agent",
        "model",
        "--model",
        "openai:m",
        "--out-dir",
        out,
        "--chromium",
        CHROMIUM,
      ];
      try {
        expect(await main([...args, "--base-url", `${s.url}/v1`])).toBe(1);
        expect(err).toEqual([
          `geb: row ${LIVE_TASKS[0].id}_s1: the reply is not a selection (not_json); no scores reported — replies in ${out}/replies.jsonl\n`,
        ]);
        expect(existsSync(join(out, "report.json"))).toBe(false);
        err.length = 0;
        expect(await main(["ui", "live", "--agent", "model", "--out-dir", out])).toBe(2);
        expect(err).toEqual(["geb: field --model: --agent model needs --model <spec>\n"]);
      } finally {
        spy.mockRestore();
        log.mockRestore();
        process.exitCode = undefined;
        await s.close();
      }
    }, 60_000);
  });
});
