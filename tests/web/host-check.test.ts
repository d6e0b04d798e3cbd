/**
 * DNS-rebinding guard (issue 31 item 11): a request whose Host header names another site is
 * refused (403) by `gf01 serve`, `gf01 view` / `geb view` (one view server) and the play
 * server, before any route runs — a matching Origin does not help, and no session is created.
 * Loopback names, the bound address (with or without a port) and `--allowed-host` names pass.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostChecker, hostName } from "../../src/core/host-check.js";
import { startViewServer } from "../../src/core/view/server.js";
import { serveApp } from "../../src/geb/ui/live/server.js";
import type { ViewDataset } from "../../src/core/view/types.js";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { startPlayServer } from "../../src/gf01/play/http.js";
import { startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle } from "./helpers.js";

function raw(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${url}${path}`,
      { method, headers: { ...(text ? { "content-type": "application/json" } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

let dir: string;
let bundle: LoadedBundle;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "host-check-"));
  bundle = await loadBundle(officialBundle);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("hostChecker", () => {
  it("parses Host values", () => {
    expect(hostName("LocalHost:8017")).toBe("localhost");
    expect(hostName("[::1]:8017")).toBe("::1");
    expect(hostName("127.0.0.1")).toBe("127.0.0.1");
    expect(hostName("a.example.:80")).toBe("a.example");
    expect(hostName("a b")).toBeUndefined();
    expect(hostName("user@evil.example")).toBeUndefined();
    expect(hostName("[::1")).toBeUndefined();
  });

  it("allows loopback names and the bound address, with or without a port, and nothing else by default", () => {
    const ok = hostChecker({ host: "127.0.0.1" });
    for (const h of [
      "localhost",
      "localhost:8017",
      "127.0.0.1:8017",
      "127.0.0.2",
      "[::1]:1",
      "app.localhost:9",
      undefined,
    ])
      expect(ok(h), String(h)).toBe(true);
    for (const h of [
      "evil.example",
      "evil.example:8017",
      "127.0.0.1.evil.example",
      "localhost.evil.example",
      "",
      "::1",
      "10.1.2.3",
    ])
      expect(ok(h), h).toBe(false);
    expect(hostChecker({ host: "10.1.2.3" })("10.1.2.3:8017")).toBe(true);
    const extra = hostChecker({ host: "127.0.0.1", allowedHosts: ["Game.Example.org"] });
    expect(extra("game.example.org:443")).toBe(true);
    expect(extra("evil.example")).toBe(false);
    expect(hostChecker({ host: "127.0.0.1", allowedHosts: ["*"] })("evil.example")).toBe(true);
  });

  it("bound to a wildcard address: the machine's own addresses pass, other names still need --allowed-host", () => {
    const ok = hostChecker({ host: "0.0.0.0" });
    expect(ok("127.0.0.1:8017")).toBe(true);
    expect(ok("localhost")).toBe(true);
    expect(ok("evil.example:8017")).toBe(false);
  });
});

describe("every server refuses a foreign Host", () => {
  it("gf01 serve: 403 JSON, no session created, even with a matching Origin; allowed hosts pass", async () => {
    const s = await startGf01Server({
      bundles: [{ key: "official", bundle }],
      dataDir: join(dir, "serve"),
      webDir: false,
      allowedHosts: ["game.example.org"],
      // One session in all: a session created by the refused request would make the next 503.
      limits: { maxSessions: 1, maxSessionsPerClient: 0, ratePerClient: 0 },
    });
    try {
      const port = new URL(s.url).port;
      const evil = await raw(
        s.url,
        "POST",
        "/api/b/official/sessions",
        { host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
        { index: 0 },
      );
      expect(evil.status).toBe(403);
      expect(JSON.parse(evil.body).error.code).toBe("host_not_allowed");
      expect(JSON.parse(evil.body).error.message).toMatch(/--allowed-host/);
      for (const p of ["/api/web/catalog", "/", "/api/web/results/x"])
        expect((await raw(s.url, "GET", p, { host: "evil.example" })).status).toBe(403);
      // The one session slot is still free.
      const ok = await raw(
        s.url,
        "POST",
        "/api/b/official/sessions",
        { host: `game.example.org:${port}`, origin: `http://game.example.org:${port}` },
        { index: 0 },
      );
      expect(ok.status).toBe(201);
      expect((await raw(s.url, "GET", "/api/web/catalog", { host: `localhost:${port}` })).status).toBe(200);
      expect((await raw(s.url, "GET", "/api/web/catalog", { host: `127.0.0.1:${port}` })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("gf01 view / geb view server: 403 for a foreign Host, the page for loopback", async () => {
    const d: ViewDataset = {
      family: "gf01",
      title: "t",
      columns: [],
      runs: [],
      rows: [],
      notes: [],
      detail: () => ({ sections: [] }) as never,
    };
    const v = await startViewServer(d, { port: 0, allowedHosts: ["lab.example"] });
    try {
      const port = new URL(v.url).port;
      for (const p of ["/", "/api/meta", "/api/rows"]) {
        const r = await raw(v.url, "GET", p, { host: `evil.example:${port}` });
        expect(r.status, p).toBe(403);
        expect(JSON.parse(r.body).error.code).toBe("host_not_allowed");
      }
      expect((await raw(v.url, "GET", "/api/meta", { host: `localhost:${port}` })).status).toBe(200);
      expect((await raw(v.url, "GET", "/api/meta", { host: "lab.example" })).status).toBe(200);
      // `//…` paths: a 404, not an exception that ends the viewer.
      expect((await raw(v.url, "GET", "//", {})).status).toBe(404);
      expect((await raw(v.url, "GET", "//api/meta", {})).status).toBe(404);
      expect((await raw(v.url, "GET", "/api/meta", {})).status).toBe(200);
    } finally {
      await v.close();
    }
  });

  it("the play server (startPlayServer): 403 for a foreign Host", async () => {
    const p = await startPlayServer({ bundle });
    try {
      const evil = await raw(p.url, "POST", "/api/gf01/sessions", { host: "evil.example" }, { index: 0 });
      expect(evil.status).toBe(403);
      const ok = await raw(p.url, "POST", "/api/gf01/sessions", { host: new URL(p.url).host }, { index: 0 });
      expect(ok.status).toBe(201);
    } finally {
      await p.close();
    }
  });

  it("the geb ui live app server: 403 for a foreign Host", async () => {
    const app = await serveApp();
    try {
      const origin = new URL(app.url).origin;
      expect((await raw(origin, "GET", "/", { host: "evil.example" })).status).toBe(403);
      expect((await raw(origin, "GET", "/", { host: new URL(app.url).host })).status).toBe(200);
      // A path URL cannot parse is a 404, not an exception in the handler.
      expect((await raw(origin, "GET", "//", {})).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
