import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  applyCertificate,
  scoreCertificate
} from "./chunk-LW3FID2T.js";
import {
  effectHolds
} from "./chunk-EDYDAUKS.js";
import {
  instanceToDict
} from "./chunk-WDP2XZCY.js";
import {
  buildRunRecord
} from "./chunk-HGGUQIVU.js";
import {
  FAMILY_ID
} from "./chunk-FJUG4O3Y.js";

// src/gf01/play/render-text.ts
import { InputError } from "../core/errors.js";
var HEADER = "=== GF-01 R1 ===";
function goalLine(g) {
  const where = g.mode === "hard" ? `at exactly t*=${g.t_star}` : `at least once in window t=${g.window_lo}..${g.window_hi}`;
  return `Goal: make ${g.effect_ap}=${g.target_value} ${where} (mode ${g.mode}, t*=${g.t_star}, w=${g.window_size}, window ${g.window_lo}..${g.window_hi})`;
}
function renderObservation(o) {
  const g = o.goal;
  const w = Math.max(2, String(Math.max(0, g.T - 1)).length) + 1;
  const cell = (s) => String(s).padStart(w);
  const labelW = Math.max(6, ...g.input_aps.map((a) => a.length + 3), ...g.output_aps.map((a) => a.length));
  const row = (label, cells) => `  ${label.padEnd(labelW)}|${cells.join("")}`;
  const times = Array.from({ length: g.T }, (_, t) => t);
  const lines = [];
  lines.push(
    `${HEADER} protocol=${o.protocol} phase=${o.phase} episode=${o.episode} explore_remaining=${o.explore_remaining}`
  );
  lines.push(goalLine(g));
  lines.push(`Horizon: T=${g.T}  inputs: ${g.input_aps.join(" ")}  outputs: ${g.output_aps.join(" ")}`);
  const atoms = g.budget_atoms === null ? "unlimited" : `${o.budget_a_remaining} of ${g.budget_atoms}`;
  lines.push(`Budget left: timesteps ${o.budget_t_remaining} of ${g.budget_timestep}, atoms ${atoms}`);
  lines.push("Timeline (N now, T target, B both; W window; outputs seen; your interventions):");
  lines.push(
    row(
      "t",
      times.map((t) => cell(t))
    )
  );
  lines.push(
    row(
      "mark",
      times.map(
        (t) => cell(t === o.t && t === g.t_star ? "B" : t === o.t ? "N" : t === g.t_star ? "T" : ".")
      )
    )
  );
  lines.push(
    row(
      "window",
      times.map((t) => cell(t >= g.window_lo && t <= g.window_hi ? "W" : "."))
    )
  );
  for (const ap of g.output_aps)
    lines.push(
      row(
        ap,
        times.map((t) => cell(t < o.outputs.length ? o.outputs[t][ap] : "."))
      )
    );
  const at = /* @__PURE__ */ new Map();
  for (const [t, ap, v] of o.history_atoms) at.set(`${t}\0${ap}`, v);
  for (const ap of g.input_aps)
    lines.push(
      row(
        `do ${ap}`,
        times.map((t) => cell(at.get(`${t}\0${ap}`) ?? "."))
      )
    );
  lines.push(`Effect: ${o.effect_status_t}`);
  lines.push(o.done ? `Now: t=${o.t} (rollout over)` : `Now: t=${o.t} (choose the action for t=${o.t})`);
  return lines.join("\n");
}
function renderVerdict(o) {
  const s = o.score;
  const head = o.verdict === "certified" ? "CERTIFIED: the effect happened and every intervention was necessary." : o.verdict === "goal_met" ? "GOAL MET, not certified: the effect happened, but some intervention was unnecessary or over budget." : "MISSED: the effect did not happen in the objective window.";
  const cert = o.certificate.length ? o.certificate.map((a) => `t=${a[0]} ${a[1]}=${a[2]}`).join(", ") : "(none)";
  return [
    "=== GF-01 R1 result ===",
    head,
    `Verdict: ${o.verdict}  (suff=${s.suff} min1=${s.min1} valid=${s.valid} goal=${s.goal})`,
    `Score: Score_C=${s.score_c}  kappa=(${s.kappa.join(", ")})  Eff_t=${s.eff_t}  Eff_a=${s.eff_a}  AP-F1=${s.ap_f1.toFixed(3)}  TS-F1=${s.ts_f1.toFixed(3)}`,
    `Your interventions: ${cert}`,
    `Exploration rollouts: ${o.exploration_rollouts} (unscored)  rejected inputs: ${o.rejected_moves}`
  ].join("\n");
}

