/**
 * `gf01 serve` without a browser: the catalog is public-only, static files cannot escape the app
 * folder, results pages survive a restart, browser-facing bodies never carry the run_record,
 * the CLI rejects bad flags with exit 2, and the demo bundle is deterministic.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binPath, buildBins } from "../helpers/bins.js";
import { demoBundle, startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle, repo } from "./helpers.js";

let dir: string;
let web: string;
beforeAll(async () => {
  await buildBins(); // the gf01 CLI bundle: each `gf01 serve` process starts in ~0.2 s of CPU, not ~1 s under tsx
  dir = await mkdtemp(join(tmpdir(), "gf01-srv-"));
  web = join(dir, "web");
  await mkdir(web);
  await writeFile(join(web, "index.html"), "<!doctype html><title>t</title>");
  await writeFile(join(dir, "secret.txt"), "do not serve");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function playCertified(url: string): Promise<{ sid: string; bodies: string[] }> {
  const base = `${url}/api/b/official/sessions`;
  const bodies: string[] = [];
  const post = async (u: string, b?: unknown) => {
    const r = await fetch(u, { method: "POST", body: b === undefined ? undefined : JSON.stringify(b) });
    const t = await r.text();
    bodies.push(t);
    return JSON.parse(t) as Record<string, unknown>;
  };
  const c = await post(base, { instance_id: "gf01-2306ebfa159a", agent_name: "human-web:srv" });
  const sid = c.session_id as string;
  for (const m of [{}, {}, {}, { in2: 0 }]) await post(`${base}/${sid}/actions`, m);
  await post(`${base}/${sid}/commit`);
  const r = await fetch(`${base}/${sid}/result`);
  bodies.push(await r.text());
  return { sid, bodies };
}

describe("gf01 serve", () => {
  it("catalog lists only public goal-panel fields", async () => {
    const s = await startGf01Server({
      bundles: [{ key: "official", file: officialBundle }],
      dataDir: join(dir, "d1"),
      webDir: web,
    });
    try {
      const cat = (await (await fetch(`${s.url}/api/web/catalog`)).json()) as {
        bundles: { key: string; instances: Record<string, unknown>[] }[];
      };
      expect(cat.bundles.map((b) => b.key)).toEqual(["official"]);
      expect(cat.bundles[0].instances.length).toBe(4);
      for (const i of cat.bundles[0].instances)
        expect(Object.keys(i).sort()).toEqual(
          [
            "T",
            "budget_atoms",
            "budget_timestep",
            "index",
            "input_count",
            "instance_id",
            "mode",
            "output_count",
            "split_id",
            "t_star",
            "window_size",
          ].sort(),
        );
    } finally {
      await s.close();
    }
  });

  it("static files: index at /, no path escapes, unknown API routes are JSON 404", async () => {
    const s = await startGf01Server({
      bundles: [{ key: "official", file: officialBundle }],
      dataDir: join(dir, "d2"),
      webDir: web,
    });
    try {
      const idx = await fetch(`${s.url}/`);
      expect(idx.status).toBe(200);
      expect(idx.headers.get("content-type")).toContain("text/html");
      expect(idx.headers.get("content-security-policy")).toContain("default-src 'self'");
      for (const p of ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%00"]) {
        const r = await fetch(`${s.url}${p}`);
        expect(r.status, p).toBe(404);
        expect(await r.text()).not.toContain("do not serve");
      }
      const api = await fetch(`${s.url}/api/b/nope/sessions`, { method: "POST" });
      expect(api.status).toBe(404);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe("unknown_bundle");
    } finally {
      await s.close();
    }
  });

  it("results survive a restart; browser bodies never carry the run_record (it holds the generator seed)", async () => {
    const data = join(dir, "d3");
    let s = await startGf01Server({
      bundles: [{ key: "official", file: officialBundle }],
      dataDir: data,
      webDir: false,
    });
    const { sid, bodies } = await playCertified(s.url);
    await s.close();
    for (const b of bodies) {
      expect(b).not.toContain("run_record");
      expect(b).not.toContain('"seed"');
    }
    const row = JSON.parse((await readFile(join(data, "official", "runs.jsonl"), "utf8")).trim()) as Record<
      string,
      unknown
    >;
    expect(row.valid).toBe(true);
    expect(row.agent_name).toBe("human-web"); // the condition; the player is a field
    expect(row.player_id).toBe("srv");
    s = await startGf01Server({
      bundles: [{ key: "official", file: officialBundle }],
      dataDir: data,
      webDir: false,
    });
    try {
      const r = (await (await fetch(`${s.url}/api/web/results/${sid}`)).json()) as {
        result: Record<string, unknown>;
      };
      expect(r.result.verdict).toBe("certified");
      expect(r.result.certificate).toEqual([[3, "in2", 0]]);
      expect((await fetch(`${s.url}/api/web/results/not-a-session`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });

  it("the demo bundle is deterministic", () => {
    expect(demoBundle("x").json).toBe(demoBundle("x").json);
    expect(demoBundle("x").bundle.instances.length).toBeGreaterThan(0);
  });

  it("CLI: bad --port and a missing bundle exit 2 with a clear message", () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [binPath("gf01"), "serve", ...args], {
        cwd: repo,
        encoding: "utf8",
        timeout: 30_000,
      });
    const a = run(["--port", "99999"]);
    expect(a.status).toBe(2);
    expect(a.stderr).toContain("--port must be an integer in 0..65535");
    const d = run(["--max-sessions", "0"]);
    expect(d.status).toBe(2);
    expect(d.stderr).toContain("--max-sessions must be an integer in [1, 1000000000]");
    const c = run(["--best-match-max-nodes", "0"]);
    expect(c.status).toBe(2);
    expect(c.stderr).toContain('--best-match-max-nodes must be an integer ≥ 1 or "exact"');
    const b = run([
      "--port",
      "0",
      "--instances",
      join(dir, "missing.json"),
      "--data-dir",
      join(dir, "d4"),
      "--web-dir",
      web,
    ]);
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/missing\.json/);
    expect(b.stderr).not.toMatch(/\n\s+at /);
  });

  it("CLI: `gf01 serve` with no --instances serves the demo bundle, writes it beside the runs, stops on SIGTERM", async () => {
    const data = join(dir, "d5");
    const p = spawn(
      process.execPath,
      [binPath("gf01"), "serve", "--port", "0", "--data-dir", data, "--web-dir", web],
      { cwd: repo, stdio: ["ignore", "ignore", "pipe"] },
    );
    let err = "";
    const url = await new Promise<string>((resolve, reject) => {
      p.stderr.on("data", (d: Buffer) => {
        err += d.toString();
        const m = /gf01 serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
        if (m) resolve(m[1]);
      });
      p.on("exit", () => reject(new Error(`serve exited early: ${err}`)));
    });
    const cat = (await (await fetch(`${url}/api/web/catalog`)).json()) as { bundles: { key: string }[] };
    expect(cat.bundles.map((b) => b.key)).toEqual(["demo"]);
    const code = await new Promise<number | null>((resolve) => {
      p.removeAllListeners("exit");
      p.on("exit", (c) => resolve(c));
      p.kill("SIGTERM");
    });
    expect(code).toBe(0);
    expect(err).toContain("stopped");
    expect(JSON.parse(await readFile(join(data, "demo", "instances.json"), "utf8")).schema_version).toBe(
      "gf01.instance_bundle.v1",
    );
  });
});
