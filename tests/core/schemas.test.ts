import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectSchemas, schemasDir } from "../../scripts/export-schemas.js";

describe("exported JSON Schemas", () => {
  it("schemas/ matches the zod schemas (run `npm run schemas` after changing one)", async () => {
    const fresh = await collectSchemas();
    expect(fresh.size).toBeGreaterThanOrEqual(4);
    const committed = readdirSync(schemasDir)
      .filter((f) => f.endsWith(".schema.json"))
      .sort();
    expect(committed).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh) expect(readFileSync(join(schemasDir, file), "utf8"), file).toBe(text);
  });
});
