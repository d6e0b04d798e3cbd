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
import { answerProgram, type DerivedEpisode, defineDerivedFamily } from "../kit/derived.js";
import { LedgerLines } from "../kit/ledger-lines.js";
import { citationPrf, normLower } from "../kit/metrics.js";
import { trapLedger } from "../ledger.js";
import { isDict, pyGet, pySortStrings } from "../py.js";
import type { TrapRow } from "../types.js";
import { compressionFold } from "./compression-loss-bounded.js";
import { citationMeasures } from "../kit/value-citation.js";
import type { ScoredRow } from "../kit/score.js";

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
export const compressionOracle = answerProgram((book) => {
  const { state, support } = compressionState(book);
  return { value: { compact_state: state }, support };
});

// ---------------------------------------------------------------------------------------
// Generator.

const snapshot = (s: Map<string, string>) =>
  pySortStrings(s.keys())
    .map((k) => `${k}=${s.get(k)}`)
    .join(";");

function drawEpisode(ep: DerivedEpisode, rng: PyRandom): TrapRow {
  const nKeys = ep.split === "canary" ? rng.randint(16, 24) : rng.randint(4, 7);
  const keys = rng.sample(
    Array.from({ length: 40 }, (_, i) => `tag.${String(i).padStart(2, "0")}`),
    nKeys,
  );
  const val = () => (rng.random() < 0.5 ? rng.choice(WORDS) : String(rng.randint(10, 99)));
  const ledger = new LedgerLines(rng);
  const push = (body: string) => ledger.push(body);
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
  const book = ep.book(ledger);
  const gold = compressionState(book);
  return ep.row(
    book,
    QUESTION,
    { value: { compact_state: gold.state }, support: gold.support },
    { keys: Object.keys(gold.state).length },
  );
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

function scoreRow({ pred, gold: goldRow }: ScoredRow) {
  const gold = answeredPairs(pyGet(goldRow, "value")) ?? new Set<string>();
  const got = pred.raw_unparsed ? null : answeredPairs(pyGet(pred, "value"));
  const answer = got ?? new Set<string>();
  // The state's pairs are scored as citations are: an empty answer to an empty state is exact.
  const [precision, recall, f1] = citationPrf(answer, gold);
  // Exact: the same pairs (every answered pair is right and every gold pair answered).
  const exact = got !== null && precision === 1 && recall === 1;
  const { cite_f1 } = citationMeasures(pred, goldRow);
  return {
    correct: exact,
    measures: {
      exact_match_rate: exact,
      precision,
      recall,
      f1,
      bloat: Math.max(answer.size - gold.size, 0) / Math.max(gold.size, 1),
      cite_f1,
      parse_rate: got !== null,
    },
    diag: { exact_match: exact, precision, recall, cite_f1, parse_ok: got !== null },
  };
}

export const compressionDerivedFamily = defineDerivedFamily({
  id: CD_ID,
  description:
    "1.0: the compact state of a checkpoint + delta log (the latest snapshot with every later SET / CLEAR applied); never written as per-key entries",
  defaults: { seed: 7, anchors: 8, holdout: 24, canary: 8 },
  episodes: { draw: drawEpisode },
  scorer: {
    row: scoreRow,
    means: ["exact_match_rate", "precision", "recall", "f1", "bloat", "cite_f1", "parse_rate"],
    accuracy: "exact_match_rate",
  },
  floors: [
    ["exact_match_rate", ">=", 0.45, 0.65, 0.85],
    ["precision", ">=", 0.6, 0.75, 0.9],
    ["recall", ">=", 0.6, 0.75, 0.9],
    ["bloat", "<=", 0.5, 0.35, 0.2],
    ["cite_f1", ">=", 0, 0.5, 0.8],
  ],
  // Report only; the canary is the same task over 16–24 keys.
  canaryAlert: 1.01,
  jitter: ["exact_match_rate", "precision", "recall", "cite_f1"],
  programs: { fold: compressionFold, oracle: compressionOracle },
});

export const generateCompressionDerived = compressionDerivedFamily.generate;
export const scoreCompressionDerived = compressionDerivedFamily.score;
