/**
 * The viewer's loopback server: the page, the dataset's meta and rows in pages
 * (`/api/rows?offset&limit`, so 100k rows stream in chunks), and one sample's detail at a
 * time (`/api/detail?i`), computed on demand. Loopback by default; read-only; every
 * response carries the page's CSP and no-store.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hostChecker, hostRefusedMessage } from "../host-check.js";
import { listenOn } from "../listen.js";
import { servedPageHtml, viewerCsp } from "./page.js";
import { packRow, type ViewDataset, viewMeta } from "./types.js";

export interface ViewServerOptions {
  port?: number;
  host?: string;
  /** Host names allowed besides loopback and the bound address (`--allowed-host`; core/host-check.ts). */
  allowedHosts?: string[];
}

export interface ViewServer {
  url: string;
  close(): Promise<void>;
}

/** Rows per `/api/rows` page at most. */
export const MAX_PAGE = 20_000;

export async function startViewServer(d: ViewDataset, o: ViewServerOptions = {}): Promise<ViewServer> {
  const host = o.host ?? "127.0.0.1";
  const page = servedPageHtml(d.title);
  const csp = viewerCsp("served");
  const meta = JSON.stringify(viewMeta(d));
  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, {
      "content-type": type,
      "cache-control": "no-store",
      "content-security-policy": csp,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    res.end(body);
  };
  const json = (res: ServerResponse, status: number, v: unknown) =>
    send(res, status, "application/json; charset=utf-8", typeof v === "string" ? v : JSON.stringify(v));
  const int = (u: URL, k: string, dflt: number) => {
    const s = u.searchParams.get(k);
    const n = s === null ? dflt : Number(s);
    return Number.isSafeInteger(n) && n >= 0 ? n : -1;
  };

  const hostOk = hostChecker({ host, allowedHosts: o.allowedHosts });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // A foreign Host is a DNS-rebinding page reading the runs: refused before any route.
    if (!hostOk(req.headers.host))
      return json(res, 403, {
        error: { code: "host_not_allowed", message: hostRefusedMessage(req.headers.host) },
      });
    if (req.method !== "GET" && req.method !== "HEAD")
      return json(res, 405, { error: { code: "method_not_allowed", message: "read-only" } });
    // The raw path, never read as a host (`//x`), and a path URL cannot parse is a 404 (a throw
    // here would end the process).
    let u: URL;
    try {
      u = new URL(`http://localhost${(req.url ?? "/").startsWith("/") ? "" : "/"}${req.url ?? "/"}`);
    } catch {
      return json(res, 404, { error: { code: "not_found", message: "not found" } });
    }
    switch (u.pathname) {
      case "/":
      case "/index.html":
        return send(res, 200, "text/html; charset=utf-8", page);
      case "/api/meta":
        return json(res, 200, meta);
      case "/api/rows": {
        const offset = int(u, "offset", 0);
        const limit = int(u, "limit", 5000);
        if (offset < 0 || limit < 0)
          return json(res, 400, {
            error: { code: "bad_request", message: "offset and limit are integers ≥ 0" },
          });
        const rows = d.rows.slice(offset, offset + Math.min(limit, MAX_PAGE)).map(packRow);
        return json(res, 200, { offset, rows });
      }
      case "/api/detail": {
        const i = int(u, "i", -1);
        if (i < 0 || i >= d.rows.length)
          return json(res, 404, { error: { code: "not_found", message: "no such sample" } });
        try {
          return json(res, 200, d.detail(i));
        } catch (e) {
          return json(res, 500, { error: { code: "internal", message: (e as Error).message } });
        }
      }
      default:
        return json(res, 404, { error: { code: "not_found", message: "not found" } });
    }
  };

  const server = createServer(handle);
  await listenOn(server, o.port ?? 8020, host);
  const addr = server.address() as AddressInfo;
  const shown = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shown}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
