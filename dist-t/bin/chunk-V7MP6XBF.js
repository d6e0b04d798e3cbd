import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  ensureWebBuild
} from "./chunk-UQTYUH3T.js";
import {
  listenOn
} from "./chunk-K3BHPOQA.js";
import {
  createPlaySessionHandler
} from "./chunk-J4U2X7H6.js";
import {
  generateBundle
} from "./chunk-JQMG3OL7.js";
import "./chunk-VWI5WMTO.js";
import "./chunk-S3MUNSMH.js";
import "./chunk-PGYW3ALA.js";
import "./chunk-YQMPR3RY.js";
import "./chunk-YATXMT6G.js";
import "./chunk-VPUOSIMC.js";
import "./chunk-EA4IENQI.js";
import "./chunk-5A6T2F3E.js";
import {
  publicResult
} from "./chunk-IEP6NAQM.js";
import {
  scoreCertificate
} from "./chunk-LW3FID2T.js";
import "./chunk-63ISRUDU.js";
import "./chunk-EDYDAUKS.js";
import {
  bundleToJson,
  loadBundle,
  parseBundle
} from "./chunk-WDP2XZCY.js";
import "./chunk-SAJ2WFIU.js";
import "./chunk-HGGUQIVU.js";
import "./chunk-JUAIBFNI.js";
import "./chunk-LF7XRNB5.js";
import {
  PLAY_PROTOCOLS
} from "./chunk-Z5AODXDI.js";
import {
  DEFAULT_LIMITS,
  RateLimiter,
  SessionQuota,
  clientOf
} from "./chunk-ULLIJUV5.js";
import "./chunk-FE3NBAQV.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import {
  GroupAppender,
  JsonlAppender,
  readJsonl,
  writeFileAtomic
} from "./chunk-QYZGEUIB.js";
import {
  compileInstance
} from "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";

// src/gf01/server/serve.ts
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:http";
import { basename, join as join2 } from "node:path";
import { InputError } from "../core/errors.js";

// src/gf01/server/journal.ts
import { open, stat } from "node:fs/promises";
async function cutTornTail(file) {
  const st = await stat(file).catch(() => void 0);
  if (!st?.isFile() || st.size === 0) return 0;
  const fh = await open(file, "r+");
  try {
    const buf = Buffer.alloc(64 * 1024);
    let end = st.size;
    while (end > 0) {
      const start = Math.max(0, end - buf.length);
      const { bytesRead } = await fh.read(buf, 0, end - start, start);
      const nl = buf.subarray(0, bytesRead).lastIndexOf(10);
      if (nl >= 0) {
        const keep = start + nl + 1;
        if (keep === st.size) return 0;
        await fh.truncate(keep);
        await fh.sync();
        return st.size - keep;
      }
      end = start;
    }
    await fh.truncate(0);
    await fh.sync();
    return st.size;
  } finally {
    await fh.close();
  }
}
async function openDurableJsonl(file, o = {}) {
  const cut = await cutTornTail(file);
  if (cut) o.log?.(`gf01 serve: ${file}: cut a torn last line (${cut} bytes, never acknowledged)`);
  const fh = await open(file, "a");
  const sink = new GroupAppender({
    append: async (text) => {
      await fh.write(text);
      await fh.datasync();
    },
    close: async () => {
      await fh.sync();
      await fh.close();
    }
  });
  return sink;
}
async function openJsonl(file, o = {}) {
  const cut = await cutTornTail(file);
  if (cut) o.log?.(`gf01 serve: ${file}: cut a torn last line (${cut} bytes, never acknowledged)`);
  return new GroupAppender(await JsonlAppender.open(file));
}

// src/gf01/server/score-pool.ts
import { Worker } from "node:worker_threads";

