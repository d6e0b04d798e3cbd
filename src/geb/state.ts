/**
 * State values per mode and the answer function shared by the generator (gold) and the ledger
 * baseline, so "what the ledger implies" has one definition.
 *
 * Representation: kv / kv_commentary / relational hold strings, counter holds integers, set
 * holds a sorted array of members. The reference keeps Python sets and picks a member to
 * remove with `rng.choice(list(members))`, whose order depends on per-process string hashing;
 * we pick from the sorted list (documented in docs/geb/differences.md).
 */
import type { PyRandom } from "../core/random.js";
import type { DerivedOp, LedgerEntry, QueryType, StateMode } from "./types.js";

export type StateValue = string | number | readonly string[] | null;

export const COLORS = [
  "amber",
  "cobalt",
  "crimson",
  "indigo",
  "jade",
  "mauve",
  "ochre",
  "sable",
  "teal",
  "violet",
] as const;
export const MANAGERS = [
  "orion",
  "lyra",
  "deneb",
  "altair",
  "rigel",
  "vega",
  "sirius",
  "ariel",
  "nova",
  "cosmo",
] as const;

export const pad = (n: number, width: number): string => String(n).padStart(width, "0");

export function makeValue(rng: PyRandom): string {
  return `${rng.choice(COLORS)}-${pad(rng.randrange(0, 10000), 4)}`;
}

export function makeManager(rng: PyRandom): string {
  return `${rng.choice(MANAGERS)}-${pad(rng.randrange(0, 100), 3)}`;
}

/** Python `str(value)` of a state value, `None` for unknown (an empty set is unknown). */
export function formatValue(mode: StateMode, v: StateValue): string | null {
  if (v === null) return null;
  if (mode === "set") {
    const members = v as readonly string[];
    return members.length === 0 ? null : members.join(",");
  }
  return String(v);
}

const INT_RE = /^\s*[+-]?\d+(?:_\d+)*\s*$/;

/**
 * Parse a ledger value. `counterFallback` is what a non-integer counter value becomes: the
 * reference generator says 0, its baseline and grader say None; we follow the generator so
 * the ledger baseline agrees with gold (the reference's baseline does not).
 */
export function parseValue(
  mode: StateMode,
  raw: string | null,
  counterFallback: number | null = 0,
): StateValue {
  if (raw === null) return null;
  if (mode === "counter")
    return INT_RE.test(raw) ? Number.parseInt(raw.replace(/_/g, ""), 10) : counterFallback;
  if (mode === "set") return raw ? [...new Set(raw.split(","))].sort() : [];
  return raw;
}

/** One state transition (`_mutate_value`): returns [new value, becameEmpty]. */
export function mutateValue(mode: StateMode, current: StateValue, rng: PyRandom): [StateValue, boolean] {
  switch (mode) {
    case "kv":
    case "kv_commentary":
      return [makeValue(rng), false];
    case "counter": {
      const base = typeof current === "number" ? current : 0;
      return [base + rng.randint(1, 5), false];
    }
    case "set": {
      const members = Array.isArray(current) ? [...(current as string[])] : [];
      // Short-circuit as in Python: no draw when the set is empty.
      if (members.length === 0 || rng.random() < 0.6) {
        const item = `item${pad(rng.randrange(0, 10000), 4)}`;
        if (!members.includes(item)) {
          members.push(item);
          members.sort();
        }
      } else {
        const item = rng.choice(members);
        members.splice(members.indexOf(item), 1);
      }
      return members.length === 0 ? [[], true] : [members, false];
    }
    case "relational": {
      let manager = makeManager(rng);
      while (manager === current) manager = makeManager(rng);
      return [manager, false];
    }
  }
}

/** A value whose formatted form differs from `current` (up to 5 tries, as `_alt_value`). */
export function altValue(mode: StateMode, current: StateValue, rng: PyRandom): string {
  let next: StateValue = current;
  const cur = formatValue(mode, current);
  for (let tries = 0; formatValue(mode, next) === cur && tries < 5; tries++)
    [next] = mutateValue(mode, current, rng);
  return formatValue(mode, next) || "";
}

