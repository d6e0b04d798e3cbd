/**
 * Load: 200 concurrent sessions against `gf01 serve` on loopback. Each session plays a scripted
 * episode (some certified with the official reference certificates, some seeded random with
 * rejected moves). Every run row must be written exactly once, whole, byte-identical to the
 * row the same moves produce in-process (the JSON track), and pass `validate` with
 * re-verification against the bundle.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PyRandom } from "../../src/core/random.js";
import { loadBundle, type LoadedBundle } from "../../src/gf01/artifacts/bundle.js";
import { runRecordLine } from "../../src/gf01/artifacts/run-record.js";
import { validateRunsFile } from "../../src/gf01/api.js";
import { compileInstance } from "../../src/gf01/model/compile.js";
import { PlaySession } from "../../src/gf01/play/episode.js";
import { playRunMeta } from "../../src/gf01/play/meta.js";
import { outcomeRunRecord, scoreSession } from "../../src/gf01/play/result.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle } from "./helpers.js";

const SESSIONS = 200;
const GIT = "0000000000000000000000000000000000000000";

/** Official reference certificates (runs_v1_valid.jsonl): one certified answer per instance. */
const OFFICIAL: Record<string, [number, string, 0 | 1][]> = {
  "gf01-2306ebfa159a": [[3, "in2", 0]],
  "gf01-3e29532e854e": [[3, "in1", 0]],
  "gf01-7a189480696b": [[1, "in2", 0]],
  "gf01-253ad22c2c13": [[5, "in1", 0]],
};

type Move = Record<string, unknown>;

/** Scripted moves for session i: even i plays the official certificate, odd i random bits. */
function script(i: number, b: LoadedBundle): { instanceId: string; moves: Move[] } {
  const inst = b.instances[i % b.instances.length];
  const T = inst.base_trace.length;
  const aps = inst.automaton.input_aps;
  const moves: Move[] = [];
  if (i % 2 === 0) {
    for (let t = 0; t < T; t++) {
      const m: Move = {};
      for (const [at, ap, v] of OFFICIAL[inst.instance_id]) if (at === t) m[ap] = v;
      moves.push(m);
    }
  } else {
    const r = new PyRandom(i);
    for (let t = 0; t < T; t++) {
      const m: Move = {};
      if (r.random() < 0.5) m[r.choice(aps)] = r.randint(0, 1);
      if (r.random() < 0.15) m[r.choice(aps)] = r.randint(0, 1);
      moves.push(m);
      // Over-budget requests are rejected and re-offered: the script retries with {}.
      if (r.random() < 0.1) moves.push({ nope: 1 });
    }
  }
  // A trailing commit (no-op if already finished by the last step; accepted either way).
  return { instanceId: inst.instance_id, moves };
}

describe("gf01 serve under load", () => {
  let dir: string;
  let srv: Gf01Server;
  let bundle: LoadedBundle;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gf01-load-"));
    bundle = await loadBundle(officialBundle);
    srv = await startGf01Server({
      bundles: [{ key: "official", bundle }],
      dataDir: dir,
      webDir: false,
      gitCommit: GIT,
      // As `gf01 serve`: data files written by the journal thread.
      journalThread: true,
      // One test process is every player: per-client limits would throttle the load itself.
      limits: { ratePerClient: 0, maxSessionsPerClient: 0 },
    });
  });
  afterAll(async () => {
    await srv?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(`${SESSIONS} concurrent sessions: every row written once and correctly`, async () => {
    const base = `${srv.url}/api/b/official`;
    const post = async (url: string, body?: unknown) => {
      const r = await fetch(url, {
        method: "POST",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: (await r.json()) as Record<string, unknown> };
    };
    const expected = new Map<string, string>();
    const play = async (i: number) => {
      const { instanceId, moves } = script(i, bundle);
      const agent = `load-${i}`;
      const c = await post(`${base}/sessions`, { instance_id: instanceId, agent_name: agent });
      expect(c.status).toBe(201);
      const sid = c.json.session_id as string;
      // The same moves in-process (JSON track) give the expected row.
      const inst = bundle.byId.get(instanceId)!;
      const local = new PlaySession(inst, compileInstance(inst));
      let last: Record<string, unknown> = c.json;
      for (const m of moves) {
        if (last.finished) break;
        const r = await post(`${base}/sessions/${sid}/actions`, m);
        const l = local.submit(m);
        expect(r.status).toBe(l.accepted ? 200 : 422);
        expect(r.json.observation).toEqual(l.observation);
        last = r.json;
      }
      if (!last.finished) {
        const r = await post(`${base}/sessions/${sid}/commit`);
        local.submit({ type: "commit" });
        last = r.json;
      }
      expect(last.finished).toBe(true);
      const o = scoreSession(local);
      const meta = playRunMeta(bundle.meta, {
        evalTrack: "EVAL-CB",
        rendererTrack: "visual",
        gitCommit: GIT,
      });
      const row = outcomeRunRecord(local, o, {
        eval_track: "EVAL-CB",
        renderer_track: "visual",
        agent_name: agent,
        meta,
      });
      expected.set(agent, runRecordLine(row));
      const res = last.result as Record<string, unknown>;
      expect(res.verdict).toBe(o.verdict);
      expect(res).not.toHaveProperty("run_record");
      if (i % 2 === 0) expect(res.verdict).toBe("certified");
    };
    await Promise.all(Array.from({ length: SESSIONS }, (_, i) => play(i)));
    await srv.close();

    const lines = (await readFile(join(dir, "official", "runs.jsonl"), "utf8")).split("\n").filter(Boolean);
    expect(lines.length).toBe(SESSIONS);
    const seen = new Set<string>();
    for (const line of lines) {
      const row = JSON.parse(line) as Record<string, unknown>;
      const agent = row.agent_name as string;
      expect(seen.has(agent), `row for ${agent} written twice`).toBe(false);
      seen.add(agent);
      expect(line).toBe(expected.get(agent));
      expect(row.renderer_track).toBe("visual");
      expect(row.renderer_profile_id).toBe("GF-01-R1");
    }
    expect(seen.size).toBe(SESSIONS);
    for (const f of ["steps.jsonl", "sessions.jsonl"]) {
      const n = (await readFile(join(dir, "official", f), "utf8")).split("\n").filter(Boolean).length;
      expect(n, f).toBe(SESSIONS);
    }
    const v = await validateRunsFile(join(dir, "official", "runs.jsonl"), { instancesFile: officialBundle });
    expect(v.ok, JSON.stringify(v.payload).slice(0, 500)).toBe(true);
  });
});
