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
];
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
];
export const pad = (n, width) => String(n).padStart(width, "0");
export function makeValue(rng) {
    return `${rng.choice(COLORS)}-${pad(rng.randrange(0, 10000), 4)}`;
}
export function makeManager(rng) {
    return `${rng.choice(MANAGERS)}-${pad(rng.randrange(0, 100), 3)}`;
}
/** Python `str(value)` of a state value, `None` for unknown (an empty set is unknown). */
export function formatValue(mode, v) {
    if (v === null)
        return null;
    if (mode === "set") {
        const members = v instanceof PySet ? v.sorted() : v;
        return members.length === 0 ? null : members.join(",");
    }
    return String(v);
}
/** Members of a set value (either representation); null for anything else. */
function setSize(v) {
    if (v instanceof PySet)
        return v.size;
    return Array.isArray(v) ? v.length : null;
}
const INT_RE = /^\s*[+-]?\d+(?:_\d+)*\s*$/;
/**
 * Parse a ledger value. `counterFallback` is what a non-integer counter value becomes: the
 * reference generator says 0, its baseline and grader say None; we follow the generator so
 * the ledger baseline agrees with gold (the reference's baseline does not).
 */
export function parseValue(mode, raw, counterFallback = 0) {
    if (raw === null)
        return null;
    if (mode === "counter")
        return INT_RE.test(raw) ? Number.parseInt(raw.replace(/_/g, ""), 10) : counterFallback;
    if (mode === "set")
        return raw ? [...new Set(raw.split(","))].sort() : [];
    return raw;
}
/**
 * `parseValue` for a value the generator goes on to mutate (the reference generator's
 * `_parse_value`): in reference-0.1 a set becomes a CPython-ordered table,
 * `set(raw.split(","))`; 1.0 keeps sorted arrays.
 */
export function parseLiveValue(mode, raw, dialect) {
    if (mode === "set" && raw !== null && dialect === "reference-0.1")
        return raw ? PySet.from(raw.split(",")) : new PySet();
    return parseValue(mode, raw);
}
/** A key's value before any write: an empty set (in the dialect's representation) or null. */
export function initialValue(mode, dialect) {
    if (mode !== "set")
        return null;
    return dialect === "1.0" ? [] : new PySet();
}
/**
 * One state transition (`_mutate_value`): returns [new value, becameEmpty]. `dialect` only
 * matters for set removals: which member `rng.choice` sees at which index.
 */
