/**
 * `gf01 evaluate --queue`: one job per instance (payload: the instance itself and every
 * parameter its row depends on, so the job id is a content hash and any worker can score it
 * without the bundle file). Returns the rows' exact lines in the order given.
 */
import { type JobOutcome, runJobs } from "../../core/queue/coordinator.js";
import { QueueUnavailableError, SINK_KEY } from "../../core/queue/redis.js";
import type { QueueUrl } from "../../core/queue/url.js";
import type { EvaluateRowParams } from "../evaluate-row.js";
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

/**
 * A sink result as the row it must be: a JSON object line for this very instance. Anything
 * else (a value written by something other than a worker) stops the run with one line.
 */
export function checkedRow(
  id: string,
  result: unknown,
  instanceId: string,
): { line: string; row: Record<string, unknown> } {
  const bad = (why: string) => new QueueUnavailableError(`result ${id} in ${SINK_KEY} ${why}`);
  const line = (result as EvaluateJobResult | null)?.line;
  if (typeof line !== "string") throw bad("has no line");
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    throw bad("is not a JSON row");
  }
  if (!(row && typeof row === "object" && !Array.isArray(row))) throw bad("is not a JSON object row");
  const r = row as Record<string, unknown>;
  if (r.instance_id !== instanceId)
    throw bad(`is a row of instance ${JSON.stringify(r.instance_id)}, not ${JSON.stringify(instanceId)}`);
  return { line, row: r };
}
