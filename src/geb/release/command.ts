/**
 * The shared action of `geb release matrix` and `geb release run`: build the engine from the
 * model flags (no-model programs get one client per family), produce or read the families,
 * write the matrix. A producer's failed requests are one stderr line; the matrix still
 * records the family (MISSING, producer_failed_or_nonzero_exit) and the exit code is 1.
 * More unusable replies than `--max-unparseable-share`: one stderr line, exit 1, matrix written.
 */
import type { ModelCliValues } from "../../core/engine/cli.js";
import { InputError } from "../../core/errors.js";
import type { ReleaseMatrix } from "./schema.js";

export async function runMatrixCommand(
  o: ModelCliValues & Record<string, unknown>,
): Promise<ReleaseMatrix | null> {
  const { runReleaseMatrix } = await import("./run.js");
  if (o.useExisting && o.model)
    throw new InputError("--use-existing reads artifacts; it takes no --model", { field: "--use-existing" });
  let engine: import("../../core/engine/cli.js").EngineFromOptions | undefined;
  if (o.model) {
    await import("./builtin.js");
    const { engineFromOptions } = await import("../../core/engine/cli.js");
    engine = await engineFromOptions({ ...o, resume: false, overwrite: false, results: undefined });
  }
  const r = await runReleaseMatrix({
    contractFile: o.contract as string | undefined,
    outDir: o.outDir as string,
    useExisting: o.useExisting as string | undefined,
    runId: o.runId as string | undefined,
    model: o.model,
    engine,
    runs: o.runs as number | undefined,
    minRuns: o.minRuns as number | undefined,
    size: o.size as "default" | "smoke" | undefined,
    only: o.family as string[] | undefined,
  });
  if (r.firstProducerError) {
    process.stderr.write(`geb: a family producer failed, first: ${r.firstProducerError}; see the matrix\n`);
    process.exitCode = 1;
  }
  // Mostly replies with no answer-contract object: the matrix is written, but it is not a result.
  const u = await import("../../core/engine/unparseable.js");
  const unusable = u.unparseableLine("geb", r.replies, u.maxUnparseableShareOf(o.maxUnparseableShare));
  if (unusable) {
    process.stderr.write(`${unusable}\n`);
    process.exitCode = 1;
  }
  return r.matrix;
}
