/**
 * `geb rag run` / `summarize` / `bands`: intervals on the means over datasets (every dataset
 * weighs the same), the retrieval pipeline of `geb model` (same flags), and the refusal to mix
 * numbers of different pipelines or presets.
 */
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runBaseline } from "../../../src/geb/api.js";
import { mixedRuns } from "../../../src/geb/rag/bands.js";
import { summarizeRunDir } from "../../../src/geb/rag/run.js";
import { ragSummarySchema } from "../../../src/geb/rag/schema.js";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

type Obj = Record<string, unknown>;
type Iv = { value: number | null; ci_low: number | null; ci_high: number | null; n: number };

/** A preset of some of the strict preset's datasets (small ones: fast to generate and run). */
function preset(dir: string, ids: string[]): string {
  const p = JSON.parse(readFileSync(join(repoRoot, "configs/rag_benchmark_strict.json"), "utf8"));
  p.datasets = p.datasets.filter((x: { id: string }) => ids.includes(x.id));
  for (const d of p.datasets)
    if (d.recipe.kind === "domain-pack" && d.recipe.entries !== "reference")
      d.recipe.entries = join(repoRoot, "configs", d.recipe.entries);
  const f = join(dir, `${ids.length === 1 ? "one" : "p"}.json`);
  writeFileSync(f, JSON.stringify(p));
  return f;
}

async function ragRun(config: string, out: string, ...extra: string[]) {
  const r = await runCli("geb", [
    "rag",
    "run",
    "--config",
    config,
    "--out-dir",
    out,
    "--no-timings",
    ...extra,
  ]);
  expect(r.stderr).toBe("");
  return { ...r, summary: JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as Obj };
}

const contains = (iv: Iv | undefined, v: number) =>
  iv !== undefined && iv.ci_low !== null && iv.ci_high !== null && iv.ci_low <= v && v <= iv.ci_high;

/** Not estimates (wall time, tokens: measurements of this run), so no interval. */
const MEASURED = new Set(["wall_s", "wall_s_per_q", "tokens_per_q"]);

/** Every number of the summary that estimates something, with where its interval must be. */
function walk(s: Obj): { path: string; value: number; iv: Iv | undefined }[] {
  const out: { path: string; value: number; iv: Iv | undefined }[] = [];
  const mi = (s.intervals as { metrics: Record<string, Iv> } | undefined)?.metrics ?? {};
  for (const [k, v] of Object.entries(s.means as Obj))
    if (typeof v === "number") out.push({ path: `means.${k}`, value: v, iv: mi[`means.${k}`] });
  for (const [b, m] of Object.entries((s.baseline_means ?? {}) as Record<string, Obj>))
    for (const [k, v] of Object.entries(m))
      if (typeof v === "number")
        out.push({ path: `baseline_means.${b}.${k}`, value: v, iv: mi[`baseline_means.${b}.${k}`] });
  for (const e of s.results as Obj[]) {
    const ivs = (e.intervals ?? {}) as Record<string, Iv>;
    for (const [k, v] of Object.entries(e))
      if (typeof v === "number" && !MEASURED.has(k))
        out.push({ path: `results.${e.id}.${k}`, value: v, iv: ivs[k] });
    const bi = (e.baseline_intervals ?? {}) as Record<string, Record<string, Iv>>;
    for (const [b, m] of Object.entries((e.baselines ?? {}) as Record<string, Obj>))
      for (const [k, v] of Object.entries(m))
        if (typeof v === "number")
          out.push({ path: `results.${e.id}.baselines.${b}.${k}`, value: v, iv: bi[b]?.[k] });
  }
  return out;
}

