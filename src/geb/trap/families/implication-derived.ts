/**
 * implication_coherence_derived (our 1.0 dialect): every row is a derivation. The ledger
 * holds the five `implication.*` flags — each first written with superseded values 1–3
 * times, in shuffled order, then with its final value — a NOTE decoy
 * `implication.contract_candidate`, and NOTE noise; `implication.contract` itself is never
 * written. The question states the precedence rules (the reference's hard-row wording) and
 * asks for the contract and the five final updates. Unlike the reference (six fixed
 * profiles, a third of the holdout answerable by lookup), the flags are drawn uniformly, so
 * all five contracts occur and no profile can be memorised.
 *
 * The exact oracle is the rule program (`icRulePrediction`, control-scaffold.ts); the
 * lookup and fold programs answer null (the asked key has no entry) and score 0.
 */
import { pyStrip } from "../../../core/pyjson.js";
import type { PyRandom } from "../../../core/random.js";
import { ACCURACY_BOUNDS } from "../kit/floors.js";
import { type DerivedEpisode, defineDerivedFamily } from "../kit/derived.js";
import { LedgerLines } from "../kit/ledger-lines.js";
import { citationPrf } from "../kit/metrics.js";
import { lookupPrediction } from "../ledger.js";
import { pyGet } from "../py.js";
import type { TrapRow } from "../types.js";
import { icPolicyContract, icPrecedenceQuestion, icRulePrediction } from "./control-scaffold.js";
import { IC_ALLOWED_VALUES } from "./control-scaffold-data.js";
import type { ScoredRow } from "../kit/score.js";

export const ICD_ID = "implication_coherence_derived";

const FLAGS = [
  "dependency_required",
  "contradiction_detected",
  "causal_precision_required",
  "type_required",
  "propagation_required",
] as const;
type Flag = (typeof FLAGS)[number];
const TYPES = ["logical", "causal", "correlative"];
const NOISE_KEYS = ["sensor.drift", "queue.depth", "memory.cache", "signal.latency"];

export const ICD_QUESTION = icPrecedenceQuestion(
  'Return strict JSON object with keys `value` and `support_ids` only, e.g. {"value": "ask|logical", "support_ids": ["U0A1B2C", …]}.',
);

const flip = (flag: Flag, v: string, rng: PyRandom): string =>
  flag === "type_required" ? rng.choice(TYPES.filter((t) => t !== v)) : v === "true" ? "false" : "true";

/** Anchors and holdout: 1–3 superseded rounds; canary: 4–6 rounds (reported only). */
function drawEpisode(ep: DerivedEpisode, rng: PyRandom): TrapRow {
  const maxDepth = ep.split === "canary" ? 6 : 3;
  const final: Record<Flag, string> = {
    dependency_required: rng.random() < 0.5 ? "true" : "false",
    contradiction_detected: rng.random() < 0.25 ? "true" : "false",
    causal_precision_required: rng.random() < 0.5 ? "true" : "false",
    type_required: rng.choice(TYPES),
    propagation_required: rng.random() < 0.5 ? "true" : "false",
  };
  const [action, type] = icPolicyContract({
    dependency_required: final.dependency_required === "true",
    contradiction_detected: final.contradiction_detected === "true",
    causal_precision_required: final.causal_precision_required === "true",
    implication_type_required: final.type_required,
    propagation_required: final.propagation_required === "true",
  });
  const contract = `${action}|${type}`;
  // What a reader of the *first* (stale) values would conclude differs from the answer on
  // most rows; each flag gets 1..maxDepth superseded writes before its final one. Every
  // line has its own uid (a repeated draw is drawn again).
  const depth = rng.randint(1, maxDepth);
  const ledger = new LedgerLines(rng, { unique: true });
  for (let round = 0; round < depth; round++) {
    const order = [...FLAGS];
    rng.shuffle(order);
    for (const f of order) ledger.push(`SET implication.${f} = ${flip(f, final[f], rng)}`);
  }
  const order = [...FLAGS];
  rng.shuffle(order);
  const finalUid = {} as Record<Flag, string>;
  for (const f of order) finalUid[f] = ledger.push(`SET implication.${f} = ${final[f]}`);
  const decoys = IC_ALLOWED_VALUES.filter((c) => c !== contract);
  const decoy = rng.choice(decoys);
  ledger.push(`NOTE implication.contract_candidate = ${decoy}`);
  for (let i = 0; i < 4; i++) {
    // This family draws a noise line's uid before its key and value.
    const u = ledger.uid();
    ledger.add(u, `NOTE ${rng.choice(NOISE_KEYS)} = n${rng.randint(100, 999)}`);
  }
  const rules =
    "## Rules\n" +
    "- Use only the final authoritative UPDATE for each implication.* key.\n" +
    "- NOTE lines are non-authoritative distractors.\n\n";
  return ep.row(
    ep.book(ledger, rules),
    ICD_QUESTION,
    { value: contract, support: FLAGS.map((f) => finalUid[f]) },
    { flags: { ...final }, stale_depth: depth, decoy_contract: decoy, requires_citation: true },
  );
}

