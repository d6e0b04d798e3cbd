/**
 * PNG export of report charts for papers: each SVG is screenshotted at 2× in headless
 * chromium (playwright-core drives a system chromium; nothing is downloaded).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../errors.js";
import { importOptional } from "../optional.js";
export const CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];
export const DEFAULT_CHROMIUM = "/usr/bin/chromium";
export async function exportPngs(charts, dir, opts = {}) {
    // playwright-core is an optional dependency (14 MB): a default install leaves it out.
    const { chromium } = await importOptional("playwright-core", "PNG export (--png)", () => import("playwright-core"));
    const exe = opts.chromium ?? DEFAULT_CHROMIUM;
    if (!existsSync(exe))
        throw new InputError(`chromium not found at ${exe} (PNG export needs it)`, { field: "--chromium" });
    const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
    const out = [];
    try {
        const page = await browser.newPage({ deviceScaleFactor: opts.scale ?? 2 });
        for (const c of charts) {
            await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${c.svg}</body></html>`);
            const file = join(dir, `${c.id}.png`);
            await page.locator("svg").first().screenshot({ path: file });
            out.push(file);
        }
    }
    finally {
        await browser.close();
    }
    return out;
}
//# sourceMappingURL=png.js.map