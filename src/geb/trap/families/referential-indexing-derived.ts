/**
 * referential_indexing_derived (our 1.0 dialect; no reference counterpart): the indexing
 * and reassembly tasks referential_indexing_suite names, without the assembled answers
 * written into the ledger. Each ledger holds four parts (`part.alpha` … `part.delta`), each
 * SET twice (old, then new), NOTE decoys repeating old values, a `hub.popular` SET of a
 * stale value, sometimes a CLEARed part, a 3-step sequence (`seq.step1..3`, one step
 * re-SET) and a pointer chain (`ptr.*` values name the next key). Questions:
 *
 * - reassembly: `part.X|part.Y|part.Z` → the latest values joined by `|`;
 * - reconstruction: `X=<…>;Y=<…>` → `X=<value>;Y=<value>`;
 * - assembly_order: `step1>step2>step3` → the latest seq values joined by `>`;
 * - pointer_chase: follow `ptr.start` to the part it reaches → that part's latest value;
 * - no_invention: a tuple with a part that has no value (never SET, or CLEARed) → null.
 *
 * `support_ids` must be exactly the entries the answer rests on (every pointer hop
 * included); `pointer_set_exact_rate` measures that. Shipped programs: `referentialOracle`
 * (fold the ledger, then assemble; scores 1.0), the lookup (one named key) and the fold
 * baseline (`contractFold`: the latest value of the one key the question mentions).
 */
import type { PyRandom } from "../../../core/random.js";
import { ERROR_RATE_BOUNDS } from "../kit/floors.js";
import {
  answerProgram,
  type DerivedAnswer,
  type DerivedEpisode,
  defineDerivedFamily,
  followChain,
  ledgerStateOf,
  standing,
  ledgerRules,
  valueAndSupport,
} from "../kit/derived.js";
import { LedgerLines } from "../kit/ledger-lines.js";
import { normLower, supportSet } from "../kit/metrics.js";
import { pyGet } from "../py.js";
import type { TrapRow } from "../types.js";
import { contractFold } from "../kit/contract-fold.js";
import type { RowOutcome, ScoredRow } from "../kit/score.js";
import { VALUE_CITATION_MEANS, valueOutcome } from "../kit/value-citation.js";

export const RID_ID = "referential_indexing_derived";
export const RID_PROFILES = [
  "reassembly",
  "reconstruction",
  "assembly_order",
  "pointer_chase",
  "no_invention",
] as const;
const PARTS = ["alpha", "beta", "gamma", "delta"];

const TAIL = `${ledgerRules({ cleared: "key has no value", notes: "commentary" })} ${valueAndSupport("exactly the ids of the ledger entries your answer rests on")}`;

// ---------------------------------------------------------------------------------------
// The oracle: fold the ledger, read what the question asks for, assemble.

