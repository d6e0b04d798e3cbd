/**
 * The LLM agent: any model the engine can call plays GF-01 online. At each decision it gets
 * the goal panel and the observation history (prompts.ts) and answers with a JSON action.
 * Tracks: EVAL-CB (closed book: no tools; an optional scratchpad), EVAL-TA (the declared
 * `local-planner-v1` tools over public information, every call logged and hashed into
 * `tool_log_hash`). EVAL-OC is the white-box exact oracle, not an LLM.
 *
 * Model calls go through the engine (`runJobs`: retries with backoff, timeouts, response
 * cache). A malformed reply is re-asked up to `maxMalformed` times, then the decision is
 * played as "no intervention" (scored as a skip). A call that still fails after the engine's
 * retries fails the episode: no row is written (an error record instead), and `--resume` plays
 * it again. An endpoint that refuses connections or the key fails in seconds (`modelFailure`).
 */
import { usageFor } from "../../core/engine/accounting.js";
import type { ResponseCache } from "../../core/engine/cache.js";
import { runJobs } from "../../core/engine/engine.js";
import type { ModelError } from "../../core/engine/errors.js";
import { RunGuard } from "../../core/engine/failfast.js";
import { type PromptStore, promptBytes } from "../../core/engine/prompt-store.js";
import { templateRef } from "../../core/engine/prompts/registry.js";
import { DEFAULT_RETRY, type RetryPolicy } from "../../core/engine/retry.js";
import type { ChatMessage, ModelClient, ModelRequest, SamplingParams } from "../../core/engine/types.js";
import { sha256Hex } from "../../core/hash.js";
import { canonicalJson } from "../../core/pyjson.js";
import { type EpisodeContext, EpisodeFailed, type EpisodePlayer, type OnlineAgent } from "./agent.js";
import { EpisodePrompts, type PromptSink } from "./prompt-order.js";
import type { GoalPanel, Observation, Rejection } from "./observation.js";
import {
  extractJsonObject,
  type PromptOptions,
  promptConfig,
  SYSTEM_TEMPLATE,
  systemPrompt,
  USER_TEMPLATE,
  userPrompt,
} from "./prompts.js";

export const LLM_TOOL_ALLOWLIST_ID = "local-planner-v1";
export const LLM_TOOLS = ["window", "check_plan", "history"] as const;

export interface LlmAgentOptions {
  client: ModelClient;
  /** Merged over the defaults (temperature 0, max_tokens 256, or 1024 with a scratchpad). */
  params?: SamplingParams;
  track?: "EVAL-CB" | "EVAL-TA";
  scratchpad?: boolean;
  /** Re-asks after a reply with no JSON object (default 2), then the step is skipped. */
  maxMalformed?: number;
  /** Tool calls allowed per decision on EVAL-TA (default 4). */
  maxToolCalls?: number;
  cache?: ResponseCache;
  retry?: RetryPolicy;
  timeoutMs?: number;
  name?: string;
  /**
   * Keep every rendered prompt there; transcript entries point to it by `prompt_sha256`.
   * EpisodePrompts holds each episode's prompts until the runner records it (episode order).
   */
  prompts?: PromptStore | EpisodePrompts;
}

export interface ToolCall {
  episode: number;
  t: number;
  tool: string;
  args: unknown;
  result: unknown;
}

/**
 * The EVAL-TA tools. They are functions of what the player has already seen (goal panel,
 * current observation, final observations of earlier rollouts), so they cannot leak.
 */
