import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { gf01In } from "../../helpers/cli-in.js";

const ref = (f: string) =>
  fileURLToPath(new URL(`../../../../shared/reference/gf01/official_example/${f}`, import.meta.url));

describe("gf01 report --html", () => {
  it("writes a self-contained page with the GF-01 charts and still prints the report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-html-"));
    const out = join(dir, "report.html");
    // gf01 in-process: the test is about the page written and the report printed.
    const r = await gf01In([
      "report",
      "--runs",
      ref("runs_v1_valid.jsonl"),
      "--instances",
      ref("instance_bundle_v1.json"),
      "--html",
      out,
      "--format",
      "json",
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).groups.length).toBeGreaterThan(0);
    const html = readFileSync(out, "utf8");
    expect(html.match(/<svg/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/); // no network needed to open it
    expect(html).toContain("BL-01-GreedyLocal");
  });
});
