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
import { PyRandom } from "../../../core/random.js";
import { contractPrediction } from "../answer.js";
import { lookupPrediction } from "../ledger.js";
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
import { icPolicyContract, icRulePrediction } from "./control-scaffold.js";
import { IC_ALLOWED_VALUES } from "./control-scaffold-data.js";

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

export const ICD_QUESTION =
  "Infer latest authoritative value for `implication.contract` from the State Ledger. " +
  "Compute it as `<next_action>|<implication_type>` using the deterministic precedence rules and " +
  "final authoritative `implication.*` updates. Ignore NOTE lines and superseded earlier updates. " +
  "Precedence: " +
  "1) contradiction_detected=true => retrieve|logical; " +
  "2) dependency_required=true AND propagation_required=false => ask|logical; " +
  "3) propagation_required=true AND type_required=logical => plan|logical; " +
  "4) causal_precision_required=true AND type_required=causal => plan|causal; " +
  "5) otherwise => think_more|correlative. " +
  `Allowed values: ${IC_ALLOWED_VALUES.join(", ")}. ` +
  "support_ids must cite the final authoritative UPDATE IDs for dependency_required, " +
  "contradiction_detected, causal_precision_required, type_required, and propagation_required. " +
  'Return strict JSON object with keys `value` and `support_ids` only, e.g. {"value": "ask|logical", "support_ids": ["U0A1B2C", …]}.';

const uid = (rng: PyRandom, used: Set<string>): string => {
  for (;;) {
    const u = `U${rng
      .randrange(16 ** 6)
      .toString(16)
      .toUpperCase()
      .padStart(6, "0")}`;
    if (!used.has(u)) {
      used.add(u);
      return u;
    }
  }
};

const flip = (flag: Flag, v: string, rng: PyRandom): string =>
  flag === "type_required" ? rng.choice(TYPES.filter((t) => t !== v)) : v === "true" ? "false" : "true";

function buildRow(split: string, index: number, rng: PyRandom, maxDepth: number): TrapRow {
  const ep = `ICD-${split.toUpperCase()}-${String(index).padStart(4, "0")}`;
  const used = new Set<string>();
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
  // most rows; each flag gets 1..maxDepth superseded writes before its final one.
  const depth = rng.randint(1, maxDepth);
  const lines: string[] = [];
  let step = 1;
  for (let round = 0; round < depth; round++) {
    const order = [...FLAGS];
    rng.shuffle(order);
    for (const f of order) {
      const stale = flip(f, final[f], rng);
      lines.push(`- [${uid(rng, used)}] step=${step++} SET implication.${f} = ${stale}`);
    }
  }
  const order = [...FLAGS];
  rng.shuffle(order);
  const finalUid = {} as Record<Flag, string>;
  for (const f of order) {
    finalUid[f] = uid(rng, used);
    lines.push(`- [${finalUid[f]}] step=${step++} SET implication.${f} = ${final[f]}`);
  }
  const decoys = IC_ALLOWED_VALUES.filter((c) => c !== contract);
  const decoy = rng.choice(decoys);
  lines.push(`- [${uid(rng, used)}] step=${step++} NOTE implication.contract_candidate = ${decoy}`);
  for (let i = 0; i < 4; i++)
    lines.push(
      `- [${uid(rng, used)}] step=${step++} NOTE ${rng.choice(NOISE_KEYS)} = n${rng.randint(100, 999)}`,
    );
  return {
    id: `${ep}-Q001`,
    episode_id: ep,
    schema_version: "0.1",
    book:
      `# Implication Episode ${ep}\n\n## Rules\n` +
      "- Use only the final authoritative UPDATE for each implication.* key.\n" +
      "- NOTE lines are non-authoritative distractors.\n\n" +
      `## State Ledger\n${lines.join("\n")}`,
    question: ICD_QUESTION,
    gold: { value: contract, support_ids: FLAGS.map((f) => finalUid[f]) },
    meta: {
      family: ICD_ID,
      split,
      case_index: index,
      flags: { ...final },
      stale_depth: depth,
      decoy_contract: decoy,
      requires_citation: true,
    },
  };
}

