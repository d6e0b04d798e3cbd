/**
 * The bundled linear selector (configs/models/linear-selector.json) is reproducible: the
 * commands in configs/models/README.md, run through our own API, give the same bytes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateToFile } from "../../../src/geb/api.js";
import { DEFAULT_GENERATE_CONFIG } from "../../../src/geb/dataset/types.js";
import { geb, tmp } from "./helpers.js";

describe("bundled linear selector", () => {
  it("retraining with the documented commands reproduces configs/models/linear-selector.json", async () => {
    const dir = tmp();
    const base = {
      ...DEFAULT_GENERATE_CONFIG,
      episodes: 8,
      steps: 240,
      queries: 16,
      twins: false,
      derivedQueryRate: 0,
    };
    generateToFile(
      { ...base, seed: 1000, stateMode: "kv_commentary", distractorProfile: "standard", noteRate: 0.3 },
      join(dir, "train.jsonl"),
    );
    generateToFile(
      { ...base, seed: 2000, stateMode: "kv", distractorProfile: "update_burst", updateBurstRate: 0.25 },
      join(dir, "train2.jsonl"),
    );
    const ex = join(dir, "ex.jsonl");
    const model = join(dir, "linear-selector.json");
    const e = await geb([
      "selector",
      "export",
      "--data",
      join(dir, "train.jsonl"),
      "--data",
      join(dir, "train2.jsonl"),
      "--out",
      ex,
      "--k",
      "8",
    ]);
    expect(e.code, e.err).toBe(0);
    const t = await geb(["selector", "train", "--data", ex, "--out", model]);
    expect(t.code, t.err).toBe(0);
    const shipped = new URL("../../../configs/models/linear-selector.json", import.meta.url);
    expect(readFileSync(model, "utf8")).toBe(readFileSync(shipped, "utf8"));
  }, 60_000);
});
