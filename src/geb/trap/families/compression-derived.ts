/**
 * compression_derived (our 1.0 dialect; no reference counterpart). compression_loss_bounded
 * asks for the compact state of a ledger whose every key has its own SET, so the ledger fold
 * is the answer. Here the state is written the way a compressed log is: a `checkpoint` entry
 * holds a full snapshot (`tag.03=amber;tag.07=41;…`), and only the changes *after* it are
 * separate entries. The compact state is the latest checkpoint with every later SET / CLEAR
 * of a tag key applied; a checkpoint replaces the whole state (a key SET before it and not
 * in it no longer has a value). Nothing in the ledger holds the answer.
 *
 * Generator guarantees (every row): the latest checkpoint holds a key that has no entry of
 * its own, and overrides or drops a key that was SET directly before it; at least one
 * change after it stands. So the per-key fold (which also emits `checkpoint` as a key), the
 * checkpoint read alone and the fold without the checkpoint are all wrong.
 *
 * Shipped programs: `compressionOracle` (replay the ledger; scores 1.0), the lookup (the
 * question names `checkpoint`: its raw snapshot string, never a compact state) and the fold
 * baseline `compressionFold` (compression_loss_bounded's: every key's latest value).
 */
import type { PyRandom } from "../../../core/random.js";
import { contractPrediction } from "../answer.js";
import { trapLedger } from "../ledger.js";
import { isDict, pyGet, pyMean, pySortStrings, pyStrValue, predictionsById } from "../py.js";
import type {
  TrapFamily,
  TrapFixtures,
  TrapFloor,
  TrapGenerateOptions,
  TrapPrediction,
  TrapRow,
  TrapScore,
} from "../types.js";
import { compressionFold } from "./compression-loss-bounded.js";
import { citationPrf, drawUid, normLower, supportSet, fixturesFromOneStream } from "./contract-metrics.js";

export const CD_ID = "compression_derived";
const WORDS = ["amber", "basalt", "cobalt", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "jade"];
const CHECKPOINT = "checkpoint";
const TAG_RE = /^tag\.\d{2}$/;

const QUESTION =
  "Emit the compact state of every `tag.NN` key at the end of the ledger. " +
  "The `checkpoint` entry holds a full snapshot of the state as `key=value` pairs separated by `;`; " +
  "a later checkpoint replaces the whole state (a key not in it has no value). " +
  "A SET of a tag key after the latest checkpoint changes that key, a CLEAR removes it, NOTE lines are rumours. " +
  "Omit keys without a value. " +
  'Return JSON: {"value": {"compact_state": {"tag.NN": "<value>", ...}}, "support_ids": [the latest checkpoint and every later SET/CLEAR the state rests on]}.';

/** The compact state and the entries it rests on, by replaying the ledger line by line. */
export function compressionState(book: string): { state: Record<string, string>; support: string[] } {
  let state = new Map<string, string>();
  // The latest checkpoint's keys, and key → the uid of its last SET/CLEAR after it.
  let snapshotKeys = new Set<string>();
  let since = new Map<string, string>();
  let checkpointUid: string | null = null;
  for (const e of trapLedger(book)) {
    if (e.op === "NOTE") continue;
    if (e.key === CHECKPOINT) {
      state = new Map();
      since = new Map();
      snapshotKeys = new Set();
      checkpointUid = e.op === "SET" ? e.uid : null;
      if (e.op === "SET")
        for (const pair of (e.value ?? "").split(";")) {
          const i = pair.indexOf("=");
          if (i > 0) state.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
        }
      snapshotKeys = new Set(state.keys());
      continue;
    }
    if (!TAG_RE.test(e.key)) continue;
    if (e.op === "SET") state.set(e.key, e.value ?? "");
    else state.delete(e.key);
    since.set(e.key, e.uid);
  }
  const out: Record<string, string> = {};
  for (const k of pySortStrings(state.keys())) out[k] = state.get(k)!;
  // A later change the state rests on: the last update of a key that has a value, or the
  // CLEAR that removed a snapshot key (a key SET and CLEARed after the checkpoint left no trace).
  const changes = [...since].filter(([k]) => state.has(k) || snapshotKeys.has(k)).map(([, uid]) => uid);
  const support = [...(checkpointUid ? [checkpointUid] : []), ...changes];
  return { state: out, support };
}

