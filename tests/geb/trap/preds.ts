/**
 * Prediction sets for scorer parity, built exactly as tests/fixtures/geb/trap/make_expected.py
 * builds them (the script that ran the reference scorers to record expected_means.json).
 */
import { pyFloat, pyJsonDumps } from "../../../src/core/pyjson.js";
import { PyRandom } from "../../../src/core/random.js";
import { lookupPrediction, trapLedger } from "../../../src/geb/trap/ledger.js";
import type { TrapFamily, TrapPrediction, TrapRow } from "../../../src/geb/trap/types.js";

export function goldPreds(rows: readonly TrapRow[]): TrapPrediction[] {
  return rows.map((r) => ({ id: r.id, value: r.gold.value ?? null, support_ids: r.gold.support_ids ?? [] }));
}

export function randomPreds(rows: readonly TrapRow[], seed = 0): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((r) => {
    const opts: [string | null, string[]][] = trapLedger(r.book).map((e) => [
      e.op === "CLEAR" ? null : e.value,
      [e.uid],
    ]);
    opts.push([null, []]);
    const [value, ids] = rng.choice(opts);
    return { id: r.id, value, support_ids: ids };
  });
}

export function jsonRandomPreds(rows: readonly TrapRow[], seed = 1): TrapPrediction[] {
  const rng = new PyRandom(seed);
  return rows.map((r) => {
    const lk = lookupPrediction(r);
    const key = (r.meta.key as string | undefined) || "x";
    const obj: Record<string, unknown> = {
      decision: rng.choice(["answer", "abstain", "ask", "retrieve", "ANSWER", "guess"]),
      answer: rng.choice([lk.value, null, "7", 14]),
      confidence: rng.choice<unknown>([0.1, 0.35, 0.6, 0.75, 0.9, pyFloat(1), 1.5, -0.2, "0.8"]),
      needed_info: rng.choice([[], [key], ["region override cap"], ["policy.retention_days"]]),
      support_ids: lk.support_ids,
    };
    if (rng.random() < 0.15) delete obj.confidence;
    return { id: r.id, value: pyJsonDumps(obj), support_ids: [] };
  });
}

export const PRED_SETS = {
  gold: (_f: TrapFamily, rows: readonly TrapRow[]) => goldPreds(rows),
  lookup: (_f: TrapFamily, rows: readonly TrapRow[]) => rows.map(lookupPrediction),
  random: (_f: TrapFamily, rows: readonly TrapRow[]) => randomPreds(rows),
  json_random: (_f: TrapFamily, rows: readonly TrapRow[]) => jsonRandomPreds(rows),
  fold: (f: TrapFamily, rows: readonly TrapRow[]) => rows.map((r) => f.foldPrediction(r)),
} as const;
