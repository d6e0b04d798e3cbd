/**
 * "Failures are never results" for model replies: a reply that cannot be used (no JSON, out of
 * the answer contract, a move the game refuses) is scored as wrong, which is right for a weak
 * model and wrong for a misconfigured run (wrong prompt format, a proxy returning garbage, an
 * agent speaking another protocol), whose scores would look like a weak model's. So every run
 * counts them, and a run where more than `--max-unparseable-share` of the replies were
 * unusable (every one, at the default) is reported on stderr and exits 1, unless the user opts
 * in with the flag set to 1. Shared by GEB model runs and sweeps and GF-01 play-llm/evaluate.
 */
import type { Command } from "commander";
import { addFlags, checkedFlag, declare, type FlagSpec, parseFloatFlag } from "../cli.js";

/** Default `--max-unparseable-share`: more than half the replies unusable fails the run. */
export const DEFAULT_MAX_UNPARSEABLE_SHARE = 0.5;

export const MAX_UNPARSEABLE_SHARE_FLAG = "--max-unparseable-share";

export const MAX_UNPARSEABLE_SHARE_HELP =
  "fail the run (exit 1) when more than this share of the model's replies could not be used (unparseable or out of contract); 1 accepts any share";

/** Unusable replies out of all replies of a run. */
export interface ReplyTally {
  replies: number;
  unparseable: number;
}

/** The sum of several tallies (a run of several parts: splits, datasets, families). */
export function sumTallies(...ts: readonly ReplyTally[]): ReplyTally {
  return {
    replies: ts.reduce((a, t) => a + t.replies, 0),
    unparseable: ts.reduce((a, t) => a + t.unparseable, 0),
  };
}

/** The share of unusable replies (0 when there were none). */
export function unparseableShare(t: ReplyTally): number {
  return t.replies > 0 ? t.unparseable / t.replies : 0;
}

/** True when the run must fail: more than `maxShare` of its replies were unusable. */
export function overUnparseableShare(t: ReplyTally, maxShare: number): boolean {
  return t.replies > 0 && t.unparseable > 0 && unparseableShare(t) > maxShare;
}

/**
 * The one stderr line for a run over the share, or null when it is within it. `what` names
 * the replies ("model replies", "agent lines").
 */
export function unparseableLine(
  prog: string,
  t: ReplyTally,
  maxShare: number,
  what = "model replies",
): string | null {
  if (!overUnparseableShare(t, maxShare)) return null;
  const pct = (100 * unparseableShare(t)).toFixed(1).replace(/\.0$/, "");
  const all = t.unparseable === t.replies ? "every one of" : `${t.unparseable} of`;
  return `${prog}: ${all} ${t.replies} ${what} (${pct}%) could not be used (unparseable or out of contract), more than ${MAX_UNPARSEABLE_SHARE_FLAG} ${maxShare}: check the model, prompt format and endpoint; its scores are not a result (${MAX_UNPARSEABLE_SHARE_FLAG} 1 accepts them)`;
}

/** Parse a `--max-unparseable-share` value: a number in [0, 1]. */
export const parseMaxUnparseableShare = declare(
  (v: string): number => parseFloatFlag(MAX_UNPARSEABLE_SHARE_FLAG, v, { min: 0, max: 1 }),
  { kind: "float", min: 0, max: 1 },
);

/** `--max-unparseable-share` as data (one of the engine flags, src/core/engine/cli.ts). */
export const MAX_UNPARSEABLE_SHARE_SPEC = {
  flags: `${MAX_UNPARSEABLE_SHARE_FLAG} <x>`,
  help: MAX_UNPARSEABLE_SHARE_HELP,
  parse: checkedFlag(parseMaxUnparseableShare),
  default: String(DEFAULT_MAX_UNPARSEABLE_SHARE),
} satisfies FlagSpec;

/** Declare `--max-unparseable-share` (recorded in the run config like every flag). */
export function addMaxUnparseableShareOption(cmd: Command): Command {
  return addFlags(cmd, [MAX_UNPARSEABLE_SHARE_SPEC]);
}

/** The flag's value from parsed options (a string from the command line or config, or a number). */
export function maxUnparseableShareOf(v: unknown): number {
  if (v === undefined || v === null) return DEFAULT_MAX_UNPARSEABLE_SHARE;
  return typeof v === "number" ? v : parseMaxUnparseableShare(String(v));
}
