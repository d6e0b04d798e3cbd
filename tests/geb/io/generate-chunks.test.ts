import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateToFile, generateToFileAsync } from "../../../src/geb/api.js";

const dir = mkdtempSync(join(tmpdir(), "geb-chunks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("generateToFileAsync (rows encoded into fixed chunks)", () => {
  for (const compat of ["1.0", "reference-0.1"] as const) {
    const cfg = { episodes: 3, steps: 40, queries: 4, seed: 5, compat };
    const expected = join(dir, `sync-${compat}.jsonl`);
    generateToFile(cfg, expected);
    // 64 KiB: whole rows fit; 4 KiB: documents and books are larger than a chunk (written as
    // they are); 300 bytes: even the row text between them spills over.
    for (const chunk of [1 << 16, 4096, 300]) {
      it(`${compat}: writes the bytes generateToFile writes (chunk ${chunk} B)`, async () => {
        const out = join(dir, `async-${compat}-${chunk}.jsonl`);
        const r = await generateToFileAsync(cfg, out, chunk);
        expect(r.rows).toBe(24);
        expect(readFileSync(out).equals(readFileSync(expected))).toBe(true);
      });
    }
  }
});
