import type { ViewColumn, ViewDataset } from "../../core/view/types.js";
export interface GebViewOptions {
    /** Results files, run dirs or sweep trees (as `geb summarize --in`). */
    runs: string[];
    /** The dataset (default: each run's `data.path`, as written, then beside the results file). */
    data?: string;
    /** Engine records (`geb model --results FILE`), the i-th for the i-th run; prompts beside them. */
    records?: (string | undefined)[];
}
export declare const GEB_COLUMNS: ViewColumn[];
/** Read GEB runs (validated; errors name file, line and field) into a viewer dataset. */
export declare function gebViewDataset(o: GebViewOptions): Promise<ViewDataset>;
/** Marks for one episode-log line: what kind of line it is, and its role for this query. */
export declare function lineMarks(text: string, gold: ReadonlySet<string>, cited: ReadonlySet<string>, cands: ReadonlyMap<string, number>, pick: string | null): string[];
/** Does the line name the key as a whole key (`tag.01`, not `tag.010`)? */
export declare function namesKey(line: string, key: string): boolean;
