/**
 * novel_continuity_derived (our 1.0 dialect; no reference counterpart): continuity across a
 * story where the final state is never written as one SET. The ledger records a base value
 * and later *changes relative to it*; the answer is the base value with every change that
 * still stands applied:
 *
 * - timeline: `<event>.day` plus postponements `<event>.postpone.<n> = <days>` (each moves
 *   the day later; a CLEARed postponement was cancelled; NOTEs are rumours) → the weekday;
 * - identity: `<name>.codename` plus codebook entries `codebook.<old> = <new>` (a retired
 *   codename and its replacement; chains; a CLEARed entry was rescinded) → the codename;
 * - constraint: `<place>.rule`, `<place>.rule_override` (replaces the rule) and
 *   `<place>.rule_suspended = yes|no` (the latest counts; yes → no active rule, null).
 *
 * The question names the base key, so the lookup answers the base value, which the
 * generator makes wrong on every row. Shipped programs: `continuityOracle` (fold the ledger,
 * apply the changes; scores 1.0), the lookup, and the fold baseline (`contractFold`, the
 * latest value of the named key, the same as the lookup here).
 */
import type { PyRandom } from "../../../core/random.js";
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
import { normLower } from "../kit/metrics.js";
import { pyGet } from "../py.js";
import type { TrapRow } from "../types.js";
import { contractFold } from "../kit/contract-fold.js";
import { CONTINUITY_NOUNS } from "./novel-continuity.js";
import type { RowOutcome, ScoredRow } from "../kit/score.js";
import { VALUE_CITATION_MEANS, valueOutcome } from "../kit/value-citation.js";

export const NCD_ID = "novel_continuity_derived";
export const NCD_DIMS = ["timeline", "identity", "constraint"] as const;
/** The continuity nouns, whole (a full week of days). */
const { days: DAYS, chars: CHARS, aliases: ALIASES, rules: RULES } = CONTINUITY_NOUNS;
const EVENTS = ["hearing", "ferry", "vault", "parade"];
const PLACES = ["dock", "citadel", "archive", "reactor"];

const RULES_TEXT = `${ledgerRules({ cleared: "key no longer applies", notes: "rumours" })} ${valueAndSupport("the ids of every ledger entry the answer rests on")}`;

/** The answer a question asks for, from the folded ledger. */
export function continuityAnswer(book: string, question: string): DerivedAnswer<string | null> | null {
  const st = ledgerStateOf(book);
  const named = /`([a-z_]+)\.(day|codename|rule)`/.exec(question);
  if (!named) return null;
  const [, subject, kind] = named;
  const base = standing(st, `${subject}.${kind}`);
  if (kind === "day") {
    if (!base || !DAYS.includes(base.value)) return { value: null, support: [] };
    let shift = 0;
    const support = [base.uid];
    for (const [key, e] of st)
      if (key.startsWith(`${subject}.postpone.`) && e.value !== null && /^\d+$/.test(e.value)) {
        shift += Number(e.value);
        support.push(e.uid);
      }
    return { value: DAYS[(DAYS.indexOf(base.value) + shift) % 7], support };
  }
  if (kind === "codename") {
    if (!base) return { value: null, support: [] };
    // Renamed until a codename has no standing codebook entry.
    const renames = followChain(st, base.value, (name) => `codebook.${name}`);
    return { value: renames.end, support: [base.uid, ...renames.support] };
  }
  const suspended = standing(st, `${subject}.rule_suspended`);
  if (suspended?.value === "yes") return { value: null, support: [suspended.uid] };
  const override = standing(st, `${subject}.rule_override`);
  const rule = override ?? base;
  if (!rule) return { value: null, support: [] };
  return { value: rule.value, support: suspended ? [rule.uid, suspended.uid] : [rule.uid] };
}

/** The exact oracle program. */
export const continuityOracle = answerProgram(continuityAnswer);

// ---------------------------------------------------------------------------------------
// Generator.

