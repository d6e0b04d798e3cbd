import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  repairJournalTail
} from "./chunk-YQMPR3RY.js";
import {
  ReportBuilder
} from "./chunk-YATXMT6G.js";
import {
  PlaySession
} from "./chunk-EA4IENQI.js";
import {
  playRunMeta
} from "./chunk-5A6T2F3E.js";
import {
  outcomeRunRecord,
  publicResult,
  scoreSession,
  stepLogRecord
} from "./chunk-IEP6NAQM.js";
import {
  runRecordLine,
  trackToolPolicyError
} from "./chunk-HGGUQIVU.js";
import {
  EpisodeFailed,
  driveSession
} from "./chunk-7IB7HC4M.js";
import {
  ALLOWED_TOOL_ALLOWLISTS_BY_TRACK
} from "./chunk-FJUG4O3Y.js";
import {
  external_exports,
  registerSchema
} from "./chunk-FE7UWTWL.js";
import {
  JsonlAppender,
  readJsonl,
  writeFileAtomic
} from "./chunk-QYZGEUIB.js";
import {
  compileInstance
} from "./chunk-3RIPXYYT.js";

// src/gf01/play/runner.ts
import { existsSync, statSync } from "node:fs";
import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { InputError } from "../core/errors.js";
var PLAY_ERROR_SCHEMA_VERSION = "gf01.play_error.v1";
var playErrorSchema = external_exports.object({
  schema_version: external_exports.literal(PLAY_ERROR_SCHEMA_VERSION),
  status: external_exports.literal("error"),
  instance_id: external_exports.string(),
  agent_name: external_exports.string(),
  eval_track: external_exports.enum(["EVAL-CB", "EVAL-TA", "EVAL-OC"]),
  play_protocol: external_exports.enum(["commit_only", "explore_then_commit"]),
  /** e.g. agent_start, agent_exit, agent_timeout, model_unreachable, model_auth, model_<kind>. */
  kind: external_exports.string(),
  /** The one plain line printed on stderr for the first error. */
  message: external_exports.string(),
  /** Retrying cannot help: the run stopped at this error. */
  permanent: external_exports.boolean()
});
registerSchema(PLAY_ERROR_SCHEMA_VERSION, playErrorSchema);
function onlineTrackError(agent, track) {
  if (agent.whiteBox && track !== "EVAL-OC") return "exact oracle agent is restricted to EVAL-OC";
  const own = agent.evalTrack ?? "EVAL-CB";
  if (own !== track) return `agent ${agent.name} belongs to ${own}, not ${track}`;
  return void 0;
}
async function playBundle(o) {
  const agent = o.agent;
  const evalTrack = o.evalTrack ?? agent.evalTrack ?? "EVAL-CB";
  const rendererTrack = o.rendererTrack ?? "json";
  const protocol = o.protocol ?? "commit_only";
  const err = (error_type, message) => ({
    ok: false,
    payload: { status: "error", error_type, message },
    rows: []
  });
  const te = onlineTrackError(agent, evalTrack);
  if (te) return err("track_policy_violation", te);
  const allowlist = agent.toolAllowlistId ?? ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[evalTrack][0];
  const tp = trackToolPolicyError(evalTrack, allowlist, evalTrack === "EVAL-CB" ? "" : "per-episode");
  if (tp) return err("track_policy_violation", tp);
  if (o.resume && o.overwrite)
    throw new InputError("use either --resume or --overwrite, not both", { field: "--resume" });
  if (o.resume && !o.out) throw new InputError("--resume needs --out <file>", { field: "--resume" });
  const instances = o.limit !== void 0 ? o.bundle.instances.slice(0, o.limit) : o.bundle.instances;
  const stepsOut = o.stepsOut ?? (o.out ? `${o.out}.steps.jsonl` : void 0);
  const rows = [];
  const done = /* @__PURE__ */ new Set();
  if (o.out && existsSync(o.out) && statSync(o.out).size > 0) {
    if (o.resume) {
      await repairJournalTail(o.out);
      const recorded = /* @__PURE__ */ new Set();
      for await (const { value } of readJsonl(o.out)) {
        const r = value;
        recorded.add(stepKey(r));
        if (r.agent_name === agent.name && r.eval_track === evalTrack && r.play_protocol === protocol) {
          done.add(String(r.instance_id));
          rows.push(r);
        }
      }
      if (stepsOut) await dropUnrecordedSteps(stepsOut, recorded);
    } else if (!o.overwrite) {
      throw new InputError("file exists; pass --resume to continue it or --overwrite to replace it", {
        file: o.out
      });
    }
  } else if (o.resume && stepsOut) await dropUnrecordedSteps(stepsOut, /* @__PURE__ */ new Set());
  if (o.out && o.overwrite) {
    await writeFile(o.out, "");
    if (stepsOut) await writeFile(stepsOut, "");
  }
  const runsApp = o.out ? await JsonlAppender.open(o.out) : void 0;
  const stepsApp = stepsOut ? await JsonlAppender.open(stepsOut) : void 0;
  const errorsFile = o.out ? `${o.out}.errors.jsonl` : void 0;
  if (errorsFile) await rm(errorsFile, { force: true });
  const ctxBase = { evalTrack, rendererTrack, gitCommit: o.gitCommit, ...o.adaptation };
  const todo = instances.map((inst, index) => ({ inst, index })).filter((x) => !done.has(x.inst.instance_id));
  const settled = /* @__PURE__ */ new Map();
  let nextToWrite = 0;
  const flush = async () => {
    while (nextToWrite < todo.length && settled.has(nextToWrite)) {
      const s = settled.get(nextToWrite);
      settled.delete(nextToWrite);
      nextToWrite++;
      if (s?.row) {
        rows.push(s.row);
        if (stepsApp && s.log) await stepsApp.append(JSON.stringify(s.log));
        if (runsApp) await runsApp.append(runRecordLine(s.row));
      }
    }
  };
  let flushChain = Promise.resolve();
  const errors = [];
  const stopAfter = Math.max(1, o.stopAfterRepeated ?? 3);
  let stopped;
  let streakKind = "";
  let streak = 0;
  const recordError = async (inst, e) => {
    const failed = e instanceof EpisodeFailed ? e : void 0;
    const rec = {
      schema_version: PLAY_ERROR_SCHEMA_VERSION,
      status: "error",
      instance_id: inst.instance_id,
      agent_name: agent.name,
      eval_track: evalTrack,
      play_protocol: protocol,
      kind: failed?.kind ?? e.kind ?? "agent_error",
      message: e?.message ?? String(e),
      permanent: failed?.permanent ?? false
    };
    if (!errors.length) o.onFirstError?.(rec);
    errors.push(rec);
    if (errorsFile) await appendFile(errorsFile, `${JSON.stringify(rec)}
`);
    streak = rec.kind === streakKind ? streak + 1 : 1;
    streakKind = rec.kind;
    if (!stopped && (rec.permanent || streak >= stopAfter))
      stopped = {
        kind: rec.kind,
        reason: rec.permanent ? "permanent failure" : `${streak} consecutive ${rec.kind} failures`
      };
  };
  const playOne = async (inst, index) => {
    const ci = compileInstance(inst);
    const session = new PlaySession(inst, ci, {
      protocol,
      exploreEpisodes: o.exploreEpisodes,
      maxInvalidPerStep: o.maxInvalidPerStep ?? 5
    });
    const player = await agent.start({
      goal: session.goal,
      protocol,
      exploreEpisodes: session.exploreEpisodes,
      seed: o.seed ?? 0,
      index,
      instance: agent.whiteBox ? inst : void 0
    });
    try {
      await driveSession(session, player);
    } catch (e) {
      await player.abort?.();
      throw e;
    }
    const outcome = scoreSession(session);
    const extras = await player.end?.(publicResult(outcome)) ?? {};
    const meta = playRunMeta(o.bundle.meta, {
      ...ctxBase,
      toolAllowlistId: allowlist,
      toolLogHash: evalTrack === "EVAL-CB" ? "" : extras.tool_log_hash ?? ""
    });
    const row = outcomeRunRecord(session, outcome, {
      eval_track: evalTrack,
      renderer_track: rendererTrack,
      agent_name: agent.name,
      meta,
      extraMetrics: o.extraMetrics
    });
    const log = stepLogRecord(outcome, {
      agent_name: agent.name,
      eval_track: evalTrack,
      extra: extras.log ? { agent_log: extras.log } : void 0
    });
    return { row, log, outcome };
  };
  let cursor = 0;
  let started = 0;
  const worker = async () => {
    while (cursor < todo.length && !o.signal?.aborted && !stopped) {
      const k = cursor++;
      started++;
      const { inst, index } = todo[k];
      try {
        const r = await playOne(inst, index);
        settled.set(k, { row: r.row, log: r.log });
        streak = 0;
        o.onEpisode?.({ index, instance_id: inst.instance_id, outcome: r.outcome });
      } catch (e) {
        await recordError(inst, e);
        settled.set(k, null);
        o.onEpisode?.({ index, instance_id: inst.instance_id, error: e?.message });
      }
      flushChain = flushChain.then(flush);
      await flushChain;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 1) }, worker));
    await flushChain;
  } finally {
    await runsApp?.close();
    await stepsApp?.close();
    await agent.close?.();
  }
  if (errorsFile && !errors.length) await rm(errorsFile, { force: true });
  const builder = new ReportBuilder();
  for (const r of rows) builder.add(r);
  const rep = builder.finish();
  const notPlayed = todo.length - started;
  const ok = errors.length === 0 && notPlayed === 0;
  return {
    ok,
    rows,
    payload: {
      status: ok ? "ok" : rows.length > done.size ? "partial" : "error",
      agent: agent.name,
      eval_track: evalTrack,
      renderer_track: rendererTrack,
      play_protocol: protocol,
      instances: instances.length,
      played: started - errors.length,
      resumed: done.size,
      errored: errors.length,
      not_played: notPlayed,
      ...stopped ? { stopped_early: stopped } : {},
      errors,
      aggregate: rep.groups,
      out_jsonl: o.out ?? "",
      steps_jsonl: stepsOut ?? "",
      errors_jsonl: errors.length ? errorsFile ?? "" : ""
    }
  };
}
function stepKey(r) {
  return JSON.stringify([r.instance_id, r.agent_name, r.eval_track, r.play_protocol]);
}
async function dropUnrecordedSteps(file, recorded) {
  if (!existsSync(file)) return;
  await repairJournalTail(file);
  const lines = (await readFile(file, "utf8")).split("\n");
  const keep = lines.filter((text, i) => {
    if (text.trim() === "") return false;
    const line = i + 1;
    let v;
    try {
      v = JSON.parse(text);
    } catch (e) {
      throw new InputError(`invalid JSON: ${e.message}`, { file, line });
    }
    return recorded.has(stepKey(v));
  });
  if (keep.length < lines.filter((l) => l.trim() !== "").length)
    await writeFileAtomic(file, keep.map((l) => `${l}
`).join(""));
}

export {
  PLAY_ERROR_SCHEMA_VERSION,
  playErrorSchema,
  onlineTrackError,
  playBundle
};
