import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  registerTemplate,
  renderTemplate,
  runJobs,
  templateRef
} from "./chunk-DMNN6MZC.js";
import "./chunk-TNHSOIRF.js";
import {
  promptBytes
} from "./chunk-KU3RCWH4.js";
import "./chunk-7FPTHU2P.js";
import {
  EpisodeFailed
} from "./chunk-7IB7HC4M.js";
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";
import {
  canonicalJson
} from "./chunk-KRB3VAEL.js";
import {
  usageFor
} from "./chunk-3RFMFL4K.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-LXQA6YAV.js";
import "./chunk-QYZGEUIB.js";
import {
  DEFAULT_RETRY,
  RunGuard
} from "./chunk-DXD3EPTX.js";
import "./chunk-HFM5OLF6.js";

// src/gf01/play/prompts.ts
var SYSTEM_TEMPLATE = registerTemplate({
  id: "gf01-play-system",
  version: 1,
  description: "GF-01 online play: rules, goal, answer format (and tools on EVAL-TA)",
  slots: ["goal", "budgets", "protocol", "answer", "tools"],
  text: `You are playing GF-01, a turn-based game against a hidden finite-state machine.

Rules:
- Time runs t = 0, 1, ..., T-1. At each timestep you choose values for some input propositions for THAT timestep only; inputs you do not set keep their hidden default value.
- After your choice the machine moves and you observe its output propositions y_t. You never see the machine's state or the default inputs.
- {goal}
- {budgets}
- You are certified only if the goal is met AND every intervention was necessary: removing any single one of your (t, input, value) settings must lose the goal. Setting an input to its default value is an unnecessary intervention. Fewer intervened timesteps is better.
{protocol}
{tools}
Answer format: {answer}`
});
var USER_TEMPLATE = registerTemplate({
  id: "gf01-play-user",
  version: 2,
  description: "GF-01 online play: earlier practice runs, the observation history and the decision asked for",
  slots: ["panel", "practice", "history", "status", "note", "ask"],
  text: `{panel}

{practice}{history}
{status}
{note}{ask}`
});
function promptConfig(o) {
  return { system: templateRef(SYSTEM_TEMPLATE), user: templateRef(USER_TEMPLATE), ...o };
}
function goalSentence(g) {
  return g.mode === "hard" ? `Goal: make the output ${g.effect_ap} equal 1 at exactly timestep t*=${g.t_star}.` : `Goal: make the output ${g.effect_ap} equal 1 at least once in the window t=${g.window_lo}..${g.window_hi} (target t*=${g.t_star}, window size ${g.window_size}).`;
}
function budgetSentence(g) {
  const atoms = g.budget_atoms === null ? "" : ` and at most ${g.budget_atoms} input settings in total`;
  return `Budget: you may intervene at most at ${g.budget_timestep} distinct timesteps${atoms}.`;
}
var TOOLS_TEXT = (k) => `Tools (allowlist local-planner-v1; they only use information you have already seen). To call one, reply with {"tool": "<name>", "args": {...}} instead of an action; you will get the result and can then answer. At most ${k} tool calls per timestep.
- "window": args {} -> the objective window and where the current timestep is relative to it.
- "check_plan": args {"atoms": [[t, "input", value], ...]} -> whether a plan of future settings fits the input names, the horizon, the timesteps still to come and the remaining budgets.
- "history": args {} -> outputs and your settings in earlier rollouts of this game.
`;
function systemPrompt(g, o, protocol) {
  const answer = o.scratchpad ? 'you may think first inside <scratchpad>...</scratchpad>; then end your reply with ONE JSON object mapping input names to 0 or 1, e.g. {"in0": 1}; {} means no intervention. The last JSON object in your reply is your action.' : 'reply with ONE JSON object only, mapping input names to 0 or 1, e.g. {"in0": 1}; {} means no intervention. No other text.';
  const proto = protocol === "explore_then_commit" ? '- Before the scored run you may play unscored exploration runs (same rules, from t=0). Reply {"type": "commit"} at any time to stop exploring and start the scored run.\n' : "- You play one scored run.\n";
  return renderTemplate(SYSTEM_TEMPLATE, {
    goal: goalSentence(g),
    budgets: budgetSentence(g),
    protocol: proto,
    tools: o.track === "EVAL-TA" ? TOOLS_TEXT(o.maxToolCalls) : "",
    answer
  });
}
var fmtSet = (atoms, t) => {
  const here = atoms.filter((a) => a[0] === t);
  return here.length ? `{${here.map((a) => `"${a[1]}": ${a[2]}`).join(", ")}}` : "{}";
};
var fmtOut = (v) => Object.entries(v).map(([k, b]) => `${k}=${b}`).join(" ");
function practiceBlock(earlier) {
  if (!earlier.length) return "";
  const out = ["Your earlier practice runs (unscored; same machine, same default inputs):"];
  for (const e of earlier) {
    const ended = e.done ? "" : ` (stopped after t=${e.t - 1})`;
    out.push(`Practice run ${e.episode + 1}${ended}: effect ${e.effect_status_t}.`);
    for (let t = 0; t < e.t; t++)
      out.push(`  t=${t}: you set ${fmtSet(e.history_atoms, t)} -> outputs ${fmtOut(e.outputs[t])}`);
  }
  return `${out.join("\n")}

`;
}
function userPrompt(o, rejection, earlier = []) {
  const g = o.goal;
  const panel = [
    goalSentence(g),
    `Inputs: ${g.input_aps.join(", ")}. Outputs: ${g.output_aps.join(", ")}. Horizon T=${g.T} (t=0..${g.T - 1}).`,
    o.phase === "commit" ? "Phase: the scored run." : `Phase: unscored exploration run ${o.episode + 1} (${o.explore_remaining} more allowed after this one).`
  ].join("\n");
  const lines = ["So far in this run:"];
  if (o.t === 0) lines.push("(nothing yet)");
  for (let t = 0; t < o.t; t++)
    lines.push(`t=${t}: you set ${fmtSet(o.history_atoms, t)} -> outputs ${fmtOut(o.outputs[t])}`);
  const atoms = g.budget_atoms === null ? "" : `, input settings ${o.budget_a_remaining} of ${g.budget_atoms}`;
  const status = `Effect status: ${o.effect_status_t}. Budget left: timesteps ${o.budget_t_remaining} of ${g.budget_timestep}${atoms}.`;
  const note = rejection ? `Your previous answer was rejected: ${rejection.message}
` : "";
  const ask = o.done ? 'This exploration run is over. Reply {} to explore again or {"type": "commit"} to start the scored run.' : `Now t=${o.t}. Your action for t=${o.t}:`;
  return renderTemplate(USER_TEMPLATE, {
    panel,
    practice: practiceBlock(earlier),
    history: lines.join("\n"),
    status,
    note,
    ask
  });
}
function extractJsonObject(text) {
  const body = text.replace(/<scratchpad>[\s\S]*?<\/scratchpad>/g, " ");
  let best;
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "{") continue;
    let depth = 0;
    let inStr = false;
    for (let j = i; j < body.length; j++) {
      const c = body[j];
      if (inStr) {
        if (c === "\\") j++;
        else if (c === '"') inStr = false;
      } else if (c === '"') inStr = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        try {
          const v = JSON.parse(body.slice(i, j + 1));
          if (v && typeof v === "object" && !Array.isArray(v)) {
            best = v;
            i = j;
          }
        } catch {
        }
        break;
      }
    }
  }
  return best ? { value: best } : { reason: "no JSON object found in the reply" };
}

