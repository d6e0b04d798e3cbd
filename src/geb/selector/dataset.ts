/**
 * Selector training data: one JSON line per eligible row with the question, the candidates
 * exactly as the pipeline would show them (same retriever, k, wrong type, drop, order and
 * spoofing), and the label. The default label is the **authoritative** gold UPDATE; the
 * reference's export labels the newest ledger entry of any op, so NOTE lines become positives
 * (which produced the README's "linear selector is weak on NOTEs"). `latest-entry` reproduces
 * that. `--hard-negatives n` adds up to n more same-key entries (newest first, then other keys)
 * that the retriever did not return.
 */
import { InputError } from "../../core/errors.js";
import type { PipelineConfig } from "../pipeline/config.js";
import { type Candidate, ledgerCandidates, newerFirst } from "../pipeline/ledger.js";
import { candidatesFor, type PipelineRow, type SelectorContext } from "../pipeline/select.js";

export type SelectorLabel = "authoritative" | "latest-entry";
export const SELECTOR_LABELS: readonly SelectorLabel[] = ["authoritative", "latest-entry"];
/**
 * What an example's `correct_uid` means. `unspecified`: the file does not say (the
 * reference's export has no label field; its `correct_uid` is the newest entry of any op
 * unless it ran with `--use-gold-support`), so a model trained on it must not claim either.
 */
export type ExampleLabel = SelectorLabel | "unspecified";

export interface SelectorCandidate {
  uid: string;
  step: number;
  /** As shown (after spoofing). */
  op: string;
  key: string;
  value: string | null;
  true_op: string;
  spoofed: boolean;
}

export interface SelectorExample {
  id: string;
  question: string;
  key: string;
  candidates: SelectorCandidate[];
  correct_uid: string | null;
  gold_present: boolean;
  label: ExampleLabel;
  /** The reference export's `gold_support_uid` (the row's authoritative gold), when given. */
  gold_support_uid?: string | null;
}

const toJson = (e: Candidate): SelectorCandidate => ({
  uid: e.uid,
  step: e.step,
  op: e.op,
  key: e.key,
  value: e.value,
  true_op: e.trueOp,
  spoofed: e.spoofed,
});

export function exportExample(
  row: PipelineRow,
  ctx: SelectorContext,
  opts: { label: SelectorLabel; hardNegatives: number },
): SelectorExample | null {
  const { trace, candidates } = candidatesFor(row, ctx);
  if (!trace.eligible || !trace.key) return null;
  const list = [...candidates];
  if (opts.hardNegatives > 0) {
    const have = new Set(list.map((e) => e.uid));
    let pool = ledgerCandidates(row.book ?? "").filter((e) => !have.has(e.uid));
    if (ctx.config.authority_filter) pool = pool.filter((e) => e.trueOp !== "NOTE");
    const gold = trace.gold_uid;
    const same = pool.filter((e) => e.key === trace.key && e.uid !== gold).sort(newerFirst);
    const other = pool.filter((e) => e.key !== trace.key).sort(newerFirst);
    list.push(...[...same, ...other].slice(0, opts.hardNegatives));
  }
  const correct = opts.label === "authoritative" ? trace.gold_uid : trace.latest_entry_uid;
  return {
    id: row.id,
    question: row.question,
    key: trace.key,
    candidates: list.map(toJson),
    correct_uid: correct,
    gold_present: correct !== null && list.some((e) => e.uid === correct),
    label: opts.label,
    gold_support_uid: trace.gold_uid,
  };
}

export function exportConfigSummary(c: PipelineConfig): Record<string, unknown> {
  return {
    retriever: c.retriever,
    k: c.k,
    wrong_type: c.wrong_type,
    order: c.order,
    order_seed: c.order_seed,
    drop_prob: c.drop_prob,
    drop_seed: c.drop_seed,
    authority_spoof_rate: c.authority_spoof_rate,
    authority_spoof_seed: c.authority_spoof_seed,
    authority_filter: c.authority_filter,
  };
}

/**
 * One example line as `geb selector export` or the reference's `export_selector_dataset.py`
 * writes it. Reference candidates carry `authority_spoofed` and show the flipped op; the true
 * op is recovered (a spoof swaps NOTE and SET). A missing `label` is `unspecified`.
 */
export function parseExample(
  o: Record<string, unknown>,
  where: { file: string; line: number },
): SelectorExample {
  if (!Array.isArray(o.candidates))
    throw new InputError("expected a selector example with candidates[]", { ...where, field: "candidates" });
  const candidates = (o.candidates as Record<string, unknown>[]).map((c, j): SelectorCandidate => {
    if (!c || typeof c.uid !== "string" || typeof c.step !== "number" || typeof c.op !== "string")
      throw new InputError("candidate needs uid, step and op", { ...where, field: `candidates[${j}]` });
    const spoofed = c.spoofed === true || c.authority_spoofed === true;
    const shownOp = c.op;
    const trueOp =
      typeof c.true_op === "string"
        ? c.true_op
        : spoofed
          ? shownOp.toUpperCase() === "NOTE"
            ? "SET"
            : "NOTE"
          : shownOp;
    return {
      uid: c.uid,
      step: c.step,
      op: shownOp,
      key: typeof c.key === "string" ? c.key : "",
      value: typeof c.value === "string" ? c.value : null,
      true_op: trueOp,
      spoofed,
    };
  });
  let label: ExampleLabel = "unspecified";
  if (o.label !== undefined && o.label !== null) {
    if (!SELECTOR_LABELS.includes(o.label as SelectorLabel))
      throw new InputError(`label must be one of ${SELECTOR_LABELS.join(", ")}`, {
        ...where,
        field: "label",
      });
    label = o.label as SelectorLabel;
  }
  return {
    id: String(o.id ?? ""),
    question: String(o.question ?? ""),
    key: String(o.key ?? ""),
    candidates,
    correct_uid: typeof o.correct_uid === "string" ? o.correct_uid : null,
    gold_present: o.gold_present === true,
    label,
    ...(o.gold_support_uid !== undefined
      ? { gold_support_uid: typeof o.gold_support_uid === "string" ? o.gold_support_uid : null }
      : {}),
  };
}
