/**
 * Acceptance bands between two RAG benchmark summaries (the reference's
 * check_rag_acceptance_bands.py): each mean of `other` may drop below `base` by at most its
 * band, and at the fast stage the three domain datasets of `other` must be exact. Pure: the
 * caller reads the files. The printed lines are the reference's, character for character.
 */
import { roundHalfEven } from "../../core/numeric.js";
import { pyRepr } from "../../core/pyjson.js";

export type BandStage = "fast" | "full";

/** Largest allowed drop per mean (the reference's tables). */
export const BANDS: Readonly<Record<BandStage, Readonly<Record<string, number>>>> = {
  fast: {
    value_acc: 0.005,
    exact_acc: 0.005,
    entailment: 0.005,
    answer_correct_given_selected: 0.005,
    cite_f1: 0.005,
    instruction_acc: 0.01,
    state_integrity_rate: 0.005,
  },
  full: {
    value_acc: 0.003,
    exact_acc: 0.003,
    entailment: 0.003,
    answer_correct_given_selected: 0.003,
    cite_f1: 0.003,
    instruction_acc: 0.007,
    state_integrity_rate: 0.003,
  },
};

/** Datasets that must have exact_acc 1.0 in `other` at the fast stage. */
export const FAST_DOMAIN_CHECKS = ["domain_stale", "domain_authority", "domain_exception"] as const;

export interface BandOptions {
  stage: BandStage;
  allowMissingKeys?: boolean;
  strictBenchmarkName?: boolean;
}

export interface BandResult {
  ok: boolean;
  /** Output after the header lines (the reference's stdout from "Domain hard checks:" on). */
  lines: string[];
  failures: string[];
}

type Obj = Record<string, unknown>;
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Python `f"{x:.6f}"` / `f"{x:+.6f}"` (round half even on the exact value). */
function fixed6(x: number, sign = false): string {
  let s = roundHalfEven(x, 6).toFixed(6);
  if ((x < 0 || Object.is(x, -0)) && !s.startsWith("-")) s = `-${s}`;
  return sign && !s.startsWith("-") ? `+${s}` : s;
}

function means(summary: Obj): Map<string, number> {
  const out = new Map<string, number>();
  const m = summary.means;
  if (!isObj(m)) return out;
  // Python's isinstance(val, (int, float)) also accepts booleans (True == 1.0).
  for (const [k, v] of Object.entries(m)) {
    if (isNum(v)) out.set(k, v);
    else if (typeof v === "boolean") out.set(k, v ? 1 : 0);
  }
  return out;
}

function datasetMap(summary: Obj): Map<string, Obj> {
  let rows = summary.datasets;
  if (!Array.isArray(rows)) rows = summary.results;
  const out = new Map<string, Obj>();
  if (!Array.isArray(rows)) return out;
  for (const row of rows) if (isObj(row) && typeof row.id === "string" && row.id) out.set(row.id, row);
  return out;
}

/** Compare `other` against `base`. */
export function checkBands(base: Obj, other: Obj, opts: BandOptions): BandResult {
  const lines: string[] = [];
  const failures: string[] = [];
  if (opts.strictBenchmarkName) {
    const expected = "rag_benchmark_strict";
    for (const [name, s] of [
      ["base", base],
      ["other", other],
    ] as const) {
      if (s.benchmark !== expected)
        failures.push(`${name} benchmark=${pyRepr(s.benchmark ?? null)}, expected '${expected}'`);
    }
  }
  if (opts.stage === "fast") {
    const byId = datasetMap(other);
    const domain: string[] = [];
    for (const id of FAST_DOMAIN_CHECKS) {
      const row = byId.get(id);
      if (!row) {
        domain.push(`missing dataset: ${id}`);
        continue;
      }
      const exact = typeof row.exact_acc === "boolean" ? Number(row.exact_acc) : row.exact_acc;
      if (!isNum(exact)) domain.push(`${id}.exact_acc missing/non-numeric`);
      else if (exact < 1) domain.push(`${id}.exact_acc=${fixed6(exact)} (expected 1.000000)`);
    }
    lines.push("Domain hard checks:");
    if (domain.length) for (const d of domain) lines.push(`[FAIL] ${d}`);
    else for (const id of FAST_DOMAIN_CHECKS) lines.push(`[PASS] ${id}.exact_acc=1.000000`);
    failures.push(...domain);
  }
  const b = means(base);
  const o = means(other);
  lines.push("Mean band checks:");
  for (const [key, band] of Object.entries(BANDS[opts.stage])) {
    const bv = b.get(key);
    const ov = o.get(key);
    if (bv === undefined || ov === undefined) {
      const msg = `${key}: missing in means`;
      if (opts.allowMissingKeys) {
        lines.push(`[SKIP] ${msg}`);
        continue;
      }
      failures.push(msg);
      lines.push(`[FAIL] ${msg}`);
      continue;
    }
    const delta = ov - bv;
    const ok = delta >= -band;
    lines.push(
      `[${ok ? "PASS" : "FAIL"}] ${key}: ${fixed6(bv)} -> ${fixed6(ov)} (delta ${fixed6(delta, true)}, min ${fixed6(-band, true)})`,
    );
    if (!ok) failures.push(`${key}: delta ${fixed6(delta, true)} < ${fixed6(-band, true)}`);
  }
  lines.push(failures.length ? `RESULT: FAIL (${failures.length} issue(s))` : "RESULT: PASS");
  return { ok: failures.length === 0, lines, failures };
}

/** The run a summary of ours records (`pipeline`: model, adapter, pipeline config); null when none is recorded. */
function recordedRun(s: Obj): { adapter: unknown; pipeline: Obj | null } | null {
  const p = s.pipeline;
  if (!isObj(p)) return null;
  return { adapter: p.adapter ?? null, pipeline: isObj(p.pipeline) ? p.pipeline : null };
}

/**
 * Why two summaries must not be compared without `--allow-mixed`, or null: they record
 * different pipelines (adapter or any pipeline setting; the model may differ, that is what a
 * band check compares), only one of them records its pipeline, or both record one and their
 * presets (`benchmark`) differ. Two summaries that record none (the reference's) pass, as in
 * the reference.
 */
export function mixedRuns(base: Obj, other: Obj): string | null {
  const a = recordedRun(base);
  const b = recordedRun(other);
  if (!a && !b) return null;
  if (!a || !b)
    return `only ${a ? "base" : "other"} records the pipeline it ran (${a ? "other" : "base"} is not a geb rag run summary)`;
  if (base.benchmark !== other.benchmark)
    return `different presets: base ${pyRepr(base.benchmark ?? null)}, other ${pyRepr(other.benchmark ?? null)}`;
  if (a.adapter !== b.adapter)
    return `different pipelines: base ${pyRepr(a.adapter)}, other ${pyRepr(b.adapter)}`;
  const pa = a.pipeline ?? {};
  const pb = b.pipeline ?? {};
  const diff = [...new Set([...Object.keys(pa), ...Object.keys(pb)])]
    .filter((k) => JSON.stringify(pa[k]) !== JSON.stringify(pb[k]))
    .map((k) => `${k} ${JSON.stringify(pa[k] ?? null)} vs ${JSON.stringify(pb[k] ?? null)}`);
  return diff.length ? `different pipeline settings (base vs other): ${diff.join(", ")}` : null;
}
