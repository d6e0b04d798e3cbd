/**
 * referential_indexing_suite (reference-0.1): the reference's generator
 * (`generate_referential_indexing_suite_family.py`) and scorer
 * (`score_referential_indexing_suite.py`), ported for byte-identical fixtures and equal
 * `means` (tests/geb/trap/parity.test.ts). Nine subfamilies over one ledger of three parts
 * (old and new SETs, a NOTE, NOTE noise). Outside the canary, the "reassembly",
 * "minimal pointer set", "reconstruction" and "assembly order" answers are **written into
 * the ledger** (`resolved.*` keys) and the question names that key, so the lookup answers
 * every holdout row. The answer may carry `lookup_depth` (and `pointer_set_size`, which is
 * not read: the scorer counts the cited ids); without `lookup_depth` the scorer uses the
 * fixture's random `lookup_depth_target` (labelled synthetic).
 */
import { pyJsonDumps, pyStrip } from "../../../core/pyjson.js";
import { pyJsonLoads } from "../../../core/pyjsonloads.js";
import type { PyRandom } from "../../../core/random.js";
import { extractJsonObject } from "../answer.js";
import { defineContractFamily, VALUE_ACC_COPIES } from "../kit/define.js";
import { drawUid, drawUids, episodeId, holdoutDrawOrCycle } from "../kit/draws.js";
import { type FamilyFloors, floorList, jitterOf, onBothSplits } from "../kit/floors.js";
import { episodeRow } from "../kit/ledger-book.js";
import { splitFixtures } from "../kit/splits.js";
import { citationPrf, normLower, supportSet } from "../kit/metrics.js";
import { isDict, isPyNumber, pyGet, pyMean, pyNumberValue, pySortStrings, pyStrValue } from "../py.js";
import type { TrapFixtures, TrapGenerateOptions, TrapPrediction, TrapRow, TrapScore } from "../types.js";
import { ContractColumns } from "../kit/value-citation.js";
import { scoringRows, scoreResult } from "../kit/score.js";
import { Tally } from "../kit/tally.js";

export const RIS_ID = "referential_indexing_suite";

export const RIS_SUBFAMILIES = [
  "index_loss_bounded",
  "reassembly_recoverability",
  "minimal_pointer_set",
  "reconstruction_fidelity",
  "no_invention_expansion",
  "stale_pointer_conflict",
  "wrong_hub_attraction",
  "assembly_order_traps",
  "wrong_address_traps",
] as const;

function valuePair(rng: PyRandom): [string, string] {
  const a = `v${rng.randint(100, 999)}`;
  let b = `v${rng.randint(100, 999)}`;
  while (b === a) b = `v${rng.randint(100, 999)}`;
  return [a, b];
}

/** The questions' answer-format sentence (`pointer_set_size` is asked on the pointer-set rows). */
const returnKeys = (extra = ""): string => `Return JSON with keys: value, support_ids, ${extra}lookup_depth.`;

/**
 * The four assembled subfamilies. In the canary the question asks for the assembly itself
 * (gold cites its parts); elsewhere the assembled value is written into the ledger as a
 * `resolved.*` SET at `step` and the question names that key (gold cites the SET).
 */
const ASSEMBLED: Partial<
  Record<string, { ask: string; step: number; key: string; what: string; extra?: string }>
> = {
  reassembly_recoverability: {
    ask: "Reassemble the tuple `part.alpha|part.beta|part.gamma` using latest authoritative values.",
    step: 15,
    key: "resolved.bundle",
    what: "the reassembled `part.alpha|part.beta|part.gamma` tuple",
  },
  minimal_pointer_set: {
    ask: "Return the latest value for `part.beta` with the minimum sufficient pointer set.",
    step: 15,
    key: "resolved.part.beta",
    what: "minimal pointer-set result",
    extra: "pointer_set_size, ",
  },
  reconstruction_fidelity: {
    ask: "Reconstruct `alpha=<...>;beta=<...>` from latest authoritative values only.",
    step: 15,
    key: "resolved.alpha_beta",
    what: "reconstruction fidelity output",
  },
  assembly_order_traps: {
    ask: "Reassemble execution order as `step1>step2>step3` from authoritative entries.",
    step: 20,
    key: "resolved.seq",
    what: "execution order `step1>step2>step3`",
  },
};

