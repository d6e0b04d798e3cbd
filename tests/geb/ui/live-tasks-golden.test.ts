/**
 * The live app's task table, pinned byte for byte: sha256 of the exported tasks as JSON, and of
 * every step's own keys (so a step written without `expect` keeps no `expect` key, not even an
 * undefined one). Computed on the table as first written, one object literal per step; a change
 * to how the steps are written must leave both unchanged.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LIVE_TASKS } from "../../../src/geb/ui/live/tasks.js";

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

describe("live tasks: golden table", () => {
  it("the exported tasks, as JSON", () => {
    expect(sha256(JSON.stringify(LIVE_TASKS))).toBe(
      "3841a45b093904f68ede2a3c662ffd3afe9d8f1f201f01226b6c42afbce5edf3",
    );
  });

  it("every step's own keys, in order", () => {
    expect(sha256(JSON.stringify(LIVE_TASKS.map((t) => t.steps.map((s) => Object.keys(s)))))).toBe(
      "1c7c978e4d10b53d75186d0a4f435088aa92d966acbea42839464146ba6060db",
    );
  });
});
