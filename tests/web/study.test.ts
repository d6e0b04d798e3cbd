/**
 * Human-study data (issue 12 point 7): every web session carries a player id and a session id;
 * a player who plays one instance three times is reported as attempts (first by default, best
 * or all on request), per player and pooled with the number of players — never refused —
 * while model rows keep the strict duplicate rule.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportRunsFile, validateRunsFile } from "../../src/gf01/api.js";
import { startGf01Server } from "../../src/gf01/server/serve.js";
import { officialBundle } from "./helpers.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-study-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Body = Record<string, unknown>;
const INST = "gf01-2306ebfa159a";

/** One web session: create, play the moves, commit; returns the session id. */
async function play(url: string, create: Body, moves: Body[]): Promise<string> {
  const base = `${url}/api/b/official/sessions`;
  const post = async (u: string, b?: unknown) =>
    (await (
      await fetch(u, { method: "POST", body: b === undefined ? undefined : JSON.stringify(b) })
    ).json()) as Body;
  const c = await post(base, { instance_id: INST, ...create });
  const sid = c.session_id as string;
  for (const m of moves) await post(`${base}/${sid}/actions`, m);
  await post(`${base}/${sid}/commit`);
  return sid;
}

describe("a web study", () => {
  it("one player plays an instance three times: the report counts attempts, never refuses", async () => {
    const s = await startGf01Server({
      bundles: [{ key: "official", file: officialBundle }],
      dataDir: join(dir, "d"),
      webDir: false,
    });
    const sids: string[] = [];
    try {
      // p017: a miss, then the certified answer, then an over-long one; p018 once; anonymous once.
      sids.push(await play(s.url, { agent_name: "human-web", player_id: "p017" }, [{ in0: 1 }]));
      sids.push(await play(s.url, { agent_name: "human-web", player_id: "p017" }, [{}, {}, {}, { in2: 0 }]));
      sids.push(
        await play(s.url, { agent_name: "human-web", player_id: "p017" }, [{ in1: 1 }, {}, {}, { in2: 0 }]),
      );
      await play(s.url, { agent_name: "human-web:p018" }, [{}, {}, {}, { in2: 0 }]); // older client
      await play(s.url, {}, [{}]);
    } finally {
      await s.close();
    }
    const runs = join(dir, "d", "official", "runs.jsonl");
    const rows = (await readFile(runs, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Body);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.agent_name)).toEqual(Array(5).fill("human-web"));
    expect(rows.slice(0, 4).map((r) => r.player_id)).toEqual(["p017", "p017", "p017", "p018"]);
    expect(rows[4].player_id).toMatch(/^anon-[0-9a-f-]{8}$/); // never one shared name
    expect(rows.slice(0, 3).map((r) => r.session_id)).toEqual(sids);
    expect(rows.map((r) => r.valid)).toEqual([false, true, false, true, false]);
    expect((await validateRunsFile(runs, { instancesFile: officialBundle })).ok).toBe(true);

    const groupOf = (p: Body) => (p.groups as Body[]).find((g) => g.agent_name === "human-web")!;
    const first = await reportRunsFile(runs, { instancesFile: officialBundle });
    expect(first.ok).toBe(true);
    expect(groupOf(first.payload)).toMatchObject({ count: 3, players: 3, certified_rate: 1 / 3 });
    const ha = first.payload.human_attempts as Body;
    expect(ha).toMatchObject({
      policy: "first",
      human_rows: 5,
      counted_rows: 3,
      players: 3,
      instances_with_repeats: 1,
    });
    const p017 = (ha.player_groups as Body[]).filter((g) => g.player_id === "p017");
    expect(p017).toEqual([expect.objectContaining({ count: 1, certified_rate: 0 })]);

    const best = await reportRunsFile(runs, { instancesFile: officialBundle, attempts: "best" });
    expect(groupOf(best.payload)).toMatchObject({ count: 3, players: 3, certified_rate: 2 / 3 });
    const all = await reportRunsFile(runs, { instancesFile: officialBundle, attempts: "all" });
    expect(groupOf(all.payload)).toMatchObject({ count: 5, players: 3, certified_rate: 2 / 5 });

    // Model rows keep the strict rule: the same agent and condition twice is refused.
    const model = join(dir, "model.jsonl");
    const { player_id: _p, session_id: _s, ...rest } = rows[1];
    const m = { ...rest, agent_name: "some-model" };
    await writeFile(model, `${JSON.stringify(m)}\n${JSON.stringify(m)}\n`);
    const dup = await reportRunsFile(model, { instancesFile: officialBundle });
    expect(dup.ok).toBe(false);
    expect(dup.payload.error_type).toBe("duplicate_run");
    // …and so is one human session recorded twice.
    const twice = join(dir, "twice.jsonl");
    await writeFile(twice, `${JSON.stringify(rows[1])}\n${JSON.stringify(rows[1])}\n`);
    expect((await reportRunsFile(twice, { instancesFile: officialBundle })).payload.error_type).toBe(
      "duplicate_run",
    );
  });
});
