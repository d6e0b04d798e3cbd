/**
 * File-level API of online play (what the CLI calls): pick an agent by flags, load the
 * bundle, run, return a JSON-ready payload. Nothing here prints or exits.
 */

import { InputError } from "../../core/errors.js";
import type { QueueUrl } from "../../core/queue/url.js";
import { readJsonFile } from "../../core/jsonl.js";
import { getOnlineAgent, ONLINE_AGENT_IDS, parseActionScript, scriptedAgent } from "../agents/online.js";
import { type BundleSource, type LoadedBundle, loadBundle } from "../artifacts/bundle.js";
import { ALLOWED_EVAL_TRACKS, type EvalTrack } from "../artifacts/meta.js";
import { adaptationPolicyError } from "../artifacts/run-record.js";
import type { OnlineAgent } from "./agent.js";
import { PLAY_PROTOCOLS, type PlayProtocol } from "./observation.js";
import { type PlayRunOptions, type PlayRunResult, playBundle } from "./runner.js";
import { stdioAgent } from "./stdio.js";

export interface AgentSpec {
  /** online-random | online-greedy | online-oracle (or their display names). */
  agent?: string;
  /** Shell command of a JSON-lines stdio agent. */
  agentCmd?: string;
  /** agent_name for --agent-cmd / --script runs. */
  agentName?: string;
  /** Official action script file. */
  script?: string;
  agentTimeoutS?: number;
}

/** True when `evaluate --agent <id>` should run online (black-box) rather than offline. */
export function isOnlineAgentId(id: string | undefined): boolean {
  return !!id && getOnlineAgent(id) !== undefined;
}

export async function resolveOnlineAgent(s: AgentSpec): Promise<OnlineAgent> {
  const given = [s.agent, s.agentCmd, s.script].filter(Boolean).length;
  if (given !== 1)
    throw new InputError("choose exactly one of --agent, --agent-cmd, --script", { field: "--agent" });
  if (s.agentCmd)
    return stdioAgent({
      command: s.agentCmd,
      name: s.agentName ?? `stdio:${s.agentCmd}`,
      timeoutS: s.agentTimeoutS,
    });
  if (s.script) {
    const v = await readJsonFile(s.script);
    return scriptedAgent(parseActionScript(v, s.script), s.agentName ?? "scripted-policy");
  }
  const a = getOnlineAgent(s.agent!);
  if (!a)
    throw new InputError(
      `unknown online agent ${JSON.stringify(s.agent)}; known: ${ONLINE_AGENT_IDS.join(", ")} (LLMs: gf01 play-llm)`,
      { field: "--agent" },
    );
  return a;
}

export function checkTrack(v: string | undefined): EvalTrack | undefined {
  if (v === undefined) return undefined;
  if (!(ALLOWED_EVAL_TRACKS as readonly string[]).includes(v))
    throw new InputError(`unsupported eval_track ${v}`, { field: "--eval-track" });
  return v as EvalTrack;
}

export function checkProtocol(v: string | undefined): PlayProtocol {
  const p = (v ?? "commit_only") as PlayProtocol;
  if (!PLAY_PROTOCOLS.includes(p))
    throw new InputError(`play protocol must be one of ${PLAY_PROTOCOLS.join(", ")}`, {
      field: "--protocol",
    });
  return p;
}

export interface EvaluateOnlineOptions
  extends AgentSpec,
    Omit<PlayRunOptions, "bundle" | "agent" | "evalTrack" | "protocol"> {
  /** A bundle file (or formal task), or instances already loaded (`--hoa`). */
  instancesFile: BundleSource;
  /** Called once the agent and the bundle are read, before the first episode or output. */
  beforeRun?: () => Promise<void>;
  evalTrack?: string;
  protocol?: string;
  /** Play the episodes on the workers of this queue (built-in online agents only; docs/scale.md). */
  queue?: QueueUrl;
}

/** `--queue`: the agent as a worker rebuilds it (docs/scale.md), and playBundle's remote hook. */
async function queuedAgentEpisodes(queue: QueueUrl, o: AgentSpec, agent: OnlineAgent) {
  const q = await import("../queue/play.js");
  if (o.agentCmd)
    return q.queuedEpisodes(queue, {
      stdio: {
        command: o.agentCmd,
        name: agent.name,
        timeoutS: o.agentTimeoutS,
        files: await q.commandFileHashes(o.agentCmd),
      },
    });
  if (o.script) {
    const actions = parseActionScript(await readJsonFile(o.script), o.script);
    return q.queuedEpisodes(queue, { script: { name: agent.name, actions: [...actions.entries()] } });
  }
  return q.queuedEpisodes(queue, { online: o.agent as string });
}

/** `gf01 evaluate --agent online-… | --agent-cmd …`: any black-box agent over a bundle. */
export async function evaluateOnlineAgent(o: EvaluateOnlineOptions): Promise<PlayRunResult> {
  const a = o.adaptation;
  if (a) {
    const e = adaptationPolicyError(
      a.adaptationCondition ?? "no_adaptation",
      a.adaptationBudgetTokens ?? 0,
      a.adaptationDataScope ?? "none",
      a.adaptationProtocolId ?? "none",
    );
    if (e)
      return {
        ok: false,
        rows: [],
        payload: { status: "error", error_type: "adaptation_policy_violation", message: e },
      };
  }
  const agent = await resolveOnlineAgent(o);
  const bundle: LoadedBundle = await loadBundle(o.instancesFile);
  await o.beforeRun?.();
  const remote = o.queue ? await queuedAgentEpisodes(o.queue, o, agent) : undefined;
  return playBundle({
    ...o,
    remote,
    bundle,
    agent,
    evalTrack: checkTrack(o.evalTrack),
    protocol: checkProtocol(o.protocol),
  });
}
