/**
 * Play any online agent over a bundle: concurrent episodes, rows written in bundle order
 * (a reorder buffer, so a concurrent run writes the same bytes as a sequential one), resume
 * from the rows already in `out`, per-step logs beside them, and a per-agent report.
 *
 * Failures are errors, never scores: an episode whose agent fails (`EpisodeFailed` or any
 * throw: the process cannot start, exits, times out, the endpoint refuses) writes no run row;
 * it is recorded in `<out>.errors.jsonl` (`gf01.play_error.v1`) and in the payload's `errors`,
 * and the run is not ok. A permanent failure stops the run at once, and `stopAfterRepeated`
 * failures of the same kind in a row stop it early. `--resume` plays exactly the instances that
 * have no row (the errored and the unplayed ones).
 */
import { existsSync, statSync } from "node:fs";
import { appendFile, readFile, rm, writeFile } from "node:fs/promises";
import { z } from "zod";
import {
  DEFAULT_MAX_UNPARSEABLE_SHARE,
  type ReplyTally,
  unparseableLine,
} from "../../core/engine/unparseable.js";
import { InputError } from "../../core/errors.js";
import { readJournal } from "../../core/journal.js";
import { JsonlAppender, writeFileAtomic } from "../../core/jsonl.js";
import { lockJournal } from "../../core/lock.js";
import { registerSchema } from "../../core/schema.js";
import type { LoadedBundle } from "../artifacts/bundle.js";
import { ALLOWED_TOOL_ALLOWLISTS_BY_TRACK, type EvalTrack } from "../artifacts/meta.js";
import { runRecordLine, trackToolPolicyError } from "../artifacts/run-record.js";
import { compileInstance } from "../model/compile.js";
import type { Gf01Instance } from "../model/types.js";
import { ReportBuilder } from "../report/report.js";
import { runRowChecker } from "../report/validate.js";
import { driveSession, EpisodeFailed, type OnlineAgent } from "./agent.js";
import { PlaySession } from "./episode.js";
import { type PlayRunContext, playRunMeta } from "./meta.js";
import type { PlayProtocol } from "./observation.js";
import {
  type EpisodeOutcome,
  outcomeRunRecord,
  publicResult,
  scoreSession,
  stepLogRecord,
} from "./result.js";

export interface PlayRunOptions {
  bundle: LoadedBundle;
  agent: OnlineAgent;
  /** Default: the agent's own track (EVAL-CB for black-box agents). */
  evalTrack?: EvalTrack;
  rendererTrack?: "json" | "visual";
  protocol?: PlayProtocol;
  exploreEpisodes?: number;
  seed?: number;
  /** Episodes in flight at once (default 1). */
  concurrency?: number;
  /** Rejected moves allowed at one decision point before a forced skip (default 5). */
  maxInvalidPerStep?: number;
  /** Run rows (JSONL). Step logs go to `stepsOut` (default `<out>.steps.jsonl`). */
  out?: string;
  stepsOut?: string;
  resume?: boolean;
  overwrite?: boolean;
  /** Only the first n instances of the bundle. */
  limit?: number;
  gitCommit?: string;
  adaptation?: Pick<
    PlayRunContext,
    "adaptationCondition" | "adaptationBudgetTokens" | "adaptationDataScope" | "adaptationProtocolId"
  >;
  extraMetrics?: boolean;
  /**
   * Called in bundle order for each finished episode (played or failed), before its lines are
   * written: `play-llm` writes the episode's held prompts there (prompt-order.ts).
   */
  onRecord?: (index: number) => Promise<void>;
  /** Progress callback after each scored (or failed) episode. */
  onEpisode?: (e: { index: number; instance_id: string; outcome?: EpisodeOutcome; error?: string }) => void;
  /** Called once, with the first episode error of the run (the CLI prints it on stderr). */
  onFirstError?: (e: PlayErrorRecord) => void;
  /**
   * `--max-unparseable-share`: when more than this share of the agent's replies over the run's
   * rows could not be used, the run is not ok (default 0.5; 1 accepts any share). Only agents
   * that count their replies (LLM, stdio) are checked.
   */
  maxUnparseableShare?: number;
  /** Stop after this many consecutive failures of one kind (default 3; permanent ones stop at once). */
  stopAfterRepeated?: number;
  signal?: AbortSignal;
  /**
   * Episodes played elsewhere (`play-llm --queue`, src/gf01/queue/play.ts): given the episodes
   * to play, returns each one's finished row and step log (or throws its EpisodeFailed). They
   * are then recorded one at a time in bundle order, exactly as a sequential local run.
   */
  remote?: (
    todo: readonly { inst: Gf01Instance; index: number }[],
    params: EpisodeParams,
  ) => Promise<(k: number) => Promise<PlayedEpisode>>;
}

