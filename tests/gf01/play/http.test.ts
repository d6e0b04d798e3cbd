import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateRunsFile } from "../../../src/gf01/api.js";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { type PlayServer, startPlayServer } from "../../../src/gf01/play/http.js";
import { parseObservation } from "../../../src/gf01/play/render-text.js";
import { enumerateMinimal } from "../../../src/gf01/verify/index.js";
import { genBundle } from "./helpers.js";

const { json, bundle } = genBundle(6, 4100);
const dir = mkdtempSync(join(tmpdir(), "gf01-http-"));
const bundleFile = join(dir, "bundle.json");
writeFileSync(bundleFile, bundleToJson(json));
let srv: PlayServer;

async function call(method: string, path: string, body?: unknown, raw?: string) {
  const r = await fetch(`${srv.url}/api/gf01${path}`, {
    method,
    headers: body !== undefined || raw ? { "content-type": "application/json" } : {},
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  srv = await startPlayServer({ bundle: bundleFile, dataDir: join(dir, "data"), gitCommit: "test-commit" });
});
afterAll(async () => {
  await srv.close();
});

describe("HTTP session API", () => {
  it("lists instances with public fields only", async () => {
    const r = await call("GET", "/instances");
    expect(r.status).toBe(200);
    expect(r.body.instances).toHaveLength(6);
    expect(Object.keys(r.body.instances[0]).sort()).toEqual([
      "T",
      "index",
      "instance_id",
      "mode",
      "split_id",
    ]);
  });

  it("plays a witness to a certified verdict and writes a row that re-verifies", async () => {
    const inst = bundle.instances[0];
    const w = enumerateMinimal(compileInstance(inst)).certificates[0];
    const c = await call("POST", "/sessions", { instance_id: inst.instance_id, agent_name: "http-test" });
    expect(c.status).toBe(201);
    const id = c.body.session_id;
    expect(c.body.goal.T).toBe(inst.base_trace.length);
    expect(c.body.observation.t).toBe(0);
    expect(parseObservation(c.body.text)).toEqual(c.body.observation);
    // A bad move is a 422 with a reason and the same decision point.
    const bad = await call("POST", `/sessions/${id}/actions`, { nope: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ accepted: false, error: { code: "unknown_ap" }, observation: { t: 0 } });
    const badJson = await call("POST", `/sessions/${id}/actions`, undefined, "{oops");
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe("bad_json");
    expect((await call("GET", `/sessions/${id}/result`)).status).toBe(409);
    let last: { status: number; body: Record<string, unknown> } | undefined;
    for (let t = 0; t < inst.base_trace.length; t++) {
      const set: Record<string, number> = {};
      for (const [tt, ap, v] of w) if (tt === t) set[ap] = v;
      last = await call("POST", `/sessions/${id}/actions`, set);
      expect(last.status).toBe(200);
    }
    expect(last!.body.finished).toBe(true);
    expect(last!.body.result).toMatchObject({
      verdict: "certified",
      valid: true,
      play_protocol: "commit_only",
    });
    const res = await call("GET", `/sessions/${id}/result`);
    expect(res.body.verdict).toBe("certified");
    // The row is written server-side only (it carries the generator seed).
    expect(res.body).not.toHaveProperty("run_record");
    const rows = readFileSync(join(dir, "data", "runs.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.find((r) => r.agent_name === "http-test" && r.valid === true)).toMatchObject({
      eval_track: "EVAL-CB",
      seed: expect.any(Number),
    });
    expect((await call("POST", `/sessions/${id}/actions`, {})).body.error.code).toBe("episode_over");
  });

  it("explore_then_commit via /commit; rows carry the protocol", async () => {
    const c = await call("POST", "/sessions", {
      index: 1,
      protocol: "explore_then_commit",
      explore_episodes: 1,
    });
    const id = c.body.session_id;
    expect(c.body.observation.phase).toBe("explore");
    const a = await call("POST", `/sessions/${id}/commit`);
    expect(a.body.observation.phase).toBe("commit");
    const b = await call("POST", `/sessions/${id}/commit`);
    expect(b.body.finished).toBe(true);
    expect(b.body.result.play_protocol).toBe("explore_then_commit");
    const rows = readFileSync(join(dir, "data", "runs.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.some((r) => r.play_protocol === "explore_then_commit")).toBe(true);
  });

  it("errors: unknown session/instance, bad protocol, wrong method", async () => {
    expect((await call("GET", "/sessions/nope")).status).toBe(404);
    expect((await call("POST", "/sessions", { instance_id: "gf01-nope" })).status).toBe(404);
    expect((await call("POST", "/sessions", { protocol: "cheat" })).body.error.code).toBe("bad_request");
    expect((await call("GET", "/sessions")).status).toBe(405);
    expect((await fetch(`${srv.url}/elsewhere`)).status).toBe(404);
    const c = await call("POST", "/sessions", {});
    expect((await call("DELETE", `/sessions/${c.body.session_id}`)).status).toBe(204);
    expect((await call("GET", `/sessions/${c.body.session_id}`)).status).toBe(404);
  });

  it("the rows written to dataDir validate and re-verify against the bundle", async () => {
    await srv.close();
    const runs = join(dir, "data", "runs.jsonl");
    const lines = readFileSync(runs, "utf8").trim().split("\n");
    expect(lines).toHaveLength(2);
    const v = await validateRunsFile(runs, { instancesFile: bundleFile });
    expect(v.payload).toMatchObject({ status: "ok" });
    const steps = readFileSync(join(dir, "data", "steps.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(JSON.parse(steps[0]).rollouts[0].steps[0].rejected.map((r: { code: string }) => r.code)).toEqual([
      "unknown_ap",
    ]);
    srv = await startPlayServer({ bundle: bundleFile });
  });
});
