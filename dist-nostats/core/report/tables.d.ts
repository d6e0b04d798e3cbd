export type Cell = string | number | boolean | null;
export interface Table {
    /** Stable id: file name of the CSV/JSON export and the page anchor. */
    id: string;
    title: string;
    caption?: string;
    columns: string[];
    rows: Cell[][];
}
export declare function tableCsv(t: Table): string;
/** JSON: a list of row objects keyed by column. */
export declare function tableJson(t: Table): string;
/** How a cell reads on the page: numbers to 4 decimals (round half even), null as "–". */
export declare function displayCell(v: Cell, digits?: number): string;
