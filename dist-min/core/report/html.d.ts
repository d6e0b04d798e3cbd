import { type Chart, type RenderedChart } from "./charts.js";
import { type Table } from "./tables.js";
export interface ReportSection {
    id: string;
    title: string;
    /** Plain text paragraphs. */
    intro?: string[];
    charts?: Chart[];
    tables?: Table[];
    /** Shown when a section has nothing to plot (e.g. no k grid in these runs). */
    empty?: string;
}
export interface ReportDoc {
    title: string;
    subtitle?: string;
    /** Key/value facts shown under the title (inputs, versions, counts). */
    facts?: [string, string][];
    sections: ReportSection[];
}
export interface BuiltReport {
    html: string;
    charts: RenderedChart[];
    tables: Table[];
}
export declare const esc: (s: string) => string;
/** Render the document to one HTML string (charts rendered here, at build time). */
export declare function buildReport(doc: ReportDoc): Promise<BuiltReport>;
export interface WriteReportOptions {
    /** Also write every table as <dir>/<id>.csv and .json (default true). */
    tableFiles?: boolean;
    /** Export every chart as PNG (needs chromium; see png.ts). */
    png?: boolean;
    chromium?: string;
    /** Where CSV/JSON/PNG files go (default `<out without .html>.files/`). */
    filesDir?: string;
}
export interface WrittenReport {
    html: string;
    filesDir: string;
    charts: number;
    tables: number;
    pngs: string[];
}
export declare function writeReport(doc: ReportDoc, out: string, opts?: WriteReportOptions): Promise<WrittenReport>;