/** One played episode: its run row, its step log, and (when played here) its outcome. */
export interface PlayedEpisode {
  row: Record<string, unknown>;
  log: Record<string, unknown>;
  outcome?: EpisodeOutcome;
  /** The row's exact line, when it was written elsewhere (a queue worker; PyFloats do not survive JSON). */
  line?: string;
  /** The agent's replies and unusable replies, when it counts them (played here). */
  replies?: ReplyTally;
}

/** What one episode depends on besides its instance and agent (local and queued play). */
export interface EpisodeParams {
  bundleMeta: LoadedBundle["meta"];
  evalTrack: EvalTrack;
  rendererTrack: "json" | "visual";
  protocol: PlayProtocol;
  exploreEpisodes?: number;
  maxInvalidPerStep: number;
  seed: number;
  gitCommit?: string;
  adaptation?: PlayRunOptions["adaptation"];
  extraMetrics?: boolean;
}

/** Play one instance with one agent: the unit of work of playBundle, local or queued. */
export async function playEpisode(
  agent: OnlineAgent,
  inst: Gf01Instance,
  index: number,
  p: EpisodeParams,
): Promise<PlayedEpisode> {
  const allowlist = agent.toolAllowlistId ?? ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[p.evalTrack][0];
  const ci = compileInstance(inst);
  const session = new PlaySession(inst, ci, {
    protocol: p.protocol,
    exploreEpisodes: p.exploreEpisodes,
    maxInvalidPerStep: p.maxInvalidPerStep,
  });
  const player = await agent.start({
    goal: session.goal,
    protocol: p.protocol,
    exploreEpisodes: session.exploreEpisodes,
    seed: p.seed,
    index,
    instance: agent.whiteBox ? inst : undefined,
  });
  try {
    await driveSession(session, player);
  } catch (e) {
    await player.abort?.();
    throw e;
  }
  const outcome = scoreSession(session);
  const extras = (await player.end?.(publicResult(outcome))) ?? {};
  const meta = playRunMeta(p.bundleMeta, {
    evalTrack: p.evalTrack,
    rendererTrack: p.rendererTrack,
    gitCommit: p.gitCommit,
    ...p.adaptation,
    toolAllowlistId: allowlist,
    toolLogHash: p.evalTrack === "EVAL-CB" ? "" : (extras.tool_log_hash ?? ""),
  });
  const row = outcomeRunRecord(session, outcome, {
    eval_track: p.evalTrack,
    renderer_track: p.rendererTrack,
    agent_name: agent.name,
    meta,
    extraMetrics: p.extraMetrics,
  });
  // A model's unusable replies are counted in its row (extra keys, ignored by the official
  // checks). Black-box interfaces (in-process, stdio, HTTP) keep identical rows: their refused
  // moves are in the step log (`rejected_moves`), and their tally in the run payload.
  if (extras.replies?.inRow) {
    row.agent_replies = extras.replies.replies;
    row.unparseable_replies = extras.replies.unparseable;
  }
  const log = stepLogRecord(outcome, {
    agent_name: agent.name,
    eval_track: p.evalTrack,
    extra: extras.log ? { agent_log: extras.log } : undefined,
  });
  return {
    row,
    log,
    outcome,
    replies: extras.replies && { replies: extras.replies.replies, unparseable: extras.replies.unparseable },
  };
}

export const PLAY_ERROR_SCHEMA_VERSION = "gf01.play_error.v1";

