import type { Server } from "node:net";
/**
 * `server.listen` as a promise whose failures are one-line input errors naming the fix
 * ("port 8017 is in use; pass --port") instead of Node's `listen EADDRINUSE` text.
 */
export declare function listenOn(server: Server, port: number, host: string): Promise<void>;
/** The message for a failed listen; other errors are returned unchanged. */
export declare function listenError(e: NodeJS.ErrnoException, port: number, host: string): Error;
