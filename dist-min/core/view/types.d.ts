/**
 * The sample viewer's data model, shared by both families. A family adapter turns run files
 * into a `ViewDataset`: one row per sample (a GF-01 episode, a GEB query) with a few list
 * columns, and a `detail(i)` that describes the sample as generic sections. The page renders
 * sections without knowing the family, so everything family-specific lives in the adapter.
 */
/** A cell of the list: plain JSON scalars only (the page shows them as text). */
export type ViewCell = string | number | boolean | null;
export interface ViewColumn {
    key: string;
    label: string;
    /** A facet gets a filter drop-down of its distinct values (agent, track, profile, …). */
    facet?: boolean;
    /** A metric can be chosen in "failed on metric" (false, or a number below 1). */
    metric?: boolean;
    /** Filter only: not a list column (e.g. the agent, already part of the run label). */
    hidden?: boolean;
}
export interface ViewRun {
    /** Short label shown in the list and the diff pickers (unique within the dataset). */
    label: string;
    /** The file it was read from. */
    source: string;
    /** Identity of the items' source (GEB: a hash of the data file's path); the diff warns when two runs differ. */
    dataset?: string;
}
export interface ViewRow {
    /** Index into `ViewDataset.runs`. */
    run: number;
    /** The item id: the same item in two runs has the same id (the diff joins on it). */
    item: string;
    /** Graded correct (true), wrong (false), or not gradable (null). "Wrong only" keeps false. */
    ok: boolean | null;
    /** One value per `ViewDataset.columns` entry. */
    cells: ViewCell[];
}
/** A marked line of evidence (GEB ledger lines, GF-01 steps). */
export interface ViewLine {
    text: string;
    /** Marks shown as badges and CSS classes: gold, cited, note, stale, instruction, pick, … */
    marks?: string[];
}
export type ViewSection = {
    kind: "kv";
    title: string;
    pairs: [string, ViewCell | ViewCell[]][];
} | {
    kind: "lines";
    title: string;
    lines: ViewLine[];
    legend?: string;
} | {
    kind: "table";
    title: string;
    columns: string[];
    rows: ViewCell[][];
    marks?: (string[] | null)[];
} | {
    kind: "messages";
    title: string;
    items: {
        role: string;
        content: string;
        note?: string;
    }[];
} | {
    kind: "text";
    title: string;
    text: string;
}
/** Something the runs do not record: said plainly instead of invented. */
 | {
    kind: "missing";
    title: string;
    text: string;
};
export interface ViewDetail {
    title: string;
    sections: ViewSection[];
}
export interface ViewDataset {
    family: "gf01" | "geb";
    title: string;
    columns: ViewColumn[];
    runs: ViewRun[];
    rows: ViewRow[];
    /** Notes about the whole dataset (files missing beside a run, …). */
    notes: string[];
    /** The detail of `rows[i]` (computed on demand; the server never builds all of them). */
    detail(i: number): ViewDetail;
}
/** What the page receives up front (everything but the details). */
export interface ViewMeta {
    family: ViewDataset["family"];
    title: string;
    columns: ViewColumn[];
    runs: ViewRun[];
    notes: string[];
    total: number;
}
export declare function viewMeta(d: ViewDataset): ViewMeta;
/**
 * A row as the page stores it: `[run, item, ok (1/0/null), ...cells]`. Arrays, not objects,
 * so 100k rows are a few MB of JSON instead of tens.
 */
export type PackedRow = ViewCell[];
export declare function packRow(r: ViewRow): PackedRow;
