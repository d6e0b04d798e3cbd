/**
 * The authored UI pack, pinned byte for byte at seeds other than the shipped one (the
 * shipped file itself is pinned by pack.test.ts): sha256 of `packJsonl` per seed / base-task
 * count, computed on the families as first written. A change to how a family is declared
 * must leave every one of these unchanged.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { packJsonl } from "../../../src/geb/ui/pack/index.js";

/** sha256 of `packJsonl` by "seed/baseTasks". */
const GOLDEN: Record<string, string> = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../fixtures/geb-ui/pack-golden.json", import.meta.url)), "utf8"),
);

const SETTINGS = ["0/2", "1/2", "7/3", "42/5", "2026/1"];

describe("authored UI pack: golden bytes at several seeds", () => {
  for (const key of SETTINGS)
    it(`seed/baseTasks ${key}`, () => {
      const [seed, baseTasks] = key.split("/").map(Number);
      expect(createHash("sha256").update(packJsonl({ seed, baseTasks })).digest("hex")).toBe(GOLDEN[key]);
    });
});
