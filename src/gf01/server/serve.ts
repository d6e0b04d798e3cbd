/**
 * `gf01 serve`: one node:http server (loopback by default) with
 *   - the play session API of src/gf01/play (docs/gf01-play.md), mounted once per bundle
 *     under `/api/b/<bundle>/` — it holds every hidden bit; the browser only sees the goal
 *     panel, canonical observations and the scored summary;
 *   - `/api/web/catalog` (public instance descriptors) and `/api/web/results/<session>`;
 *   - the static browser app (dist/web).
 * Finished episodes are written by the session API to `<data>/<bundle>/runs.jsonl` (official
 * run_record v1, renderer_track `visual`, profile GF-01-R1) and `steps.jsonl` (per-step log);
 * this module adds `sessions.jsonl` (session id → public result) so results pages survive a
 * restart. See docs/web.md and docs/human-data.md.
 */
import { createReadStream, existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import { sha256Hex } from "../../core/hash.js";
import { hostChecker, hostRefusedMessage } from "../../core/host-check.js";
import { closeServer, listenOn } from "../../core/listen.js";
import { InputError } from "../../core/errors.js";
import { readJsonl, writeFileAtomic } from "../../core/jsonl.js";
import { generateBundle } from "../api.js";
import { bundleToJson, type LoadedBundle, loadBundle, parseBundle } from "../artifacts/bundle.js";
import type { PublicResult } from "../play/agent.js";
import { createPlaySessionHandler, type LineSink, type PlayHandler } from "../play/http.js";
import { PLAY_PROTOCOLS } from "../play/observation.js";
import { type EpisodeOutcome, publicResult } from "../play/result.js";
import { ensureWebBuild } from "./build.js";
import { cutTornTail, openDurableJsonl, openJsonl } from "./journal.js";
import { JournalThread } from "./journal-thread.js";
import { ScorePool } from "./score-pool.js";
import { clientOf, DEFAULT_LIMITS, RateLimiter, type ServerLimits, SessionQuota } from "./limits.js";
import { API_SECURITY_HEADERS, createStaticHandler } from "./static.js";
import { openStudy, STUDY_KEY, type Study, type StudyOptions } from "./study.js";

export interface BundleSource {
  /** URL-safe key (default: from the file name). */
  key?: string;
  /** Display name (default: the file name). */
  name?: string;
  file?: string;
  bundle?: LoadedBundle;
}

export interface Gf01ServerOptions {
  bundles: BundleSource[];
  /** Root of the run data (default `.runs/gf01-web`, which git ignores). */
  dataDir: string;
  port?: number;
  host?: string;
  /** Host names allowed besides loopback and the bound address (`--allowed-host`; core/host-check.ts). */
  allowedHosts?: string[];
  /** Built app folder (default dist/web, built on demand). `false`: API only. */
  webDir?: string | false;
  gitCommit?: string;
  /**
   * Worker threads that score finished episodes off the event loop (default 0: on the main
   * thread; `gf01 serve` uses 1). See score-pool.ts.
   */
  scoreWorkers?: number;
  /**
   * Write runs/steps/sessions.jsonl from one worker thread (journal-thread.ts): one round trip
   * per finishing step instead of several thread-pool calls queued behind the event loop
   * (default false; `gf01 serve` sets it).
   */
  journalThread?: boolean;
  /** Limits (docs/web.md "Limits"); unset fields take DEFAULT_LIMITS. */
  limits?: Partial<ServerLimits>;
  /** Best-match node cap when scoring a commit (see `PlayHandlerOptions.bestMatchMaxNodes`). */
  bestMatchMaxNodes?: number;
  /** Study mode (`--study`): a P0 seed pack served as the bundle `study`, with consent and feedback (study.ts). */
  study?: StudyOptions;
  log?: (line: string) => void;
}

export interface PublicResultRecord {
  session_id: string;
  bundle: string;
  instance_id: string;
  agent_name: string;
  player_id?: string;
  result: PublicResult;
}

/**
 * A `sessions.jsonl` line: the record and the sha256 of its run row's line in runs.jsonl. The
 * index line is written before the row; at start-up a line whose row is not in runs.jsonl (a
 * crash between the two writes: the player was never answered) is ignored. The hash stays on
 * disk: it is of a row that holds the generator seed.
 */
interface IndexLine extends PublicResultRecord {
  row_sha256?: string;
}

/** sha256 of every line of `file` (none if it is missing). */
async function lineHashes(file: string): Promise<Set<string>> {
  const out = new Set<string>();
  if (!existsSync(file)) return out;
  const rl = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of rl) if (line) out.add(sha256Hex(line));
  return out;
}

