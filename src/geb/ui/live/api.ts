/**
 * `geb ui live` as a file-level API (the CLI in ./cli.ts is a thin shell over it): run one
 * agent over the live app's tasks and write the report, selections, observed effects and
 * (optionally) the states as fixture rows and screenshots into an output directory.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { EngineFromOptions } from "../../../core/engine/cli.js";
import { InputError } from "../../../core/errors.js";
import { writeTextAtomic } from "../../io.js";
import { readGateModel } from "../fixture.js";
import { gateAgent, type LiveAgent, type LiveAgentName, policyAgent, scriptedWrongAgent } from "./agents.js";
import type { UiPromptVersion } from "../model/prompt.js";
import { type LiveModelAgent, liveModelAgent } from "./model-agent.js";
import { liveRowsToJsonl, type LiveRun, type LiveSession, openLiveSession, runLive } from "./harness.js";
import { UI_LIVE_SCHEMA_VERSION, type UiLiveReport } from "./schema.js";
import { LIVE_TASKS, type LiveTask } from "./tasks.js";

export interface UiLiveOptions {
  agent: LiveAgentName;
  /** `--agent gate`: the model file (`geb ui gate train --out-model`). */
  gateModel?: string;
  /** `--agent model`: the engine (`engineFromOptions`), the spec as given, the prompt version. */
  model?: { engine: EngineFromOptions; spec: string; prompt: UiPromptVersion; rules?: boolean };
  outDir: string;
  /** Also write `<out-dir>/fixture.jsonl`: every live state as a fixture row. */
  exportFixtures?: boolean;
  /** Also write `<out-dir>/screenshots/<task>_s<k>.png` (each state before its action). */
  screenshots?: boolean;
  chromium?: string;
  tasks?: readonly LiveTask[];
  /** Reuse an open session (tests: one chromium launch for several runs). */
  session?: LiveSession;
}

const LIVE_OUTPUTS = ["report.json", "selections.jsonl", "observed.jsonl", "fixture.jsonl"] as const;

export function liveAgent(name: LiveAgentName, gateModel?: string): LiveAgent {
  if (name === "model") throw new InputError("--agent model needs --model", { field: "--model" });
  if (name === "policy") return policyAgent;
  if (name === "scripted-wrong") return scriptedWrongAgent;
  if (gateModel === undefined) throw new InputError("--agent gate needs --gate-model");
  return gateAgent(readGateModel(gateModel));
}

export function liveReport(
  run: LiveRun,
  o: {
    agent: LiveAgentName;
    gateModel?: string;
    /** `--agent model`: what the report records about the model (absent for the other agents). */
    model?: { spec: string; prompt: UiPromptVersion; rules: boolean; requests: number; config_hash: string };
    browser: string;
    tasks: readonly LiveTask[];
  },
): UiLiveReport {
  const pass = new Map(run.score.tasks.map((t) => [t.task_id, t.pass]));
  const tasks = run.tasks.map((t) => ({
    task_id: t.task_id,
    family: t.family,
    steps: t.steps,
    pass: pass.get(t.task_id) ?? false,
    goal_reached: t.goal_reached,
    forced_steps: t.forced_steps,
    first_failure: t.first_failure,
  }));
  // fixture_verify_rate (the reference's verify of the gold's recorded effect) is left out: a
  // live run observes the action the agent took, not the gold's, so it would read 0.
  const { fixture_verify_rate: _, ...metrics } = run.score.metrics;
  return {
    schema_version: UI_LIVE_SCHEMA_VERSION,
    compat: "1.0",
    agent: { name: o.agent, gate_model: o.gateModel ?? null, ...(o.model ? { model: o.model } : {}) },
    app: { tasks: o.tasks.length, families: [...new Set(o.tasks.map((t) => t.family))], browser: o.browser },
    rows: run.score.rows,
    metrics,
    sequence_metrics: run.score.sequence_metrics,
    intervals: run.score.intervals,
    goal_reached_rate: tasks.length ? tasks.filter((t) => t.goal_reached).length / tasks.length : null,
    failed_tasks: tasks.filter((t) => !t.pass).map((t) => t.task_id),
    tasks,
  } as UiLiveReport;
}

export async function uiLiveRun(o: UiLiveOptions): Promise<{ report: UiLiveReport; run: LiveRun }> {
  let model: LiveModelAgent | undefined;
  if (o.agent === "model" && o.model)
    model = liveModelAgent({ engine: o.model.engine, prompt: o.model.prompt, rules: o.model.rules });
  const agent = model?.agent ?? liveAgent(o.agent, o.gateModel);
  const jsonl = (xs: readonly unknown[]) => xs.map((x) => `${JSON.stringify(x)}\n`).join("");
  // Every raw reply is kept, the failing one included (a failed run writes nothing else).
  const writeReplies = () => {
    if (model) writeTextAtomic(join(o.outDir, "replies.jsonl"), jsonl(model.replies));
  };
  const tasks = o.tasks ?? LIVE_TASKS;
  const session = o.session ?? (await openLiveSession(o.chromium));
  const browser = session.browser.version();
  let run: LiveRun;
  try {
    const shots = join(o.outDir, "screenshots");
    if (o.screenshots) mkdirSync(shots, { recursive: true });
    run = await runLive(session, {
      agent,
      tasks,
      screenshot: o.screenshots ? (task, k) => join(shots, `${task}_s${k}.png`) : undefined,
    });
  } catch (e) {
    writeReplies();
    // A failed run has no result: an earlier run's report in the same folder must not pass for one.
    if (model) for (const f of LIVE_OUTPUTS) rmSync(join(o.outDir, f), { force: true });
    throw e;
  } finally {
    if (!o.session) await session.close();
  }
  writeReplies();
  const report = liveReport(run, {
    agent: o.agent,
    gateModel: o.gateModel,
    model:
      model && o.model
        ? {
            spec: o.model.spec,
            prompt: o.model.prompt,
            rules: o.model.rules === true,
            requests: model.requests(),
            config_hash: model.configHash,
          }
        : undefined,
    browser,
    tasks,
  });
  writeTextAtomic(join(o.outDir, "report.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeTextAtomic(
    join(o.outDir, "selections.jsonl"),
    jsonl(run.rows.map((r, i) => ({ id: r.id, value: run.selections[i] }))),
  );
  writeTextAtomic(join(o.outDir, "observed.jsonl"), jsonl(run.observed));
  if (o.exportFixtures) writeTextAtomic(join(o.outDir, "fixture.jsonl"), liveRowsToJsonl(run.rows));
  return { report, run };
}
