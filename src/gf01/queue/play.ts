/**
 * `gf01 play-llm --queue`: one job per episode. The payload holds the instance and everything
 * its episode depends on (model client spec and descriptor, sampling params, prompt options,
 * track, protocol, run metadata), so the job id is a content hash. A worker rebuilds the client
 * (API keys from its own environment), plays the whole multi-turn episode and returns the run
 * row, the step log and the prompts it sent, in order. The coordinator records the episodes in
 * bundle order through playBundle's own writers (rows, step logs, prompt store, errors), so the
 * files are the bytes of a sequential single-process run.
 *
 * A failed episode is a failed job (never a sink entry, so `--resume` plays it again); its
 * EpisodeFailed travels as the job's failedReason and becomes the same error record.
 */
import { type JobOutcome, runJobs } from "../../core/queue/coordinator.js";
import { QueueUnavailableError, SINK_KEY } from "../../core/queue/redis.js";
import type { QueueUrl } from "../../core/queue/url.js";
import type { ClientSpec } from "../../core/engine/queue.js";
import type { RetryPolicy } from "../../core/engine/retry.js";
import type { ResponseCache } from "../../core/engine/cache.js";
import type { ReplyTally } from "../../core/engine/unparseable.js";
import type {
  ChatMessage,
  ClientDescriptor,
  ModelClient,
  ModelResponse,
  SamplingParams,
} from "../../core/engine/types.js";
import { type PromptStore, promptBytes } from "../../core/engine/prompt-store.js";
import { sha256Hex } from "../../core/hash.js";
import type { Gf01Instance } from "../model/types.js";
import { EpisodeFailed, type OnlineAgent } from "../play/agent.js";
import type { LlmAgentOptions } from "../play/llm.js";
import type { EpisodeParams, PlayedEpisode } from "../play/runner.js";

export const PLAY_LLM_JOB = "gf01.play-llm";
/** `gf01 evaluate --agent online-… --queue`: a built-in online agent plays one episode. */
export const PLAY_ONLINE_JOB = "gf01.play-online";

/** How a worker rebuilds the LLM agent (no secrets: keys come from the worker's environment). */
export interface LlmAgentSpec {
  client: ClientSpec;
  /** The coordinator's client: a worker whose rebuilt client differs refuses the job. */
  descriptor: ClientDescriptor;
  params: SamplingParams;
  track: "EVAL-CB" | "EVAL-TA";
  scratchpad: boolean;
  maxMalformed: number;
  maxToolCalls: number;
  retry: RetryPolicy;
  timeoutMs: number;
  name?: string;
}

export interface PlayJobData {
  instance: Gf01Instance;
  index: number;
  agent: LlmAgentSpec;
  params: EpisodeParams;
  /**
   * `--cache-dir`: the coordinator's cached responses for the episode's calls up to its first
   * miss (cache key → response), in order; the worker answers those calls from them.
   */
  cached?: [string, ModelResponse][];
}

export interface OnlineJobData {
  instance: Gf01Instance;
  index: number;
  /** A built-in online agent id (getOnlineAgent). */
  agentId: string;
  params: EpisodeParams;
}

/** `gf01 evaluate --script … --queue`: the action script travels in the payload. */
export const PLAY_SCRIPT_JOB = "gf01.play-script";
/** `gf01 evaluate --agent-cmd … --queue`: the worker runs the same command line. */
export const PLAY_STDIO_JOB = "gf01.play-stdio";

export interface ScriptAgentSpec {
  name: string;
  /** The parsed script: [timestep, action] in order. */
  actions: [number, Record<string, unknown>][];
}

/**
 * A stdio agent a worker can run: the command line (run with /bin/sh -c in the worker's
 * folder) and the sha256 of every word of it that names a file in the coordinator's folder
 * (the agent's script), so the job id changes with the script and a worker whose copy differs
 * refuses the job. Programs found on PATH (python3, node) are not hashed.
 */
export interface StdioAgentSpec {
  command: string;
  name: string;
  timeoutS?: number;
  files: Record<string, string>;
}

export interface AgentJobData {
  instance: Gf01Instance;
  index: number;
  agent: ScriptAgentSpec | StdioAgentSpec;
  params: EpisodeParams;
}

