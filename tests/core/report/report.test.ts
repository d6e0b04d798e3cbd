import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countMarks, renderChartSvg } from "../../../src/core/report/charts.js";
import { buildReport, writeReport } from "../../../src/core/report/html.js";
import { displayCell, tableCsv, tableJson } from "../../../src/core/report/tables.js";
import { haveChromium, skipReason } from "./browser.js";

const bars = {
  data: {
    values: [
      { a: "x", b: 1 },
      { a: "y", b: 3 },
      { a: "z", b: 2 },
    ],
  },
  mark: "bar",
  encoding: { x: { field: "a", type: "nominal" }, y: { field: "b", type: "quantitative" } },
} as const;

describe("core report", () => {
  it("charts render to SVG at build time, deterministically; marks are counted", async () => {
    const a = await renderChartSvg(bars as never);
    expect(a.startsWith("<svg")).toBe(true);
    expect(countMarks(a)).toBe(3);
    expect(await renderChartSvg(bars as never)).toBe(a);
    const empty = await renderChartSvg({ ...bars, data: { values: [] } } as never);
    expect(countMarks(empty)).toBe(0);
  });

  it("tables: RFC 4180 CSV, JSON rows, page display rounding half-even", () => {
    const t = {
      id: "t",
      title: "T",
      columns: ["name", "x", "note"],
      rows: [
        ["a,b", 0.125, null],
        ['say "hi"', 2, "line\nbreak"],
      ],
    };
    expect(tableCsv(t)).toBe('name,x,note\r\n"a,b",0.125,\r\n"say ""hi""",2,"line\nbreak"\r\n');
    expect(JSON.parse(tableJson(t))).toEqual([
      { name: "a,b", x: 0.125, note: null },
      { name: 'say "hi"', x: 2, note: "line\nbreak" },
    ]);
    expect(displayCell(0.125, 2)).toBe("0.12"); // an exact binary tie: Python round() gives 0.12
    expect(displayCell(null)).toBe("–");
  });

  it("pages escape text, embed downloads and need nothing from the network", async () => {
    const doc = {
      title: "<b>T</b>",
      sections: [
        {
          id: "s",
          title: "S & co",
          charts: [{ id: "c1", title: "C", spec: bars as never }],
          tables: [{ id: "t", title: "T", columns: ["k"], rows: [["<x>"]] }],
        },
        { id: "e", title: "Empty", empty: "nothing here" },
      ],
    };
    const { html, charts } = await buildReport(doc);
    expect(html).toContain("<title>&lt;b&gt;T&lt;/b&gt;</title>");
    expect(html).toContain("S &amp; co");
    expect(html).toContain("&lt;x&gt;");
    expect(html).toContain('download="t.csv" href="data:text/csv;charset=utf-8,');
    expect(html).toContain("nothing here");
    expect(html).not.toMatch(/<script|src="http|href="http/);
    expect(charts[0].marks).toBe(3);
  });

  it("writes CSV/JSON beside the page and PNGs through chromium", async (ctx) => {
    const dir = mkdtempSync(join(tmpdir(), "report-"));
    const doc = {
      title: "T",
      sections: [
        {
          id: "s",
          title: "S",
          charts: [{ id: "c1", title: "C", spec: bars as never }],
          tables: [{ id: "t", title: "T", columns: ["k"], rows: [[1]] }],
        },
      ],
    };
    const r0 = await writeReport(doc, join(dir, "r.html"));
    expect(readFileSync(join(r0.filesDir, "t.csv"), "utf8")).toBe("k\r\n1\r\n");
    if (!haveChromium) {
      ctx.skip(skipReason);
      return;
    }
    const r = await writeReport(doc, join(dir, "p.html"), { png: true });
    expect(r.pngs).toEqual([join(dir, "p.files", "c1.png")]);
    const png = readFileSync(r.pngs[0]);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // 2× scale: wider than the SVG's own width.
    const svgWidth = Number(
      /width="(\d+)"/.exec(r0.charts ? (await buildReport(doc)).charts[0].svg : "")?.[1],
    );
    expect(png.readUInt32BE(16)).toBe(svgWidth * 2);
    expect(existsSync(join(dir, "p.files", "t.json"))).toBe(true);
  }, 60_000);
});
