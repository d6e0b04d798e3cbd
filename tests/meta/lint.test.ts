import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// `npm run lint` is part of CI through this test: a lint or format error anywhere in the
// checked files (biome.json `files.includes`; generated outputs are excluded) fails `npm test`.
const root = fileURLToPath(new URL("../..", import.meta.url));
const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");

describe("lint", () => {
  it("biome check . reports no errors", async () => {
    const r = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile(
        process.execPath,
        [biome, "check", ".", "--colors=off", "--max-diagnostics=20"],
        { cwd: root, maxBuffer: 1 << 24 },
        (err, stdout, stderr) =>
          resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
      ),
    );
    expect(r.code, r.out).toBe(0);
  }, 60_000);
});
