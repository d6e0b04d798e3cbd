/**
 * Hidden state never reaches a `gf01 serve` client: a fast-check property over random play
 * (both protocols, valid, over-budget and junk moves, commits, state/observation/result reads,
 * deletes, the results page and the catalog) on the official bundle and generated instances.
 * Every response body is searched for the hidden trace (each base step's input valuation), the
 * machine (state names, transition keys, automaton fields), the generator seed and the run row.
 */
import fc from "fast-check";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import type { Gf01Instance } from "../../src/gf01/model/types.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { genBundle } from "../gf01/play/helpers.js";
import { officialBundle } from "./helpers.js";

/** Keys and markers no client-facing body may contain. */
const FORBIDDEN = [
  '"seed"',
  '"base_trace"',
  '"automaton"',
  '"transitions"',
  '"next_state"',
  '"initial_state"',
  '"states"',
  '"run_record"',
  '"complexity"',
  '"identifiability"',
  '"config_hash"',
];

const sortedJson = (v: Record<string, unknown>) =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, v[k]]),
    ),
  );

/** Strings that would reveal this instance's hidden trace or machine. */
function secretsOf(inst: Gf01Instance): string[] {
  const a = inst.automaton;
  const out = new Set<string>();
  // Each base step's full input valuation (no response ever carries one).
  for (const step of inst.base_trace) out.add(sortedJson(step as Record<string, unknown>));
  // State names as JSON strings, and transition keys ("in0=0|in1=1|…").
  for (const s of a.states) out.add(JSON.stringify(s));
  for (const byState of Object.values(a.transitions as Record<string, Record<string, unknown>>))
    for (const k of Object.keys(byState)) out.add(k);
  out.add(`"seed":${JSON.stringify(inst.seed)}`);
  return [...out];
}

type Op =
  | { kind: "move"; set: [number, 0 | 1][] }
  | { kind: "junk"; body: unknown }
  | { kind: "commit" }
  | { kind: "get"; what: "" | "/observation" | "/result" }
  | { kind: "delete" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      set: fc.array(fc.tuple(fc.nat(5), fc.constantFrom(0 as const, 1 as const)), { maxLength: 3 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("junk" as const),
      body: fc.oneof(
        fc.constant({ nope: 1 }),
        fc.constant("text"),
        fc.integer(),
        fc.constant([1, 2]),
        fc.constant({ in0: 7 }),
      ),
    }),
  },
  { weight: 5, arbitrary: fc.constant({ kind: "commit" as const }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant("get" as const),
      what: fc.constantFrom("" as const, "/observation" as const, "/result" as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "delete" as const }) },
);

describe("gf01 serve never sends hidden state", () => {
  let dir: string;
  let srv: Gf01Server;
  let official: LoadedBundle;
  let generated: LoadedBundle;
  const bodies: { path: string; body: string; bundle: string; instanceId?: string }[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gf01-leak-"));
    official = await loadBundle(officialBundle);
    generated = genBundle(4, 7100).bundle;
    srv = await startGf01Server({
      bundles: [
        { key: "official", bundle: official },
        { key: "gen", bundle: generated },
      ],
      dataDir: dir,
      webDir: false,
      limits: { ratePerClient: 0, maxSessionsPerClient: 0 },
    });
  });
  afterAll(async () => {
    await srv?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = async (path: string, init?: RequestInit) => {
    const r = await fetch(`${srv.url}${path}`, init);
    return { status: r.status, body: await r.text() };
  };

  it("over random play sequences, no response body holds the trace, the machine, the seed or the row", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("official", "gen"),
        fc.nat(),
        fc.constantFrom("commit_only", "explore_then_commit"),
        fc.array(opArb, { maxLength: 24 }),
        async (key, pick, protocol, ops) => {
          const b = key === "official" ? official : generated;
          const inst = b.instances[pick % b.instances.length];
          const aps = inst.automaton.input_aps;
          const base = `/api/b/${key}/sessions`;
          const seen: string[] = [];
          const c = await get(base, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ instance_id: inst.instance_id, protocol, explore_episodes: 1 }),
          });
          expect(c.status).toBe(201);
          seen.push(c.body);
          const sid = (JSON.parse(c.body) as { session_id: string }).session_id;
          let deleted = false;
          for (const op of ops) {
            if (deleted) break;
            let r: { status: number; body: string };
            if (op.kind === "move" || op.kind === "junk") {
              const body =
                op.kind === "move"
                  ? Object.fromEntries(op.set.map(([i, v]) => [aps[i % aps.length], v]))
                  : op.body;
              r = await get(`${base}/${sid}/actions`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify(body),
              });
            } else if (op.kind === "commit") r = await get(`${base}/${sid}/commit`, { method: "POST" });
            else if (op.kind === "get") r = await get(`${base}/${sid}${op.what}`);
            else {
              r = await get(`${base}/${sid}`, { method: "DELETE" });
              deleted = true;
            }
            expect(r.status).toBeLessThan(500);
            seen.push(r.body);
          }
          if (!deleted) {
            // Finish (a second commit in explore_then_commit ends the scored run) and read the result.
            for (let i = 0; i < 3; i++)
              seen.push((await get(`${base}/${sid}/commit`, { method: "POST" })).body);
            const res = await get(`${base}/${sid}/result`);
            expect(res.status).toBe(200);
            seen.push(res.body, (await get(`/api/web/results/${sid}`)).body);
          }
          const secrets = secretsOf(inst);
          for (const body of seen) {
            for (const f of FORBIDDEN) expect(body, f).not.toContain(f);
            expect(body).not.toMatch(/"best_match(?!_cap_hit)/);
            for (const s of secrets) expect(body, `secret ${s}`).not.toContain(s);
          }
          bodies.push(
            ...seen.map((body) => ({ path: base, body, bundle: key, instanceId: inst.instance_id })),
          );
        },
      ),
      { numRuns: 30, seed: 16 },
    );
    expect(bodies.length).toBeGreaterThan(60);
  });

  it("the catalog and the instance lists hold no hidden field of any instance", async () => {
    const pages = [
      (await get("/api/web/catalog")).body,
      (await get("/api/b/official/instances")).body,
      (await get("/api/b/gen/instances")).body,
    ];
    for (const body of pages) {
      for (const f of FORBIDDEN) expect(body, f).not.toContain(f);
      for (const inst of [...official.instances, ...generated.instances])
        for (const s of secretsOf(inst)) expect(body, s).not.toContain(s);
    }
  });
});
