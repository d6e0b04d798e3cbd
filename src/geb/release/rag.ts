/**
 * The strict RAG step of `geb release run`: the release signal's strict checks need the
 * strict RAG preset's summary; without `--rag-summary` the run produces it now, through
 * `geb rag run`'s API, into `<out-dir>/rag/` (docs/geb/release.md).
 *
 * Which model answers it (`--rag-model`, default below): the release subject itself, except
 * for the no-model trap programs, which answer trap prompts only; their RAG counterpart is
 * `builtin:ledger-reader`, the no-model reader of ledger prompts.
 */
import type { EngineFromOptions } from "../../core/engine/cli.js";
import { InputError } from "../../core/errors.js";
import { runRagBenchmark } from "../rag/index.js";
import { noModelProgram } from "./builtin.js";

/** The no-model program that answers the strict RAG preset's ledger prompts. */
export const NO_MODEL_RAG_READER = "builtin:ledger-reader";

/**
 * The RAG model of a release run: `--rag-model` when given, else `builtin:ledger-reader` for a
 * no-model trap program (`builtin:trap-*`), else the release `--model` itself.
 */
export function releaseRagModel(o: {
  model?: string;
  ragModel?: string;
  ragSummary?: string;
}): string | null {
  if (o.ragModel !== undefined && o.ragSummary !== undefined)
    throw new InputError(
      "give either --rag-model (run the strict RAG preset now) or --rag-summary, not both",
      {
        field: "--rag-model",
      },
    );
  if (o.ragSummary !== undefined) return null;
  if (o.ragModel !== undefined) return o.ragModel;
  if (!o.model) return null;
  return noModelProgram(o.model) ? NO_MODEL_RAG_READER : o.model;
}

/** A `builtin:` RAG model is a program, not a model: its strict numbers say nothing about one. */
export const isNoModelRag = (spec: string): boolean => spec.startsWith("builtin:");

export interface ReleaseRagResult {
  summaryPath: string;
  status: string | null;
  means: Record<string, number | null>;
  /** The RAG model's replies and how many broke the answer contract (`--max-unparseable-share`). */
  replies: import("../../core/engine/unparseable.js").ReplyTally;
}

/**
 * Run the strict RAG preset with `engine` into `dir` (deterministic artifacts: no wall-clock
 * fields, as everything else a release run writes). Failed requests are a `RagRunError`
 * (src/geb/rag): nothing is scored and the caller reports it.
 */
export async function runReleaseRag(o: {
  model: string;
  engine: EngineFromOptions;
  dir: string;
  log?: (line: string) => void;
}): Promise<ReleaseRagResult> {
  const r = await runRagBenchmark({
    preset: "strict",
    outDir: o.dir,
    model: o.model,
    engine: o.engine,
    timings: false,
    log: o.log,
  });
  const means = (r.summary.means ?? {}) as Record<string, number | null>;
  return {
    summaryPath: r.summaryPath,
    status: (r.summary.status as string | undefined) ?? null,
    means,
    replies: r.replies ?? { replies: 0, unparseable: 0 },
  };
}
