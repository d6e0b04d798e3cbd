/**
 * A P0 study in the real browser game (chromium via playwright-core): two participants each
 * play the three seeds of a fresh seed pack through `gf01 serve`'s app, the feedback sheet is
 * filled in (outside the browser: there is no study-mode feedback form yet), and the strict
 * `p0-gate` reads the sessions from the server's data directory (`--web-data`). It passes;
 * the unedited template and a missing session fail it with named reasons.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBundle } from "../../../src/gf01/artifacts/bundle.js";
import { type Gf01Server, startGf01Server } from "../../../src/gf01/server/serve.js";
import { feedbackTemplate } from "../../../src/gf01/study/feedback.js";
import { p0GateFile, p0Init } from "../../../src/gf01/study/files.js";
import { buildAppForTests, hasChromium, launch } from "../../web/helpers.js";

const HEADER =
  "tester_id,date,backend_used,seed_list_run,objective_clarity,control_clarity,action_effect_clarity,visual_overload,must_fix_blockers,notes";

describe.skipIf(!hasChromium)(
  "P0 study in chromium: 2 participants × 3 seeds, p0-gate on the browser's sessions",
  () => {
    let srv: Gf01Server;
    let browser: Browser;
    let dir: string;
    let appDir: string;

    beforeAll(async () => {
      appDir = await buildAppForTests();
      dir = await mkdtemp(join(tmpdir(), "gf01-p0web-"));
      const init = await p0Init({
        count: 3,
        outDir: join(dir, "pack"),
        templateOut: join(dir, "template.csv"),
      });
      expect(init.ok).toBe(true);
      const bundle = await loadBundle(join(dir, "pack", "instance_bundle_v1.json"));
      srv = await startGf01Server({
        bundles: [{ key: "p0", bundle }],
        dataDir: join(dir, "web"),
        webDir: appDir,
      });
      browser = await launch();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await srv?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
      if (appDir) await rm(appDir, { recursive: true, force: true });
    });

    it("both participants play every seed; the strict gate passes, then fails on a template and a missing session", async () => {
      for (const player of ["p01", "p02"]) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        page.on("pageerror", (e) => {
          throw e;
        });
        for (const index of [0, 1, 2]) {
          // The study link carries the participant id.
          await page.goto(`${srv.url}/?player=${player}`);
          await page.waitForSelector(`[data-testid=play-p0-${index}]`);
          await page.click(`[data-testid=play-p0-${index}]`);
          await page.waitForSelector("main[data-t='0'] [data-view]");
          await page.click("[data-testid=commit]");
          await page.click("[data-testid=confirm-finish]");
          await page.waitForSelector("[data-testid=end]");
        }
        await page.close();
      }
      const feedback = join(dir, "feedback.csv");
      await writeFile(
        feedback,
        `${HEADER}\np01,2026-11-24,web,7000;7001;7002,4,4,3,2,0,clear\np02,2026-11-24,web,7000 7001 7002,5,3,4,1,0,\n`,
      );
      const opts = {
        feedback,
        runsDir: join(dir, "p0_runs"),
        webData: join(dir, "web"),
        pack: join(dir, "pack"),
      };
      const r = await p0GateFile(opts);
      expect(r.payload.failure_reasons).toEqual([]);
      expect(r.ok).toBe(true);
      const sc = r.payload.session_check as Record<string, unknown>;
      expect(sc).toMatchObject({ expected_session_count: 6, found_session_count: 6, passed: true });

      // The unedited template (its testers renamed to ours so the sessions exist) fails by name.
      const tmpl = feedbackTemplate([7000, 7001, 7002])
        .replace("tester_01", "p01")
        .replace("tester_02", "p02")
        .replace(",text,", ",web,");
      await writeFile(feedback, tmpl);
      const t = await p0GateFile(opts);
      expect(t.ok).toBe(false);
      expect(t.payload.error_type).toBe("p0_gate_feedback_check_failed");
      expect((t.payload.failure_reasons as string[])[0]).toMatch(
        /^feedback_template_unedited: p01 \(line 2\)/,
      );

      // A participant who did not play: a missing session, named.
      await writeFile(feedback, `${HEADER}\np03,2026-11-24,web,7000,4,4,4,2,0,\n`);
      const m = await p0GateFile(opts);
      expect(m.ok).toBe(false);
      expect(m.payload.failure_reasons).toEqual([
        `missing_session: p03 seed 7000 (${join(dir, "p0_runs", "p03_7000.json")})`,
      ]);
    }, 180_000);
  },
);