const normContract = (v: unknown): string | null =>
  typeof v === "string"
    ? pyStrip(v)
        .toLowerCase()
        .replace(/\s*\|\s*/g, "|")
    : null;

function idSet(v: unknown): Set<string> {
  if (!Array.isArray(v)) return new Set();
  return new Set(v.filter((x) => typeof x === "string").map((x) => pyStrip(x as string).toUpperCase()));
}

/**
 * value_acc: the answered contract equals the gold (case and spaces around `|` ignored);
 * cite P/R/F1 against the five final updates (ids compared upper-cased; no ids cited of no
 * gold ids is precision 0, not 1); decoy_rate: the answer is the NOTE candidate;
 * parse_rate: the answer was a JSON object with a `value` (not raw text).
 */
function scoreRow({ row, pred, meta }: ScoredRow) {
  // This scorer reads the row's gold as written (a missing gold value is reported as absent, not null).
  const got = normContract(pyGet(pred, "value"));
  const ok = got !== null && got === normContract(row.gold.value);
  const gs = idSet(row.gold.support_ids);
  const ps = idSet(pyGet(pred, "support_ids"));
  const [p, r, f] = ps.size || gs.size ? citationPrf(ps, gs) : [0, 1, 0];
  const isDecoy = got !== null && got === normContract(pyGet(meta, "decoy_contract"));
  // Only a `raw_unparsed: true` marks raw text here (the kit's `answered` takes any truthy mark).
  const parsed = Object.hasOwn(pred, "value") && pred.raw_unparsed !== true;
  const mode = ok
    ? null
    : !parsed
      ? "unparsed"
      : got === null
        ? "null_answer"
        : isDecoy
          ? "decoy"
          : "wrong_contract";
  return {
    correct: ok,
    measures: { value_acc: ok, cite_p: p, cite_r: r, cite_f1: f, decoy_rate: isDecoy, parse_rate: parsed },
    diag: {
      value_ok: ok,
      pred_value: got,
      gold_value: row.gold.value,
      cite_f1: f,
      decoy: isDecoy,
      failure_mode_id: mode,
    },
    failureMode: mode,
  };
}

export const implicationDerivedFamily = defineDerivedFamily({
  id: ICD_ID,
  description:
    "1.0: derive `implication.contract` from five flags (superseded writes, a NOTE decoy) by the precedence rules the question states; the contract is never written",
  defaults: { seed: 3070, anchors: 18, holdout: 60, canary: 9 },
  // Unlike the other derived families, episode ids and meta name the anchors split "anchors",
  // and the books are headed by the short title, not the one the id names.
  episodes: {
    title: "Implication",
    splitLabels: { anchors: "anchors", holdout: "holdout", canary: "canary" },
    draw: drawEpisode,
  },
  scorer: { row: scoreRow, means: ["value_acc", "cite_p", "cite_r", "cite_f1", "decoy_rate", "parse_rate"] },
  floors: [
    ["value_acc", ...ACCURACY_BOUNDS],
    ["cite_f1", ">=", 0.35, 0.55, 0.8],
    ["decoy_rate", "<=", 0.3, 0.2, 0.1],
  ],
  // Report-only; the canary is the same task with deeper superseded chains.
  canaryAlert: 1.01,
  jitter: ["value_acc", "cite_f1"],
  // The lookup and fold answer null (the asked key has no entry); the exact oracle is the rule program.
  programs: { fold: lookupPrediction, rule: icRulePrediction, oracle: icRulePrediction },
});

export const generateImplicationDerived = implicationDerivedFamily.generate;
export const scoreImplicationDerived = implicationDerivedFamily.score;