/** One failed episode (a line of `<out>.errors.jsonl`). Never a run row, never scored. */
export const playErrorSchema = z.object({
  schema_version: z.literal(PLAY_ERROR_SCHEMA_VERSION),
  status: z.literal("error"),
  instance_id: z.string(),
  agent_name: z.string(),
  eval_track: z.enum(["EVAL-CB", "EVAL-TA", "EVAL-OC"]),
  play_protocol: z.enum(["commit_only", "explore_then_commit"]),
  /** e.g. agent_start, agent_exit, agent_timeout, model_unreachable, model_auth, model_<kind>. */
  kind: z.string(),
  /** The one plain line printed on stderr for the first error. */
  message: z.string(),
  /** Retrying cannot help: the run stopped at this error. */
  permanent: z.boolean(),
});
registerSchema(PLAY_ERROR_SCHEMA_VERSION, playErrorSchema);
export type PlayErrorRecord = z.infer<typeof playErrorSchema>;

export interface PlayRunResult {
  ok: boolean;
  payload: Record<string, unknown>;
  rows: Record<string, unknown>[];
}

/** Track policy for an online agent (official messages where they exist). */
export function onlineTrackError(agent: OnlineAgent, track: EvalTrack): string | undefined {
  if (agent.whiteBox && track !== "EVAL-OC") return "exact oracle agent is restricted to EVAL-OC";
  const own = agent.evalTrack ?? "EVAL-CB";
  if (own !== track) return `agent ${agent.name} belongs to ${own}, not ${track}`;
  return undefined;
}

