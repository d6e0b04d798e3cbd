/**
 * The browser commit path on automata above 30 states (issue 12 point 5: the commit used to
 * return HTTP 500 because M(I) could not be computed, and the person's run was lost).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleToJson, generateBundle } from "../../src/gf01/api.js";
import { parseBundle } from "../../src/gf01/artifacts/bundle.js";
import { startGf01Server } from "../../src/gf01/server/serve.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-size-"));
  await mkdir(join(dir, "web"));
  await writeFile(join(dir, "web", "index.html"), "<!doctype html><title>t</title>");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("gf01 serve on large automata", () => {
  it("a 64-state instance: session, actions and commit all answer 200 with a scored result", async () => {
    const g = generateBundle({
      seeds: [1, 2, 3, 4],
      split: "public_dev",
      config: { states_min: 64, states_max: 64 },
    });
    const bundle = parseBundle(JSON.parse(bundleToJson(g.bundle)));
    const inst = bundle.instances[0];
    expect(inst.automaton.states.length).toBe(64);
    const s = await startGf01Server({
      bundles: [{ key: "big", bundle }],
      dataDir: join(dir, "d"),
      webDir: join(dir, "web"),
    });
    try {
      const base = `${s.url}/api/b/big/sessions`;
      const post = async (u: string, b?: unknown) => {
        const r = await fetch(u, { method: "POST", body: b === undefined ? undefined : JSON.stringify(b) });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      };
      const c = await post(base, { instance_id: inst.instance_id, agent_name: "human-web:size" });
      expect(c.status).toBe(201);
      const sid = c.body.session_id as string;
      for (let t = 0; t < 2; t++) expect((await post(`${base}/${sid}/actions`, {})).status).toBe(200);
      const done = await post(`${base}/${sid}/commit`);
      expect(done.status).toBe(200);
      const r = await fetch(`${base}/${sid}/result`);
      expect(r.status).toBe(200);
      const res = (await r.json()) as Record<string, unknown>;
      expect(JSON.stringify(res)).toMatch(/"goal"/);
    } finally {
      await s.close();
    }
  });
});
