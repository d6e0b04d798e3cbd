import { type ReportDoc } from "../../core/report/html.js";
type Obj = Record<string, unknown>;
/** Complexity composite z(I): mean of the normalised factors (null when the row has none). */
export declare function complexityZ(row: Obj): number | null;
/** Quartile labels Q1..Q4 by rank of z over all rows (ties keep input order; deterministic). */
export declare function complexityQuartiles(rows: readonly Obj[]): (string | null)[];
export declare function gf01ReportDoc(report: Obj, runs?: readonly Obj[]): ReportDoc;
/** The page as one HTML string (for `gf01 report --html`). */
export declare function renderGf01ReportHtml(report: Obj, runs?: readonly Obj[]): Promise<string>;
/** Write the page plus CSV/JSON of every table (and PNGs with `png`). */
export declare function writeGf01ReportHtml(report: Obj, out: string, opts?: {
    runs?: readonly Obj[];
    png?: boolean;
    chromium?: string;
}): Promise<import("../../core/report/html.js").WrittenReport>;
export {};
