/**
 * `gf01 serve` throughput on loopback with the load client in ANOTHER process (a forked child
 * of this script), so the server's figures are not shared with the client's CPU. The client
 * plays SESSIONS full episodes on the official example bundle at concurrency C (create, one
 * request per step; the last step finishes and scores the episode), one keep-alive socket per
 * concurrent player (a minimal HTTP/1.1 client, see Conn).
 * Reports episodes/s, requests/s, per-request latency p50/p99 (measured by the client), the
 * server's peak RSS, and two baselines:
 *  - in-process: the same episodes on PlaySession + scoring, no HTTP (ratio in-process / HTTP:
 *    what the transport costs);
 *  - floor: a bare node:http server in this process answering every request with a fixed JSON
 *    body of the same size, driven by the same client (ratio floor / ours: how close the server
 *    is to what node:http itself allows on this machine).
 * Floor and server runs alternate (ROUNDS each, medians), since the machine is shared.
 *
 * Rows written vs acknowledged (issue 31 item 13): every move carries `?seq=`; a request not
 * answered within TIMEOUT_MS (default 10 000; 0 = wait forever) is given up as a player would
 * (the socket is dropped) and sent again on a new connection with the same seq, so a lost
 * answer is learned from the retry, never replayed as a second row. At the end runs.jsonl is
 * counted and matched by agent name (one per episode) against the finishing answers received:
 * "written, never acknowledged" and "acknowledged, not written" must both be 0.
 *
 *   npx tsx bench/gf01-serve.ts                 # 1000 sessions at concurrency 200, 2 rounds
 *   SESSIONS=5000 C=400 npx tsx bench/gf01-serve.ts
 *   FLOOR=0 ROUNDS=1 node --import tsx --cpu-prof bench/gf01-serve.ts   # profile the server alone
 */
import { fork } from "node:child_process";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { type AddressInfo, connect, type Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SESSIONS = Number(process.env.SESSIONS ?? 1000);
const CONCURRENCY = Number(process.env.C ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARMUP = Number(process.env.WARMUP ?? CONCURRENCY);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 10_000);
/** BATCH=1: each episode is create + one `POST …/steps` with every move (the optional batched route). */
const BATCH = process.env.BATCH === "1";
const bundleFile = fileURLToPath(
  new URL("../../shared/reference/gf01/official_example/instance_bundle_v1.json", import.meta.url),
);

interface Plan {
  instance_id: string;
  steps: Record<string, number>[];
}
interface ClientReport {
  wall: number;
  /** Every request's latency (ms), and the same split by kind. */
  lat: number[];
  byKind: Record<Kind, number[]>;
  /**
   * Disk floor: append one line + fdatasync to a file in the temp dir (the data dir's disk),
   * every 100 ms during the timed phase (ms each): what fsync'd `runs.jsonl` costs right now.
   */
  fsync: number[];
  /** Each connection's TCP connect time (ms), before the clock starts. */
  connect: number[];
  errors: number;
  finished: number;
  /** Agent names (one per episode, warm-up included) whose finishing answer arrived. */
  acked: string[];
  /** Requests given up after TIMEOUT_MS and sent again with the same seq. */
  timeouts: number;
  /** 503 answers retried after their Retry-After (never a result). */
  retries: number;
  /** The client process's CPU time (ms, user + system) over the run. */
  cpuMs: number;
}
/** finish: the step that ends an episode (scored, its run row fsync'd before the answer). */
type Kind = "create" | "move" | "finish";

/** Episode i: the instance i mod 4, input in0 set at t = 1, nothing else. */
const plan = (insts: { instance_id: string; T: number }[], i: number): Plan => {
  const inst = insts[i % insts.length];
  return {
    instance_id: inst.instance_id,
    steps: Array.from({ length: inst.T }, (_, t): Record<string, number> => (t === 1 ? { in0: 1 } : {})),
  };
};

interface Answer {
  status: number;
  body: string;
  retryAfter?: number;
}

/**
 * A minimal keep-alive HTTP/1.1 client on one socket (one request at a time), so the load
 * generator costs little CPU next to the server (node:http's client costs about twice the
 * server's CPU per request): the figures then measure the server, not the client.
 */
class Conn {
  private readonly sock: Socket;
  private buf: Buffer = Buffer.alloc(0);
  private waiting?: { resolve: (r: Answer) => void; reject: (e: Error) => void };

  /** Resolves once connected, with the connect time (ms). */
  readonly connected: Promise<number>;

  constructor(port: number) {
    const a = performance.now();
    this.sock = connect(port, "127.0.0.1");
    this.connected = new Promise((resolve, reject) => {
      this.sock.once("connect", () => resolve(performance.now() - a));
      this.sock.once("error", reject);
    });
    this.sock.setNoDelay(true);
    this.sock.on("data", (d: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
      this.parse();
    });
    this.sock.on("error", (e) => this.waiting?.reject(e));
  }

  request(path: string, body: string, timeoutMs = 0): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              this.waiting = undefined;
              reject(new Error("timeout"));
            }, timeoutMs)
          : undefined;
      this.waiting = {
        resolve: (a) => {
          clearTimeout(timer);
          resolve(a);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.sock.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  private parse(): void {
    const end = this.buf.indexOf("\r\n\r\n");
    if (end < 0 || !this.waiting) return;
    const head = this.buf.toString("latin1", 0, end);
    const len = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!len) {
      this.waiting.reject(new Error(`response without content-length: ${head}`));
      return;
    }
    const total = end + 4 + Number(len[1]);
    if (this.buf.length < total) return;
    const body = this.buf.toString("utf8", end + 4, total);
    this.buf = this.buf.subarray(total);
    const w = this.waiting;
    this.waiting = undefined;
    const ra = /\r\nretry-after: *(\d+)/i.exec(head);
    w.resolve({ status: Number(head.slice(9, 12)), body, retryAfter: ra ? Number(ra[1]) : undefined });
  }

  close(): void {
    this.sock.destroy();
  }
}

