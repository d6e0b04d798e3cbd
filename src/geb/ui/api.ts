/**
 * File-level API of `geb ui` (the CLI in ./cli.ts is a thin shell over these). Reading and
 * writing happen here; the logic is in the pure modules next to it.
 */
import { InputError } from "../../core/errors.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import type { Compat } from "../dataset/types.js";
import { writeTextAtomic } from "../io.js";
import { baselineSelections, type UiMode, type UiRandomRng } from "./baselines.js";
import {
  readGateModel,
  readUiFixture,
  readUiObserved,
  readUiSelections,
  validateUiFixture,
} from "./fixture.js";
import { type GateTrainOptions, runGate, splitByTask, trainGate } from "./gate.js";
import { generateUiRows, type UiGenerateOptions, uiRowsToJsonl } from "./generate.js";
import { type PolicyRun, runPolicy } from "./policy.js";
import { runSearch, type SearchOptions, type SearchReport } from "./search.js";
import type { UiRow } from "./schema.js";
import { ObservedEffects, type Selection, scoreUi, type UiScore } from "./score.js";
import { checkSolvable, type SolvableReport } from "./solvable.js";
import { summarizeUiRows, type UiSummary } from "./summary.js";

export { validateUiFixture };

export async function uiSummaryFile(fixture: string): Promise<{ rows: number; metrics: UiSummary }> {
  const { rows } = await readUiFixture(fixture);
  return { rows: rows.length, metrics: summarizeUiRows(rows) };
}

export function uiGenerateToFile(opts: UiGenerateOptions, out: string): { rows: number } {
  const rows = generateUiRows(opts);
  writeTextAtomic(out, uiRowsToJsonl(rows));
  return { rows: rows.length };
}

export async function uiSolvableFile(fixture: string): Promise<SolvableReport> {
  const f = await readUiFixture(fixture);
  return checkSolvable(f.rows, f.lines);
}

export const UI_SCORE_SCHEMA_VERSION = "geb-ui-score.v1";

export interface UiScoreFileOptions {
  fixture: string;
  /** A baseline mode, or… */
  mode?: UiMode;
  seed?: number;
  randomRng?: UiRandomRng;
  /** …a selections file (`{id, value}` rows), or… */
  selections?: string;
  /** …an agent: the deterministic policy (./policy.ts) or a gate model (./gate.ts). */
  agent?: "policy" | "gate";
  /** Gate: the model file. */
  gateModel?: string;
  /** Policy: the rule chain and the overlay filter (the reference's `--rules`, `--overlay-filter`). */
  rules?: boolean;
  overlayFilter?: boolean;
  /** Policy: write one trace per row here (JSONL). */
  trace?: string;
  observed?: string;
  compat: Compat;
}

export interface UiScoreFileResult {
  score: UiScore;
  /** The JSON document `geb ui score` prints / writes. */
  payload: Record<string, unknown>;
  /** Its text: Python `json.dumps(indent=2)` bytes under reference-0.1, else JSON.stringify. */
  text: string;
}

// Metric keys the reference writes as Python floats (its `json.dumps` prints `1.0`).
const FLOAT_KEYS = new Set([
  "gold_present_rate",
  "selection_rate",
  "wrong_action_rate",
  "abstain_rate",
  "accuracy_when_gold_present",
  "abstain_expected_rate",
  "abstain_expected_count",
  "post_action_verify_rate",
  "fixture_verify_rate",
  "task_pass_rate",
  "task_wrong_action_rate",
  "task_post_action_verify_mean",
  "task_abstain_rate_mean",
  "task_len_mean",
  "task_step_overhead_mean",
  "task_step_overhead_min",
  "task_step_overhead_max",
  "task_steps_taken_mean",
  "task_min_steps_mean",
]);