export interface Gf01Server {
  url: string;
  server: Server;
  bundles: { key: string; name: string; bundle: LoadedBundle; dataDir: string }[];
  close(): Promise<void>;
}

const slug = (s: string) =>
  s
    .replace(/\.json$/i, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48) || "bundle";

/** A small generated bundle for `gf01 serve` without --instances (deterministic: seeds 0–5). */
export function demoBundle(gitCommit?: string): { bundle: LoadedBundle; json: string } {
  const g = generateBundle({ seeds: [0, 1, 2, 3, 4, 5], gitCommit });
  // Through the file form, exactly as `gf01 validate --instances` will read it back.
  const json = bundleToJson(g.bundle);
  return { bundle: parseBundle(JSON.parse(json), "demo"), json };
}

const recordOf = (
  bundle: string,
  session_id: string,
  outcome: EpisodeOutcome,
  row: Record<string, unknown>,
): PublicResultRecord => ({
  session_id,
  bundle,
  instance_id: outcome.instance_id,
  agent_name: String(row.agent_name),
  ...(typeof row.player_id === "string" ? { player_id: row.player_id } : {}),
  result: publicResult(outcome),
});

const sendJson = (res: ServerResponse, status: number, body: unknown, extra?: Record<string, string>) => {
  const text = `${JSON.stringify(body)}\n`;
  res
    .writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(text)),
      "cache-control": "no-store",
      ...API_SECURITY_HEADERS,
      ...extra,
    })
    .end(text);
};