export async function playBundle(o: PlayRunOptions): Promise<PlayRunResult> {
  const agent = o.agent;
  const evalTrack = o.evalTrack ?? agent.evalTrack ?? "EVAL-CB";
  const rendererTrack = o.rendererTrack ?? "json";
  const protocol = o.protocol ?? "commit_only";
  const err = (error_type: string, message: string): PlayRunResult => ({
    ok: false,
    payload: { status: "error", error_type, message },
    rows: [],
  });
  const te = onlineTrackError(agent, evalTrack);
  if (te) return err("track_policy_violation", te);
  const allowlist = agent.toolAllowlistId ?? ALLOWED_TOOL_ALLOWLISTS_BY_TRACK[evalTrack][0];
  // TA/OC rows need a tool log hash; the agent supplies it per episode, so check with a stand-in.
  const tp = trackToolPolicyError(evalTrack, allowlist, evalTrack === "EVAL-CB" ? "" : "per-episode");
  if (tp) return err("track_policy_violation", tp);
  if (o.resume && o.overwrite)
    throw new InputError("use either --resume or --overwrite, not both", { field: "--resume" });
  if (o.resume && !o.out) throw new InputError("--resume needs --out <file>", { field: "--resume" });

  const instances = o.limit !== undefined ? o.bundle.instances.slice(0, o.limit) : o.bundle.instances;
  const stepsOut = o.stepsOut ?? (o.out ? `${o.out}.steps.jsonl` : undefined);
  const rows: Record<string, unknown>[] = [];
  const done = new Set<string>();
  if (o.out && existsSync(o.out) && statSync(o.out).size > 0 && !o.resume && !o.overwrite)
    throw new InputError("file exists; pass --resume to continue it or --overwrite to replace it", {
      file: o.out,
    });
  // One run at a time appends to --out and its steps/errors files (released at the end, also
  // on error or signal).
  const lock = o.out ? await lockJournal(o.out) : undefined;
  let runsApp: JsonlAppender | undefined;
  let stepsApp: JsonlAppender | undefined;
  try {
    if (o.out && o.resume) {
      // Every kept row is checked as `validate` checks it; a torn last row is cut (played again).
      const recorded = new Set<string>();
      for (const { value: r } of await readJournal(o.out, runRowChecker())) {
        recorded.add(stepKey(r));
        if (r.agent_name === agent.name && r.eval_track === evalTrack && r.play_protocol === protocol) {
          done.add(String(r.instance_id));
          rows.push(r);
        }
      }
      if (stepsOut) await dropUnrecordedSteps(stepsOut, recorded);
    }
    if (o.out && o.overwrite) {
      await writeFile(o.out, "");
      if (stepsOut) await writeFile(stepsOut, "");
    }
    runsApp = o.out ? await JsonlAppender.open(o.out) : undefined;
    stepsApp = stepsOut ? await JsonlAppender.open(stepsOut) : undefined;
  } catch (e) {
    lock?.release();
    throw e;
  }
  // Errors of this run only: a resumed run retries every errored episode, so old records go.
  // Created by the first error, so that a killed run without errors leaves no empty file.
  const errorsFile = o.out ? `${o.out}.errors.jsonl` : undefined;
  if (errorsFile) await rm(errorsFile, { force: true });

  const todo = instances.map((inst, index) => ({ inst, index })).filter((x) => !done.has(x.inst.instance_id));
  // Reorder buffer: episode k's lines are written once every earlier episode is settled.
  const settled = new Map<
    number,
    { row?: Record<string, unknown>; log?: Record<string, unknown>; line?: string } | null
  >();
  let nextToWrite = 0;
  const flush = async () => {
    while (nextToWrite < todo.length && settled.has(nextToWrite)) {
      const s = settled.get(nextToWrite);
      settled.delete(nextToWrite);
      await o.onRecord?.((todo[nextToWrite] as { index: number }).index);
      nextToWrite++;
      if (s?.row) {
        rows.push(s.row);
        // Step log first, run row last: the run row commits the episode. A kill between the
        // two leaves a step line without its row, which --resume drops before replaying.
        if (stepsApp && s.log) await stepsApp.append(JSON.stringify(s.log));
        if (runsApp) await runsApp.append(s.line ?? runRecordLine(s.row));
      }
    }
  };
  let flushChain = Promise.resolve();
  const errors: PlayErrorRecord[] = [];
  const stopAfter = Math.max(1, o.stopAfterRepeated ?? 3);
  let stopped: { reason: string; kind: string } | undefined;
  let streakKind = "";
  let streak = 0;
  const recordError = async (inst: Gf01Instance, e: unknown) => {
    const failed = e instanceof EpisodeFailed ? e : undefined;
    const rec: PlayErrorRecord = {
      schema_version: PLAY_ERROR_SCHEMA_VERSION,
      status: "error",
      instance_id: inst.instance_id,
      agent_name: agent.name,
      eval_track: evalTrack,
      play_protocol: protocol,
      kind: failed?.kind ?? (e as { kind?: string }).kind ?? "agent_error",
      message: (e as Error)?.message ?? String(e),
      permanent: failed?.permanent ?? false,
    };
    if (!errors.length) o.onFirstError?.(rec);
    errors.push(rec);
    if (errorsFile) await appendFile(errorsFile, `${JSON.stringify(rec)}\n`);
    streak = rec.kind === streakKind ? streak + 1 : 1;
    streakKind = rec.kind;
    if (!stopped && (rec.permanent || streak >= stopAfter))
      stopped = {
        kind: rec.kind,
        reason: rec.permanent ? "permanent failure" : `${streak} consecutive ${rec.kind} failures`,
      };
  };

  const params: EpisodeParams = {
    bundleMeta: o.bundle.meta,
    evalTrack,
    rendererTrack,
    protocol,
    exploreEpisodes: o.exploreEpisodes,
    maxInvalidPerStep: o.maxInvalidPerStep ?? 5,
    seed: o.seed ?? 0,
    gitCommit: o.gitCommit,
    adaptation: o.adaptation,
    extraMetrics: o.extraMetrics,
  };
  const remote = o.remote ? await o.remote(todo, params) : undefined;
  const playOne = (k: number): Promise<PlayedEpisode> => {
    if (remote) return remote(k);
    const { inst, index } = todo[k];
    return playEpisode(agent, inst, index, params);
  };

  // Replies of the episodes played by this run (LLM and stdio agents count theirs).
  const tally = { replies: 0, unparseable: 0, counted: false };
  let cursor = 0;
  let started = 0;
  const worker = async () => {
    while (cursor < todo.length && !o.signal?.aborted && !stopped) {
      const k = cursor++;
      started++;
      const { inst, index } = todo[k];
      try {
        const r = await playOne(k);
        settled.set(k, { row: r.row, log: r.log, line: r.line });
        const t = r.replies ?? replyTallyOfLog(r.log);
        if (t) {
          tally.counted = true;
          tally.replies += t.replies;
          tally.unparseable += t.unparseable;
        }
        streak = 0;
        o.onEpisode?.({ index, instance_id: inst.instance_id, outcome: r.outcome });
      } catch (e) {
        await recordError(inst, e);
        settled.set(k, null);
        o.onEpisode?.({ index, instance_id: inst.instance_id, error: (e as Error)?.message });
      }
      flushChain = flushChain.then(flush);
      await flushChain;
    }
  };
  try {
    // Remote episodes are already played: record them one at a time, in order.
    await Promise.all(Array.from({ length: remote ? 1 : Math.max(1, o.concurrency ?? 1) }, worker));
    await flushChain;
  } finally {
    try {
      await runsApp?.close();
      await stepsApp?.close();
      await agent.close?.();
    } finally {
      lock?.release();
    }
  }
  if (errorsFile && !errors.length) await rm(errorsFile, { force: true });

  const builder = new ReportBuilder();
  for (const r of rows) builder.add(r);
  const rep = builder.finish();
  const notPlayed = todo.length - started;
  const maxShare = o.maxUnparseableShare ?? DEFAULT_MAX_UNPARSEABLE_SHARE;
  const unusable = unparseableLine("gf01", tally, maxShare, "agent replies");
  const ok = errors.length === 0 && notPlayed === 0 && unusable === null;
  return {
    ok,
    rows,
    payload: {
      status: ok ? "ok" : rows.length > done.size && !unusable ? "partial" : "error",
      agent: agent.name,
      eval_track: evalTrack,
      renderer_track: rendererTrack,
      play_protocol: protocol,
      instances: instances.length,
      played: started - errors.length,
      resumed: done.size,
      errored: errors.length,
      not_played: notPlayed,
      ...(stopped ? { stopped_early: stopped } : {}),
      errors,
      // Counted whenever the agent reports its replies (LLM and stdio agents), over every row.
      ...(tally.counted
        ? {
            agent_replies: tally.replies,
            unparseable_replies: tally.unparseable,
            max_unparseable_share: maxShare,
            ...(unusable ? { unparseable_failure: unusable } : {}),
          }
        : {}),
      aggregate: rep.groups,
      out_jsonl: o.out ?? "",
      steps_jsonl: stepsOut ?? "",
      errors_jsonl: errors.length ? (errorsFile ?? "") : "",
    },
  };
}

