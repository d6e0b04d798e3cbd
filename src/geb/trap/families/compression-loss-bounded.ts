/**
 * compression_loss_bounded (reference-0.1): the reference's generator
 * (`generate_compression_loss_bounded_family.py`, whose default output is also committed in
 * the reference's `data/compression_loss_bounded/`) and scorer
 * (`score_compression_loss_bounded.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/compression-loss-bounded.test.ts). Each row's answer is the
 * ledger's compact state `{"compact_state": {key: latest SET value | null}}` over 2–3 keys
 * (canaries: 48 keys); scored by precision / recall / F1 over `key=value` pairs, bloat
 * (extra pairs / gold pairs) and exact match.
 */
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { pyJsonLoads } from "../../../core/pyjsonloads.js";
import { PyRandom } from "../../../core/random.js";
import { contractPrediction } from "../answer.js";
import { foldLedger, trapLedger } from "../ledger.js";
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

export const CLB_ID = "compression_loss_bounded";

const KEYS = ["tag.00", "tag.01", "tag.02", "tag.03", "tag.04", "tag.05"];
const VALUES: Record<string, string[]> = {
  "tag.00": ["30", "45", "60", "90"],
  "tag.01": ["us-east", "us-west", "eu-central", "ap-south"],
  "tag.02": ["100", "250", "500", "1000"],
  "tag.03": ["ops", "sec", "infra", "platform"],
  "tag.04": ["pager", "ticket", "chatops"],
  "tag.05": ["normal", "audit", "locked", "review"],
};

const uid = (rng: PyRandom): string =>
  `U${rng
    .randrange(16 ** 6)
    .toString(16)
    .toUpperCase()
    .padStart(6, "0")}`;
const pick = (key: string, rng: PyRandom, exclude: string | null = null): string =>
  rng.choice(VALUES[key].filter((v) => v !== exclude));

const ROW_QUESTION =
  "Return JSON with keys: value, support_ids. " +
  'Set value to a JSON string with shape {"compact_state": {...}}. ' +
  "Build compact_state from the ledger only: keep the latest SET/CLEAR decision per key, ignore NOTE lines, " +
  "and include every key that has a SET/CLEAR entry in the ledger exactly once. " +
  "If the latest decision for a key is CLEAR, emit that key with null (do not omit it).";
const CANARY_QUESTION =
  "Return JSON with keys: value, support_ids. " +
  'Set value to a JSON string with shape {"compact_state": {...}}. ' +
  "Use only ledger SET/CLEAR updates, ignore NOTE lines, and include every key with a SET/CLEAR entry exactly once. " +
  "If latest is CLEAR, include that key with null.";

const compactJson = (state: Record<string, string | null>): string =>
  pyJsonDumps({ compact_state: state }, { sortKeys: true });

function book(ep: string, keys: readonly string[], chapter: string, ledger: string[]): string {
  const glossary = keys.map((k) => `- ${k}: Synthetic compression key ${k}.`).join("\n");
  return (
    `# Compression Episode ${ep}\n\n## Reading Rules\n- The STATE LEDGER is authoritative.\n` +
    "- Only SET/CLEAR lines update compact state.\n- NOTE lines are commentary.\n\n" +
    `## Glossary (Tags)\n${glossary}\n\n## Chapter 1\n${chapter}\n\n## State Ledger\n${ledger.join("\n")}`
  );
}

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = `CLB-${split.toUpperCase()}-${String(index).padStart(4, "0")}`;
  const count = rng.randint(2, 3);
  const keys = pySortStrings(rng.sample(KEYS, count));
  const log: string[] = [];
  const ledger: string[] = [];
  const support: string[] = [];
  const state: Record<string, string | null> = {};
  let step = 1;
  const add = (u: string, body: string) => {
    log.push(`- [${u}] UPDATE step=${step} ${body}`);
    ledger.push(`- [${u}] step=${step} ${body}`);
    step++;
  };
  for (const key of keys) {
    const initial = pick(key, rng);
    const note = pick(key, rng, initial);
    const final = rng.choice(["set", "clear", "set"]);
    const uInitial = uid(rng);
    add(uInitial, `SET ${key} = ${initial}`);
    const uNote = uid(rng);
    add(uNote, `NOTE ${key} = ${note}`);
    const uFinal = uid(rng);
    if (final === "clear") {
      add(uFinal, `CLEAR ${key}`);
      state[key] = null;
    } else {
      const v = pick(key, rng, initial);
      add(uFinal, `SET ${key} = ${v}`);
      state[key] = v;
    }
    support.push(uFinal);
  }
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Compression Episode ${ep}\n\n## Episode Log\n${log.join("\n")}`,
    book: book(ep, keys, "The ledger contains authoritative updates and NOTE distractors.", ledger),
    question: ROW_QUESTION,
    gold: { value: compactJson(state), compact_state: state, support_ids: support },
    meta: { family: CLB_ID, split, case_index: index, requires_citation: false, expected_keys: keys },
  };
}

