import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAIClient } from "../../../src/core/engine/clients/openai.js";
import { ModelError } from "../../../src/core/engine/errors.js";
import { reportRunsFile, validateRunsFile } from "../../../src/gf01/api.js";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { PlaySession } from "../../../src/gf01/play/episode.js";
import { llmAgent, modelFailure, runTool } from "../../../src/gf01/play/llm.js";
import { extractJsonObject, systemPrompt, userPrompt } from "../../../src/gf01/play/prompts.js";
import { playBundle } from "../../../src/gf01/play/runner.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../../fixtures/gf01/fake-llm.js";
import { genBundle } from "./helpers.js";

const { json, bundle } = genBundle(50, 8000);
const dir = mkdtempSync(join(tmpdir(), "gf01-llm-"));
const bundleFile = join(dir, "bundle.json");
writeFileSync(bundleFile, bundleToJson(json));
const read = (f: string) => readFileSync(f, "utf8");
const fastRetry = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 5 };
let server: Loopback;

beforeAll(async () => {
  // One injected 500 per 97th distinct prompt: the engine's retry must absorb it.
  server = await startLoopback({
    answer: fakeGf01Model,
    fault: (r) => (r.attempt === 0 && r.prompt.length % 97 === 0 ? { status: 500, body: "boom" } : undefined),
  });
});
afterAll(async () => {
  await server.close();
});

const agentFor = (track: "EVAL-CB" | "EVAL-TA") =>
  llmAgent({
    client: new OpenAIClient({ baseUrl: `${server.url}/v1`, model: "fake-llm" }),
    track,
    retry: fastRetry,
  });

