import { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type LoadedBundle } from "../artifacts/bundle.js";
import type { Atom, Gf01Instance } from "../model/types.js";
import type { ScoreOptions, ScoreRow } from "../verify/score.js";
import { type EpisodeOutcome } from "./result.js";
export interface PlayHandlerOptions {
    bundle: LoadedBundle;
    /** Finished episodes are appended here: runs.jsonl (run_record v1) and steps.jsonl. */
    dataDir?: string;
    prefix?: string;
    gitCommit?: string;
    /**
     * At most this many live sessions; the oldest is evicted first (default 10 000). Ignored
     * when `admission` is given (then a full server refuses new sessions instead).
     */
    maxSessions?: number;
    /**
     * Session admission shared by several handlers (`gf01 serve`: server-wide totals and
     * per-client counts). Refused → the returned status and code, nothing evicted.
     */
    admission?: SessionAdmission;
    /** Who is asking (the key of per-client limits); default: the peer address. */
    clientOf?: (req: IncomingMessage) => string;
    /** Largest request body in bytes (default 64 KiB); larger → 413 `body_too_large`. */
    maxBodyBytes?: number;
    /** Drop sessions untouched this long (ms); later requests → 410 `session_expired`. Default: never. */
    idleTimeoutMs?: number;
    /**
     * Refuse requests a web page on another origin could make: an `Origin` header whose host is
     * not this server's (403 `cross_origin`) and HTML form encodings (415). `gf01 serve` sets it.
     * `"forwarded"`: also accept the `X-Forwarded-Host` a trusted reverse proxy sets.
     */
    sameOriginOnly?: boolean | "forwarded";
    /**
     * Opens `runs.jsonl` / `steps.jsonl` (default: a group-commit appender). `gf01 serve` passes
     * one that cuts a torn tail left by a crash and fsyncs runs.jsonl before acknowledging.
     */
    openJournal?: (file: string, kind: "runs" | "steps") => Promise<LineSink>;
    /**
     * Scores a finished session's certificate somewhere else (`gf01 serve`: worker threads), so
     * the event loop keeps serving while a large best match runs. Must return exactly
     * `scoreCertificate(compileInstance(instance), certificate, options)`. Default: inline.
     */
    scorer?: (instance: Gf01Instance, certificate: Atom[], options: ScoreOptions) => Promise<ScoreRow>;
    /** Extra headers on every response (e.g. security headers). */
    headers?: Record<string, string>;
    /** Session id factory (default: 128 random bits, hex; ids are never part of a scored artifact). */
    newId?: () => string;
    /** Add permissive CORS headers (for a game served from another origin). */
    cors?: boolean;
    /**
     * Node cap of the best-match (AP/TS) search when a session is scored (default
     * `SERVER_BEST_MATCH_MAX_NODES`; `Infinity`: exact, unbounded). Scoring runs on the request
     * path, so on large automata with loose budgets an unbounded search could block every other
     * player for minutes. When the cap is hit the row and the result say so
     * (`best_match_cap_hit`, `best_match_max_nodes`); the verdict (Suff/Min1/Valid) stays exact.
     */
    bestMatchMaxNodes?: number;
    /** Called after a finished episode was scored (and written when dataDir is set). */
    onFinish?: (e: {
        session_id: string;
        outcome: EpisodeOutcome;
        row: Record<string, unknown>;
    }) => void;
}
/** An append-only line file: `push` resolves once the line is written. */
export interface LineSink {
    push(line: string): Promise<void>;
    close(): Promise<void>;
}
/** Server-wide session accounting (implemented by `gf01 serve`'s SessionQuota). */
export interface SessionAdmission {
    acquire(client: string): {
        status: number;
        code: string;
        message: string;
    } | undefined;
    release(client: string): void;
}
/** Pseudonymous player ids (no names or e-mail addresses: see docs/human-data.md). */
export declare const PLAYER_ID: RegExp;
/**
 * Returns a request listener fragment: it handles (and returns true for) requests under
 * `prefix`, and returns false for anything else so it can share a server with static files.
 */
export type PlayHandler = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
    /** Flush and close the data files (live sessions are dropped). */
    close(): Promise<void>;
};
/** About a second of best-match search on a 64-state automaton; default instances need far fewer. */
export declare const SERVER_BEST_MATCH_MAX_NODES = 50000;
export declare function createPlaySessionHandler(opts: PlayHandlerOptions): PlayHandler;
export interface PlayServer {
    url: string;
    server: Server;
    close(): Promise<void>;
}
/** A node:http server with the session API (and 404 for anything else). */
export declare function startPlayServer(o: {
    port?: number;
    host?: string;
    bundle: LoadedBundle | string;
    dataDir?: string;
    gitCommit?: string;
    cors?: boolean;
    bestMatchMaxNodes?: number;
    /** Extra handler tried after the API (e.g. static files for the browser game). */
    fallback?: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<PlayServer>;