const asEpisode = (line: string): string => line.replace(" step=", " UPDATE step=");

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const sub = holdoutDrawOrCycle(rng, RIS_SUBFAMILIES, split, index);
  const ep = episodeId("RIS", split, index);
  const [alphaOld, alphaNew] = valuePair(rng);
  const [betaOld, betaNew] = valuePair(rng);
  const [gammaOld, gammaNew] = valuePair(rng);
  const [uAOld, uBOld, uGOld, uANew, uBNew, uGNew, uANote] = drawUids(rng, 7);
  const ledger = [
    `- [${uAOld}] step=1 SET part.alpha = ${alphaOld}`,
    `- [${uBOld}] step=2 SET part.beta = ${betaOld}`,
    `- [${uGOld}] step=3 SET part.gamma = ${gammaOld}`,
    `- [${uANote}] step=4 NOTE part.alpha = ${alphaOld}`,
    `- [${uANew}] step=5 SET part.alpha = ${alphaNew}`,
    `- [${uBNew}] step=6 SET part.beta = ${betaNew}`,
    `- [${uGNew}] step=7 SET part.gamma = ${gammaNew}`,
  ];
  const episode = ledger.map(asEpisode);
  const add = (line: string) => {
    ledger.push(line);
    episode.push(asEpisode(line));
  };
  for (let step = 8; step < 15; step++) {
    const u = drawUid(rng);
    add(`- [${u}] step=${step} NOTE noise.metric_${step} = n${rng.randint(1000, 9999)}`);
  }
  const lookupDepthTarget = rng.randint(1, 4);
  let queryTargetType = "value";
  let question = "";
  let value: string | null;
  let support: string[];
  const canary = split === "canary";
  if (sub === "index_loss_bounded") {
    question = `For key \`part.alpha\`, return the latest authoritative value. ${returnKeys()}`;
    value = alphaNew;
    support = [uANew];
  } else if (sub === "reassembly_recoverability") {
    value = `${alphaNew}|${betaNew}|${gammaNew}`;
    support = [uANew, uBNew, uGNew];
  } else if (sub === "minimal_pointer_set") {
    value = betaNew;
    support = [uBNew];
  } else if (sub === "reconstruction_fidelity") {
    value = `alpha=${alphaNew};beta=${betaNew}`;
    support = [uANew, uBNew];
  } else if (sub === "no_invention_expansion") {
    question = `What is the latest value for \`part.delta\`? If absent, return null. Do not invent values. ${returnKeys()}`;
    value = null;
    support = [];
    queryTargetType = "null";
  } else if (sub === "stale_pointer_conflict") {
    question = `A stale snapshot says \`part.alpha\` was old. Return the latest authoritative \`part.alpha\`. ${returnKeys()}`;
    value = alphaNew;
    support = [uANew];
  } else if (sub === "wrong_hub_attraction") {
    const u = drawUid(rng);
    add(`- [${u}] step=16 SET hub.popular = ${alphaOld}`);
    question = `Do not be distracted by high-frequency hub keys. Return latest \`part.alpha\`. ${returnKeys()}`;
    value = alphaNew;
    support = [uANew];
  } else if (sub === "assembly_order_traps") {
    const [u1, u2, u3] = [drawUid(rng), drawUid(rng), drawUid(rng)];
    const [s1, s2, s3] = [rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 9)].map((n) => `s${n}`);
    add(`- [${u1}] step=17 SET seq.step1 = ${s1}`);
    add(`- [${u2}] step=18 SET seq.step2 = ${s2}`);
    add(`- [${u3}] step=19 SET seq.step3 = ${s3}`);
    value = `${s1}>${s2}>${s3}`;
    support = [u1, u2, u3];
  } else {
    const [ua, ub] = [drawUid(rng), drawUid(rng)];
    const a1 = `addr-${rng.randint(1000, 1999)}`;
    const a2 = `addr-${rng.randint(2000, 2999)}`;
    add(`- [${ua}] step=20 SET address.user_001 = ${a1}`);
    add(`- [${ub}] step=21 SET address.user_010 = ${a2}`);
    question = `Return latest authoritative value for \`address.user_010\` (not \`address.user_001\`). ${returnKeys()}`;
    value = a2;
    support = [ub];
  }
  const assembly = ASSEMBLED[sub];
  if (assembly && canary) question = `${assembly.ask} ${returnKeys(assembly.extra)}`;
  else if (assembly) {
    // The subfamily's last draw: the resolved SET's uid.
    const u = drawUid(rng);
    add(`- [${u}] step=${assembly.step} SET ${assembly.key} = ${value}`);
    question = `Return latest authoritative value for \`${assembly.key}\` (${assembly.what}). ${returnKeys(assembly.extra)}`;
    support = [u];
  }
  return episodeRow(ep, {
    document: `# Episode Log ${ep}\n\n${episode.join("\n")}`,
    book:
      `# Referential Indexing Episode ${ep}\n\n## Rules\n- State Ledger is authoritative.\n` +
      "- NOTE lines are non-authoritative.\n- Prefer latest authoritative pointers.\n\n" +
      `## State Ledger\n${ledger.join("\n")}`,
    question,
    gold: { value, support_ids: support },
    meta: {
      family: RIS_ID,
      family_id: sub,
      split,
      case_index: index,
      query_target_type: queryTargetType,
      stale_value: alphaOld,
      lookup_depth_target: lookupDepthTarget,
      all_support_ids: [uAOld, uBOld, uGOld, uANew, uBNew, uGNew, uANote],
      expected_fail: canary,
    },
  });
}

