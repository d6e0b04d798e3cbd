/** House style: one font stack, no border, readable axis titles. */
const CONFIG = {
    font: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    view: { stroke: null },
    axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: "#eee" },
    legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 320 },
    title: { fontSize: 14, anchor: "start" },
    range: { category: { scheme: "tableau10" } },
};
export async function renderChartSvg(spec) {
    // Loaded on first use: vega is large, and CLIs that never draw a chart should not pay for it.
    // One module for both (a single bundle in a build: ./vega-lib.ts).
    const vega = await import("./vega-lib.js");
    const withConfig = { ...spec, config: { ...CONFIG, ...(spec.config ?? {}) } };
    const compiled = vega.compile(withConfig).spec;
    const view = new vega.View(vega.parse(compiled), { renderer: "none" });
    try {
        return await view.toSVG();
    }
    finally {
        view.finalize();
    }
}
/** Count the data marks in a rendered SVG (group `role-mark` elements' children). */
export function countMarks(svg) {
    let n = 0;
    const re = /<g class="mark-(rect|symbol|line|area|rule|arc|text) role-mark[^"]*"[^>]*>([\s\S]*?)<\/g>/g;
    for (let m = re.exec(svg); m; m = re.exec(svg)) {
        if (m[1] === "text" || m[1] === "rule")
            continue;
        n += (m[2].match(/<(path|line)\b/g) ?? []).length;
    }
    return n;
}
export async function renderCharts(charts) {
    const out = [];
    for (const c of charts) {
        const svg = await renderChartSvg(c.spec);
        out.push({ ...c, svg, marks: countMarks(svg) });
    }
    return out;
}
//# sourceMappingURL=charts.js.map