/**
 * The browser commit path on automata above 30 states (issue 12 point 5: the commit used to
 * return HTTP 500 because M(I) could not be computed, and the person's run was lost).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleToJson, generateBundle } from "../../src/gf01/api.js";
import { validateRunsFile } from "../../src/gf01/api.js";
import { instancesHash, parseBundle } from "../../src/gf01/artifacts/bundle.js";
import { SERVER_BEST_MATCH_MAX_NODES } from "../../src/gf01/play/http.js";
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

  it("an expensive best match (64 states, T=12, B_T=6) is bounded and recorded as capped; the server keeps answering", async () => {
    // Exact best match here passes millions of DP nodes (tens of seconds, GBs): on the request
    // path it would block every other player. The server caps it and says so.
    const g = generateBundle({
      seeds: [1],
      split: "public_dev",
      config: { states_min: 64, states_max: 64, trace_min: 12, trace_max: 12 },
    });
    const j = JSON.parse(bundleToJson(g.bundle));
    for (const i of j.instances) {
      i.budget_timestep = 6; // loose budget: the M(I) search space explodes
      delete i.content_hash; // 0.1.0 form (the edit changes the content)
      delete i.normalization_version;
      if (i.provenance) delete i.provenance.content_hash;
    }
    j.instances_hash = instancesHash(j.instances);
    const bundleFile = join(dir, "expensive.json");
    await writeFile(bundleFile, JSON.stringify(j));
    const bundle = parseBundle(j);
    const inst = bundle.instances[0];
    expect(SERVER_BEST_MATCH_MAX_NODES).toBeLessThan(1_000_000); // the default is a real bound
    const rows: Record<string, unknown>[] = [];
    const s = await startGf01Server({
      bundles: [{ key: "x", bundle }],
      dataDir: join(dir, "dx"),
      webDir: join(dir, "web"),
      bestMatchMaxNodes: 2_000, // small to keep the test fast; same path as the default cap
    });
    try {
      const base = `${s.url}/api/b/x/sessions`;
      const post = async (u: string, b?: unknown) => {
        const r = await fetch(u, { method: "POST", body: b === undefined ? undefined : JSON.stringify(b) });
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      };
      const c = await post(base, { instance_id: inst.instance_id, agent_name: "human-web:big" });
      const sid = c.body.session_id as string;
      for (const m of [{ in0: 1 }, {}, { in1: 1 }])
        expect((await post(`${base}/${sid}/actions`, m)).status).toBe(200);
      // Commit and, at the same time, another player's request: both answer.
      const [done, other] = await Promise.all([
        post(`${base}/${sid}/commit`),
        fetch(`${s.url}/api/web/catalog`),
      ]);
      expect(done.status).toBe(200);
      expect(other.status).toBe(200);
      const res = (await (await fetch(`${base}/${sid}/result`)).json()) as Record<string, unknown>;
      const result = (res.result ?? res) as Record<string, unknown>;
      expect(result.best_match_cap_hit).toBe(true);
      expect(typeof result.valid).toBe("boolean");
      expect(result.ap_f1).toBe(0);
    } finally {
      await s.close();
    }
    const { readJsonl } = await import("../../src/core/jsonl.js");
    for await (const { value } of readJsonl(join(dir, "dx", "x", "runs.jsonl")))
      rows.push(value as Record<string, unknown>);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ best_match_cap_hit: true, best_match_max_nodes: 2_000 });
    // validate re-scores the row under its recorded cap: the row verifies (no silent truncation,
    // no false recompute_mismatch).
    const v = await validateRunsFile(join(dir, "dx", "x", "runs.jsonl"), { instancesFile: bundleFile });
    expect(v.ok, JSON.stringify(v.payload)).toBe(true);
  });
});
