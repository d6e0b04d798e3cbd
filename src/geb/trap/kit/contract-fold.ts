/**
 * The fold baseline of the contract families (questions answered `{value, support_ids}`
 * from the State Ledger): fold the ledger, find the key the question refers to, answer its
 * latest value with that entry's id. Shared by the reference ports and the 1.0 variants.
 */
import { foldLedger, questionKey, trapLedger } from "../ledger.js";
import type { TrapPrediction, TrapRow } from "../types.js";

const WORD_RE = /[a-z0-9_]+/g;

/**
 * The ledger key a question refers to: the key it names (as the lookup reads it) when that
 * key has a ledger entry; else the ledger key whose full name appears in the question;
 * else the key whose every dot-separated part is a word of the question ("what codename
 * does Arya use?" → `arya.codename`). Longest key first; null when none fits.
 */
export function mentionedKey(question: string, keys: Iterable<string>): string | null {
  const all = [...new Set(keys)];
  const named = questionKey(question);
  if (named !== null && all.includes(named)) return named;
  const q = question.toLowerCase();
  const words = new Set(q.match(WORD_RE) ?? []);
  const byLength = all.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  for (const k of byLength) if (q.includes(k.toLowerCase())) return k;
  for (const k of byLength)
    if (
      k
        .toLowerCase()
        .split(".")
        .every((p) => words.has(p))
    )
      return k;
  return named;
}

/**
 * The fold baseline for contract families: the ledger folded into key → (value, uid), the
 * question's key resolved by `mentionedKey`, rendered as `{value, support_ids}` (value
 * null and no ids when the key has no SET/CLEAR).
 */
export function contractFold(row: TrapRow): TrapPrediction {
  const state = foldLedger(trapLedger(String(row.book ?? "")));
  const key = mentionedKey(String(row.question ?? ""), state.keys());
  const hit = key === null ? undefined : state.get(key);
  return hit
    ? { id: row.id, value: hit.value, support_ids: [hit.uid] }
    : { id: row.id, value: null, support_ids: [] };
}
