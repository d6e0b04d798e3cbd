/**
 * `gf01 export` / `geb export --format inspect` on real runs (tests/view/fixtures.ts, made
 * once for both: a GF-01 `play-llm` run over loopback with its step log and prompt store and an
 * online baseline; a `geb model` answerer with engine records and a selector-only run). Every
 * log validates against inspect's published OpenAPI schema (python jsonschema, an independent
 * reader); GF-01: one log per agent × track, counts and scores agree with `gf01 report`; GEB:
 * one log per run, agreeing with the run's own metrics; messages are the exact prompts and
 * replies the runs kept; the bytes do not depend on the run or the time zone.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as gebMain } from "../../src/geb/cli/main.js";
import { main as gf01Main } from "../../src/gf01/cli.js";
import { makeViewFixtures, type ViewFixtures, XSS } from "../view/fixtures.js";
import { capture, mean, validateLogs } from "./inspect-helpers.js";

let f: ViewFixtures;
let out: string;
beforeAll(async () => {
  f = await makeViewFixtures();
  out = mkdtempSync(join(tmpdir(), "ob-inspect-"));
}, 60_000);
afterAll(() => {
  if (f) rmSync(f.dir, { recursive: true, force: true });
  if (out) rmSync(out, { recursive: true, force: true });
});

const jsonl = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

async function exportTo(dir: string, ...extra: string[]): Promise<string[]> {
  const r = await capture(gf01Main, [
    "export",
    "--format",
    "inspect",
    "--out-dir",
    dir,
    ...extra,
    f.llmRuns,
    f.greedyRuns,
  ]);
  expect(r.stderr).toContain("inspect log(s)");
  expect(r.code).toBe(0);
  const listing = JSON.parse(r.stdout) as { logs: { file: string }[] };
  return listing.logs.map((l) => l.file);
}

describe("gf01 export --format inspect", () => {
  it("writes schema-valid .eval and .json logs, one per agent × track, matching gf01 report", async () => {
    const evalFiles = await exportTo(join(out, "eval"));
    const jsonFiles = await exportTo(join(out, "json"), "--log-format", "json");
    expect(evalFiles).toHaveLength(2);
    expect(jsonFiles).toHaveLength(2);
    const logs = await validateLogs([...evalFiles, ...jsonFiles]);
    for (const [file, l] of Object.entries(logs)) {
      expect(l.errors, file).toEqual([]);
      expect(l.header.status).toBe("success");
    }
    // The report, from the CLI, over the same rows.
    const rows = [...jsonl(f.llmRuns), ...jsonl(f.greedyRuns)];
    writeFileSync(join(out, "all.jsonl"), rows.map((r) => JSON.stringify(r)).join("\n"));
    const rep = await capture(gf01Main, ["report", "--runs", join(out, "all.jsonl"), "--format", "json"]);
    expect(rep.code).toBe(0);
    const groups = JSON.parse(rep.stdout).groups as Record<string, number & unknown>[];

    for (const file of evalFiles) {
      const ev = logs[file];
      const jsonTwin = logs[jsonFiles[evalFiles.indexOf(file)]];
      // The .json and .eval forms carry the same log.
      expect(jsonTwin.samples).toEqual(ev.samples);
      expect(jsonTwin.header).toEqual(ev.header);

      const agent = ev.header.eval.model;
      const track = ev.header.eval.metadata.eval_track;
      const mine = rows.filter((r) => r.agent_name === agent && r.eval_track === track);
      expect(mine.length).toBeGreaterThan(0);
      expect(ev.samples.map((s) => s.id)).toEqual(mine.map((r) => r.instance_id));
      expect(ev.header.results.total_samples).toBe(mine.length);
      // Sample scores are the rows' own numbers.
      ev.samples.forEach((s, i) => {
        expect(s.scores.gf01.value).toEqual({
          certified: mine[i].valid ? 1 : 0,
          goal: mine[i].goal ? 1 : 0,
          ap_f1: mine[i].ap_f1,
          ts_f1: mine[i].ts_f1,
        });
        expect(s.output.completion).toBe(JSON.stringify(mine[i].certificate));
        expect(s.metadata.eval_track).toBe(track);
      });
      // Results agree with the report's groups for this agent and track (strata summed up).
      const gs = groups.filter((g) => g.agent_name === (agent as unknown) && g.eval_track === track);
      const n = gs.reduce((a, g) => a + (g.count as number), 0);
      expect(n).toBe(mine.length);
      const m = ev.header.results.scores[0].metrics;
      const pooled = (k: string) => gs.reduce((a, g) => a + (g[k] as number) * (g.count as number), 0) / n;
      for (const k of ["certified_rate", "goal_rate", "ap_f1_mean", "ts_f1_mean"])
        expect(m[k].value).toBeCloseTo(pooled(k), 12);
      // …and the samples' own mean (what inspect's mean() would give).
      const vals = ev.samples.map((s) => s.scores.gf01.value as Record<string, number>);
      expect(m.certified_rate.value).toBeCloseTo(mean(vals.map((v) => v.certified)), 12);
      expect(m.ap_f1_mean.value).toBeCloseTo(mean(vals.map((v) => v.ap_f1)), 12);
      const iv = (
        ev.header.results.scores[0].metadata.intervals as { metrics: Record<string, { n: number }> }
      ).metrics.certified_rate;
      expect(iv.n).toBe(mine.length);
    }
  }, 60_000);

  it("messages are the exact prompts and replies kept (LLM run); offline-style runs get none", async () => {
    const files = await exportTo(join(out, "msg"), "--log-format", "json");
    const logs = await validateLogs(files);
    const llm = Object.values(logs).find((l) => l.header.eval.model.startsWith("LLM-"));
    const greedy = Object.values(logs).find((l) => !l.header.eval.model.startsWith("LLM-"));
    if (!llm || !greedy) throw new Error("expected both logs");
    const steps = jsonl(`${f.llmRuns}.steps.jsonl`);
    const prompts = new Map(
      jsonl(`${f.llmRuns}.prompts.jsonl`).map((p) => [p.prompt_sha256, p.messages as { content: string }[]]),
    );
    llm.samples.forEach((s, i) => {
      const st = steps[i];
      expect(st.instance_id).toBe(s.id);
      const transcript = st.agent_log.transcript as { reply: string; prompt_sha256: string }[];
      // Every reply, in order, as an assistant message.
      expect(s.messages.filter((m) => m.role === "assistant").map((m) => m.content)).toEqual(
        transcript.map((c) => c.reply),
      );
      // Every user message of every prompt sent is in the conversation, verbatim.
      const userTexts = new Set(s.messages.filter((m) => m.role === "user").map((m) => m.content));
      for (const c of transcript)
        for (const m of prompts.get(c.prompt_sha256) ?? [])
          if ((m as { role?: string }).role === "user") expect(userTexts.has(m.content)).toBe(true);
      // The input is the first prompt sent.
      expect(
        (s.input as { role: string; content: string }[]).map((m) => ({ role: m.role, content: m.content })),
      ).toEqual(prompts.get(transcript[0].prompt_sha256));
    });
    // The hostile reply is carried as data, unchanged.
    expect(llm.samples.some((s) => s.messages.some((m) => m.content.includes(XSS)))).toBe(true);
    // The online baseline made no model calls: no messages are invented.
    for (const s of greedy.samples) {
      expect(s.messages).toEqual([]);
      expect(String(s.metadata.oraclebench_notes)).toContain("no model calls");
    }
  }, 60_000);

  it("is byte-identical across runs and time zones; --created sets the recorded time", async () => {
    const a = await exportTo(join(out, "d1"));
    const tz = process.env.TZ;
    process.env.TZ = "Pacific/Chatham";
    let b: string[];
    try {
      b = await exportTo(join(out, "d2"));
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
    const names = (xs: string[]) => xs.map((x) => x.slice(x.lastIndexOf("/") + 1));
    expect(names(b)).toEqual(names(a));
    for (const [i, file] of a.entries()) expect(readFileSync(b[i]).equals(readFileSync(file))).toBe(true);
    const c = await exportTo(join(out, "d3"), "--created", "2026-03-04T05:06:07+00:00");
    expect(names(c)[0]).toMatch(/^2026-03-04T05-06-07\+00-00_gf01_/);
    const l = (await validateLogs(c))[c[0]];
    expect(l.header.eval.created).toBe("2026-03-04T05:06:07+00:00");
  }, 60_000);

  it("bad input is one error line naming file, line and field; bad flags exit 2", async () => {
    const bad = join(out, "bad.jsonl");
    const rows = jsonl(f.greedyRuns);
    rows[1].valid = "yes";
    writeFileSync(bad, rows.map((r) => JSON.stringify(r)).join("\n"));
    const r = await capture(gf01Main, ["export", "--format", "inspect", "--out-dir", join(out, "bad"), bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.jsonl:2: field valid: /);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(readdirSync(out)).not.toContain("bad");
    const c = await capture(gf01Main, [
      "export",
      "--format",
      "inspect",
      "--out-dir",
      out,
      "--created",
      "yesterday",
      bad,
    ]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain("--created");
    const fmt = await capture(gf01Main, ["export", "--format", "csv", "--out-dir", out, bad]);
    expect(fmt.code).toBe(2);
  }, 60_000);

  it("a log the schema rejects is reported (the validator can fail)", async () => {
    const file = join(out, "2026-01-01T00-00-00+00-00_gf01_x_abc.json");
    const good = readFileSync(readdirSync(join(out, "json")).map((n) => join(out, "json", n))[0], "utf8");
    const log = JSON.parse(good);
    delete log.eval.task_id;
    log.samples[0].epoch = "one";
    writeFileSync(file, JSON.stringify(log));
    const errors = (await validateLogs([file]))[file].errors.join("\n");
    expect(errors).toContain("'task_id' is a required property");
    expect(errors).toContain("'one' is not of type 'integer'");
  });
});

async function gebExportTo(dir: string, ...extra: string[]): Promise<string[]> {
  const r = await capture(gebMain, [
    "export",
    "--format",
    "inspect",
    "--out-dir",
    dir,
    "--records",
    f.gebRecords,
    ...extra,
    f.gebModelDir,
    f.gebSelectorDir,
  ]);
  expect(r.stderr).toContain("inspect log(s)");
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { logs: { file: string }[] }).logs.map((l) => l.file);
}

describe("geb export --format inspect", () => {
  it("one schema-valid log per run; counts and scores agree with the run's own metrics", async () => {
    const evalFiles = await gebExportTo(join(out, "eval"));
    const jsonFiles = await gebExportTo(join(out, "json"), "--log-format", "json");
    expect(evalFiles).toHaveLength(2);
    const logs = await validateLogs([...evalFiles, ...jsonFiles]);
    for (const [file, l] of Object.entries(logs)) expect(l.errors, file).toEqual([]);
    // results.json holds [payload] (the reference's layout).
    const payloads = [f.gebModelDir, f.gebSelectorDir].map((d) => {
      const v = JSON.parse(readFileSync(join(d, "results.json"), "utf8"));
      return Array.isArray(v) ? v[0] : v;
    });
    evalFiles.forEach((file, i) => {
      const l = logs[file];
      expect(logs[jsonFiles[i]].samples).toEqual(l.samples);
      const p = payloads[i];
      expect(l.header.eval.model).toBe(p.model);
      expect(l.samples).toHaveLength(p.retrieval_stats.length);
      expect(l.header.results.total_samples).toBe(p.retrieval_stats.length);
      const first = l.samples.filter((s) => s.epoch === 1);
      expect(first).toHaveLength(p.metrics.n);
      const v = (k: string) => first.map((s) => (s.scores.geb.value as Record<string, number>)[k]);
      const m = l.header.results.scores[0].metrics;
      // The run's recorded metrics, and the samples' own means agree with them.
      expect(m.value_acc.value).toBe(p.metrics.value_acc);
      expect(m.exact_acc.value).toBe(p.metrics.exact_acc);
      expect(mean(v("value_ok"))).toBeCloseTo(p.metrics.value_acc, 12);
      expect(mean(v("exact_ok"))).toBeCloseTo(p.metrics.exact_acc, 12);
      if (p.metrics.cite_f1 !== null) {
        expect(m.cite_f1.value).toBe(p.metrics.cite_f1);
        expect(mean(v("cite_f1"))).toBeCloseTo(p.metrics.cite_f1, 12);
      }
      // Targets are the gold values.
      for (const [k, s] of first.entries()) expect(s.target).toBe(p.retrieval_stats[k].gold_value ?? "");
    });
  }, 60_000);

  it("messages are the exact prompt and raw reply from the engine records; none without records", async () => {
    const files = await gebExportTo(join(out, "msg"), "--log-format", "json");
    const logs = await validateLogs(files);
    const [answerer, selector] = files.map((x) => logs[x]);
    const records = jsonl(f.gebRecords);
    const prompts = new Map(jsonl(`${f.gebRecords}.prompts.jsonl`).map((p) => [p.prompt_sha256, p.messages]));
    for (const s of answerer.samples) {
      const rec = records.find((r) => r.item_id === s.id && r.trial === s.epoch - 1);
      const sent = prompts.get(rec.prompt_sha256) as { role: string; content: string }[];
      expect(s.messages.map((m) => ({ role: m.role, content: m.content }))).toEqual([
        ...sent,
        { role: "assistant", content: rec.raw_text },
      ]);
    }
    expect(answerer.samples.some((s) => s.messages.some((m) => m.content.includes(XSS)))).toBe(true);
    for (const s of selector.samples) {
      expect(s.messages).toEqual([]);
      expect(String(s.metadata.oraclebench_notes)).toContain("no engine record");
    }
  }, 60_000);

  it("is deterministic; a row missing from the data file is an input error", async () => {
    const a = await gebExportTo(join(out, "d1"));
    const b = await gebExportTo(join(out, "d2"));
    for (const [i, file] of a.entries()) expect(readFileSync(b[i]).equals(readFileSync(file))).toBe(true);
    const short = join(out, "short.jsonl");
    writeFileSync(short, `${readFileSync(f.gebData, "utf8").split("\n").slice(1).join("\n")}`);
    const r = await capture(gebMain, [
      "export",
      "--format",
      "inspect",
      "--out-dir",
      join(out, "bad"),
      "--data",
      short,
      f.gebSelectorDir,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/results\.json: field retrieval_stats: row .* is not in the data file/);
  }, 60_000);
});
