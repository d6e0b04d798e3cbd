/**
 * A data directory that cannot be opened fails the finishing request (500, never a silent
 * success), and is not remembered: once the operator fixes it, the next finished session is
 * written. Before, the rejected open was cached and every later session failed too.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { type PlayServer, startPlayServer } from "../../../src/gf01/play/http.js";
import { enumerateMinimal } from "../../../src/gf01/verify/index.js";
import { genBundle } from "./helpers.js";

const { json, bundle } = genBundle(2, 4200);
const dir = mkdtempSync(join(tmpdir(), "gf01-http-retry-"));
const bundleFile = join(dir, "bundle.json");
writeFileSync(bundleFile, bundleToJson(json));
// The data directory's parent is a plain file: mkdir fails (ENOTDIR) until it is replaced.
const blocker = join(dir, "blocked");
writeFileSync(blocker, "not a directory\n");
let srv: PlayServer | undefined;
afterAll(async () => {
  await srv?.close();
});

async function playWitness(): Promise<number> {
  const inst = bundle.instances[0];
  const w = enumerateMinimal(compileInstance(inst)).certificates[0];
  const post = (path: string, body: unknown) =>
    fetch(`${srv!.url}/api/gf01${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const c = await post("/sessions", { instance_id: inst.instance_id, agent_name: "retry-test" });
  expect(c.status).toBe(201);
  const id = ((await c.json()) as { session_id: string }).session_id;
  let status = 0;
  for (let t = 0; t < inst.base_trace.length; t++) {
    const set: Record<string, number> = {};
    for (const [tt, ap, v] of w) if (tt === t) set[ap] = v;
    const r = await post(`/sessions/${id}/actions`, set);
    status = r.status;
    await r.text();
  }
  return status;
}

describe("play server journal open", () => {
  it("a failed open fails its request, and the next finishing session opens the journal again", async () => {
    srv = await startPlayServer({ bundle: bundleFile, dataDir: join(blocker, "data"), gitCommit: "t" });
    expect(await playWitness()).toBe(500);
    rmSync(blocker);
    mkdirSync(blocker);
    expect(await playWitness()).toBe(200);
    const rows = readFileSync(join(blocker, "data", "runs.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0])).toMatchObject({ agent_name: "retry-test", valid: true });
  });
});
