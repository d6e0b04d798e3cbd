/**
 * Configuration: the reference's environment variables are read and recorded, a config file
 * and flags override them in that order, and bad values name where they came from.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { DEFAULT_PIPELINE_CONFIG, resolvePipelineConfig } from "../../../src/geb/pipeline/config.js";
import { geb, kvCommentary, tmp } from "./helpers.js";

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (k.startsWith("GOLDEVIDENCEBENCH_")) delete process.env[k];
  Object.assign(process.env, saved);
});

describe("pipeline config", () => {
  it("defaults < env < file < flags", () => {
    const dir = tmp();
    const file = join(dir, "p.json");
    writeFileSync(file, JSON.stringify({ k: 6, rerank: "latest_step" }));
    const env = {
      GOLDEVIDENCEBENCH_RETRIEVAL_K: "3",
      GOLDEVIDENCEBENCH_RETRIEVAL_AUTHORITY_FILTER: "1",
      GOLDEVIDENCEBENCH_RETRIEVAL_RERANK: "prefer_set_latest",
    };
    expect(resolvePipelineConfig({ env }).config).toMatchObject({
      k: 3,
      authority_filter: true,
      rerank: "prefer_set_latest",
    });
    expect(resolvePipelineConfig({ env, file }).config).toMatchObject({
      k: 6,
      authority_filter: true,
      rerank: "latest_step",
    });
    const r = resolvePipelineConfig({ env, file, flags: { k: 2, authority_filter: false } });
    expect(r.config).toEqual({
      ...DEFAULT_PIPELINE_CONFIG,
      k: 2,
      authority_filter: false,
      rerank: "latest_step",
    });
    expect(r.sources).toEqual({ env, file });
  });

  it("bad values are errors naming the variable, the file field or the rule", () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).message;
      }
      throw new Error("no error");
    };
    expect(err(() => resolvePipelineConfig({ env: { GOLDEVIDENCEBENCH_RETRIEVAL_K: "four" } }))).toMatch(
      /GOLDEVIDENCEBENCH_RETRIEVAL_K.*integer/,
    );
    expect(
      err(() => resolvePipelineConfig({ env: { GOLDEVIDENCEBENCH_RETRIEVAL_RERANK: "magic" } })),
    ).toMatch(/GOLDEVIDENCEBENCH_RETRIEVAL_RERANK/);
    expect(
      err(() => resolvePipelineConfig({ env: { GOLDEVIDENCEBENCH_RETRIEVAL_DROP_PROB: "1.5" } })),
    ).toMatch(/DROP_PROB/);
    const file = join(tmp(), "bad.json");
    writeFileSync(file, JSON.stringify({ k: 2, reranker: "linear" }));
    expect(err(() => resolvePipelineConfig({ env: {}, file }))).toMatch(/bad\.json/);
    expect(err(() => resolvePipelineConfig({ env: {}, flags: { rerank: "linear" } }))).toMatch(
      /linear model/,
    );
  });

  it("geb model records the environment it read", async () => {
    const dir = tmp();
    const data = kvCommentary(dir, 0, 1);
    process.env.GOLDEVIDENCEBENCH_RETRIEVAL_K = "4";
    process.env.GOLDEVIDENCEBENCH_RETRIEVAL_SELECTOR_ONLY = "1";
    process.env.GOLDEVIDENCEBENCH_RETRIEVAL_RERANK = "prefer_update_latest";
    const out = join(dir, "r.json");
    const r = await geb(["model", "--data", data, "--model", "retrieval", "--results-json", out]);
    expect(r.code).toBe(0);
    const p = JSON.parse((await import("node:fs")).readFileSync(out, "utf8"))[0];
    expect(p.config.pipeline).toMatchObject({ k: 4, selector_only: true, rerank: "prefer_update_latest" });
    expect(p.config.pipeline_sources.env.GOLDEVIDENCEBENCH_RETRIEVAL_K).toBe("4");
    expect(p.env.GOLDEVIDENCEBENCH_RETRIEVAL_RERANK).toBe("prefer_update_latest");
    expect(p.metrics.value_acc).toBe(1);
  });

  it("bad flags exit 2 with the field named", async () => {
    const data = kvCommentary(tmp(), 0, 1);
    const r = await geb([
      "model",
      "--data",
      data,
      "--model",
      "retrieval",
      "--selector-only",
      "--rerank",
      "linear",
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/linear_model/);
  });
});
