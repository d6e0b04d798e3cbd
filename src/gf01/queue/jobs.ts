/** The GF-01 job handlers run by `gf01 worker` / `geb worker` (in sandboxed processes). */
import { InputError } from "../../core/errors.js";
import { evaluateInstanceRow } from "../evaluate-row.js";
import { runRecordLine } from "../artifacts/run-record.js";
import type { EvaluateJobData, EvaluateJobResult } from "./evaluate.js";

export async function evaluateJob(data: unknown): Promise<EvaluateJobResult> {
  const d = data as EvaluateJobData;
  if (!(d && typeof d === "object" && d.instance && d.params))
    throw new InputError("gf01.evaluate job: payload needs instance and params");
  const { row } = evaluateInstanceRow(d.instance, d.params);
  return { line: runRecordLine(row) };
}
