/**
 * The sample viewer in Debian chromium (playwright-core): open, filter wrong-only / by metric /
 * search, open a sample, diff two runs — served on loopback over a GF-01 run with a loopback
 * LLM agent, and as a static file over GEB pipeline runs. Model replies carrying an XSS payload
 * must render as text. A 100k-row dataset loads in chunks and stays virtualised. Screenshots
 * go to test-artifacts/view/ (paths printed).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startViewServer,
  type ViewDataset,
  type ViewServer,
  writeStaticViewer,
} from "../../src/core/view/index.js";
import { gebViewDataset } from "../../src/geb/view/dataset.js";
import { gf01ViewDataset } from "../../src/gf01/view/dataset.js";
import { hasChromium, launch } from "../web/helpers.js";
import { makeViewFixtures, type ViewFixtures, XSS } from "./fixtures.js";

const artifacts = fileURLToPath(new URL("../../test-artifacts/view/", import.meta.url));

describe.skipIf(!hasChromium)("sample viewer (chromium)", () => {
  let f: ViewFixtures;
  let browser: Browser;
  const servers: ViewServer[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    [f, browser] = await Promise.all([makeViewFixtures(), launch()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    if (f) rmSync(f.dir, { recursive: true, force: true });
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("request", (r) => {
      const u = r.url();
      if (!u.startsWith("file:") && !u.startsWith(url.split("/").slice(0, 3).join("/")))
        problems.push(`network: ${u}`);
    });
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "");
    return page;
  }
  async function shot(page: Page, name: string): Promise<void> {
    const path = join(artifacts, `${name}.png`);
    // Clicking a wide row scrolls the list sideways; shoot it from its first column.
    await page.evaluate(() => {
      for (const id of ["list", "diff-list"]) document.getElementById(id)?.scrollTo({ left: 0 });
    });
    await page.screenshot({ path });
    console.log(`screenshot: ${path}`);
  }
  const count = (page: Page) => page.locator("#count").textContent();
  async function hostileTextIsInert(page: Page): Promise<void> {
    expect(await page.locator("#detail").textContent()).toContain(XSS);
    expect(await page.locator("#detail img, #detail script").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  }

  it("GF-01 served on loopback: open, wrong only, open an LLM episode, diff LLM vs baseline", async () => {
    const d = await gf01ViewDataset({ runs: [f.llmRuns, f.greedyRuns], instances: f.bundle });
    const s = await startViewServer(d, { port: 0 });
    servers.push(s);
    const res = await fetch(`${s.url}/`);
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'; script-src 'sha256-/);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:/);

    const page = await open(`${s.url}/`);
    expect(await count(page)).toBe(`${d.rows.length} of ${d.rows.length} samples`);
    await page.check("#wrong-only");
    const wrong = d.rows.filter((r) => r.ok === false).length;
    await page.waitForFunction(
      (n) => document.getElementById("count")?.textContent?.startsWith(`${n} of`),
      wrong,
    );
    expect(await page.locator("#rows .row.ok").count()).toBe(0);
    await page.uncheck("#wrong-only");
    // By run (agent × track × protocol), and by a facet.
    await page.selectOption("#run", "1");
    const inRun1 = d.rows.filter((r) => r.run === 1).length;
    await page.waitForFunction(
      (n) => document.getElementById("count")?.textContent?.startsWith(`${n} of`),
      inRun1,
    );
    await page.selectOption("#run", "");
    await page.selectOption('select.facet[aria-label="agent"]', "LLM-fake");
    const llm = d.rows.filter((r) => r.run === 0).length;
    await page.waitForFunction(
      (n) => document.getElementById("count")?.textContent?.startsWith(`${n} of`),
      llm,
    );
    expect(await page.locator("#rows .row", { hasText: "GreedyLocal" }).count()).toBe(0);
    await page.selectOption('select.facet[aria-label="agent"]', "");

    // The LLM episode whose transcript holds the hostile reply (t=1 of every episode).
    await clickUntil(
      page,
      page.locator("#rows .row", { hasText: "LLM-fake" }).first(),
      "#detail .sec-messages",
    );
    expect(await page.locator("#detail h3", { hasText: /^Rollout 1 · commit \(scored\)/ }).count()).toBe(1);
    expect(
      await page
        .locator("#detail h3", { hasText: "Certificate vs best-matching minimal certificate" })
        .count(),
    ).toBe(1);
    await hostileTextIsInert(page);
    await shot(page, "gf01-sample");
    await page.locator("#detail .sec-messages").nth(2).scrollIntoViewIfNeeded();
    await shot(page, "gf01-messages");

    await page.selectOption("#diff-a", "0");
    await page.selectOption("#diff-b", "1");
    await page.click("#diff-btn");
    await page.waitForSelector("#diff-rows .row");
    const items = new Set(d.rows.map((r) => r.item)).size;
    expect(await page.locator("#diff-count").textContent()).toMatch(
      new RegExp(`^${items} items in both runs`),
    );
    const disc = d.rows.filter(
      (r, i) => r.run === 0 && r.ok !== d.rows.find((x, j) => j !== i && x.item === r.item)?.ok,
    ).length;
    expect(await page.locator("#diff-rows .row.discordant").count()).toBe(disc);
    if (disc)
      expect(await page.locator("#diff-rows .row").first().getAttribute("class")).toContain("discordant");
    await clickUntil(
      page,
      page.locator("#diff-rows .row").first(),
      "#detail .side-by-side .detail-col >> nth=1",
    );
    expect(await page.locator("#detail .detail-col h2").allTextContents()).toEqual([
      expect.stringContaining("LLM-fake"),
      expect.stringContaining("BL-01-GreedyLocal-Online"),
    ]);
    await shot(page, "gf01-diff");
    await page.close();
    expect(problems).toEqual([]);
  });

  it("GEB static HTML: filter by metric, search, open a query, diff two pipeline runs", async () => {
    const d = await gebViewDataset({ runs: [f.gebModelDir, f.gebSelectorDir], records: [f.gebRecords] });
    const html = join(f.dir, "geb.html");
    await writeStaticViewer(d, html);
    const page = await open(pathToFileURL(html).href);
    const citeCol = d.columns.findIndex((c) => c.key === "cite_f1");
    const failedCite = d.rows.filter((r) => (r.cells[citeCol] as number) < 1).length;
    await page.selectOption("#metric", String(citeCol));
    await page.waitForFunction(
      (n) => document.getElementById("count")?.textContent?.startsWith(`${n} of`),
      failedCite,
    );
    await page.selectOption("#metric", "");
    await page.fill("#search", "q002");
    const q2 = d.rows.filter((r) => r.item.endsWith("Q002")).length;
    await page.waitForFunction(
      (n) => document.getElementById("count")?.textContent?.startsWith(`${n} of`),
      q2,
    );
    await clickUntil(
      page,
      page.locator("#rows .row", { hasText: "openai:fake" }).first(),
      "#detail .sec-lines",
    );
    expect(await page.locator("#detail .line.m-gold").count()).toBeGreaterThan(0);
    expect(await page.locator("#detail .badge.b-distractor").count()).toBeGreaterThan(0);
    await hostileTextIsInert(page);
    await page.fill("#search", "");
    await page.waitForFunction(
      (n) => document.getElementById("count")?.textContent?.startsWith(`${n} of`),
      d.rows.length,
    );
    await page.locator("#rows .row").nth(0).click();
    await page.waitForSelector("#detail .sec-lines");
    await page.locator("#detail .line.m-gold").first().scrollIntoViewIfNeeded();
    await shot(page, "geb-sample");
    // The keyboard walks the list: Down opens the next sample.
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(
      (id) => document.querySelector("#detail h2")?.textContent?.endsWith(id),
      d.rows[1].item,
    );

    await page.click("#diff-btn");
    await page.waitForSelector("#diff-rows .row");
    expect(await page.locator("#diff-count").textContent()).toMatch(/^24 items in both runs; discordant \d+/);
    await clickUntil(
      page,
      page.locator("#diff-rows .row").first(),
      "#detail .side-by-side .detail-col >> nth=1",
    );
    await shot(page, "geb-diff");
    await page.close();
    expect(problems).toEqual([]);
  });

  it("100k rows stream in pages and the list stays virtualised", async () => {
    const n = 100_000;
    const d: ViewDataset = {
      family: "geb",
      title: "synthetic 100k",
      columns: [
        { key: "v", label: "value", metric: true },
        { key: "p", label: "profile", facet: true },
      ],
      runs: [
        { label: "A", source: "a" },
        { label: "B", source: "b" },
      ],
      rows: Array.from({ length: n }, (_, i) => ({
        run: i % 2,
        item: `I${Math.floor(i / 2)}`,
        ok: i % 7 !== 0,
        cells: [i % 7 !== 0, i % 3 ? "standard" : "adversarial"],
      })),
      notes: [],
      detail: (i) => ({ title: `row ${i}`, sections: [{ kind: "text", title: "t", text: String(i) }] }),
    };
    const s = await startViewServer(d, { port: 0 });
    servers.push(s);
    const page = await open(`${s.url}/`);
    expect(await count(page)).toBe(`${n} of ${n} samples`);
    expect(await page.locator("#rows .row").count()).toBeLessThan(100);
    await page.locator("#list").evaluate((e) => e.scrollTo(0, e.scrollHeight));
    await page.waitForSelector("#rows .row >> text=I49999");
    await page.check("#wrong-only");
    await page.waitForFunction(
      (k) => document.getElementById("count")?.textContent?.startsWith(`${k} of`),
      Math.ceil(n / 7),
    );
    await page.click("#diff-btn");
    await page.waitForSelector("#diff-rows .row");
    expect(await page.locator("#diff-count").textContent()).toMatch(/^50000 items in both runs/);
    expect(await page.locator("#diff-rows .row").count()).toBeLessThan(100);
    await page.close();
    expect(problems).toEqual([]);
  });
});

/**
 * Click a list row until `selector` shows. The list re-renders its visible rows after a filter
 * settles; on a loaded machine a click can land on a row node that is replaced a moment later
 * (seen once in a full-suite run), so the click is retried rather than waited on for 30 s.
 */
async function clickUntil(page: Page, row: Locator, selector: string): Promise<void> {
  for (let i = 0; ; i++) {
    await row.click();
    try {
      await page.waitForSelector(selector, { timeout: 3000 });
      return;
    } catch (e) {
      if (i >= 4) throw e;
    }
  }
}
