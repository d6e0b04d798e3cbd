/**
 * File-level API of online play (what the CLI calls): pick an agent by flags, load the
 * bundle, run, return a JSON-ready payload. Nothing here prints or exits.
 */
import { InputError } from "../../core/errors.js";
import { readJsonFile } from "../../core/jsonl.js";
import { getOnlineAgent, ONLINE_AGENT_IDS, parseActionScript, scriptedAgent } from "../agents/online.js";
import { loadBundle } from "../artifacts/bundle.js";
import { ALLOWED_EVAL_TRACKS } from "../artifacts/meta.js";
import { adaptationPolicyError } from "../artifacts/run-record.js";
import { PLAY_PROTOCOLS } from "./observation.js";
import { playBundle } from "./runner.js";
import { stdioAgent } from "./stdio.js";
/** True when `evaluate --agent <id>` should run online (black-box) rather than offline. */
export function isOnlineAgentId(id) {
    return !!id && getOnlineAgent(id) !== undefined;
}
export async function resolveOnlineAgent(s) {
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
    const a = getOnlineAgent(s.agent);
    if (!a)
        throw new InputError(`unknown online agent ${JSON.stringify(s.agent)}; known: ${ONLINE_AGENT_IDS.join(", ")} (LLMs: gf01 play-llm)`, { field: "--agent" });
    return a;
}
export function checkTrack(v) {
    if (v === undefined)
        return undefined;
    if (!ALLOWED_EVAL_TRACKS.includes(v))
        throw new InputError(`unsupported eval_track ${v}`, { field: "--eval-track" });
    return v;
}
export function checkProtocol(v) {
    const p = (v ?? "commit_only");
    if (!PLAY_PROTOCOLS.includes(p))
        throw new InputError(`play protocol must be one of ${PLAY_PROTOCOLS.join(", ")}`, {
            field: "--protocol",
        });
    return p;
}
/** `gf01 evaluate --agent online-… | --agent-cmd …`: any black-box agent over a bundle. */
export async function evaluateOnlineAgent(o) {
    const a = o.adaptation;
    if (a) {
        const e = adaptationPolicyError(a.adaptationCondition ?? "no_adaptation", a.adaptationBudgetTokens ?? 0, a.adaptationDataScope ?? "none", a.adaptationProtocolId ?? "none");
        if (e)
            return {
                ok: false,
                rows: [],
                payload: { status: "error", error_type: "adaptation_policy_violation", message: e },
            };
    }
    const agent = await resolveOnlineAgent(o);
    const bundle = await loadBundle(o.instancesFile);
    return playBundle({
        ...o,
        bundle,
        agent,
        evalTrack: checkTrack(o.evalTrack),
        protocol: checkProtocol(o.protocol),
    });
}
//# sourceMappingURL=api.js.map