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
export declare const DEFAULT_LIMITS: ServerLimits;
export declare function clientOf(req: IncomingMessage, trustProxy: boolean): string;
/** Live-session counts, shared by every bundle's session API so the totals are server-wide. */
export declare class SessionQuota implements SessionAdmission {
    private readonly maxTotal;
    private readonly maxPerClient;
    private total;
    private readonly perClient;
    constructor(maxTotal: number, maxPerClient: number);
    get size(): number;
    acquire(client: string): {
        status: number;
        code: string;
        message: string;
    } | undefined;
    release(client: string): void;
}
/** Token bucket per client: `rate` tokens per second, at most `2 × rate` saved up. */
export declare class RateLimiter {
    private readonly rate;
    private readonly buckets;
    private readonly burst;
    constructor(rate: number);
    /** 0 when the request may proceed, else the seconds until one token is available. */
    take(client: string, nowMs: number): number;
    private prune;
}