export function runTool(
  name: string,
  args: unknown,
  o: Observation,
  earlier: readonly Observation[],
): Record<string, unknown> {
  const g: GoalPanel = o.goal;
  if (name === "window") {
    const rel = o.t < g.window_lo ? "before" : o.t <= g.window_hi ? "inside" : "after";
    return {
      window_lo: g.window_lo,
      window_hi: g.window_hi,
      mode: g.mode,
      t_star: g.t_star,
      now: o.t,
      now_is: rel,
      timesteps_until_window: Math.max(0, g.window_lo - o.t),
      timesteps_left_in_window: Math.max(0, g.window_hi - Math.max(o.t, g.window_lo) + 1),
    };
  }
  if (name === "check_plan") {
    const atoms = (args as { atoms?: unknown } | null)?.atoms;
    if (!Array.isArray(atoms))
      return { ok: false, problems: ['args must be {"atoms": [[t, "input", value], ...]}'] };
    const problems: string[] = [];
    const steps = new Set<number>();
    const seen = new Set<string>();
    atoms.forEach((a, i) => {
      if (!Array.isArray(a) || a.length !== 3) {
        problems.push(`atoms[${i}] is not [t, input, value]`);
        return;
      }
      const [t, ap, v] = a;
      if (!Number.isInteger(t) || t < 0 || t >= g.T)
        problems.push(`atoms[${i}]: t=${t} outside 0..${g.T - 1}`);
      else if (t < o.t) problems.push(`atoms[${i}]: t=${t} is already played`);
      if (!g.input_aps.includes(ap)) problems.push(`atoms[${i}]: unknown input ${JSON.stringify(ap)}`);
      if (v !== 0 && v !== 1) problems.push(`atoms[${i}]: value must be 0 or 1`);
      const key = `${t}:${ap}`;
      if (seen.has(key)) problems.push(`atoms[${i}]: (t=${t}, ${ap}) set twice`);
      seen.add(key);
      steps.add(t);
    });
    if (steps.size > o.budget_t_remaining)
      problems.push(`uses ${steps.size} timesteps, ${o.budget_t_remaining} left in the timestep budget`);
    if (o.budget_a_remaining !== null && atoms.length > o.budget_a_remaining)
      problems.push(`uses ${atoms.length} settings, ${o.budget_a_remaining} left in the atom budget`);
    return { ok: problems.length === 0, timesteps_used: steps.size, problems };
  }
  if (name === "history") {
    return {
      rollouts: earlier.map((e) => ({
        run: e.episode + 1,
        phase: e.phase,
        your_settings: e.history_atoms,
        outputs: e.outputs,
        effect_status: e.effect_status_t,
      })),
    };
  }
  return { error: `unknown tool ${JSON.stringify(name)}; available: ${LLM_TOOLS.join(", ")}` };
}

/**
 * A failed model call as an episode error, in one plain line. Keyed on the error's status and the
 * engine's classification (`reason`, `connectFailure`, `permanent`), not on message text alone.
 * Permanent: the endpoint refuses connections before ever answering, or answers 401/403/404
 * (a bad key, URL or model name): the run stops at once instead of failing every episode.
 */
export function modelFailure(
  endpoint: string,
  e: ModelError | undefined,
  reachedBefore: boolean,
): EpisodeFailed {
  if (!e) return new EpisodeFailed(`model call failed at ${endpoint}: no answer`, "model_error");
  const kind = e.kind;
  const status = e.status;
  const detail = e.message.replace(/\s+/g, " ").slice(0, 200);
  if (status === 401 || status === 403)
    return new EpisodeFailed(
      `${endpoint} refused the request: HTTP ${status ?? "401"} — check the API key`,
      "model_auth",
      true,
    );
  if (status === 404)
    return new EpisodeFailed(
      `${endpoint}: HTTP 404 not found — check the base URL and the model name (${detail})`,
      "model_not_found",
      true,
    );
  // Connection-level failures: the engine's message already names the URL and the fix
  // ("cannot reach …: connection refused — is the server running?", "cannot resolve host …").
  if (e.connectFailure)
    return new EpisodeFailed(
      e.reason ? e.message : `cannot reach ${endpoint}: ${detail}`,
      "model_unreachable",
      !reachedBefore || e.permanent,
    );
  const refused =
    kind === "network" && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(e.message);
  if (refused) {
    const why = /ENOTFOUND|EAI_AGAIN/.test(e.message) ? "host not found" : "connection refused";
    return new EpisodeFailed(
      `cannot reach ${endpoint}: ${why} — is the server running?`,
      "model_unreachable",
      !reachedBefore,
    );
  }
  const permanent = e.permanent;
  return new EpisodeFailed(
    `model call failed at ${endpoint}: ${kind}${status ? ` (HTTP ${status})` : ""}: ${detail}`,
    `model_${kind}`,
    permanent,
  );
}