function drawEpisode(ep: DerivedEpisode, rng: PyRandom): TrapRow {
  const dim = ep.profile(rng, NCD_DIMS);
  const ledger = new LedgerLines(rng);
  const push = (body: string) => ledger.push(body);
  let question: string;
  if (dim === "timeline") {
    const ev = rng.choice(EVENTS);
    const day = rng.choice(DAYS);
    // Postponements: the standing ones must move the day (a sum that is not a multiple of 7).
    let shifts: number[];
    do shifts = Array.from({ length: rng.randint(1, 3) }, () => rng.randint(1, 3));
    while (shifts.reduce((a, b) => a + b, 0) % 7 === 0);
    const answer = DAYS[(DAYS.indexOf(day) + shifts.reduce((a, b) => a + b, 0)) % 7];
    // The retconned first schedule is neither the latest day nor the answer.
    push(`SET ${ev}.day = ${rng.choice(DAYS.filter((d) => d !== day && d !== answer))}`);
    push(`NOTE ${ev}.postpone.9 = ${rng.randint(1, 3)}`);
    push(`SET ${ev}.day = ${day}`);
    shifts.forEach((k, i) => {
      push(`SET ${ev}.postpone.${i + 1} = ${k}`);
    });
    if (rng.random() < 0.5) {
      push(`SET ${ev}.postpone.${shifts.length + 1} = ${rng.randint(1, 3)}`);
      push(`CLEAR ${ev}.postpone.${shifts.length + 1}`);
    }
    question = `By the end of the story, on which weekday does the ${ev} take place? \`${ev}.day\` is the scheduled day; each \`${ev}.postpone.<n>\` moves it that many days later. ${RULES_TEXT}`;
  } else if (dim === "identity") {
    const who = rng.choice(CHARS);
    const chain = rng.sample(ALIASES, rng.randint(3, 4));
    push(`SET ${who}.codename = ${chain[0]}`);
    push(`NOTE codebook.${chain[0]} = ${rng.choice(ALIASES.filter((a) => !chain.includes(a)))}`);
    for (let i = 0; i + 1 < chain.length; i++) push(`SET codebook.${chain[i]} = ${chain[i + 1]}`);
    if (rng.random() < 0.5) {
      const spare = rng.choice(ALIASES.filter((a) => !chain.includes(a)));
      push(`SET codebook.${chain[chain.length - 1]} = ${spare}`);
      push(`CLEAR codebook.${chain[chain.length - 1]}`);
    }
    question = `By the end of the story, which codename does ${who[0].toUpperCase()}${who.slice(1)} use? \`${who}.codename\` is the first codename; each \`codebook.<old> = <new>\` retires codename <old> for <new>. ${RULES_TEXT}`;
  } else {
    const place = rng.choice(PLACES);
    const [r1, r2] = rng.sample(RULES, 2);
    push(`SET ${place}.rule = ${r1}`);
    push(`NOTE ${place}.rule_suspended = yes`);
    const mode = rng.choice(["suspended", "override", "lifted"]);
    if (mode === "suspended") {
      if (rng.random() < 0.5) push(`SET ${place}.rule_override = ${r2}`);
      push(`SET ${place}.rule_suspended = yes`);
    } else if (mode === "override") push(`SET ${place}.rule_override = ${r2}`);
    else {
      push(`SET ${place}.rule_suspended = yes`);
      push(`SET ${place}.rule_override = ${r2}`);
      push(`SET ${place}.rule_suspended = no`);
    }
    question = `By the end of the story, which rule is active at the ${place}? \`${place}.rule\` is the original rule; \`${place}.rule_override\` replaces it; \`${place}.rule_suspended = yes\` means no rule is active (value null). ${RULES_TEXT}`;
  }
  for (let i = 0; i < 3; i++) push(`SET weather.day${i + 1} = ${rng.choice(["clear", "storm", "fog"])}`);
  const book = ep.book(ledger);
  return ep.row(book, question, continuityAnswer(book, question)!, { dimension: dim });
}

// ---------------------------------------------------------------------------------------
// Scorer (ours): every metric measured from the answer.

function scoreRow(r: ScoredRow): RowOutcome {
  const ok = normLower(pyGet(r.gold, "value")) === normLower(pyGet(r.pred, "value"));
  return valueOutcome(ok, r, ["dimension", String(r.meta.dimension ?? "")]);
}

export const novelContinuityDerivedFamily = defineDerivedFamily({
  id: NCD_ID,
  description:
    "1.0: the final state is a base value with later relative changes applied (postponed days, codebook renames, rule overrides / suspensions); never one SET",
  defaults: { seed: 31, anchors: 12, holdout: 36, canary: 6 },
  episodes: { draw: drawEpisode },
  profiles: { names: NCD_DIMS, counts: true },
  scorer: { row: scoreRow, means: VALUE_CITATION_MEANS },
  floors: [
    ["value_acc", ">=", 0.45, 0.65, 0.85],
    ["cite_f1", ">=", 0, 0.6, 0.85],
  ],
  // Report only; the canary is more of the same task.
  canaryAlert: 1,
  jitter: ["value_acc", "cite_f1"],
  programs: { fold: contractFold, oracle: continuityOracle },
});

export const generateNovelContinuityDerived = novelContinuityDerivedFamily.generate;
export const scoreNovelContinuityDerived = novelContinuityDerivedFamily.score;
