/**
 * HTTP session API for online play (used by `gf01 serve`, the browser game, and any agent
 * that prefers HTTP to stdio). A thin adapter: each request becomes one `PlaySession` call.
 * Contract (paths under `prefix`, default `/api/gf01`) is documented in docs/gf01-play.md.
 *
 *   GET    /instances                      public list: index, instance_id, mode, T, split_id
 *   POST   /sessions                       create → 201 {session_id, goal, observation, …}
 *   GET    /sessions/:id                   state (observation, finished, result|null)
 *   GET    /sessions/:id/observation       {observation, text}
 *   POST   /sessions/:id/actions           move → 200 accepted / 422 rejected (+ observation)
 *   POST   /sessions/:id/commit            = move {"type":"commit"}
 *   POST   /sessions/:id/steps             {"actions":[move, …]} in order, one round trip (optional)
 *   GET    /sessions/:id/result            200 when finished, else 409
 *   DELETE /sessions/:id                   204
 */
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { hostChecker, hostRefusedMessage } from "../../core/host-check.js";
import { closeServer } from "../../core/listen.js";
import { GroupAppender, JsonlAppender } from "../../core/jsonl.js";
import { type LoadedBundle, loadBundle } from "../artifacts/bundle.js";
import { runRecordLine } from "../artifacts/run-record.js";
import { type CompiledInstance, compileInstance } from "../model/compile.js";
import type { Atom, Gf01Instance } from "../model/types.js";
import type { ScoreOptions, ScoreRow } from "../verify/score.js";
import type { PublicResult } from "./agent.js";
import { PlaySession, type SubmitResult } from "./episode.js";
import { playRunMeta } from "./meta.js";
import { PLAY_PROTOCOLS, type PlayProtocol } from "./observation.js";
import { renderObservation } from "./render-text.js";
import {
  type EpisodeOutcome,
  outcomeFromScore,
  outcomeRunRecord,
  publicResult,
  scoreSession,
  stepLogRecord,
} from "./result.js";

export interface PlayHandlerOptions {
  bundle: LoadedBundle;
  /** Finished episodes are appended here: runs.jsonl (run_record v1) and steps.jsonl. */
  dataDir?: string;
  prefix?: string;
  gitCommit?: string;
  /**
   * At most this many live sessions; the oldest is evicted first (default 10 000). Ignored
   * when `admission` is given (then a full server refuses new sessions instead).
   */
  maxSessions?: number;
  /**
   * Session admission shared by several handlers (`gf01 serve`: server-wide totals and
   * per-client counts). Refused → the returned status and code, nothing evicted.
   */
  admission?: SessionAdmission;
  /** Who is asking (the key of per-client limits); default: the peer address. */
  clientOf?: (req: IncomingMessage) => string;
  /** Largest request body in bytes (default 64 KiB); larger → 413 `body_too_large`. */
  maxBodyBytes?: number;
  /** Drop sessions untouched this long (ms); later requests → 410 `session_expired`. Default: never. */
  idleTimeoutMs?: number;
  /**
   * Refuse requests a web page on another origin could make: an `Origin` header whose host is
   * not this server's (403 `cross_origin`) and HTML form encodings (415). `gf01 serve` sets it.
   * `"forwarded"`: also accept the `X-Forwarded-Host` a trusted reverse proxy sets.
   */
  sameOriginOnly?: boolean | "forwarded";
  /**
   * Opens `runs.jsonl` / `steps.jsonl` (default: a group-commit appender). `gf01 serve` passes
   * one that cuts a torn tail left by a crash and fsyncs runs.jsonl before acknowledging.
   */
  openJournal?: (file: string, kind: "runs" | "steps") => Promise<LineSink>;
  /**
   * Scores a finished session's certificate somewhere else (`gf01 serve`: worker threads), so
   * the event loop keeps serving while a large best match runs. Must return exactly
   * `scoreCertificate(compileInstance(instance), certificate, options)`. Default: inline.
   */
  scorer?: (instance: Gf01Instance, certificate: Atom[], options: ScoreOptions) => Promise<ScoreRow>;
  /** Extra headers on every response (e.g. security headers). */
  headers?: Record<string, string>;
  /** Session id factory (default: 128 random bits, hex; ids are never part of a scored artifact). */
  newId?: () => string;
  /** Add permissive CORS headers (for a game served from another origin). */
  cors?: boolean;
  /**
   * Node cap of the best-match (AP/TS) search when a session is scored (default
   * `SERVER_BEST_MATCH_MAX_NODES`; `Infinity`: exact, unbounded). Scoring runs on the request
   * path, so on large automata with loose budgets an unbounded search could block every other
   * player for minutes. When the cap is hit the row and the result say so
   * (`best_match_cap_hit`, `best_match_max_nodes`); the verdict (Suff/Min1/Valid) stays exact.
   */
  bestMatchMaxNodes?: number;
  /**
   * Awaited before a finished episode's run row is written (with `dataDir`): `gf01 serve`
   * writes its results-index line here, so a row on disk always has one (a client whose answer
   * was lost in a crash can still read its result), and an index line whose row never got
   * written is recognised by `line`'s hash and ignored at start-up. A failure fails the request
   * (500) and writes no row.
   */
  beforeRow?: (e: {
    session_id: string;
    outcome: EpisodeOutcome;
    row: Record<string, unknown>;
    line: string;
  }) => Promise<void>;
  /** Called after a finished episode was scored (and written when dataDir is set). */
  onFinish?: (e: { session_id: string; outcome: EpisodeOutcome; row: Record<string, unknown> }) => void;
}

