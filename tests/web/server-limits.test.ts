/**
 * `gf01 serve` limits and request hygiene (docs/web.md "Limits", docs/reliability.md "Server"):
 * every limit answers with its documented status and a plain JSON error; session ids are
 * unguessable; cross-origin and form-encoded requests are refused; security headers are on
 * every answer; static paths cannot escape; a torn tail left by a crash is cut on restart.
 */
import { request } from "node:http";
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { cutTornTail } from "../../src/gf01/server/journal.js";
import type { ServerLimits } from "../../src/gf01/server/limits.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle } from "./helpers.js";

let dir: string;
let web: string;
let bundle: LoadedBundle;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-limits-"));
  web = join(dir, "web");
  await mkdir(web);
  await writeFile(join(web, "index.html"), "<!doctype html><title>t</title>");
  await writeFile(join(dir, "secret.txt"), "do not serve");
  bundle = await loadBundle(officialBundle);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withServer(
  limits: Partial<ServerLimits>,
  f: (s: Gf01Server, data: string) => Promise<void>,
  webDir: string | false = false,
): Promise<void> {
  const data = join(dir, `d${n++}`);
  const s = await startGf01Server({ bundles: [{ key: "official", bundle }], dataDir: data, webDir, limits });
  try {
    await f(s, data);
  } finally {
    await s.close();
  }
}

interface Answer {
  status: number;
  headers: Headers;
  json: { error?: { code: string; message: string } } & Record<string, unknown>;
}
const call = async (url: string, init: RequestInit = {}): Promise<Answer> => {
  const r = await fetch(url, init);
  const text = await r.text();
  return { status: r.status, headers: r.headers, json: text ? JSON.parse(text) : {} };
};
const json = { "content-type": "application/json" };
const create = (s: Gf01Server, headers: Record<string, string> = {}) =>
  call(`${s.url}/api/b/official/sessions`, {
    method: "POST",
    headers: { ...json, ...headers },
    body: JSON.stringify({ index: 0, agent_name: "limits" }),
  });

