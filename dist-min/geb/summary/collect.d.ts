import type { ModelRunPayload } from "../pipeline/gebmodel.js";
export declare function findResultFiles(inputs: readonly string[]): string[];
export declare function runIdentity(p: ModelRunPayload): string;
export declare function collectRuns(inputs: readonly string[], opts?: {
    latestOnly?: boolean;
}): {
    rows: Record<string, unknown>[];
    csv: string;
    files: number;
};
