/**
 * `gf01 serve` limits (docs/web.md "Limits", docs/reliability.md "Server"): request body size,
 * live sessions in total and per client, idle expiry, and a per-client request rate. Pure
 * bookkeeping over a caller-supplied clock; the HTTP layer turns refusals into JSON errors.
 *
 * A "client" is the peer address of the connection (or, behind a trusted reverse proxy, the
 * last `X-Forwarded-For` hop): every limit below keyed by client is shared by everyone
 * behind one address.
 */
import type { IncomingMessage } from "node:http";
import type { SessionAdmission } from "../play/http.js";

export interface ServerLimits {
  /** Largest request body accepted (bytes); larger → 413 `body_too_large`. */
  maxBodyBytes: number;
  /** Live (unfinished or finished but not expired) sessions over all bundles; more → 503 `server_full`. */
  maxSessions: number;
  /** Live sessions one client may hold; more → 429 `too_many_sessions`. 0 = no limit. */
  maxSessionsPerClient: number;
  /** A session untouched this long (seconds) is dropped; later requests → 410 `session_expired`. 0 = never. */
  idleTimeoutS: number;
  /** Sustained requests per second per client (token bucket, burst = 2 × rate); over → 429 `rate_limited`. 0 = off. */
  ratePerClient: number;
  /**
   * Admission control: while this many requests are in progress, new sessions are refused
   * (503 `busy`, `retry-after: 1`); moves of sessions already playing always go through, so an
   * overloaded server slows down its admitted players less instead of everyone. 0 = off.
   */
  maxInflight: number;
  /** Take the client from the last `X-Forwarded-For` hop (only behind a reverse proxy you run). */
  trustProxy: boolean;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxBodyBytes: 64 * 1024,
  maxSessions: 10_000,
  maxSessionsPerClient: 1_000,
  idleTimeoutS: 30 * 60,
  ratePerClient: 200,
  maxInflight: 1_000,
  trustProxy: false,
};

export function clientOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = req.headers["x-forwarded-for"];
    const v = Array.isArray(xff) ? xff[xff.length - 1] : xff;
    const last = v?.split(",").pop()?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** Live-session counts, shared by every bundle's session API so the totals are server-wide. */
export class SessionQuota implements SessionAdmission {
  private total = 0;
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly maxTotal: number,
    private readonly maxPerClient: number,
  ) {}

  get size(): number {
    return this.total;
  }

  acquire(client: string): { status: number; code: string; message: string } | undefined {
    if (this.total >= this.maxTotal)
      return {
        status: 503,
        code: "server_full",
        message: `the server holds its maximum of ${this.maxTotal} live sessions; try again later`,
      };
    const n = this.perClient.get(client) ?? 0;
    if (this.maxPerClient > 0 && n >= this.maxPerClient)
      return {
        status: 429,
        code: "too_many_sessions",
        message: `at most ${this.maxPerClient} live sessions per client; finish or DELETE one first`,
      };
    this.total++;
    this.perClient.set(client, n + 1);
    return undefined;
  }

  release(client: string): void {
    const n = this.perClient.get(client) ?? 0;
    if (n <= 0) return;
    this.total--;
    if (n === 1) this.perClient.delete(client);
    else this.perClient.set(client, n - 1);
  }
}

/** Token bucket per client: `rate` tokens per second, at most `2 × rate` saved up. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly burst: number;

  constructor(private readonly rate: number) {
    this.burst = Math.max(1, 2 * rate);
  }

  /** 0 when the request may proceed, else the seconds until one token is available. */
  take(client: string, nowMs: number): number {
    if (!(this.rate > 0)) return 0;
    let b = this.buckets.get(client);
    if (!b) {
      // Forget idle clients (a full bucket is the same as no bucket) so the map stays small.
      if (this.buckets.size > 10_000) this.prune(nowMs);
      b = { tokens: this.burst, at: nowMs };
      this.buckets.set(client, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((nowMs - b.at) / 1000) * this.rate);
    b.at = nowMs;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / this.rate);
  }

  private prune(nowMs: number): void {
    for (const [k, b] of this.buckets)
      if (b.tokens + ((nowMs - b.at) / 1000) * this.rate >= this.burst) this.buckets.delete(k);
  }
}
