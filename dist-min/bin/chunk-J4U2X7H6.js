import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  PlaySession
} from "./chunk-EA4IENQI.js";
import {
  playRunMeta
} from "./chunk-5A6T2F3E.js";
import {
  outcomeFromScore,
  outcomeRunRecord,
  publicResult,
  renderObservation,
  scoreSession,
  stepLogRecord
} from "./chunk-IEP6NAQM.js";
import {
  loadBundle
} from "./chunk-WDP2XZCY.js";
import {
  runRecordLine
} from "./chunk-HGGUQIVU.js";
import {
  PLAY_PROTOCOLS
} from "./chunk-Z5AODXDI.js";
import {
  GroupAppender,
  JsonlAppender
} from "./chunk-QYZGEUIB.js";
import {
  compileInstance
} from "./chunk-3RIPXYYT.js";

// src/gf01/play/http.ts
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { InputError } from "../core/errors.js";
var EPISODE_OVER = { code: "episode_over", message: "the session is finished" };
var MAX_BODY = 64 * 1024;
var FINISHED_KEPT = 1e4;
var randomId = () => randomBytes(16).toString("hex");
var AGENT_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;
var PLAYER_ID = /^[A-Za-z0-9_-]{1,32}$/;
var HttpError = class extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
  status;
  code;
};
var tooLarge = (max) => new HttpError(413, "body_too_large", `request body over ${max} bytes`);
function readBody(req, max) {
  const declared = Number(req.headers["content-length"]);
  if (declared > max) {
    req.resume();
    return Promise.reject(tooLarge(max));
  }
  return new Promise((resolve, reject) => {
    const chunks = [];
    let n = 0;
    let failed = false;
    req.on("data", (c) => {
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
      if (!text) return resolve(void 0);
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new HttpError(400, "bad_json", `request body is not JSON: ${e.message}`));
      }
    });
  });
}
var FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
function crossOriginProblem(req, forwarded) {
  const origin = req.headers.origin;
  if (origin !== void 0 && origin !== "null") {
    let host;
    try {
      host = new URL(origin).host;
    } catch {
    }
    const fwd = forwarded ? String(req.headers["x-forwarded-host"] ?? "").split(",")[0].trim() : "";
    if (host === void 0 || host !== req.headers.host && host !== fwd)
      return new HttpError(403, "cross_origin", "requests from another origin are refused");
  } else if (origin === "null")
    return new HttpError(403, "cross_origin", "requests from an opaque origin are refused");
  if (FORM_TYPE.test(req.headers["content-type"] ?? ""))
    return new HttpError(
      415,
      "unsupported_media_type",
      "request bodies are JSON (content-type: application/json)"
    );
  return void 0;
}
var SERVER_BEST_MATCH_MAX_NODES = 5e4;
function createPlaySessionHandler(opts) {
  const bestMatchMaxNodes = opts.bestMatchMaxNodes ?? SERVER_BEST_MATCH_MAX_NODES;
  if (!(bestMatchMaxNodes >= 1))
    throw new InputError(`bestMatchMaxNodes must be \u2265 1, got ${bestMatchMaxNodes}`, {
      field: "bestMatchMaxNodes"
    });
  const capNodes = Number.isFinite(bestMatchMaxNodes) ? bestMatchMaxNodes : void 0;
  const prefix = (opts.prefix ?? "/api/gf01").replace(/\/$/, "");
  const sessions = /* @__PURE__ */ new Map();
  const maxSessions = opts.maxSessions ?? 1e4;
  const maxBody = opts.maxBodyBytes ?? MAX_BODY;
  const newId = opts.newId ?? randomId;
  const admission = opts.admission;
  const clientOf = opts.clientOf ?? ((req) => req.socket.remoteAddress ?? "unknown");
  const expired = /* @__PURE__ */ new Set();
  const done = /* @__PURE__ */ new Map();
  const drop = (e) => {
    if (sessions.delete(e.id)) admission?.release(e.client);
  };
  const retire = (e) => {
    if (!sessions.delete(e.id)) return;
    admission?.release(e.client);
    done.set(e.id, { view: view(e), result: e.result });
    if (done.size > FINISHED_KEPT) done.delete(done.keys().next().value);
  };
  const idleMs = opts.idleTimeoutMs ?? 0;
  const sweep = idleMs > 0 ? setInterval(
    () => {
      const cut = performance.now() - idleMs;
      for (const e of sessions.values())
        if (e.seen < cut) {
          drop(e);
          expired.add(e.id);
          if (expired.size > 1e5) expired.delete(expired.values().next().value);
        }
    },
    Math.min(6e4, Math.max(50, idleMs / 4))
  ) : void 0;
  sweep?.unref();
  const compiled = /* @__PURE__ */ new Map();
  const compiledOf = (inst) => {
    let c = compiled.get(inst.instance_id);
    if (!c) {
      c = compileInstance(inst);
      compiled.set(inst.instance_id, c);
    }
    return c;
  };
  let writers;
  const openJournal = opts.openJournal ?? (async (f) => new GroupAppender(await JsonlAppender.open(f)));
  const getWriters = () => {
    if (!writers) {
      const dir = opts.dataDir;
      writers = mkdir(dir, { recursive: true }).then(async () => ({
        runs: await openJournal(join(dir, "runs.jsonl"), "runs"),
        steps: await openJournal(join(dir, "steps.jsonl"), "steps")
      }));
    }
    return writers;
  };
  const send = (res, status, body) => {
    const headers = { "cache-control": "no-store", ...opts.headers };
    if (opts.cors) {
      headers["access-control-allow-origin"] = "*";
      headers["access-control-allow-headers"] = "content-type";
      headers["access-control-allow-methods"] = "GET, POST, DELETE, OPTIONS";
    }
    if (body === void 0) {
      res.writeHead(status, headers).end();
      return;
    }
    const text = `${JSON.stringify(body)}
`;
    headers["content-type"] = "application/json; charset=utf-8";
    headers["content-length"] = String(Buffer.byteLength(text));
    res.writeHead(status, headers).end(text);
  };
  const lookup = (id) => {
    const e = sessions.get(id);
    if (!e) {
      if (expired.has(id))
        throw new HttpError(410, "session_expired", "the session expired after being idle; start a new one");
      throw new HttpError(
        404,
        "unknown_session",
        "no live session with that id (sessions in progress do not survive a server restart)"
      );
    }
    e.seen = performance.now();
    return e;
  };
  const finishIfDone = (e) => {
    if (!e.session.finished || e.result) return Promise.resolve();
    e.finishing ??= finish(e);
    return e.finishing;
  };
  const finish = async (e) => {
    const scoreOpts = { bestMatch: { pool: "complete", maxNodes: capNodes } };
    const outcome = opts.scorer ? outcomeFromScore(
      e.session,
      await opts.scorer(e.session.instance, e.session.commitCertificate(), scoreOpts)
    ) : scoreSession(e.session, scoreOpts);
    const meta = playRunMeta(opts.bundle.meta, {
      evalTrack: "EVAL-CB",
      rendererTrack: e.rendererTrack,
      gitCommit: opts.gitCommit
    });
    const row = outcomeRunRecord(e.session, outcome, {
      eval_track: "EVAL-CB",
      renderer_track: e.rendererTrack,
      agent_name: e.agentName,
      meta,
      bestMatchMaxNodes: capNodes,
      ...e.playerId === void 0 ? {} : { player_id: e.playerId, session_id: e.id }
    });
    e.result = publicResult(outcome);
    if (opts.dataDir) {
      const w = await getWriters();
      const log = stepLogRecord(outcome, {
        agent_name: e.agentName,
        eval_track: "EVAL-CB",
        extra: e.playerId === void 0 ? void 0 : { player_id: e.playerId, session_id: e.id }
      });
      await Promise.all([w.runs.push(runRecordLine(row)), w.steps.push(JSON.stringify(log))]);
    }
    retire(e);
    opts.onFinish?.({ session_id: e.id, outcome, row });
  };
  const view = (e, r) => {
    const observation = r?.observation ?? e.session.observation();
    return {
      session_id: e.id,
      instance_id: e.session.instance.instance_id,
      protocol: e.session.protocol,
      phase: e.session.phase,
      finished: e.session.finished,
      observation,
      text: renderObservation(observation),
      result: e.result ?? null
    };
  };
  const create = (body, client) => {
    const b = body ?? {};
    if (typeof b !== "object" || Array.isArray(b))
      throw new HttpError(400, "bad_request", "body must be a JSON object");
    let inst;
    if (b.instance_id !== void 0) {
      inst = opts.bundle.byId.get(String(b.instance_id));
      if (!inst) throw new HttpError(404, "unknown_instance", `no instance ${JSON.stringify(b.instance_id)}`);
    } else {
      const i = b.index ?? 0;
      if (!Number.isInteger(i) || i < 0 || i >= opts.bundle.instances.length)
        throw new HttpError(
          400,
          "bad_request",
          `index must be an integer in [0, ${opts.bundle.instances.length - 1}]`
        );
      inst = opts.bundle.instances[i];
    }
    const protocol = b.protocol ?? "commit_only";
    if (!PLAY_PROTOCOLS.includes(protocol))
      throw new HttpError(400, "bad_request", `protocol must be one of ${PLAY_PROTOCOLS.join(", ")}`);
    const ex = b.explore_episodes ?? 3;
    if (!Number.isInteger(ex) || ex < 0 || ex > 100)
      throw new HttpError(400, "bad_request", "explore_episodes must be an integer in [0, 100]");
    let agentName = String(b.agent_name ?? "human-web");
    if (!AGENT_NAME.test(agentName))
      throw new HttpError(400, "bad_request", "agent_name must match [A-Za-z0-9_.:-]{1,64}");
    let playerId = b.player_id === void 0 ? void 0 : String(b.player_id);
    const legacy = /^(human-[a-z]+):(.+)$/.exec(agentName);
    if (legacy && playerId === void 0 && PLAYER_ID.test(legacy[2])) {
      agentName = legacy[1];
      playerId = legacy[2];
    }
    if (playerId !== void 0 && !PLAYER_ID.test(playerId))
      throw new HttpError(400, "bad_request", "player_id must match [A-Za-z0-9_-]{1,32}");
    const rt = b.renderer_track ?? "visual";
    if (rt !== "json" && rt !== "visual")
      throw new HttpError(400, "bad_request", 'renderer_track must be "json" or "visual"');
    const session = new PlaySession(inst, compiledOf(inst), { protocol, exploreEpisodes: ex });
    const id = newId();
    if (admission) {
      const no = admission.acquire(client);
      if (no) throw new HttpError(no.status, no.code, no.message);
    } else while (sessions.size >= maxSessions) sessions.delete(sessions.keys().next().value);
    const human = playerId !== void 0 || /^human-/.test(agentName);
    const e = {
      id,
      session,
      agentName,
      playerId: human ? playerId ?? `anon-${id.slice(0, 8)}` : void 0,
      rendererTrack: rt,
      client,
      seen: performance.now()
    };
    sessions.set(id, e);
    return e;
  };
  const route = async (req, res, path) => {
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
          split_id: inst.split_id ?? null
        }))
      });
    }
    if (parts[0] !== "sessions") throw new HttpError(404, "not_found", `no route ${path}`);
    if (parts.length === 1) {
      if (method !== "POST") throw new HttpError(405, "method_not_allowed", "use POST to create a session");
      const e2 = create(await readBody(req, maxBody), clientOf(req));
      return send(res, 201, { ...view(e2), goal: e2.session.goal });
    }
    const fin = sessions.has(parts[1]) ? void 0 : done.get(parts[1]);
    if (fin) return routeFinished(req, res, parts, fin);
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
      const r = e.session.submit(body === void 0 ? {} : body);
      await finishIfDone(e);
      const payload = { ...view(e, r), accepted: r.accepted, error: r.rejection ?? null };
      return send(res, r.accepted ? 200 : 422, payload);
    }
    throw new HttpError(404, "not_found", `no route ${path}`);
  };
  const routeFinished = async (req, res, parts, fin) => {
    const method = req.method ?? "GET";
    const sub = parts[2];
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
      if (sub === "actions") await readBody(req, maxBody);
      return send(res, 422, { ...fin.view, accepted: false, error: EPISODE_OVER });
    }
    throw new HttpError(404, "not_found", `no route /${parts.join("/")}`);
  };
  const handle = (req, res) => {
    const u = req.url ?? "/";
    const q = u.indexOf("?");
    const p = q < 0 ? u : u.slice(0, q);
    if (p !== prefix && !p.startsWith(`${prefix}/`)) return false;
    const refused = opts.sameOriginOnly ? crossOriginProblem(req, opts.sameOriginOnly === "forwarded") : void 0;
    (refused ? Promise.reject(refused) : route(req, res, p.slice(prefix.length))).catch((err) => {
      if (err instanceof HttpError)
        send(res, err.status, { error: { code: err.code, message: err.message } });
      else send(res, 500, { error: { code: "internal", message: err.message } });
    });
    return true;
  };
  return Object.assign(handle, {
    close: async () => {
      if (sweep) clearInterval(sweep);
      await Promise.allSettled([...sessions.values()].map((e) => e.finishing));
      for (const e of [...sessions.values()]) drop(e);
      done.clear();
      if (writers) {
        const w = await writers;
        await w.runs.close();
        await w.steps.close();
        writers = void 0;
      }
    }
  });
}
async function startPlayServer(o) {
  const bundle = typeof o.bundle === "string" ? await loadBundle(o.bundle) : o.bundle;
  if (!bundle.instances.length) throw new InputError("the bundle has no instances", { field: "instances" });
  const api = createPlaySessionHandler({
    bundle,
    dataDir: o.dataDir,
    gitCommit: o.gitCommit,
    cors: o.cors,
    bestMatchMaxNodes: o.bestMatchMaxNodes
  });
  const server = createServer((req, res) => {
    if (api(req, res)) return;
    if (o.fallback?.(req, res)) return;
    res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":"not_found","message":"not found"}}\n');
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, o.host ?? "127.0.0.1", () => resolve());
  });
  const addr = server.address();
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    close: async () => {
      await new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
      await api.close();
    }
  };
}

export {
  PLAYER_ID,
  SERVER_BEST_MATCH_MAX_NODES,
  createPlaySessionHandler,
  startPlayServer
};