/** A move request's answer, kept so that a retry of it gets the same bytes (see `seq`). */
interface Answer {
  status: number;
  body: unknown;
}

/**
 * The last move request a session answered, by its `seq` (the count of move requests applied
 * before it). A client whose answer was lost (timeout, dropped connection) sends the request
 * again with the same `?seq=`; it gets this answer again, and nothing is applied or written a
 * second time. Pending while the request is still being answered (its row being written).
 */
interface LastAnswer {
  seq: number;
  answer: Promise<Answer>;
}

/** A finished session as kept for reads (see `done` in createPlaySessionHandler). */
interface Finished {
  view: { observation: unknown; text: string } & Record<string, unknown>;
  result: PublicResult;
  /** Move requests applied, and the last one's answer: the finishing one (replayed to a retry). */
  applied: number;
  last?: LastAnswer;
}

/** What `PlaySession.submit` answers for any move once the session is finished. */
const EPISODE_OVER = { code: "episode_over", message: "the session is finished" };

/** An append-only line file: `push` resolves once the line is written. */
export interface LineSink {
  push(line: string): Promise<void>;
  close(): Promise<void>;
}

/** Server-wide session accounting (implemented by `gf01 serve`'s SessionQuota). */
export interface SessionAdmission {
  acquire(client: string): { status: number; code: string; message: string } | undefined;
  release(client: string): void;
}

interface Entry {
  id: string;
  session: PlaySession;
  client: string;
  /** Last request (ms, monotonic): idle expiry. */
  seen: number;
  agentName: string;
  /** People only (a `human-…` agent or an explicit player id); program clients have none. */
  playerId?: string;
  rendererTrack: "json" | "visual";
  result?: PublicResult;
  /** Set while the finished session is scored and written (a second finishing request waits). */
  finishing?: Promise<void>;
  /** Move requests (actions/commit/steps) applied so far: the `seq` the next one carries. */
  applied: number;
  last?: LastAnswer;
}

const MAX_BODY = 64 * 1024;
/** Most moves one `steps` request may carry (the body limit applies too). */
export const MAX_STEPS_PER_REQUEST = 1024;
const FINISHED_KEPT = 10_000;
/** 128 random bits: unguessable, and hex so `anon-<first 8>` stays a valid player id. */
const randomId = (): string => randomBytes(16).toString("hex");
const AGENT_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Pseudonymous player ids (no names or e-mail addresses: see docs/human-data.md). */
export const PLAYER_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const tooLarge = (max: number) => new HttpError(413, "body_too_large", `request body over ${max} bytes`);