/**
 * An LLM episode's replies from its step log (episodes played on queue workers come back as
 * row + step log): every call, unusable = no JSON action + moves the game refused.
 */
function replyTallyOfLog(log: Record<string, unknown>): ReplyTally | undefined {
  const a = log.agent_log as Record<string, unknown> | undefined;
  if (!a || typeof a.calls !== "number" || typeof a.malformed_replies !== "number") return undefined;
  const rejected = typeof log.rejected_moves === "number" ? log.rejected_moves : 0;
  return { replies: a.calls, unparseable: a.malformed_replies + rejected };
}

/** The run a row or step log belongs to (both carry these fields). */
function stepKey(r: Record<string, unknown>): string {
  return JSON.stringify([r.instance_id, r.agent_name, r.eval_track, r.play_protocol]);
}

/**
 * Resume: keep only the step logs whose run row was recorded. A kill after an episode's step
 * line and before its row leaves an orphan; the episode is replayed and logs it again.
 */
async function dropUnrecordedSteps(file: string, recorded: Set<string>): Promise<void> {
  if (!existsSync(file)) return;
  // The same journal reader as the run rows: torn tail cut, any other bad line an InputError.
  const logs = await readJournal(file, (v) => {
    if (!v || typeof v !== "object" || Array.isArray(v))
      throw new InputError("a step log must be a JSON object");
    return v as Record<string, unknown>;
  });
  const lines = (await readFile(file, "utf8")).split("\n").filter((l) => l.trim() !== "");
  if (lines.length !== logs.length) throw new InputError("unexpected line breaks in a step log", { file });
  const keep = lines.filter((_, i) => recorded.has(stepKey(logs[i].value)));
  // Lines are kept byte for byte; the file is replaced atomically.
  if (keep.length < lines.length) await writeFileAtomic(file, keep.map((l) => `${l}\n`).join(""));
}
