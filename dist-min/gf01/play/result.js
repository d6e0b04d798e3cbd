/**
 * Turning a finished session into artifacts: the scored verdict, an official run_record row,
 * the per-step log and the official `play --out` payload shape. The certificate is re-verified
 * from scratch (offline re-simulation) and must agree with the online run's effect status.
 */
import { instanceToDict } from "../artifacts/bundle.js";
import { FAMILY_ID } from "../artifacts/meta.js";
import { buildRunRecord } from "../artifacts/run-record.js";
import { applyCertificate } from "../model/certificate.js";
import { effectHolds } from "../model/simulate.js";
import { scoreCertificate } from "../verify/score.js";
import { renderObservation } from "./render-text.js";
export const STEP_LOG_SCHEMA_VERSION = "gf01.play_steps.v1";
export function verdictOf(s) {
    return s.valid ? "certified" : s.goal ? "goal_met" : "missed";
}
/** Score a finished session. Throws if the engine and the verifier disagree (a bug, not input). */
export function scoreSession(session, opts = {}) {
    if (!session.finished)
        throw new Error("scoreSession: the session is not finished");
    const score = scoreCertificate(session.ci, session.commitCertificate(), {
        bestMatch: opts.bestMatch ?? { pool: "complete" },
        ...opts,
    });
    return outcomeFromScore(session, score);
}
/**
 * The outcome of a finished session from its certificate's score (computed here or elsewhere,
 * e.g. a worker thread: `scoreCertificate(ci, session.commitCertificate(), opts)`).
 */
