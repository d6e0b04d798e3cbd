/**
 * `npx tsx scripts/ui-live-screenshots.ts`: the three screenshots of docs/geb/ui.md "Live app"
 * (docs/img/ui-live-*.png). The policy runs three live tasks; the state before the named step
 * is saved. Needs /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { policyAgent } from "../src/geb/ui/live/agents.js";
import { openLiveSession, runLive } from "../src/geb/ui/live/harness.js";
import { LIVE_TASKS } from "../src/geb/ui/live/tasks.js";

const img = fileURLToPath(new URL("../docs/img/", import.meta.url));
const SHOTS: Record<string, [number, string]> = {
  docs_promo_close_save: [3, "ui-live-unsaved-prompt.png"],
  docs_save_as_reports: [2, "ui-live-save-as.png"],
  form_consent_submit: [1, "ui-live-consent.png"],
};

const session = await openLiveSession(process.env.CHROMIUM_PATH);
try {
  await runLive(session, {
    agent: policyAgent,
    tasks: LIVE_TASKS.filter((t) => t.id in SHOTS),
    screenshot: (task, step) => (SHOTS[task]?.[0] === step ? join(img, SHOTS[task][1]) : undefined),
  });
  for (const [, file] of Object.values(SHOTS)) console.log(`docs/img/${file}`);
} finally {
  await session.close();
}
