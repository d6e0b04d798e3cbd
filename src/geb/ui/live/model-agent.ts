/**
 * `geb ui live --agent model`: an engine model as a live agent. Each step's prompt is built
 * from the agent row only (`buildUiPrompt(toAgentRow(row))`, ../model/prompt.ts: never the app
 * state or the answer key) and its raw reply is read by `parseUiReply`, with no repair. A
 * failed request or a reply that is not a selection stops the run (`LiveModelError`): a live
 * run cannot skip a step, and a guessed abstain would be a wrong number. Same contract as
 * `geb ui model`: no score, one stderr line, exit 1.
 *
 * One request per step, in order (the next state depends on this action), through the
 * engine's `runJobs` (retries, per-request timeout, the optional response cache).
 */
import { DiskCache } from "../../../core/engine/cache.js";
import type { EngineFromOptions } from "../../../core/engine/cli.js";
import { modelConfigHash, runJobs } from "../../../core/engine/engine.js";
import type { ModelResponse } from "../../../core/engine/types.js";
import type { AgentRow } from "../agent-row.js";
import { buildUiPrompt, parseUiReply, type UiPromptVersion, uiPromptRef } from "../model/prompt.js";
import { UI_MODEL_DEFAULT_PARAMS } from "../model/run.js";
import { targetFirst } from "../policy.js";
import type { Selection } from "../score.js";
import type { LiveAgent } from "./agents.js";

/** The model's request failed or its reply is not a selection: the live run has no score. */
export class LiveModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LiveModelError";
  }
}

/** One line of `<out-dir>/replies.jsonl`. */
export interface LiveReplyRow {
  id: string;
  /** `rules`: decided by the policy's survivors (no request; `raw_text` is empty). */
  source: "model" | "rules";
  prompt: UiPromptVersion;
  raw_text: string;
  selection?: string | null;
  /** `parseUiReply`'s reason, or `request_failed: <message>`. */
  error?: string;
}

export interface LiveModelAgentOptions {
  engine: EngineFromOptions;
  prompt: UiPromptVersion;
  /** As `geb ui model --rules on`: the policy's survivors first, the model sees them only when ≥ 2. */
  rules?: boolean;
}

export interface LiveModelAgent {
  agent: LiveAgent;
  /** Every step answered so far (the failing one included), in order. */
  replies: LiveReplyRow[];
  /** Requests sent (cache hits included). */
  requests: () => number;
  configHash: string;
}

export function liveModelAgent(o: LiveModelAgentOptions): LiveModelAgent {
  const params = { ...UI_MODEL_DEFAULT_PARAMS, ...o.engine.params };
  const template = uiPromptRef(o.prompt);
  const configHash = modelConfigHash({
    client: o.engine.client.descriptor,
    params,
    prompt: { template, rules: o.rules === true },
  });
  const cache = o.engine.run.cacheDir ? new DiskCache(o.engine.run.cacheDir) : undefined;
  const replies: LiveReplyRow[] = [];
  let asked = 0;
  const agent = async (row: AgentRow): Promise<Selection> => {
    const id = String(row.id);
    let view = row;
    if (o.rules) {
      const survivors = targetFirst(row, { applyRules: true, applyOverlayFilter: true }).survivors;
      if (survivors.length < 2) {
        const only = survivors[0]?.candidate_id;
        const selection = typeof only === "string" ? only : null;
        replies.push({ id, source: "rules", prompt: o.prompt, raw_text: "", selection });
        return selection;
      }
      const ids = new Set(survivors.map((c) => c.candidate_id));
      view = { ...row, candidates: row.candidates.filter((c) => ids.has(c.candidate_id)) };
    }
    const request = { messages: [{ role: "user" as const, content: buildUiPrompt(view, o.prompt) }], params };
    let response: ModelResponse | undefined;
    let failure: string | undefined;
    asked++;
    await runJobs([{ itemId: id, trial: 0, item: view, request }], {
      client: o.engine.client,
      maxConcurrency: 1,
      retry: o.engine.run.retry,
      timeoutMs: o.engine.run.timeoutMs,
      cache,
      onOutcome: (out) => {
        response = out.response;
        failure = out.error?.message ?? (out.response ? undefined : "no response");
      },
    });
    if (!response) {
      const msg = failure ?? "no response";
      replies.push({ id, source: "model", prompt: o.prompt, raw_text: "", error: `request_failed: ${msg}` });
      throw new LiveModelError(`row ${id}: the model request failed: ${msg}`);
    }
    const text = response.text;
    const p = parseUiReply(text, view);
    if (!p.ok) {
      replies.push({ id, source: "model", prompt: o.prompt, raw_text: text, error: p.reason });
      throw new LiveModelError(`row ${id}: the reply is not a selection (${p.reason})`);
    }
    replies.push({ id, source: "model", prompt: o.prompt, raw_text: text, selection: p.selection });
    return p.selection;
  };
  return { agent, replies, requests: () => asked, configHash };
}
