/**
 * The sweep flags' declarations (`geb sweep`, `geb run-preset`, `geb wall-search`); ./flags.ts
 * turns the parsed values into a SweepSpec. Kept apart so that `geb --help` loads neither the
 * pipeline config schema nor zod (start-up, docs/performance.md).
 */
import { type Command, Option } from "commander";
import {
  checkedFlag,
  floatFlag,
  intFlag,
  MAX_COUNT,
  MAX_INT,
  MAX_SUPPORT_K,
  parseFloatFlag,
  parseIntFlag,
  RATE_RANGE,
  type RangeOptions,
} from "../../core/cli.js";
import { COMPAT_MODES, DISTRACTOR_PROFILES, STATE_MODES } from "../dataset/types.js";
import { DEFAULT_SWEEP, RATE_KNOBS } from "./grid.js";

const collect = (v: string, prev: string[] = []) => [...prev, v];

// The shared validated parsers (src/core/cli.ts); ranges mirror the generator's validateConfig,
// and every flag declares its range (tests/fuzz/flags.test.ts).
const INT_RANGE: Record<string, RangeOptions> = {
  "--seeds": { min: 1, max: 10_000 },
  "--episodes": { min: 1, max: MAX_COUNT },
  "--steps": { min: 1, max: MAX_INT },
  "--keys": { min: 1, max: MAX_INT },
  "--queries": { min: 1, max: MAX_INT },
  "--max-support-k": { min: 1, max: MAX_SUPPORT_K },
};
const intRange = (flag: string): RangeOptions => INT_RANGE[flag] ?? { min: 0, max: MAX_INT };
export const sweepInt = (flag: string, v: unknown): number => parseIntFlag(flag, String(v), intRange(flag));
export const sweepRate = (flag: string, v: unknown): number => parseFloatFlag(flag, String(v), RATE_RANGE);
const int = (flag: string) => checkedFlag(intFlag(flag, intRange(flag)));
const rate = (flag: string) => checkedFlag(floatFlag(flag, RATE_RANGE));

export function addSweepFlags(cmd: Command): Command {
  const d = DEFAULT_SWEEP;
  cmd
    .option("--seeds <n>", `number of seeds 0..n-1 (default ${d.seeds})`, int("--seeds"))
    .option("--episodes <n>", `episodes per cell (default ${d.episodes})`, int("--episodes"))
    .option("--steps <n>", `steps per episode (default ${d.steps})`, int("--steps"))
    .option("--steps-list <list>", "comma-separated steps list (PaTH-style curves, e.g. 20,40,80,160)")
    .option("--keys <n>", `distinct keys (default ${d.keys})`, int("--keys"))
    .option("--queries <n>", `queries per episode (default ${d.queries})`, int("--queries"))
    .option(
      "--derived-query-rate <x>",
      `share of derived queries (default ${d.derivedQueryRate})`,
      rate("--derived-query-rate"),
    )
    .option("--no-derived-queries", "no derived queries (derived_query_rate=0)")
    .option("--chapters <n>", `book chapters (default ${d.chapters})`, int("--chapters"))
    .option(
      "--distractor-rate <x>",
      `distractor rate (default ${d.distractorRate})`,
      rate("--distractor-rate"),
    )
    .option(
      "--tail-distractor-steps <n>",
      "distractor-only tail of N steps (default 0)",
      int("--tail-distractor-steps"),
    )
    .option("--clear-rate <x>", `CLEAR rate (default ${d.clearRate})`, rate("--clear-rate"))
    .option("--note-rate <x>", `NOTE rate for kv_commentary (default ${d.noteRate})`, rate("--note-rate"))
    .option(
      "--update-burst-rate <x>",
      `update_burst near-miss rate (default ${d.updateBurstRate} or env GOLDEVIDENCEBENCH_UPDATE_BURST_RATE)`,
      rate("--update-burst-rate"),
    )
    .option(
      "--state-modes <list>",
      `state modes (default ${d.stateModesRaw}; any of ${STATE_MODES.join(",")})`,
    )
    .option(
      "--distractor-profiles <list>",
      `profiles (default ${d.distractorProfilesRaw}; any of ${DISTRACTOR_PROFILES.join(",")})`,
    )
    .option(
      "--max-support-k <k>",
      `score the first k cited IDs (default ${d.maxSupportK})`,
      int("--max-support-k"),
    )
    .option("--twins", "counterfactual twin per episode (default)")
    .option("--no-twins", "no twins")
    .option("--require-citations", "questions require support IDs (default)")
    .option("--no-require-citations", "value-only questions")
    .option("--max-book-tokens <n>", "book token cap for model/pipeline cells", int("--max-book-tokens"))
    .option("--max-book-tokens-list <list>", "comma-separated book budgets (memory-budget sweeps)");
  for (const k of RATE_KNOBS)
    cmd.option(`--${k.replaceAll("_", "-")}-list <list>`, `sweep ${k} over a comma-separated list`);
  return cmd
    .option("--k-list <list>", "pipeline grid: retrieval k values (e.g. 2,4,8)")
    .option("--rerank-list <list>", "pipeline grid: rerankers (e.g. none,latest_step,linear)")
    .option("--pipeline-list <knob=v1,v2>", "pipeline grid over any knob (repeat)", collect)
    .option("--pipeline-set <knob=v>", "fixed pipeline setting for every cell (repeat)", collect)
    .addOption(
      new Option("--baseline <b>", "baseline for cells without --model (default ledger)").choices([
        "ledger",
        "naive",
      ]),
    )
    .addOption(new Option("--compat <v>", "generator: 1.0 (default) or reference-0.1").choices(COMPAT_MODES))
    .addOption(
      new Option("--metrics <d>", "metric dialect: 1.0 (default) or reference-0.1").choices([
        "1.0",
        "reference-0.1",
      ]),
    )
    .option("--timings", "write measured wall time into results (reruns then differ in those fields)");
}
