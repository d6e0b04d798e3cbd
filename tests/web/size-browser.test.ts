/**
 * The browser game at 64 states (issue 12 "any size", in the browser): a person plays and
 * commits a 64-state default-generator instance through the UI; the commit must answer with a
 * scored verdict on the end screen (it used to be HTTP 500 above 30 states, losing the run).
 * The certificate played is the exact oracle's (the test is white-box; the player is not).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJsonlAll } from "../../src/core/jsonl.js";
import { exactOracleAgent } from "../../src/gf01/agents/baselines.js";
import { bundleToJson, generateBundle } from "../../src/gf01/api.js";
import { type LoadedBundle, parseBundle } from "../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../src/gf01/model/compile.js";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { buildAppForTests, hasChromium, launch, shot } from "./helpers.js";

describe.skipIf(!hasChromium)("GF-01 browser game at 64 states (chromium)", () => {
  let srv: Gf01Server;
  let browser: Browser;
  let dir: string;
  let appDir: string;
  let bundle: LoadedBundle;

  beforeAll(async () => {
    appDir = await buildAppForTests();
    dir = await mkdtemp(join(tmpdir(), "gf01-web-big-"));
    const g = generateBundle({
      seeds: [1, 2],
      split: "public_dev",
      config: { states_min: 64, states_max: 64 },
    });
    bundle = parseBundle(JSON.parse(bundleToJson(g.bundle)));
    srv = await startGf01Server({ bundles: [{ key: "big", bundle }], dataDir: dir, webDir: appDir });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("plays and commits a 64-state instance: certified verdict on the end screen, no HTTP 5xx", async () => {
    const inst = bundle.instances[0];
    expect(inst.automaton.states.length).toBe(64);
    const cert = exactOracleAgent.propose(inst, compileInstance(inst), 0) as [number, string, 0 | 1][];
    expect(cert.length).toBeGreaterThan(0);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const serverErrors: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
    page.on("pageerror", (e) => {
      throw e;
    });
    await page.goto(`${srv.url}/`);
    await page.waitForSelector("[data-testid=play-big-0]");
    await page.selectOption("[data-testid=protocol]", "commit_only");
    await page.fill("[data-testid=player]", "big64");
    await page.click("[data-testid=play-big-0]");
    await page.waitForSelector("main[data-t='0'] [data-view]");
    const last = Math.max(...cert.map((a) => a[0]));
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
      await page.waitForSelector(`main[data-t='${t + 1}'][data-episode='0']`);
    }
    await page.click("[data-testid=commit]");
    await page.click("[data-testid=confirm-finish]");
    await page.waitForSelector("[data-testid=end]");
    await shot(page, "big64-end");
    expect(await page.getAttribute("[data-testid=end]", "data-verdict")).toBe("certified");
    expect(serverErrors).toEqual([]);
    const rows = await readJsonlAll<Record<string, unknown>>(join(dir, "big", "runs.jsonl"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ instance_id: inst.instance_id, valid: true, player_id: "big64" });
    expect(rows[0].certificate).toEqual(cert.map((a) => [a[0], a[1], a[2]]));
    await page.close();
  });
});