export type LlmAgent = OnlineAgent & {
  readonly promptOptions: PromptOptions;
  readonly params: SamplingParams;
  /** Identity of (client, params, prompts) for provenance. */
  configHash(): string;
};

export function llmAgent(o: LlmAgentOptions): LlmAgent {
  const track = o.track ?? "EVAL-CB";
  const scratchpad = !!o.scratchpad;
  const promptOptions: PromptOptions = { track, scratchpad, maxToolCalls: o.maxToolCalls ?? 4 };
  const params: SamplingParams = { temperature: 0, max_tokens: scratchpad ? 1024 : 256, ...(o.params ?? {}) };
  const maxMalformed = o.maxMalformed ?? 2;
  const name = o.name ?? `LLM-${o.client.descriptor.model}${scratchpad ? "-scratchpad" : ""}`;

  const policy = o.retry ?? DEFAULT_RETRY;
  // Until the endpoint has answered once in this run, retry briefly: a dead endpoint or a bad
  // key must fail in seconds, not after minutes of backoff (a 429's Retry-After still holds).
  const firstPolicy: RetryPolicy = {
    maxRetries: Math.min(policy.maxRetries, 2),
    baseDelayMs: Math.min(policy.baseDelayMs, 250),
    maxDelayMs: Math.min(policy.maxDelayMs, 1000),
    maxRetryWaitMs: policy.maxRetryWaitMs,
  };
  let reached = false;
  // One guard for the agent's whole run: a dead endpoint or bad key stops every later call at once.
  const guard = new RunGuard();

  /** One model call through the engine (retries, timeout, cache); throws EpisodeFailed when it gives up. */
  const call = async (messages: ChatMessage[], itemId: string, sink: PromptSink | undefined) => {
    const request: ModelRequest = { messages, params };
    let got:
      | { text: string; usage: ReturnType<typeof usageFor>; cached: boolean; promptSha256: string }
      | undefined;
    const stored = sink?.put(messages);
    const promptSha256 = stored?.sha256 ?? sha256Hex(promptBytes(messages));
    let error: ModelError | undefined;
    const stats = await runJobs([{ itemId, trial: 0, item: null, request }], {
      guard,
      client: o.client,
      maxConcurrency: 1,
      retry: reached ? policy : firstPolicy,
      timeoutMs: o.timeoutMs,
      cache: o.cache,
      onOutcome: (x) => {
        if (x.response)
          got = {
            text: x.response.text,
            usage: usageFor(request, x.response),
            cached: x.cached,
            promptSha256,
          };
        else error = x.error;
      },
    });
    if (!got) throw modelFailure(o.client.descriptor.endpoint, stats.stopped ?? error, reached);
    await stored?.done;
    if (!got.cached) reached = true;
    return got;
  };

  return {
    name,
    evalTrack: track,
    toolAllowlistId: track === "EVAL-TA" ? LLM_TOOL_ALLOWLIST_ID : "none",
    promptOptions,
    params,
    configHash: () =>
      sha256Hex(JSON.stringify({ client: o.client.descriptor, params, prompt: promptConfig(promptOptions) })),
    start(ctx: EpisodeContext): EpisodePlayer {
      const system = systemPrompt(ctx.goal, promptOptions, ctx.protocol);
      const sink = o.prompts instanceof EpisodePrompts ? o.prompts.forEpisode(ctx.index) : o.prompts;
      const toolLog: ToolCall[] = [];
      const transcript: {
        episode: number;
        t: number;
        kind: string;
        reply: string;
        /** The messages sent (in the prompt store, `<results>.prompts.jsonl`). */
        prompt_sha256: string;
      }[] = [];
      const lastOfRollout = new Map<number, Observation>();
      let promptTokens = 0;
      let completionTokens = 0;
      let estimated = false;
      let calls = 0;
      let cacheHits = 0;
      let malformedTotal = 0;
      let skipped = 0;
      return {
        async act(obs: Observation, rejection?: Rejection) {
          lastOfRollout.set(obs.episode, obs);
          // What a person sees under the board: every earlier rollout, as last observed.
          const earlierRollouts = [...lastOfRollout.entries()]
            .filter(([ep]) => ep < obs.episode)
            .sort((a, b) => a[0] - b[0])
            .map(([, ob]) => ob);
          const messages: ChatMessage[] = [
            { role: "system", content: system },
            { role: "user", content: userPrompt(obs, rejection, earlierRollouts) },
          ];
          let malformed = 0;
          let tools = 0;
          for (;;) {
            const r = await call(messages, `${ctx.index}:${obs.episode}:${obs.t}`, sink);
            calls++;
            if (r.cached) cacheHits++;
            promptTokens += r.usage.prompt_tokens;
            completionTokens += r.usage.completion_tokens;
            estimated ||= r.usage.estimated;
            const parsed = extractJsonObject(r.text);
            let problem: string | undefined;
            if ("reason" in parsed) problem = parsed.reason;
            else if (typeof parsed.value.tool === "string") {
              const v = parsed.value;
              if (track !== "EVAL-TA") problem = "tools are not available in this game; reply with an action";
              else if (tools >= promptOptions.maxToolCalls)
                problem = `tool call limit (${promptOptions.maxToolCalls}) reached for this timestep; reply with an action`;
              else {
                const result = runTool(v.tool as string, v.args ?? {}, obs, earlierRollouts);
                toolLog.push({
                  episode: obs.episode,
                  t: obs.t,
                  tool: v.tool as string,
                  args: v.args ?? {},
                  result,
                });
                transcript.push({
                  episode: obs.episode,
                  t: obs.t,
                  kind: "tool",
                  reply: r.text,
                  prompt_sha256: r.promptSha256,
                });
                tools++;
                messages.push(
                  { role: "assistant", content: r.text },
                  {
                    role: "user",
                    content: `Tool result: ${JSON.stringify(result)}\nNow your action for t=${obs.t}:`,
                  },
                );
                continue;
              }
            } else {
              transcript.push({
                episode: obs.episode,
                t: obs.t,
                kind: "action",
                reply: r.text,
                prompt_sha256: r.promptSha256,
              });
              return parsed.value;
            }
            transcript.push({
              episode: obs.episode,
              t: obs.t,
              kind: "malformed",
              reply: r.text,
              prompt_sha256: r.promptSha256,
            });
            malformed++;
            malformedTotal++;
            if (malformed > maxMalformed) {
              skipped++;
              return {}; // scored as a skip
            }
            messages.push(
              { role: "assistant", content: r.text },
              {
                role: "user",
                content: `Your reply was not a valid answer (${problem}). Reply with ONE JSON object mapping input names to 0 or 1 (e.g. {"${obs.goal.input_aps[0]}": 1}, or {} for no intervention).`,
              },
            );
          }
        },
        end(result) {
          return {
            tool_log_hash: track === "EVAL-TA" ? sha256Hex(canonicalJson(toolLog)) : undefined,
            // Unusable: no JSON action (re-asked or skipped) or an action the game refused.
            replies: { replies: calls, unparseable: malformedTotal + result.rejected_moves, inRow: true },
            log: {
              model: o.client.descriptor,
              prompt_templates: [templateRef(SYSTEM_TEMPLATE), templateRef(USER_TEMPLATE)],
              prompt_options: promptOptions,
              calls,
              cache_hits: cacheHits,
              prompt_tokens: promptTokens,
              completion_tokens: completionTokens,
              tokens_estimated: estimated,
              malformed_replies: malformedTotal,
              skipped_steps: skipped,
              tool_calls: toolLog,
              transcript,
            },
          };
        },
      };
    },
  };
}
