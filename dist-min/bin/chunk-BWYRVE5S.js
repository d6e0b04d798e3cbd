import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  importOptional
} from "./chunk-LXQA6YAV.js";
import "./chunk-HFM5OLF6.js";

// src/core/report/png.ts
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../core/errors.js";
var CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
];
var DEFAULT_CHROMIUM = "/usr/bin/chromium";
async function exportPngs(charts, dir, opts = {}) {
  const { chromium } = await importOptional(
    "playwright-core",
    "PNG export (--png)",
    () => import("playwright-core")
  );
  const exe = opts.chromium ?? DEFAULT_CHROMIUM;
  if (!existsSync(exe))
    throw new InputError(`chromium not found at ${exe} (PNG export needs it)`, { field: "--chromium" });
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  const out = [];
  try {
    const page = await browser.newPage({ deviceScaleFactor: opts.scale ?? 2 });
    for (const c of charts) {
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:#fff">${c.svg}</body></html>`
      );
      const file = join(dir, `${c.id}.png`);
      await page.locator("svg").first().screenshot({ path: file });
      out.push(file);
    }
  } finally {
    await browser.close();
  }
  return out;
}
export {
  CHROMIUM_ARGS,
  DEFAULT_CHROMIUM,
  exportPngs
};
