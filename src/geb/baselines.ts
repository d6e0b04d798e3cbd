/**
 * Baseline predictors.
 *
 * - `ledger`: replays the authoritative updates (open book: the episode log; closed book: the
 *   book's State Ledger) and answers with the same function that produced gold, so it scores
 *   1.0 on every mode and profile. The reference's ledger baseline misses two cases we fix:
 *   counter parity after a CLEAR (it drops the CLEAR's support id) and non-integer counter values
 *   (its `_parse_value` says None where the generator says 0).
 * - `naive`: the reference's shortcut scan, kept exactly: the last `key = colour-NNNN` (or
 *   `= UNKNOWN`) line mentioning the key wins, distractors included.
 *
 * A predictor receives only the text its protocol allows: closed-book predictors get the book,
 * never the document (`PredictInput` has no document field).
 */
import { parseBookLedger, parseUpdates, splitLines } from "./book.js";
import { answerFromState, type LedgerState, replayLedger } from "./state.js";
import type { DerivedOp, Protocol, QueryType, StateMode } from "./types.js";

export const BASELINES = ["naive", "ledger"] as const;
export type BaselineName = (typeof BASELINES)[number];

/** What a predictor may see of a row. */
export interface PredictInput {
  id: string;
  meta: {
    key?: unknown;
    state_mode?: unknown;
    query_type?: unknown;
    derived_op?: unknown;
    derived_manager?: unknown;
  };
  /** The episode log (open_book) or the book (closed_book). */
  text: string;
}

export interface BaselinePrediction {
  id: string;
  value: string | null;
  support_id: string | null;
  support_ids: string[];
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function prediction(id: string, value: string | null, supportIds: string[]): BaselinePrediction {
  return { id, value, support_id: supportIds.length === 1 ? supportIds[0] : null, support_ids: supportIds };
}

/** Ledger baseline; `cache` avoids re-parsing the text shared by an episode's rows. */
export class LedgerBaseline {
  private lastText: string | null = null;
  private lastMode: StateMode | null = null;
  private lastState: LedgerState | null = null;

  constructor(private readonly protocol: Protocol) {}

  predict(input: PredictInput): BaselinePrediction {
    const mode = (str(input.meta.state_mode) ?? "kv") as StateMode;
    if (input.text !== this.lastText || mode !== this.lastMode) {
      const entries = this.protocol === "open_book" ? parseUpdates(input.text) : parseBookLedger(input.text);
      this.lastState = replayLedger(mode, entries, 0);
      this.lastText = input.text;
      this.lastMode = mode;
    }
    const ans = answerFromState(mode, this.lastState!, {
      key: str(input.meta.key) ?? "",
      queryType: (str(input.meta.query_type) ?? "direct") as QueryType,
      derivedOp: str(input.meta.derived_op) as DerivedOp | null,
      derivedManager: str(input.meta.derived_manager),
    });
    return prediction(input.id, ans.value, ans.supportIds);
  }
}

const UID_RE = /\[(U[A-F0-9]{6})\]/;
const ASSIGN_RE = /(tag\.\d{2})\s*=\s*([a-z]+-\d{4})/;
const UNKNOWN_RE = /(tag\.\d{2})\s*=\s*UNKNOWN\b/;

interface NaiveScan {
  value: string | null;
  support: string | null;
}

/** Naive baseline (`predict_naive_row`); scans per key are cached per text. */
export class NaiveBaseline {
  private lastText: string | null = null;
  private byKey = new Map<string, NaiveScan>();

  predict(input: PredictInput): BaselinePrediction {
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
      if (op === "color" && value) value = value.split("-")[0];
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

function naiveScan(text: string, key: string): NaiveScan {
  let value: string | null = null;
  let support: string | null = null;
  for (const line of splitLines(text)) {
    if (line.trim() === "## State Ledger") break;
    if (!line.includes(key)) continue;
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

export interface Predictor {
  predict(input: PredictInput): BaselinePrediction;
}

export function makeBaseline(name: BaselineName, protocol: Protocol): Predictor {
  return name === "ledger" ? new LedgerBaseline(protocol) : new NaiveBaseline();
}
