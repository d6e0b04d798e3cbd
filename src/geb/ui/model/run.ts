/**
 * `geb ui model`: an engine model picks one candidate per step (or abstains), from the agent
 * row only, through `src/core/engine` (the same clients, retries, cache, results file and
 * `--config` as `geb model`). Raw output only (./prompt.ts `parseUiReply`): a reply that is
 * not a selection is an error row. A run with failed requests or unreadable replies reports
 * no score (the caller exits 1); otherwise the steps are scored with the 1.0 metrics.
 */
import { type EngineFromOptions, engineEvaluateOptions } from "../../../core/engine/cli.js";
import { evaluate, modelConfigHash } from "../../../core/engine/engine.js";
import { type AgentRow, toAgentRow } from "../agent-row.js";
import { readUiFixture, readUiObserved } from "../fixture.js";
import { targetFirst } from "../policy.js";
import type { UiRow } from "../schema.js";
import { ObservedEffects, scoreUi } from "../score.js";
import { buildUiPrompt, parseUiReply, type UiPromptVersion, uiPromptRef } from "./prompt.js";

export const UI_MODEL_DEFAULT_PARAMS = { temperature: 0, max_tokens: 64 } as const;

export interface UiModelRunOptions {
  fixture: string;
  observed?: string;
  prompt: UiPromptVersion;
  engine: EngineFromOptions;
  /** The spec as given (`openai:…`), recorded in the selector. */
  model: string;
  /**
   * The reference adapter's flow: the 1.0 policy's survivors first; one survivor is taken and
   * none is an abstain without asking the model, and the model sees only the survivors.
   */
  rules?: boolean;
}

export interface UiReplyRow {
  id: string;
  /** `rules`: decided by the policy's survivors (no request; `raw_text` is empty). */
  source: "model" | "rules";
  raw_text: string;
  selection?: string | null;
  error?: string;
}

export interface UiModelRunResult {
  /** Requests that failed after retries (no reply at all). */
  requestErrors: number;
  firstRequestError: string | null;
  /** One per answered step, in fixture order. */
  replies: UiReplyRow[];
  /** Replies that are not a selection. */
  invalid: UiReplyRow[];
  /** The geb-ui-score.v1 payload, or null when the run is not scorable. */
  payload: Record<string, unknown> | null;
}

export async function runUiModel(o: UiModelRunOptions): Promise<UiModelRunResult> {
  const { rows: all } = await readUiFixture(o.fixture);
  const limit = o.engine.run.limit;
  const rows: UiRow[] = limit !== undefined ? all.slice(0, limit) : all;
  const params = { ...UI_MODEL_DEFAULT_PARAMS, ...o.engine.params };
  const configHash = modelConfigHash({
    client: o.engine.client.descriptor,
    params,
    prompt: { template: uiPromptRef(o.prompt), rules: o.rules === true },
  });
  // The model is built from the agent row only: no answer-key field reaches the prompt. With
  // --rules on it sees the policy's survivors only, and only when two or more survive.
  const views = new Map<string, AgentRow>();
  const decided = new Map<string, string | null>();
  for (const r of rows) {
    const view = toAgentRow(r);
    if (o.rules) {
      const survivors = targetFirst(view, { applyRules: true, applyOverlayFilter: true }).survivors;
      if (survivors.length < 2) {
        const only = survivors[0]?.candidate_id;
        decided.set(r.id, typeof only === "string" ? only : null);
        continue;
      }
      const ids = new Set(survivors.map((c) => c.candidate_id));
      view.candidates = view.candidates.filter((c) => ids.has(c.candidate_id));
    }
    views.set(r.id, view);
  }
  const asked = rows.filter((r) => views.has(r.id));
  const res = await evaluate<UiRow>({
    items: asked,
    itemId: (r) => r.id,
    build: (r) => ({
      request: {
        messages: [{ role: "user", content: buildUiPrompt(views.get(r.id)!, o.prompt) }],
        params,
      },
      promptTemplate: uiPromptRef(o.prompt),
    }),
    ...engineEvaluateOptions(o.engine),
    configHash,
    trials: 1,
    resultsPath: o.engine.run.resultsPath,
    resume: o.engine.run.resume,
    overwrite: o.engine.run.overwrite,
    label: "geb ui model",
  });
  const byId = new Map(res.records.filter((r) => r.trial === 0).map((r) => [r.item_id, r.raw_text]));
  const replies: UiReplyRow[] = [];
  for (const r of rows) {
    if (decided.has(r.id)) {
      replies.push({ id: r.id, source: "rules", raw_text: "", selection: decided.get(r.id) ?? null });
      continue;
    }
    const text = byId.get(r.id);
    if (text === undefined) continue;
    const p = parseUiReply(text, views.get(r.id)!);
    replies.push(
      p.ok
        ? { id: r.id, source: "model", raw_text: text, selection: p.selection }
        : { id: r.id, source: "model", raw_text: text, error: p.reason },
    );
  }
  const invalid = replies.filter((r) => r.error !== undefined);
  // A step without a reply (a failed request) is never scored as an abstain.
  const requestErrors = Math.max(res.errors.length, rows.length - replies.length);
  const firstRequestError = res.summary.first_error?.message ?? null;
  if (requestErrors > 0 || invalid.length > 0)
    return { requestErrors, firstRequestError, replies, invalid, payload: null };
  const picked = new Map(replies.map((r) => [r.id, r.selection ?? null]));
  const selections = rows.map((r) => picked.get(r.id) ?? null);
  const observed =
    o.observed !== undefined ? new ObservedEffects(await readUiObserved(o.observed)) : undefined;
  const score = scoreUi(rows, selections, { compat: "1.0", observed });
  const payload = {
    schema_version: "geb-ui-score.v1",
    compat: "1.0",
    fixture: o.fixture,
    observed: o.observed ?? null,
    selector: {
      kind: "model",
      model: o.model,
      prompt: o.prompt,
      rules: o.rules === true,
      requests: asked.length,
      config_hash: configHash,
    },
    rows: score.rows,
    metrics: score.metrics,
    sequence_metrics: score.sequence_metrics,
    intervals: score.intervals,
    tasks: score.tasks,
  };
  return { requestErrors, firstRequestError, replies, invalid, payload };
}

export const repliesJsonl = (replies: readonly UiReplyRow[]): string =>
  replies.map((r) => `${JSON.stringify(r)}\n`).join("");
