/**
 * Capability jobs (docs/geb/capability.md): weighted rules `{path, op, value, weight, critical}`
 * over a flat metric map, a job's success rate, and the before → after classification
 * Unlocked / Hardened / Unchanged / Regressed of the reference's capability check and delta
 * reports (build_capability_{check,delta}_report.py; same numbers, tests/geb/capability).
 * Pure: metric maps come in built (./metrics.ts), files are read by ./api.ts.
 */
import { z } from "zod";
import { roundHalfEven } from "../../core/numeric.js";
import { pyFloatRepr } from "../../core/pyjson.js";
import { registerSchema } from "../../core/schema.js";

export const RULE_OPS = ["ge", "gt", "le", "lt", "eq", "ne"] as const;

const ruleSchema = z
  .object({
    path: z.string().min(1),
    op: z.enum(RULE_OPS),
    value: z.unknown(),
    weight: z.number().min(0).default(1),
    critical: z.boolean().default(false),
  })
  .strict()
  // An ordering rule with an unreadable bound would fail every run as `non_numeric`, silently:
  // the config is wrong, so say so while it is read.
  .superRefine((r, ctx) => {
    // Numeric strings ("0.7") read as the reference's float() reads them.
    if (["ge", "gt", "le", "lt"].includes(r.op) && !Number.isFinite(toFloat(r.value) ?? Number.NaN))
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: `must be a finite number for op ${r.op}, got ${JSON.stringify(r.value) ?? "nothing"}`,
      });
  });

const policySchema = z
  .object({
    unlock: z
      .object({
        before_max_success: z.number().optional(),
        after_min_success: z.number().optional(),
        max_after_critical_fail_rate: z.number().optional(),
      })
      .strict()
      .default({}),
    harden: z
      .object({
        before_min_success: z.number().optional(),
        after_min_success: z.number().optional(),
        min_delta: z.number().optional(),
        max_after_critical_fail_rate: z.number().optional(),
      })
      .strict()
      .default({}),
    regress: z.object({ epsilon: z.number().optional() }).strict().default({}),
    risk_penalty_lambda: z.number().default(1),
  })
  .strict();