export type QueuedAgent =
  | { llm: LlmAgentSpec }
  | { online: string }
  | { script: ScriptAgentSpec }
  | { stdio: StdioAgentSpec };

/** The words of a command line (quotes removed; enough to find the files it names). */
export function commandWords(command: string): string[] {
  const out: string[] = [];
  for (const m of command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? "");
  return out.filter(Boolean);
}

/** The files a command line names (relative to `cwd` or absolute) with their sha256. */
export async function commandFileHashes(
  command: string,
  cwd = process.cwd(),
): Promise<Record<string, string>> {
  const { existsSync, readFileSync, statSync } = await import("node:fs");
  const { resolve } = await import("node:path");
  const { sha256Hex } = await import("../../core/hash.js");
  const files: Record<string, string> = {};
  for (const w of commandWords(command)) {
    const f = resolve(cwd, w);
    if (existsSync(f) && statSync(f).isFile()) files[w] = sha256Hex(readFileSync(f));
  }
  return files;
}

export interface PlayJobResult {
  /** The run row exactly as the single-process writer writes it (runRecordLine). */
  line: string;
  log: Record<string, unknown>;
  /** Every prompt the episode sent, in order (the coordinator's prompt store keeps them). */
  prompts: ChatMessage[][];
  /** With `cached`: the responses of the calls made live, for the coordinator's cache. */
  fresh?: [string, ModelResponse][];
  /**
   * The agent's replies and unusable replies, when it counts them: the coordinator's run
   * tally (and its `--max-unparseable-share` verdict) must equal a local run's.
   */
  replies?: ReplyTally;
}

/** A failed episode travels as the job's failedReason: this prefix, then JSON. */
const ERROR_TAG = "oraclebench.play_error ";

interface PlayErrorData {
  kind: string;
  message: string;
  permanent: boolean;
  prompts: ChatMessage[][];
}

/**
 * playBundle's `remote` hook: queue the episodes, wait for all of them, then hand each back
 * (prompts replayed into `prompts` first, as the local agent stores them before each call).
 */
