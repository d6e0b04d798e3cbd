import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../../../src/gf01/cli.ts", import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const ref = (f: string) =>
  fileURLToPath(new URL(`../../../../shared/reference/gf01/official_example/${f}`, import.meta.url));

describe("gf01 report --html", () => {
  it("writes a self-contained page with the GF-01 charts and still prints the report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-html-"));
    const out = join(dir, "report.html");
    const r = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        [
          "--import",
          tsx,
          cli,
          "report",
          "--runs",
          ref("runs_v1_valid.jsonl"),
          "--instances",
          ref("instance_bundle_v1.json"),
          "--html",
          out,
          "--format",
          "json",
        ],
        (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
      ),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).groups.length).toBeGreaterThan(0);
    const html = readFileSync(out, "utf8");
    expect(html.match(/<svg/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/); // no network needed to open it
    expect(html).toContain("BL-01-GreedyLocal");
  });
});
