/**
 * The scoring part of the GF-01 API (re-exported by api.ts, where it is documented as part of
 * the API): verify one certificate, validate and report run files. Kept apart from api.ts so
 * that `gf01 verify`, `validate` and `report` load this module's small graph (bundle loader,
 * verifier, validator, report builder) instead of every command's code (generators, agents,
 * the evaluation loop …): module loading was most of a `verify` run.
 */
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { InputError } from "../core/errors.js";
import { readJsonFile, readJsonl } from "../core/jsonl.js";
import { loadBundle } from "./artifacts/bundle.js";
import type { Scorer } from "./artifacts/scorer.js";
import { type AtomBudgetRule, DEFAULT_ATOM_BUDGET_RULE } from "./model/compile.js";
import {
  type AttemptPolicy,
  AttemptCollector,
  type FoldableDimension,
  ReportBuilder,
} from "./report/report.js";
import { SeparationChecker } from "./report/separation.js";
import { type ValidationOutcome, validateRows } from "./report/validate.js";
import { scoreRunMetrics } from "./verify/score.js";
import type { ApiResult, BestMatchPool } from "./verify-one.js";

export type { ApiResult, BestMatchPool } from "./verify-one.js";
export { parseAtomBudgetRule, parseBestMatchPool, verifyOne } from "./verify-one.js";

/**
 * The verifier as a `Scorer` (DEC-025 best match over the complete M(I) unless `pool: "official"`).
 * The atom-budget rule is the compiled instance's (`withAtomBudget`) unless `atomBudget` is given.
 */
export function defaultScorer(opts: { pool?: BestMatchPool; atomBudget?: AtomBudgetRule } = {}): Scorer {
  // The run-record fields only: a valid certificate needs no walk over M(I) (scoreRunMetrics).
  return (_inst, ci, cert, choice) =>
    scoreRunMetrics(ci, cert, {
      bestMatch: { pool: choice?.pool ?? opts.pool ?? "complete", maxNodes: choice?.maxNodes },
      atomBudget: opts.atomBudget,
    });
}

// ---------------------------------------------------------------------------------------
// validate / report

export interface ValidateFileOptions {
  instancesFile?: string;
  manifestFile?: string;
  strict?: boolean;
  official?: boolean;
  pool?: BestMatchPool;
  /** Rule for rows that do not record `atom_budget` (default "diagnostic"). */
  atomBudget?: AtomBudgetRule;
}

/** Pool for rows that do not record `best_match_pool`: the official writer's, unless given. */
const rowDefaultPool = (o: ValidateFileOptions): BestMatchPool => o.pool ?? "official";

/** Fail with a clear InputError (not ENOENT from a stream) when an input file is unreadable. */
export async function ensureReadable(file: string): Promise<void> {
  try {
    await access(file, constants.R_OK);
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file,
    });
  }
  // A directory passes access(R_OK) and then fails the read with a raw EISDIR.
  if ((await stat(file)).isDirectory()) throw new InputError("is a directory, expected a file", { file });
}

/** The row checks validate and report run (the same rules): the given bundle and manifest loaded. */
async function rowChecks(o: ValidateFileOptions) {
  const bundle = o.instancesFile ? await loadBundle(o.instancesFile) : undefined;
  const manifest = o.manifestFile ? await readJsonFile(o.manifestFile) : undefined;
  return {
    strict: o.strict,
    official: o.official,
    bundle,
    manifest,
    score: defaultScorer({ pool: rowDefaultPool(o) }),
    atomBudget: o.atomBudget,
  };
}

function withPaths(
  out: ValidationOutcome,
  runsFile: string,
  o: ValidateFileOptions,
): Record<string, unknown> {
  return {
    ...out.payload,
    runs_path: runsFile,
    ...(o.manifestFile ? { manifest_path: o.manifestFile } : {}),
    ...(o.instancesFile ? { instances_path: o.instancesFile } : {}),
  };
}

export async function validateRunsFile(
  runsFile: string,
  o: ValidateFileOptions = {},
): Promise<ApiResult & { outcome: ValidationOutcome }> {
  await ensureReadable(runsFile);
  const outcome = await validateRows(readJsonl(runsFile), await rowChecks(o));
  const payload = withPaths(outcome, runsFile, o);
  // Episodes that failed (`<runs>.errors.jsonl`) are no rows: counted here so they are seen.
  const errors = await (await import("./report/errors.js")).readEpisodeErrors(runsFile);
  if (errors) payload.episode_errors = errors;
  return { ok: outcome.ok, payload, outcome };
}

/**
 * Report = validate (same rules, same single pass) + per-stratum aggregation. `fold` reports
 * the given difficulty strata as "all" (a per-agent summary view; tracks and agents are never
 * folded).
 */
export async function reportRunsFile(
  runsFile: string,
  o: ValidateFileOptions & {
    fold?: readonly FoldableDimension[];
    /** Human rows: which of a player's attempts at an instance count (default first). */
    attempts?: AttemptPolicy;
  } = {},
): Promise<ApiResult> {
  await ensureReadable(runsFile);
  const checks = await rowChecks(o);
  const builder = new ReportBuilder(o.fold);
  const humans = new AttemptCollector(o.attempts ?? "first", o.fold);
  const separation = new SeparationChecker();
  // Scoring choices recorded per row; a report states them and never pools different ones.
  const rules = new Set<string>();
  const pools = new Set<string>();
  const outcome = await validateRows(readJsonl(runsFile), {
    ...checks,
    onRow: (row, line) => {
      rules.add(String(row.atom_budget ?? o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE));
      pools.add(String(row.best_match_pool ?? rowDefaultPool(o)));
      if (!humans.add(row)) builder.add(row);
      separation.add(row, line);
    },
  });
  if (!outcome.ok) return { ok: false, payload: withPaths(outcome, runsFile, o) };
  const attempts = humans.finish(builder);
  // DEC-001/046: a track-bound agent on another track, or a run recorded twice, would mix conditions.
  if (separation.issues.length) {
    const first = separation.issues[0];
    return {
      ok: false,
      payload: {
        status: "error",
        error_type: first.error_type,
        error_count: separation.issues.length,
        errors_preview: separation.issues.slice(0, 50).map((i) => `line ${i.line}: ${i.message}`),
        runs_path: runsFile,
      },
    };
  }
  for (const [key, set] of [
    ["atom_budget", rules],
    ["best_match_pool", pools],
  ] as const) {
    if (set.size > 1)
      return {
        ok: false,
        payload: {
          status: "error",
          error_type: "scoring_choice_mixing",
          message: `rows were scored under different ${key} choices (${[...set].sort().join(", ")}); report them separately`,
          runs_path: runsFile,
        },
      };
  }
  const payload = builder.finish({ strict: !!(o.strict || o.official), coverage: outcome.coverage });
  payload.recomputed = !!checks.bundle;
  payload.atom_budget = [...rules][0] ?? o.atomBudget ?? DEFAULT_ATOM_BUDGET_RULE;
  payload.best_match_pool = [...pools][0] ?? rowDefaultPool(o);
  if (attempts) payload.human_attempts = attempts;
  // Episodes that failed (`<runs>.errors.jsonl`) are counted and shown, never scored.
  const errors = await (await import("./report/errors.js")).readEpisodeErrors(runsFile);
  if (errors) payload.episode_errors = errors;
  return { ok: true, payload };
}
