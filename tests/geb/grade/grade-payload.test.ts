/**
 * The keys the reference writes into a `model` results payload are present in ours:
 * `metrics.answer_correct_given_selected`, `metrics_raw` (the model's answers before any
 * post-processing: ours are never post-processed, so it equals `metrics`; null when no model
 * answered) and `artifact_stats` (we build no artifacts: an empty list, as the reference
 * writes for adapters without `build_artifact`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelRunPayload } from "../../../src/geb/pipeline/gebmodel.js";
import { dataset, geb, tmp } from "../pipeline/helpers.js";

describe("geb model payload: the reference's keys", () => {
  it("a model run carries metrics_raw = metrics, artifact_stats = [], answer_correct_given_selected", async () => {
    const dir = tmp();
    const data = dataset(dir, "kv", { seed: 3, episodes: 1, steps: 40, queries: 6 });
    const out = join(dir, "plain");
    const r = await geb([
      "model",
      "--data",
      data,
      "--model",
      "builtin:ledger-reader",
      "--no-progress",
      "--out-dir",
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    const p = JSON.parse(readFileSync(join(out, "results.json"), "utf8"))[0] as ModelRunPayload;
    expect(p.metrics.answer_correct_given_selected).toBe(1);
    expect(p.metrics_raw).toEqual(p.metrics);
    expect(p.artifact_stats).toEqual([]);

    const det = join(dir, "det");
    const d = await geb([
      "model",
      "--data",
      data,
      "--model",
      "retrieval",
      "--deterministic-answer",
      "--no-progress",
      "--out-dir",
      det,
    ]);
    expect(d.code, d.err).toBe(0);
    const q = JSON.parse(readFileSync(join(det, "results.json"), "utf8"))[0] as ModelRunPayload;
    expect(q.metrics_raw).toBeNull();
    expect(q.artifact_stats).toEqual([]);
    expect(
      typeof q.metrics.answer_correct_given_selected === "number" ||
        q.metrics.answer_correct_given_selected === null,
    ).toBe(true);
  }, 60_000);
});
