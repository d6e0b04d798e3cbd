import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  complexityQuartiles,
  complexityZ,
  gf01ReportDoc,
  renderGf01ReportHtml,
  writeGf01ReportHtml,
} from "../../../src/gf01/report/html.js";
import { ReportBuilder } from "../../../src/gf01/report/report.js";
import { haveChromium, openReport, skipReason } from "../../core/report/browser.js";

const runsFile = fileURLToPath(
  new URL("../../../../shared/reference/gf01/official_example/runs_v1_valid.jsonl", import.meta.url),
);

function officialRuns(): Record<string, unknown>[] {
  const base = readFileSync(runsFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  // A second agent on another track, so rates per agent × track have more than one bar.
  const other = base.map((r, i) => ({
    ...r,
    agent_name: "BL-00-Random",
    eval_track: "EVAL-TA",
    valid: i % 2 === 0,
    goal: i % 2 === 0,
    eff_t: (r.eff_t as number) + 1,
  }));
  return [...base, ...other];
}

describe("GF-01 HTML report", () => {
  it("quartiles of the complexity composite split rows by rank", () => {
    const rows = [0.9, 0.1, 0.5, 0.3, 0.7, 0.2, 0.8, 0.6].map((z) => ({ complexity: { a: z, b: z } }));
    expect(complexityZ(rows[0])).toBeCloseTo(0.9);
    expect(complexityQuartiles(rows)).toEqual(["Q4", "Q1", "Q2", "Q2", "Q3", "Q1", "Q4", "Q3"]);
    expect(complexityQuartiles([{}, { complexity: { a: 1 } }])).toEqual([null, "Q1"]);
  });

  it("rates in the agent × track table are the count-weighted means of the report groups", () => {
    const runs = officialRuns();
    const b = new ReportBuilder();
    for (const r of runs) b.add(r);
    const report = b.finish();
    const doc = gf01ReportDoc(report, runs);
    const t = doc.sections.flatMap((s) => s.tables ?? []).find((x) => x.id === "agent-track");
    // Oracle: straight from the rows.
    for (const [agent, track, count, cert, goal] of t?.rows ?? []) {
      const mine = runs.filter((r) => r.agent_name === agent && r.eval_track === track);
      expect(count).toBe(mine.length);
      expect(cert).toBeCloseTo(mine.filter((r) => r.valid).length / mine.length, 12);
      expect(goal).toBeCloseTo(mine.filter((r) => r.goal).length / mine.length, 12);
    }
    expect(t?.rows).toHaveLength(2);
  });

  it("opens in headless chromium with every chart drawn (report with runs, and report alone)", async (ctx) => {
    const runs = officialRuns();
    const b = new ReportBuilder();
    for (const r of runs) b.add(r);
    const report = b.finish();
    const dir = mkdtempSync(join(tmpdir(), "gf01-html-"));
    const out = join(dir, "report.html");
    const w = await writeGf01ReportHtml(report, out, { runs });
    expect(w.charts).toBe(4);
    const html = readFileSync(out, "utf8");
    expect(html).not.toMatch(/<script|src="http|href="http/);
    expect(await renderGf01ReportHtml(report, runs)).toBe(html);
    // Without runs: F1 by difficulty slice and Eff_t from the κ distribution.
    const alone = await renderGf01ReportHtml(report);
    expect(alone).toContain("F1 by difficulty slice");
    if (!haveChromium) {
      ctx.skip(skipReason);
      return;
    }
    const page = await openReport(out, "gf01-report.png");
    console.log(`gf01 report screenshot: ${page.screenshot}`);
    await ctx.annotate?.(`gf01 report screenshot: ${page.screenshot}`);
    expect(page.figures.map((f) => f.id)).toEqual(["rates", "kappa", "f1-by-complexity", "eff-t"]);
    for (const f of page.figures) expect(f.svgMarks, `chart ${f.id} drew no marks`).toBeGreaterThan(0);
    expect(page.requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"))).toEqual([]);
  }, 60_000);
});
