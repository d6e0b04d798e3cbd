/**
 * `gf01 serve` throughput on loopback with the load client in ANOTHER process (a forked child
 * of this script), so the server's figures are not shared with the client's CPU. The client
 * plays SESSIONS full episodes on the official example bundle at concurrency C (create, one
 * request per step; the last step finishes and scores the episode) over keep-alive node:http.
 * Reports episodes/s, requests/s, per-request latency p50/p99 (measured by the client), the
 * server's peak RSS, and as baseline the same episodes in-process (PlaySession + scoring, no
 * HTTP), measured before and after the HTTP run (median), with the ratio in-process / HTTP.
 *
 *   npx tsx bench/gf01-serve.ts                 # 2000 sessions at concurrency 200
 *   SESSIONS=5000 C=400 npx tsx bench/gf01-serve.ts
 */
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SESSIONS = Number(process.env.SESSIONS ?? 2000);
const CONCURRENCY = Number(process.env.C ?? 200);
const bundleFile = fileURLToPath(
  new URL("../../shared/reference/gf01/official_example/instance_bundle_v1.json", import.meta.url),
);

interface Plan {
  instance_id: string;
  steps: Record<string, number>[];
}
interface ClientReport {
  wall: number;
  lat: number[];
  errors: number;
  finished: number;
}

/** Episode i: the instance i mod 4, input in0 set at t = 1, nothing else. */
const plan = (insts: { instance_id: string; T: number }[], i: number): Plan => {
  const inst = insts[i % insts.length];
  return {
    instance_id: inst.instance_id,
    steps: Array.from({ length: inst.T }, (_, t): Record<string, number> => (t === 1 ? { in0: 1 } : {})),
  };
};

async function client(url: string, insts: { instance_id: string; T: number }[]): Promise<ClientReport> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const lat: number[] = [];
  let errors = 0;
  let finished = 0;
  const post = (path: string, body: unknown) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const a = performance.now();
      const data = JSON.stringify(body);
      const req = http.request(
        `${url}${path}`,
        {
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            lat.push(performance.now() - a);
            if ((res.statusCode ?? 500) >= 400) errors++;
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(data);
    });
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < SESSIONS; i = next++) {
      const p = plan(insts, i);
      const c = await post("/api/b/b/sessions", { instance_id: p.instance_id, agent_name: `b${i}` });
      let last = c;
      for (const m of p.steps) last = await post(`/api/b/b/sessions/${c.session_id}/actions`, m);
      if (last.finished === true && last.result) finished++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wall = (performance.now() - t0) / 1000;
  agent.destroy();
  return { wall, lat, errors, finished };
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

  const dir = await mkdtemp(join(tmpdir(), "gf01-serve-bench-"));
  const srv = await startGf01Server({
    bundles: [{ key: "b", bundle }],
    dataDir: dir,
    webDir: false,
    gitCommit: "bench",
    // One client process plays every session from loopback: per-client limits off.
    limits: { maxSessionsPerClient: 0, ratePerClient: 0 },
  });
  let rss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage().rss);
  }, 50);
  const child = fork(fileURLToPath(import.meta.url), ["--client"], {
    execArgv: process.execArgv,
    env: { ...process.env },
  });
  const r = await new Promise<ClientReport>((resolve, reject) => {
    child.once("message", (m) => resolve(m as ClientReport));
    child.once("error", reject);
    child.once("exit", (code) => (code ? reject(new Error(`client exited ${code}`)) : undefined));
    child.send({ url: srv.url, insts });
  });
  clearInterval(sampler);
  await srv.close();
  await rm(dir, { recursive: true, force: true });
  const base2 = inProcess();
  const inProc = (base1 + base2) / 2;

  const lat = r.lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
  const eps = SESSIONS / r.wall;
  if (r.errors || r.finished !== SESSIONS)
    process.stderr.write(
      `gf01-serve bench: ${r.errors} error response(s), ${r.finished}/${SESSIONS} finished\n`,
    );
  console.log(
    JSON.stringify({
      name: "gf01-serve",
      results: [
        {
          metric: `episodes/s (${SESSIONS} sessions, concurrency ${CONCURRENCY}, client in another process)`,
          value: eps,
          unit: "1/s",
          target: 1000,
          baseline: `in-process ${inProc.toFixed(0)}/s`,
          ratio: inProc / eps,
        },
        { metric: "requests/s", value: lat.length / r.wall, unit: "1/s" },
        { metric: "request latency p50", value: q(0.5), unit: "ms" },
        { metric: "request latency p99", value: q(0.99), unit: "ms", target: 100 },
        { metric: "request latency max", value: lat[lat.length - 1], unit: "ms" },
        { metric: "server peak RSS", value: rss / 2 ** 20, unit: "MiB" },
        { metric: "error responses", value: r.errors, unit: "count" },
      ],
    }),
  );
}
