/**
 * geb summarize / collect / compare over run directories.
 */
import { readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { geb, kvCommentary, tmp, updateBurst } from "./helpers.js";

describe("summarize, collect, compare", () => {
  it("work on run directories written by geb model", async () => {
    const dir = tmp();
    const kvc = kvCommentary(dir, 0, 2);
    const ub = updateBurst(dir, 0, 0.4, 2);
    const runs: string[] = [];
    for (const [name, data, rr] of [
      ["a", kvc, "latest_step"],
      ["b", kvc, "prefer_update_latest"],
      ["c", ub, "latest_step"],
    ] as const) {
      const out = join(dir, "runs", name);
      runs.push(out);
      const r = await geb([
        "model",
        "--data",
        data,
        "--model",
        "retrieval",
        "--selector-only",
        "--k",
        "8",
        "--rerank",
        rr,
        "--out-dir",
        out,
        "--label",
        `distractor_profile=${name === "c" ? "update_burst" : "standard"}`,
      ]);
      expect(r.code).toBe(0);
    }
    const s = await geb([
      "summarize",
      "--in",
      join(runs[0], "results.json"),
      "--in",
      join(runs[2], "results.json"),
      "--out-dir",
      join(dir, "sum"),
      "--recency-buckets",
      "100,1000",
      "--thresholds",
      join(dir, "..", "nope.json"),
    ]);
    expect(s.code).toBe(2); // the thresholds file does not exist
    const t = join(dir, "t.json");
    (await import("node:fs")).writeFileSync(
      t,
      JSON.stringify({ selection_rate_given_present: 0.5, unknown_key: 3 }),
    );
    const sumArgs = ["summarize", "--in", join(runs[0], "results.json"), "--thresholds", t];
    expect((await geb([...sumArgs, "--out-dir", join(dir, "sum-bad")])).code).toBe(2); // unknown key (issue 31)
    (await import("node:fs")).writeFileSync(t, JSON.stringify({ selection_rate_given_present: 0.5 }));
    const s2 = await geb([
      "summarize",
      "--in",
      join(runs[0], "results.json"),
      "--in",
      join(runs[2], "results.json"),
      "--out-dir",
      join(dir, "sum"),
      "--recency-buckets",
      "100,1000",
      "--thresholds",
      t,
    ]);
    expect(s2.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, "sum", "summary.json"), "utf8"));
    expect(summary.runs).toBe(2);
    expect(summary.by_group.map((g: { distractor_profile: string }) => g.distractor_profile)).toEqual([
      "update_burst",
      "standard",
    ]); // (state_mode, profile) order: kv < kv_commentary
    expect(summary.recency.tokens_since_update.map((b: { bucket: string }) => b.bucket)).toEqual(
      expect.arrayContaining(["0-100", "100-1000"]),
    );
    const diag = JSON.parse(readFileSync(join(dir, "sum", "diagnosis.json"), "utf8"));
    expect(diag.thresholds.selection_rate_given_present).toBe(0.5);
    expect(diag.thresholds_version).toMatch(/^[0-9a-f]{64}$/);
    expect(diag.primary_bottleneck).toBe("authority");

    // collect: one row per run; latest-only keeps one per identity.
    const csv = join(dir, "all.csv");
    expect((await geb(["collect", "--runs", join(dir, "runs"), "--out", csv])).out[0]).toMatch(
      /Wrote 3 runs from 3 files/,
    );
    const lines = readFileSync(csv, "utf8").trim().split("\r\n");
    expect(lines.length).toBe(4);
    expect(lines[0].split(",")).toEqual(
      expect.arrayContaining([
        "model",
        "retrieval_rerank",
        "value_acc",
        "selection_rate",
        "label_distractor_profile",
      ]),
    );
    // A rerun of run a elsewhere, newer: latest-only keeps only it.
    const again = join(dir, "runs2", "a");
    await geb([
      "model",
      "--data",
      kvc,
      "--model",
      "retrieval",
      "--selector-only",
      "--k",
      "8",
      "--rerank",
      "latest_step",
      "--out-dir",
      again,
      "--label",
      "distractor_profile=standard",
    ]);
    utimesSync(join(runs[0], "results.json"), new Date(1000), new Date(1000));
    const r = await geb([
      "collect",
      "--runs",
      join(dir, "runs"),
      "--runs",
      join(dir, "runs2"),
      "--out",
      csv,
      "--latest-only",
    ]);
    expect(r.out[0]).toMatch(/Wrote 3 runs from 4 files/);
    expect(readFileSync(csv, "utf8")).toContain(join(dir, "runs2", "a", "results.json"));

    // compare: the authority-aware reranker removes NOTE picks.
    const c = await geb(["compare", "--base", runs[0], "--other", runs[1], "--json"]);
    const deltas = JSON.parse(c.out[0]) as { metric: string; delta: number | null }[];
    const note = deltas.find((d) => d.metric === "selected_note_rate")!;
    expect(note.delta as number).toBeLessThan(0);
    expect(deltas.find((d) => d.metric === "value_acc")!.delta as number).toBeGreaterThan(0);
  });
});