export function queuedEpisodes(
  url: QueueUrl,
  agent: QueuedAgent,
  o: {
    prompts?: PromptStore;
    onReused?: (n: number) => void;
    onDone?: (n: number) => void;
    /** `--cache-dir` (LLM agents): episodes answered wholly by it are played here, not queued. */
    cache?: ResponseCache;
  } = {},
): (
  todo: readonly { inst: Gf01Instance; index: number }[],
  params: EpisodeParams,
) => Promise<(k: number) => Promise<PlayedEpisode>> {
  return async (todo, params) => {
    // --cache-dir: play each episode here from the cache alone; an episode that needs a live
    // call is queued with the cached responses of its calls before that one.
    const probes: (PlayJobResult | [string, ModelResponse][])[] = [];
    if (o.cache && "llm" in agent)
      for (const t of todo) probes.push(await probeEpisode(agent.llm, o.cache, t.inst, t.index, params));
    const queuedIdx = todo.map((_, k) => k).filter((k) => !probes[k] || Array.isArray(probes[k]));
    // Episodes the cache answered whole count as done from the start.
    if (todo.length > queuedIdx.length) o.onReused?.(todo.length - queuedIdx.length);
    const kind =
      "llm" in agent
        ? PLAY_LLM_JOB
        : "online" in agent
          ? PLAY_ONLINE_JOB
          : "script" in agent
            ? PLAY_SCRIPT_JOB
            : PLAY_STDIO_JOB;
    const cachedOf = new Map<number, [string, ModelResponse][]>();
    for (const k of queuedIdx) {
      const p = probes[k];
      if (Array.isArray(p)) cachedOf.set(k, p);
    }
    const payload = (k: number): PlayJobData | OnlineJobData | AgentJobData => {
      const t = todo[k] as { inst: Gf01Instance; index: number };
      const at = { instance: t.inst, index: t.index, params };
      const cached = cachedOf.get(k);
      if ("llm" in agent) return { ...at, agent: agent.llm, ...(cached ? { cached } : {}) };
      if ("online" in agent) return { ...at, agentId: agent.online };
      return { ...at, agent: "script" in agent ? agent.script : agent.stdio };
    };
    const outcomes = new Map<number, JobOutcome<PlayJobResult>>();
    let round = queuedIdx;
    for (let n = 0; round.length > 0; n++) {
      const r = await runJobs<PlayJobResult>(url, kind, round.map(payload), {
        onReused: n === 0 ? o.onReused : undefined,
        onDone: n === 0 ? o.onDone : undefined,
        log: (line) => process.stderr.write(`gf01: ${line}\n`),
      });
      // A call the worker made live that the coordinator's cache holds (an entry missing in the
      // middle of an episode, the calls after it cached): the local run answers it from the
      // cache, so the episode is played again with those entries too. Each round adds entries,
      // so this ends; normally there is one round.
      const again: number[] = [];
      for (const [j, k] of round.entries()) {
        const out = r.outcomes[j] as JobOutcome<PlayJobResult>;
        outcomes.set(k, out);
        const fresh = out.ok && o.cache && Array.isArray(out.result?.fresh) ? out.result.fresh : [];
        const known = new Set((cachedOf.get(k) ?? []).map(([key]) => key));
        const add: [string, ModelResponse][] = [];
        for (const e of fresh) {
          // (A key sent already cannot come back as live from a worker of this version.)
          if (typeof e?.[0] !== "string" || known.has(e[0])) continue;
          const v = await o.cache?.get(e[0]);
          if (v) add.push([e[0], v]);
        }
        if (add.length > 0) {
          cachedOf.set(k, [...(cachedOf.get(k) ?? []), ...add]);
          again.push(k);
        }
      }
      round = again;
    }
    const replay = async (prompts: ChatMessage[][]) => {
      for (const m of prompts) await o.prompts?.put(m).done;
    };
    return async (k) => {
      const inst = (todo[k] as { inst: Gf01Instance }).inst;
      const local = probes[k];
      if (local && !Array.isArray(local)) {
        const v = checkedResult("(cache)", local, inst.instance_id);
        await replay(v.prompts);
        return { row: v.row, log: v.log, line: v.line, replies: v.replies };
      }
      const out = outcomes.get(k) as JobOutcome<PlayJobResult>;
      if (!out.ok) {
        const e = parseFailure(out.error);
        await replay(e.prompts);
        throw new EpisodeFailed(e.message, e.kind, e.permanent);
      }
      const v = checkedResult(out.id, out.result, inst.instance_id);
      // The coordinator's cache gets what the local run would have put there.
      for (const [key, resp] of v.fresh ?? []) await o.cache?.put(key, resp);
      await replay(v.prompts);
      return { row: v.row, log: v.log, line: v.line, replies: v.replies };
    };
  };
}

/** A sink value must be this episode's result; anything else stops the run with one line. */
function checkedResult(
  id: string,
  v: unknown,
  instanceId: string,
): PlayJobResult & { row: Record<string, unknown> } {
  const bad = (why: string) => new QueueUnavailableError(`result ${id} in ${SINK_KEY} ${why}`);
  const r = v as PlayJobResult | null;
  const obj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);
  if (!(obj(r) && typeof r.line === "string" && obj(r.log) && Array.isArray(r.prompts)))
    throw bad("is not a play-llm episode (line, log, prompts)");
  if (!r.prompts.every((m) => Array.isArray(m))) throw bad("has a prompt that is not a message list");
  if (
    r.fresh !== undefined &&
    !(
      Array.isArray(r.fresh) &&
      r.fresh.every((e) => Array.isArray(e) && typeof e[0] === "string" && typeof e[1]?.text === "string")
    )
  )
    throw bad("has fresh cache entries that are not [key, response] pairs");
  const count = (x: unknown) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;
  if (
    r.replies !== undefined &&
    !(obj(r.replies) && count(r.replies.replies) && count(r.replies.unparseable))
  )
    throw bad("has a reply count that is not {replies, unparseable}");
  let row: unknown;
  try {
    row = JSON.parse(r.line);
  } catch {
    throw bad("has a row that is not JSON");
  }
  if (!obj(row)) throw bad("has a row that is not a JSON object");
  if (row.instance_id !== instanceId)
    throw bad(
      `is an episode of instance ${JSON.stringify(row.instance_id)}, not ${JSON.stringify(instanceId)}`,
    );
  return { ...r, row };
}

