/**
 * Open a report in headless Debian chromium (playwright-core; nothing downloaded) and say
 * what rendered: every figure's data-mark count as drawn in the DOM, requests made, and a
 * full-page screenshot under test-artifacts/ (gitignored) whose path the test prints.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from "../../../src/core/report/png.js";
import { debianPackages } from "../../helpers/debian.js";

export const chromiumPath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
await debianPackages();
export const haveChromium = existsSync(chromiumPath);
export const skipReason = `chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH); .ci/run installs it`;
export const artifactsDir = fileURLToPath(new URL("../../../test-artifacts/", import.meta.url));

export interface PageCheck {
  figures: { id: string; svgMarks: number }[];
  svgCount: number;
  requests: string[];
  screenshot: string;
  title: string;
}

export async function openReport(htmlFile: string, shotName: string): Promise<PageCheck> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(htmlFile).href);
    const figures = await page.$$eval("figure[data-chart]", (els) =>
      els.map((el) => ({
        id: el.getAttribute("data-chart") ?? "",
        // Data marks drawn by vega: paths/lines inside mark groups (not axes, legends or rules).
        svgMarks: el.querySelectorAll(
          "svg g.role-mark:not(.mark-rule):not(.mark-text) path, svg g.role-mark:not(.mark-rule):not(.mark-text) line",
        ).length,
      })),
    );
    const svgCount = await page.locator("svg").count();
    mkdirSync(artifactsDir, { recursive: true });
    const screenshot = join(artifactsDir, shotName);
    await page.screenshot({ path: screenshot, fullPage: true });
    return { figures, svgCount, requests, screenshot, title: await page.title() };
  } finally {
    await browser.close();
  }
}