async function client(url: string, insts: { instance_id: string; T: number }[]): Promise<ClientReport> {
  const port = Number(new URL(url).port);
  const lat: number[] = [];
  const byKind: Record<Kind, number[]> = { create: [], move: [], finish: [] };
  let errors = 0;
  let finished = 0;
  let retries = 0;
  let timeouts = 0;
  const acked: string[] = [];
  let next = 0;
  let record = false;
  // Every player's connection is open before the clock starts: the figures are the steady
  // state of C sessions, not a burst of C simultaneous TCP handshakes (timed apart: `connect`).
  const conns = Array.from({ length: CONCURRENCY }, () => new Conn(port));
  const connect = await Promise.all(conns.map((c) => c.connected));
  const worker = async (slot: number, sessions: number) => {
    const post = async (path: string, body: unknown, kind: Kind) => {
      const text = JSON.stringify(body);
      for (;;) {
        const a = performance.now();
        let r: Answer;
        try {
          r = await conns[slot].request(path, text, TIMEOUT_MS);
        } catch (e) {
          if ((e as Error).message !== "timeout") throw e;
          // A player who gave up: drop the socket, reconnect, send the same request (same seq).
          timeouts++;
          conns[slot].close();
          conns[slot] = new Conn(port);
          await conns[slot].connected;
          continue;
        }
        const ms = performance.now() - a;
        // 503 + Retry-After is the server shedding load: wait as told and send the same request
        // again (it was not applied), never count it as an answer.
        if (r.status === 503 && r.retryAfter !== undefined) {
          retries++;
          await new Promise((res) => setTimeout(res, r.retryAfter! * 1000));
          continue;
        }
        if (r.status >= 400) errors++;
        if (!record) return JSON.parse(r.body) as Record<string, unknown>;
        lat.push(ms);
        byKind[kind].push(ms);
        return JSON.parse(r.body) as Record<string, unknown>;
      }
    };
    for (let i = next++; i < sessions; i = next++) {
      const p = plan(insts, i);
      // One agent name per episode (warm-up ones apart): how rows are matched to answers.
      const name = `${record ? "b" : "w"}${i}`;
      const c = await post("/api/b/b/sessions", { instance_id: p.instance_id, agent_name: name }, "create");
      let last = c;
      if (BATCH)
        last = await post(`/api/b/b/sessions/${c.session_id}/steps?seq=0`, { actions: p.steps }, "finish");
      else
        for (let k = 0; k < p.steps.length; k++)
          last = await post(
            `/api/b/b/sessions/${c.session_id}/actions?seq=${k}`,
            p.steps[k],
            k === p.steps.length - 1 ? "finish" : "move",
          );
      if (last.finished === true && last.result) {
        acked.push(name);
        if (record) finished++;
      }
    }
  };
  // Warm-up, not timed: WARMUP episodes (default one per connection) so both processes have
  // compiled their hot paths; the figures are the steady state.
  await Promise.all(conns.map((_, k) => worker(k, WARMUP)));
  next = 0;
  record = true;
  // Tell the parent (the server's process) to start its CPU clock too.
  await new Promise<void>((r) => (process.send ? process.send({ timed: true }, () => r()) : r()));
  const probeFile = join(tmpdir(), `gf01-serve-bench-fsync-${process.pid}`);
  const probe = await open(probeFile, "a");
  const fsync: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const a = performance.now();
      await probe.write('{"probe":true}\n');
      await probe.datasync();
      fsync.push(performance.now() - a);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(conns.map((_, k) => worker(k, SESSIONS)));
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  probing = false;
  await prober;
  await probe.close();
  await rm(probeFile, { force: true });
  for (const c of conns) c.close();
  return {
    wall,
    lat,
    byKind,
    connect,
    fsync,
    errors,
    finished,
    acked,
    timeouts,
    retries,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

if (process.argv[2] === "--client") {
  // Child: wait for the server's URL and the instance list, play, report, exit.
  process.once("message", async (m: { url: string; insts: { instance_id: string; T: number }[] }) => {
    const r = await client(m.url, m.insts);
    process.send?.(r, () => process.exit(0));
  });
} else {
  const { loadBundle } = await import("../src/gf01/artifacts/bundle.js");
  const { compileInstance } = await import("../src/gf01/model/compile.js");
  const { PlaySession } = await import("../src/gf01/play/episode.js");
  const { scoreSession } = await import("../src/gf01/play/result.js");
  const { startGf01Server } = await import("../src/gf01/server/serve.js");
  const bundle = await loadBundle(bundleFile);
  const insts = bundle.instances.map((x) => ({ instance_id: x.instance_id, T: x.base_trace.length }));

  // Baseline: the same episodes in-process (compiled once per instance, as the server does).
  const compiled = new Map(bundle.instances.map((x) => [x.instance_id, compileInstance(x)]));
  const inProcess = () => {
    const t0 = performance.now();
    for (let i = 0; i < SESSIONS; i++) {
      const p = plan(insts, i);
      const inst = bundle.byId.get(p.instance_id)!;
      const s = new PlaySession(inst, compiled.get(p.instance_id)!);
      for (const m of p.steps) s.submit(m);
      scoreSession(s);
    }
    return SESSIONS / ((performance.now() - t0) / 1000);
  };
  const base1 = inProcess();

  /** One client run (a forked child process) against `url`, with this process's CPU time over it. */
  /**
   * One client run (a forked child process) against `url`, with this process's CPU time (all
   * threads: the server, its scoring and journal threads) over the client's timed phase.
   */
  const drive = (url: string) =>
    new Promise<ClientReport & { serverCpuMs: number }>((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ["--client"], {
        execArgv: process.execArgv,
        env: { ...process.env },
      });
      let c0 = process.cpuUsage();
      child.on("message", (m: ClientReport | { timed: true }) => {
        if ("timed" in m) {
          c0 = process.cpuUsage();
          return;
        }
        const c = process.cpuUsage(c0);
        resolve({ ...m, serverCpuMs: (c.user + c.system) / 1000 });
      });
      child.once("error", reject);
      child.once("exit", (code) => (code ? reject(new Error(`client exited ${code}`)) : undefined));
      child.send({ url, insts });
    });

  let rss = process.memoryUsage().rss;
  type Run = ClientReport & { serverCpuMs: number; rows?: string[] };
  const ours = async (): Promise<Run> => {
    const dir = await mkdtemp(join(tmpdir(), "gf01-serve-bench-"));
    const srv = await startGf01Server({
      bundles: [{ key: "b", bundle }],
      dataDir: dir,
      webDir: false,
      gitCommit: "bench",
      scoreWorkers: 1, // as `gf01 serve` by default
      journalThread: true, // as `gf01 serve`
      // One client process plays every session from loopback: per-client limits off.
      limits: { maxSessionsPerClient: 0, ratePerClient: 0 },
    });
    const sampler = setInterval(() => {
      rss = Math.max(rss, process.memoryUsage().rss);
    }, 50);
    try {
      const r: Run = await drive(srv.url);
      clearInterval(sampler);
      await srv.close();
      // The rows on disk, by agent name (one episode each), after every answer was flushed.
      const text = await readFile(join(dir, "b", "runs.jsonl"), "utf8");
      r.rows = text
        .split("\n")
        .filter(Boolean)
        .map((l) => String((JSON.parse(l) as { agent_name: unknown }).agent_name));
      return r;
    } finally {
      clearInterval(sampler);
      await srv.close();
      await rm(dir, { recursive: true, force: true });
    }
  };

  // The floor: same sockets, same client, a fixed body of a typical answer's size.
  const sample = JSON.stringify({
    session_id: "0".repeat(32),
    finished: true,
    result: {},
    pad: "x".repeat(1400),
  });
  const floor = async (): Promise<Run> => {
    const s = http.createServer((req, res) => {
      req.resume();
      req.on("end", () =>
        res
          .writeHead(200, {
            "content-type": "application/json; charset=utf-8",
            "content-length": String(sample.length + 1),
            "cache-control": "no-store",
          })
          .end(`${sample}\n`),
      );
    });
    s.keepAliveTimeout = 15_000;
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
    const { port } = s.address() as AddressInfo;
    try {
      return await drive(`http://127.0.0.1:${port}`);
    } finally {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  };

  const runs: Run[] = [];
  const floors: Run[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    if (process.env.FLOOR !== "0") floors.push(await floor());
    runs.push(await ours());
  }
  const base2 = inProcess();
  const inProc = (base1 + base2) / 2;

  const median = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const q = (lat: number[], p: number) => {
    if (!lat.length) return Number.NaN;
    const v = [...lat].sort((a, b) => a - b);
    return v[Math.min(v.length - 1, Math.floor(p * v.length))];
  };
  const eps = median(runs.map((r) => SESSIONS / r.wall));
  const floorEps = floors.length ? median(floors.map((r) => SESSIONS / r.wall)) : Number.NaN;
  const rps = median(runs.map((r) => r.lat.length / r.wall));
  const floorRps = median(floors.map((r) => r.lat.length / r.wall));
  const p50 = median(runs.map((r) => q(r.lat, 0.5)));
  const p99 = median(runs.map((r) => q(r.lat, 0.99)));
  const floorP99 = median(floors.map((r) => q(r.lat, 0.99)));
  const kindP99 = (rs: Run[], k: Kind) => median(rs.map((r) => q(r.byKind[k], 0.99)));
  const perEp = (rs: Run[], f: (r: Run) => number) => median(rs.map((r) => f(r) / SESSIONS));
  const serverCpu = perEp(runs, (r) => r.serverCpuMs);
  const floorServerCpu = perEp(floors, (r) => r.serverCpuMs);
  const clientCpu = perEp(runs, (r) => r.cpuMs);
  const retries = runs.reduce((a, r) => a + r.retries, 0);
  const errors = runs.reduce((a, r) => a + r.errors, 0);
  const unfinished = runs.reduce((a, r) => a + SESSIONS - r.finished, 0);
  // Written vs acknowledged, over every episode (warm-up included), every round.
  let written = 0;
  let acknowledged = 0;
  let orphans = 0;
  let unwritten = 0;
  let duplicates = 0;
  for (const r of runs) {
    const rows = r.rows ?? [];
    const onDisk = new Set(rows);
    const told = new Set(r.acked);
    written += rows.length;
    acknowledged += r.acked.length;
    duplicates += rows.length - onDisk.size;
    for (const n of onDisk) if (!told.has(n)) orphans++;
    for (const n of told) if (!onDisk.has(n)) unwritten++;
  }
  const timeouts = runs.reduce((a, r) => a + r.timeouts, 0);
  if (orphans || unwritten || duplicates)
    process.stderr.write(
      `gf01-serve bench: ${orphans} row(s) written but never acknowledged, ${unwritten} acknowledged but not written, ${duplicates} written twice\n`,
    );
  if (errors || unfinished)
    process.stderr.write(
      `gf01-serve bench: ${errors} error response(s), ${unfinished} unfinished episode(s)\n`,
    );
  console.log(
    JSON.stringify({
      name: "gf01-serve",
      results: [
        {
          metric: `episodes/s (${SESSIONS} sessions, concurrency ${CONCURRENCY}, client in another process, ${BATCH ? "batched: create + one steps request per episode, " : ""}median of ${ROUNDS})`,
          value: eps,
          unit: "1/s",
          target: 1000,
          baseline: `in-process ${inProc.toFixed(0)}/s`,
          ratio: inProc / eps,
        },
        {
          metric: "requests/s",
          value: rps,
          unit: "1/s",
          baseline: `bare node:http floor ${floorRps.toFixed(0)}/s`,
          ratio: floorRps / rps,
        },
        { metric: "floor: episodes/s at the same request count", value: floorEps, unit: "1/s" },
        { metric: "request latency p50", value: p50, unit: "ms" },
        {
          metric: "request latency p99",
          value: p99,
          unit: "ms",
          target: 100,
          baseline: `bare node:http floor ${floorP99.toFixed(0)} ms`,
        },
        ...(BATCH ? (["create", "finish"] as const) : (["create", "move", "finish"] as const)).map((k) => ({
          metric: `request latency p99, ${k === "finish" ? "episode-finishing step (scored, fsync'd)" : k}`,
          value: kindP99(runs, k),
          unit: "ms",
          baseline: `bare node:http floor ${kindP99(floors, k).toFixed(0)} ms`,
        })),
        {
          metric: "disk floor: append + fdatasync p99 (temp dir, every 100 ms during the run)",
          value: median(runs.map((r) => q(r.fsync, 0.99))),
          unit: "ms",
          baseline: `p50 ${median(runs.map((r) => q(r.fsync, 0.5))).toFixed(1)} ms`,
        },
        {
          metric: `TCP connect p99 (${CONCURRENCY} connections opened before the clock starts)`,
          value: median(runs.map((r) => q(r.connect, 0.99))),
          unit: "ms",
          baseline: `bare node:http floor ${median(floors.map((r) => q(r.connect, 0.99))).toFixed(0)} ms`,
        },
        {
          metric: "server CPU per episode (all threads, user + system)",
          value: serverCpu,
          unit: "ms",
          baseline: `bare node:http floor ${floorServerCpu.toFixed(2)} ms`,
          ratio: serverCpu / floorServerCpu,
        },
        {
          metric: "client CPU per episode",
          value: clientCpu,
          unit: "ms",
          baseline: `floor run ${perEp(floors, (r) => r.cpuMs).toFixed(2)} ms`,
        },
        {
          metric: "request latency max",
          value: Math.max(...runs.map((r) => Math.max(...r.lat))),
          unit: "ms",
        },
        { metric: "server peak RSS (server + in-process baseline)", value: rss / 2 ** 20, unit: "MiB" },
        { metric: "error responses", value: errors, unit: "count" },
        { metric: "rows written (runs.jsonl, warm-up included, all rounds)", value: written, unit: "count" },
        { metric: "rows acknowledged to their player", value: acknowledged, unit: "count" },
        { metric: "rows written but never acknowledged", value: orphans, unit: "count", target: 0 },
        { metric: "rows acknowledged but not written", value: unwritten, unit: "count", target: 0 },
        { metric: "rows written twice", value: duplicates, unit: "count", target: 0 },
        {
          metric: `requests given up after ${TIMEOUT_MS} ms and retried with the same seq`,
          value: timeouts,
          unit: "count",
        },
        { metric: "503 answers retried after Retry-After", value: retries, unit: "count" },
      ],
    }),
  );
}