export function mutateValue(mode, current, rng, dialect) {
    switch (mode) {
        case "kv":
        case "kv_commentary":
            return [makeValue(rng), false];
        case "counter": {
            const base = typeof current === "number" ? current : 0;
            return [base + rng.randint(1, 5), false];
        }
        case "set": {
            if (dialect === "1.0") {
                // Sorted members; the removed one is drawn from the sorted list.
                const members = current instanceof PySet ? [...current.sorted()] : Array.isArray(current) ? [...current] : [];
                // Short-circuit as in Python: no draw when the set is empty.
                if (members.length === 0 || rng.random() < 0.6) {
                    const item = `item${pad(rng.randrange(0, 10000), 4)}`;
                    if (!members.includes(item)) {
                        members.push(item);
                        members.sort();
                    }
                }
                else {
                    const item = rng.choice(members);
                    members.splice(members.indexOf(item), 1);
                }
                return members.length === 0 ? [[], true] : [members, false];
            }
            // `set(current)`: a copy, laid out as CPython lays out a copy; the removed member is
            // drawn from `list(members)`, CPython's iteration order.
            const members = current instanceof PySet
                ? current.copy()
                : Array.isArray(current)
                    ? PySet.from(current)
                    : new PySet();
            if (members.size === 0 || rng.random() < 0.6) {
                members.add(`item${pad(rng.randrange(0, 10000), 4)}`);
            }
            else {
                members.discard(rng.choice(members.toList()));
            }
            return members.size === 0 ? [new PySet(), true] : [members, false];
        }
        case "relational": {
            let manager = makeManager(rng);
            while (manager === current)
                manager = makeManager(rng);
            return [manager, false];
        }
    }
}
/** A value whose formatted form differs from `current` (up to 5 tries, as `_alt_value`). */
export function altValue(mode, current, rng, dialect) {
    let next = current;
    const cur = formatValue(mode, current);
    for (let tries = 0; formatValue(mode, next) === cur && tries < 5; tries++)
        [next] = mutateValue(mode, current, rng, dialect);
    return formatValue(mode, next) || "";
}
/** A value that conflicts with `current` (`_conflict_instruction_value`). */
export function conflictValue(mode, current, rng, dialect) {
    const cur = formatValue(mode, current);
    for (let i = 0; i < 6; i++) {
        const alt = altValue(mode, current, rng, dialect);
        if (alt && alt !== cur)
            return alt;
    }
    if (mode === "counter")
        return String((typeof current === "number" ? current : 0) + rng.choice([1, 2, 3, 4, 5]));
    if (mode === "set")
        return `item${pad(rng.randrange(0, 10000), 4)}`;
    return makeValue(rng);
}
export function replayLedger(mode, entries, counterFallback = 0) {
    const state = new Map();
    const lastSupport = new Map();
    const lastOp = new Map();
    for (const e of entries) {
        if (e.op === "SET")
            state.set(e.key, parseValue(mode, e.value, counterFallback));
        else if (e.op === "CLEAR")
            state.set(e.key, mode === "set" ? [] : null);
        else
            continue;
        lastSupport.set(e.key, e.uid);
        lastOp.set(e.key, e.op);
    }
    return { state, lastSupport, lastOp };
}
/**
 * The gold answer from replayed state (`_answer_from_state` of the reference generator). The
 * support is the last authoritative update of the key, also when the answer is unknown (a
 * CLEAR establishes "unknown"). A key never written has no value and no support: its member
 * list is unknown, and so is its member count (the reference starts every key's last op as
 * CLEAR, which gives the same null).
 */
export function answerFromState(mode, s, q) {
    if (q.queryType === "derived" && q.derivedOp === "reports") {
        if (!q.derivedManager)
            return { value: null, supportIds: [] };
        const reportKeys = [...s.state.entries()]
            .filter(([, v]) => v === q.derivedManager)
            .map(([k]) => k)
            .sort();
        if (reportKeys.length === 0)
            return { value: null, supportIds: [] };
        const supportIds = [];
        for (const k of reportKeys) {
            const u = s.lastSupport.get(k);
            if (u)
                supportIds.push(u);
        }
        return { value: reportKeys.join(","), supportIds };
    }
    const raw = s.state.get(q.key) ?? null;
    let value;
    if (q.queryType === "derived" && q.derivedOp === "color") {
        const f = formatValue(mode, raw);
        value = f ? f.split("-")[0] : null;
    }
    else if (q.queryType === "derived" && q.derivedOp === "parity") {
        value = raw === null ? null : parityOf(raw);
    }
    else if (q.queryType === "derived" && q.derivedOp === "count") {
        const n = setSize(raw);
        value = raw === null || s.lastOp.get(q.key) !== "SET" || n === null ? null : String(n);
    }
    else {
        value = formatValue(mode, raw);
    }
    const u = s.lastSupport.get(q.key);
    return { value, supportIds: u ? [u] : [] };
}
/** Python `"even" if int(raw) % 2 == 0 else "odd"`; a non-integer has no parity here. */
function parityOf(raw) {
    const n = typeof raw === "number"
        ? raw
        : typeof raw === "string" && INT_RE.test(raw)
            ? Number.parseInt(raw.replace(/_/g, ""), 10)
            : Number.NaN;
    if (Number.isNaN(n))
        return null;
    return Math.abs(n) % 2 === 0 ? "even" : "odd";
}
//# sourceMappingURL=state.js.map