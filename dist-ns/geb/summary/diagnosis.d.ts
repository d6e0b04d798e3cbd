import type { Summary } from "./summarize.js";
export declare const DEFAULT_THRESHOLDS: Readonly<Record<string, number>>;
export declare const BOTTLENECKS: readonly ["instability", "retrieval", "abstain", "authority", "selection", "instruction", "answering", "pass"];
export type Bottleneck = (typeof BOTTLENECKS)[number];
export declare function loadThresholds(file?: string | null): {
    thresholds: Record<string, number>;
    version: string | null;
};
export type SupportingMetrics = Record<string, number | null>;
export declare function extractMetrics(s: Summary): SupportingMetrics;
export declare function classifyBottleneck(m: SupportingMetrics, t: Record<string, number>): Bottleneck;
interface Prescription {
    title: string;
    rationale: string;
    estimated_effort: "S" | "M" | "L";
    expected_impact: "S" | "M" | "L";
    next_steps: string[];
}
export interface Diagnosis {
    schema_version: "1";
    run_dir: string | null;
    thresholds_version: string | null;
    holdout_name: string | null;
    status: "PASS" | "FAIL" | "UNSTABLE";
    primary_bottleneck: Bottleneck | "answering";
    supporting_metrics: SupportingMetrics;
    thresholds: Record<string, number>;
    evidence_examples: Record<string, unknown>[];
    prescription: Prescription;
    second_best_prescription: Prescription;
    required_inputs_next_run: string[];
}
export declare function buildDiagnosis(s: Summary, opts?: {
    thresholds?: Record<string, number>;
    thresholdsVersion?: string | null;
    runDir?: string | null;
    examples?: Record<string, unknown>[];
}): Diagnosis;
export declare function formatDiagnosis(d: Diagnosis): string[];
/** Up to `max` wrong answers with the gold line among the candidates: what the selector picked. */
export declare function evidenceExamples(rows: readonly {
    id: string;
    eligible: boolean;
    gold_present: boolean;
    value_ok: boolean;
    gold_value: string | null;
    pred_value: string | null;
    selected_uid: string | null;
    selected_op: string | null;
    gold_uid: string | null;
    q_index: number | null;
    trial: number;
}[], max?: number): Record<string, unknown>[];
export {};