describe("geb rag: intervals on the means over datasets", () => {
  const dir = tmp();
  let plain: Awaited<ReturnType<typeof ragRun>>;
  beforeAll(async () => {
    plain = await ragRun(
      preset(dir, ["domain_exception", "kv_train", "goldevidencebench_small"]),
      join(dir, "plain"),
      "--model",
      "builtin:ledger-reader",
      "--max-rows",
      "24",
    );
  });

  it("every number of summary.json has an interval that contains it", () => {
    const s = plain.summary;
    expect(ragSummarySchema.safeParse(s).success).toBe(true);
    const all = walk(s);
    expect(all.length).toBeGreaterThan(60);
    const bad = all.filter((x) => !contains(x.iv, x.value)).map((x) => x.path);
    expect(bad).toEqual([]);
    // A mean of datasets that disagree is uncertain: not a point interval.
    const v = (s.intervals as { metrics: Record<string, Iv> }).metrics["means.value_acc"] as Iv;
    expect(v.value).toBe((s.means as Obj).value_acc);
    expect(v.ci_low).toBeLessThan(v.value as number);
    expect(v.n).toBe(2 + 24 + 12);
  });

  it("every number printed on the means line carries its interval", () => {
    const line = plain.stdout.split("\n").find((l) => l.startsWith("means: "));
    expect(line).toBeDefined();
    const nums = [...(line as string).matchAll(/=(\d\.\d{3})( \[(\d\.\d{3}), (\d\.\d{3})\])?/g)];
    expect(nums.length).toBe(6);
    for (const m of nums) {
      expect(m[2]).toBeDefined();
      expect(Number(m[3])).toBeLessThanOrEqual(Number(m[1]));
      expect(Number(m[1])).toBeLessThanOrEqual(Number(m[4]));
    }
  });

  it("report.md prints the means beside their intervals (our section; the reference's stays as it was)", () => {
    const md = readFileSync(join(dir, "plain", "report.md"), "utf8");
    const s = plain.summary;
    const iv = (s.intervals as { metrics: Record<string, Iv> }).metrics["means.value_acc"] as Iv;
    const f = (x: number | null) => (x as number).toFixed(4);
    expect(md).toContain(
      `| model | ${f((s.means as Obj).value_acc as number)} [${f(iv.ci_low)}, ${f(iv.ci_high)}] |`,
    );
    expect(md).toMatch(/\| ledger \| 1\.0000 \[0\.\d{4}, 1\.0000\] \|/);
    expect(md).toMatch(/Other means of the model: answer_correct_given_selected \d\.\d{4} \[/);
  });

  it("the means weigh every dataset the same (the reference's unweighted mean of dataset values)", () => {
    const s = plain.summary;
    const rows = s.results as Obj[];
    const avg = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    expect((s.means as Obj).value_acc).toBeCloseTo(avg(rows.map((e) => e.value_acc as number)), 12);
    // The naive baseline scores differently on each dataset (0 on the domain set) and the
    // datasets differ in size: its mean is the unweighted mean of the dataset values, not the
    // pooled rate over rows, and its interval sits on that mean.
    const naive = rows.map((e) => ((e.baselines as Record<string, Obj>).naive as Obj).value_acc as number);
    const sizes = rows.map(
      (e) =>
        ((e.baseline_intervals as Record<string, Record<string, Iv>>).naive as Record<string, Iv>).value_acc
          .n,
    );
    const mean = avg(naive);
    expect(((s.baseline_means as Record<string, Obj>).naive as Obj).value_acc).toBeCloseTo(mean, 12);
    const pooled =
      naive.reduce((a, v, i) => a + v * (sizes[i] as number), 0) / sizes.reduce((a, n) => a + n, 0);
    expect(Math.abs(mean - pooled)).toBeGreaterThan(1e-6);
    const iv = (s.intervals as { metrics: Record<string, Iv> }).metrics[
      "baseline_means.naive.value_acc"
    ] as Iv;
    expect(iv.value).toBeCloseTo(mean, 12);
    expect(iv.ci_low as number).toBeLessThan(mean);
    expect(iv.ci_high as number).toBeGreaterThan(mean);
  });

  it("with one dataset, every mean's interval is that dataset's own interval", async () => {
    const r = await ragRun(
      preset(dir, ["goldevidencebench_small"]),
      join(dir, "one"),
      "--model",
      "builtin:ledger-reader",
    );
    const s = r.summary;
    const e = (s.results as Obj[])[0] as Obj;
    const mi = (s.intervals as { metrics: Record<string, Iv> }).metrics;
    const own = e.intervals as Record<string, Iv>;
    let compared = 0;
    for (const [path, iv] of Object.entries(mi)) {
      const parts = path.split(".");
      if (parts[0] === "means") expect(iv, path).toEqual(own[parts[1] as string]);
      else
        expect(iv, path).toEqual(
          (e.baseline_intervals as Record<string, Record<string, Iv>>)[parts[1] as string]?.[
            parts[2] as string
          ],
        );
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(8 + 2 * 5);
    expect(mi["means.value_acc"]?.n).toBe(12);
    // The baselines' per-dataset intervals are runBaseline's own (same rows, grader and clusters).
    const data = join(dir, "one", "data", "goldevidencebench_small.jsonl");
    for (const b of ["naive", "ledger"] as const) {
      const theirs = runBaseline({ data, baseline: b, protocol: "closed_book" }).payloads[0]?.intervals
        ?.metrics;
      const ours = (e.baseline_intervals as Record<string, Record<string, Iv>>)[b] as Record<string, Iv>;
      for (const [k, iv] of Object.entries(ours)) expect(iv, `${b}.${k}`).toEqual(theirs?.[k]);
    }
  });
});

describe("geb rag run --model retrieval…: the pipeline of geb model", () => {
  const dir = tmp();
  let config: string;
  let pipe: Awaited<ReturnType<typeof ragRun>>;
  beforeAll(async () => {
    config = preset(dir, ["domain_stale", "goldevidencebench_small"]);
    pipe = await ragRun(
      config,
      join(dir, "pipe"),
      "--model",
      "retrieval",
      "--deterministic-answer",
      "--retriever",
      "bm25",
      "--k",
      "4",
      "--rerank",
      "latest_step",
    );
  });

  it("records the pipeline and scores what geb model scores with the same flags", async () => {
    const s = pipe.summary;
    expect(ragSummarySchema.safeParse(s).success).toBe(true);
    const p = s.pipeline as { model: string; adapter: string; pipeline: Obj };
    expect(p).toMatchObject({ model: "retrieval", adapter: "retrieval" });
    expect(p.pipeline).toMatchObject({
      retriever: "bm25",
      k: 4,
      rerank: "latest_step",
      deterministic_answer: true,
    });
    expect(pipe.stdout).toContain('"retriever":"bm25"');
    const compact = JSON.parse(readFileSync(join(dir, "pipe", "summary_compact.json"), "utf8"));
    expect(compact.pipeline).toEqual(p);
    const data = join(dir, "pipe", "data", "goldevidencebench_small.jsonl");
    const out = join(dir, "m.json");
    const m = await runCli("geb", [
      "model",
      "--data",
      data,
      "--model",
      "retrieval",
      "--deterministic-answer",
      "--retriever",
      "bm25",
      "--k",
      "4",
      "--rerank",
      "latest_step",
      "--results-json",
      out,
      "--no-timings",
    ]);
    expect(m.stderr).toBe("");
    const want = JSON.parse(readFileSync(out, "utf8"))[0].metrics;
    const e = (s.results as Obj[]).find((x) => x.id === "goldevidencebench_small") as Obj;
    expect(e.value_acc).toBe(want.value_acc);
    expect(e.cite_f1).toBe(want.cite_f1);
    // The pipeline retrieves: retrieval_hit_rate is measured, with an interval on its mean.
    expect(typeof e.retrieval_hit_rate).toBe("number");
    const hit = (s.intervals as { metrics: Record<string, Iv> }).metrics["means.retrieval_hit_rate"];
    expect(contains(hit, (s.means as Obj).retrieval_hit_rate as number)).toBe(true);
    expect(
      walk(s)
        .filter((x) => !contains(x.iv, x.value))
        .map((x) => x.path),
    ).toEqual([]);
  });

  it("pipeline flags without --model retrieval, or a pipeline without an answerer: one line, exit 2", async () => {
    for (const argv of [
      ["--model", "builtin:ledger-reader", "--k", "2"],
      ["--model", "retrieval"],
    ]) {
      const r = await runCli("geb", ["rag", "run", "--config", config, "--out-dir", join(dir, "x"), ...argv]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stdout).toBe("");
    }
  });

  it("bands refuses a plain run against a pipeline run (exit 2) unless --allow-mixed", async () => {
    const plain = join(dir, "plain");
    await ragRun(config, plain, "--model", "builtin:ledger-reader");
    const argv = ["rag", "bands", "--stage", "full", "--base", plain, "--other", join(dir, "pipe")];
    const r = await runCli("geb", argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^geb: .*different pipelines: base 'engine', other 'retrieval'.*--allow-mixed/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    const ok = await runCli("geb", [...argv, "--allow-mixed"]);
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toContain("RESULT: FAIL");
    const same = await runCli("geb", ["rag", "bands", "--stage", "full", "--base", plain, "--other", plain]);
    expect(same.code).toBe(0);
  });

  it("summarize refuses a run dir whose datasets ran different pipelines", async () => {
    const mixed = join(dir, "pipe");
    copyFileSync(join(dir, "plain", "rag_domain_stale.json"), join(mixed, "rag_domain_stale.json"));
    // Data paths are read relative to the current directory, as the reference does.
    const cwd = process.cwd();
    process.chdir(mixed);
    let r: Awaited<ReturnType<typeof runCli>>;
    try {
      const same = await runCli("geb", [
        "rag",
        "summarize",
        "--config",
        config,
        "--runs-dir",
        join(dir, "plain"),
      ]);
      expect(same.stderr).toBe("");
      r = await runCli("geb", ["rag", "summarize", "--config", config, "--runs-dir", mixed]);
    } finally {
      process.chdir(cwd);
    }
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /rag_goldevidencebench_small\.json: goldevidencebench_small was run with retrieval \(retrieval pipeline .*\), domain_stale with builtin:ledger-reader \(engine\): one summary covers one model and pipeline/,
    );
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("geb rag summarize over a run dir of ours", () => {
  it("rebuilds the items from the payload's per-row statistics (all but answer_correct_given_selected)", () => {
    const dir = tmp();
    const fx = join(repoRoot, "tests/fixtures/geb/rag/ours");
    copyFileSync(join(fx, "rag_small.json"), join(dir, "rag_small.json"));
    writeFileSync(
      join(dir, "c.json"),
      JSON.stringify({ datasets: [{ id: "small", data: join(fx, "small.jsonl") }] }),
    );
    const { summary: s } = summarizeRunDir({ config: join(dir, "c.json"), runsDir: dir, timings: false });
    expect(ragSummarySchema.safeParse(s).success).toBe(true);
    expect(s.pipeline).toEqual({ model: "builtin:ledger-reader", adapter: "engine", pipeline: null });
    const mi = (s.intervals as { metrics: Record<string, Iv> }).metrics;
    const own = ((s.results as Obj[])[0] as Obj).intervals as Record<string, Iv>;
    expect(Object.keys(mi).sort()).toEqual(
      [
        "cite_f1",
        "cite_value_gap",
        "entailment",
        "exact_acc",
        "instruction_acc",
        "state_integrity_rate",
        "value_acc",
      ]
        .map((k) => `means.${k}`)
        .sort(),
    );
    for (const [path, iv] of Object.entries(mi)) expect(iv, path).toEqual(own[path.slice("means.".length)]);
  });
});

describe("mixedRuns (pure)", () => {
  const ours = (benchmark: string, adapter: string, pipeline: Obj | null): Obj => ({
    benchmark,
    pipeline: { model: "m", adapter, pipeline },
  });
  it("passes two reference summaries and the same run; names what differs otherwise", () => {
    expect(mixedRuns({ benchmark: "a" }, { benchmark: "b" })).toBeNull();
    expect(mixedRuns(ours("s", "engine", null), ours("s", "engine", null))).toBeNull();
    expect(mixedRuns(ours("s", "engine", null), { benchmark: "s" })).toMatch(/only base records/);
    expect(mixedRuns(ours("s", "engine", null), ours("l", "engine", null))).toMatch(/different presets/);
    expect(
      mixedRuns(
        ours("s", "retrieval", { k: 1, rerank: "none" }),
        ours("s", "retrieval", { k: 2, rerank: "none" }),
      ),
    ).toBe("different pipeline settings (base vs other): k 1 vs 2");
  });
});
