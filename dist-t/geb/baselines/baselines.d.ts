import type { Compat, Protocol } from "../dataset/types.js";
export declare const BASELINES: readonly ["naive", "ledger"];
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
/** Ledger baseline; the replayed state is cached per text (an episode's rows share one). */
export declare class LedgerBaseline {
    private readonly protocol;
    private readonly dialect;
    private lastText;
    private lastMode;
    private lastState;
    constructor(protocol: Protocol, dialect?: Compat);
    predict(input: PredictInput): BaselinePrediction;
}
/** Naive baseline (`predict_naive_row`); scans per key are cached per text. */
export declare class NaiveBaseline {
    private lastText;
    private byKey;
    predict(input: PredictInput): BaselinePrediction;
}
export interface Predictor {
    predict(input: PredictInput): BaselinePrediction;
}
/**
 * A baseline predictor. `dialect` picks the ledger baseline's semantics: `1.0` (answers exactly
 * what gold says) or `reference-0.1` (the reference's predictions byte for byte). The naive
 * baseline is the same in both.
 */
export declare function makeBaseline(name: BaselineName, protocol: Protocol, dialect?: Compat): Predictor;