export const capabilityJobsSchema = z
  .object({
    version: z.string(),
    policy: policySchema.default({ unlock: {}, harden: {}, regress: {}, risk_penalty_lambda: 1 }),
    jobs: z
      .array(
        z
          .object({
            id: z.string().trim().min(1),
            name: z.string().optional(),
            value_weight: z.number().default(1),
            pass_threshold: z.number().default(1),
            rules: z.array(ruleSchema).min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();
export type CapabilityJobs = z.infer<typeof capabilityJobsSchema>;
registerSchema("geb.capability_jobs.v1", capabilityJobsSchema);
export type CapabilityJob = CapabilityJobs["jobs"][number];
export type CapabilityPolicy = CapabilityJobs["policy"];
export type MetricMap = Map<string, unknown>;

export interface RuleEval {
  path: string;
  op: string;
  expected: unknown;
  actual: unknown;
  weight: number;
  critical: boolean;
  passed: boolean;
  missing: boolean;
  reason: string | null;
}

export interface JobEval {
  status: "PASS" | "FAIL" | "N/A";
  pass_threshold: number;
  success_rate: number;
  critical_fail_rate: number;
  rules: RuleEval[];
}

export type Classification = "Unlocked" | "Hardened" | "Unchanged" | "Regressed" | "NoBaseline";

/** Python float(): bools 1/0, numbers, numeric strings; else null. */
export function toFloat(v: unknown): number | null {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase().replaceAll("_", "");
    if (/^[+-]?(inf|infinity)$/.test(s)) return s.startsWith("-") ? -Infinity : Infinity;
    if (/^[+-]?nan$/.test(s)) return Number.NaN;
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(s)) return Number(s);
    return null;
  }
  return null;
}

/** Python `==` on JSON values (True == 1 == 1.0; lists and objects compared deeply). */
export function pyEquals(a: unknown, b: unknown): boolean {
  const numeric = (v: unknown) => typeof v === "number" || typeof v === "boolean";
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => pyEquals(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        k in (b as object) && pyEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

function compare(actual: unknown, op: string, expected: unknown): [boolean, string | null] {
  if (op === "ge" || op === "gt" || op === "le" || op === "lt") {
    const l = toFloat(actual);
    const r = toFloat(expected);
    if (l === null || r === null) return [false, "non_numeric"];
    return [op === "ge" ? l >= r : op === "gt" ? l > r : op === "le" ? l <= r : l < r, null];
  }
  if (op === "eq") return [pyEquals(actual, expected), null];
  return [!pyEquals(actual, expected), null];
}

/** A job over one metric map: weighted pass share, critical weight failed share, PASS at pass_threshold. */
export function evaluateJob(job: CapabilityJob, metrics: MetricMap): JobEval {
  let total = 0;
  let passedW = 0;
  let critTotal = 0;
  let critFailed = 0;
  const rules = job.rules.map((r): RuleEval => {
    const path = r.path.trim();
    const missing = !metrics.has(path);
    const actual = missing ? null : metrics.get(path);
    // A path the metric map lacks fails (never passes): inputs we did not collect are missing.
    const [passed, reason] = missing ? [false, "missing_path"] : compare(actual, r.op, r.value ?? null);
    total += r.weight;
    if (passed) passedW += r.weight;
    if (r.critical) {
      critTotal += r.weight;
      if (!passed) critFailed += r.weight;
    }
    return {
      path,
      op: r.op,
      expected: r.value ?? null,
      actual: actual ?? null,
      weight: r.weight,
      critical: r.critical,
      passed,
      missing,
      reason,
    };
  });
  const success = total > 0 ? passedW / total : 0;
  return {
    status: success >= job.pass_threshold ? "PASS" : "FAIL",
    pass_threshold: job.pass_threshold,
    success_rate: success,
    critical_fail_rate: critTotal > 0 ? critFailed / critTotal : 0,
    rules,
  };
}

export function classifyJob(before: JobEval, after: JobEval, policy: CapabilityPolicy): Classification {
  const u = policy.unlock;
  const h = policy.harden;
  const b = before.success_rate;
  const a = after.success_rate;
  const crit = after.critical_fail_rate;
  if (
    b < (u.before_max_success ?? 0.6) &&
    a >= (u.after_min_success ?? 0.9) &&
    crit <= (u.max_after_critical_fail_rate ?? 0.02)
  )
    return "Unlocked";
  if (
    b >= (h.before_min_success ?? 0.9) &&
    a >= (h.after_min_success ?? 0.95) &&
    a - b >= (h.min_delta ?? 0.03) &&
    crit <= (h.max_after_critical_fail_rate ?? 0.02)
  )
    return "Hardened";
  if (a + (policy.regress.epsilon ?? 0.02) < b) return "Regressed";
  return "Unchanged";
}

export interface JobRow {
  id: string;
  name: string;
  value_weight: number;
  classification: Classification;
  before: JobEval;
  after: JobEval;
  delta_success_rate: number | null;
  utility_contribution: number | null;
}

export interface JobsReport {
  status: "PASS" | "FAIL" | "NO_BASELINE";
  policy: CapabilityPolicy;
  jobs: JobRow[];
  summary: {
    has_before: boolean;
    job_count: number;
    classification_counts: Record<Classification, number>;
    utility_delta: number | null;
    unlocked_jobs: string[];
    hardened_jobs: string[];
    regressed_jobs: string[];
  };
}

/** Every job before (null: no baseline) and after; status FAIL when any job regressed. */
export function compareJobs(cfg: CapabilityJobs, before: MetricMap | null, after: MetricMap): JobsReport {
  const counts: Record<Classification, number> = {
    Unlocked: 0,
    Hardened: 0,
    Unchanged: 0,
    Regressed: 0,
    NoBaseline: 0,
  };
  let utility = 0;
  const lambda = cfg.policy.risk_penalty_lambda;
  const jobs = cfg.jobs.map((job): JobRow => {
    const id = job.id.trim();
    const a = evaluateJob(job, after);
    const b: JobEval = before
      ? evaluateJob(job, before)
      : {
          status: "N/A",
          pass_threshold: job.pass_threshold,
          success_rate: 0,
          critical_fail_rate: 0,
          rules: [],
        };
    let cls: Classification = "NoBaseline";
    let delta: number | null = null;
    let contrib: number | null = null;
    if (before) {
      cls = classifyJob(b, a, cfg.policy);
      delta = a.success_rate - b.success_rate;
      contrib = job.value_weight * delta - lambda * a.critical_fail_rate;
      utility += contrib;
    }
    counts[cls]++;
    return {
      id,
      name: job.name || id,
      value_weight: job.value_weight,
      classification: cls,
      before: b,
      after: a,
      delta_success_rate: delta,
      utility_contribution: contrib,
    };
  });
  const ids = (c: Classification) => jobs.filter((j) => j.classification === c).map((j) => j.id);
  return {
    status: before ? (counts.Regressed > 0 ? "FAIL" : "PASS") : "NO_BASELINE",
    policy: cfg.policy,
    jobs,
    summary: {
      has_before: before !== null,
      job_count: jobs.length,
      classification_counts: counts,
      utility_delta: before ? utility : null,
      unlocked_jobs: ids("Unlocked"),
      hardened_jobs: ids("Hardened"),
      regressed_jobs: ids("Regressed"),
    },
  };
}

/** Python `f"{x:.3f}"`; "n/a" for None. */
function fmt3(v: number | null): string {
  if (v === null) return "n/a";
  const s = roundHalfEven(v, 3).toFixed(3);
  return (v < 0 || Object.is(v, -0)) && !s.startsWith("-") ? `-${s}` : s;
}

/** The reports' markdown table (the reference's layout). `header`: title and the two input lines. */
export function jobsMarkdown(
  title: string,
  generatedAt: string | null,
  inputs: [string, string | null][],
  r: JobsReport,
): string {
  const L = [`# ${title}`, "", `- generated_at: \`${generatedAt ?? "None"}\``, `- status: \`${r.status}\``];
  for (const [k, v] of inputs) L.push(`- ${k}: \`${v ?? "None"}\``);
  L.push(
    `- utility_delta: \`${r.summary.utility_delta === null ? "None" : pyFloatRepr(r.summary.utility_delta)}\``,
    "",
  );
  L.push("| Job | Before | After | Delta | Class |", "|---|---:|---:|---:|---|");
  for (const j of r.jobs)
    L.push(
      `| \`${j.id}\` | ${fmt3(j.before.success_rate)} | ${fmt3(j.after.success_rate)} | ${fmt3(j.delta_success_rate)} | ${j.classification} |`,
    );
  L.push("");
  return L.join("\n");
}
