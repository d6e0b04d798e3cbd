/**
 * Nothing a participant could rebuild an instance from leaves any of our servers (issue 31
 * item 2): every route of `gf01 serve` in play and study mode, of `gf01 view` and of
 * `geb view` is walked (successes, refusals and 404s alike), and every response body is
 * searched for what is hidden on disk: the generator seeds of the instance files (as number
 * tokens), the automaton (state names, transition keys), each base step's input valuation,
 * and the keys that carry them. The seeds are unusual numbers so a match is never a
 * coincidence. Study mode used to send each game's `seed` in `/api/web/study` (and list seeds
 * in the `study_incomplete` error), from which `gf01 p0-init --seeds` rebuilds the game.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startViewServer } from "../../src/core/view/server.js";
import type { ViewDataset } from "../../src/core/view/types.js";
import { generateToFile } from "../../src/geb/api.js";
import { main as gebMain } from "../../src/geb/cli/main.js";
import { gebViewDataset } from "../../src/geb/view/dataset.js";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import type { Gf01Instance } from "../../src/gf01/model/types.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { p0Init } from "../../src/gf01/study/files.js";
import { consentHash, DEFAULT_CONSENT_TEXT } from "../../src/gf01/study/web-feedback.js";
import { gf01ViewDataset } from "../../src/gf01/view/dataset.js";
import { genBundle } from "../gf01/play/helpers.js";

const STUDY_SEEDS = [48217, 48229, 48251, 48263];
const GEN_SEED0 = 48311;
const GEB_SEED = 48239;

/** Keys that carry hidden state (or a seed) in our files; no response may hold one. */
const FORBIDDEN_KEYS = [
  '"seed"',
  '"seeds"',
  '"seed_start"',
  '"base_trace"',
  '"automaton"',
  '"transitions"',
  '"next_state"',
  '"initial_state"',
  '"generator_knobs"',
  '"config_hash"',
  '"instances_hash"',
];

const sortedJson = (v: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))));

/** Literal strings that would reveal an instance's machine or hidden trace. */
function secretsOf(inst: Gf01Instance): string[] {
  const out = new Set<string>();
  for (const step of inst.base_trace) out.add(sortedJson(step as Record<string, unknown>));
  for (const s of inst.automaton.states) out.add(JSON.stringify(s));
  for (const byState of Object.values(inst.automaton.transitions as Record<string, Record<string, unknown>>))
    for (const k of Object.keys(byState)) out.add(k);
  return [...out];
}

const seedToken = (seed: number) => new RegExp(`(?<![0-9.])${seed}(?![0-9])`);

interface Seen {
  mode: string;
  route: string;
  status: number;
  body: string;
}

