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

/** House style: one font stack, no border, readable axis titles. */
const CONFIG = {
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: "#eee" },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 320 },
  title: { fontSize: 14, anchor: "start" },
  range: { category: { scheme: "tableau10" } },
} as const;

export async function renderChartSvg(spec: VegaLiteSpec): Promise<string> {
  // Loaded on first use: vega is large, and CLIs that never draw a chart should not pay for it.
  // One module for both (a single bundle in a build: ./vega-lib.ts).
  const vega = await import("./vega-lib.js");
  const withConfig = { ...spec, config: { ...CONFIG, ...((spec as { config?: object }).config ?? {}) } };
  // vega-lite's layout warnings (e.g. about faceted independent scales) are for spec authors,
  // not for people running a report: kept off stderr. Errors still throw.
  const compiled = vega.compile(withConfig as VegaLiteSpec, { logger: vega.logger(vega.None) }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Count the data marks in a rendered SVG (group `role-mark` elements' children). */
export function countMarks(svg: string): number {
  let n = 0;
  const re = /<g class="mark-(rect|symbol|line|area|rule|arc|text) role-mark[^"]*"[^>]*>([\s\S]*?)<\/g>/g;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    if (m[1] === "text" || m[1] === "rule") continue;
    n += (m[2].match(/<(path|line)\b/g) ?? []).length;
  }
  return n;
}

export async function renderCharts(charts: readonly Chart[]): Promise<RenderedChart[]> {
  const out: RenderedChart[] = [];
  for (const c of charts) {
    const svg = await renderChartSvg(c.spec);
    out.push({ ...c, svg, marks: countMarks(svg) });
  }
  return out;
}