/** Thrown by the probe's client: the cache has no answer for this call. */
class CacheMiss extends Error {}

/**
 * Play an episode from the cache alone, with the LLM agent of a local run: its result when
 * every call was a cache hit, else the hits before the first miss (to be sent with the job).
 */
async function probeEpisode(
  spec: LlmAgentSpec,
  cache: ResponseCache,
  inst: Gf01Instance,
  index: number,
  params: EpisodeParams,
): Promise<PlayJobResult | [string, ModelResponse][]> {
  const { llmAgent } = await import("../play/llm.js");
  const hits: [string, ModelResponse][] = [];
  const client: ModelClient = {
    descriptor: spec.descriptor,
    complete: async () => {
      throw new CacheMiss("not in the cache");
    },
  };
  const prompts: ChatMessage[][] = [];
  const agent = llmAgent({
    ...agentOptions(spec, prompts),
    client,
    // A miss must end the probe at once, not after retries.
    retry: { maxRetries: 0, baseDelayMs: 0, maxDelayMs: 0 },
    cache: {
      get: async (key) => {
        const v = await cache.get(key);
        if (v) hits.push([key, v]);
        return v;
      },
      put: async () => {},
    },
  });
  try {
    return await playRemote(agent, { instance: inst, index, params }, prompts);
  } catch {
    // A miss (or any other failure: the worker plays the episode for real and reports it).
    return hits;
  }
}

function parseFailure(failedReason: string): PlayErrorData {
  if (failedReason.startsWith(ERROR_TAG)) {
    try {
      const e = JSON.parse(failedReason.slice(ERROR_TAG.length)) as PlayErrorData;
      if (typeof e.kind === "string" && typeof e.message === "string" && Array.isArray(e.prompts))
        return { ...e, permanent: e.permanent === true };
    } catch {
      // fall through: the worker itself failed
    }
  }
  // The worker failed (crashed, stalled too often, refused the job): an error, never a score.
  return {
    kind: "queue_job_failed",
    message: `queue job failed: ${failedReason.replace(/\s+/g, " ").slice(0, 300)}`,
    permanent: false,
    prompts: [],
  };
}

// ---------------------------------------------------------------------------------------------
// worker side

/** Play one episode (in a worker's sandboxed process). */
export async function playLlmJob(data: unknown): Promise<PlayJobResult> {
  const d = data as PlayJobData;
  if (!(d && typeof d === "object" && d.instance && d.agent && d.params))
    throw new Error("gf01.play-llm job: payload needs instance, agent and params");
  const { createClient } = await import("../../core/engine/clients/index.js");
  const { llmAgent } = await import("../play/llm.js");
  const a = d.agent;
  const c = a.client;
  const client = await createClient(c.spec, {
    baseUrl: c.baseUrl,
    apiKeyEnv: c.apiKeyEnv,
    commandArgs: c.commandArgs,
    promptVia: c.promptVia,
    options: c.options,
  });
  try {
    const mine = JSON.stringify(client.descriptor);
    if (mine !== JSON.stringify(a.descriptor))
      throw new Error(
        `this worker's client ${mine} differs from the coordinator's ${JSON.stringify(a.descriptor)} (environment defaults such as OPENAI_BASE_URL differ? pass --base-url)`,
      );
    const prompts: ChatMessage[][] = [];
    // --cache-dir: the calls the coordinator's cache answered are answered from its responses;
    // the others are live, and their responses go back for the coordinator's cache.
    const pre = new Map(d.cached ?? []);
    const fresh: [string, ModelResponse][] = [];
    const agent = llmAgent({
      ...agentOptions(a, prompts),
      client,
      cache: d.cached
        ? {
            get: async (key) => pre.get(key),
            put: async (key, response) => {
              fresh.push([key, response]);
            },
          }
        : undefined,
    });
    const r = await playRemote(agent, d, prompts);
    return d.cached ? { ...r, fresh } : r;
  } finally {
    await client.close?.();
  }
}

