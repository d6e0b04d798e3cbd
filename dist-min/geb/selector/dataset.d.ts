import type { PipelineConfig } from "../pipeline/config.js";
import { type PipelineRow, type SelectorContext } from "../pipeline/select.js";
export type SelectorLabel = "authoritative" | "latest-entry";
export declare const SELECTOR_LABELS: readonly SelectorLabel[];
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
export declare function exportExample(row: PipelineRow, ctx: SelectorContext, opts: {
    label: SelectorLabel;
    hardNegatives: number;
}): SelectorExample | null;
export declare function exportConfigSummary(c: PipelineConfig): Record<string, unknown>;
/**
 * One example line as `geb selector export` or the reference's `export_selector_dataset.py`
 * writes it. Reference candidates carry `authority_spoofed` and show the flipped op; the true
 * op is recovered (a spoof swaps NOTE and SET). A missing `label` is `unspecified`.
 */
export declare function parseExample(o: Record<string, unknown>, where: {
    file: string;
    line: number;
}): SelectorExample;