export function outcomeFromScore(session, score) {
    if (!session.finished)
        throw new Error("outcomeFromScore: the session is not finished");
    const cert = session.commitCertificate();
    const ci = session.ci;
    const rollouts = session.rolloutRecords();
    const commit = rollouts[rollouts.length - 1];
    const replay = effectHolds(ci, applyCertificate(ci, cert));
    if (replay !== commit.effect_triggered || replay !== score.goal)
        throw new Error(`internal: online effect ${commit.effect_triggered} != replay ${replay} / verifier ${score.goal} for ${session.instance.instance_id}`);
    return {
        instance_id: session.instance.instance_id,
        protocol: session.protocol,
        certificate: cert,
        score,
        verdict: verdictOf(score),
        online_goal: commit.effect_triggered,
        replay_goal: replay,
        rollouts,
        exploration_rollouts: rollouts.filter((r) => r.phase === "explore").length,
        rejected_moves: session.rejectedCount(),
    };
}
/** The official run_record row of the scored commit episode (play_protocol recorded). */
export function outcomeRunRecord(session, o, c) {
    const row = buildRunRecord({
        instance_id: o.instance_id,
        eval_track: c.eval_track,
        renderer_track: c.renderer_track,
        agent_name: c.agent_name,
        certificate: o.certificate,
    }, o.score, session.instance, { ...c.meta, play_protocol: o.protocol, scored_commit_episode: true }, { extraMetrics: c.extraMetrics });
    if (c.player_id !== undefined)
        row.player_id = c.player_id;
    if (c.session_id !== undefined)
        row.session_id = c.session_id;
    // A bounded best-match search (the server's node cap) is recorded, never a silent truncation:
    // the row says AP/TS PRF are against no target and under which cap (validate recomputes so).
    if (o.score.best_match_cap_hit) {
        row.best_match_cap_hit = true;
        row.best_match_method = o.score.best_match_method;
        if (c.bestMatchMaxNodes !== undefined)
            row.best_match_max_nodes = c.bestMatchMaxNodes;
    }
    return row;
}
/** Official step shape (`requested_action_set` etc.) plus what we add (rejections, phase). */
function officialSteps(r, rendererTrack) {
    return r.steps.map((s) => ({
        t: s.t,
        // No normalisation: what was requested is what was committed (the official loop drops
        // requests equal to the hidden base bit, which leaks it).
        requested_action_set: s.set,
        committed_action_set: s.set,
        action_set: s.set,
        observation: s.observation,
        observation_rendered: rendererTrack === "visual" ? renderObservation(s.observation) : canonicalObs(s.observation),
        rejected_actions: s.rejected,
        ...(s.forced_skip ? { forced_skip: s.forced_skip } : {}),
    }));
}
const canonicalObs = (o) => JSON.stringify(sortKeysDeep(o));
function sortKeysDeep(v) {
    if (Array.isArray(v))
        return v.map(sortKeysDeep);
    if (v && typeof v === "object") {
        const out = {};
        for (const k of Object.keys(v).sort())
            out[k] = sortKeysDeep(v[k]);
        return out;
    }
    return v;
}
/** Official `run_episode` payload (`episode` of `gf01 play --out`), extended with exploration. */
export function episodePayload(session, o, rendererTrack) {
    const inst = session.instance;
    const commit = o.rollouts[o.rollouts.length - 1];
    const budgets = { timestep: inst.budget_timestep };
    if (inst.budget_atoms !== null && inst.budget_atoms !== undefined)
        budgets.legacy_atoms = inst.budget_atoms;
    return {
        instance_id: inst.instance_id,
        mode: inst.mode,
        t_star: inst.t_star,
        effect_ap: inst.effect_ap,
        budgets,
        certificate: o.certificate.map((a) => [a[0], a[1], a[2]]),
        steps: officialSteps(commit, rendererTrack),
        suff: o.score.suff,
        min1: o.score.min1,
        valid: o.score.valid,
        goal: o.score.goal,
        replay_goal: o.replay_goal,
        verdict: o.verdict,
        play_protocol: o.protocol,
        exploration: o.rollouts
            .filter((r) => r.phase === "explore")
            .map((r) => ({
            episode: r.episode,
            scored: false,
            completed: r.completed,
            certificate: r.certificate.map((a) => [a[0], a[1], a[2]]),
            effect_triggered: r.effect_triggered,
            steps: officialSteps(r, rendererTrack),
        })),
    };
}
/** Official `gf01 play` stdout/--out payload: status, actor, run_contract, instance, episode. */
export function playPayload(session, o, c) {
    return {
        status: "ok",
        actor: c.agent_name,
        run_contract: {
            eval_track: c.eval_track,
            renderer_track: c.renderer_track,
            renderer_policy_version: c.meta.renderer_policy_version,
            renderer_profile_id: c.meta.renderer_profile_id,
            visual_backend: "text",
            tool_allowlist_id: c.meta.tool_allowlist_id ?? "none",
            tool_log_hash: c.meta.tool_log_hash ?? "",
            play_protocol: o.protocol,
            scored_commit_episode: true,
            adaptation_policy_version: c.meta.adaptation_policy_version,
            adaptation_condition: c.meta.adaptation_condition ?? "no_adaptation",
            adaptation_budget_tokens: c.meta.adaptation_budget_tokens ?? 0,
            adaptation_data_scope: c.meta.adaptation_data_scope ?? "none",
            adaptation_protocol_id: c.meta.adaptation_protocol_id ?? "none",
            instance_source: c.instance_source,
        },
        instance: instanceToDict(session.instance),
        episode: episodePayload(session, o, c.renderer_track),
    };
}
/** One line of the per-step log (`gf01.play_steps.v1`): every rollout and move of an episode. */
export function stepLogRecord(o, c) {
    return {
        schema_version: STEP_LOG_SCHEMA_VERSION,
        family_id: FAMILY_ID,
        instance_id: o.instance_id,
        agent_name: c.agent_name,
        eval_track: c.eval_track,
        play_protocol: o.protocol,
        verdict: o.verdict,
        certificate: o.certificate,
        rejected_moves: o.rejected_moves,
        rollouts: o.rollouts.map((r) => ({
            episode: r.episode,
            phase: r.phase,
            scored: r.phase === "commit",
            completed: r.completed,
            effect_triggered: r.effect_triggered,
            certificate: r.certificate,
            steps: r.steps.map((s) => ({
                t: s.t,
                set: s.set,
                rejected: s.rejected,
                ...(s.forced_skip ? { forced_skip: s.forced_skip } : {}),
                y_t: s.observation.outputs[s.t],
                effect_status_t: s.observation.effect_status_t,
            })),
        })),
        ...(c.extra ?? {}),
    };
}
/** What a player (agent or person) is told about a finished episode: verdict, their
 * certificate and its score — never the solution, the best match or the base bits. */
export function publicResult(o) {
    const s = o.score;
    return {
        verdict: o.verdict,
        certificate: o.certificate.map((a) => [a[0], a[1], a[2]]),
        suff: s.suff,
        min1: s.min1,
        valid: s.valid,
        goal: s.goal,
        score_c: s.score_c,
        kappa: [...s.kappa],
        eff_t: s.eff_t,
        eff_a: s.eff_a,
        ap_f1: s.ap_f1,
        ts_f1: s.ts_f1,
        ...(s.best_match_cap_hit ? { best_match_cap_hit: true } : {}),
        play_protocol: o.protocol,
        exploration_rollouts: o.exploration_rollouts,
        rejected_moves: o.rejected_moves,
    };
}
//# sourceMappingURL=result.js.map