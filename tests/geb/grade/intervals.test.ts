/** `geb grade` intervals (metrics 1.0): clustered by episode, absent from reference-0.1. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { intervalsBlockSchema } from "../../../src/core/stats/index.js";
import { generateToFile, gradeFiles } from "../../../src/geb/api.js";
import { episodeCluster } from "../../../src/geb/grade/intervals.js";
import { gebMainIn } from "../../helpers/cli-in.js";
import { repoRoot, rowsOf, tmp } from "../helpers.js";

const cfg = { seed: 11, episodes: 6, steps: 30, keys: 4, queries: 4, chapters: 2, twins: false };

function fixture(correct: (episode: number) => boolean): { data: string; pred: string } {
  const dir = tmp();
  const data = join(dir, "d.jsonl");
  generateToFile(cfg, data);
  const pred = join(dir, "p.jsonl");
  const lines = rowsOf(cfg).map((r) => {
    const e = Number(r.episode_id.slice(1));
    return JSON.stringify({
      id: r.id,
      value: correct(e) ? r.gold.value : "certainly-wrong",
      support_ids: r.gold.support_ids ?? [],
    });
  });
  writeFileSync(pred, `${lines.join("\n")}\n`);
  return { data, pred };
}

describe("geb grade intervals", () => {
  it("1.0: an intervals block clustered by episode whose values are the metrics", () => {
    const { data, pred } = fixture((e) => e % 2 === 0);
    const r = gradeFiles({ data, pred });
    const block = intervalsBlockSchema.parse(r.intervals);
    expect(block.cluster).toBe("episode");
    const v = block.metrics.value_acc;
    expect(v.value).toBe(r.metrics.value_acc);
    expect(v.n).toBe(r.metrics.n);
    expect(v.n_clusters).toBe(6);
    // Whole episodes right or wrong: the clustered interval is wider than Wilson on n items.
    expect(v.method).toBe("wilson_cluster");
    expect((v.ci_high as number) - (v.ci_low as number)).toBeGreaterThan(0.45);
    expect(block.metrics.exact_acc.value).toBe(r.metrics.exact_acc);
    expect(block.metrics.instruction_gap.value).toBe(r.metrics.instruction_gap);
  });

  it("reference-0.1 grades carry no intervals", () => {
    const { data, pred } = fixture(() => true);
    expect(gradeFiles({ data, pred, options: { metrics: "reference-0.1" } }).intervals).toBeUndefined();
  });

  it("twins join their base episode", () => {
    expect(episodeCluster({ episode_id: "E0003T" })).toBe("E0003");
    expect(episodeCluster({ episode_id: "E0003T", meta: { twin_group: "E0003" } })).toBe("E0003");
    expect(episodeCluster({})).toBeUndefined();
  });

  it("CLI: the report line is followed by a 95% CI line", async () => {
    const { data, pred } = fixture((e) => e !== 2);
    // geb in-process: the test is about what grade prints.
    const run = (...extra: string[]) =>
      gebMainIn(["grade", "--data", data, "--pred", pred, ...extra], repoRoot);
    const line = await run();
    expect(line.code, line.stderr).toBe(0);
    const [first, second] = line.stdout.trim().split("\n");
    expect(first).toMatch(/^n=24 value_acc=/);
    expect(second).toMatch(/^95% CI \(by episode\): value_acc \[0\.\d\d, [01]\.\d\d\] exact_acc/);
    // The table's interval column (grade/format.ts, loaded in the action).
    const table = await run("--format", "table");
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/95% CI/);
    expect(table.stdout).toMatch(/value_acc .*\[0\.\d+, [01]\.\d+\]/);
  });
});

describe("twin metric intervals", () => {
  it("one item per twin pair, clustered by twin group; values equal the grader's", () => {
    const dir = tmp();
    const data = join(dir, "d.jsonl");
    const c = { ...cfg, twins: true };
    generateToFile(c, data);
    const pred = join(dir, "p.jsonl");
    // Right on base episodes, wrong on twins: pairs are inconsistent where the gold flips.
    const lines = rowsOf(c).map((r) =>
      JSON.stringify({
        id: r.id,
        value: r.episode_id.endsWith("T") ? "certainly-wrong" : r.gold.value,
        support_ids: r.gold.support_ids ?? [],
      }),
    );
    writeFileSync(pred, `${lines.join("\n")}\n`);
    const r = gradeFiles({ data, pred });
    const tc = r.intervals?.metrics.twin_consistency;
    const tf = r.intervals?.metrics.twin_flip_rate;
    expect(tc?.value).toBe(r.metrics.twin_consistency);
    expect(tf?.value).toBe(r.metrics.twin_flip_rate);
    expect(tc?.n_clusters).toBe(6);
    expect(tc?.n).toBe(24); // 6 twin groups × 4 queries
    expect(tc?.ci_low as number).toBeLessThanOrEqual(tc?.value as number);
  });
});
