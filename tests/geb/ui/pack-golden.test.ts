/**
 * The authored UI pack, pinned byte for byte at seeds other than the shipped one (the
 * shipped file itself is pinned by pack.test.ts): sha256 of `packJsonl` per seed / base-task
 * count, computed on the families as first written. A change to how a family is declared
 * must leave every one of these unchanged.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { packJsonl } from "../../../src/geb/ui/pack/index.js";

const GOLDEN: Record<string, string> = {
  "0/2": "b2eda347815f5817c2d800ed7140a43f04632f74ab945921e9f25f06cfb8366c",
  "1/2": "08fa8b6af1906e9b3d95e2c6eb4f8371f7919f6822b0bafeb911af60e6b32aca",
  "7/3": "b53fdd607dbf7f1adb4c2d4b441ef1697555a4d9bc30e670fddc6583a38e2445",
  "42/5": "e8715cb74414d26c1c1be6ff56246ea3a4cdcbdfcdba5cbc56ec5961086ced4e",
  "2026/1": "68b515aa195874d68c50b1b5c53542653af7795e0cd07464861f536606d9b24e",
};

describe("authored UI pack: golden bytes at several seeds", () => {
  for (const [key, sha] of Object.entries(GOLDEN))
    it(`seed/baseTasks ${key}`, () => {
      const [seed, baseTasks] = key.split("/").map(Number);
      expect(createHash("sha256").update(packJsonl({ seed, baseTasks })).digest("hex")).toBe(sha);
    });
});
