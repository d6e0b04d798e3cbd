/**
 * GF-01 in a real browser (playwright-core driving Debian chromium): full episodes with the
 * keyboard and with the mouse, certified on official instances (their reference certificates
 * from runs_v1_valid.jsonl are the oracle), explore_then_commit, a rejected move, R1/R2/JSON/
 * terminal parity, and a leakage audit over every response body the browser received.
 * Screenshots of each screen state go to test-artifacts/web/ and are listed in the output.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJsonlAll } from "../../src/core/jsonl.js";
import { type LoadedBundle, loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { runRecordLine } from "../../src/gf01/artifacts/run-record.js";
import { compileInstance, symbolKey } from "../../src/gf01/model/compile.js";
import type { Gf01Instance } from "../../src/gf01/model/types.js";
import { PlaySession } from "../../src/gf01/play/episode.js";
import { playRunMeta } from "../../src/gf01/play/meta.js";
import type { Observation } from "../../src/gf01/play/observation.js";
import { parseObservation, renderObservation } from "../../src/gf01/play/render-text.js";
import { outcomeRunRecord, scoreSession } from "../../src/gf01/play/result.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { buildAppForTests, hasChromium, launch, officialBundle, screenshots, shot } from "./helpers.js";

const officialRuns = new URL(
  "../../../shared/reference/gf01/official_example/runs_v1_valid.jsonl",
  import.meta.url,
).pathname;

type Row = Record<string, unknown>;
interface Captured {
  url: string;
  body: string;
}

describe.skipIf(!hasChromium)("GF-01 browser game (chromium)", () => {
  let srv: Gf01Server;
  let browser: Browser;
  let dir: string;
  let appDir: string;
  let bundle: LoadedBundle;
  let official: Row[];
  const bodies: Captured[] = [];
  const pending: Promise<void>[] = [];

  beforeAll(async () => {
    appDir = await buildAppForTests();
    dir = await mkdtemp(join(tmpdir(), "gf01-web-"));
    bundle = await loadBundle(officialBundle);
    official = await readJsonlAll<Row>(officialRuns);
    srv = await startGf01Server({ bundles: [{ key: "official", bundle }], dataDir: dir, webDir: appDir });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    console.log(`screenshots (${screenshots().length}):\n${screenshots().join("\n")}`);
  });

  /** A 1280×800 page whose every response body is recorded for the leakage audit. */
  async function newPage(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("response", (r) => {
      pending.push(
        r
          .text()
          .then((body) => {
            bodies.push({ url: r.url(), body });
          })
          .catch(() => {}),
      );
    });
    page.on("pageerror", (e) => {
      throw e;
    });
    return page;
  }

  const inst = (i: number): Gf01Instance => bundle.instances[i];
  const officialCert = (id: string) => official.find((r) => r.instance_id === id)!;

  async function openGame(page: Page, index: number, protocol: string, player: string, name?: string) {
    await page.goto(`${srv.url}/`);
    await page.waitForSelector(`[data-testid=play-official-${index}]`);
    if (name) await shot(page, name);
    await page.selectOption("[data-testid=protocol]", protocol);
    await page.fill("[data-testid=player]", player);
    await page.click(`[data-testid=play-official-${index}]`);
    await page.waitForSelector("main[data-t='0'] [data-view]");
  }

  const at = (page: Page, t: number, episode = 0) =>
    page.waitForSelector(`main[data-t='${t}'][data-episode='${episode}']`);

  /** Keyboard only: move the selection to `ap`, then type the bit. */
  async function kbSet(page: Page, ap: string, v: 0 | 1) {
    for (let i = 0; i < 8; i++) {
      const selected = await page.textContent("fieldset.seg.selected legend");
      if (selected === ap) break;
      await page.keyboard.press("ArrowDown");
      await page.waitForFunction(
        (prev) => document.querySelector("fieldset.seg.selected legend")?.textContent !== prev,
        selected,
      );
    }
    await page.keyboard.press(String(v));
    await page.waitForSelector(`fieldset.seg.selected label.on:has-text("${v}")`);
  }

  /** Every cell the current view shows, read back into (outputs, history_atoms). */
  async function readBoard(page: Page) {
    const cells = await page.$$eval("[data-view] [data-kind]", (els) =>
      els.map((e) => {
        const d = (e as HTMLElement).dataset;
        return { t: Number(d.t), ap: d.ap!, kind: d.kind!, v: d.v!, state: d.state ?? "" };
      }),
    );
    const outputs: Record<string, number>[] = [];
    const history: [number, string, number][] = [];
    for (const c of cells) {
      if (c.kind === "out") {
        outputs[c.t] = outputs[c.t] ?? {};
        outputs[c.t][c.ap] = Number(c.v);
      } else if (c.state === "past" && c.v !== "") history.push([c.t, c.ap, Number(c.v)]);
    }
    history.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const sortKeys = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort());
    return { outputs: outputs.map(sortKeys), history_atoms: history };
  }

  async function rowsFor(agent: string): Promise<{ run: Row; steps: Row; session: Row }> {
    const read = async (f: string) =>
      (await readFile(join(dir, "official", f), "utf8"))
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Row)
        // Rows name the condition (human-web) and the player separately.
        .filter((r) => `${r.agent_name}:${r.player_id}` === agent);
    const [run, steps] = await Promise.all([read("runs.jsonl"), read("steps.jsonl")]);
    // runs/steps are written before the finishing response; sessions.jsonl is group-committed
    // after it (results are served from memory), so give it a moment.
    let session = await read("sessions.jsonl");
    for (let i = 0; i < 50 && session.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      session = await read("sessions.jsonl");
    }
    expect(run.length, `run rows for ${agent}`).toBe(1);
    expect(steps.length).toBe(1);
    expect(session.length).toBe(1);
    return { run: run[0], steps: steps[0], session: session[0] };
  }

  /** The run row agrees with the official reference row on every scored field. */
  function expectOfficialScore(run: Row, id: string) {
    const ref = officialCert(id);
    for (const k of [
      "certificate",
      "suff",
      "min1",
      "valid",
      "goal",
      "ap_f1",
      "ts_f1",
      "eff_t",
      "eff_a",
      "instance_id",
    ])
      expect(run[k], k).toEqual(ref[k]);
    expect(run.renderer_track).toBe("visual");
    expect(run.renderer_profile_id).toBe("GF-01-R1");
    expect(run.schema_version).toBe("gf01.run_record.v1");
  }

  it("keyboard only: certified on an official hard-mode instance; end screen, results page, run row", async () => {
    const page = await newPage();
    const I = inst(0);
    const cert = officialCert(I.instance_id).certificate as [number, string, 0 | 1][];
    await openGame(page, 0, "commit_only", "kbd", "home");
    await shot(page, "r1-start");
    const T = I.base_trace.length;
    for (let t = 0; t < T; t++) {
      const here = cert.filter((a) => a[0] === t);
      for (const [, ap, v] of here) await kbSet(page, ap, v);
      if (here.length) await shot(page, "r1-pending-choice");
      if (t === cert[cert.length - 1][0] + 1) {
        // Done intervening: finish early (remaining steps run unchanged) with C, confirm with Enter.
        await page.keyboard.press("c");
        await page.waitForSelector("[role=alertdialog]");
        await shot(page, "r1-confirm-finish");
        await page.keyboard.press("Enter");
        break;
      }
      await page.keyboard.press("Enter");
      await at(page, t + 1);
      if (here.length) {
        const fb = await page.textContent("[data-testid=feedback]");
        expect(fb).toContain(`Step ${t}: you set ${here.map((a) => `${a[1]}=${a[2]}`).join(", ")}`);
        await shot(page, "r1-after-intervention");
      }
    }
    await page.waitForSelector("[data-testid=end]");
    await shot(page, "r1-end-certified");
    expect(await page.getAttribute("[data-testid=end]", "data-verdict")).toBe("certified");
    expect(await page.textContent("[data-testid=end] h2")).toContain("Certified");
    expect(await page.textContent("[data-testid=certificate]")).toContain(
      cert.map((a) => `t=${a[0]} ${a[1]}=${a[2]}`).join(""),
    );
    const { run, steps } = await rowsFor("human-web:kbd");
    expectOfficialScore(run, I.instance_id);
    expect(run.play_protocol).toBe("commit_only");
    const rollouts = steps.rollouts as Row[];
    expect(rollouts.length).toBe(1);
    expect((rollouts[0].steps as Row[]).length).toBe(T);
    // Results page (reachable by its link; survives restarts via sessions.jsonl).
    await page.click("[data-testid=results-link]");
    await page.waitForSelector("[data-testid=results]");
    expect(await page.getAttribute("[data-testid=results]", "data-verdict")).toBe("certified");
    await shot(page, "results-page");
    await page.close();
  });

  it("mouse only: certified on the official normal-mode instance (click cells, advance, finish)", async () => {
    const page = await newPage();
    const I = inst(2);
    expect(I.mode).toBe("normal");
    const cert = officialCert(I.instance_id).certificate as [number, string, 0 | 1][];
    await openGame(page, 2, "commit_only", "mouse");
    const last = cert[cert.length - 1][0];
    for (let t = 0; t <= last; t++) {
      for (const [, ap, v] of cert.filter((a) => a[0] === t)) {
        // Clicking the current-column cell cycles keep → 1 → 0.
        const cell = `svg.r1 g[data-t='${t}'][data-ap='${ap}'][data-state='current']`;
        for (let k = 0; k < 3; k++) {
          if ((await page.getAttribute(cell, "data-v")) === String(v)) break;
          await page.click(cell);
        }
        expect(await page.getAttribute(cell, "data-v")).toBe(String(v));
      }
      await page.click("[data-testid=advance]");
      await at(page, t + 1);
    }
    await page.click("[data-testid=commit]");
    await page.click("[data-testid=confirm-finish]");
    await page.waitForSelector("[data-testid=end]");
    expect(await page.getAttribute("[data-testid=end]", "data-verdict")).toBe("certified");
    const { run } = await rowsFor("human-web:mouse");
    expectOfficialScore(run, I.instance_id);
    await page.close();
  });

  it("explore_then_commit: practice rollouts are labelled unscored, then the scored run is certified", async () => {
    const page = await newPage();
    const I = inst(3);
    const T = I.base_trace.length;
    const cert = officialCert(I.instance_id).certificate as [number, string, 0 | 1][];
    await openGame(page, 3, "explore_then_commit", "explorer");
    expect(await page.getAttribute("main", "data-phase")).toBe("explore");
    expect(await page.textContent(".phase")).toContain("not scored");
    await shot(page, "explore-start");
    // Practice 1: no changes at all.
    for (let t = 0; t < T; t++) {
      await page.keyboard.press("Enter");
      await at(page, t + 1);
    }
    await page.waitForSelector("[data-testid=start-commit]");
    await shot(page, "explore-rollout-over");
    // Practice 2 (Enter = practise again): try the certificate's change.
    await page.keyboard.press("Enter");
    await at(page, 0, 1);
    for (let t = 0; t < T; t++) {
      for (const [, ap, v] of cert.filter((a) => a[0] === t)) await kbSet(page, ap, v);
      await page.keyboard.press("Enter");
      await at(page, t + 1, 1);
    }
    await page.click("[data-testid=start-commit]");
    await page.waitForSelector("main[data-phase='commit'][data-episode='2'][data-t='0']");
    await shot(page, "explore-commit-start");
    expect(await page.textContent(".past")).toContain("not scored");
    for (let t = 0; t < T; t++) {
      for (const [, ap, v] of cert.filter((a) => a[0] === t)) await kbSet(page, ap, v);
      await page.keyboard.press("Enter");
      if (t < T - 1) await at(page, t + 1, 2);
    }
    await page.waitForSelector("[data-testid=end]");
    expect(await page.getAttribute("[data-testid=end]", "data-verdict")).toBe("certified");
    await shot(page, "explore-end");
    const { run, steps } = await rowsFor("human-web:explorer");
    expect(run.play_protocol).toBe("explore_then_commit");
    expect(run.scored_commit_episode).toBe(true);
    for (const k of ["certificate", "suff", "min1", "valid", "goal"])
      expect(run[k]).toEqual(officialCert(I.instance_id)[k]);
    const rollouts = steps.rollouts as Row[];
    expect(rollouts.map((r) => [r.phase, r.scored])).toEqual([
      ["explore", false],
      ["explore", false],
      ["commit", true],
    ]);
    await page.close();
  });

  it("a move over budget is rejected with its reason; the same step is offered again", async () => {
    const page = await newPage();
    const I = inst(3);
    expect(I.budget_timestep).toBe(2);
    await openGame(page, 3, "commit_only", "budget");
    for (let t = 0; t < 2; t++) {
      await kbSet(page, "in0", 1);
      await page.keyboard.press("Enter");
      await at(page, t + 1);
    }
    await kbSet(page, "in0", 1);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=message]");
    expect(await page.textContent("[data-testid=message]")).toContain("budget");
    expect(await page.getAttribute("main", "data-t")).toBe("2");
    await shot(page, "r1-rejected-over-budget");
    await page.keyboard.press("-");
    await page.keyboard.press("c");
    await page.waitForSelector("[role=alertdialog]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=end]");
    await shot(page, `r1-end-${await page.getAttribute("[data-testid=end]", "data-verdict")}`);
    const { steps } = await rowsFor("human-web:budget");
    expect(steps.rejected_moves).toBe(1);
    await page.close();
  });

  it("parity: R1 (keyboard), R2 (mouse), the JSON track and the terminal renderer see identical observations and score identically", async () => {
    const I = inst(1);
    const T = I.base_trace.length;
    // A fixed action sequence (one change per step where set).
    const plan: Record<number, [string, 0 | 1]> = { 0: ["in0", 1], 2: ["in1", 0], 3: ["in1", 0] };
    // JSON track: the engine in-process, moves as JSON objects.
    const local = new PlaySession(I, compileInstance(I));
    const jsonObs: Observation[] = [local.observation()];
    for (let t = 0; t < T; t++) {
      const p = plan[t];
      jsonObs.push(local.submit(p ? { [p[0]]: p[1] } : {}).observation);
    }
    const outcome = scoreSession(local);
    const jsonRowObj = outcomeRunRecord(local, outcome, {
      eval_track: "EVAL-CB",
      renderer_track: "json",
      agent_name: "json",
      meta: playRunMeta(bundle.meta, { evalTrack: "EVAL-CB", rendererTrack: "json" }),
    });
    // Compare as written (floats marked in the object print as plain numbers in the line).
    const jsonRow = JSON.parse(runRecordLine(jsonRowObj)) as Row;
    // Terminal renderer: each observation survives render → parse exactly.
    for (const o of jsonObs) expect(parseObservation(renderObservation(o))).toEqual(o);

    const rows: Row[] = [];
    for (const view of ["R1", "R2"] as const) {
      const page = await newPage();
      const seen: Observation[] = [];
      page.on("response", async (r) => {
        if (/\/sessions\/[^/]+\/actions$/.test(new URL(r.url()).pathname))
          seen.push(((await r.json()) as { observation: Observation }).observation);
      });
      await openGame(page, 1, "commit_only", `parity-${view}`);
      await page.click(`[data-testid=view-${view}]`);
      await page.waitForSelector(`[data-view=${view}]`);
      // Input order is the instance's public AP order, never a hidden ranking.
      const order =
        view === "R1"
          ? await page.$$eval("svg.r1 g[data-state='current']", (e) =>
              e.map((x) => x.getAttribute("data-ap")),
            )
          : await page.$$eval(".r2 button[data-state='current']", (e) =>
              e.map((x) => x.getAttribute("data-ap")),
            );
      expect(order).toEqual(I.automaton.input_aps);
      for (let t = 0; t < T; t++) {
        const p = plan[t];
        if (view === "R1") {
          if (p) await kbSet(page, p[0], p[1]);
          await page.keyboard.press("Enter");
        } else {
          if (p) {
            const tile = `.r2 button[data-t='${t}'][data-ap='${p[0]}']`;
            for (let k = 0; k < 3 && (await page.getAttribute(tile, "data-v")) !== String(p[1]); k++)
              await page.click(tile);
          }
          await page.click("[data-testid=advance]");
        }
        if (t < T - 1) {
          await at(page, t + 1);
          // What the board shows is exactly the observation's per-step content.
          const o = jsonObs[t + 1];
          expect(await readBoard(page)).toEqual({ outputs: o.outputs, history_atoms: o.history_atoms });
        }
        if (t === 3) await shot(page, `parity-${view}-step4`);
      }
      await page.waitForSelector("[data-testid=end]");
      await shot(page, `parity-${view}-end`);
      expect(await page.getAttribute("[data-testid=end]", "data-verdict")).toBe(outcome.verdict);
      expect(seen).toEqual(jsonObs.slice(1));
      rows.push((await rowsFor(`human-web:parity-${view}`)).run);
      await page.close();
    }
    const scored = (r: Row) => {
      const {
        agent_name: _a,
        renderer_track: _t,
        renderer_profile_id: _p,
        player_id: _i,
        session_id: _s,
        ...rest
      } = r;
      return rest;
    };
    expect(scored(rows[0])).toEqual(scored(rows[1]));
    expect(scored(rows[0])).toEqual(scored(jsonRow));
    expect(jsonRow.renderer_profile_id).toBe("canonical-json-v1");
  });

  it("finish dialog, tags and final status: Enter after clicking Finish confirms; NOW/TARGET never overlap; no 'yet' at the end", async () => {
    const page = await newPage();
    const I = inst(0);
    // The player id can come from the study link (and is then remembered).
    await page.goto(`${srv.url}/?player=finisher`);
    await page.waitForSelector("[data-testid=play-official-0]");
    expect(await page.inputValue("[data-testid=player]")).toBe("finisher");
    await page.click("[data-testid=play-official-0]");
    await page.waitForSelector("main[data-t='0'] [data-view]");
    for (let t = 0; t < I.t_star; t++) {
      await page.keyboard.press("Enter");
      await at(page, t + 1);
    }
    // Now is the target step: both labels are drawn in one column and must not overlap.
    const boxes = await page.$$eval("svg.r1 text.tag.now, svg.r1 text.tag.target", (els) =>
      els.map((e) => {
        const b = (e as SVGGraphicsElement).getBBox();
        return { cls: e.getAttribute("class"), x: b.x, y: b.y, w: b.width, h: b.height };
      }),
    );
    expect(boxes.map((b) => b.cls).sort()).toEqual(["tag now", "tag target"]);
    const [a, b] = boxes;
    const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    expect(overlap).toBe(false);
    await shot(page, "r1-now-is-target");
    // Click "Finish", then Enter: the run is scored (the dialog used to reopen).
    await page.click("[data-testid=commit]");
    await page.waitForSelector("[role=alertdialog]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("main[data-finished='true'] [data-testid=end]");
    expect(await page.$("[role=alertdialog]")).toBeNull();
    const status = await page.textContent("[data-testid=goal-status]");
    expect(status).not.toContain("yet");
    expect(status).toMatch(/not reached \(the run is over\)|✓ reached/);
    await shot(page, "r1-end-side-panel");
    const { run } = await rowsFor("human-web:finisher");
    expect(run.certificate).toEqual([]);
    expect(typeof run.session_id).toBe("string");
    await page.close();
    // No id typed: the browser's own anonymous id, never one shared "human-web" player.
    const anon = await newPage();
    await openGame(anon, 1, "commit_only", "");
    await anon.keyboard.press("c");
    await anon.waitForSelector("[role=alertdialog]");
    await anon.keyboard.press("Enter");
    await anon.waitForSelector("main[data-finished='true'] [data-testid=end]");
    const stored = await anon.evaluate(() => localStorage.getItem("gf01.anon"));
    expect(stored).toMatch(/^anon-[0-9a-f]{8}$/);
    await rowsFor(`human-web:${stored}`);
    await anon.close();
  });

  it("leakage: no response the browser received carries base-trace bits or automaton content", async () => {
    await Promise.all(pending);
    expect(bodies.length).toBeGreaterThan(50);
    const api = bodies.filter((b) => new URL(b.url).pathname.startsWith("/api/"));
    expect(api.length).toBeGreaterThan(40);
    const needles = new Set<string>([
      '"base_trace"',
      '"automaton"',
      '"transitions"',
      '"next_state"',
      '"initial_state"',
      '"states"',
      '"seed"',
      '"run_record"',
      '"best_match"',
      '"noops"',
      '"identifiability"',
    ]);
    for (const I of bundle.instances) {
      const sys = compileInstance(I).sys;
      for (const s of I.automaton.states) needles.add(JSON.stringify(s));
      for (let sym = 0; sym < sys.nSymbols; sym++) needles.add(symbolKey(sys.inputAps, sym));
      needles.add(JSON.stringify(I.base_trace));
      for (const step of I.base_trace)
        needles.add(JSON.stringify(Object.fromEntries(Object.entries(step).sort())));
      for (const ap of I.automaton.input_aps) {
        const bits = I.base_trace.map((s) => s[ap]);
        needles.add(bits.join(""));
        needles.add(JSON.stringify(bits));
      }
    }
    for (const b of bodies)
      for (const n of needles) expect(b.body.includes(n), `${n} found in ${b.url}`).toBe(false);
    // Whitelist: API bodies carry only the public session view, goal panel and scored summary.
    const viewKeys = new Set([
      "session_id",
      "instance_id",
      "protocol",
      "phase",
      "finished",
      "observation",
      "text",
      "result",
      "goal",
      "accepted",
      "error",
    ]);
    const obsKeys = new Set(
      Object.keys(new PlaySession(bundle.instances[0], compileInstance(bundle.instances[0])).observation()),
    );
    for (const b of api) {
      const v = JSON.parse(b.body) as Row;
      if (!("observation" in v)) continue;
      for (const k of Object.keys(v)) expect(viewKeys.has(k), `${k} in ${b.url}`).toBe(true);
      for (const k of Object.keys(v.observation as Row))
        expect(obsKeys.has(k), `observation.${k}`).toBe(true);
    }
  });
});
