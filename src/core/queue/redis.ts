/**
 * Redis connections and key names of the distributed runs. Every connection fails fast: the
 * first contact is a PING with a bounded timeout and no endless reconnect, so a dead or wrong
 * Redis is one stderr line and exit 1 (QueueUnavailableError), never a hang or a stack trace.
 */
import type { Redis, RedisOptions } from "ioredis";
import { loadIoredis } from "./load.js";
import type { QueueUrl } from "./url.js";

/** The BullMQ queue name and key prefix: every oraclebench job kind shares one queue. */
export const QUEUE_NAME = "jobs";
export const QUEUE_PREFIX = "oraclebench";
/** Hash jobId → result JSON, written with HSETNX (first writer wins): the source of truth. */
export const SINK_KEY = `${QUEUE_PREFIX}:results`;
/** The lock/stall settings of the workers (JSON, set by the first worker). */
export const SETTINGS_KEY = `${QUEUE_PREFIX}:settings`;
/** Hash jobId → times a result was offered to the sink (diagnostics: duplicate executions). */
export const OFFERS_KEY = `${QUEUE_PREFIX}:offers`;

/** Redis is unreachable or failed mid-run: one line, exit 1 (the run did not finish). */
export class QueueUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QueueUnavailableError";
  }
}

const CONNECT_TIMEOUT_MS = 5_000;

/** ioredis options for `url`. `bullmq`: the options BullMQ wants for blocking connections. */
export function redisOptions(url: QueueUrl, bullmq = false): RedisOptions {
  return {
    host: url.host,
    port: url.port,
    db: url.db,
    username: url.username,
    password: url.password,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Ours: give up after ~5 s of reconnecting (a run must not hang on a dead Redis).
    // BullMQ's: keep reconnecting (a worker rides out a Redis restart), commands wait.
    ...(bullmq
      ? { maxRetriesPerRequest: null }
      : { maxRetriesPerRequest: 2, retryStrategy: (n: number) => (n > 10 ? null : 500) }),
  };
}

/** A connected client (PING answered), or QueueUnavailableError. */
export async function connectRedis(url: QueueUrl): Promise<Redis> {
  const IORedis = await loadIoredis();
  const client = new IORedis({ ...redisOptions(url), lazyConnect: true, retryStrategy: () => null });
  // ioredis emits the cause (ECONNREFUSED …) as an 'error' event; connect() then only
  // rejects with "Connection is closed.": keep the cause for the one line.
  let cause: unknown;
  client.on("error", (e) => {
    cause ??= e;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    throw new QueueUnavailableError(`cannot reach Redis at ${url.shown}: ${errText(cause ?? e)}`);
  }
  // From now on reconnect for a while (a blip), then fail the pending commands.
  client.options.retryStrategy = (n: number) => (n > 10 ? null : 500);
  return client;
}

export function errText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const s =
    err?.code && !String(err.message).includes(err.code) ? `${err.code} ${err.message}` : err?.message;
  return String(s ?? e)
    .replace(/\s+/g, " ")
    .trim();
}

/** Run `f` against Redis; any Redis failure becomes one QueueUnavailableError line. */
export async function redisCall<T>(url: QueueUrl, what: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof QueueUnavailableError) throw e;
    throw new QueueUnavailableError(`Redis at ${url.shown} failed (${what}): ${errText(e)}`);
  }
}
