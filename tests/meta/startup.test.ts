/**
 * Start-up (docs/performance.md): declaring the CLIs' flags loads no command implementation, so
 * a few help texts spell out defaults that live in implementation modules. These tests keep
 * the two equal.
 */
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../src/gf01/cli.js";
import { SERVER_BEST_MATCH_MAX_NODES } from "../../src/gf01/play/http.js";

describe("help texts written out for start-up", () => {
  it("gf01 serve --best-match-max-nodes names the server's default cap", () => {
    const serve = buildProgram().commands.find((c) => c.name() === "serve");
    const opt = serve?.options.find((o) => o.long === "--best-match-max-nodes");
    expect(opt?.description).toContain(`(default ${SERVER_BEST_MATCH_MAX_NODES};`);
  });
});
