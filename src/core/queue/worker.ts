/**
 * The worker side: `gf01 worker --queue redis://…` / `geb worker` (the same worker: it runs
 * every job kind) on any number of machines. It takes jobs from the one oraclebench queue and
 * runs them in sandboxed child processes (sandbox.ts); results go to the sink. It stops on
 * SIGINT/SIGTERM after its running jobs finish (a SIGKILL instead leaves them to the stall
 * check of the other workers: they run again elsewhere, the sink keeps one result; its
 * sandboxed children see their IPC channel close and exit, with their agents). A Redis outage
 * is waited out: one line when Redis goes, one when it is back.
 */
import type { ConnectionOptions } from "bullmq";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InputError } from "../errors.js";
import { loadBullmq } from "./load.js";
import {
  connectRedis,
  errText,
  QUEUE_NAME,
  QUEUE_PREFIX,
  redisCall,
  redisOptions,
  SETTINGS_KEY,
  watchRedis,
} from "./redis.js";
import { QUEUE_URL_ENV } from "./sandbox.js";
import { parseStoredSettings, type QueueSettings, sameSettings, settingsText } from "./settings.js";
import type { QueueUrl } from "./url.js";

export interface WorkerOptions {
  /** Jobs in flight (one sandboxed child process each). */
  concurrency: number;
  settings: QueueSettings;
  /** The processor module (default: src/queue/processor next to this package's sources). */
  processorFile?: string;
  log: (line: string) => void;
  /** Resolves when the worker should stop (default: SIGINT or SIGTERM). */
  stop?: Promise<unknown>;
}

/**
 * The processor module: dist/queue/processor.js in tsc's output (from dist/core/queue/ or from
 * a bin bundle's chunk in dist/bin/), src/queue/processor.ts under tsx, or a test bundle's
 * queue/processor.mjs beside its chunks.
 */
export function defaultProcessorFile(): string {
  for (const up of ["../../", "../", "./"])
    for (const ext of [".js", ".mjs", ".ts"]) {
      const f = fileURLToPath(new URL(`${up}queue/processor${ext}`, import.meta.url));
      if (existsSync(f)) return f;
    }
  throw new Error("queue/processor module not found next to oraclebench's sources");
}

/** Record the settings (first worker) or check them against the recorded ones. */
export async function checkSettings(
  url: QueueUrl,
  client: import("ioredis").Redis,
  s: QueueSettings,
): Promise<void> {
  const mine = JSON.stringify(s);
  await redisCall(url, "SET settings", () => client.set(SETTINGS_KEY, mine, "NX"));
  const stored = await redisCall(url, "GET settings", () => client.get(SETTINGS_KEY));
  const theirs = parseStoredSettings(stored ?? mine, `${url.shown} key ${SETTINGS_KEY}`);
  if (!sameSettings(theirs, s))
    throw new InputError(
      `this worker's settings (${settingsText(s)}) differ from the queue's (${settingsText(theirs)}): every worker must use the same ones (docs/scale.md)`,
      { field: "--lock-ms" },
    );
}

const CONNECTION_LOST = /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|Connection is closed/;

export async function runWorker(url: QueueUrl, o: WorkerOptions): Promise<void> {
  const client = await connectRedis(url);
  try {
    await checkSettings(url, client, o.settings);
  } catch (e) {
    client.disconnect();
    throw e;
  }
  // Kept open to report Redis outages: one line when it goes, one when it is back. BullMQ's
  // own connections reconnect meanwhile (redisOptions), and so do the sandboxes' clients.
  const watch = watchRedis(client, url, { log: o.log });
  // The full URL (credentials included; toJSON would drop them) for the sandboxed children.
  process.env[QUEUE_URL_ENV] = JSON.stringify({ ...url });
  const { Worker } = await loadBullmq();
  const worker = new Worker(QUEUE_NAME, o.processorFile ?? defaultProcessorFile(), {
    connection: redisOptions(url) as ConnectionOptions,
    prefix: QUEUE_PREFIX,
    concurrency: o.concurrency,
    lockDuration: o.settings.lockMs,
    stalledInterval: o.settings.stalledMs,
    maxStalledCount: o.settings.maxStalled,
    useWorkerThreads: false,
  });
  let lastError = 0;
  worker.on("error", (e) => {
    // A lost connection is the watch's to report (BullMQ's connections notice it first).
    if (watch.down() || CONNECTION_LOST.test(errText(e)) || Date.now() - lastError < 10_000) return;
    lastError = Date.now();
    o.log(`Redis at ${url.shown}: ${errText(e)}`);
  });
  worker.on("failed", (job, e) => o.log(`job ${job?.id ?? "?"} (${job?.name ?? "?"}) failed: ${errText(e)}`));
  await worker.waitUntilReady();
  o.log(
    `worker on ${url.shown}: concurrency ${o.concurrency}, ${settingsText(o.settings)}; stop with Ctrl-C`,
  );
  const stop =
    o.stop ??
    new Promise<void>((resolve) => {
      process.once("SIGINT", () => resolve());
      process.once("SIGTERM", () => resolve());
    });
  await stop;
  o.log("stopping: finishing running jobs");
  await worker.close();
  watch.stop();
  client.disconnect();
}
