/**
 * The browser when an answer is lost (issue 31 item 13): the request reaches the server (the
 * move is applied, the finishing row written) but the connection drops before the answer.
 * The game then shows the state the server has — a lost advance shows the next step, a lost
 * finish shows the end screen and its result — instead of a stale board whose next click
 * sends the move again. A session gone from memory (restart) whose result is recorded opens
 * its results page.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Gf01Server, startGf01Server } from "../../src/gf01/server/serve.js";
import { buildAppForTests, hasChromium, launch, officialBundle } from "./helpers.js";

describe.skipIf(!hasChromium)("lost answers in the browser (chromium)", () => {
  let srv: Gf01Server;
  let browser: Browser;
  let dir: string;
  let appDir: string;

  beforeAll(async () => {
    appDir = await buildAppForTests();
    dir = await mkdtemp(join(tmpdir(), "gf01-lost-"));
    srv = await startGf01Server({
      bundles: [{ key: "official", file: officialBundle }],
      dataDir: dir,
      webDir: appDir,
    });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The next request to `pattern` is sent to the server, and its answer dropped. */
  async function loseNextAnswer(page: Page, pattern: string): Promise<void> {
    await page.route(
      pattern,
      async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      },
      { times: 1 },
    );
  }

  it("a lost advance shows the next step; a lost finish shows the end screen; one row", async () => {
    const page = await browser.newPage();
    page.on("pageerror", (e) => {
      throw e;
    });
    await page.goto(`${srv.url}/`);
    await page.waitForSelector("[data-testid=play-official-0]");
    await page.selectOption("[data-testid=protocol]", "commit_only");
    await page.fill("[data-testid=player]", "lost01");
    await page.click("[data-testid=play-official-0]");
    await page.waitForSelector("main[data-t='0'] [data-view]");

    await loseNextAnswer(page, "**/actions");
    await page.click("[data-testid=advance]");
    await page.waitForSelector("main[data-t='1']");
    expect(await page.textContent("[data-testid=message]")).toMatch(/connection dropped/);
    await page.click("[data-testid=advance]");
    await page.waitForSelector("main[data-t='2']");

    await loseNextAnswer(page, "**/commit");
    await page.click("[data-testid=commit]");
    await page.click("[data-testid=confirm-finish]");
    await page.waitForSelector("[data-testid=end]");
    const rows = (await readFile(join(dir, "official", "runs.jsonl"), "utf8")).trim().split("\n");
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]).player_id).toBe("lost01");
    const sid = JSON.parse(rows[0]).session_id as string;

    // After a restart the session is gone from memory; its page opens the recorded result.
    await srv.close();
    srv = await startGf01Server({
      bundles: [{ key: "official", file: officialBundle }],
      dataDir: dir,
      webDir: appDir,
    });
    await page.goto(`${srv.url}/#/play/official/${sid}`);
    await page.waitForSelector("[data-testid=results]");
    await page.close();
  }, 120_000);
});
