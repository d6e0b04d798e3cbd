/** A row played by a person (web or terminal), whose repeated plays are attempts. */
export declare function isHumanRow(row: Record<string, unknown>): boolean;
export interface SeparationIssue {
    line: number;
    error_type: "track_mixing" | "duplicate_run";
    message: string;
}
export declare class SeparationChecker {
    private readonly seen;
    readonly issues: SeparationIssue[];
    add(row: Record<string, unknown>, line: number): void;
}