/** The answer a question asks for, from the folded ledger (null value when a part has none). */
export function referentialAnswer(book: string, question: string): DerivedAnswer<string | null> | null {
  const st = ledgerStateOf(book);
  const none = { value: null, support: [] };
  let m = /Reassemble the tuple `([^`]+)`/.exec(question);
  if (m) {
    const hits = m[1].split("|").map((k) => standing(st, k));
    if (hits.some((h) => h === null)) return none;
    return { value: hits.map((h) => h!.value).join("|"), support: hits.map((h) => h!.uid) };
  }
  m = /Reconstruct `([^`]+)`/.exec(question);
  if (m) {
    const names = m[1].split(";").map((p) => p.split("=")[0]);
    const hits = names.map((n) => standing(st, `part.${n}`));
    if (hits.some((h) => h === null)) return none;
    return {
      value: names.map((n, i) => `${n}=${hits[i]!.value}`).join(";"),
      support: hits.map((h) => h!.uid),
    };
  }
  if (/execution order `step1>step2>step3`/.test(question)) {
    const hits = [1, 2, 3].map((i) => standing(st, `seq.step${i}`));
    if (hits.some((h) => h === null)) return none;
    return { value: hits.map((h) => h!.value).join(">"), support: hits.map((h) => h!.uid) };
  }
  m = /Follow the pointer chain from `([^`]+)`/.exec(question);
  if (m) {
    const hops = followChain(st, m[1], (key) => (key.startsWith("ptr.") ? key : null));
    if (hops.dangling) return none;
    // A chain that is still on a ptr.* key after 10 hops (a cycle) or ends off the part.* keys has no answer.
    const end = hops.end.startsWith("part.") ? standing(st, hops.end) : null;
    return end ? { value: end.value, support: [...hops.support, end.uid] } : none;
  }
  return null;
}

/** The exact oracle program. */
export const referentialOracle = answerProgram(referentialAnswer);

// ---------------------------------------------------------------------------------------
// Generator.

function drawEpisode(ep: DerivedEpisode, rng: PyRandom): TrapRow {
  const profile = ep.profile(rng, RID_PROFILES);
  const ledger = new LedgerLines(rng);
  const push = (body: string) => ledger.push(body);
  const vals = new Map<string, [string, string]>();
  for (const p of PARTS) {
    const a = `v${rng.randint(100, 999)}`;
    let b = `v${rng.randint(100, 999)}`;
    while (b === a) b = `v${rng.randint(100, 999)}`;
    vals.set(p, [a, b]);
  }
  // A cleared part only on no_invention rows (half of them); otherwise every part has a value.
  const cleared = profile === "no_invention" && rng.random() < 0.5 ? rng.choice(PARTS) : null;
  for (const p of PARTS) push(`SET part.${p} = ${vals.get(p)![0]}`);
  for (const p of rng.sample(PARTS, 2)) push(`NOTE part.${p} = ${vals.get(p)![0]}`);
  const steps = [1, 2, 3].map(() => `s${rng.randint(1, 9)}`);
  const resetStep = rng.randint(1, 3);
  for (let i = 0; i < 3; i++)
    push(`SET seq.step${i + 1} = ${i + 1 === resetStep ? `s${rng.randint(1, 9)}` : steps[i]}`);
  for (const p of PARTS) push(`SET part.${p} = ${vals.get(p)![1]}`);
  push(`SET hub.popular = ${vals.get(rng.choice(PARTS))![0]}`);
  push(`SET seq.step${resetStep} = ${steps[resetStep - 1]}`);
  // Pointer chain of depth 2 or 3; the start pointer is first aimed at a decoy, then re-SET.
  const target = rng.choice(PARTS);
  const depth = rng.randint(2, 3);
  const hops = depth === 2 ? ["ptr.start", "ptr.mid"] : ["ptr.start", "ptr.mid", "ptr.last"];
  push(`SET ptr.start = part.${rng.choice(PARTS.filter((p) => p !== target))}`);
  for (let i = hops.length - 1; i >= 0; i--)
    push(`SET ${hops[i]} = ${i === hops.length - 1 ? `part.${target}` : hops[i + 1]}`);
  if (cleared) push(`CLEAR part.${cleared}`);
  const book = ep.book(ledger);
  let question: string;
  if (profile === "reassembly") {
    const keys = rng.sample(PARTS, 3).map((p) => `part.${p}`);
    question = `Reassemble the tuple \`${keys.join("|")}\` from the latest values of those keys, joined by "|". ${TAIL}`;
  } else if (profile === "reconstruction") {
    const names = rng.sample(PARTS, 2);
    question = `Reconstruct \`${names.map((n) => `${n}=<…>`).join(";")}\`, filling each <…> with the latest value of part.<name>. ${TAIL}`;
  } else if (profile === "assembly_order") {
    question = `Give the execution order \`step1>step2>step3\`: the latest values of seq.step1, seq.step2, seq.step3 joined by ">". ${TAIL}`;
  } else if (profile === "pointer_chase") {
    question = `Follow the pointer chain from \`ptr.start\` (the latest value of each ptr.* key names the next key to read) and return the latest value of the part.* key it reaches. ${TAIL}`;
  } else {
    const keys = [
      ...rng.sample(
        PARTS.filter((p) => p !== cleared),
        2,
      ),
      cleared ?? "epsilon",
    ].map((p) => `part.${p}`);
    rng.shuffle(keys);
    question = `Reassemble the tuple \`${keys.join("|")}\` from the latest values of those keys, joined by "|". If any of them has no value, return value null and no support ids. ${TAIL}`;
  }
  return ep.row(book, question, referentialAnswer(book, question)!, {
    profile,
    pointer_depth: profile === "pointer_chase" ? depth : null,
    stale_values: PARTS.map((p) => vals.get(p)![0]),
    ledger_ids: ledger.uids,
  });
}

