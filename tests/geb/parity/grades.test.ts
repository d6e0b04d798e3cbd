/**
 * Grading parity with the reference harness over the shared parity corpus
 * (../shared/reference/geb/parity, README there): 2,944 cases = 22 reference datasets ×
 * reference baselines and perturbed prediction sets × 8 option sets, each with the 18 metrics
 * the reference's `grade_rows` returned and the line its `grade` command printed.
 *
 * Each data and prediction file is read once (through the same readers `geb grade` uses);
 * every case is graded with `--metrics reference-0.1` and compared: null ⇔ null, `n` and
 * `instr_conflict_present_count` equal integers, other numbers within 1e-9, the printed line
 * byte for byte.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { binPath, buildBins } from "../../helpers/bins.js";
import { forEachDataRow, formatReport, readPredictionIndex } from "../../../src/geb/api.js";
import {
  DEFAULT_GRADE_OPTIONS,
  type GradeOptions,
  Grader,
  type Metrics,
} from "../../../src/geb/grade/grade.js";
import type { GebRowRead } from "../../../src/geb/dataset/schema.js";
import { repoRoot, sharedGeb } from "../helpers.js";

// GEB_PARITY_DIR points the same test at another part with this layout (the held-out part).
const corpus = process.env.GEB_PARITY_DIR ?? join(sharedGeb, "parity");
const sharedPart = process.env.GEB_PARITY_DIR === undefined;

interface Case {
  case: string;
  pred_set: string;
  data: string;
  preds: string;
  options: {
    citations: "auto" | "on" | "off";
    support_metric: "f1" | "exact";
    max_support_k: number;
    entailment_check: boolean;
  };
  cli_args: string[];
  metrics: Record<string, number | null>;
  cli_stdout: string;
}

/** Reference `GradeResult` field → our `Metrics` field. */
const FIELD: Record<string, keyof Metrics> = {
  n: "n",
  value_acc: "value_acc",
  answer_correct_given_selected: "answer_correct_given_selected",
  citation_precision: "cite_p",
  citation_recall: "cite_r",
  citation_f1: "cite_f1",
  support_bloat: "support_bloat",
  exact_acc: "exact_acc",
  twin_consistency: "twin_consistency",
  twin_flip_rate: "twin_flip_rate",
  entailment_rate: "entailment",
  instruction_acc: "instruction_acc",
  clean_acc: "clean_acc",
  instruction_gap: "instruction_gap",
  instr_override_rate: "instr_override_rate",
  instr_conflict_present_rate: "instr_conflict_present_rate",
  instr_conflict_present_count: "instr_conflict_present_count",
  state_integrity_rate: "state_integrity_rate",
};
const INTEGER_FIELDS = new Set(["n", "instr_conflict_present_count"]);

function mismatches(c: Case, ours: Metrics): string[] {
  const out: string[] = [];
  const keys = Object.keys(c.metrics);
  if (keys.length !== 18) out.push(`expected 18 metrics, the case has ${keys.length}`);
  for (const k of keys) {
    const field = FIELD[k];
    if (!field) {
      out.push(`unmapped metric ${k}`);
      continue;
    }
    const want = c.metrics[k];
    const got = ours[field];
    const ok =
      want === null
        ? got === null
        : got !== null &&
          (INTEGER_FIELDS.has(k) ? Number.isInteger(got) && got === want : Math.abs(got - want) <= 1e-9);
    if (!ok) out.push(`${k}: reference ${want}, ours ${got}`);
  }
  return out;
}

function gradeOptions(c: Case): GradeOptions {
  return {
    ...DEFAULT_GRADE_OPTIONS,
    citations: c.options.citations,
    supportMetric: c.options.support_metric,
    maxSupportK: c.options.max_support_k,
    entailmentCheck: c.options.entailment_check,
    metrics: "reference-0.1",
  };
}

const present = existsSync(join(corpus, "expected/grades.jsonl"));

describe.skipIf(!present)("reference-0.1 grading parity (shared corpus, 2,944 cases)", () => {
  const cases: Case[] = present
    ? readFileSync(join(corpus, "expected/grades.jsonl"), "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as Case)
    : [];

  it("holds every case: 18 metrics and the printed line", () => {
    if (sharedPart) expect(cases).toHaveLength(2944);
    else expect(cases.length).toBeGreaterThan(0);
    const dataCache = new Map<string, GebRowRead[]>();
    const rowsOf = (file: string): GebRowRead[] => {
      let rows = dataCache.get(file);
      if (!rows) {
        rows = [];
        const acc = rows;
        forEachDataRow(join(corpus, file), (r) => acc.push(r));
        dataCache.set(file, rows);
      }
      return rows;
    };
    const byPreds = new Map<string, Case[]>();
    for (const c of cases) byPreds.set(c.preds, [...(byPreds.get(c.preds) ?? []), c]);

    const failures: string[] = [];
    let checked = 0;
    for (const [predFile, group] of byPreds) {
      const { preds } = readPredictionIndex(join(corpus, predFile), "reference-0.1");
      for (const c of group) {
        const g = new Grader(gradeOptions(c));
        for (const row of rowsOf(c.data)) g.add(row, preds.get(row.id));
        const m = g.result();
        const bad = mismatches(c, m);
        const line = `${formatReport(m, "", undefined, "reference-0.1")}\n`;
        if (line !== c.cli_stdout) bad.push(`printed line:\n  reference ${c.cli_stdout}  ours      ${line}`);
        if (bad.length) failures.push(`${c.case}: ${bad.join("; ")}`);
        checked++;
      }
    }
    expect(checked).toBe(cases.length);
    expect(failures.slice(0, 25), `${failures.length} failing cases`).toEqual([]);
  });

  it("`geb grade --metrics reference-0.1` prints the reference's line (CLI, exit 0, one warning line)", async () => {
    await buildBins(); // the run's CLI bundle: ~0.2 s of CPU to start, not ~1 s under tsx
    // One spawn (seconds on a shared machine): duplicate/unknown ids and rows without an id.
    for (const name of ["set_standard_s101/misc_rows/default"]) {
      const c = sharedPart
        ? cases.find((x) => x.case === name)
        : cases.find((x) => x.pred_set === "misc_rows");
      if (!c) throw new Error(`case ${name} not in the corpus`);
      const args = c.cli_args.map((a) =>
        a.startsWith("data/") || a.startsWith("preds/") ? join(corpus, a) : a,
      );
      const r = spawnSync(process.execPath, [binPath("geb"), ...args, "--metrics", "reference-0.1"], {
        cwd: repoRoot,
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(c.cli_stdout);
      // The file's oddities are reported on stderr, in one line, without changing the numbers.
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^geb grade: warning: .*not in the data.*repeat an earlier id/);
    }
  });
});