function buildCanary(seed: number, index: number): TrapRow {
  const rng = new PyRandom(seed + 97);
  const keys = Array.from({ length: 48 }, (_, i) => `tag.${String(i).padStart(2, "0")}`);
  const ep = `CLB-CANARY-${String(index).padStart(4, "0")}`;
  const log: string[] = [];
  const ledger: string[] = [];
  const support: string[] = [];
  const state: Record<string, string | null> = {};
  let step = 1;
  const add = (u: string, body: string) => {
    log.push(`- [${u}] UPDATE step=${step} ${body}`);
    ledger.push(`- [${u}] step=${step} ${body}`);
    step++;
  };
  for (const key of keys) {
    const a = `${key}_v${rng.randint(10, 99)}_base`;
    const b = `${key}_v${rng.randint(100, 999)}_latest`;
    const note = `${key}_note_${rng.randint(1000, 9999)}`;
    const uSet = uid(rng);
    const uNote = uid(rng);
    const uFinal = uid(rng);
    add(uSet, `SET ${key} = ${a}`);
    add(uNote, `NOTE ${key} = ${note}`);
    if (rng.random() < 0.2) {
      add(uFinal, `CLEAR ${key}`);
      state[key] = null;
    } else {
      add(uFinal, `SET ${key} = ${b}`);
      state[key] = b;
    }
    support.push(uFinal);
  }
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    document: `# Compression Episode ${ep}\n\n## Episode Log\n${log.join("\n")}`,
    book: book(
      ep,
      keys,
      "This canary intentionally uses a large key set to stress compaction fidelity under context pressure.",
      ledger,
    ),
    question: CANARY_QUESTION,
    gold: { value: compactJson(state), compact_state: state, support_ids: support },
    meta: {
      family: CLB_ID,
      split: "canary",
      case_index: index,
      seed,
      expected_fail: true,
      expected_keys: pySortStrings(Object.keys(state)),
      canary_profile: "stress_many_keys",
    },
  };
}

export function generateCompressionLossBounded(o: TrapGenerateOptions): TrapFixtures {
  const rng = new PyRandom(o.seed);
  const anchors = Array.from({ length: o.anchors }, (_, i) => buildRow("anchor", i + 1, rng));
  const holdout = Array.from({ length: o.holdout }, (_, i) => buildRow("holdout", i + 1, rng));
  const canary = Array.from({ length: o.canary }, (_, i) => buildCanary(o.seed + i, i + 1));
  return { anchors, holdout, canary };
}

// ---------------------------------------------------------------------------------------
// Scorer.

const normScalar = (v: unknown): string => (v === null ? "null" : pyStrip(pyStrValue(v)).toLowerCase());

function statePairs(state: Record<string, unknown>): Set<string> {
  const pairs = new Set<string>();
  for (const [k, v] of Object.entries(state)) {
    const key = pyStrip(k);
    if (key) pairs.add(`${key}=${normScalar(v)}`);
  }
  return pairs;
}

type Parsed = [Record<string, unknown>, boolean];

function parseState(candidate: unknown): Parsed {
  if (isDict(candidate)) {
    const compact = pyGet(candidate, "compact_state");
    if (isDict(compact)) return [compact, true];
    if (Object.values(candidate).every((v) => !Array.isArray(v) && !isDict(v))) return [candidate, true];
    return [{}, false];
  }
  if (typeof candidate === "string") {
    const text = pyStrip(candidate);
    if (!text) return [{}, false];
    let payload: unknown;
    try {
      payload = pyJsonLoads(text);
    } catch {
      // The reference's `\{.*\}` (DOTALL): first "{" to last "}".
      if (!text.includes("{") || !text.includes("}")) return [{}, false];
      const m = /\{[\s\S]*\}/.exec(text);
      if (!m) return [{}, false];
      try {
        payload = pyJsonLoads(m[0]);
      } catch {
        return [{}, false];
      }
    }
    return parseState(payload);
  }
  return [{}, false];
}