/** One raw request (node:http: fetch may not set Host). */
function raw(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const req = request(
      `${url}${path}`,
      {
        method,
        headers: { ...(text === undefined ? {} : { "content-type": "application/json" }), ...headers },
      },
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
let pack: LoadedBundle;
let studySeeds: number[] = [];
let gen: LoadedBundle;
let srv: Gf01Server;
const seen: Seen[] = [];

async function walk(mode: string, url: string, method: string, path: string, body?: unknown) {
  const r = await raw(url, method, path, body);
  seen.push({ mode, route: `${method} ${path}`, ...r });
  return r;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "leak-routes-"));
  const init = await p0Init({
    seeds: STUDY_SEEDS,
    outDir: join(dir, "pack"),
    templateOut: join(dir, "t.csv"),
  });
  expect(init.ok).toBe(true);
  pack = await loadBundle(join(dir, "pack", "instance_bundle_v1.json"));
  // Seeds the identifiability gate rejects are dropped from the pack; at least two remain.
  studySeeds = pack.instances.map((i) => i.seed as number);
  expect(studySeeds.length).toBeGreaterThanOrEqual(2);
  expect(STUDY_SEEDS).toEqual(expect.arrayContaining(studySeeds));
  gen = genBundle(2, GEN_SEED0).bundle;
  const web = join(dir, "web");
  await mkdir(web);
  await writeFile(join(web, "index.html"), "<!doctype html><title>t</title><script src=app.js></script>");
  await writeFile(join(web, "app.js"), "console.log(1)");
  srv = await startGf01Server({
    bundles: [{ key: "gen", bundle: gen }],
    study: { packDir: join(dir, "pack") },
    dataDir: join(dir, "data"),
    webDir: web,
    limits: { ratePerClient: 0, maxSessionsPerClient: 0 },
  });
}, 120_000);
afterAll(async () => {
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every play route of one bundle: create, read, move (good, rejected, junk), steps, commit, reads after. */
async function playAll(key: string, insts: Gf01Instance[], player: string): Promise<string[]> {
  const sids: string[] = [];
  const w = (m: string, p: string, b?: unknown) => walk(`serve:${key}`, srv.url, m, p, b);
  const base = `/api/b/${key}/sessions`;
  await w("GET", `/api/b/${key}/instances`);
  await w("POST", base, { instance_id: "gf01-nope" });
  await w("POST", base, { index: 99 });
  await w("GET", `${base}/nope`);
  for (const [i, inst] of insts.entries()) {
    const protocol = i % 2 ? "explore_then_commit" : "commit_only";
    const c = await w("POST", base, {
      instance_id: inst.instance_id,
      protocol,
      explore_episodes: 1,
      agent_name: "human-web",
      player_id: player,
    });
    expect(c.status).toBe(201);
    const sid = (JSON.parse(c.body) as { session_id: string }).session_id;
    sids.push(sid);
    const s = `${base}/${sid}`;
    const ap = inst.automaton.input_aps;
    await w("GET", s);
    await w("GET", `${s}/observation`);
    await w("GET", `${s}/result`);
    await w("POST", `${s}/actions`, { [ap[0]]: 1 });
    await w("POST", `${s}/actions`, { nope: 7 });
    await w("POST", `${s}/actions`, "{junk");
    await w("POST", `${s}/steps`, { actions: [{}, { [ap[1 % ap.length]]: 0 }] });
    await w("POST", `${s}/steps`, { actions: [] });
    await w("PUT", s);
    for (let k = 0; k < 3; k++) await w("POST", `${s}/commit`);
    await w("GET", s);
    await w("GET", `${s}/observation`);
    await w("GET", `${s}/result`);
    await w("POST", `${s}/actions`, {});
    await w("POST", `${s}/steps`, { actions: [{}] });
    await w("GET", `/api/web/results/${sid}`);
  }
  // One session deleted mid-play.
  const d = await w("POST", base, { index: 0 });
  const sid = (JSON.parse(d.body) as { session_id: string }).session_id;
  await w("DELETE", `${base}/${sid}`);
  await w("GET", `${base}/${sid}`);
  return sids;
}

async function walkViewer(mode: string, d: ViewDataset): Promise<void> {
  const v = await startViewServer(d, { port: 0 });
  try {
    for (const p of [
      "/",
      "/index.html",
      "/api/meta",
      "/api/rows",
      "/api/rows?offset=1&limit=2",
      "/api/rows?offset=-1",
      "/api/nope",
    ])
      await walk(mode, v.url, "GET", p);
    for (let i = 0; i <= d.rows.length; i++) await walk(mode, v.url, "GET", `/api/detail?i=${i}`);
    await walk(mode, v.url, "POST", "/api/rows", {});
    expect(seen.filter((s) => s.mode === mode && s.route.startsWith("GET /api/detail")).length).toBe(
      d.rows.length + 1,
    );
  } finally {
    await v.close();
  }
}

describe("no server route, in any mode, sends a seed or hidden state", () => {
  it("walks gf01 serve (play + study), gf01 view and geb view and searches every body", async () => {
    const w = (m: string, p: string, b?: unknown) => walk("serve", srv.url, m, p, b);
    for (const p of [
      "/",
      "/index.html",
      "/app.js",
      "/nope.js",
      "/api/web/catalog",
      "/api/nope",
      "/api/web/results/nope",
    ])
      await w("GET", p);
    // A refused Host (DNS-rebinding guard) says nothing either.
    const evil = await raw(srv.url, "GET", "/api/web/study", undefined, { host: "evil.example" });
    seen.push({ mode: "serve", route: "GET /api/web/study (evil host)", ...evil });

    // Study mode: config, participant status, consent, feedback before and after the pack is played.
    const st = "/api/web/study";
    await w("GET", st);
    await w("POST", st);
    await w("GET", `${st}/nope`);
    await w("GET", `${st}/participants/p01`);
    await w("GET", `${st}/participants/bad.id`);
    await w("POST", `${st}/participants/p01/feedback`, {});
    const consent = await w("POST", `${st}/participants/p01/consent`, {
      consent_sha256: consentHash(DEFAULT_CONSENT_TEXT),
    });
    expect(consent.status).toBe(201);
    const fb = {
      objective_clarity: 4,
      control_clarity: 4,
      action_effect_clarity: 4,
      visual_overload: 2,
      must_fix_blockers: 0,
      notes: "",
    };
    const early = await w("POST", `${st}/participants/p01/feedback`, fb);
    expect(early.status).toBe(409); // study_incomplete: it used to list the unplayed seeds
    await playAll("study", pack.instances, "p01");
    await playAll("gen", gen.instances, "p02");
    await w("GET", `${st}/participants/p01`);
    expect((await w("POST", `${st}/participants/p01/feedback`, fb)).status).toBe(201);
    await w("POST", `${st}/participants/p01/feedback`, fb);
    // The seeds are on disk (where the operator needs them), so the search below means something.
    expect(await readFile(join(dir, "data", "study", "feedback.csv"), "utf8")).toMatch(
      seedToken(studySeeds[0]),
    );
    expect(await readFile(join(dir, "data", "study", "runs.jsonl"), "utf8")).toMatch(
      seedToken(studySeeds[1]),
    );

    // gf01 view over the study's own runs, with the pack (goal panel, best match).
    await srv.close();
    await walkViewer(
      "gf01 view",
      await gf01ViewDataset({
        runs: [join(dir, "data", "study", "runs.jsonl")],
        instances: join(dir, "pack", "instance_bundle_v1.json"),
      }),
    );
    // geb view over a selector run on a generated dataset.
    const data = join(dir, "geb.jsonl");
    generateToFile({ seed: GEB_SEED, episodes: 1, steps: 30, keys: 4, queries: 4 }, data);
    const out = join(dir, "geb-run");
    const w0 = process.stdout.write;
    const log0 = console.log;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    console.log = () => {};
    let rc: number;
    try {
      rc = await gebMain([
        "model",
        "--data",
        data,
        "--model",
        "retrieval",
        "--selector-only",
        "--k",
        "2",
        "--out-dir",
        out,
        "--no-timings",
      ]);
    } finally {
      process.stdout.write = w0;
      console.log = log0;
    }
    expect(rc).toBe(0);
    expect(await readFile(join(out, "results.json"), "utf8").catch(() => "")).not.toBe("");
    await walkViewer("geb view", await gebViewDataset({ runs: [out] }));

    const secrets = [...pack.instances, ...gen.instances].flatMap(secretsOf);
    const seeds = [...studySeeds, ...gen.instances.map((i) => i.seed as number), GEB_SEED];
    const problems: string[] = [];
    for (const s of seen) {
      const where = `${s.mode} ${s.route} (${s.status})`;
      for (const k of FORBIDDEN_KEYS) if (s.body.includes(k)) problems.push(`${where}: key ${k}`);
      for (const seed of seeds) if (seedToken(seed).test(s.body)) problems.push(`${where}: seed ${seed}`);
      for (const x of secrets) if (s.body.includes(x)) problems.push(`${where}: hidden ${x}`);
    }
    expect(problems).toEqual([]);
    // Every mode and a good spread of routes were walked, refusals included.
    for (const m of ["serve", "serve:study", "serve:gen", "gf01 view", "geb view"])
      expect(seen.some((s) => s.mode === m)).toBe(true);
    expect(new Set(seen.map((s) => s.status))).toEqual(
      new Set([200, 201, 204, 400, 403, 404, 405, 409, 422]),
    );
  }, 180_000);
});
