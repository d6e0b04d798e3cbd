/**
 * The viewer page itself (src/core/view/page.ts): the CSP's hashes are those of the inline
 * script and style actually in the page, embedded JSON cannot end its data block, the static
 * page is byte-identical for the same dataset, and an oversized static page is refused.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { jsonForScript, servedPageHtml, staticViewerHtml, viewerCsp } from "../../src/core/view/page.js";
import type { ViewDataset } from "../../src/core/view/types.js";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

function dataset(n: number, text = "x"): ViewDataset {
  return {
    family: "geb",
    title: "t <b>",
    columns: [{ key: "v", label: "v", metric: true }],
    runs: [{ label: "A", source: "a.json" }],
    rows: Array.from({ length: n }, (_, i) => ({
      run: 0,
      item: `I${i}`,
      ok: i % 2 === 0,
      cells: [i % 2 === 0],
    })),
    notes: [],
    detail: (i) => ({ title: `row ${i}`, sections: [{ kind: "text", title: "reply", text }] }),
  };
}

describe("viewer page", () => {
  it("the CSP allows exactly the inline script and style of the page", () => {
    const html = servedPageHtml("x");
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? "";
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const csp = viewerCsp("served");
    expect(csp).toContain(`script-src ${sha(script)};`);
    expect(csp).toContain(`style-src ${sha(style)};`);
    expect(viewerCsp("static")).toContain("connect-src 'none'");
    expect(html).toContain("<title>x</title>");
  });

  it("embedded JSON round-trips and never contains < > & or line separators", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (v, s) => {
        const value = { v, s: `${s}</script><!--\u2028` };
        const out = jsonForScript(value);
        expect(out).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("static page: escaped title, one data block, same bytes twice, oversize refused", () => {
    const d = dataset(3, "</script><script>alert(1)</script>");
    const html = staticViewerHtml(d);
    expect(html).toBe(staticViewerHtml(d));
    expect(html).toContain("<title>t &#60;b&#62;</title>");
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the data block and the page script
    const meta = /content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(viewerCsp("static"));
    expect(() => staticViewerHtml(dataset(1000, "y".repeat(100)), 50_000)).toThrow(InputError);
  });
});