/** Every refusal is a plain JSON error: {error:{code,message}} with a JSON content type. */
function expectError(a: Answer, status: number, code: string): void {
  expect(a.status).toBe(status);
  expect(a.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(a.json.error?.code).toBe(code);
  expect(typeof a.json.error?.message).toBe("string");
}

describe("gf01 serve limits", () => {
  it("request body: over the limit → 413, declared or streamed", async () => {
    await withServer({ maxBodyBytes: 100 }, async (s) => {
      const c = await create(s);
      expect(c.status).toBe(201);
      const url = `${s.url}/api/b/official/sessions/${c.json.session_id}/actions`;
      const big = JSON.stringify({ in0: 1, pad: "x".repeat(200) });
      expectError(await call(url, { method: "POST", headers: json, body: big }), 413, "body_too_large");
      // No content-length (chunked): the limit is counted while reading.
      const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(url, { method: "POST", headers: json }, (res) => {
          let b = "";
          res.on("data", (d: Buffer) => {
            b += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: b }));
        });
        req.on("error", reject);
        req.write(big.slice(0, 60));
        req.end(big.slice(60));
      });
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body).error.code).toBe("body_too_large");
      // Within the limit it still plays.
      expect((await call(url, { method: "POST", headers: json, body: "{}" })).status).toBe(200);
    });
  });

  it("sessions per client → 429 too_many_sessions; DELETE and finishing free a slot", async () => {
    await withServer({ maxSessionsPerClient: 2 }, async (s) => {
      const a = await create(s);
      const b = await create(s);
      expect([a.status, b.status]).toEqual([201, 201]);
      expectError(await create(s), 429, "too_many_sessions");
      expect(
        (await fetch(`${s.url}/api/b/official/sessions/${a.json.session_id}`, { method: "DELETE" })).status,
      ).toBe(204);
      const c = await create(s);
      expect(c.status).toBe(201);
      // A finished session no longer counts, and stays readable.
      const done = await call(`${s.url}/api/b/official/sessions/${c.json.session_id}/commit`, {
        method: "POST",
      });
      expect(done.json.finished).toBe(true);
      expect((await create(s)).status).toBe(201);
      expect((await call(`${s.url}/api/b/official/sessions/${c.json.session_id}/result`)).status).toBe(200);
    });
  });

  it("behind a trusted proxy each forwarded client has its own quota", async () => {
    await withServer({ maxSessionsPerClient: 1, trustProxy: true }, async (s) => {
      expect((await create(s, { "x-forwarded-for": "10.0.0.1" })).status).toBe(201);
      expectError(await create(s, { "x-forwarded-for": "10.0.0.1" }), 429, "too_many_sessions");
      expect((await create(s, { "x-forwarded-for": "203.0.113.9, 10.0.0.2" })).status).toBe(201);
      // The public origin a trusted proxy forwards is same-origin; any other is not.
      const fwd = { "x-forwarded-for": "10.0.0.3", "x-forwarded-host": "study.example.org" };
      expect((await create(s, { ...fwd, origin: "https://study.example.org" })).status).toBe(201);
      expectError(await create(s, { ...fwd, origin: "https://evil.example" }), 403, "cross_origin");
    });
  });

  it("total live sessions → 503 server_full", async () => {
    await withServer({ maxSessions: 3 }, async (s) => {
      for (let i = 0; i < 3; i++) expect((await create(s)).status).toBe(201);
      expectError(await create(s), 503, "server_full");
    });
  });

  it("idle expiry → 410 session_expired; unknown ids → 404 unknown_session", async () => {
    await withServer({ idleTimeoutS: 0.15 }, async (s) => {
      const c = await create(s);
      const url = `${s.url}/api/b/official/sessions/${c.json.session_id}`;
      expect((await call(url)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 600));
      expectError(await call(url), 410, "session_expired");
      expectError(await call(`${s.url}/api/b/official/sessions/${"0".repeat(32)}`), 404, "unknown_session");
      // The expired session's slot is free again.
      expect((await create(s)).status).toBe(201);
    });
  });

  it("request rate per client → 429 rate_limited with retry-after", async () => {
    await withServer({ ratePerClient: 5 }, async (s) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 14; i++) answers.push(await call(`${s.url}/api/web/catalog`));
      const limited = answers.filter((a) => a.status === 429);
      expect(answers[0].status).toBe(200);
      expect(limited.length).toBeGreaterThan(0);
      expectError(limited[0], 429, "rate_limited");
      expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    });
  });

  it("admission control: with requests in progress over the limit, new sessions get 503 busy; moves pass", async () => {
    await withServer({ maxInflight: 1 }, async (s) => {
      const c = await create(s);
      const url = `${s.url}/api/b/official/sessions/${c.json.session_id}/actions`;
      // A move whose body is still arriving keeps one request in progress.
      let answer = "";
      const held = request(url, { method: "POST", headers: { ...json, "content-length": "2" } }, (res) => {
        res.on("data", (d: Buffer) => {
          answer += d;
        });
      });
      const heldDone = new Promise((r) => held.on("close", r));
      held.write("{");
      await new Promise((r) => setTimeout(r, 100));
      const busy = await create(s);
      expectError(busy, 503, "busy");
      expect(busy.headers.get("retry-after")).toBe("1");
      held.end("}");
      await heldDone;
      await new Promise((r) => setTimeout(r, 50));
      expect(JSON.parse(answer).accepted).toBe(true);
      expect((await create(s)).status).toBe(201);
    });
  });

  it("session ids: 128 random bits (32 hex), all distinct", async () => {
    await withServer({}, async (s) => {
      const ids = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const id = (await create(s)).json.session_id as string;
        expect(id).toMatch(/^[0-9a-f]{32}$/);
        ids.add(id);
      }
      expect(ids.size).toBe(40);
    });
  });

  it("cross-origin and form-encoded requests are refused; same-origin JSON is not", async () => {
    await withServer({}, async (s) => {
      expectError(await create(s, { origin: "http://evil.example" }), 403, "cross_origin");
      expectError(await create(s, { origin: "null" }), 403, "cross_origin");
      expect((await create(s, { origin: s.url })).status).toBe(201);
      for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
        expectError(
          await call(`${s.url}/api/b/official/sessions`, {
            method: "POST",
            headers: { "content-type": type },
            body: "index=0",
          }),
          415,
          "unsupported_media_type",
        );
      expectError(
        await call(`${s.url}/api/b/official/sessions`, { method: "POST", headers: json, body: "{nope" }),
        400,
        "bad_json",
      );
    });
  });

  it("security headers on API answers, errors, static files and 404s; static paths cannot escape", async () => {
    await withServer(
      {},
      async (s) => {
        const pages = [
          await fetch(`${s.url}/api/web/catalog`),
          await fetch(`${s.url}/api/b/official/sessions/nope`),
          await fetch(`${s.url}/api/nope`),
          await fetch(`${s.url}/nope.txt`),
          await fetch(`${s.url}/`),
        ];
        for (const r of pages) {
          expect(r.headers.get("x-content-type-options"), r.url).toBe("nosniff");
          expect(r.headers.get("content-security-policy"), r.url).toMatch(/frame-ancestors 'none'/);
          expect(r.headers.get("x-frame-options"), r.url).toBe("DENY");
          expect(r.headers.get("referrer-policy"), r.url).toBe("no-referrer");
        }
        expect(pages[0].headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(pages[0].headers.get("content-security-policy")).toContain("default-src 'none'");
        expect(pages[4].headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(pages[4].headers.get("content-security-policy")).toContain("default-src 'self'");
        for (const p of [
          "/..%2f..%2fsecret.txt",
          "/%2e%2e%2fsecret.txt",
          "/%252e%252e/secret.txt",
          "/..%5csecret.txt",
          "//secret.txt",
          "/.%2e/secret.txt",
          "/index.html%00.js",
        ]) {
          const r = await fetch(`${s.url}${p}`);
          expect(r.status, p).toBe(404);
          expect(await r.text(), p).not.toContain("do not serve");
        }
      },
      web,
    );
  });
});

