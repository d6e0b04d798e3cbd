import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Tests run TypeScript through tsx/vitest, which strip types without checking them; this makes
// `npm test` (and so CI) fail on a type error anywhere in src/, tests/, bench/ or scripts/.
const root = fileURLToPath(new URL("../..", import.meta.url));
// TypeScript 7 (the native compiler) exports no bin path: its bin script sits beside package.json.
const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");

describe("typecheck", () => {
  it("tsc --noEmit reports no errors", async () => {
    const out = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        // One checker: the same wall time alone (~6.7 s), ~25% less CPU than the default four,
        // whose type caches overlap; the suite's other files have the cores.
        [tsc, "--noEmit", "-p", "tsconfig.json", "--checkers", "1"],
        { cwd: root, maxBuffer: 1 << 24 },
        (err, stdout, stderr) => resolve(err ? `${stdout}${stderr}` : ""),
      ),
    );
    expect(out).toBe("");
  }, 240_000);
});
