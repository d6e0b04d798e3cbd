/**
 * Shared by the browser tests: paths, a Vite build of the app into test-artifacts (so tests
 * always exercise the current sources), Debian chromium via playwright-core (skipped with a
 * clear message when /usr/bin/chromium is missing), screenshots to test-artifacts/web/.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { oncePerRun } from "../helpers/bins.js";
import { debianPackages } from "../helpers/debian.js";

export const repo = fileURLToPath(new URL("../../", import.meta.url));
export const officialBundle = fileURLToPath(
  new URL("../../../shared/reference/gf01/official_example/instance_bundle_v1.json", import.meta.url),
);
export const artifactsDir = fileURLToPath(new URL("../../test-artifacts/web/", import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
await debianPackages();
export const hasChromium = existsSync(CHROMIUM);
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

if (!hasChromium)
  console.warn(
    `tests/web: SKIPPING browser tests: no chromium at ${CHROMIUM} (apt-get install chromium, as .ci/run does, or set CHROMIUM_PATH)`,
  );

/**
 * Build the app once per test run (never touches dist/web): the first browser test file to ask
 * runs the Vite build, the others wait for it (tests/helpers/bins.ts oncePerRun) instead of
 * each building its own (~1.3 s of CPU each). Tests serve the folder; none writes into it.
 */
export async function buildAppForTests(): Promise<string> {
  const vite = await import("vite");
  const dir = await oncePerRun("web-app", (d) =>
    vite.build({
      configFile: `${repo}src/web/vite.config.ts`,
      logLevel: "error",
      build: { outDir: join(d, "app"), emptyOutDir: true },
    }),
  );
  return join(dir, "app");
}

export async function launch(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

const shots: string[] = [];
/** Screenshot a screen state into test-artifacts/web/<name>.png and report it. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = `${artifactsDir}${name}.png`;
  await page.screenshot({ path });
  shots.push(path);
  console.log(`screenshot: ${path}`);
  return path;
}
export const screenshots = (): readonly string[] => shots;
