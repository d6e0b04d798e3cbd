/**
 * `gf01 serve` throughput on loopback: 1000 sessions at concurrency 200, each a full episode on
 * the official example bundle (create, one request per step, commit). Reports episodes/s,
 * requests/s, per-request latency p50/p99 and peak RSS. Baseline in the same process: the same
 * episodes in-process (PlaySession + scoring, no HTTP), to show what the transport costs.
 */
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadBundle } from "../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../src/gf01/model/compile.js";
import { PlaySession } from "../src/gf01/play/episode.js";
import { scoreSession } from "../src/gf01/play/result.js";
import { startGf01Server } from "../src/gf01/server/serve.js";

const SESSIONS = 1000;
const CONCURRENCY = Number(process.env.C ?? 200);
const bundleFile = fileURLToPath(
  new URL("../../shared/reference/gf01/official_example/instance_bundle_v1.json", import.meta.url),
);
const bundle = await loadBundle(bundleFile);
const moves = (i: number) => {
  const inst = bundle.instances[i % bundle.instances.length];
  return { inst, steps: inst.base_trace.map((_, t) => (t === 1 ? { in0: 1 } : {})) };
};

// Baseline: in-process episodes.
let t0 = performance.now();
for (let i = 0; i < SESSIONS; i++) {
  const { inst, steps } = moves(i);
  const s = new PlaySession(inst, compileInstance(inst));
  for (const m of steps) s.submit(m);
  scoreSession(s);
}
const inProc = SESSIONS / ((performance.now() - t0) / 1000);

const dir = await mkdtemp(join(tmpdir(), "gf01-serve-bench-"));
const srv = await startGf01Server({
  bundles: [{ key: "b", bundle }],
  dataDir: dir,
  webDir: false,
  gitCommit: "bench",
});
// Client and server share this process, so the client must be cheap: node:http with a
// keep-alive pool (fetch/undici costs about twice the CPU per request here and halves throughput).
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const lat: number[] = [];
const post = async (url: string, body?: unknown) => {
  const a = performance.now();
  const data = body === undefined ? "" : JSON.stringify(body);
  const j = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", agent, headers: { "content-length": Buffer.byteLength(data) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(data);
  });
  lat.push(performance.now() - a);
  return j;
};
let next = 0;
let rss = process.memoryUsage().rss;
const worker = async () => {
  for (let i = next++; i < SESSIONS; i = next++) {
    const { inst, steps } = moves(i);
    const c = await post(`${srv.url}/api/b/b/sessions`, {
      instance_id: inst.instance_id,
      agent_name: `b${i}`,
    });
    for (const m of steps) await post(`${srv.url}/api/b/b/sessions/${c.session_id}/actions`, m);
    rss = Math.max(rss, process.memoryUsage().rss);
  }
};
t0 = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const wall = (performance.now() - t0) / 1000;
await srv.close();
await rm(dir, { recursive: true, force: true });
lat.sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
const eps = SESSIONS / wall;
console.log(
  JSON.stringify({
    name: "gf01-serve",
    results: [
      {
        metric: `episodes/s (${SESSIONS} sessions, concurrency ${CONCURRENCY}, HTTP loopback)`,
        value: eps,
        unit: "1/s",
        baseline: `in-process ${inProc.toFixed(0)}/s`,
        ratio: inProc / eps,
      },
      { metric: "requests/s", value: lat.length / wall, unit: "1/s" },
      { metric: "request latency p50", value: q(0.5), unit: "ms" },
      { metric: "request latency p99", value: q(0.99), unit: "ms" },
      { metric: "peak RSS (client + server, one process)", value: rss / 2 ** 20, unit: "MiB" },
    ],
  }),
);