export async function startGf01Server(o: Gf01ServerOptions): Promise<Gf01Server> {
  const log = o.log ?? (() => {});
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...o.limits };
  for (const [k, v] of Object.entries(limits))
    if (k !== "trustProxy" && !(Number.isFinite(v) && v >= 0))
      throw new InputError(`limit ${k} must be a number ≥ 0, got ${v}`, { field: k });
  if (limits.maxSessions < 1 || limits.maxBodyBytes < 1)
    throw new InputError("maxSessions and maxBodyBytes must be ≥ 1", { field: "limits" });
  const quota = new SessionQuota(limits.maxSessions, limits.maxSessionsPerClient);
  const rate = new RateLimiter(limits.ratePerClient);
  const who = (req: IncomingMessage) => clientOf(req, limits.trustProxy);
  const study: Study | undefined = o.study ? await openStudy(o.study) : undefined;
  // The study pack is mounted first, so it always gets the key `study`.
  const sources: BundleSource[] = study
    ? [{ key: STUDY_KEY, name: study.name, bundle: study.bundle }, ...o.bundles]
    : o.bundles;
  if (!sources.length) throw new InputError("no instance bundles to serve", { field: "instances" });
  const taken = new Set<string>();
  const mounted: Gf01Server["bundles"] = [];
  for (const src of sources) {
    const bundle = src.bundle ?? (await loadBundle(src.file!));
    if (!bundle.instances.length)
      throw new InputError("the bundle has no instances", { file: src.file, field: "instances" });
    let key = slug(src.key ?? (src.file ? basename(src.file) : "bundle"));
    for (let i = 2; taken.has(key); i++) key = `${slug(src.key ?? basename(src.file ?? "bundle"))}-${i}`;
    taken.add(key);
    mounted.push({
      key,
      name: src.name ?? (src.file ? basename(src.file) : key),
      bundle,
      dataDir: join(o.dataDir, key),
    });
  }

  // Results index: session id → public result, reloaded from disk so links keep working.
  const results = new Map<string, PublicResultRecord>();
  // Study mode: participant → study instances they finished (from the same records).
  const studyPlayed = new Map<string, Set<string>>();
  const noteStudy = (r: PublicResultRecord) => {
    if (!study || r.bundle !== STUDY_KEY || r.player_id === undefined) return;
    const s = studyPlayed.get(r.player_id) ?? new Set<string>();
    studyPlayed.set(r.player_id, s.add(r.instance_id));
  };
  const appenders = new Map<string, LineSink>();
  // Study files are read (and a broken one refused) before any data file is opened.
  await study?.start(join(o.dataDir, STUDY_KEY), (p) => studyPlayed.get(p) ?? new Set());
  const journal = o.journalThread ? new JournalThread(log) : undefined;
  let statics: ReturnType<typeof createStaticHandler> | undefined;
  try {
    for (const m of mounted) {
      await mkdir(m.dataDir, { recursive: true });
      const f = join(m.dataDir, "sessions.jsonl");
      // Cut torn tails (a crash mid-write) before anything reads or appends: the play API opens
      // runs/steps lazily, the results index is read right here.
      for (const other of ["runs.jsonl", "steps.jsonl"]) {
        const cut = await cutTornTail(join(m.dataDir, other));
        if (cut)
          log(
            `gf01 serve: ${join(m.dataDir, other)}: cut a torn last line (${cut} bytes, never acknowledged)`,
          );
      }
      const sink = journal ? await journal.open(f, false, { log }) : await openJsonl(f, { log });
      if (existsSync(f)) {
        const rows = await lineHashes(join(m.dataDir, "runs.jsonl"));
        let orphans = 0;
        for await (const { value } of readJsonl<IndexLine>(f)) {
          const { row_sha256, ...rec } = value;
          if (row_sha256 !== undefined && !rows.has(row_sha256)) {
            orphans++;
            continue;
          }
          results.set(rec.session_id, rec);
          noteStudy(rec);
        }
        if (orphans)
          log(
            `gf01 serve: ${f}: ${orphans} result(s) whose run row was never written (a crash before it; never acknowledged) ignored`,
          );
      }
      appenders.set(m.key, sink);
    }

    const webDir = o.webDir === false ? undefined : await ensureWebBuild({ dir: o.webDir, log });
    statics = webDir ? createStaticHandler(webDir) : undefined;
  } catch (e) {
    // Stop the journal thread (nothing was written yet) so a failed start leaves no thread behind.
    await journal?.close();
    throw e;
  }

  const pool =
    (o.scoreWorkers ?? 0) > 0
      ? new ScorePool(
          new Map(
            mounted.flatMap((m) => m.bundle.instances.map((i) => [`${m.key}\0${i.instance_id}`, i] as const)),
          ),
          o.scoreWorkers!,
          log,
        )
      : undefined;
  const apis: [string, PlayHandler][] = mounted.map((m) => [
    `/api/b/${m.key}/`,
    createPlaySessionHandler({
      bundle: m.bundle,
      dataDir: m.dataDir,
      prefix: `/api/b/${m.key}`,
      gitCommit: o.gitCommit,
      admission: quota,
      clientOf: who,
      maxBodyBytes: limits.maxBodyBytes,
      idleTimeoutMs: limits.idleTimeoutS * 1000,
      sameOriginOnly: limits.trustProxy ? "forwarded" : true,
      headers: API_SECURITY_HEADERS,
      // runs.jsonl: fsync'd before the finishing response (the player is told "recorded").
      openJournal: (f, kind) =>
        journal
          ? journal.open(f, kind === "runs", { log })
          : kind === "runs"
            ? openDurableJsonl(f, { log })
            : openJsonl(f, { log }),
      bestMatchMaxNodes: o.bestMatchMaxNodes,
      scorer: pool && ((inst, cert, so) => pool.score(`${m.key}\0${inst.instance_id}`, cert, so)),
      // The results index line goes to disk before the row (see IndexLine)…
      beforeRow: ({ session_id, outcome, row, line }) => {
        const rec: IndexLine = { ...recordOf(m.key, session_id, outcome, row), row_sha256: sha256Hex(line) };
        return appenders.get(m.key)!.push(JSON.stringify(rec));
      },
      // …and is served once the row is durable.
      onFinish: ({ session_id, outcome, row }) => {
        const rec = recordOf(m.key, session_id, outcome, row);
        results.set(session_id, rec);
        noteStudy(rec);
      },
    }),
  ]);

  const catalog = {
    bundles: mounted.map((m) => ({
      key: m.key,
      name: m.name,
      split_id: (m.bundle.meta.split_id as string | undefined) ?? null,
      benchmark_version: (m.bundle.meta.benchmark_version as string | undefined) ?? null,
      // Public descriptors only: the goal-panel fields of each instance, nothing hidden.
      instances: m.bundle.instances.map((inst, index) => ({
        index,
        instance_id: inst.instance_id,
        mode: inst.mode,
        T: inst.base_trace.length,
        t_star: inst.t_star,
        window_size: inst.window_size,
        budget_timestep: inst.budget_timestep,
        budget_atoms: inst.budget_atoms ?? null,
        input_count: inst.automaton.input_aps.length,
        output_count: inst.automaton.output_aps.length,
        split_id: inst.split_id ?? null,
      })),
    })),
    protocols: [...PLAY_PROTOCOLS],
    explore_episodes: 3,
  };

  let inflight = 0;
  const done = () => {
    inflight--;
  };
  const hostOk = hostChecker({ host: o.host ?? "127.0.0.1", allowedHosts: o.allowedHosts });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Before anything else (no session, no rate-limit slot): a foreign Host is a DNS-rebinding page.
    if (!hostOk(req.headers.host)) {
      req.resume();
      return sendJson(res, 403, {
        error: { code: "host_not_allowed", message: hostRefusedMessage(req.headers.host) },
      });
    }
    inflight++;
    res.once("close", done);
    const wait = limits.ratePerClient > 0 ? rate.take(who(req), performance.now()) : 0;
    if (wait > 0) {
      req.resume();
      return sendJson(
        res,
        429,
        {
          error: {
            code: "rate_limited",
            message: `over ${limits.ratePerClient} requests/s from this client`,
          },
        },
        { "retry-after": String(wait) },
      );
    }
    const u = req.url ?? "/";
    const q = u.indexOf("?");
    const path = q < 0 ? u : u.slice(0, q);
    if (path.startsWith("/api/b/")) {
      // Admission control: under overload, finish the players already admitted first.
      if (
        limits.maxInflight > 0 &&
        inflight > limits.maxInflight &&
        req.method === "POST" &&
        path.endsWith("/sessions")
      ) {
        req.resume();
        return sendJson(
          res,
          503,
          { error: { code: "busy", message: "the server is at capacity; try again in a moment" } },
          { "retry-after": "1" },
        );
      }
      for (const [prefix, api] of apis) if (path.startsWith(prefix) && api(req, res)) return;
      return sendJson(res, 404, { error: { code: "unknown_bundle", message: `no bundle for ${path}` } });
    }
    if (path === "/api/web/catalog") return sendJson(res, 200, catalog);
    const studied = study?.handle(req, path, {
      maxBodyBytes: limits.maxBodyBytes,
      forwarded: limits.trustProxy,
    });
    if (studied) {
      studied.then(
        (r) => sendJson(res, r.status, r.body),
        (e: unknown) => sendJson(res, 500, { error: { code: "internal", message: (e as Error).message } }),
      );
      return;
    }
    if (path.startsWith("/api/web/results/")) {
      let sid = "";
      try {
        sid = decodeURIComponent(path.slice("/api/web/results/".length));
      } catch {}
      const r = results.get(sid);
      return r
        ? sendJson(res, 200, r)
        : sendJson(res, 404, {
            error: { code: "unknown_session", message: "no finished session with that id" },
          });
    }
    if (path.startsWith("/api/"))
      return sendJson(res, 404, { error: { code: "not_found", message: `no route ${path}` } });
    if (statics?.(req, res)) return;
    res
      .writeHead(404, { "content-type": "text/plain; charset=utf-8", ...API_SECURITY_HEADERS })
      .end("not found\n");
  });
  // Keep-alive long enough to span a person's think time between moves (no reconnect per
  // move), short enough that idle sockets do not pile up; slow or stalled requests are cut
  // (headers within 10 s, a whole request within 30 s) so they cannot hold sockets open.
  server.keepAliveTimeout = 15_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  try {
    await pool?.ready;
    await listenOn(server, o.port ?? 0, o.host ?? "127.0.0.1");
  } catch (e) {
    await pool?.close();
    await journal?.close();
    throw e;
  }
  let closing: Promise<void> | undefined;
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    bundles: mounted,
    // Idempotent: answers the requests in progress (core/listen.ts closeServer), then closes the data files once.
    close: () =>
      (closing ??= (async () => {
        // Requests in progress are answered first (a finishing move's row is not left unannounced).
        await closeServer(server);
        for (const [, api] of apis) await api.close();
        await pool?.close();
        for (const a of appenders.values()) await a.close();
        await journal?.close();
      })()),
  };
}

/** Write the demo bundle next to its runs so `gf01 validate` can re-verify them later. */
export async function writeDemoBundle(dataDir: string, json: string): Promise<string> {
  const f = join(dataDir, "demo", "instances.json");
  await mkdir(join(dataDir, "demo"), { recursive: true });
  await writeFileAtomic(f, json);
  return f;
}