/** The body as JSON (undefined when empty). Event listeners, not an async iterator: hot path. */
export function readBody(req: IncomingMessage, max: number): Promise<unknown> {
  const declared = Number(req.headers["content-length"]);
  if (declared > max) {
    req.resume();
    return Promise.reject(tooLarge(max));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let n = 0;
    let failed = false;
    req.on("data", (c: Buffer) => {
      if (failed) return;
      n += c.length;
      if (n > max) {
        failed = true;
        reject(tooLarge(max));
        return;
      }
      chunks.push(c);
    });
    req.on("error", (e) => {
      if (!failed) reject(new HttpError(400, "bad_request", `request body: ${e.message}`));
      failed = true;
    });
    req.on("end", () => {
      if (failed) return;
      const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString("utf8").trim();
      if (!text) return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new HttpError(400, "bad_json", `request body is not JSON: ${(e as Error).message}`));
      }
    });
  });
}

/** The moves of a `steps` body `{"actions": [move, …]}` (1 to MAX_STEPS_PER_REQUEST), else 400. */
function stepsOf(body: unknown): unknown[] {
  const actions =
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>).actions
      : undefined;
  if (!Array.isArray(actions) || actions.length < 1 || actions.length > MAX_STEPS_PER_REQUEST)
    throw new HttpError(
      400,
      "bad_request",
      `body must be {"actions": [move, …]} with 1 to ${MAX_STEPS_PER_REQUEST} moves`,
    );
  return actions;
}

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Why a browser on another origin must not get this request through, or undefined. */
export function crossOriginProblem(req: IncomingMessage, forwarded: boolean): HttpError | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== "null") {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {}
    // Behind a trusted reverse proxy the public host may arrive as X-Forwarded-Host.
    const fwd = forwarded
      ? String(req.headers["x-forwarded-host"] ?? "")
          .split(",")[0]
          .trim()
      : "";
    if (host === undefined || (host !== req.headers.host && host !== fwd))
      return new HttpError(403, "cross_origin", "requests from another origin are refused");
  } else if (origin === "null")
    return new HttpError(403, "cross_origin", "requests from an opaque origin are refused");
  if (FORM_TYPE.test(req.headers["content-type"] ?? ""))
    return new HttpError(
      415,
      "unsupported_media_type",
      "request bodies are JSON (content-type: application/json)",
    );
  return undefined;
}

/**
 * Returns a request listener fragment: it handles (and returns true for) requests under
 * `prefix`, and returns false for anything else so it can share a server with static files.
 */
export type PlayHandler = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
  /** Flush and close the data files (live sessions are dropped). */
  close(): Promise<void>;
};

/** About a second of best-match search on a 64-state automaton; default instances need far fewer. */
export const SERVER_BEST_MATCH_MAX_NODES = 50_000;