/** Unlike most generators, canaries are ordinary rows that continue the same random stream. */
export const generateReferentialIndexingSuite = (o: TrapGenerateOptions): TrapFixtures =>
  splitFixtures(o, { row: buildRow });

// ---------------------------------------------------------------------------------------
// Scorer.

/** The scorer's `_parse_pred`: a string value holding a JSON object is read for value / answer, ids, lookup_depth. */
function parsePred(row: Record<string, unknown>): {
  value: unknown;
  support: Set<string>;
  depth: number | null;
} {
  const raw = pyGet(row, "value");
  let support = supportSet(pyGet(row, "support_ids"));
  if (typeof raw === "string") {
    const text = pyStrip(raw);
    if (text.startsWith("{") && text.endsWith("}")) {
      let obj: unknown = null;
      try {
        obj = pyJsonLoads(text);
      } catch {
        obj = null;
      }
      if (isDict(obj)) {
        const value = Object.hasOwn(obj, "value") ? obj.value : pyGet(obj, "answer");
        if (support.size === 0 && Object.hasOwn(obj, "support_ids")) support = supportSet(obj.support_ids);
        const d = pyGet(obj, "lookup_depth");
        // isinstance(x, (int, float)) holds for bools too.
        return { value, support, depth: isPyNumber(d) ? pyNumberValue(d) : null };
      }
    }
  }
  return { value: raw, support, depth: null };
}

export function scoreReferentialIndexingSuite(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const contract = new ContractColumns();
  const col: Record<string, number[]> = { size: [], halluc: [], stale: [], depth: [] };

  const hits = new Tally();
  const counts = new Tally();
  const failures = new Tally();
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const { rid, pred, gold, meta } of scoringRows(rows, preds)) {
    const sub = Object.hasOwn(meta, "family_id") ? pyStrValue(meta.family_id) : "unknown";
    counts.add(sub);
    const { value, support, depth } = parsePred(pred);
    const goldSupport = supportSet(pyGet(gold, "support_ids"));
    const all = supportSet(pyGet(meta, "all_support_ids"));
    for (const x of goldSupport) all.add(x);
    const ok = normLower(value) === normLower(pyGet(gold, "value"));
    const cite = citationPrf(support, goldSupport);
    const halluc = [...support].some((x) => !all.has(x));
    const stale =
      sub === "stale_pointer_conflict" && !ok && normLower(value) === normLower(pyGet(meta, "stale_value"));
    const target = pyGet(meta, "lookup_depth_target");
    const cost = depth !== null ? depth : isPyNumber(target) ? pyNumberValue(target) : 0;
    contract.add(ok, cite, Object.hasOwn(pred, "value"));
    col.size.push(support.size);
    col.halluc.push(halluc ? 1 : 0);
    col.stale.push(stale ? 1 : 0);
    col.depth.push(cost);
    if (ok) hits.add(sub);
    else failures.add(`${sub}_miss`);
    if (halluc) failures.add("hallucinated_expansion");
    if (stale) failures.add("stale_pointer_override");
    correct.push(ok);
    diags.push({
      id: rid,
      family_id: sub,
      value_ok: ok,
      cite_f1: cite[2],
      hallucinated_expansion: halluc,
      stale_pointer_override: stale,
      lookup_depth_cost: cost,
      lookup_depth_from: depth !== null ? "prediction" : "fixture",
    });
  }
  const subAcc = (k: string) => (counts.get(k) > 0 ? hits.get(k) / counts.get(k) : 0);
  const head = contract.means();
  const means: Record<string, number> = {
    ...head,
    pointer_set_size: pyMean(col.size),
    part_coverage_recall: head.value_acc,
    pointer_precision: head.cite_p,
    pointer_recall: head.cite_r,
    reassembly_fidelity: head.value_acc,
    hallucinated_expansion_rate: pyMean(col.halluc),
    stale_pointer_override_rate: pyMean(col.stale),
    lookup_depth_cost: pyMean(col.depth),
    exception_acc: subAcc("stale_pointer_conflict"),
    large_snapshot_acc: subAcc("wrong_hub_attraction"),
  };
  for (const k of pySortStrings(counts.counts.keys())) {
    means[`${k}_acc`] = subAcc(k);
    means[`${k}_count`] = counts.get(k);
  }
  return scoreResult({ means, failures, correct, rows: diags });
}

