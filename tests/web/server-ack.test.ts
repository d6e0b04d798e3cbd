/**
 * A row is acknowledged to the player once written, and written once acknowledged (issue 31
 * item 13). The race is forced: the finishing move's run row is held in the journal (a sink
 * that waits for the test) while the client gives up on the request; the row is then written.
 * The client sends the same request again with the same `?seq=` and gets the same committed
 * answer (200, the same body), and the file holds the row once — before, the retry was refused
 * as `episode_over` (422) and the player never learned the result of a row written for them.
 * Also: a retry that arrives while the row is still being written waits for the same answer;
 * a wrong `seq` is 409 and applies nothing; closing the server answers the requests in progress
 * (before, `close` cut them after their rows were written).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/core/hash.js";
import { closeServer, listenOn } from "../../src/core/listen.js";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { createPlaySessionHandler, type LineSink } from "../../src/gf01/play/http.js";
import { openJsonl } from "../../src/gf01/server/journal.js";
import { startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle } from "./helpers.js";

let dir: string;
let bundle: LoadedBundle;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-ack-"));
  bundle = await loadBundle(officialBundle);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A journal whose runs.jsonl pushes wait until `release()`; `held` resolves when one is waiting. */
function gatedJournal() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const holding = new Promise<void>((r) => (held = r));
  let pushes = 0;
  const openJournal = async (file: string, kind: "runs" | "steps"): Promise<LineSink> => {
    const inner = await openJsonl(file);
    if (kind !== "runs") return inner;
    return {
      push: async (line: string) => {
        pushes++;
        held();
        await gate;
        return inner.push(line);
      },
      close: () => inner.close(),
    };
  };
  return { openJournal, release, holding, pushes: () => pushes };
}

interface Raw {
  status: number;
  body: string;
}
/** A raw POST; `abortWhen` destroys the request (the client gives up) once that promise settles. */
function post(url: string, body?: unknown, abortWhen?: Promise<void>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? "" : JSON.stringify(body);
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on("error", reject);
    });
    req.on("error", reject);
    abortWhen?.then(() => req.destroy(new Error("client gave up")));
    req.end(text);
  });
}

async function withHandler(
  j: ReturnType<typeof gatedJournal>,
  data: string,
  f: (url: string, server: Server) => Promise<void>,
  beforeRow?: Parameters<typeof createPlaySessionHandler>[0]["beforeRow"],
): Promise<void> {
  const api = createPlaySessionHandler({
    bundle,
    dataDir: data,
    openJournal: j.openJournal,
    gitCommit: "t",
    beforeRow,
  });
  const server = createServer((req, res) => {
    if (!api(req, res)) res.writeHead(404).end();
  });
  await listenOn(server, 0, "127.0.0.1");
  const { port } = server.address() as { port: number };
  try {
    await f(`http://127.0.0.1:${port}/api/gf01`, server);
  } finally {
    j.release();
    if (server.listening) await closeServer(server);
    await api.close();
  }
}

const INST = "gf01-253ad22c2c13"; // T = 6

/** Create a session and play every step but the last (each with its seq); returns id and next seq. */
async function upToLast(url: string): Promise<{ sid: string; seq: number; T: number }> {
  const c = await post(`${url}/sessions`, { instance_id: INST, agent_name: "ack-test" });
  expect(c.status).toBe(201);
  const sid = (JSON.parse(c.body) as { session_id: string }).session_id;
  const T = bundle.byId.get(INST)!.base_trace.length;
  for (let t = 0; t < T - 1; t++) {
    const r = await post(`${url}/sessions/${sid}/actions?seq=${t}`, t === 1 ? { in0: 1 } : {});
    expect(r.status).toBe(200);
  }
  return { sid, seq: T - 1, T };
}

const rows = async (data: string) =>
  (await readFile(join(data, "runs.jsonl"), "utf8").catch(() => "")).split("\n").filter(Boolean);

