/**
 * Redis connections and key names of the distributed runs. The first contact fails fast: a
 * PING with a bounded timeout and no reconnect, so a dead or wrong Redis at the start is one
 * stderr line and exit 1 (QueueUnavailableError), never a hang or a stack trace. Once
 * connected, every connection rides out an outage (a Redis restart): it reconnects with
 * backoff and its commands wait for the reconnection (BullMQ's production settings:
 * maxRetriesPerRequest null, offline queue on), never a client that gave up for good.
 * `watchRedis` prints one line when Redis goes away and one when it is back; a coordinator
 * gives up after OUTAGE_LIMIT_MS with one line, exit 1.
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
/** A coordinator waits this long for Redis to come back before it gives up (exit 1). */
export const OUTAGE_LIMIT_MS = 300_000;

/** Reconnect delay: 0.25 s, 0.5 s, … up to 2 s, forever (a restarted Redis is found within 2 s). */
export const reconnectDelay = (attempt: number): number => Math.min(250 * attempt, 2_000);

/**
 * ioredis options for `url` (BullMQ's too): reconnect forever with backoff, commands wait in
 * the offline queue until Redis is back (no per-request retry limit).
 */
export function redisOptions(url: QueueUrl): RedisOptions {
  return {
    host: url.host,
    port: url.port,
    db: url.db,
    username: url.username,
    password: url.password,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: reconnectDelay,
  };
}

/**
 * A connected client (PING answered), or QueueUnavailableError; from then on it reconnects
 * forever (redisOptions).
 */
export async function connectRedis(url: QueueUrl): Promise<Redis> {
  const IORedis = await loadIoredis();
  const client = new IORedis({
    ...redisOptions(url),
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
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
  // From now on ride out outages (ioredis reads these options at each reconnect).
  client.options.retryStrategy = reconnectDelay;
  client.options.maxRetriesPerRequest = null;
  return client;
}

export interface RedisWatch {
  /** Rejects (QueueUnavailableError) once the outage outlasted `giveUpMs`. */
  gaveUp: Promise<never>;
  /** Set once the outage outlasted `giveUpMs`: the one line to report (client disconnected). */
  failure(): string | undefined;
  /** Redis is away right now (connection closed, not yet ready again). */
  down(): boolean;
  stop(): void;
}

/**
 * Report a connected client's outages: one line when Redis cannot be reached (the first
 * failed reconnect; a connection re-opened at once says nothing), one when it is back. With
 * `giveUpMs`, an outage that long ends the client and rejects `gaveUp` (so redisCall fails
 * the commands waiting for Redis) with the one line to report. `log` absent: nothing is printed (a worker's sandboxed children leave
 * the reporting to the worker).
 */
export function watchRedis(
  client: Redis,
  url: QueueUrl,
  o: { log?: (line: string) => void; giveUpMs?: number } = {},
): RedisWatch {
  let downSince: number | undefined;
  let told = false;
  let failure: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let rejectGaveUp: (e: Error) => void = () => {};
  const gaveUp = new Promise<never>((_, reject) => {
    rejectGaveUp = reject;
  });
  gaveUp.catch(() => {}); // observed through redisCall
  const onClose = () => {
    if (downSince !== undefined || failure) return;
    downSince = Date.now();
    if (o.giveUpMs !== undefined)
      timer = setTimeout(() => {
        failure = `Redis at ${url.shown} unreachable for ${Math.round((o.giveUpMs as number) / 1000)} s: giving up (run the same command again to continue from the results in Redis)`;
        // Commands waiting for the reconnection fail at once (redisCall races gaveUp); the
        // client stops at its next failed attempt (disconnect() between attempts would leave
        // its offline queue pending forever).
        client.options.retryStrategy = () => null;
        rejectGaveUp(new QueueUnavailableError(failure));
      }, o.giveUpMs);
  };
  const onError = (e: unknown) => {
    if (downSince === undefined || told || failure) return;
    told = true;
    const limit = o.giveUpMs === undefined ? "" : `, for up to ${Math.round(o.giveUpMs / 1000)} s`;
    o.log?.(
      `Redis at ${url.shown} unreachable (${errText(e)}), retrying (every ${reconnectDelay(Number.POSITIVE_INFINITY) / 1000} s${limit})…`,
    );
  };
  const onReady = () => {
    if (downSince === undefined) return;
    clearTimeout(timer);
    if (told)
      o.log?.(`Redis at ${url.shown} is back after ${((Date.now() - downSince) / 1000).toFixed(1)} s`);
    downSince = undefined;
    told = false;
  };
  client.on("close", onClose);
  client.on("error", onError);
  client.on("ready", onReady);
  return {
    gaveUp,
    failure: () => failure,
    down: () => downSince !== undefined,
    stop: () => {
      clearTimeout(timer);
      client.off("close", onClose);
      client.off("error", onError);
      client.off("ready", onReady);
    },
  };
}

export function errText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const s =
    err?.code && !String(err.message).includes(err.code) ? `${err.code} ${err.message}` : err?.message;
  return String(s ?? e)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Run `f` against Redis; any Redis failure becomes one QueueUnavailableError line (the
 * watch's, when it gave up on an outage).
 */
export async function redisCall<T>(
  url: QueueUrl,
  what: string,
  f: () => Promise<T>,
  watch?: RedisWatch,
): Promise<T> {
  try {
    return await (watch ? Promise.race([f(), watch.gaveUp]) : f());
  } catch (e) {
    if (e instanceof QueueUnavailableError) throw e;
    const gaveUp = watch?.failure();
    throw new QueueUnavailableError(gaveUp ?? `Redis at ${url.shown} failed (${what}): ${errText(e)}`);
  }
}