export async function uiScoreFile(o: UiScoreFileOptions): Promise<UiScoreFileResult> {
  if ([o.mode, o.selections, o.agent].filter((x) => x !== undefined).length !== 1)
    throw new InputError("give exactly one of --mode, --selections and --agent");
  const { rows } = await readUiFixture(o.fixture);
  let selections: Selection[];
  let policyRun: PolicyRun | undefined;
  if (o.agent === "policy") {
    policyRun = runPolicy(rows, o.compat, {
      applyRules: o.rules ?? true,
      applyOverlayFilter: o.overlayFilter ?? true,
    });
    selections = policyRun.selections;
    if (o.trace !== undefined)
      writeTextAtomic(o.trace, policyRun.traces.map((t) => `${JSON.stringify(t)}\n`).join(""));
  } else if (o.agent === "gate") {
    if (o.gateModel === undefined) throw new InputError("--agent gate needs --gate-model");
    if (o.compat !== "1.0")
      throw new InputError("--agent gate is a 1.0 agent (the reference has no gate CLI to match)");
    const model = readGateModel(o.gateModel);
    selections = runGate(rows, model, {
      applyRules: o.rules ?? true,
      applyOverlayFilter: o.overlayFilter ?? true,
    });
  } else if (o.selections !== undefined) {
    const byId = await readUiSelections(o.selections);
    const missing = rows.filter((r) => !byId.has(r.id));
    // A missing row is a failure, not an abstain (an abstain is an explicit null).
    if (missing.length > 0)
      throw new InputError(
        `no selection for ${missing.length} fixture row(s), first ${missing[0].id} (abstain is {"id": …, "value": null})`,
        { file: o.selections },
      );
    selections = rows.map((r) => byId.get(r.id) ?? null);
  } else selections = baselineSelections(rows, o.mode as UiMode, o.seed ?? 0, o.randomRng ?? "stream");
  const observed =
    o.observed !== undefined ? new ObservedEffects(await readUiObserved(o.observed)) : undefined;
  const score = scoreUi(rows, selections, { compat: o.compat, observed });
  const compat = o.compat === "reference-0.1";
  const selector = policyRun
    ? {
        kind: "policy",
        rules: o.rules ?? true,
        overlay_filter: o.overlayFilter ?? true,
        // reference-0.1 runs the reference's rules 0 and 4, which read the answer key.
        leaky: policyRun.leaky,
      }
    : o.agent === "gate"
      ? { kind: "gate", model: o.gateModel, rules: o.rules ?? true, overlay_filter: o.overlayFilter ?? true }
      : o.selections !== undefined
        ? { kind: "selections", file: o.selections }
        : {
            kind: o.mode === "gold" ? "oracle" : "baseline",
            mode: o.mode,
            seed: o.seed ?? 0,
            ...(o.mode === "random" ? { random_rng: o.randomRng ?? "stream" } : {}),
          };
  const payload: Record<string, unknown> = compat
    ? {
        rows: score.rows,
        ...(policyRun
          ? { strategy: "policy", leaky_answer_key_rules: true }
          : o.selections !== undefined
            ? { selections: o.selections }
            : { mode: o.mode, seed: o.seed ?? 0 }),
        metrics: score.metrics,
        sequence_metrics: score.sequence_metrics,
      }
    : {
        schema_version: UI_SCORE_SCHEMA_VERSION,
        compat: o.compat,
        fixture: o.fixture,
        observed: o.observed ?? null,
        selector,
        rows: score.rows,
        metrics: score.metrics,
        sequence_metrics: score.sequence_metrics,
        intervals: score.intervals,
        tasks: score.tasks,
      };
  const text = compat
    ? pyJsonDumps(payload, { indent: 2, floatKeys: FLOAT_KEYS })
    : JSON.stringify(payload, null, 2);
  return { score, payload, text };
}

export function writeUiText(out: string, text: string): void {
  writeTextAtomic(out, text);
}

export interface UiSearchFileOptions {
  fixture: string;
  observed?: string;
  /** Seeds 0 … seeds−1 (the reference's `--seeds`). */
  seeds: number;
  search: SearchOptions;
}

/** `geb ui search`: policy, greedy and SA (1.0) or oracle_search (reference-0.1) per seed. */
export async function uiSearchFile(
  o: UiSearchFileOptions,
): Promise<SearchReport & { fixture: string; rows: number }> {
  const { rows } = await readUiFixture(o.fixture);
  const observed =
    o.observed !== undefined ? new ObservedEffects(await readUiObserved(o.observed)) : undefined;
  const seeds = Array.from({ length: o.seeds }, (_, i) => i);
  return { fixture: o.fixture, rows: rows.length, ...runSearch(rows, seeds, o.search, observed) };
}

export interface UiGateTrainOptions {
  fixture: string;
  outModel: string;
  /** Every n-th task (file order) is held out; the model is trained on the others. */
  holdoutEvery: number;
  train: GateTrainOptions;
}

/**
 * `geb ui gate train`: train on the train split, write the model, score the gate (1.0
 * metrics, intervals) on the held-out split, which training never saw.
 */
export async function uiGateTrainFile(o: UiGateTrainOptions): Promise<Record<string, unknown>> {
  const { rows } = await readUiFixture(o.fixture);
  const { train, holdout } = splitByTask(rows, o.holdoutEvery);
  if (!train.length || !holdout.length)
    throw new InputError(
      `--holdout-every ${o.holdoutEvery} leaves ${train.length ? "no held-out" : "no training"} task (the fixture has too few tasks)`,
      { file: o.fixture },
    );
  // An intended-abstain step's gold is a placeholder (the schema requires one): training on
  // it would teach the gate to act exactly where it should abstain. Left out, as the pack report does.
  const trainable = train.filter((r) => r.abstain_expected !== true);
  if (!trainable.length)
    throw new InputError(
      "every training step is an intended abstain (abstain_expected): nothing to train on",
      {
        file: o.fixture,
      },
    );
  const model = trainGate(trainable, o.train);
  writeTextAtomic(o.outModel, `${JSON.stringify(model, null, 2)}\n`);
  const opts = { applyRules: true, applyOverlayFilter: true };
  const score = scoreUi(holdout, runGate(holdout, model, opts), { compat: "1.0" });
  const trainScore = scoreUi(train, runGate(train, model, opts), { compat: "1.0" });
  const tasks = (rs: UiRow[]) => new Set(rs.map((r, i) => r.task_id ?? `__row_${i}`)).size;
  return {
    fixture: o.fixture,
    model: o.outModel,
    holdout_every: o.holdoutEvery,
    train: {
      rows: train.length,
      tasks: tasks(train),
      abstain_expected_skipped: train.length - trainable.length,
      selection_rate: trainScore.metrics.selection_rate,
    },
    holdout: {
      rows: holdout.length,
      tasks: tasks(holdout),
      metrics: score.metrics,
      sequence_metrics: score.sequence_metrics,
      intervals: score.intervals,
    },
  };
}
