/** `estimate-runtime` (the reference's `estimate_runtime.py`): questions × seconds per question. */
import { InputError } from "../../core/errors.js";
import { PyFloat } from "../../core/pyjson.js";
import { pyFixed } from "../api.js";

export interface EstimateInput {
  seeds: number;
  episodes: number;
  queries: number;
  stateModes: number;
  distractorProfiles: number;
  /** Twins double the questions. */
  twins: boolean;
  secondsPerQ: number;
}

export interface Estimate {
  questions: number;
  seconds: number;
}

export function estimateRuntime(i: EstimateInput): Estimate {
  const questions =
    i.seeds * i.episodes * i.queries * i.stateModes * i.distractorProfiles * (i.twins ? 2 : 1);
  return { questions, seconds: questions * i.secondsPerQ };
}

/** The reference's four lines: questions, seconds (0 decimals), minutes (1), hours (2). */
export function formatEstimate(e: Estimate): string {
  return (
    `questions=${e.questions}\nseconds=${pyFixed(e.seconds, 0)}\n` +
    `minutes=${pyFixed(e.seconds / 60, 1)}\nhours=${pyFixed(e.seconds / 3600, 2)}\n`
  );
}

/**
 * Mean `efficiency.wall_s_per_q` over a combined results list (`geb collect` output), or
 * undefined when no row has one. The reference swallows any error here and silently keeps
 * 30 s/q; ours names the file and field.
 */
export function meanSecondsPerQ(data: unknown, file: string): number | undefined {
  if (!Array.isArray(data)) throw new InputError("expected a JSON list of result rows", { file });
  const xs: number[] = [];
  data.forEach((row, i) => {
    if (row === null || typeof row !== "object" || Array.isArray(row))
      throw new InputError("expected an object", { file, field: `[${i}]` });
    const eff = (row as Record<string, unknown>).efficiency;
    if (eff === undefined) return;
    if (eff === null || typeof eff !== "object" || Array.isArray(eff))
      throw new InputError("expected an object", { file, field: `[${i}].efficiency` });
    let v = (eff as Record<string, unknown>).wall_s_per_q;
    if (v instanceof PyFloat) v = v.value;
    if (typeof v === "number" && Number.isFinite(v)) xs.push(v);
  });
  if (!xs.length) return undefined;
  // Python's sum(): left to right.
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}
