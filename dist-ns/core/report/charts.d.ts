/**
 * Charts rendered at build time: a vega-lite spec → SVG text (vega's headless "none" renderer),
 * so a report needs no script, no network and no browser to show its figures. The same input
 * gives the same SVG bytes (no random ids, no timestamps).
 */
import type * as vl from "vega-lite";
export type VegaLiteSpec = vl.TopLevelSpec;
export interface Chart {
    /** Stable id (file names of the PNG export, anchors in the page). */
    id: string;
    title: string;
    /** One line under the chart: what to read from it. */
    caption?: string;
    spec: VegaLiteSpec;
}
export interface RenderedChart extends Chart {
    svg: string;
    /** Data marks drawn (paths, rects, symbols, lines), for checks that a chart is not empty. */
    marks: number;
}
export declare function renderChartSvg(spec: VegaLiteSpec): Promise<string>;
/** Count the data marks in a rendered SVG (group `role-mark` elements' children). */
export declare function countMarks(svg: string): number;
export declare function renderCharts(charts: readonly Chart[]): Promise<RenderedChart[]>;
