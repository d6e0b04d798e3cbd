import type { Server } from "node:net";
import { InputError } from "./errors.js";

/**
 * `server.listen` as a promise whose failures are one-line input errors naming the fix
 * ("port 8017 is in use; pass --port") instead of Node's `listen EADDRINUSE` text.
 */
export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => reject(listenError(e, port, host));
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/** The message for a failed listen; other errors are returned unchanged. */
export function listenError(e: NodeJS.ErrnoException, port: number, host: string): Error {
  switch (e.code) {
    case "EADDRINUSE":
      return new InputError(`port ${port} is in use; pass --port (0 picks a free one)`);
    case "EACCES":
      return new InputError(`port ${port} needs privileges; pass --port above 1023`);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new InputError(`cannot listen on ${host}: no such local address; pass --host`);
    default:
      return e;
  }
}

/**
 * Stop a server without cutting answers owed: stop accepting connections, close the idle
 * keep-alive ones (again every 50 ms, as busy ones go idle), and let requests in progress be
 * answered; only after `drainMs` are the remaining connections cut. `gf01 serve` relies on it:
 * a finishing move whose row is being written gets its answer, instead of a row on disk that
 * the player was never told about.
 */
export function closeServer(
  server: Server & { closeIdleConnections?(): void; closeAllConnections?(): void },
  drainMs = 10_000,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const tick = setInterval(() => server.closeIdleConnections?.(), 50);
    const cut = setTimeout(() => server.closeAllConnections?.(), drainMs);
    server.close(() => {
      clearInterval(tick);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections?.();
  });
}