// ---------------------------------------------------------------------------------------
// Scorer (ours): every metric measured from the answer.

/** Compare assembled strings with whitespace around separators removed, lower-cased. */
const normAssembled = (v: unknown): string =>
  typeof v === "string" ? normLower(v.replace(/\s*([|;>=])\s*/g, "$1")) : normLower(v);

function scoreRow(r: ScoredRow): RowOutcome {
  const { pred, gold, meta } = r;
  const profile = String(meta.profile ?? "");
  const predValue = pyGet(pred, "value");
  const ok = normAssembled(pyGet(gold, "value")) === normAssembled(predValue);
  const gs = supportSet(pyGet(gold, "support_ids"));
  const ps = supportSet(pyGet(pred, "support_ids"));
  const exact = ps.size === gs.size && [...ps].every((x) => gs.has(x));
  const known = new Set(Array.isArray(meta.ledger_ids) ? meta.ledger_ids.map(String) : []);
  const halluc = known.size > 0 && [...ps].some((x) => !known.has(x));
  // A stale component: the answer contains an old (superseded) part value.
  const stales = Array.isArray(meta.stale_values)
    ? meta.stale_values.map((x) => String(x).toLowerCase())
    : [];
  const parts = typeof predValue === "string" ? normAssembled(predValue).split(/[|;>=]/) : [];
  const stale = !ok && parts.some((x) => stales.includes(x));
  return valueOutcome(ok, r, ["profile", profile], {
    measures: {
      pointer_set_exact_rate: exact,
      pointer_set_size: ps.size,
      hallucinated_pointer_rate: halluc,
      stale_component_rate: stale,
    },
    diag: { pointer_set_exact: exact, hallucinated: halluc, stale_component: stale },
  });
}

export const referentialIndexingDerivedFamily = defineDerivedFamily({
  id: RID_ID,
  description:
    "1.0: reassemble tuples, reconstructions and sequences from latest part values, follow pointer chains; nothing assembled is in the ledger",
  defaults: { seed: 211, anchors: 15, holdout: 45, canary: 5 },
  episodes: { draw: drawEpisode },
  profiles: { names: RID_PROFILES, counts: true },
  scorer: {
    row: scoreRow,
    means: [
      ...VALUE_CITATION_MEANS,
      "pointer_set_exact_rate",
      "pointer_set_size",
      "hallucinated_pointer_rate",
      "stale_component_rate",
    ],
  },
  floors: [
    ["value_acc", ">=", 0.55, 0.7, 0.85],
    ["cite_f1", ">=", 0.35, 0.55, 0.8],
    ["pointer_set_exact_rate", ">=", 0.3, 0.5, 0.7],
    ["hallucinated_pointer_rate", ...ERROR_RATE_BOUNDS],
    ["stale_component_rate", ...ERROR_RATE_BOUNDS],
  ],
  // Report only; the canary is more of the same task.
  canaryAlert: 1,
  jitter: ["value_acc", "cite_f1", "pointer_set_exact_rate"],
  programs: { fold: contractFold, oracle: referentialOracle },
});

export const generateReferentialIndexingDerived = referentialIndexingDerivedFamily.generate;
export const scoreReferentialIndexingDerived = referentialIndexingDerivedFamily.score;