/** A value that conflicts with `current` (`_conflict_instruction_value`). */
export function conflictValue(mode: StateMode, current: StateValue, rng: PyRandom): string {
  const cur = formatValue(mode, current);
  for (let i = 0; i < 6; i++) {
    const alt = altValue(mode, current, rng);
    if (alt && alt !== cur) return alt;
  }
  if (mode === "counter")
    return String((typeof current === "number" ? current : 0) + rng.choice([1, 2, 3, 4, 5]));
  if (mode === "set") return `item${pad(rng.randrange(0, 10000), 4)}`;
  return makeValue(rng);
}

/** Replayed ledger state: value, last authoritative uid and last op per key. */
export interface LedgerState {
  state: Map<string, StateValue>;
  lastSupport: Map<string, string>;
  lastOp: Map<string, "SET" | "CLEAR">;
}

export function replayLedger(
  mode: StateMode,
  entries: readonly LedgerEntry[],
  counterFallback: number | null = 0,
): LedgerState {
  const state = new Map<string, StateValue>();
  const lastSupport = new Map<string, string>();
  const lastOp = new Map<string, "SET" | "CLEAR">();
  for (const e of entries) {
    if (e.op === "SET") state.set(e.key, parseValue(mode, e.value, counterFallback));
    else if (e.op === "CLEAR") state.set(e.key, mode === "set" ? [] : null);
    else continue;
    lastSupport.set(e.key, e.uid);
    lastOp.set(e.key, e.op);
  }
  return { state, lastSupport, lastOp };
}

export interface QuerySpec {
  key: string;
  queryType: QueryType;
  derivedOp: DerivedOp | null;
  derivedManager: string | null;
}

export interface Answer {
  value: string | null;
  supportIds: string[];
}

/**
 * The gold answer from replayed state (`_answer_from_state` of the reference generator). The
 * support is the last authoritative update of the key, also when the answer is unknown (a
 * CLEAR establishes "unknown").
 */
export function answerFromState(mode: StateMode, s: LedgerState, q: QuerySpec): Answer {
  if (q.queryType === "derived" && q.derivedOp === "reports") {
    if (!q.derivedManager) return { value: null, supportIds: [] };
    const reportKeys = [...s.state.entries()]
      .filter(([, v]) => v === q.derivedManager)
      .map(([k]) => k)
      .sort();
    if (reportKeys.length === 0) return { value: null, supportIds: [] };
    const supportIds: string[] = [];
    for (const k of reportKeys) {
      const u = s.lastSupport.get(k);
      if (u) supportIds.push(u);
    }
    return { value: reportKeys.join(","), supportIds };
  }
  const raw = s.state.get(q.key) ?? null;
  let value: string | null;
  if (q.queryType === "derived" && q.derivedOp === "color") {
    const f = formatValue(mode, raw);
    value = f ? f.split("-")[0] : null;
  } else if (q.queryType === "derived" && q.derivedOp === "parity") {
    value = raw === null ? null : parityOf(raw);
  } else if (q.queryType === "derived" && q.derivedOp === "count") {
    if (raw === null || s.lastOp.get(q.key) === "CLEAR") value = null;
    else value = Array.isArray(raw) ? String(raw.length) : null;
  } else {
    value = formatValue(mode, raw);
  }
  const u = s.lastSupport.get(q.key);
  return { value, supportIds: u ? [u] : [] };
}

/** Python `"even" if int(raw) % 2 == 0 else "odd"`; a non-integer has no parity here. */
function parityOf(raw: StateValue): string | null {
  const n =
    typeof raw === "number"
      ? raw
      : typeof raw === "string" && INT_RE.test(raw)
        ? Number.parseInt(raw.replace(/_/g, ""), 10)
        : Number.NaN;
  if (Number.isNaN(n)) return null;
  return Math.abs(n) % 2 === 0 ? "even" : "odd";
}
