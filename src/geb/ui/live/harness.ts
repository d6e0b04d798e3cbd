/**
 * The live harness (docs/geb/ui.md "Live app"): Debian chromium (playwright-core) on the app of
 * ./app/ served on loopback. Per step: walk the page's interactive elements → fixture
 * candidates (./candidates.ts) → the agent picks from `toAgentRow(row)` (no answer key) → the
 * harness clicks at the chosen element's centre (the click goes to whatever is there, as a
 * pointer click would: a covered button is not reached) → reads the app state (`window.__appState()`, never shown to the agent) →
 * the observed delta. Rows, selections and observed effects are then scored with the fixture
 * metrics (../score.ts), so a live run and `geb ui score` on its exported rows agree.
 *
 * Off-path steps: after a wrong action (or an abstain where one was due) the task is failed;
 * the harness reloads the start state and replays the author's actions up to the next step
 * (`forced_steps`), so every row is the state the task's author wrote the step for, and the
 * exported rows are the same for every agent. The goal is checked on the final state of a run
 * that never needed a replay. Each author action the harness performs (the agent's correct
 * picks and the replays) must cause the step's expected change and the unforced gold path must
 * reach the goal: otherwise the app and the task disagree and the run stops with an error.
 */
import { existsSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { InputError } from "../../../core/errors.js";
import { importOptional } from "../../../core/optional.js";
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from "../../../core/report/png.js";
import { toAgentRow } from "../agent-row.js";
import type { UiObserved, UiRow } from "../schema.js";
import { deltaContains, ObservedEffects, type Selection, scoreUi, type UiScore } from "../score.js";
import type { LiveAgent } from "./agents.js";
import { stateDelta, stateHas, toCandidates } from "./candidates.js";
import type { AppServer } from "./server.js";
import { LIVE_TASKS, type LiveTask } from "./tasks.js";
import { type WalkResult, walkScript } from "./walk.js";

/** The app and the task definitions disagree (a bug in ./app or ./tasks.ts, not the agent's). */
export class LiveTaskError extends Error {
  constructor(task: string, step: number, reason: string) {
    super(`live task ${task} step ${step}: ${reason}`);
    this.name = "LiveTaskError";
  }
}

export const VIEWPORT = { width: 800, height: 600 };

/** A browser on the served app: one page, loaded once; runs on it go one at a time. */
export interface LiveSession {
  browser: Browser;
  server: AppServer;
  page: Page;
  close(): Promise<void>;
}

/** Start the loopback server and chromium. A missing chromium is an InputError (one line). */
export async function openLiveSession(chromiumPath = DEFAULT_CHROMIUM): Promise<LiveSession> {
  if (!existsSync(chromiumPath))
    throw new InputError(
      `chromium not found at ${chromiumPath} (geb ui live needs it: apt-get install chromium, or --chromium <path>)`,
      { field: "--chromium" },
    );
  const { chromium } = await importOptional(
    "playwright-core",
    "geb ui live",
    () => import("playwright-core"),
  );
  // node:http only when a session starts (the library import stays light).
  const { serveApp } = await import("./server.js");
  const server = await serveApp();
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  } catch (e) {
    await server.close();
    throw new InputError(
      `chromium at ${chromiumPath} did not start: ${String((e as Error).message).split("\n")[0]}`,
    );
  }
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  // No network: only the loopback app is reachable.
  await context.route("**/*", (r) => (r.request().url().startsWith(server.url) ? r.continue() : r.abort()));
  const page = await context.newPage();
  // One page load per session; each task restarts the app in its start state (window.__appStart).
  await page.goto(server.url, { waitUntil: "domcontentloaded" });
  return {
    browser,
    server,
    page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export interface LiveTaskResult {
  task_id: string;
  family: string;
  steps: number;
  /** Steps that started from a replayed state (the agent had left the author's path). */
  forced_steps: number;
  /** The final app state satisfies the task's goal, reached without any replay. */
  goal_reached: boolean;
  /** The first step the agent got wrong: the row, what it did, what was due. */
  first_failure: { row_id: string; selected: string | null; expected: string | null } | null;
}

export interface LiveRun {
  rows: UiRow[];
  selections: Selection[];
  /** One `{id, candidate_id, observed_delta}` per performed action. */
  observed: UiObserved[];
  tasks: LiveTaskResult[];
  score: UiScore;
}

export interface LiveRunOptions {
  agent: LiveAgent;
  tasks?: readonly LiveTask[];
  /** Where to save a screenshot of a step's state before it is acted on (undefined: none). */
  screenshot?: (taskId: string, stepIndex: number) => string | undefined;
}

/** The page's elements and app state after a click at the centre of `bbox`. */
const snap = (page: Page, bbox: readonly number[]): Promise<WalkResult> =>
  page.evaluate(
    walkScript({ clickAt: [bbox[0] + bbox[2] / 2, bbox[1] + bbox[3] / 2] }),
  ) as Promise<WalkResult>;
/** The same, after restarting the app in a task's start state. */
const restart = (page: Page, query: string): Promise<WalkResult> =>
  page.evaluate(walkScript({ startQuery: query })) as Promise<WalkResult>;

function checkExpected(task: LiveTask, k: number, delta: Record<string, unknown>): void {
  const step = task.steps[k];
  if (step.expect && !deltaContains(delta, step.expect))
    throw new LiveTaskError(
      task.id,
      k + 1,
      `the author's action #${step.gold} caused ${JSON.stringify(delta)}, not ${JSON.stringify(step.expect)}`,
    );
}

/** Perform the author's action of step `k` from state `cur`, check its change, return the new state. */
async function authorAction(page: Page, task: LiveTask, k: number, cur: WalkResult): Promise<WalkResult> {
  const el = cur.elements.find((e) => e.id === task.steps[k].gold);
  if (!el) throw new LiveTaskError(task.id, k + 1, `gold element #${task.steps[k].gold} is not on the page`);
  const next = await snap(page, el.bbox);
  checkExpected(task, k, stateDelta(cur.state, next.state));
  return next;
}

/** Run every task with one agent. Deterministic: same app, tasks and agent ⇒ same rows and score. */
export async function runLive(session: LiveSession, o: LiveRunOptions): Promise<LiveRun> {
  const tasks = o.tasks ?? LIVE_TASKS;
  const page = session.page;
  const rows: UiRow[] = [];
  const selections: Selection[] = [];
  const observed: UiObserved[] = [];
  const results: LiveTaskResult[] = [];
  for (const task of tasks) {
    let cur = await restart(page, task.query);
    let onPath = true;
    let forced = 0;
    let firstFailure: LiveTaskResult["first_failure"] = null;
    for (let k = 0; k < task.steps.length; k++) {
      const step = task.steps[k];
      if (!onPath) {
        cur = await restart(page, task.query);
        for (let j = 0; j < k; j++) cur = await authorAction(page, task, j, cur);
        onPath = true;
        forced++;
      }
      const candidates = toCandidates(cur);
      if (candidates.length === 0)
        throw new LiveTaskError(task.id, k + 1, "no interactive element on the page");
      if (step.gold !== null && !candidates.some((c) => c.candidate_id === step.gold))
        throw new LiveTaskError(task.id, k + 1, `gold element #${step.gold} is not on the page`);
      const row: UiRow = {
        id: `${task.id}_s${k + 1}`,
        task_id: task.id,
        step_index: k + 1,
        instruction: step.instruction,
        candidates,
        // An abstain step names a dummy gold (the fixture convention): the first candidate.
        gold: { candidate_id: step.gold ?? candidates[0].candidate_id },
        ...(step.gold === null ? { abstain_expected: true } : { expected_delta: step.expect ?? {} }),
        meta: { source: "geb-ui-live", family: task.family, start: task.query },
      };
      const shot = o.screenshot?.(task.id, k + 1);
      if (shot) await page.screenshot({ path: shot });
      const sel = await o.agent(toAgentRow(row));
      rows.push(row);
      selections.push(sel);
      const chosen = sel === null ? undefined : candidates.find((c) => c.candidate_id === sel);
      if (chosen) {
        const next = await snap(page, chosen.bbox);
        const delta = stateDelta(cur.state, next.state);
        cur = next;
        observed.push({ id: row.id, candidate_id: chosen.candidate_id, observed_delta: delta });
        if (sel === step.gold) checkExpected(task, k, delta);
      }
      if (sel !== step.gold) {
        onPath = false;
        firstFailure ??= { row_id: row.id, selected: sel, expected: step.gold };
      }
    }
    let goalReached = false;
    if (onPath && forced === 0) {
      goalReached = stateHas(cur.state, task.goal);
      if (!goalReached)
        throw new LiveTaskError(task.id, task.steps.length, "the author's path does not reach the goal");
    }
    results.push({
      task_id: task.id,
      family: task.family,
      steps: task.steps.length,
      forced_steps: forced,
      goal_reached: goalReached,
      first_failure: firstFailure,
    });
  }
  const score = scoreUi(rows, selections, { compat: "1.0", observed: new ObservedEffects(observed) });
  return { rows, selections, observed, tasks: results, score };
}

/** The rows as fixture JSONL (`geb ui validate` / `solvable` / `score` read it). */
export const liveRowsToJsonl = (rows: readonly UiRow[]): string =>
  rows.map((r) => `${JSON.stringify(r)}\n`).join("");
