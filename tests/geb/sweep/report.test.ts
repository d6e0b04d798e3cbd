import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SWEEP, type SweepSpec } from "../../../src/geb/sweep/grid.js";
import { gebReportDoc, writeGebReport } from "../../../src/geb/sweep/report.js";
import { runSweep } from "../../../src/geb/sweep/sweep.js";
import { wallSearch } from "../../../src/geb/sweep/wall.js";
import { haveChromium, openReport, skipReason } from "../../core/report/browser.js";
import { tmp } from "./helpers.js";

/** A pipeline-style run (k × rerank × gold order) as combined.json, for the panels that need one. */
function writePipelineRun(dir: string): void {
  const payloads = [];
  for (const k of [2, 4, 8])
    for (const rerank of ["none", "latest_step"])
      for (const order of ["gold_first", "gold_middle", "gold_last", "shuffle"]) {
        // A made-up but shaped response: selection degrades with k unless reranked, and
        // without a reranker the gold position matters.
        const pos = { gold_first: 0, gold_middle: 1, gold_last: 2, shuffle: 1 }[order] ?? 0;
        const acc = rerank === "latest_step" ? 1 - 0.01 * k : 1 - 0.05 * k - 0.05 * pos;
        payloads.push({
          baseline: "pipeline",
          protocol: "closed_book",
          seed: 0,
          steps: 200,
          state_mode: "kv",
          distractor_profile: "standard",
          data: { path: `runs/pipe/seed0-k${k}-${rerank}-${order}/data.jsonl`, n: 24 },
          config: { steps: 200, max_book_tokens: 400, pipeline: { k, rerank, order } },
          metrics: { value_acc: acc, exact_acc: acc - 0.02, cite_f1: acc, entailment: acc },
          efficiency: { tokens_per_q: 40 * k },
        });
      }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "combined.json"), JSON.stringify(payloads, null, 2));
}

describe("geb report", () => {
  it("renders every panel from real sweeps + a wall search, self-contained; chromium draws every chart", async (ctx) => {
    const root = tmp();
    const base: SweepSpec = {
      ...DEFAULT_SWEEP,
      seeds: 1,
      episodes: 1,
      stateModesRaw: "kv,counter",
      distractorProfilesRaw: "instruction,adversarial",
      stepsListRaw: "40,80",
      maxBookTokensListRaw: "200,400",
    };
    const sweep = await runSweep({ spec: base, out: join(root, "grid"), jobs: 1, progress: false });
    expect(sweep.complete).toBe(true);
    // tokens per query grows with steps: a monotone metric, so the search must bracket 2500.
    const ws = await wallSearch({
      spec: {
        ...base,
        stepsListRaw: null,
        maxBookTokensListRaw: null,
        stateModesRaw: "kv",
        distractorProfilesRaw: "standard",
      },
      out: join(root, "wall"),
      param: "steps",
      values: "40,160,640",
      metricPath: "efficiency.tokens_per_q_mean",
      threshold: 2500,
      direction: "gte",
      refine: 3,
      jobs: 1,
      progress: false,
    });
    const w = ws.result.wall as { param: number; metric: number };
    const ok = ws.result.last_ok as { param: number; metric: number };
    expect(w.metric).toBeGreaterThanOrEqual(2500);
    expect(ok.metric).toBeLessThan(2500);
    expect(w.param).toBeGreaterThan(ok.param);
    writePipelineRun(join(root, "pipe"));

    const doc = gebReportDoc(root);
    const empty = doc.sections.filter((s) => s.empty && !(s.charts ?? []).length).map((s) => s.id);
    expect(empty).toEqual([]);
    const out = join(root, "report.html");
    const r = await writeGebReport({ dir: root, out });
    expect(r.charts).toBe(8);
    const html = readFileSync(out, "utf8");
    // Self-contained: no scripts, no external resources.
    expect(html).not.toMatch(/<script|<link |src="http|href="http/);
    // Deterministic: rebuilding gives the same bytes.
    await writeGebReport({ dir: root, out: join(root, "again.html") });
    expect(readFileSync(join(root, "again.html"), "utf8")).toBe(html);
    // Tables also as files.
    expect(readFileSync(join(root, "report.files/cells.csv"), "utf8").split("\r\n")[0]).toMatch(
      /^run,cell,baseline,seed,/,
    );

    if (!haveChromium) {
      ctx.skip(skipReason);
      return;
    }
    const page = await openReport(out, "geb-report.png");
    console.log(`geb report screenshot: ${page.screenshot}`);
    // A message-only annotation: an attachment would be copied into .vitest-attachments/.
    await ctx.annotate?.(`geb report screenshot: ${page.screenshot}`);
    expect(page.figures.map((f) => f.id).sort()).toEqual(
      [
        "accuracy-vs-book-tokens",
        "accuracy-vs-steps",
        "compute-vs-quality",
        "decomposition",
        "instruction-override",
        "k-curves",
        "order-bias",
        "wall",
        ...(page.figures.some((f) => f.id.startsWith("accuracy-vs-update"))
          ? ["accuracy-vs-update-burst-rate"]
          : []),
      ].sort(),
    );
    for (const f of page.figures) expect(f.svgMarks, `chart ${f.id} drew no marks`).toBeGreaterThan(0);
    expect(page.requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"))).toEqual([]);
  }, 120_000);
});
