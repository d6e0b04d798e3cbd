/**
 * Issue 16: HTTP bodies for the play API (in-process server on loopback). Mutated and random
 * session-creation and action bodies, odd methods and paths: never a 5xx, errors are JSON with
 * a code, and the server keeps serving valid requests afterwards.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { startPlayServer, type PlayServer } from "../../src/gf01/play/http.js";
import { actionBody, closeAgent, createBody, method, oddPath, replyViolation, send } from "./lib/http.js";
import { seedOf } from "./lib/run.js";

const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 150);
let server: PlayServer;

beforeAll(async () => {
  const bundle = await loadBundle(
    new URL("../fixtures/fuzz/instance_bundle_v1.json", import.meta.url).pathname,
  );
  server = await startPlayServer({
    bundle,
    dataDir: mkdtempSync(join(tmpdir(), "fuzz-http-")),
    gitCommit: "fuzz",
  });
});
afterAll(async () => {
  closeAgent();
  await server?.close();
});

const check = (v: string | undefined) => {
  if (v) throw new Error(v);
};

describe("play API under hostile requests", () => {
  it("session creation bodies", async () => {
    await fc.assert(
      fc.asyncProperty(createBody, async (b) =>
        check(
          replyViolation(await send(server.url, "POST", "/api/gf01/sessions", b), `create ${b.slice(0, 80)}`),
        ),
      ),
      { seed: seedOf("http create"), numRuns: RUNS },
    );
  });
  it("action bodies on a live session (then a commit)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionBody, { minLength: 1, maxLength: 6 }), async (bodies) => {
        const c = await send(
          server.url,
          "POST",
          "/api/gf01/sessions",
          JSON.stringify({ instance_index: 1, agent_name: "fuzz-client" }),
        );
        expect(c.status).toBe(201);
        const id = JSON.parse(c.body).session_id as string;
        for (const b of bodies)
          check(
            replyViolation(
              await send(server.url, "POST", `/api/gf01/sessions/${id}/actions`, b),
              `action ${b.slice(0, 80)}`,
            ),
          );
        check(replyViolation(await send(server.url, "POST", `/api/gf01/sessions/${id}/commit`), "commit"));
        check(replyViolation(await send(server.url, "GET", `/api/gf01/sessions/${id}/result`), "result"));
      }),
      { seed: seedOf("http actions"), numRuns: Math.ceil(RUNS / 3) },
    );
  });
  it("odd methods and paths", async () => {
    await fc.assert(
      fc.asyncProperty(method, oddPath, fc.option(actionBody, { nil: undefined }), async (m, p, b) =>
        check(
          replyViolation(
            await send(server.url, m, p, m === "GET" || m === "HEAD" ? undefined : b),
            `${m} ${p}`,
          ),
        ),
      ),
      { seed: seedOf("http paths"), numRuns: RUNS },
    );
    const ok = await send(server.url, "GET", "/api/gf01/instances");
    expect(ok.status).toBe(200);
  });
});
