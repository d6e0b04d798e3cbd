/**
 * `geb model --model a --model b …`: each model over the same rows, concurrently, with one
 * concurrency budget per endpoint (models served by the same server share `--max-concurrency`),
 * one results folder per model, then the paired comparison of every model against the first
 * (`geb compare`'s deltas and tests: exact McNemar / episode-cluster bootstrap on the rates
 * rows carry; docs/statistics.md), printed and written to `<out-dir>/comparison.json`.
 * A model whose run failed or stopped gets no scores, and no comparison is made.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { ModelCliValues } from "../../core/engine/cli.js";
import { RunStoppedError } from "../../core/engine/errors.js";
import { AdaptiveLimiter } from "../../core/engine/retry.js";
import { InputError } from "../../core/errors.js";
import { registerSchema } from "../../core/schema.js";
import type { GebModelResult, runGebModel as RunGebModel } from "../pipeline/gebmodel.js";
import type { MetricDelta } from "../summary/compare.js";
import { unusableRepliesLine } from "../model/run.js";

export const MODEL_COMPARISON_SCHEMA_ID = "oraclebench.geb.model_comparison/1";

const deltaSchema = z.object({
  metric: z.string(),
  base: z.number().nullable(),
  other: z.number().nullable(),
  delta: z.number().nullable(),
  ci_low: z.number().nullable().optional(),
  ci_high: z.number().nullable().optional(),
  p_value: z.number().nullable().optional(),
  significant: z.boolean().nullable().optional(),
  method: z.string().optional(),
  n_paired: z.number().int().optional(),
  note: z.string().optional(),
});

/** `<out-dir>/comparison.json` of a several-model `geb model` run. */
export const modelComparisonSchema = z.strictObject({
  schema: z.literal(MODEL_COMPARISON_SCHEMA_ID),
  /** The first --model: every other model is compared with it (other − base). */
  base: z.object({ model: z.string(), dir: z.string() }),
  comparisons: z.array(z.object({ model: z.string(), dir: z.string(), deltas: z.array(deltaSchema) })),
});
registerSchema("geb-model-comparison", modelComparisonSchema);
export type ModelComparison = z.infer<typeof modelComparisonSchema>;

/** A per-model flag given once (all models) or once per --model (in order). */
export function perModel(
  flag: string,
  values: string[] | string | undefined,
  n: number,
): (string | undefined)[] {
  if (values === undefined) return Array(n).fill(undefined);
  const list = Array.isArray(values) ? values : [values];
  if (list.length === 1) return Array(n).fill(list[0]);
  if (list.length === n) return list;
  throw new InputError(
    `given ${list.length} times for ${n} --model: give it once (all models) or once per --model`,
    {
      field: flag,
    },
  );
}

/** Folder name of a model spec: readable, filesystem-safe. */
export function modelSlug(spec: string): string {
  return spec.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "") || "model";
}

export interface SeveralModelsDeps {
  engineFromOptions: typeof import("../../core/engine/cli.js").engineFromOptions;
  /** `--queue`: every model's requests are jobs (each model's run is its own coordinator). */
  queue?: import("../../core/queue/url.js").QueueUrl;
  runGebModel: typeof RunGebModel;
  /** Called once every engine is made (inputs read), before the first request or output. */
  beforeRun?: () => Promise<void>;
  /** Runs one model's GEB options (everything but engine and model). */
  base: Omit<Parameters<typeof RunGebModel>[0], "engine" | "model">;
  writeModelDir(dir: string, r: GebModelResult): void;
  report(r: GebModelResult): string[];
}