describe("finished sessions", () => {
  it("are answered from their kept view exactly as while live: view, observation, result, 422 episode_over, DELETE", async () => {
    await withServer({}, async (s) => {
      const c = await create(s);
      const url = `${s.url}/api/b/official/sessions/${c.json.session_id}`;
      const fin = await call(`${url}/commit`, { method: "POST" });
      expect(fin.status).toBe(200);
      const { accepted, error, ...finView } = fin.json;
      expect([accepted, error]).toEqual([true, null]);
      expect((await call(url)).json).toEqual(finView);
      expect((await call(`${url}/observation`)).json).toEqual({
        observation: finView.observation,
        text: finView.text,
      });
      expect((await call(`${url}/result`)).json).toEqual(finView.result);
      for (const sub of ["actions", "commit"]) {
        const again = await call(`${url}/${sub}`, { method: "POST", headers: json, body: "{}" });
        expect(again.status).toBe(422);
        expect(again.json).toEqual({
          ...finView,
          accepted: false,
          error: { code: "episode_over", message: "the session is finished" },
        });
      }
      expectError(
        await call(`${url}/actions`, { method: "POST", headers: json, body: "{no" }),
        400,
        "bad_json",
      );
      expect((await fetch(url, { method: "DELETE" })).status).toBe(204);
      expectError(await call(url), 404, "unknown_session");
    });
  });
});

describe("crash leftovers", () => {
  it("cutTornTail keeps whole lines only", async () => {
    const f = join(dir, "torn.jsonl");
    await writeFile(f, '{"a":1}\n{"b":2}\n{"c":');
    expect(await cutTornTail(f)).toBe(5);
    expect(await readFile(f, "utf8")).toBe('{"a":1}\n{"b":2}\n');
    expect(await cutTornTail(f)).toBe(0);
    await writeFile(f, '{"no newline at all"');
    expect(await cutTornTail(f)).toBe(20);
    expect(await readFile(f, "utf8")).toBe("");
    expect(await cutTornTail(join(dir, "missing.jsonl"))).toBe(0);
  });

  it("a restart after a torn write: the torn line is cut, new rows land whole", async () => {
    const data = join(dir, "torn");
    await mkdir(join(data, "official"), { recursive: true });
    for (const f of ["runs.jsonl", "steps.jsonl", "sessions.jsonl"])
      await appendFile(join(data, "official", f), '{"torn":');
    const s = await startGf01Server({ bundles: [{ key: "official", bundle }], dataDir: data, webDir: false });
    try {
      const c = await create(s);
      const done = await call(`${s.url}/api/b/official/sessions/${c.json.session_id}/commit`, {
        method: "POST",
      });
      expect(done.json.finished).toBe(true);
    } finally {
      await s.close();
    }
    for (const f of ["runs.jsonl", "steps.jsonl", "sessions.jsonl"]) {
      const lines = (await readFile(join(data, "official", f), "utf8")).split("\n");
      expect(lines.pop(), f).toBe("");
      expect(lines.length, f).toBe(1);
      expect(() => JSON.parse(lines[0]), f).not.toThrow();
    }
  });
});