export function createPlaySessionHandler(opts: PlayHandlerOptions): PlayHandler {
  const bestMatchMaxNodes = opts.bestMatchMaxNodes ?? SERVER_BEST_MATCH_MAX_NODES;
  if (!(bestMatchMaxNodes >= 1))
    throw new InputError(`bestMatchMaxNodes must be ≥ 1, got ${bestMatchMaxNodes}`, {
      field: "bestMatchMaxNodes",
    });
  const capNodes = Number.isFinite(bestMatchMaxNodes) ? bestMatchMaxNodes : undefined;
  const prefix = (opts.prefix ?? "/api/gf01").replace(/\/$/, "");
  const sessions = new Map<string, Entry>();
  const maxSessions = opts.maxSessions ?? 10_000;
  const maxBody = opts.maxBodyBytes ?? MAX_BODY;
  const newId = opts.newId ?? randomId;
  const admission = opts.admission;
  const clientOf = opts.clientOf ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? "unknown");
  /** Recently expired ids (bounded), so a returning player hears "expired", not "unknown". */
  const expired = new Set<string>();
  /**
   * Finished sessions leave the live count (and the client's quota) at once, but stay
   * readable among the most recent FINISHED_KEPT as their last view and result only (the
   * PlaySession with every rollout and step record is dropped).
   */
  const done = new Map<string, Finished>();
  const drop = (e: Entry) => {
    if (sessions.delete(e.id)) admission?.release(e.client);
  };
  const retire = (e: Entry) => {
    if (!sessions.delete(e.id)) return;
    admission?.release(e.client);
    done.set(e.id, { view: view(e), result: e.result!, applied: e.applied, last: e.last });
    if (done.size > FINISHED_KEPT) done.delete(done.keys().next().value as string);
  };
  const idleMs = opts.idleTimeoutMs ?? 0;
  const sweep =
    idleMs > 0
      ? setInterval(
          () => {
            const cut = performance.now() - idleMs;
            // Map order is insertion order, not last use: scan all (cheap next to the interval).
            for (const e of sessions.values())
              if (e.seen < cut) {
                drop(e);
                expired.add(e.id);
                if (expired.size > 100_000) expired.delete(expired.values().next().value as string);
              }
          },
          Math.min(60_000, Math.max(50, idleMs / 4)),
        )
      : undefined;
  sweep?.unref();
  const compiled = new Map<string, CompiledInstance>();
  const compiledOf = (inst: Gf01Instance) => {
    let c = compiled.get(inst.instance_id);
    if (!c) {
      c = compileInstance(inst);
      compiled.set(inst.instance_id, c);
    }
    return c;
  };
  let writers: Promise<{ runs: LineSink; steps: LineSink }> | undefined;
  const openJournal =
    opts.openJournal ?? (async (f: string) => new GroupAppender(await JsonlAppender.open(f)));
  const getWriters = () => {
    if (!writers) {
      const dir = opts.dataDir!;
      const opening = (async () => {
        await mkdir(dir, { recursive: true });
        const runs = await openJournal(join(dir, "runs.jsonl"), "runs");
        try {
          return { runs, steps: await openJournal(join(dir, "steps.jsonl"), "steps") };
        } catch (e) {
          await runs.close().catch(() => {});
          throw e;
        }
      })();
      writers = opening;
      // A failed open is not remembered: the next finishing session tries again (say, once the
      // operator has fixed the directory), instead of every later one failing with it.
      opening.catch(() => {
        if (writers === opening) writers = undefined;
      });
    }
    return writers;
  };

  // The headers every answer carries, built once (hot path: one answer per move).
  const baseHeaders: Record<string, string> = { "cache-control": "no-store", ...opts.headers };
  if (opts.cors) {
    baseHeaders["access-control-allow-origin"] = "*";
    baseHeaders["access-control-allow-headers"] = "content-type";
    baseHeaders["access-control-allow-methods"] = "GET, POST, DELETE, OPTIONS";
  }
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status, baseHeaders).end();
      return;
    }
    const text = `${JSON.stringify(body)}\n`;
    const headers = { ...baseHeaders };
    headers["content-type"] = "application/json; charset=utf-8";
    // An explicit length: after writeHead, node:http would otherwise frame the body as chunked.
    headers["content-length"] = String(Buffer.byteLength(text));
    res.writeHead(status, headers).end(text);
  };

  const lookup = (id: string): Entry => {
    const e = sessions.get(id);
    if (!e) {
      if (expired.has(id))
        throw new HttpError(410, "session_expired", "the session expired after being idle; start a new one");
      throw new HttpError(
        404,
        "unknown_session",
        "no live session with that id (sessions in progress do not survive a server restart)",
      );
    }
    e.seen = performance.now();
    return e;
  };

  const finishIfDone = (e: Entry): Promise<void> => {
    if (!e.session.finished || e.result) return Promise.resolve();
    e.finishing ??= finish(e);
    return e.finishing;
  };
  const finish = async (e: Entry): Promise<void> => {
    const scoreOpts: ScoreOptions = { bestMatch: { pool: "complete", maxNodes: capNodes } };
    const outcome = opts.scorer
      ? outcomeFromScore(
          e.session,
          await opts.scorer(e.session.instance, e.session.commitCertificate(), scoreOpts),
        )
      : scoreSession(e.session, scoreOpts);
    const meta = playRunMeta(opts.bundle.meta, {
      evalTrack: "EVAL-CB",
      rendererTrack: e.rendererTrack,
      gitCommit: opts.gitCommit,
    });
    const row = outcomeRunRecord(e.session, outcome, {
      eval_track: "EVAL-CB",
      renderer_track: e.rendererTrack,
      agent_name: e.agentName,
      meta,
      bestMatchMaxNodes: capNodes,
      ...(e.playerId === undefined ? {} : { player_id: e.playerId, session_id: e.id }),
    });
    // The run row stays server-side (runs.jsonl, onFinish): it carries the generator seed, which
    // with the public generator regenerates the hidden trace.
    e.result = publicResult(outcome);
    if (opts.dataDir) {
      const w = await getWriters();
      const log = stepLogRecord(outcome, {
        agent_name: e.agentName,
        eval_track: "EVAL-CB",
        extra: e.playerId === undefined ? undefined : { player_id: e.playerId, session_id: e.id },
      });
      const line = runRecordLine(row);
      await opts.beforeRow?.({ session_id: e.id, outcome, row, line });
      // Group commit: the response waits until its row is on disk, but not behind every other
      // finishing session's separate write.
      await Promise.all([w.runs.push(line), w.steps.push(JSON.stringify(log))]);
    }
    retire(e);
    opts.onFinish?.({ session_id: e.id, outcome, row });
  };

  const view = (e: Entry, r?: SubmitResult) => {
    const observation = r?.observation ?? e.session.observation();
    return {
      session_id: e.id,
      instance_id: e.session.instance.instance_id,
      protocol: e.session.protocol,
      phase: e.session.phase,
      finished: e.session.finished,
      observation,
      text: renderObservation(observation),
      result: e.result ?? null,
    };
  };

  /**
   * The view a move answers with. Once the session is finished and retired it is the view kept
   * for later reads (built from the same final state: a finished session's observation no
   * longer changes), so the final screen is not rendered twice.
   */
  const answerView = (e: Entry, r: SubmitResult) =>
    (e.result && !sessions.has(e.id) ? done.get(e.id)?.view : undefined) ?? view(e, r);

  const create = (body: unknown, client: string): Entry => {
    const b = (body ?? {}) as Record<string, unknown>;
    if (typeof b !== "object" || Array.isArray(b))
      throw new HttpError(400, "bad_request", "body must be a JSON object");
    let inst: Gf01Instance | undefined;
    if (b.instance_id !== undefined) {
      inst = opts.bundle.byId.get(String(b.instance_id));
      if (!inst) throw new HttpError(404, "unknown_instance", `no instance ${JSON.stringify(b.instance_id)}`);
    } else {
      const i = b.index ?? 0;
      if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= opts.bundle.instances.length)
        throw new HttpError(
          400,
          "bad_request",
          `index must be an integer in [0, ${opts.bundle.instances.length - 1}]`,
        );
      inst = opts.bundle.instances[i as number];
    }
    const protocol = (b.protocol ?? "commit_only") as PlayProtocol;
    if (!PLAY_PROTOCOLS.includes(protocol))
      throw new HttpError(400, "bad_request", `protocol must be one of ${PLAY_PROTOCOLS.join(", ")}`);
    const ex = b.explore_episodes ?? 3;
    if (!Number.isInteger(ex) || (ex as number) < 0 || (ex as number) > 100)
      throw new HttpError(400, "bad_request", "explore_episodes must be an integer in [0, 100]");
    let agentName = String(b.agent_name ?? "human-web");
    if (!AGENT_NAME.test(agentName))
      throw new HttpError(400, "bad_request", "agent_name must match [A-Za-z0-9_.:-]{1,64}");
    // Old clients sent the player inside the agent name (`human-web:<id>`): split it out so the
    // condition stays `human-web` and the player is a field.
    let playerId = b.player_id === undefined ? undefined : String(b.player_id);
    const legacy = /^(human-[a-z]+):(.+)$/.exec(agentName);
    if (legacy && playerId === undefined && PLAYER_ID.test(legacy[2])) {
      agentName = legacy[1];
      playerId = legacy[2];
    }
    if (playerId !== undefined && !PLAYER_ID.test(playerId))
      throw new HttpError(400, "bad_request", "player_id must match [A-Za-z0-9_-]{1,32}");
    const rt = b.renderer_track ?? "visual";
    if (rt !== "json" && rt !== "visual")
      throw new HttpError(400, "bad_request", 'renderer_track must be "json" or "visual"');
    const session = new PlaySession(inst, compiledOf(inst), { protocol, exploreEpisodes: ex as number });
    const id = newId();
    if (admission) {
      const no = admission.acquire(client);
      if (no) throw new HttpError(no.status, no.code, no.message);
    } else while (sessions.size >= maxSessions) sessions.delete(sessions.keys().next().value as string);
    // A person with no id: an anonymous player of its own (never one shared name for all).
    // Program clients (any other agent name, no player id) keep plain rows.
    const human = playerId !== undefined || /^human-/.test(agentName);
    const e: Entry = {
      id,
      session,
      agentName,
      playerId: human ? (playerId ?? `anon-${id.slice(0, 8)}`) : undefined,
      rendererTrack: rt,
      client,
      seen: performance.now(),
      applied: 0,
    };
    sessions.set(id, e);
    return e;
  };

  /**
   * Runs a move request exactly once per `seq`: `seq` = the move requests this session applied
   * before it (absent: no retry protection, as older clients). The same `seq` again (a retry
   * after a lost answer) gets the first answer's status and body, even while that one is still
   * being written; any other `seq` is 409 `seq_mismatch` naming the expected one.
   */
  const once = async (e: Entry, seq: number | undefined, apply: () => Promise<Answer>): Promise<Answer> => {
    if (seq !== undefined && seq !== e.applied) {
      if (e.last && seq === e.last.seq) return e.last.answer;
      throw new HttpError(409, "seq_mismatch", `seq must be ${e.applied} (move requests applied so far)`);
    }
    const answer = apply();
    e.last = { seq: e.applied++, answer };
    return answer;
  };

  const route = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    seq: number | undefined,
  ): Promise<void> => {
    const method = req.method ?? "GET";
    if (method === "OPTIONS") return send(res, 204);
    const parts = path.split("/").filter(Boolean);
    if (parts.length === 1 && parts[0] === "instances") {
      if (method !== "GET") throw new HttpError(405, "method_not_allowed", "use GET");
      return send(res, 200, {
        instances: opts.bundle.instances.map((inst, index) => ({
          index,
          instance_id: inst.instance_id,
          mode: inst.mode,
          T: inst.base_trace.length,
          split_id: inst.split_id ?? null,
        })),
      });
    }
    if (parts[0] !== "sessions") throw new HttpError(404, "not_found", `no route ${path}`);
    if (parts.length === 1) {
      if (method !== "POST") throw new HttpError(405, "method_not_allowed", "use POST to create a session");
      const e = create(await readBody(req, maxBody), clientOf(req));
      return send(res, 201, { ...view(e), goal: e.session.goal });
    }
    const fin = sessions.has(parts[1]) ? undefined : done.get(parts[1]);
    if (fin) return routeFinished(req, res, parts, fin, seq);
    const e = lookup(parts[1]);
    const sub = parts[2];
    if (parts.length === 2) {
      if (method === "GET") return send(res, 200, view(e));
      if (method === "DELETE") {
        drop(e);
        return send(res, 204);
      }
      throw new HttpError(405, "method_not_allowed", "use GET or DELETE");
    }
    if (parts.length !== 3) throw new HttpError(404, "not_found", `no route ${path}`);
    if (sub === "observation") {
      if (method !== "GET") throw new HttpError(405, "method_not_allowed", "use GET");
      const observation = e.session.observation();
      return send(res, 200, { observation, text: renderObservation(observation) });
    }
    if (sub === "result") {
      if (method !== "GET") throw new HttpError(405, "method_not_allowed", "use GET");
      if (!e.result) throw new HttpError(409, "not_finished", "the session is not finished");
      return send(res, 200, e.result);
    }
    if (sub === "actions" || sub === "commit") {
      if (method !== "POST") throw new HttpError(405, "method_not_allowed", "use POST");
      const body = sub === "commit" ? { type: "commit" } : await readBody(req, maxBody);
      const a = await once(e, seq, async () => {
        const r = e.session.submit(body === undefined ? {} : body);
        await finishIfDone(e);
        const payload = { ...answerView(e, r), accepted: r.accepted, error: r.rejection ?? null };
        return { status: r.accepted ? 200 : 422, body: payload };
      });
      return send(res, a.status, a.body);
    }
    if (sub === "steps") {
      if (method !== "POST") throw new HttpError(405, "method_not_allowed", "use POST");
      const actions = stepsOf(await readBody(req, maxBody));
      const a = await once(e, seq, async () => {
        // Exactly the moves one `actions` request each would make, stopping where that client
        // would have learned to stop: at a rejected move (not applied) or a finished session.
        let r = e.session.submit(actions[0]);
        let applied = r.accepted ? 1 : 0;
        for (let i = 1; i < actions.length && r.accepted && !e.session.finished; i++) {
          r = e.session.submit(actions[i]);
          if (r.accepted) applied++;
        }
        await finishIfDone(e);
        const payload = { ...answerView(e, r), accepted: r.accepted, error: r.rejection ?? null, applied };
        return { status: r.accepted ? 200 : 422, body: payload };
      });
      return send(res, a.status, a.body);
    }
    throw new HttpError(404, "not_found", `no route ${path}`);
  };

  /** A finished session's routes, answered from its kept view exactly as the live session did. */
  const routeFinished = async (
    req: IncomingMessage,
    res: ServerResponse,
    parts: string[],
    fin: Finished,
    seq: number | undefined,
  ): Promise<void> => {
    const method = req.method ?? "GET";
    const sub = parts[2];
    // A retry of the finishing request (its answer was lost): the same answer, nothing written.
    const replay = async (): Promise<boolean> => {
      if (seq === undefined || !fin.last || seq !== fin.last.seq) return false;
      const a = await fin.last.answer;
      send(res, a.status, a.body);
      return true;
    };
    if (parts.length === 2) {
      if (method === "GET") return send(res, 200, fin.view);
      if (method === "DELETE") {
        done.delete(parts[1]);
        return send(res, 204);
      }
      throw new HttpError(405, "method_not_allowed", "use GET or DELETE");
    }
    if (parts.length !== 3) throw new HttpError(404, "not_found", `no route /${parts.join("/")}`);
    if (sub === "observation") {
      if (method !== "GET") throw new HttpError(405, "method_not_allowed", "use GET");
      return send(res, 200, { observation: fin.view.observation, text: fin.view.text });
    }
    if (sub === "result") {
      if (method !== "GET") throw new HttpError(405, "method_not_allowed", "use GET");
      return send(res, 200, fin.result);
    }
    if (sub === "actions" || sub === "commit") {
      if (method !== "POST") throw new HttpError(405, "method_not_allowed", "use POST");
      if (sub === "actions") await readBody(req, maxBody); // bad bodies answer as before
      if (await replay()) return;
      return send(res, 422, { ...fin.view, accepted: false, error: EPISODE_OVER });
    }
    if (sub === "steps") {
      if (method !== "POST") throw new HttpError(405, "method_not_allowed", "use POST");
      stepsOf(await readBody(req, maxBody));
      if (await replay()) return;
      return send(res, 422, { ...fin.view, accepted: false, error: EPISODE_OVER, applied: 0 });
    }
    throw new HttpError(404, "not_found", `no route /${parts.join("/")}`);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const u = req.url ?? "/";
    const q = u.indexOf("?");
    const p = q < 0 ? u : u.slice(0, q);
    if (p !== prefix && !p.startsWith(`${prefix}/`)) return false;
    let refused = opts.sameOriginOnly
      ? crossOriginProblem(req, opts.sameOriginOnly === "forwarded")
      : undefined;
    let seq: number | undefined;
    if (q >= 0 && !refused) {
      const v = new URLSearchParams(u.slice(q + 1)).get("seq");
      if (v !== null) {
        seq = /^\d{1,15}$/.test(v) ? Number(v) : undefined;
        if (seq === undefined) refused = new HttpError(400, "bad_request", "seq must be an integer ≥ 0");
      }
    }
    (refused ? Promise.reject(refused) : route(req, res, p.slice(prefix.length), seq)).catch(
      (err: unknown) => {
        if (err instanceof HttpError)
          send(res, err.status, { error: { code: err.code, message: err.message } });
        else send(res, 500, { error: { code: "internal", message: (err as Error).message } });
      },
    );
    return true;
  };
  return Object.assign(handle, {
    close: async () => {
      if (sweep) clearInterval(sweep);
      // Episodes being scored or written finish first: their rows are owed to the data files.
      await Promise.allSettled([...sessions.values()].map((e) => e.finishing));
      for (const e of [...sessions.values()]) drop(e);
      done.clear();
      if (writers) {
        // A failed open has nothing to close (and was reported to its request).
        const w = await writers.catch(() => undefined);
        writers = undefined;
        if (w) {
          await w.runs.close();
          await w.steps.close();
        }
      }
    },
  });
}