/** The LLM agent's options a spec gives (all but the client); its prompts are recorded in order. */
function agentOptions(a: LlmAgentSpec, prompts: ChatMessage[][]): Omit<LlmAgentOptions, "client"> {
  // Records what the local agent would put in the prompt store, in the order it puts it.
  const recorder = {
    put(messages: readonly ChatMessage[]) {
      prompts.push(JSON.parse(JSON.stringify(messages)) as ChatMessage[]);
      return { sha256: sha256Hex(promptBytes(messages)), done: Promise.resolve() };
    },
  } as unknown as PromptStore;
  return {
    params: a.params,
    track: a.track,
    scratchpad: a.scratchpad,
    maxMalformed: a.maxMalformed,
    maxToolCalls: a.maxToolCalls,
    retry: a.retry,
    timeoutMs: a.timeoutMs,
    name: a.name,
    prompts: recorder,
  };
}

/** Play one episode with a built-in online agent (in a worker's sandboxed process). */
export async function playOnlineJob(data: unknown): Promise<PlayJobResult> {
  const d = data as OnlineJobData;
  if (!(d && typeof d === "object" && d.instance && typeof d.agentId === "string" && d.params))
    throw new Error("gf01.play-online job: payload needs instance, agentId and params");
  const { getOnlineAgent } = await import("../agents/online.js");
  const agent = getOnlineAgent(d.agentId);
  if (!agent) throw new Error(`gf01.play-online job: unknown online agent ${JSON.stringify(d.agentId)}`);
  try {
    return await playRemote(agent, d, []);
  } finally {
    await agent.close?.();
  }
}

/** Play one episode with an action script (in a worker's sandboxed process). */
export async function playScriptJob(data: unknown): Promise<PlayJobResult> {
  const d = data as AgentJobData & { agent: ScriptAgentSpec };
  if (!(d && typeof d === "object" && d.instance && d.params && Array.isArray(d.agent?.actions)))
    throw new Error("gf01.play-script job: payload needs instance, agent.actions and params");
  const { scriptedAgent } = await import("../agents/online.js");
  return await playRemote(scriptedAgent(new Map(d.agent.actions), d.agent.name), d, []);
}

/** Play one episode with a stdio agent run here (in a worker's sandboxed process). */
export async function playStdioJob(data: unknown): Promise<PlayJobResult> {
  const d = data as AgentJobData & { agent: StdioAgentSpec };
  const a = d?.agent;
  if (!(d && typeof d === "object" && d.instance && d.params && typeof a?.command === "string" && a.files))
    throw new Error("gf01.play-stdio job: payload needs instance, agent.command, agent.files and params");
  // The worker must run the coordinator's agent: every file its command names, byte for byte.
  const mine = await commandFileHashes(a.command);
  for (const [f, sha] of Object.entries(a.files))
    if (mine[f] !== sha)
      throw new Error(
        `this worker's ${f} ${mine[f] ? `differs from the coordinator's (sha256 ${mine[f].slice(0, 12)}… vs ${sha.slice(0, 12)}…)` : `is missing (in ${process.cwd()})`}: every worker needs the agent's files`,
      );
  const { stdioAgent } = await import("../play/stdio.js");
  const agent = stdioAgent({ command: a.command, name: a.name, timeoutS: a.timeoutS });
  try {
    return await playRemote(agent, d, []);
  } finally {
    await agent.close?.();
  }
}

/** The episode's row line, step log and prompts; a failure as the tagged job error. */
async function playRemote(
  agent: OnlineAgent,
  d: { instance: Gf01Instance; index: number; params: EpisodeParams },
  prompts: ChatMessage[][],
): Promise<PlayJobResult> {
  const { playEpisode } = await import("../play/runner.js");
  const { runRecordLine } = await import("../artifacts/run-record.js");
  try {
    const r = await playEpisode(agent, d.instance, d.index, d.params);
    return { line: runRecordLine(r.row), log: r.log, prompts, ...(r.replies ? { replies: r.replies } : {}) };
  } catch (e) {
    const failed = e instanceof EpisodeFailed ? e : undefined;
    const err: PlayErrorData = {
      kind: failed?.kind ?? (e as { kind?: string }).kind ?? "agent_error",
      message: (e as Error)?.message ?? String(e),
      permanent: failed?.permanent ?? false,
      prompts,
    };
    throw new Error(ERROR_TAG + JSON.stringify(err));
  }
}