describe("finishing answers and rows", () => {
  it("the client gives up while its row is written: the retry with the same seq gets the committed answer, one row", async () => {
    const j = gatedJournal();
    const data = join(dir, "a");
    await withHandler(j, data, async (url) => {
      const { sid, seq } = await upToLast(url);
      // The finishing move; the client aborts once its row is held in the journal.
      const lost = post(`${url}/sessions/${sid}/actions?seq=${seq}`, {}, j.holding);
      await expect(lost).rejects.toThrow(/gave up|socket hang up/);
      j.release();
      // The row is written although nobody heard the answer…
      for (let i = 0; i < 100 && (await rows(data)).length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(await rows(data)).toHaveLength(1);
      // …and the retry is told exactly what the lost answer said.
      const again = await post(`${url}/sessions/${sid}/actions?seq=${seq}`, {});
      expect(again.status).toBe(200);
      const v = JSON.parse(again.body) as { finished: boolean; accepted: boolean; result: unknown };
      expect(v).toMatchObject({ finished: true, accepted: true });
      expect(v.result).not.toBeNull();
      expect((await post(`${url}/sessions/${sid}/actions?seq=${seq}`, {})).body).toBe(again.body);
      // A new move on the finished session is refused as before; nothing more is written.
      expect((await post(`${url}/sessions/${sid}/actions?seq=${seq + 1}`, {})).status).toBe(422);
      expect((await post(`${url}/sessions/${sid}/commit`)).status).toBe(422);
      expect(await rows(data)).toHaveLength(1);
      expect(j.pushes()).toBe(1);
    });
  });

  it("a retry that arrives while the row is still being written waits for the same answer", async () => {
    const j = gatedJournal();
    const data = join(dir, "b");
    await withHandler(j, data, async (url) => {
      const { sid, seq } = await upToLast(url);
      const first = post(`${url}/sessions/${sid}/steps?seq=${seq}`, { actions: [{}] });
      await j.holding;
      const second = post(`${url}/sessions/${sid}/steps?seq=${seq}`, { actions: [{}] });
      await new Promise((r) => setTimeout(r, 30));
      j.release();
      const [a, b] = await Promise.all([first, second]);
      expect(a.status).toBe(200);
      expect(b).toEqual(a);
      expect(await rows(data)).toHaveLength(1);
      expect(j.pushes()).toBe(1);
    });
  });

  it("a seq that is neither the next nor the last is 409 and applies nothing; a bad seq is 400", async () => {
    const j = gatedJournal();
    j.release();
    await withHandler(j, join(dir, "c"), async (url) => {
      const { sid, seq } = await upToLast(url);
      for (const s of [0, seq - 2, seq + 1]) {
        const r = await post(`${url}/sessions/${sid}/actions?seq=${s}`, {});
        expect(r.status, String(s)).toBe(409);
        expect(JSON.parse(r.body).error).toMatchObject({ code: "seq_mismatch" });
        expect(JSON.parse(r.body).error.message).toContain(`seq must be ${seq}`);
      }
      for (const bad of ["-1", "x", "1.5", ""])
        expect((await post(`${url}/sessions/${sid}/actions?seq=${bad}`, {})).status).toBe(400);
      // The retry of the previous move replays it (no second step applied)…
      const replay = await post(`${url}/sessions/${sid}/actions?seq=${seq - 1}`, {});
      expect(replay.status).toBe(200);
      expect(JSON.parse(replay.body).finished).toBe(false);
      // …so the next seq still finishes the episode on its last step.
      const fin = await post(`${url}/sessions/${sid}/actions?seq=${seq}`, {});
      expect(JSON.parse(fin.body).finished).toBe(true);
    });
  });

  it("closing the server answers a finishing request whose row is being written", async () => {
    const j = gatedJournal();
    const data = join(dir, "d");
    await withHandler(j, data, async (url, server) => {
      const { sid, seq } = await upToLast(url);
      const fin = post(`${url}/sessions/${sid}/actions?seq=${seq}`, {});
      await j.holding;
      const closed = closeServer(server);
      await new Promise((r) => setTimeout(r, 100));
      j.release();
      const a = await fin;
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body).finished).toBe(true);
      await closed;
      expect(await rows(data)).toHaveLength(1);
    });
  });

  it("the results-index hook runs before the row is written; if it fails, no row and a 500", async () => {
    const j = gatedJournal();
    j.release();
    const seen: { pushesBefore: number; line: string }[] = [];
    const data = join(dir, "e");
    await withHandler(
      j,
      data,
      async (url) => {
        const a = await upToLast(url);
        expect((await post(`${url}/sessions/${a.sid}/actions?seq=${a.seq}`, {})).status).toBe(200);
        const b = await upToLast(url);
        const failed = await post(`${url}/sessions/${b.sid}/actions?seq=${b.seq}`, {});
        expect(failed.status).toBe(500);
        // The retry is told the same: the row was not written.
        expect((await post(`${url}/sessions/${b.sid}/actions?seq=${b.seq}`, {})).status).toBe(500);
      },
      async ({ line }) => {
        seen.push({ pushesBefore: j.pushes(), line });
        if (seen.length === 2) throw new Error("index write failed");
      },
    );
    expect(seen.map((x) => x.pushesBefore)).toEqual([0, 1]);
    expect(await rows(data)).toEqual([seen[0].line]);
  });
});