export interface PlayServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** A node:http server with the session API (and 404 for anything else). */
export async function startPlayServer(o: {
  port?: number;
  host?: string;
  /** Host names allowed besides loopback and the bound address (core/host-check.ts). */
  allowedHosts?: string[];
  bundle: LoadedBundle | string;
  dataDir?: string;
  gitCommit?: string;
  cors?: boolean;
  bestMatchMaxNodes?: number;
  /** Extra handler tried after the API (e.g. static files for the browser game). */
  fallback?: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<PlayServer> {
  const bundle = typeof o.bundle === "string" ? await loadBundle(o.bundle) : o.bundle;
  if (!bundle.instances.length) throw new InputError("the bundle has no instances", { field: "instances" });
  const api = createPlaySessionHandler({
    bundle,
    dataDir: o.dataDir,
    gitCommit: o.gitCommit,
    cors: o.cors,
    bestMatchMaxNodes: o.bestMatchMaxNodes,
  });
  const hostOk = hostChecker({ host: o.host ?? "127.0.0.1", allowedHosts: o.allowedHosts });
  const server = createServer((req, res) => {
    if (!hostOk(req.headers.host)) {
      req.resume();
      res
        .writeHead(403, { "content-type": "application/json" })
        .end(
          `${JSON.stringify({ error: { code: "host_not_allowed", message: hostRefusedMessage(req.headers.host) } })}\n`,
        );
      return;
    }
    if (api(req, res)) return;
    if (o.fallback?.(req, res)) return;
    res
      .writeHead(404, { "content-type": "application/json" })
      .end('{"error":{"code":"not_found","message":"not found"}}\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, o.host ?? "127.0.0.1", () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    close: async () => {
      await closeServer(server);
      await api.close();
    },
  };
}
