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

describe("what the bins load before a command runs (the bundle's static imports)", () => {
  it("no zod, no model client (node:http/https), no command implementation", async () => {
    const { build } = await import("esbuild");
    const { bundleOptions, startupInputs } = await import("../../scripts/bundle.js");
    const { metafile } = await build(bundleOptions(false));
    for (const bin of ["gf01", "geb"] as const) {
      const { inputs, external } = startupInputs(metafile, bin);
      const chainTo = (f: string): string => {
        const chain: string[] = [];
        for (let g: string | undefined = f; g; g = inputs.get(g)) chain.unshift(g);
        return chain.join(" → ");
      };
      const heavy = [...inputs.keys()].filter((f) =>
        /node_modules\/zod\/|src\/(gf01|geb)\/api\.ts$|src\/core\/engine\/clients\/index\.ts$/.test(f),
      );
      expect(heavy.map(chainTo), bin).toEqual([]);
      expect(
        [...external].filter((x) => /^node:(https?|net|tls|worker_threads)$/.test(x)),
        bin,
      ).toEqual([]);
      // The error classes stay one class (scripts/bundle.ts): loaded from dist/, not copied.
      expect(
        [...inputs.keys()].filter((f) => /src\/core\/(engine\/)?errors\.ts$/.test(f)),
        bin,
      ).toEqual([]);
    }
  }, 60_000);
});

describe("what a baseline `geb sweep` loads (issue 13's CPU budget)", () => {
  it("no zod: the sweep, its flags, cells and summary import no schema module statically", async () => {
    const { build } = await import("esbuild");
    const { bundleOptions, staticClosure } = await import("../../scripts/bundle.js");
    const { metafile } = await build(bundleOptions(false));
    const starts = [
      "src/geb/cli/sweep.ts",
      "src/geb/sweep/flags.ts",
      "src/geb/sweep/sweep.ts",
      "src/geb/sweep/cell.ts",
      "src/geb/sweep/runners.ts",
    ];
    for (const s of starts) expect(Object.keys(metafile.inputs), s).toContain(s);
    const { inputs } = staticClosure(metafile, starts);
    const chainTo = (f: string): string => {
      const chain: string[] = [];
      for (let g: string | undefined = f; g; g = inputs.get(g)) chain.unshift(g);
      return chain.join(" → ");
    };
    expect([...inputs.keys()].filter((f) => f.includes("node_modules/zod/")).map(chainTo)).toEqual([]);
  }, 60_000);
});