describe("LLM agent on the model engine (loopback server)", () => {
  for (const track of ["EVAL-CB", "EVAL-TA"] as const) {
    it(`${track}: completes a 50-instance bundle; a resumed run equals an uninterrupted one`, async () => {
      const full = join(dir, `${track}-full.jsonl`);
      const part = join(dir, `${track}-part.jsonl`);
      const opts = { bundle, gitCommit: "c0ffee", concurrency: 8 };
      const r = await playBundle({ ...opts, agent: agentFor(track), out: full });
      expect(r.payload).toMatchObject({ status: "ok", played: 50, resumed: 0, eval_track: track });
      expect(server.requests.some((q) => q.attempt > 0)).toBe(true); // injected 500s were retried
      // Interrupted after 20 episodes, then resumed: same bytes, no replayed calls.
      await playBundle({ ...opts, agent: agentFor(track), out: part, limit: 20 });
      const before = server.requests.length;
      const r2 = await playBundle({ ...opts, agent: agentFor(track), out: part, resume: true });
      expect(r2.payload).toMatchObject({ played: 30, resumed: 20 });
      expect(read(part)).toBe(read(full));
      expect(read(`${part}.steps.jsonl`)).toBe(read(`${full}.steps.jsonl`));
      expect(server.requests.length - before).toBeGreaterThan(0);

      const rows = read(full)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(rows).toHaveLength(50);
      for (const row of rows) {
        expect(row.eval_track).toBe(track);
        expect(row.tool_allowlist_id).toBe(track === "EVAL-TA" ? "local-planner-v1" : "none");
        if (track === "EVAL-TA") expect(row.tool_log_hash).toMatch(/^[0-9a-f]{64}$/);
        else expect(row.tool_log_hash).toBe("");
      }
      const v = await validateRunsFile(full, { instancesFile: bundleFile, strict: true });
      expect(v.ok).toBe(true);
      const logs = read(`${full}.steps.jsonl`)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const a = logs[0].agent_log;
      expect(a.malformed_replies).toBe(1); // the t=1 prose, re-asked once
      expect(a.skipped_steps).toBe(0);
      expect(a.prompt_tokens).toBeGreaterThan(0);
      if (track === "EVAL-TA") {
        expect(a.tool_calls[0]).toMatchObject({ t: 0, tool: "window", result: { now: 0 } });
        expect(rows[0].tool_log_hash).not.toBe(rows[1].tool_log_hash);
      }
      // The model set the first input at the window start (t >= 2): the rows show exactly that.
      let checked = 0;
      rows.forEach((row, i) => {
        const inst = bundle.instances[i];
        const lo = compileInstance(inst).lo;
        if (lo < 2) return;
        expect(row.certificate).toEqual([[lo, inst.automaton.input_aps[0], 1]]);
        checked++;
      });
      expect(checked).toBeGreaterThan(10);
    });
  }

  it("explore_then_commit: the scored-run prompt shows the model its own practice rollouts (user template v2)", async () => {
    for (const track of ["EVAL-CB", "EVAL-TA"] as const) {
      const before = server.requests.length;
      const out = join(dir, `etc-${track}.jsonl`);
      const r = await playBundle({
        bundle: { ...bundle, instances: bundle.instances.slice(0, 3) },
        agent: agentFor(track),
        protocol: "explore_then_commit",
        exploreEpisodes: 2,
        out,
        gitCommit: "c",
      });
      expect(r.ok).toBe(true);
      const logs = read(`${out}.steps.jsonl`)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const userPrompts = server.requests.slice(before).map((q) => {
        const msgs = q.body.messages as { role: string; content: string }[];
        return { system: msgs[0].content, user: msgs[1].content };
      });
      for (const [i, log] of logs.entries()) {
        const practice = log.rollouts[0];
        expect(practice.phase).toBe("explore");
        // The practice run as the model played it, line by line.
        const expected = [
          `Practice run 1: effect ${practice.effect_triggered ? "triggered" : "not-triggered"}.`,
        ];
        for (const st of practice.steps) {
          const set = Object.entries(st.set as Record<string, number>)
            .map(([k, v]) => `"${k}": ${v}`)
            .join(", ");
          const outs = Object.entries(st.y_t as Record<string, number>)
            .map(([k, v]) => `${k}=${v}`)
            .join(" ");
          expected.push(`  t=${st.t}: you set {${set}} -> outputs ${outs}`);
        }
        const inst = bundle.instances[i];
        const scored = userPrompts.filter(
          (p) =>
            p.user.includes("Phase: the scored run.") &&
            p.user.includes(`Horizon T=${inst.base_trace.length}`),
        );
        expect(scored.length).toBeGreaterThan(0);
        expect(scored.some((p) => p.user.includes(expected.join("\n")))).toBe(true);
        expect(log.agent_log.prompt_templates[1]).toBe("gf01-play-user@2");
      }
      // The first practice run has nothing earlier to show; EVAL-TA keeps its tools.
      const firstRun = userPrompts.filter((p) => p.user.includes("Phase: unscored exploration run 1 "));
      expect(firstRun.length).toBeGreaterThan(0);
      for (const p of firstRun) expect(p.user).not.toContain("Practice run");
      expect(userPrompts.every((p) => p.system.includes("Tools (allowlist") === (track === "EVAL-TA"))).toBe(
        true,
      );
    }
  });

  it("report keeps the tracks apart and shows per-agent metrics", async () => {
    const both = join(dir, "both.jsonl");
    writeFileSync(both, read(join(dir, "EVAL-CB-full.jsonl")) + read(join(dir, "EVAL-TA-full.jsonl")));
    const rep = await reportRunsFile(both, { instancesFile: bundleFile });
    expect(rep.ok).toBe(true);
    const groups = rep.payload.groups as Record<string, unknown>[];
    const tracks = new Set(groups.map((g) => g.eval_track));
    expect(tracks).toEqual(new Set(["EVAL-CB", "EVAL-TA"]));
    for (const g of groups) {
      for (const k of [
        "certified_rate",
        "goal_rate",
        "ap_f1_mean",
        "ts_f1_mean",
        "median_eff_t",
        "kappa_distribution",
      ])
        expect(g).toHaveProperty(k);
    }
  });

  it("a model that never answers validly is skipped, then scored; a dead server fails the episode only", async () => {
    const inst = bundle.instances[0];
    const garbage = await startLoopback({ answer: () => "no idea" });
    try {
      const agent = llmAgent({
        client: new OpenAIClient({ baseUrl: `${garbage.url}/v1`, model: "garbage" }),
        retry: fastRetry,
        maxMalformed: 1,
      });
      const r = await playBundle({ bundle: { ...bundle, instances: [inst] }, agent, gitCommit: "c" });
      expect(r.rows[0].certificate).toEqual([]);
      expect(garbage.requests.length).toBe(2 * inst.base_trace.length);
    } finally {
      await garbage.close();
    }
    const dead = llmAgent({
      client: new OpenAIClient({ baseUrl: "http://127.0.0.1:9/v1", model: "dead" }),
      retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const out = join(dir, "dead.jsonl");
    const r = await playBundle({
      bundle: { ...bundle, instances: [inst] },
      agent: dead,
      out,
      gitCommit: "c",
    });
    expect(r.ok).toBe(false);
    expect(r.payload.errors).toMatchObject([{ kind: "model_unreachable", permanent: true }]);
    expect(read(out)).toBe("");
    expect(read(`${out}.errors.jsonl`)).toMatch(/model_unreachable/);
  });
});

describe("model failures (modelFailure)", () => {
  const ep = "http://127.0.0.1:1/v1";
  it("classifies by status, retryable and kind; permanent only where retrying cannot help", () => {
    const f = (e: ModelError, reached = false) => {
      const x = modelFailure(ep, e, reached);
      return { kind: x.kind, permanent: x.permanent, message: x.message };
    };
    expect(f(new ModelError("client", "HTTP 403: nope", { status: 403 }))).toMatchObject({
      kind: "model_auth",
      permanent: true,
    });
    expect(f(new ModelError("client", "HTTP 404: no model", { status: 404 }))).toMatchObject({
      kind: "model_not_found",
      permanent: true,
    });
    expect(f(new ModelError("network", "network error: ECONNREFUSED"))).toEqual({
      kind: "model_unreachable",
      permanent: true,
      message: `cannot reach ${ep}: connection refused — is the server running?`,
    });
    // The server answered earlier in the run and went away: not permanent (3 in a row stop it).
    expect(f(new ModelError("network", "network error: ECONNREFUSED"), true).permanent).toBe(false);
    expect(f(new ModelError("client", "HTTP 400: too long", { status: 400 }))).toMatchObject({
      kind: "model_client",
      permanent: false,
    });
    expect(f(new ModelError("server", "HTTP 503", { status: 503 })).kind).toBe("model_server");
    // The engine's classified connection failures keep its one-line message (URL and fix).
    const refused = new ModelError(
      "network",
      `cannot reach ${ep}: connection refused — is the server running?`,
      {
        reason: "connection_refused",
      },
    );
    expect(f(refused)).toEqual({ kind: "model_unreachable", permanent: true, message: refused.message });
    expect(f(refused, true).permanent).toBe(false);
    const dns = new ModelError(
      "network",
      "cannot resolve host 'x.invalid' of http://x.invalid/v1 (ENOTFOUND)",
      {
        reason: "dns",
      },
    );
    expect(f(dns, true)).toMatchObject({ kind: "model_unreachable", permanent: true });
  });
});

describe("prompts and tools", () => {
  const inst = bundle.instances[3];
  const s = new PlaySession(inst, compileInstance(inst));
  it("prompts show the goal and history, never hidden state", () => {
    s.submit({ [inst.automaton.input_aps[0]]: 1 });
    const o = s.observation();
    const sys = systemPrompt(o.goal, { track: "EVAL-CB", scratchpad: false, maxToolCalls: 4 }, "commit_only");
    const user = userPrompt(o);
    expect(sys).not.toContain("Tools (");
    expect(user).toContain(`t=0: you set {"${inst.automaton.input_aps[0]}": 1} -> outputs`);
    expect(user).toContain("Now t=1.");
    for (const st of inst.automaton.states) expect(`${sys}\n${user}`).not.toContain(`${st} `);
  });
  it("extracts the last JSON object, through fences and scratchpads", () => {
    expect(extractJsonObject('<scratchpad>{"in0": 0}</scratchpad> ```json\n{"in1": 1}\n```')).toEqual({
      value: { in1: 1 },
    });
    expect(extractJsonObject('a {"x": {"y": "}"}} b')).toEqual({ value: { x: { y: "}" } } });
    expect(extractJsonObject("nothing here")).toEqual({ reason: "no JSON object found in the reply" });
  });
  it("check_plan validates against public budgets and horizon", () => {
    const o = s.observation();
    const ap = inst.automaton.input_aps[0];
    expect(runTool("check_plan", { atoms: [[o.t, ap, 1]] }, o, [])).toMatchObject({ ok: true });
    const bad = runTool(
      "check_plan",
      {
        atoms: [
          [0, ap, 1],
          [o.goal.T, "zz", 2],
        ],
      },
      o,
      [],
    );
    expect(bad.ok).toBe(false);
    expect((bad.problems as string[]).join(";")).toMatch(
      /already played.*outside.*unknown input.*value must be/,
    );
  });
});
