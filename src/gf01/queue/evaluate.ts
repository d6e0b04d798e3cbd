/**
 * `gf01 evaluate --queue`: one job per instance (payload: the instance itself and every
 * parameter its row depends on, so the job id is a content hash and any worker can score it
 * without the bundle file). Returns the rows' exact lines in the order given.
 */
import { type JobOutcome, runJobs } from "../../core/queue/coordinator.js";
import type { QueueUrl } from "../../core/queue/url.js";
import type { EvaluateRowParams } from "../api.js";
import type { Gf01Instance } from "../model/types.js";
import { Progress } from "../../core/progress.js";

export const EVALUATE_JOB = "gf01.evaluate";

export interface EvaluateJobData {
  instance: Gf01Instance;
  params: EvaluateRowParams;
}

export interface EvaluateJobResult {
  /** The row exactly as the single-process writer writes it (runRecordLine). */
  line: string;
}

export async function evaluateQueued(
  url: QueueUrl,
  todo: readonly Gf01Instance[],
  params: EvaluateRowParams,
): Promise<JobOutcome<EvaluateJobResult>[]> {
  const progress = new Progress(todo.length, "gf01 evaluate (queue)");
  const r = await runJobs<EvaluateJobResult>(
    url,
    EVALUATE_JOB,
    todo.map((instance): EvaluateJobData => ({ instance, params })),
    {
      onReused: (n) => progress.skip(n),
      onDone: (n) => progress.tick(n),
      log: (line) => process.stderr.write(`gf01: ${line}\n`),
    },
  );
  progress.finish();
  return r.outcomes;
}
