/**
 * State values per mode and the answer function shared by the generator (gold) and the ledger
 * baseline, so "what the ledger implies" has one definition.
 *
 * Representation: kv / kv_commentary / relational hold strings, counter holds integers. A set
 * is a sorted array of members, except while the reference-0.1 generator mutates it: then it
 * is a `PySet` (CPython's table, core/pyset.ts), because the reference removes a member with
 * `rng.choice(list(members))` and so picks in CPython's set iteration order under
 * PYTHONHASHSEED=0. 1.0 picks from the sorted members, so its datasets do not depend on CPython
 * internals (docs/geb/generator.md).
 */
import { PySet } from "../../core/pyset.js";
import type { PyRandom } from "../../core/random.js";
import type { Compat, DerivedOp, LedgerEntry, QueryType, StateMode } from "./types.js";
export type StateValue = string | number | readonly string[] | PySet | null;
export declare const COLORS: readonly ["amber", "cobalt", "crimson", "indigo", "jade", "mauve", "ochre", "sable", "teal", "violet"];
export declare const MANAGERS: readonly ["orion", "lyra", "deneb", "altair", "rigel", "vega", "sirius", "ariel", "nova", "cosmo"];
export declare const pad: (n: number, width: number) => string;
export declare function makeValue(rng: PyRandom): string;
export declare function makeManager(rng: PyRandom): string;
/** Python `str(value)` of a state value, `None` for unknown (an empty set is unknown). */
export declare function formatValue(mode: StateMode, v: StateValue): string | null;
/**
 * Parse a ledger value. `counterFallback` is what a non-integer counter value becomes: the
 * reference generator says 0, its baseline and grader say None; we follow the generator so
 * the ledger baseline agrees with gold (the reference's baseline does not).
 */
export declare function parseValue(mode: StateMode, raw: string | null, counterFallback?: number | null): StateValue;
/**
 * `parseValue` for a value the generator goes on to mutate (the reference generator's
 * `_parse_value`): in reference-0.1 a set becomes a CPython-ordered table,
 * `set(raw.split(","))`; 1.0 keeps sorted arrays.
 */
export declare function parseLiveValue(mode: StateMode, raw: string | null, dialect: Compat): StateValue;
/** A key's value before any write: an empty set (in the dialect's representation) or null. */
export declare function initialValue(mode: StateMode, dialect: Compat): StateValue;
/**
 * One state transition (`_mutate_value`): returns [new value, becameEmpty]. `dialect` only
 * matters for set removals: which member `rng.choice` sees at which index.
 */
export declare function mutateValue(mode: StateMode, current: StateValue, rng: PyRandom, dialect: Compat): [StateValue, boolean];
/** A value whose formatted form differs from `current` (up to 5 tries, as `_alt_value`). */
export declare function altValue(mode: StateMode, current: StateValue, rng: PyRandom, dialect: Compat): string;
/** A value that conflicts with `current` (`_conflict_instruction_value`). */
export declare function conflictValue(mode: StateMode, current: StateValue, rng: PyRandom, dialect: Compat): string;
/** Replayed ledger state: value, last authoritative uid and last op per key. */
export interface LedgerState {
    state: Map<string, StateValue>;
    lastSupport: Map<string, string>;
    lastOp: Map<string, "SET" | "CLEAR">;
}
export declare function replayLedger(mode: StateMode, entries: readonly LedgerEntry[], counterFallback?: number | null): LedgerState;
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
 * CLEAR establishes "unknown"). A key never written has no value and no support: its member
 * list is unknown, and so is its member count (the reference starts every key's last op as
 * CLEAR, which gives the same null).
 */
export declare function answerFromState(mode: StateMode, s: LedgerState, q: QuerySpec): Answer;
