/**
 * Overload (docs/web.md "Limits"): while the server is over its in-flight limit every new
 * session is refused with 503 `busy` + `retry-after` and leaves no trace (no session, no quota
 * slot, no row); the moves of a session already playing still go through; players who treat
 * the 503 as "retry" (as bench/gf01-serve.ts does) all finish, and every episode is recorded
 * exactly once and re-verifies. No timing: the overload is a request held open by the test.
 */
import { request } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateRunsFile } from "../../src/gf01/api.js";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle } from "./helpers.js";

const PLAYERS = 8;
let dir: string;
let bundle: LoadedBundle;
let srv: Gf01Server;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-overload-"));
  bundle = await loadBundle(officialBundle);
  srv = await startGf01Server({
    bundles: [{ key: "b", bundle }],
    dataDir: dir,
    webDir: false,
    gitCommit: "0".repeat(40),
    journalThread: true,
    scoreWorkers: 1,
    // Exactly one session per player plus the held one: a refused create that kept a slot
    // would make a later create fail with server_full.
    limits: { maxInflight: 1, maxSessions: PLAYERS + 1, ratePerClient: 0, maxSessionsPerClient: 0 },
  });
});
afterAll(async () => {
  await srv.close();
  await rm(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const post = async (path: string, body: unknown) => {
  const r = await fetch(`${srv.url}/api/b/b${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, retryAfter: r.headers.get("retry-after"), json: (await r.json()) as Json };
};

describe("gf01 serve under overload", () => {
  it("503 busy + retry-after refuses new sessions without a trace; retried, every episode is recorded once", async () => {
    const inst = bundle.instances[0];
    const T = inst.base_trace.length;
    const first = await post("/sessions", { instance_id: inst.instance_id, agent_name: "held" });
    expect(first.status).toBe(201);
    // A move whose body is still arriving: one request in progress, so the server is at its limit.
    let heldAnswer = "";
    const held = request(
      `${srv.url}/api/b/b/sessions/${first.json.session_id}/actions`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": "2" } },
      (res) => res.on("data", (d: Buffer) => (heldAnswer += d)),
    );
    held.on("error", () => {}); // reset at close if an assertion below fails
    const heldClosed = new Promise((r) => held.on("close", r));
    // The server counts a request in progress from its `request` event (its own listener runs first).
    const counted = new Promise((r) => srv.server.once("request", r));
    held.write("{");
    await counted;

    // Every player's first try is refused: 503 busy, retry-after, nothing created.
    const refused = await Promise.all(
      Array.from({ length: PLAYERS }, (_, i) =>
        post("/sessions", { instance_id: inst.instance_id, agent_name: `p${i}` }),
      ),
    );
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.retryAfter).toBe("1");
      expect((r.json.error as Json).code).toBe("busy");
    }
    // The admitted session's move goes through.
    held.end("}");
    await heldClosed;
    expect(JSON.parse(heldAnswer)).toMatchObject({ accepted: true });

    // Retried (one player at a time, so the limit of 1 is not hit again), every player plays a
    // whole episode; a refused create would have kept a slot and this would end in server_full.
    for (let i = 0; i < PLAYERS; i++) {
      const c = await post("/sessions", { instance_id: inst.instance_id, agent_name: `p${i}` });
      expect(c.status).toBe(201);
      let last: Json = {};
      for (let t = 0; t < T; t++)
        last = (await post(`/sessions/${c.json.session_id}/actions`, t === 1 ? { in0: 1 } : {})).json;
      expect(last.finished).toBe(true);
    }
    const rows = (await readFile(join(dir, "b", "runs.jsonl"), "utf8")).trim().split("\n");
    const agents = rows.map((l) => JSON.parse(l).agent_name as string).sort();
    expect(agents).toEqual(Array.from({ length: PLAYERS }, (_, i) => `p${i}`).sort());
    const v = await validateRunsFile(join(dir, "b", "runs.jsonl"), { instancesFile: officialBundle });
    expect(v.ok, JSON.stringify(v.payload).slice(0, 300)).toBe(true);
  });
});
