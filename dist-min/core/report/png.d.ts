import type { RenderedChart } from "./charts.js";
export declare const CHROMIUM_ARGS: string[];
export declare const DEFAULT_CHROMIUM = "/usr/bin/chromium";
export declare function exportPngs(charts: readonly RenderedChart[], dir: string, opts?: {
    chromium?: string;
    scale?: number;
}): Promise<string[]>;
