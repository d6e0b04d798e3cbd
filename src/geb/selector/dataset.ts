/**
 * Selector training data: one JSON line per eligible row with the question, the candidates
 * exactly as the pipeline would show them (same retriever, k, wrong type, drop, order and
 * spoofing), and the label. The default label is the **authoritative** gold UPDATE; the
 * reference's export labels the newest ledger entry of any op, so NOTE lines become positives
 * (which produced the README's "linear selector is weak on NOTEs"). `latest-entry` reproduces
 * that. `--hard-negatives n` adds up to n more same-key entries (newest first, then other keys)
 * that the retriever did not return.
 */
import type { PipelineConfig } from "../pipeline/config.js";
import { type Candidate, ledgerCandidates, newerFirst } from "../pipeline/ledger.js";
import { candidatesFor, type PipelineRow, type SelectorContext } from "../pipeline/select.js";

export type SelectorLabel = "authoritative" | "latest-entry";

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
  label: SelectorLabel;
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
