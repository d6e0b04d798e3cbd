/**
 * Baseline predictors.
 *
 * - `ledger`, dialect `1.0`: replays the authoritative updates (open book: the episode log;
 *   closed book: the book's State Ledger) and answers with the same function that produced
 *   gold, so it scores 1.0 on every metric, mode and profile (tested as a property).
 * - `ledger`, dialect `reference-0.1`: the reference's `predict_ledger_row`, exactly, defects
 *   included: counter parity after a CLEAR answers null *without* the CLEAR's support id (gold
 *   cites it), and a non-integer counter value is unknown (the generator says 0).
 * - `naive` (both dialects): the reference's shortcut scan: the last `key = colour-NNNN` (or
 *   `= UNKNOWN`) line mentioning the key wins, distractors included.
 *
 * A predictor receives only the text its protocol allows: closed-book predictors get the book,
 * never the document (`PredictInput` has no document field).
 */
import { parseBookLedger, parseUpdates, splitLines } from "../dataset/book.js";
import { answerFromState, formatValue, replayLedger } from "../dataset/state.js";
export const BASELINES = ["naive", "ledger"];
const str = (v) => (typeof v === "string" ? v : null);
const PY_INT_RE = /^\s*[+-]?\d+(?:_\d+)*\s*$/;
function prediction(id, value, supportIds) {
    return { id, value, support_id: supportIds.length === 1 ? supportIds[0] : null, support_ids: supportIds };
}
/** Ledger baseline; the replayed state is cached per text (an episode's rows share one). */
export class LedgerBaseline {
    protocol;
    dialect;
    lastText = null;
    lastMode = null;
    lastState = null;
    constructor(protocol, dialect = "1.0") {
        this.protocol = protocol;
        this.dialect = dialect;
    }
    predict(input) {
        const mode = (str(input.meta.state_mode) ?? "kv");
        const ref = this.dialect === "reference-0.1";
        if (input.text !== this.lastText || mode !== this.lastMode) {
            const entries = this.protocol === "open_book"
                ? parseUpdates(input.text, this.dialect)
                : parseBookLedger(input.text, this.dialect);
            // The reference baseline's `_parse_value`: a non-integer counter value is unknown.
            this.lastState = replayLedger(mode, entries, ref ? null : 0);
            this.lastText = input.text;
            this.lastMode = mode;
        }
        const state = this.lastState;
        if (ref) {
            const ans = referenceLedgerAnswer(mode, state, input.meta);
            return prediction(input.id, ans.value, ans.supportIds);
        }
        const ans = answerFromState(mode, state, {
            key: str(input.meta.key) ?? "",
            queryType: (str(input.meta.query_type) ?? "direct"),
            derivedOp: str(input.meta.derived_op),
            derivedManager: str(input.meta.derived_manager),
        });
        return prediction(input.id, ans.value, ans.supportIds);
    }
}
/**
 * The reference ledger baseline's `_answer_from_state` (baselines module). It differs from the
 * generator's (our `answerFromState`) in where the support goes: a parity question on a key
 * whose value is unknown gets no support, and a derived question with an unknown op gets
 * neither value nor support.
 */
function referenceLedgerAnswer(mode, s, meta) {
    const key = str(meta.key) ?? "";
    const raw = s.state.get(key) ?? null;
    const support = s.lastSupport.get(key);
    const keySupport = support ? [support] : [];
    const op = meta.derived_op;
    if ((meta.query_type ?? "direct") === "derived" && typeof op === "string" && op !== "") {
        if (op === "color") {
            const f = formatValue(mode, raw);
            return { value: f ? f.split("-")[0] : null, supportIds: keySupport };
        }
        if (op === "parity") {
            if (raw === null)
                return { value: null, supportIds: [] };
            // Python `int(raw)`: counters are integers already; another mode's value may parse.
            const n = typeof raw === "number"
                ? raw
                : typeof raw === "string" && PY_INT_RE.test(raw)
                    ? Number.parseInt(raw.replace(/_/g, ""), 10)
                    : null;
            if (n === null)
                return { value: null, supportIds: [] };
            return { value: n % 2 === 0 ? "even" : "odd", supportIds: keySupport };
        }
        if (op === "count") {
            const n = Array.isArray(raw) ? raw.length : null;
            const value = raw === null || s.lastOp.get(key) === "CLEAR" || n === null ? null : String(n);
            return { value, supportIds: keySupport };
        }
        if (op === "reports") {
            const manager = meta.derived_manager;
            if (typeof manager !== "string" || manager === "")
                return { value: null, supportIds: [] };
            const keys = [...s.state.entries()]
                .filter(([, v]) => v === manager)
                .map(([k]) => k)
                .sort();
            if (keys.length === 0)
                return { value: null, supportIds: [] };
            const supportIds = keys.flatMap((k) => {
                const u = s.lastSupport.get(k);
                return u ? [u] : [];
            });
            return { value: keys.join(","), supportIds };
        }
        return { value: null, supportIds: [] };
    }
    return { value: formatValue(mode, raw), supportIds: keySupport };
}
const UID_RE = /\[(U[A-F0-9]{6})\]/;
const ASSIGN_RE = /(tag\.\d{2})\s*=\s*([a-z]+-\d{4})/;
const UNKNOWN_RE = /(tag\.\d{2})\s*=\s*UNKNOWN\b/;
/** Naive baseline (`predict_naive_row`); scans per key are cached per text. */
export class NaiveBaseline {
    lastText = null;
    byKey = new Map();
    predict(input) {
        const key = str(input.meta.key) ?? "";
        if (input.text !== this.lastText) {
            this.lastText = input.text;
            this.byKey = new Map();
        }
        let scan = this.byKey.get(key);
        if (!scan) {
            scan = naiveScan(input.text, key);
            this.byKey.set(key, scan);
        }
        let value = scan.value;
        let supportIds = scan.support ? [scan.support] : [];
        if (input.meta.query_type === "derived") {
            const op = input.meta.derived_op;
            if (op === "color" && value)
                value = value.split("-")[0];
            else if (op === "parity" && value)
                value = /^\s*[+-]?\d+\s*$/.test(value)
                    ? Number.parseInt(value, 10) % 2 === 0
                        ? "even"
                        : "odd"
                    : null;
            else if (op === "count" && value)
                value = input.meta.state_mode === "set" ? String(value.split(",").filter((p) => p).length) : null;
            else if (op === "reports") {
                value = null;
                supportIds = [];
            }
        }
        return prediction(input.id, value, supportIds);
    }
}
function naiveScan(text, key) {
    let value = null;
    let support = null;
    for (const line of splitLines(text)) {
        if (line.trim() === "## State Ledger")
            break;
        if (!line.includes(key))
            continue;
        const uid = UID_RE.exec(line);
        const m = ASSIGN_RE.exec(line);
        if (m && m[1] === key) {
            value = m[2];
            support = uid ? uid[1] : support;
            continue;
        }
        const u = UNKNOWN_RE.exec(line);
        if (u && u[1] === key) {
            value = null;
            support = uid ? uid[1] : support;
        }
    }
    return { value, support };
}
/**
 * A baseline predictor. `dialect` picks the ledger baseline's semantics: `1.0` (answers exactly
 * what gold says) or `reference-0.1` (the reference's predictions byte for byte). The naive
 * baseline is the same in both.
 */
export function makeBaseline(name, protocol, dialect = "1.0") {
    return name === "ledger" ? new LedgerBaseline(protocol, dialect) : new NaiveBaseline();
}
//# sourceMappingURL=baselines.js.map