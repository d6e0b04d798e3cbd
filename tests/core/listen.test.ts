/** A busy port is one line naming the fix, for the helper and for `gf01 serve`'s server. */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { listenOn } from "../../src/core/listen.js";
import { demoBundle, startGf01Server } from "../../src/gf01/server/serve.js";

async function busyPort() {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return { port: (s.address() as { port: number }).port, close: () => new Promise((r) => s.close(r)) };
}

describe("listening on a busy port", () => {
  it("listenOn: 'port N is in use; pass --port'", async () => {
    const busy = await busyPort();
    try {
      const e = await listenOn(createServer(), busy.port, "127.0.0.1").catch((x) => x);
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toBe(`port ${busy.port} is in use; pass --port (0 picks a free one)`);
    } finally {
      await busy.close();
    }
  });

  it("gf01 serve's server says the same instead of 'listen EADDRINUSE'", async () => {
    const busy = await busyPort();
    const dir = mkdtempSync(join(tmpdir(), "ob-listen-"));
    try {
      const e = await startGf01Server({
        bundles: [{ key: "demo", bundle: demoBundle("0".repeat(40)).bundle }],
        dataDir: dir,
        port: busy.port,
        webDir: false,
      }).catch((x) => x);
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toMatch(new RegExp(`^port ${busy.port} is in use; pass --port`));
    } finally {
      await busy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
