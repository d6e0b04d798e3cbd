/**
 * A P0 study in the real browser game (chromium via playwright-core), study mode of `gf01
 * serve` (`study: { packDir }`, `--study`): two participants open their study links, agree to
 * the consent text, play the three seeds of a fresh seed pack in order and submit the feedback
 * form. The server writes `feedback.csv` beside the sessions; the strict `p0-gate` reads it and
 * the sessions (`--web-data`) and passes; the unedited template and a missing session fail it
 * with named reasons. Screenshots of the consent page and the feedback form go to
 * test-artifacts/web/ (and docs/img/ with GF01_DOC_SHOTS=1).
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gf01Server, startGf01Server } from "../../../src/gf01/server/serve.js";
import { feedbackTemplate } from "../../../src/gf01/study/feedback.js";
import { p0GateFile, p0Init } from "../../../src/gf01/study/files.js";
import { buildAppForTests, hasChromium, launch, repo, shot } from "../../web/helpers.js";

/** Screenshots for docs/gf01-release.md: test-artifacts always, docs/img with GF01_DOC_SHOTS=1. */
async function docShot(page: Page, name: string): Promise<void> {
  const path = await shot(page, name);
  if (process.env.GF01_DOC_SHOTS === "1") {
    await mkdir(join(repo, "docs", "img"), { recursive: true });
    await copyFile(path, join(repo, "docs", "img", `${name}.png`));
  }
}

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
      srv = await startGf01Server({
        bundles: [],
        study: { packDir: join(dir, "pack") },
        dataDir: join(dir, "web"),
        webDir: appDir,
      });
      browser = await launch();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await srv?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("both participants consent, play every seed and submit feedback in the browser; the strict gate passes, then fails on a template and a missing session", async () => {
      for (const player of ["p01", "p02"]) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        page.on("pageerror", (e) => {
          throw e;
        });
        // The study link carries the participant id; the consent text comes first.
        await page.goto(`${srv.url}/#/study/${player}`);
        await page.waitForSelector("[data-testid=study-consent]");
        expect(await page.locator("[data-testid=study-start]").count()).toBe(0);
        if (player === "p01") await docShot(page, "gf01-study-consent");
        await page.click("[data-testid=study-consent-accept]");
        for (const index of [0, 1, 2]) {
          // The pack's seeds in pack order: the page offers only the next one.
          await page.waitForSelector(`[data-testid=study-progress][data-next='${index}']`);
          await page.click("[data-testid=study-start]");
          await page.waitForSelector("main[data-t='0'] [data-view]");
          await page.click("[data-testid=commit]");
          await page.click("[data-testid=confirm-finish]");
          await page.waitForSelector("[data-testid=end]");
          await page.click("[data-testid=study-continue]");
        }
        await page.waitForSelector("[data-testid=study-feedback]");
        const scores = player === "p01" ? [4, 4, 3, 2] : [5, 3, 4, 1];
        const fields = ["objective_clarity", "control_clarity", "action_effect_clarity", "visual_overload"];
        for (const [k, f] of fields.entries()) await page.check(`[data-testid=likert-${f}-${scores[k]}]`);
        await page.fill("[data-testid=study-blockers]", "0");
        if (player === "p01") {
          await page.fill("[data-testid=study-notes]", "clear, but = looked odd");
          await page.locator("[data-testid=study-notes]").blur();
          await docShot(page, "gf01-study-feedback");
        }
        await page.click("[data-testid=study-submit]");
        await page.waitForSelector("[data-testid=study-done]");
        await page.close();
      }
      // The server wrote the template-shaped CSV beside the sessions (one row per participant).
      const feedback = join(dir, "web", "study", "feedback.csv");
      const date = new Date().toISOString().slice(0, 10);
      const csv = await readFile(feedback, "utf8");
      expect(csv.startsWith(`${HEADER}\n`)).toBe(true);
      expect(csv.split("\n").slice(1, 3)).toEqual([
        `p01,${date},web,7000;7001;7002,4,4,3,2,0,"clear, but = looked odd"`,
        `p02,${date},web,7000;7001;7002,5,3,4,1,0,`,
      ]);
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
      const edited = join(dir, "edited.csv");
      opts.feedback = edited;
      await writeFile(edited, tmpl);
      const t = await p0GateFile(opts);
      expect(t.ok).toBe(false);
      expect(t.payload.error_type).toBe("p0_gate_feedback_check_failed");
      expect((t.payload.failure_reasons as string[])[0]).toMatch(
        /^feedback_template_unedited: p01 \(line 2\)/,
      );

      // A participant who did not play: a missing session, named.
      await writeFile(edited, `${HEADER}\np03,2026-11-24,web,7000,4,4,4,2,0,\n`);
      const m = await p0GateFile(opts);
      expect(m.ok).toBe(false);
      expect(m.payload.failure_reasons).toEqual([
        `missing_session: p03 seed 7000 (${join(dir, "p0_runs", "p03_7000.json")})`,
      ]);
    }, 180_000);
  },
);
