import { InputError } from "./errors.js";
/**
 * `server.listen` as a promise whose failures are one-line input errors naming the fix
 * ("port 8017 is in use; pass --port") instead of Node's `listen EADDRINUSE` text.
 */
export function listenOn(server, port, host) {
    return new Promise((resolve, reject) => {
        const onError = (e) => reject(listenError(e, port, host));
        server.once("error", onError);
        server.listen(port, host, () => {
            server.off("error", onError);
            resolve();
        });
    });
}
/** The message for a failed listen; other errors are returned unchanged. */
export function listenError(e, port, host) {
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
//# sourceMappingURL=listen.js.map