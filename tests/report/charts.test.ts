/**
 * Charts that tell the truth (issue 17). For every chart of the GEB and GF-01 HTML reports:
 * - in the report document: one series per distinct configuration (a series label never names
 *   two configurations, a configuration never has two labels), and no line joins cells whose
 *   configuration differs apart from the plotted variable (the old "Accuracy vs steps" joined a
 *   ledger sweep and a pipeline run; k-curves pooled order-bias cells);
 * - in headless chromium, on the rendered page: the marks each caption promises exist — one
 *   drawn line per series, an error bar per point that has an interval, the dashed threshold
 *   rule and the solid wall rule — and labels that distinguish series are not cut.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Chart } from "../../src/core/report/charts.js";
import { writeReport } from "../../src/core/report/html.js";
import { CHROMIUM_ARGS } from "../../src/core/report/png.js";
import type { ReportDoc } from "../../src/core/report/html.js";
import { gebReportDoc } from "../../src/geb/sweep/report.js";
import { gf01ReportDoc } from "../../src/gf01/report/html.js";
import { ReportBuilder } from "../../src/gf01/report/report.js";
import { chromiumPath, haveChromium, skipReason } from "../core/report/browser.js";
import { gebTree, gf01Rows } from "./fixtures.js";

type Obj = Record<string, unknown>;

const charts = (doc: ReportDoc): Chart[] => doc.sections.flatMap((s) => s.charts ?? []);
const valuesOf = (c: Chart): Obj[] => ((c.spec as unknown as Obj).data as { values: Obj[] }).values;
const layersOf = (c: Chart): Obj[] => {
  const s = c.spec as unknown as Obj;
  const inner = (s.spec as Obj | undefined) ?? s;
  return (inner.layer as Obj[] | undefined) ?? [inner];
};
const isLine = (c: Chart) =>
  layersOf(c).some((l) => l.name === "series" && (l.mark as Obj | undefined)?.type === "line");

let root = "";
let gebDoc: ReportDoc;
let gf01Doc: ReportDoc;

beforeAll(() => {
  root = gebTree();
  gebDoc = gebReportDoc(root);
  const rows = gf01Rows();
  const b = new ReportBuilder();
  for (const r of rows) b.add(r);
  gf01Doc = gf01ReportDoc(b.finish(), rows);
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("GEB report charts: comparable cells only", () => {
  it("every chart the data supports is there, none is a placeholder", () => {
    expect(charts(gebDoc).map((c) => c.id)).toEqual([
      "decomposition",
      "order-bias",
      "k-curves",
      "authority-filter",
      "wall",
      "accuracy-vs-steps",
      "compute-vs-quality",
      "instruction-override",
    ]);
    expect(gebDoc.sections.every((s) => (s.charts?.length ?? 0) + (s.tables?.length ?? 0) > 0)).toBe(true);
  });

  it("one series per configuration; a series never mixes configurations", () => {
    for (const c of charts(gebDoc)) {
      const vals = valuesOf(c).filter((v) => "seriesId" in v);
      if (!vals.length) continue;
      const idsOf = new Map<string, Set<string>>();
      const labelsOf = new Map<string, Set<string>>();
      for (const v of vals) {
        idsOf.set(v.series as string, (idsOf.get(v.series as string) ?? new Set()).add(v.seriesId as string));
        labelsOf.set(
          v.seriesId as string,
          (labelsOf.get(v.seriesId as string) ?? new Set()).add(v.series as string),
        );
      }
      for (const [label, ids] of idsOf)
        expect(ids.size, `${c.id}: "${label}" names ${ids.size} configs`).toBe(1);
      for (const [, labels] of labelsOf) expect(labels.size, `${c.id}: a config under two labels`).toBe(1);
      // A point's x never repeats inside one series (nothing pooled across other knobs).
      for (const id of labelsOf.keys()) {
        const xs = vals
          .filter((v) => v.seriesId === id && v.metric === vals[0].metric)
          .map((v) => String(v.x));
        expect(new Set(xs).size, `${c.id}: series repeats an x`).toBe(xs.length);
      }
    }
  });

  it("accuracy vs steps keeps baselines and pipeline runs apart; k-curves leave order cells out", () => {
    const steps = charts(gebDoc).find((c) => c.id === "accuracy-vs-steps") as Chart;
    for (const id of new Set(valuesOf(steps).map((v) => v.seriesId as string))) {
      const cfg = Object.fromEntries(JSON.parse(id) as [string, unknown][]);
      expect(cfg.baseline).not.toBe("retrieval"); // the pipeline runs have one steps value each
    }
    const baselines = new Set(
      [...new Set(valuesOf(steps).map((v) => v.seriesId as string))].map(
        (id) => Object.fromEntries(JSON.parse(id) as [string, unknown][]).baseline,
      ),
    );
    expect([...baselines].sort()).toEqual(["ledger", "naive"]);
    const k = charts(gebDoc).find((c) => c.id === "k-curves") as Chart;
    const orders = valuesOf(k).map((v) => Object.fromEntries(JSON.parse(v.seriesId as string)).order);
    expect(orders.every((o) => o === undefined || o === null || o === "shuffle")).toBe(true);
    // 2 (authority filter off/on) + 2 (reranker none/latest_step) curves.
    expect(new Set(valuesOf(k).map((v) => v.series)).size).toBe(4);
    const af = charts(gebDoc).find((c) => c.id === "authority-filter") as Chart;
    expect(new Set(valuesOf(af).map((v) => v.x))).toEqual(new Set(["false", "true"]));
  });

  it("pooled seeds carry an interval that contains the pooled value", () => {
    for (const c of charts(gebDoc))
      for (const v of valuesOf(c))
        if (typeof v.ci_low === "number") {
          const value = (v.value ?? v.metric) as number;
          expect(v.ci_low).toBeLessThanOrEqual(value);
          expect(v.ci_high).toBeGreaterThanOrEqual(value);
        }
    const steps = charts(gebDoc).find((c) => c.id === "accuracy-vs-steps") as Chart;
    expect(valuesOf(steps).every((v) => typeof v.ci_low === "number")).toBe(true);
  });
});

describe("GF-01 report charts", () => {
  it("headline rates facet by track; κ has three outcomes; F1 dodges agent × track; Eff_t counts valid only", () => {
    const byId = new Map(charts(gf01Doc).map((c) => [c.id, c]));
    expect([...byId.keys()]).toEqual(["rates", "kappa", "f1-by-complexity", "eff-t"]);
    const rates = valuesOf(byId.get("rates") as Chart);
    expect(new Set(rates.map((r) => `${r.agent} · ${r.track}`)).size).toBe(4);
    expect(rates.every((r) => typeof r.ci_low === "number")).toBe(true);
    expect(new Set(valuesOf(byId.get("kappa") as Chart).map((r) => r.outcome))).toEqual(
      new Set(["certified", "goal only", "missed"]),
    );
    const f1 = valuesOf(byId.get("f1-by-complexity") as Chart);
    expect(new Set(f1.map((r) => r.series)).size).toBe(4);
    const eff = valuesOf(byId.get("eff-t") as Chart);
    const valid = gf01Rows().filter((r) => r.valid).length;
    expect(eff.reduce((t, r) => t + (r.count as number), 0)).toBe(valid);
    expect((byId.get("eff-t") as Chart).caption).toContain(`(${valid} of ${gf01Rows().length})`);
  });

  it("the κ table lists each agent × track's κ best first", () => {
    const t = gf01Doc.sections.flatMap((s) => s.tables ?? []).find((x) => x.id === "kappa");
    const rows = t?.rows ?? [];
    expect(rows.length).toBeGreaterThan(4);
    for (let i = 1; i < rows.length; i++) {
      if (rows[i][0] !== rows[i - 1][0]) continue;
      const a = JSON.parse(
        String(rows[i - 1][1])
          .replace("(", "[")
          .replace(")", "]"),
      ) as number[];
      const b = JSON.parse(String(rows[i][1]).replace("(", "[").replace(")", "]")) as number[];
      const d = a.map((x, j) => x - b[j]).find((x) => x !== 0) ?? 0;
      expect(d, `${rows[i][0]}: ${rows[i - 1][1]} before ${rows[i][1]}`).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!haveChromium)("charts in chromium: the marks the captions promise", () => {
  let browser: Browser;
  beforeAll(async () => {
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });

  interface Drawn {
    id: string;
    lines: string[];
    seriesMarks: number;
    ci: number;
    threshold: number;
    wall: number;
    text: string;
  }
  async function drawn(doc: ReportDoc, name: string): Promise<Drawn[]> {
    const out = join(root, `${name}.html`);
    await writeReport(doc, out, { tableFiles: false });
    const page: Page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await page.setContent(readFileSync(out, "utf8"));
      return await page.$$eval("figure[data-chart]", (figs) =>
        figs.map((f) => {
          const q = (sel: string) => Array.from(f.querySelectorAll(sel));
          return {
            id: f.getAttribute("data-chart") ?? "",
            lines: q("g.mark-line.series_marks path").map((p) => p.getAttribute("aria-label") ?? ""),
            seriesMarks: q("g.series_marks > path, g.series_marks > line").length,
            ci: q("g.ci_marks > line").length,
            threshold: q("g.threshold_marks > line").length,
            wall: q("g.wall_marks > line").length,
            text: q("svg text")
              .map((t) => t.textContent ?? "")
              .join("\n"),
          };
        }),
      );
    } finally {
      await page.close();
    }
  }

  it("GEB: lines per series, error bars per interval, threshold and wall rules drawn", async () => {
    const figs = await drawn(gebDoc, "geb");
    expect(figs.map((f) => f.id)).toEqual(charts(gebDoc).map((c) => c.id));
    for (const c of charts(gebDoc)) {
      const f = figs.find((x) => x.id === c.id) as Drawn;
      const vals = valuesOf(c);
      expect(f.seriesMarks, `${c.id}: no data marks`).toBeGreaterThan(0);
      const withCi = vals.filter((v) => typeof v.ci_low === "number" && typeof v.ci_high === "number").length;
      expect(f.ci, `${c.id}: error bars`).toBe(withCi);
      if (isLine(c) && c.id !== "wall") {
        // One drawn line per (series, facet) and never two configs on one line.
        const facets = new Set(vals.map((v) => v.metric)).size;
        const series = new Set(vals.map((v) => v.seriesId)).size;
        expect(f.lines.length, `${c.id}: lines`).toBe(series * facets);
        const labels = f.lines.map((l) => /series: ([^;]*)/.exec(l)?.[1]);
        expect(new Set(labels).size * facets, `${c.id}: two lines share a series label`).toBe(labels.length);
      }
    }
    const wall = figs.find((f) => f.id === "wall") as Drawn;
    expect(wall.threshold).toBe(1);
    expect(wall.wall).toBe(1);
    expect((charts(gebDoc).find((c) => c.id === "wall") as Chart).caption).toMatch(
      /Dashed: threshold.*Solid: the wall/,
    );
    // Every probe has an interval here (value accuracy of its cells).
    expect(wall.ci).toBe(4);
  }, 30_000);

  it("GF-01: error bars on rates and F1, tracks and agent names drawn in full", async () => {
    const figs = await drawn(gf01Doc, "gf01");
    const byId = new Map(figs.map((f) => [f.id, f]));
    for (const c of charts(gf01Doc)) {
      const f = byId.get(c.id) as Drawn;
      expect(f.seriesMarks, `${c.id}: no data marks`).toBeGreaterThan(0);
      const withCi = valuesOf(c).filter((v) => typeof v.ci_low === "number").length;
      expect(f.ci, `${c.id}: error bars`).toBe(withCi);
    }
    const rates = byId.get("rates") as Drawn;
    expect(rates.seriesMarks).toBe(8); // 4 agent × track × 2 rates
    for (const s of ["EVAL-CB", "EVAL-OC", "BL-00-RandomIntervention", "BL-04-ExactOracle"])
      expect(rates.text).toContain(s);
    expect(rates.text).not.toContain("…");
    expect((byId.get("f1-by-complexity") as Drawn).text).toContain("BL-00-RandomIntervention · EVAL-CB");
  }, 30_000);
});

if (!haveChromium) console.log(skipReason);
