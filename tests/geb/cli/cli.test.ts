import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gebMainIn } from "../../helpers/cli-in.js";
import { repoRoot, sharedGeb, tmp } from "../helpers.js";

/**
 * geb's main in-process, from the repository root (stdout, stderr, exit code captured): these
 * tests are about what the commands write and say; the process contract of the bins is
 * tests/meta/cli-convention.test.ts.
 */
const geb = async (...args: string[]) => {
  const r = await gebMainIn(args, repoRoot);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
};
const data = join(sharedGeb, "data/bad_actor_holdout_e0001.jsonl");

describe("geb CLI", () => {
  it("run --protocol both writes per-protocol predictions and a results list; grade agrees", async () => {
    const dir = tmp();
    const r = await geb(
      "run",
      "--data",
      data,
      "--baseline",
      "naive",
      "--protocol",
      "both",
      "--out",
      join(dir, "p.jsonl"),
      "--results-json",
      join(dir, "r.json"),
    );
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(
      /^baseline=naive protocol=open_book n=12 value_acc=0\.333 exact_acc=0\.333 cite_f1=0\.917 .* tokens=11688 \(~974\.0\/q\) passes=1 wall_s=\d+\.\d\d$/,
    );
    expect(lines[1]).toMatch(/^baseline=naive protocol=closed_book n=12 /);
    const results = JSON.parse(readFileSync(join(dir, "r.json"), "utf8"));
    expect(results.map((x: { protocol: string }) => x.protocol)).toEqual(["open_book", "closed_book"]);
    expect(readdirSync(dir).sort()).toEqual(["p.closed_book.jsonl", "p.open_book.jsonl", "r.json"]);

    const g = await geb(
      "grade",
      "--data",
      data,
      "--pred",
      join(dir, "p.open_book.jsonl"),
      "--json",
      "--row-results",
      join(dir, "rows.jsonl"),
    );
    expect(g.status, g.stderr).toBe(0);
    const graded = JSON.parse(g.stdout);
    expect(graded.metrics.value_acc).toBe(results[0].metrics.value_acc);
    expect(graded.metrics.exact_acc).toBe(results[0].metrics.exact_acc);
    const rows = readFileSync(join(dir, "rows.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(12);
    expect(rows.filter((x) => x.value_ok).length / 12).toBe(graded.metrics.value_acc);
  });

  it("bad rows: a clear error naming file, line and field; exit 2; nothing written", async () => {
    const dir = tmp();
    const good = readFileSync(data, "utf8").split("\n")[0];
    const bad = JSON.parse(good);
    delete bad.document;
    writeFileSync(join(dir, "bad.jsonl"), `${good}\n${JSON.stringify(bad)}\n`);
    const out = join(dir, "preds.jsonl");
    const r = await geb("baseline", "--data", join(dir, "bad.jsonl"), "--out", out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^geb: ${join(dir, "bad.jsonl").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:2: field document: `,
      ),
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual(["bad.jsonl"]);

    writeFileSync(join(dir, "bad.jsonl"), `${good}\n{"id": \n`);
    expect((await geb("run", "--data", join(dir, "bad.jsonl"))).stderr).toMatch(/bad\.jsonl:2: invalid JSON/);

    writeFileSync(join(dir, "preds.jsonl"), '{"value": "x"}\n');
    const g = await geb("grade", "--data", data, "--pred", join(dir, "preds.jsonl"));
    expect(g.status).toBe(2);
    expect(g.stderr).toMatch(/preds\.jsonl:1: field id: missing or non-string id/);
  });

  it("generate: unsupported profile × mode and bad numbers are refused before writing", async () => {
    const dir = tmp();
    const r = await geb(
      "generate",
      "--out",
      join(dir, "x.jsonl"),
      "--state-mode",
      "counter",
      "--distractor-profile",
      "update_burst",
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      "--distractor-profile update_burst cannot be expressed in --state-mode counter",
    );
    const n = await geb("generate", "--out", join(dir, "x.jsonl"), "--steps", "ten");
    expect(n.status).not.toBe(0);
    expect(n.stderr).toContain("--steps must be an integer");
    expect(readdirSync(dir)).toEqual([]);
  });
});
