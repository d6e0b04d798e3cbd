import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/listen.ts
import { InputError } from "../core/errors.js";
function listenOn(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (e) => reject(listenError(e, port, host));
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}
function listenError(e, port, host) {
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

export {
  listenOn
};