/** The exact oracle program. */
export function compressionOracle(row: TrapRow): TrapPrediction {
  const { state, support } = compressionState(String(row.book ?? ""));
  return { id: row.id, value: { compact_state: state }, support_ids: support };
}

// ---------------------------------------------------------------------------------------
// Generator.

const snapshot = (s: Map<string, string>) =>
  pySortStrings(s.keys())
    .map((k) => `${k}=${s.get(k)}`)
    .join(";");

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = `CD-${split.toUpperCase()}-${String(index).padStart(4, "0")}`;
  const nKeys = split === "canary" ? rng.randint(16, 24) : rng.randint(4, 7);
  const keys = rng.sample(
    Array.from({ length: 40 }, (_, i) => `tag.${String(i).padStart(2, "0")}`),
    nKeys,
  );
  const val = () => (rng.random() < 0.5 ? rng.choice(WORDS) : String(rng.randint(10, 99)));
  const bodies: string[] = [];
  const push = (body: string): void => {
    bodies.push(`- [${drawUid(rng)}] step=${bodies.length + 1} ${body}`);
  };
  // Keys: [0] SET directly, then overridden by the checkpoint; [1] SET directly, then dropped
  // by it; [2] only in the checkpoint; the rest in the checkpoint, some changed after it.
  const [over, dropped, only, ...rest] = keys;
  if (rng.random() < 0.5) {
    // A stale earlier checkpoint, superseded entirely.
    const early = new Map(rng.sample(keys, 2).map((k) => [k, val()]));
    push(`SET ${CHECKPOINT} = ${snapshot(early)}`);
  }
  const overOld = val();
  push(`SET ${over} = ${overOld}`);
  push(`SET ${dropped} = ${val()}`);
  if (rng.random() < 0.5) push(`NOTE ${only} = ${val()}`);
  const cp = new Map<string, string>();
  let overNew = val();
  while (overNew === overOld) overNew = val();
  cp.set(over, overNew);
  cp.set(only, val());
  for (const k of rest) cp.set(k, val());
  push(`SET ${CHECKPOINT} = ${snapshot(cp)}`);
  // Changes after the checkpoint: at least one stands (a SET with a new value or a CLEAR).
  const changed = rng.sample(rest, Math.min(rest.length, rng.randint(1, 3)));
  for (const k of changed) {
    if (rng.random() < 0.3) push(`CLEAR ${k}`);
    else {
      let v = val();
      while (v === cp.get(k)) v = val();
      push(`SET ${k} = ${v}`);
    }
  }
  if (rng.random() < 0.5) {
    // A key added after the checkpoint and removed again.
    const spare = `tag.${String(40 + rng.randint(0, 9)).padStart(2, "0")}`;
    push(`SET ${spare} = ${val()}`);
    push(`CLEAR ${spare}`);
  }
  push(`NOTE ${rng.choice(keys)} = ${val()}`);
  const book = `# Compression (derived) Episode ${ep}\n\n## State Ledger\n${bodies.join("\n")}`;
  const gold = compressionState(book);
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    book,
    question: QUESTION,
    gold: { value: { compact_state: gold.state }, support_ids: gold.support },
    meta: { family: CD_ID, split, case_index: index, keys: Object.keys(gold.state).length },
  };
}

export function generateCompressionDerived(o: TrapGenerateOptions): TrapFixtures {
  return fixturesFromOneStream(o, buildRow);
}

// ---------------------------------------------------------------------------------------
// Scorer (ours): every metric measured from the answer.

/**
 * The answered compact state as `key=value` pairs (values normalised like the contract
 * families: stripped, lower-cased, numbers as Python str); a key with a null value counts as
 * omitted. The `value` may be `{"compact_state": {…}}`, the bare state object, or either as
 * a JSON string. Null when no state object is found.
 */