// src/gf01/play/llm.ts
var LLM_TOOL_ALLOWLIST_ID = "local-planner-v1";
var LLM_TOOLS = ["window", "check_plan", "history"];
function runTool(name, args, o, earlier) {
  const g = o.goal;
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
      timesteps_left_in_window: Math.max(0, g.window_hi - Math.max(o.t, g.window_lo) + 1)
    };
  }
  if (name === "check_plan") {
    const atoms = args?.atoms;
    if (!Array.isArray(atoms))
      return { ok: false, problems: ['args must be {"atoms": [[t, "input", value], ...]}'] };
    const problems = [];
    const steps = /* @__PURE__ */ new Set();
    const seen = /* @__PURE__ */ new Set();
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
        effect_status: e.effect_status_t
      }))
    };
  }
  return { error: `unknown tool ${JSON.stringify(name)}; available: ${LLM_TOOLS.join(", ")}` };
}
function modelFailure(endpoint, e, reachedBefore) {
  if (!e) return new EpisodeFailed(`model call failed at ${endpoint}: no answer`, "model_error");
  const kind = e.kind;
  const status = e.status;
  const detail = e.message.replace(/\s+/g, " ").slice(0, 200);
  if (status === 401 || status === 403)
    return new EpisodeFailed(
      `${endpoint} refused the request: HTTP ${status ?? "401"} \u2014 check the API key`,
      "model_auth",
      true
    );
  if (status === 404)
    return new EpisodeFailed(
      `${endpoint}: HTTP 404 not found \u2014 check the base URL and the model name (${detail})`,
      "model_not_found",
      true
    );
  if (e.connectFailure)
    return new EpisodeFailed(
      e.reason ? e.message : `cannot reach ${endpoint}: ${detail}`,
      "model_unreachable",
      !reachedBefore || e.permanent
    );
  const refused = kind === "network" && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(e.message);
  if (refused) {
    const why = /ENOTFOUND|EAI_AGAIN/.test(e.message) ? "host not found" : "connection refused";
    return new EpisodeFailed(
      `cannot reach ${endpoint}: ${why} \u2014 is the server running?`,
      "model_unreachable",
      !reachedBefore
    );
  }
  const permanent = e.permanent;
  return new EpisodeFailed(
    `model call failed at ${endpoint}: ${kind}${status ? ` (HTTP ${status})` : ""}: ${detail}`,
    `model_${kind}`,
    permanent
  );
}
function llmAgent(o) {
  const track = o.track ?? "EVAL-CB";
  const scratchpad = !!o.scratchpad;
  const promptOptions = { track, scratchpad, maxToolCalls: o.maxToolCalls ?? 4 };
  const params = { temperature: 0, max_tokens: scratchpad ? 1024 : 256, ...o.params ?? {} };
  const maxMalformed = o.maxMalformed ?? 2;
  const name = o.name ?? `LLM-${o.client.descriptor.model}${scratchpad ? "-scratchpad" : ""}`;
  const policy = o.retry ?? DEFAULT_RETRY;
  const firstPolicy = {
    maxRetries: Math.min(policy.maxRetries, 2),
    baseDelayMs: Math.min(policy.baseDelayMs, 250),
    maxDelayMs: Math.min(policy.maxDelayMs, 1e3)
  };
  let reached = false;
  const guard = new RunGuard();
  const call = async (messages, itemId) => {
    const request = { messages, params };
    let got;
    const stored = o.prompts?.put(messages);
    const promptSha256 = stored?.sha256 ?? sha256Hex(promptBytes(messages));
    let error;
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
            promptSha256
          };
        else error = x.error;
      }
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
    configHash: () => sha256Hex(JSON.stringify({ client: o.client.descriptor, params, prompt: promptConfig(promptOptions) })),
    start(ctx) {
      const system = systemPrompt(ctx.goal, promptOptions, ctx.protocol);
      const toolLog = [];
      const transcript = [];
      const lastOfRollout = /* @__PURE__ */ new Map();
      let promptTokens = 0;
      let completionTokens = 0;
      let estimated = false;
      let calls = 0;
      let cacheHits = 0;
      let malformedTotal = 0;
      let skipped = 0;
      return {
        async act(obs, rejection) {
          lastOfRollout.set(obs.episode, obs);
          const earlierRollouts = [...lastOfRollout.entries()].filter(([ep]) => ep < obs.episode).sort((a, b) => a[0] - b[0]).map(([, ob]) => ob);
          const messages = [
            { role: "system", content: system },
            { role: "user", content: userPrompt(obs, rejection, earlierRollouts) }
          ];
          let malformed = 0;
          let tools = 0;
          for (; ; ) {
            const r = await call(messages, `${ctx.index}:${obs.episode}:${obs.t}`);
            calls++;
            if (r.cached) cacheHits++;
            promptTokens += r.usage.prompt_tokens;
            completionTokens += r.usage.completion_tokens;
            estimated ||= r.usage.estimated;
            const parsed = extractJsonObject(r.text);
            let problem;
            if ("reason" in parsed) problem = parsed.reason;
            else if (typeof parsed.value.tool === "string") {
              const v = parsed.value;
              if (track !== "EVAL-TA") problem = "tools are not available in this game; reply with an action";
              else if (tools >= promptOptions.maxToolCalls)
                problem = `tool call limit (${promptOptions.maxToolCalls}) reached for this timestep; reply with an action`;
              else {
                const result = runTool(v.tool, v.args ?? {}, obs, earlierRollouts);
                toolLog.push({
                  episode: obs.episode,
                  t: obs.t,
                  tool: v.tool,
                  args: v.args ?? {},
                  result
                });
                transcript.push({
                  episode: obs.episode,
                  t: obs.t,
                  kind: "tool",
                  reply: r.text,
                  prompt_sha256: r.promptSha256
                });
                tools++;
                messages.push(
                  { role: "assistant", content: r.text },
                  {
                    role: "user",
                    content: `Tool result: ${JSON.stringify(result)}
Now your action for t=${obs.t}:`
                  }
                );
                continue;
              }
            } else {
              transcript.push({
                episode: obs.episode,
                t: obs.t,
                kind: "action",
                reply: r.text,
                prompt_sha256: r.promptSha256
              });
              return parsed.value;
            }
            transcript.push({
              episode: obs.episode,
              t: obs.t,
              kind: "malformed",
              reply: r.text,
              prompt_sha256: r.promptSha256
            });
            malformed++;
            malformedTotal++;
            if (malformed > maxMalformed) {
              skipped++;
              return {};
            }
            messages.push(
              { role: "assistant", content: r.text },
              {
                role: "user",
                content: `Your reply was not a valid answer (${problem}). Reply with ONE JSON object mapping input names to 0 or 1 (e.g. {"${obs.goal.input_aps[0]}": 1}, or {} for no intervention).`
              }
            );
          }
        },
        end() {
          return {
            tool_log_hash: track === "EVAL-TA" ? sha256Hex(canonicalJson(toolLog)) : void 0,
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
              transcript
            }
          };
        }
      };
    }
  };
}
export {
  LLM_TOOLS,
  LLM_TOOL_ALLOWLIST_ID,
  llmAgent,
  modelFailure,
  runTool
};