describe("gf01 serve's results index after a crash", () => {
  it("keeps results whose row is in runs.jsonl, ignores those whose row never got written, never serves the hash", async () => {
    const data = join(dir, "f");
    const b = join(data, "official");
    await mkdir(b, { recursive: true });
    const row = '{"agent_name":"x","seed":12345}';
    await writeFile(join(b, "runs.jsonl"), `${row}\n`);
    const rec = (sid: string) => ({
      session_id: sid,
      bundle: "official",
      instance_id: INST,
      agent_name: "x",
      result: { verdict: "missed" },
    });
    await writeFile(
      join(b, "sessions.jsonl"),
      `${[
        { ...rec("kept"), row_sha256: sha256Hex(row) },
        { ...rec("crashed"), row_sha256: sha256Hex('{"agent_name":"y"}') },
        rec("old"),
      ]
        .map((x) => JSON.stringify(x))
        .join("\n")}\n`,
    );
    const logs: string[] = [];
    const s = await startGf01Server({
      bundles: [{ key: "official", bundle }],
      dataDir: data,
      webDir: false,
      log: (l) => logs.push(l),
    });
    try {
      const get = async (sid: string) => {
        const r = await fetch(`${s.url}/api/web/results/${sid}`);
        return { status: r.status, body: await r.text() };
      };
      const kept = await get("kept");
      expect(kept.status).toBe(200);
      expect(kept.body).not.toContain("row_sha256");
      expect((await get("old")).status).toBe(200);
      expect((await get("crashed")).status).toBe(404);
      expect(logs.join("\n")).toMatch(/1 result\(s\) whose run row was never written/);

      // A new finished session: its index line carries the hash of its row's line.
      const c = await fetch(`${s.url}/api/b/official/sessions`, {
        method: "POST",
        body: JSON.stringify({ instance_id: INST, agent_name: "hash-test" }),
      });
      const sid = ((await c.json()) as { session_id: string }).session_id;
      const fin = await fetch(`${s.url}/api/b/official/sessions/${sid}/commit?seq=0`, { method: "POST" });
      expect(((await fin.json()) as { finished: boolean }).finished).toBe(true);
      const last = (await rows(b)).at(-1)!;
      const idx = (await readFile(join(b, "sessions.jsonl"), "utf8")).trim().split("\n").at(-1)!;
      expect(JSON.parse(idx)).toMatchObject({ session_id: sid, row_sha256: sha256Hex(last) });
    } finally {
      await s.close();
    }
  });
});
