/**
 * The same config and seed give byte-identical artifacts in two separate processes (every
 * random stage on: shuffle, drop, spoof, abstain), and the grid runs the README's authority
 * filter grid.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { binPath, buildBins } from "../../helpers/bins.js";
import { geb, kvCommentary, tmp } from "./helpers.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));

describe("determinism", () => {
  // Two real processes of the run's CLI bundle (tests/helpers/bins.ts): the same sources as tsx
  // runs, started in ~0.2 s of CPU instead of ~1 s.
  beforeAll(() => buildBins(), 180_000);
  it("two processes, same config and seeds: byte-identical preds, results, summary, diagnosis", () => {
    const dir = tmp();
    const data = kvCommentary(dir, 0, 2);
    const args = (out: string) => [
      binPath("geb"),
      "model",
      "--data",
      data,
      "--model",
      "retrieval",
      "--selector-only",
      "--k",
      "4",
      "--rerank",
      "prefer_update_latest",
      "--order-seed",
      "7",
      "--drop-prob",
      "0.3",
      "--drop-seed",
      "3",
      "--spoof-rate",
      "0.3",
      "--spoof-seed",
      "5",
      "--abstain-on-missing",
      "--no-timings",
      "--out-dir",
      out,
    ];
    const outs = [join(dir, "a"), join(dir, "b")];
    for (const out of outs) {
      const r = spawnSync(process.execPath, args(out), { cwd: repo, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
    }
    const files = readdirSync(outs[0]).sort();
    expect(files).toEqual([
      "config.json",
      "decomposition.csv",
      "diagnosis.json",
      "preds.jsonl",
      "results.json",
      "summary.csv",
      "summary.json",
    ]);
    // config.json records the invocation (its --out-dir differs between the two); the rest are results.
    for (const f of files.filter((x) => x !== "config.json"))
      expect(readFileSync(join(outs[1], f), "utf8")).toBe(readFileSync(join(outs[0], f), "utf8"));
    const p = JSON.parse(readFileSync(join(outs[0], "results.json"), "utf8"))[0];
    expect(p.retrieval_stats.some((r: { spoof_count: number }) => r.spoof_count > 0)).toBe(true);
    expect(p.retrieval_stats.some((r: { dropped_correct: boolean }) => r.dropped_correct)).toBe(true);
  });

  it("a different seed changes the draws", async () => {
    const dir = tmp();
    const data = kvCommentary(dir, 0, 1);
    const a = join(dir, "a.json");
    const b = join(dir, "b.json");
    await geb([
      "model",
      "--data",
      data,
      "--model",
      "retrieval",
      "--selector-only",
      "--k",
      "4",
      "--order-seed",
      "1",
      "--results-json",
      a,
      "--no-timings",
    ]);
    await geb([
      "model",
      "--data",
      data,
      "--model",
      "retrieval",
      "--selector-only",
      "--k",
      "4",
      "--order-seed",
      "2",
      "--results-json",
      b,
      "--no-timings",
    ]);
    const order = (f: string) =>
      JSON.parse(readFileSync(f, "utf8"))[0].retrieval_stats.map((r: { candidate_uids: string[] }) =>
        r.candidate_uids.join(),
      );
    expect(order(a)).not.toEqual(order(b));
  });
});

describe("geb pipeline grid", () => {
  it("runs the README authority-filter grid (rerank × k × filter) over three seeds", async () => {
    const dir = tmp();
    const data = [0, 1, 2].map((s) => kvCommentary(dir, s, 1));
    const out = join(dir, "grid");
    const r = await geb([
      "pipeline",
      "grid",
      ...data.flatMap((d) => ["--data", d]),
      "--selector-only",
      "--no-progress",
      "--grid",
      "rerank=latest_step,prefer_update_latest",
      "--grid",
      "k=2,4,8",
      "--grid",
      "authority_filter=0,1",
      "--out-dir",
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.out.length).toBe(1 + 12);
    const grid = JSON.parse(readFileSync(join(out, "grid.json"), "utf8")) as Record<string, unknown>[];
    for (const cell of grid) {
      if (cell.authority_filter) expect(cell.value_acc).toBe(1);
      if (cell.rerank === "latest_step" && !cell.authority_filter)
        expect(cell.selected_note_rate as number).toBeGreaterThan(0);
    }
    const csv = readFileSync(join(out, "collect.csv"), "utf8").trim().split("\r\n");
    expect(csv.length).toBe(1 + 12 * 3);
  });
});
