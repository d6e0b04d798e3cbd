/**
 * Every job kind a worker can run, loaded lazily (a worker only pays for the kinds it meets).
 * One table for both programs: `gf01 worker` and `geb worker` are the same worker.
 */
import type { HandlerTable } from "../core/queue/sandbox.js";

export const JOB_HANDLERS: HandlerTable = {
  "gf01.evaluate": async () => (await import("../gf01/queue/jobs.js")).evaluateJob,
  "gf01.play-llm": async () => (await import("../gf01/queue/play.js")).playLlmJob,
  "gf01.play-online": async () => (await import("../gf01/queue/play.js")).playOnlineJob,
  "gf01.play-script": async () => (await import("../gf01/queue/play.js")).playScriptJob,
  "gf01.play-stdio": async () => (await import("../gf01/queue/play.js")).playStdioJob,
  "engine.complete": async () => (await import("../core/engine/queue.js")).modelJob,
  "geb.sweep-cell": async () => (await import("../geb/queue/sweep-cells.js")).sweepCellJob,
};