// src/gf01/play/result.ts
var STEP_LOG_SCHEMA_VERSION = "gf01.play_steps.v1";
function verdictOf(s) {
  return s.valid ? "certified" : s.goal ? "goal_met" : "missed";
}
function scoreSession(session, opts = {}) {
  if (!session.finished) throw new Error("scoreSession: the session is not finished");
  const score = scoreCertificate(session.ci, session.commitCertificate(), {
    bestMatch: opts.bestMatch ?? { pool: "complete" },
    ...opts
  });
  return outcomeFromScore(session, score);
}
function outcomeFromScore(session, score) {
  if (!session.finished) throw new Error("outcomeFromScore: the session is not finished");
  const cert = session.commitCertificate();
  const ci = session.ci;
  const rollouts = session.rolloutRecords();
  const commit = rollouts[rollouts.length - 1];
  const replay = effectHolds(ci, applyCertificate(ci, cert));
  if (replay !== commit.effect_triggered || replay !== score.goal)
    throw new Error(
      `internal: online effect ${commit.effect_triggered} != replay ${replay} / verifier ${score.goal} for ${session.instance.instance_id}`
    );
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
    rejected_moves: session.rejectedCount()
  };
}
function outcomeRunRecord(session, o, c) {
  const row = buildRunRecord(
    {
      instance_id: o.instance_id,
      eval_track: c.eval_track,
      renderer_track: c.renderer_track,
      agent_name: c.agent_name,
      certificate: o.certificate
    },
    o.score,
    session.instance,
    { ...c.meta, play_protocol: o.protocol, scored_commit_episode: true },
    { extraMetrics: c.extraMetrics }
  );
  if (c.player_id !== void 0) row.player_id = c.player_id;
  if (c.session_id !== void 0) row.session_id = c.session_id;
  if (o.score.best_match_cap_hit) {
    row.best_match_cap_hit = true;
    row.best_match_method = o.score.best_match_method;
    if (c.bestMatchMaxNodes !== void 0) row.best_match_max_nodes = c.bestMatchMaxNodes;
  }
  return row;
}
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
    ...s.forced_skip ? { forced_skip: s.forced_skip } : {}
  }));
}
var canonicalObs = (o) => JSON.stringify(sortKeysDeep(o));
function sortKeysDeep(v) {
  if (Array.isArray(v)) return v.map(sortKeysDeep);
  if (v && typeof v === "object") {
    const out = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeysDeep(v[k]);
    return out;
  }
  return v;
}
function episodePayload(session, o, rendererTrack) {
  const inst = session.instance;
  const commit = o.rollouts[o.rollouts.length - 1];
  const budgets = { timestep: inst.budget_timestep };
  if (inst.budget_atoms !== null && inst.budget_atoms !== void 0) budgets.legacy_atoms = inst.budget_atoms;
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
    exploration: o.rollouts.filter((r) => r.phase === "explore").map((r) => ({
      episode: r.episode,
      scored: false,
      completed: r.completed,
      certificate: r.certificate.map((a) => [a[0], a[1], a[2]]),
      effect_triggered: r.effect_triggered,
      steps: officialSteps(r, rendererTrack)
    }))
  };
}
function playPayload(session, o, c) {
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
      instance_source: c.instance_source
    },
    instance: instanceToDict(session.instance),
    episode: episodePayload(session, o, c.renderer_track)
  };
}
function stepLogRecord(o, c) {
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
        ...s.forced_skip ? { forced_skip: s.forced_skip } : {},
        y_t: s.observation.outputs[s.t],
        effect_status_t: s.observation.effect_status_t
      }))
    })),
    ...c.extra ?? {}
  };
}
function publicResult(o) {
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
    ...s.best_match_cap_hit ? { best_match_cap_hit: true } : {},
    play_protocol: o.protocol,
    exploration_rollouts: o.exploration_rollouts,
    rejected_moves: o.rejected_moves
  };
}

export {
  renderObservation,
  renderVerdict,
  STEP_LOG_SCHEMA_VERSION,
  verdictOf,
  scoreSession,
  outcomeFromScore,
  outcomeRunRecord,
  episodePayload,
  playPayload,
  stepLogRecord,
  publicResult
};