// src/core/worker-entry.ts
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
function workerEntryUrl(from, name) {
  if (!from.endsWith(".ts")) return new URL(`./${name}.js`, from);
  const api = createRequire(from).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs");
  const target = new URL(`./${name}.ts`, from).href;
  const boot = `import { register } from ${JSON.stringify(pathToFileURL(api).href)}; register(); await import(${JSON.stringify(target)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

// src/gf01/server/score-pool.ts
var ScorePool = class {
  /** `instances`: every instance that may be scored, by a key unique across bundles. */
  constructor(instances, workers, log = () => {
  }, entry) {
    this.instances = instances;
    this.log = log;
    const url = workers > 0 ? entry ?? workerEntryUrl(new URL("../gf01/server/score-pool.js", import.meta.url).href, "score-worker") : void 0;
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(url, { workerData: [...instances] });
      const lane = { worker, pending: /* @__PURE__ */ new Map(), dead: false };
      worker.on("message", (m) => {
        const p = lane.pending.get(m.id);
        if (!p) return;
        lane.pending.delete(m.id);
        if (m.ok) p.resolve(m.score);
        else p.reject(new Error(m.message));
      });
      const fail = (why) => {
        if (lane.dead) return;
        lane.dead = true;
        if (!this.warned)
          this.log(`gf01 serve: a scoring worker failed (${why}); scoring on the main thread`);
        this.warned = true;
        for (const p of lane.pending.values()) this.inline(p.job).then(p.resolve, p.reject);
        lane.pending.clear();
      };
      worker.on("error", (e) => fail(e.message));
      worker.on("exit", (code) => fail(`exit ${code}`));
      worker.unref();
      this.lanes.push(lane);
    }
  }
  instances;
  log;
  lanes = [];
  nextId = 0;
  compiled = /* @__PURE__ */ new Map();
  warned = false;
  /** Score a certificate of instance `key` (same row as `scoreCertificate` on this thread). */
  score(key, certificate, options) {
    const job = { id: this.nextId++, key, certificate, options };
    let best;
    for (const l of this.lanes) if (!l.dead && (!best || l.pending.size < best.pending.size)) best = l;
    if (!best) return this.inline(job);
    const lane = best;
    return new Promise((resolve2, reject) => {
      lane.pending.set(job.id, { resolve: resolve2, reject, job });
      lane.worker.postMessage(job);
    });
  }
  async inline(job) {
    let ci = this.compiled.get(job.key);
    if (!ci) {
      const inst = this.instances.get(job.key);
      if (!inst) throw new Error(`no instance ${job.key}`);
      ci = compileInstance(inst);
      this.compiled.set(job.key, ci);
    }
    return scoreCertificate(ci, job.certificate, job.options);
  }
  async close() {
    for (const l of this.lanes) l.dead = true;
    await Promise.all(this.lanes.map((l) => l.worker.terminate()));
  }
};

// src/gf01/server/static.ts
import { createReadStream, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
var TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".woff2": "font/woff2"
};
var SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY"
};
var API_SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY"
};
function createStaticHandler(dir) {
  const root = resolve(dir);
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    let path;
    try {
      const u = req.url ?? "/";
      const q = u.indexOf("?");
      path = decodeURIComponent(q < 0 ? u : u.slice(0, q));
    } catch {
      return false;
    }
    if (path.includes("\0")) return false;
    if (path === "/" || path === "") path = "/index.html";
    const file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) return false;
    let size;
    try {
      const st = statSync(file);
      if (!st.isFile()) return false;
      size = st.size;
    } catch {
      return false;
    }
    const html = extname(file) === ".html";
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "content-length": String(size),
      // index.html is small and names the bundle: always revalidate; the rest may be cached briefly.
      "cache-control": html ? "no-cache" : "public, max-age=300",
      ...SECURITY_HEADERS
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
    return true;
  };
}

// src/gf01/server/serve.ts
var slug = (s) => s.replace(/\.json$/i, "").replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 48) || "bundle";
function demoBundle(gitCommit) {
  const g = generateBundle({ seeds: [0, 1, 2, 3, 4, 5], gitCommit });
  const json = bundleToJson(g.bundle);
  return { bundle: parseBundle(JSON.parse(json), "demo"), json };
}
var sendJson = (res, status, body, extra) => {
  const text = `${JSON.stringify(body)}
`;
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": "no-store",
    ...API_SECURITY_HEADERS,
    ...extra
  }).end(text);
};
async function startGf01Server(o) {
  const log = o.log ?? (() => {
  });
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  for (const [k, v] of Object.entries(limits))
    if (k !== "trustProxy" && !(Number.isFinite(v) && v >= 0))
      throw new InputError(`limit ${k} must be a number \u2265 0, got ${v}`, { field: k });
  if (limits.maxSessions < 1 || limits.maxBodyBytes < 1)
    throw new InputError("maxSessions and maxBodyBytes must be \u2265 1", { field: "limits" });
  const quota = new SessionQuota(limits.maxSessions, limits.maxSessionsPerClient);
  const rate = new RateLimiter(limits.ratePerClient);
  const who = (req) => clientOf(req, limits.trustProxy);
  if (!o.bundles.length) throw new InputError("no instance bundles to serve", { field: "instances" });
  const taken = /* @__PURE__ */ new Set();
  const mounted = [];
  for (const src of o.bundles) {
    const bundle = src.bundle ?? await loadBundle(src.file);
    if (!bundle.instances.length)
      throw new InputError("the bundle has no instances", { file: src.file, field: "instances" });
    let key = slug(src.key ?? (src.file ? basename(src.file) : "bundle"));
    for (let i = 2; taken.has(key); i++) key = `${slug(src.key ?? basename(src.file ?? "bundle"))}-${i}`;
    taken.add(key);
    mounted.push({
      key,
      name: src.name ?? (src.file ? basename(src.file) : key),
      bundle,
      dataDir: join2(o.dataDir, key)
    });
  }
  const results = /* @__PURE__ */ new Map();
  const appenders = /* @__PURE__ */ new Map();
  for (const m of mounted) {
    await mkdir(m.dataDir, { recursive: true });
    const f = join2(m.dataDir, "sessions.jsonl");
    for (const other of ["runs.jsonl", "steps.jsonl"]) {
      const cut = await cutTornTail(join2(m.dataDir, other));
      if (cut)
        log(`gf01 serve: ${join2(m.dataDir, other)}: cut a torn last line (${cut} bytes, never acknowledged)`);
    }
    const sink = await openJsonl(f, { log });
    if (existsSync(f))
      for await (const { value } of readJsonl(f)) results.set(value.session_id, value);
    appenders.set(m.key, sink);
  }
  const webDir = o.webDir === false ? void 0 : await ensureWebBuild({ dir: o.webDir, log });
  const statics = webDir ? createStaticHandler(webDir) : void 0;
  const pool = (o.scoreWorkers ?? 0) > 0 ? new ScorePool(
    new Map(
      mounted.flatMap((m) => m.bundle.instances.map((i) => [`${m.key}\0${i.instance_id}`, i]))
    ),
    o.scoreWorkers,
    log
  ) : void 0;
  const apis = mounted.map((m) => [
    `/api/b/${m.key}/`,
    createPlaySessionHandler({
      bundle: m.bundle,
      dataDir: m.dataDir,
      prefix: `/api/b/${m.key}`,
      gitCommit: o.gitCommit,
      admission: quota,
      clientOf: who,
      maxBodyBytes: limits.maxBodyBytes,
      idleTimeoutMs: limits.idleTimeoutS * 1e3,
      sameOriginOnly: limits.trustProxy ? "forwarded" : true,
      headers: API_SECURITY_HEADERS,
      // runs.jsonl: fsync'd before the finishing response (the player is told "recorded").
      openJournal: (f, kind) => kind === "runs" ? openDurableJsonl(f, { log }) : openJsonl(f, { log }),
      bestMatchMaxNodes: o.bestMatchMaxNodes,
      scorer: pool && ((inst, cert, so) => pool.score(`${m.key}\0${inst.instance_id}`, cert, so)),
      onFinish: ({ session_id, outcome, row }) => {
        const rec = {
          session_id,
          bundle: m.key,
          instance_id: outcome.instance_id,
          agent_name: String(row.agent_name),
          ...typeof row.player_id === "string" ? { player_id: row.player_id } : {},
          result: publicResult(outcome)
        };
        results.set(session_id, rec);
        appenders.get(m.key).push(JSON.stringify(rec)).catch((e) => log(`sessions.jsonl: ${e.message}`));
      }
    })
  ]);
  const catalog = {
    bundles: mounted.map((m) => ({
      key: m.key,
      name: m.name,
      split_id: m.bundle.meta.split_id ?? null,
      benchmark_version: m.bundle.meta.benchmark_version ?? null,
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
        split_id: inst.split_id ?? null
      }))
    })),
    protocols: [...PLAY_PROTOCOLS],
    explore_episodes: 3
  };
  let inflight = 0;
  const done = () => {
    inflight--;
  };
  const server = createServer((req, res) => {
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
            message: `over ${limits.ratePerClient} requests/s from this client`
          }
        },
        { "retry-after": String(wait) }
      );
    }
    const u = req.url ?? "/";
    const q = u.indexOf("?");
    const path = q < 0 ? u : u.slice(0, q);
    if (path.startsWith("/api/b/")) {
      if (limits.maxInflight > 0 && inflight > limits.maxInflight && req.method === "POST" && path.endsWith("/sessions")) {
        req.resume();
        return sendJson(
          res,
          503,
          { error: { code: "busy", message: "the server is at capacity; try again in a moment" } },
          { "retry-after": "1" }
        );
      }
      for (const [prefix, api] of apis) if (path.startsWith(prefix) && api(req, res)) return;
      return sendJson(res, 404, { error: { code: "unknown_bundle", message: `no bundle for ${path}` } });
    }
    if (path === "/api/web/catalog") return sendJson(res, 200, catalog);
    if (path.startsWith("/api/web/results/")) {
      let sid = "";
      try {
        sid = decodeURIComponent(path.slice("/api/web/results/".length));
      } catch {
      }
      const r = results.get(sid);
      return r ? sendJson(res, 200, r) : sendJson(res, 404, {
        error: { code: "unknown_session", message: "no finished session with that id" }
      });
    }
    if (path.startsWith("/api/"))
      return sendJson(res, 404, { error: { code: "not_found", message: `no route ${path}` } });
    if (statics?.(req, res)) return;
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8", ...API_SECURITY_HEADERS }).end("not found\n");
  });
  server.keepAliveTimeout = 15e3;
  server.headersTimeout = 1e4;
  server.requestTimeout = 3e4;
  try {
    await listenOn(server, o.port ?? 0, o.host ?? "127.0.0.1");
  } catch (e) {
    await pool?.close();
    throw e;
  }
  let closing;
  const addr = server.address();
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    bundles: mounted,
    // Idempotent: waits for in-flight row writes, then closes the data files once.
    close: () => closing ??= (async () => {
      await new Promise((resolve2) => {
        server.closeAllConnections?.();
        server.close(() => resolve2());
      });
      for (const [, api] of apis) await api.close();
      await pool?.close();
      for (const a of appenders.values()) await a.close();
    })()
  };
}
async function writeDemoBundle(dataDir, json) {
  const f = join2(dataDir, "demo", "instances.json");
  await mkdir(join2(dataDir, "demo"), { recursive: true });
  await writeFileAtomic(f, json);
  return f;
}
export {
  demoBundle,
  startGf01Server,
  writeDemoBundle
};