// The runner floors exact_acc and reassembly_fidelity at value_acc's bound, pointer recall at precision's.
const FLOOR_OPS = {
  value_acc: ">=",
  exact_acc: ">=",
  cite_f1: ">=",
  part_coverage_recall: ">=",
  pointer_precision: ">=",
  pointer_recall: ">=",
  reassembly_fidelity: ">=",
  hallucinated_expansion_rate: "<=",
  stale_pointer_override_rate: "<=",
  lookup_depth_cost: "<=",
  exception_acc: ">=",
  large_snapshot_acc: ">=",
} as const;

/** run_referential_indexing_suite_family.ps1: observe / ramp set both splits; target keeps the defaults. */
export const RIS_FLOORS: FamilyFloors = {
  observe: onBothSplits(
    floorList(FLOOR_OPS, [0.55, 0.55, 0.35, 0.55, 0.35, 0.35, 0.55, 0.55, 0.45, 8, 0.2, 0]),
  ),
  ramp: onBothSplits(floorList(FLOOR_OPS, [0.7, 0.7, 0.55, 0.7, 0.55, 0.55, 0.7, 0.3, 0.25, 6, 0.45, 0.35])),
  target: {
    anchors: floorList(FLOOR_OPS, [0.75, 0.75, 0.65, 0.7, 0.65, 0.65, 0.75, 0.2, 0.2, 6, 0.55, 0.55]),
    holdout: floorList(FLOOR_OPS, [0.85, 0.85, 0.85, 0.85, 0.85, 0.85, 0.85, 0.1, 0.1, 4, 0.8, 0.8]),
  },
};

/**
 * Model text → prediction: the answer object (whole text, else first `{` … last `}`) with
 * a `value` or `answer` key is passed re-serialised as the row's `value`, so the scorer
 * reads value, support_ids and the model's own `lookup_depth` from it (its `_parse_pred`).
 * Anything else is kept as unparsed text; when that text is itself a JSON object (one
 * with neither key) the scorer would read its value as null and credit it on the
 * no-invention rows, so it is wrapped in a list, which matches no gold.
 */
export function referentialPrediction(row: TrapRow, text: string): TrapPrediction {
  const obj = extractJsonObject(text);
  if (obj && (Object.hasOwn(obj, "value") || Object.hasOwn(obj, "answer")))
    return { id: row.id, value: pyJsonDumps(obj, { ensureAscii: false }), support_ids: [] };
  const t = pyStrip(text);
  const readAsObject = t.startsWith("{") && t.endsWith("}") && obj !== null;
  return { id: row.id, value: readAsObject ? [text] : text, support_ids: [], raw_unparsed: true };
}

export const referentialIndexingSuiteFamily = defineContractFamily({
  id: RIS_ID,
  description:
    "nine indexing / reassembly subfamilies over a 3-part ledger; outside the canary the assembled answers are written in the ledger (resolved.* keys)",
  defaults: { seed: 211, anchors: 18, holdout: 54, canary: 9 },
  generate: generateReferentialIndexingSuite,
  score: scoreReferentialIndexingSuite,
  headlineMetric: "value_acc",
  floors: RIS_FLOORS,
  jitter: jitterOf(["value_acc", "exact_acc", "cite_f1"]),
  syntheticMetrics: {
    ...VALUE_ACC_COPIES,
    part_coverage_recall: "a copy of value_acc",
    reassembly_fidelity: "a copy of value_acc",
    pointer_precision: "a copy of cite_p",
    pointer_recall: "a copy of cite_r",
    lookup_depth_cost:
      "the answer's lookup_depth when it gives one, else the fixture's lookup_depth_target (a random 1-4 the generator draws; rows say which in lookup_depth_from)",
  },
  predictionFromText: referentialPrediction,
});