/** Run every model; returns the exit code (0 all scored and compared, 1 otherwise). */
export async function runSeveralModels(
  o: ModelCliValues & Record<string, unknown>,
  models: string[],
  deps: SeveralModelsDeps,
): Promise<number> {
  const outDir = o.outDir as string | undefined;
  if (!outDir)
    throw new InputError("several --model need --out-dir <dir> (one results folder per model)", {
      field: "--model",
    });
  for (const flag of ["results", "out", "resultsJson"] as const)
    if (o[flag] !== undefined)
      throw new InputError(
        "with several --model, each model's files go to <out-dir>/<model>/; drop this flag",
        {
          field: `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
        },
      );
  const slugs = models.map(modelSlug);
  const dup = slugs.find((s, i) => slugs.indexOf(s) !== i);
  if (dup !== undefined)
    throw new InputError(`two --model share the folder name ${JSON.stringify(dup)}; each model once`, {
      field: "--model",
    });
  if (models.some((m) => m === "retrieval" || m.startsWith("retrieval:")))
    throw new InputError("several --model run engine models only (not the retrieval pipeline)", {
      field: "--model",
    });
  const bases = perModel("--base-url", o.baseUrl as string[] | string | undefined, models.length);
  const keys = perModel("--api-key-env", o.apiKeyEnv as string[] | string | undefined, models.length);
  const engines = [];
  for (let i = 0; i < models.length; i++) {
    engines.push(
      await deps.engineFromOptions({
        ...o,
        model: models[i],
        baseUrl: bases[i],
        apiKeyEnv: keys[i],
        results: join(outDir, slugs[i], "results.jsonl"),
        // Several progress lines would overwrite each other: one line per model at the end instead.
        progress: false,
      }),
    );
  }
  if (deps.queue) {
    const { queuedRunner } = await import("../../core/engine/queue.js");
    for (const e of engines) if (e.clientSpec) e.run.runner = queuedRunner(deps.queue, e.clientSpec);
  }
  // One budget per endpoint: models behind the same server never exceed --max-concurrency together.
  const limiters = new Map<string, AdaptiveLimiter>();
  for (const e of engines) {
    const k = `${e.client.descriptor.kind}\u0000${e.client.descriptor.endpoint}`;
    let l = limiters.get(k);
    if (!l) {
      l = new AdaptiveLimiter(e.run.maxConcurrency);
      limiters.set(k, l);
    }
    e.run.limiter = l;
  }
  await deps.beforeRun?.();
  const settled = await Promise.allSettled(
    engines.map((engine, i) => deps.runGebModel({ ...deps.base, model: models[i], engine })),
  );
  for (const e of engines) await e.client.close?.();
  let failed = false;
  let unusableRun = false;
  const results: (GebModelResult | null)[] = [];
  for (const [i, s] of settled.entries()) {
    if (s.status === "rejected") {
      if (!(s.reason instanceof RunStoppedError)) throw s.reason;
      process.stderr.write(`geb: ${models[i]}: ${s.reason.message}\n`);
      failed = true;
      results.push(null);
      continue;
    }
    const r = s.value;
    if (r.errors > 0) {
      const n = r.payload.data.n * Math.max(1, r.predictions.length);
      process.stderr.write(
        `geb: ${models[i]}: ${r.errors} of ${n} requests failed, first: ${r.firstError ?? "unknown error"}; no scores reported — rerun with --resume to retry only those\n`,
      );
      failed = true;
      results.push(null);
      continue;
    }
    const dir = join(outDir, slugs[i]);
    mkdirSync(dir, { recursive: true });
    deps.writeModelDir(dir, r);
    for (const line of deps.report(r)) console.log(line);
    const unusable = await unusableRepliesLine(r.records, engines[i].run.maxUnparseableShare);
    if (unusable) {
      process.stderr.write(`${unusable.replace(/^geb: /, `geb: ${models[i]}: `)}\n`);
      unusableRun = true;
    }
    results.push(r);
  }
  if (failed) {
    process.stderr.write("geb: no paired comparison: not every model has a complete run\n");
    return 1;
  }
  const { compareRunPayloads, formatDeltas } = await import("../summary/compare.js");
  const done = results as GebModelResult[];
  const comparison: ModelComparison = {
    schema: MODEL_COMPARISON_SCHEMA_ID,
    base: { model: models[0], dir: slugs[0] },
    comparisons: [],
  };
  for (let i = 1; i < done.length; i++) {
    const deltas: MetricDelta[] = compareRunPayloads([done[0].payload], [done[i].payload]);
    comparison.comparisons.push({ model: models[i], dir: slugs[i], deltas });
    console.log(`paired comparison: ${models[i]} (other) vs ${models[0]} (base)`);
    for (const line of formatDeltas(deltas)) console.log(line);
  }
  const { writeFileAtomic } = await import("../../core/jsonl.js");
  await writeFileAtomic(join(outDir, "comparison.json"), `${JSON.stringify(comparison, null, 2)}\n`);
  return unusableRun ? 1 : 0;
}
