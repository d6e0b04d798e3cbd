/**
 * Serves ./app/ on loopback (127.0.0.1, a free port): only the app's own files, nothing else.
 * The directory is resolved from this module, so it works from src/ (tsx) and dist/ (the build
 * copies app/ there: scripts/postbuild.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { hostChecker } from "../../../core/host-check.js";

export const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

export interface AppServer {
  /** e.g. http://127.0.0.1:41234/ */
  url: string;
  close(): Promise<void>;
}

export async function serveApp(dir = APP_DIR): Promise<AppServer> {
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[name.split(".").pop() ?? ""];
    if (type) files.set(`/${name}`, { body: readFileSync(`${dir}${name}`), type });
  }
  const hostOk = hostChecker({ host: "127.0.0.1" });
  const server: Server = createServer((req, res) => {
    // DNS-rebinding guard, as every server of ours (core/host-check.ts).
    if (!hostOk(req.headers.host)) {
      res.writeHead(403).end();
      return;
    }
    // `//x` is not a path to URL (it throws): answered 404 instead of killing the process.
    let path = "";
    try {
      path = new URL(req.url ?? "/", "http://x").pathname;
    } catch {}
    const f = files.get(path === "/" ? "/index.html" : path);
    if (!f) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": f.type, "cache-control": "no-store" }).end(f.body);
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok());
  });
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