/** Anchors and holdout: 1–3 superseded rounds; canary: 4–6 rounds (reported only). */
export function generateImplicationDerived(o: TrapGenerateOptions): TrapFixtures {
  const rng = new PyRandom(o.seed);
  return {
    anchors: Array.from({ length: o.anchors }, (_, i) => buildRow("anchors", i + 1, rng, 3)),
    holdout: Array.from({ length: o.holdout }, (_, i) => buildRow("holdout", i + 1, rng, 3)),
    canary: Array.from({ length: o.canary }, (_, i) => buildRow("canary", i + 1, rng, 6)),
  };
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
 * cite P/R/F1 against the five final updates; decoy_rate: the answer is the NOTE
 * candidate; parse_rate: the answer was a JSON object with a `value` (not raw text).
 */
export function scoreImplicationDerived(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const byId = predictionsById(preds);
  const value: number[] = [];
  const cp: number[] = [];
  const cr: number[] = [];
  const cf: number[] = [];
  const decoy: number[] = [];
  const parse: number[] = [];
  const diags: Record<string, unknown>[] = [];
  const fm = new Map<string, number>();
  for (const row of rows) {
    const rid = pyStrValue(row.id);
    const pred = byId.get(rid) ?? {};
    const got = normContract(pyGet(pred, "value"));
    const ok = got !== null && got === normContract(row.gold.value);
    const gs = idSet(row.gold.support_ids);
    const ps = idSet(pyGet(pred, "support_ids"));
    let inter = 0;
    for (const x of ps) if (gs.has(x)) inter++;
    const p = ps.size ? inter / ps.size : 0;
    const r = gs.size ? inter / gs.size : 1;
    const f = p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0;
    const meta = isDict(row.meta) ? row.meta : {};
    const isDecoy = got !== null && got === normContract(pyGet(meta, "decoy_contract"));
    const parsed = Object.hasOwn(pred, "value") && pred.raw_unparsed !== true;
    value.push(ok ? 1 : 0);
    cp.push(p);
    cr.push(r);
    cf.push(f);
    decoy.push(isDecoy ? 1 : 0);
    parse.push(parsed ? 1 : 0);
    const mode = ok
      ? null
      : !parsed
        ? "unparsed"
        : got === null
          ? "null_answer"
          : isDecoy
            ? "decoy"
            : "wrong_contract";
    if (mode) fm.set(mode, (fm.get(mode) ?? 0) + 1);
    diags.push({
      id: rid,
      value_ok: ok,
      pred_value: got,
      gold_value: row.gold.value,
      cite_f1: f,
      decoy: isDecoy,
      failure_mode_id: mode,
    });
  }
  const counts: Record<string, number> = {};
  for (const k of pySortStrings(fm.keys())) counts[k] = fm.get(k) as number;
  return {
    rows_total: rows.length,
    rows_scored: rows.length,
    means: {
      value_acc: pyMean(value),
      cite_p: pyMean(cp),
      cite_r: pyMean(cr),
      cite_f1: pyMean(cf),
      decoy_rate: pyMean(decoy),
      parse_rate: pyMean(parse),
    },
    failure_mode_counts: counts,
    correct: value.map((x) => x === 1),
    rows: diags,
  };
}

const floors = (v: number, c: number, d: number): TrapFloor[] => [
  { metric: "value_acc", op: ">=", value: v },
  { metric: "cite_f1", op: ">=", value: c },
  { metric: "decoy_rate", op: "<=", value: d },
];
const at = (v: number, c: number, d: number) => ({ anchors: floors(v, c, d), holdout: floors(v, c, d) });

export const implicationDerivedFamily: TrapFamily = {
  id: ICD_ID,
  compat: "1.0",
  description:
    "1.0: derive `implication.contract` from five flags (superseded writes, a NOTE decoy) by the precedence rules the question states; the contract is never written",
  defaults: { seed: 3070, anchors: 18, holdout: 60, canary: 9 },
  generate: generateImplicationDerived,
  score: scoreImplicationDerived,
  accuracyMetric: "value_acc",
  headlineMetric: "value_acc",
  floors: { observe: at(0.55, 0.35, 0.3), ramp: at(0.75, 0.55, 0.2), target: at(0.9, 0.8, 0.1) },
  // Report-only; the canary is the same task with deeper superseded chains.
  canaryAlert: { observe: 1.01, ramp: 1.01, target: 1.01 },
  jitter: ["value_acc", "cite_f1"].map((metric) => ({ metric, max: 0.05 })),
  syntheticMetrics: {},
  outputFormat: "Follow the output format the question states.",
  predictionFromText: contractPrediction,
  foldPrediction: lookupPrediction,
  rulePrediction: icRulePrediction,
  oraclePrediction: icRulePrediction,
};