export function answeredPairs(value: unknown): Set<string> | null {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!isDict(v)) return null;
  const st = isDict(v.compact_state) ? v.compact_state : Object.hasOwn(v, "compact_state") ? null : v;
  if (!st) return null;
  const out = new Set<string>();
  for (const [k, x] of Object.entries(st))
    if (x !== null && x !== undefined) out.add(`${k.trim()}=${normLower(x)}`);
  return out;
}

export function scoreCompressionDerived(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const byId = predictionsById(preds);
  const col: Record<string, number[]> = { p: [], r: [], f: [], bloat: [], exact: [], cf: [], parse: [] };
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const row of rows.filter((r) => isDict(r))) {
    const rid = pyStrValue(pyGet(row, "id"));
    const pred = byId.get(rid) ?? {};
    const gold = answeredPairs(isDict(row.gold) ? pyGet(row.gold, "value") : null) ?? new Set<string>();
    const got = pred.raw_unparsed ? null : answeredPairs(pyGet(pred, "value"));
    const answer = got ?? new Set<string>();
    let inter = 0;
    for (const x of answer) if (gold.has(x)) inter++;
    const precision = answer.size ? inter / answer.size : gold.size === 0 ? 1 : 0;
    const recall = gold.size ? inter / gold.size : 1;
    const f = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    const exact = got !== null && answer.size === gold.size && inter === gold.size;
    const [, , cf] = citationPrf(
      supportSet(pyGet(pred, "support_ids")),
      supportSet(isDict(row.gold) ? pyGet(row.gold, "support_ids") : []),
    );
    col.p.push(precision);
    col.r.push(recall);
    col.f.push(f);
    col.bloat.push(Math.max(answer.size - gold.size, 0) / Math.max(gold.size, 1));
    col.exact.push(exact ? 1 : 0);
    col.cf.push(cf);
    col.parse.push(got !== null ? 1 : 0);
    correct.push(exact);
    diags.push({ id: rid, exact_match: exact, precision, recall, cite_f1: cf, parse_ok: got !== null });
  }
  return {
    rows_total: diags.length,
    rows_scored: diags.length,
    means: {
      exact_match_rate: pyMean(col.exact),
      precision: pyMean(col.p),
      recall: pyMean(col.r),
      f1: pyMean(col.f),
      bloat: pyMean(col.bloat),
      cite_f1: pyMean(col.cf),
      parse_rate: pyMean(col.parse),
    },
    failure_mode_counts: {},
    correct,
    rows: diags,
  };
}

function floors(exact: number, pr: number, bloat: number, cite: number): TrapFloor[] {
  return [
    { metric: "exact_match_rate", op: ">=", value: exact },
    { metric: "precision", op: ">=", value: pr },
    { metric: "recall", op: ">=", value: pr },
    { metric: "bloat", op: "<=", value: bloat },
    { metric: "cite_f1", op: ">=", value: cite },
  ];
}
const stage = (exact: number, pr: number, bloat: number, cite: number) => ({
  anchors: floors(exact, pr, bloat, cite),
  holdout: floors(exact, pr, bloat, cite),
});

export const compressionDerivedFamily: TrapFamily = {
  id: CD_ID,
  compat: "1.0",
  description:
    "1.0: the compact state of a checkpoint + delta log (the latest snapshot with every later SET / CLEAR applied); never written as per-key entries",
  defaults: { seed: 7, anchors: 8, holdout: 24, canary: 8 },
  generate: generateCompressionDerived,
  score: scoreCompressionDerived,
  accuracyMetric: "exact_match_rate",
  headlineMetric: "exact_match_rate",
  floors: {
    observe: stage(0.45, 0.6, 0.5, 0),
    ramp: stage(0.65, 0.75, 0.35, 0.5),
    target: stage(0.85, 0.9, 0.2, 0.8),
  },
  // Report only; the canary is the same task over 16–24 keys.
  canaryAlert: { observe: 1.01, ramp: 1.01, target: 1.01 },
  jitter: ["exact_match_rate", "precision", "recall", "cite_f1"].map((metric) => ({ metric, max: 0.05 })),
  syntheticMetrics: {},
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: compressionFold,
  oraclePrediction: compressionOracle,
};
