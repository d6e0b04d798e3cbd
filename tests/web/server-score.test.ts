/**
 * Scoring off the request path (`gf01 serve --score-workers`): an expensive best match (64
 * states, T = 12, loose budget) is scored in a worker thread. The row is byte-identical to the
 * one scored on the main thread, and while the worker runs, other requests sent after the
 * commit are answered before it (the event loop is free). No timing is asserted, only order.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleToJson, generateBundle } from "../../src/gf01/api.js";
import { instancesHash, type LoadedBundle, parseBundle } from "../../src/gf01/artifacts/bundle.js";
import { startGf01Server } from "../../src/gf01/server/serve.js";

let dir: string;
let bundle: LoadedBundle;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-score-"));
  const g = generateBundle({
    seeds: [1],
    split: "public_dev",
    config: { states_min: 64, states_max: 64, trace_min: 12, trace_max: 12 },
  });
  const j = JSON.parse(bundleToJson(g.bundle));
  for (const i of j.instances) {
    i.budget_timestep = 6; // loose budget: a large M(I) search
    delete i.content_hash;
    delete i.normalization_version;
    if (i.provenance) delete i.provenance.content_hash;
  }
  j.instances_hash = instancesHash(j.instances);
  bundle = parseBundle(j);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Play the same moves and commit; the row, and how many other requests were answered meanwhile. */
async function play(scoreWorkers: number): Promise<{ row: string; answeredMeanwhile: number }> {
  const data = join(dir, `w${scoreWorkers}`);
  const s = await startGf01Server({
    bundles: [{ key: "x", bundle }],
    dataDir: data,
    webDir: false,
    gitCommit: "0".repeat(40),
    bestMatchMaxNodes: 50_000,
    scoreWorkers,
  });
  let answeredMeanwhile = 0;
  try {
    const base = `${s.url}/api/b/x/sessions`;
    const post = async (u: string, b?: unknown) =>
      (await fetch(u, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      }).then((r) => r.json())) as Record<string, unknown>;
    const inst = bundle.instances[0];
    const c = await post(base, { instance_id: inst.instance_id, agent_name: "score-test" });
    const sid = c.session_id as string;
    for (const m of [{ in0: 1 }, {}, { in1: 1 }]) await post(`${base}/${sid}/actions`, m);
    let finished = false;
    const commit = post(`${base}/${sid}/commit`).then((r) => {
      finished = true;
      return r;
    });
    // Other players' requests while the commit is scored: count the answers that beat it.
    await new Promise((r) => setTimeout(r, 20));
    while (!finished) {
      const r = await fetch(`${s.url}/api/web/catalog`);
      expect(r.status).toBe(200);
      await r.arrayBuffer();
      if (!finished) answeredMeanwhile++;
    }
    expect((await commit).finished).toBe(true);
  } finally {
    await s.close();
  }
  const rows = (await readFile(join(data, "x", "runs.jsonl"), "utf8")).split("\n").filter(Boolean);
  expect(rows).toHaveLength(1);
  return { row: rows[0], answeredMeanwhile };
}

describe("gf01 serve scoring in a worker thread", () => {
  it("same row as scoring on the main thread; other requests are served meanwhile", async () => {
    const inline = await play(0);
    const worker = await play(1);
    expect(worker.row).toBe(inline.row);
    console.log(
      `server-score: requests answered during scoring: main thread ${inline.answeredMeanwhile}, worker ${worker.answeredMeanwhile}`,
    );
    expect(JSON.parse(worker.row).best_match_cap_hit).toBe(true);
    // On the main thread the other requests wait behind the scoring; with a worker they do not.
    expect(worker.answeredMeanwhile).toBeGreaterThan(inline.answeredMeanwhile);
    expect(worker.answeredMeanwhile).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
