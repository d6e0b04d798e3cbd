/**
 * `--queue redis://[user:password@]host[:port][/db]`: where a distributed run keeps its jobs and
 * results (docs/scale.md). Parsed while the command line is read, so a bad URL is a FlagError
 * (exit 2, one line) before anything connects.
 */
import { FlagError } from "../cli.js";

export interface QueueUrl {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  /** The URL without credentials: what messages show. */
  shown: string;
}

export function parseQueueUrl(raw: string, flag = "--queue"): QueueUrl {
  const v = String(raw).trim();
  const bad = (why: string) =>
    new FlagError(flag, `${why}; expected redis://host[:port][/db], got ${JSON.stringify(v.slice(0, 60))}`);
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw bad("is not a URL");
  }
  if (u.protocol !== "redis:") throw bad(`scheme must be redis:`);
  // WHATWG keeps brackets around IPv6 hosts; ioredis wants the bare address.
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) throw bad("has no host");
  if (u.search || u.hash) throw bad("takes no query or fragment");
  const port = u.port === "" ? 6379 : Number(u.port);
  if (!(Number.isInteger(port) && port >= 1 && port <= 65535)) throw bad("has a bad port");
  const path = u.pathname.replace(/^\//, "");
  if (path !== "" && !/^\d{1,5}$/.test(path)) throw bad("database must be a number (/0, /1, …)");
  const db = path === "" ? 0 : Number(path);
  const hostShown = host.includes(":") ? `[${host}]` : host;
  const url: QueueUrl = {
    host,
    port,
    db,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    shown: `redis://${hostShown}:${port}/${db}`,
  };
  // Recorded as the URL without credentials (effective run configs, JSON payloads).
  Object.defineProperty(url, "toJSON", { value: () => url.shown, enumerable: false });
  return url;
}

/** Commander argParser for `--queue <url>` (the shared flag style of src/core/cli.ts). */
export const queueUrlFlag =
  (flag = "--queue") =>
  (v: string): QueueUrl =>
    parseQueueUrl(v, flag);