function goldState(row: TrapRow): Record<string, unknown> {
  const gold = pyGet(row, "gold");
  if (!isDict(gold)) return {};
  const compact = pyGet(gold, "compact_state");
  if (isDict(compact)) return compact;
  const [s, ok] = parseState(pyGet(gold, "value"));
  return ok ? s : {};
}

function predState(row: Record<string, unknown>): Parsed {
  for (const k of ["compact_state", "value", "answer", "text"]) {
    const p = parseState(pyGet(row, k));
    if (p[1]) return p;
  }
  return [{}, false];
}

const f1 = (p: number, r: number): number => (p <= 0 || r <= 0 ? 0 : (2 * p * r) / (p + r));

export function scoreCompressionLossBounded(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const dataRows = rows.filter((r) => isDict(r));
  const byId = predictionsById(preds);
  const P: number[] = [];
  const R: number[] = [];
  const F: number[] = [];
  const B: number[] = [];
  const E: number[] = [];
  const parses: number[] = [];
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const row of dataRows) {
    const rid = pyStrValue(pyGet(row, "id"));
    const gold = statePairs(goldState(row));
    const [ps, ok] = predState(byId.get(rid) ?? {});
    const pred = ok ? statePairs(ps) : new Set<string>();
    let inter = 0;
    for (const x of pred) if (gold.has(x)) inter++;
    const precision = pred.size ? inter / pred.size : gold.size === 0 ? 1 : 0;
    const recall = gold.size ? inter / gold.size : 1;
    const f = f1(precision, recall);
    const bloat = Math.max(pred.size - gold.size, 0) / (gold.size > 0 ? gold.size : 1);
    const exact = ok && pred.size === gold.size && inter === gold.size;
    P.push(precision);
    R.push(recall);
    F.push(f);
    B.push(bloat);
    E.push(exact ? 1 : 0);
    parses.push(ok ? 1 : 0);
    correct.push(exact);
    diags.push({
      id: rid,
      precision,
      recall,
      f1: f,
      bloat,
      exact_match: exact,
      parse_ok: ok,
      gold_pairs: pySortStrings(gold),
      pred_pairs: pySortStrings(pred),
    });
  }
  return {
    rows_total: dataRows.length,
    rows_scored: diags.length,
    means: {
      precision: pyMean(P),
      recall: pyMean(R),
      f1: pyMean(F),
      bloat: pyMean(B),
      exact_match_rate: pyMean(E),
      parse_rate: pyMean(parses),
    },
    failure_mode_counts: {},
    correct,
    rows: diags,
  };
}

// The runner (run_compression_families.ps1) uses the same floors at every stage.
const FLOORS: TrapFloor[] = [
  { metric: "precision", op: ">=", value: 0.9 },
  { metric: "recall", op: ">=", value: 0.9 },
  { metric: "bloat", op: "<=", value: 0.2 },
];

/** The fold baseline: the folded ledger as `{"compact_state": …}` (keys sorted), citing each key's last update. */
export function compressionFold(row: TrapRow): TrapPrediction {
  const state = foldLedger(trapLedger(String(row.book ?? "")));
  const keys = pySortStrings(state.keys());
  const compact: Record<string, string | null> = {};
  for (const k of keys) compact[k] = state.get(k)!.value;
  return { id: row.id, value: compactJson(compact), support_ids: keys.map((k) => state.get(k)!.uid) };
}

export const compressionLossBoundedFamily: TrapFamily = {
  id: CLB_ID,
  description:
    'emit {"compact_state": {…}} of a 2–3-key ledger (canaries: 48 keys); precision / recall / F1 over key=value pairs, bloat, exact match',
  defaults: { seed: 7, anchors: 8, holdout: 24, canary: 8 },
  generate: generateCompressionLossBounded,
  score: scoreCompressionLossBounded,
  accuracyMetric: "exact_match_rate",
  headlineMetric: "f1",
  floors: {
    observe: { anchors: FLOORS, holdout: FLOORS },
    ramp: { anchors: FLOORS, holdout: FLOORS },
    target: { anchors: FLOORS, holdout: FLOORS },
  },
  canaryAlert: { observe: 0.95, ramp: 0.95, target: 0.95 },
  canaryMetric: "exact_match_rate",
  jitter: [
    { metric: "precision", max: 0.05 },
    { metric: "recall", max: 0.05 },
  ],
  syntheticMetrics: {},
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: compressionFold,
};
