/**
 * The optional batched route `POST /sessions/:id/steps` (docs/gf01-play.md): the moves of one
 * request are exactly the moves one `actions` request each would make — the run row written is
 * byte-identical to playing them one by one — stopping at a rejected move (not applied) or when
 * the session finishes; malformed bodies are refused before anything is applied.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { MAX_STEPS_PER_REQUEST } from "../../src/gf01/play/http.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle } from "./helpers.js";

let dir: string;
let bundle: LoadedBundle;
let srv: Gf01Server;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-steps-"));
  bundle = await loadBundle(officialBundle);
  srv = await startGf01Server({
    bundles: [{ key: "b", bundle }],
    dataDir: dir,
    webDir: false,
    gitCommit: "0".repeat(40),
    journalThread: true,
    limits: { ratePerClient: 0 },
  });
});
afterAll(async () => {
  await srv.close();
  await rm(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const post = async (path: string, body: unknown): Promise<{ status: number; json: Json }> => {
  const r = await fetch(`${srv.url}/api/b/b${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Json };
};
const create = async (agent: string, inst = 0) =>
  (await post("/sessions", { instance_id: bundle.instances[inst].instance_id, agent_name: agent })).json
    .session_id as string;
const runRows = async () => (await readFile(join(dir, "b", "runs.jsonl"), "utf8")).trim().split("\n");

describe("POST /sessions/:id/steps", () => {
  it("plays the same episode as one request per move: same answers' state, byte-identical run row", async () => {
    const inst = bundle.instances[1];
    const T = inst.base_trace.length;
    // One intervention at t = 1; the last step finishes the episode.
    const moves: Json[] = Array.from({ length: T }, (_, t): Json => (t === 1 ? { in1: 1 } : {}));
    const one = await create("steps-a", 1);
    let last: Json = {};
    for (const m of moves) last = (await post(`/sessions/${one}/actions`, m)).json;
    const batched = await create("steps-a", 1);
    const r = await post(`/sessions/${batched}/steps`, { actions: moves });
    expect(r.status).toBe(200);
    expect(r.json.applied).toBe(T);
    expect(r.json.finished).toBe(true);
    for (const k of ["observation", "text", "result", "phase", "accepted", "error"])
      expect(r.json[k], k).toEqual(last[k]);
    const rows = await runRows();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[rows.length - 1]).toBe(rows[rows.length - 2]);
  });

  it("stops at a rejected move (422, not applied, later moves not applied) and after the finishing move", async () => {
    const id = await create("steps-b");
    const r = await post(`/sessions/${id}/steps`, { actions: [{}, { nope: 1 }, {}, {}] });
    expect(r.status).toBe(422);
    expect(r.json.applied).toBe(1);
    expect(r.json.accepted).toBe(false);
    expect((r.json.error as Json).code).toBeTypeOf("string");
    expect((r.json.observation as Json).t).toBe(1);
    // Continue one by one from there: the session is where the batch left it.
    expect((await post(`/sessions/${id}/actions`, {})).json.observation).toMatchObject({ t: 2 });

    const T = bundle.instances[0].base_trace.length;
    const f = await create("steps-c");
    const over = await post(`/sessions/${f}/steps`, { actions: Array.from({ length: T + 3 }, () => ({})) });
    expect(over.status).toBe(200);
    expect(over.json.applied).toBe(T);
    expect(over.json.finished).toBe(true);
    expect(over.json.result).not.toBeNull();
    // On a finished session: episode_over, nothing applied.
    const again = await post(`/sessions/${f}/steps`, { actions: [{}] });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ accepted: false, applied: 0, error: { code: "episode_over" } });
  });

  it("malformed bodies are refused with 400 before any move is applied", async () => {
    const id = await create("steps-d");
    for (const body of [
      {},
      { actions: [] },
      [{}],
      { actions: {} },
      { actions: Array(MAX_STEPS_PER_REQUEST + 1).fill({}) },
    ]) {
      const r = await post(`/sessions/${id}/steps`, body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((r.json.error as Json).code).toBe("bad_request");
    }
    expect((await post(`/sessions/${id}/actions`, {})).json.observation).toMatchObject({ t: 1 });
  });
});
