import type { SelectorExample } from "./dataset.js";
import { type LinearModel } from "./linear.js";
export interface TrainOptions {
    epochs: number;
    lr: number;
    seed: number;
    /** Share of examples held out for the test split (the reference: 0.2). */
    testFrac: number;
    stepBucket: number;
    notePenalty: number;
    wrongUpdatePenalty: number;
    spoofPenalty: number;
}
export declare const DEFAULT_TRAIN_OPTIONS: Readonly<TrainOptions>;
interface Prepared {
    ex: SelectorExample;
    m: Float64Array;
    n: number;
    target: number;
    penalty: Float64Array;
}
/** Examples usable for training: a label that is among the candidates. */
export declare function usable(examples: readonly SelectorExample[]): SelectorExample[];
export declare function selectionRate(examples: readonly Prepared[], w: readonly number[]): number | null;
export declare function trainSelector(all: readonly SelectorExample[], opts?: Partial<TrainOptions>): LinearModel;
/**
 * How the examples' `correct_uid` relates to the row's authoritative gold, where the file
 * records it (`gold_support_uid`, reference exports): a label that differs from gold on any
 * example is not an authoritative label, whatever the file claims. Null when nothing records it.
 */
export declare function labelCheck(all: readonly SelectorExample[]): {
    same_as_gold_support: number;
    differs_from_gold_support: number;
} | null;
export {};
