/**
 * Sensitivity checks over generated scenarios (./generate.ts): the verifier's summaries are
 * compared with what each scenario was built to contain, and the report has the shape the
 * reference's `memory_verify_sensitivity_gate` reads (`checks.*` booleans, `coverage.*`), with
 * the gate's floors applied here. Pure: the verifier comes in as a function, so a test can
 * hand it a broken one and watch a check fail.
 */
import { pyJsonDumps } from "../../core/pyjson.js";
import { formatTable } from "../../core/table.js";
import type { ScenarioExpectation, ScenarioGroup } from "./generate.js";
import {
  MEMORY_TAGS,
  type MemoryEntry,
  type MemoryResult,
  type MemorySummary,
  SUMMARY_FLOAT_KEYS,
} from "./verify.js";

export const SENSITIVITY_SCHEMA_VERSION = "geb.memory_sensitivity.v1";

export interface CheckScenario {
  name: string;
  group: ScenarioGroup;
  invalid_fraction: number | null;
  entries: MemoryEntry[];
  expected: ScenarioExpectation;
}

export type Verifier = (entries: MemoryEntry[]) => { results: MemoryResult[]; summary: MemorySummary };

export const CHECK_NAMES = [
  "monotonic_invalid_rate",
  "monotonic_verified_rate",
  "blocked_equals_invalid",
  "blocked_matches_expected",
  "all_used_count_expected",
  "invalid_rate_matches_expected",
  "verified_rate_matches_expected",
  "unused_entries_excluded",
  "range_exercised",
  "high_scale_exercised",
  "tag_reason_diversity",
  // Ours, beyond the reference gate's eleven: every entry fails with exactly its injected
  // reason (or verifies), and the summary's reason/tag counts equal the injected ones.
  "entry_reasons_match_expected",
  "counts_match_expected",
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface Coverage {
  scenario_count: number;
  min_invalid_rate: number;
  max_invalid_rate: number;
  max_actions_blocked: number;
  max_total: number;
  /** Distinct tags seen in the summaries. */
  distinct_tag_count: number;
  /** Distinct reason codes (`missing_file:<p>` counts once as `missing_file`). */
  distinct_reason_count: number;
}

export interface Floor {
  path: `coverage.${keyof Coverage}`;
  min?: number;
  max?: number;
}

/**
 * The reference gate's coverage floors, except `distinct_tag_count`: the reference asks for 5,
 * but its verifier can emit only 4 tags (MEMORY_TAGS), so 5 is unreachable; ours asks for all 4.
 */
export const SENSITIVITY_FLOORS: readonly Floor[] = [
  { path: "coverage.scenario_count", min: 15 },
  { path: "coverage.min_invalid_rate", max: 0 },
  { path: "coverage.max_invalid_rate", min: 1 },
  { path: "coverage.max_actions_blocked", min: 60 },
  { path: "coverage.max_total", min: 100 },
  { path: "coverage.distinct_tag_count", min: MEMORY_TAGS.length },
  { path: "coverage.distinct_reason_count", min: 9 },
];

export interface ScenarioOutcome {
  name: string;
  group: ScenarioGroup;
  invalid_fraction: number | null;
  ok: boolean;
  summary: MemorySummary;
}

export interface SensitivityReport {
  schema_version: typeof SENSITIVITY_SCHEMA_VERSION;
  status: "PASS" | "FAIL";
  checks: Record<CheckName, boolean>;
  coverage: Coverage;
  floors: (Floor & { value: number; pass: boolean })[];
  /** One line per failed check or floor, naming the scenario where there is one. */
  failures: string[];
  scenarios: ScenarioOutcome[];
}

const RATE_EPS = 1e-12;
const rate = (n: number, d: number) => (d ? n / d : 0);
const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
const reasonCode = (r: string) => r.split(":")[0];

/** Verify every scenario and check the verifier against the scenarios' expectations. */
export function checkSensitivity(scenarios: readonly CheckScenario[], verify: Verifier): SensitivityReport {
  const failures: string[] = [];
  const failed = new Set<CheckName>();
  const fail = (check: CheckName, where: string) => {
    failed.add(check);
    failures.push(`${check}: ${where}`);
  };
  const outcomes: ScenarioOutcome[] = [];
  const tags = new Set<string>();
  const reasons = new Set<string>();
  let sawUnusedInvalid = false;
  for (const s of scenarios) {
    const { results, summary } = verify(s.entries);
    const e = s.expected;
    const before = failures.length;
    if (summary.actions_blocked_by_memory_gate !== summary.memory_invalid_count)
      fail("blocked_equals_invalid", s.name);
    if (summary.actions_blocked_by_memory_gate !== e.invalid_count) fail("blocked_matches_expected", s.name);
    if (summary.memory_used_count !== e.used_count) fail("all_used_count_expected", s.name);
    if (Math.abs(summary.memory_invalid_rate - rate(e.invalid_count, e.used_count)) > RATE_EPS)
      fail("invalid_rate_matches_expected", s.name);
    if (Math.abs(summary.memory_verified_rate - rate(e.verified_count, e.used_count)) > RATE_EPS)
      fail("verified_rate_matches_expected", s.name);
    if (e.total > e.used_count) {
      sawUnusedInvalid ||= s.entries.some((x, i) => !x.used && e.entry_reasons[i].length > 0);
      if (
        summary.memory_total !== e.total ||
        summary.memory_used_count !== e.used_count ||
        !sameCounts(summary.memory_reason_counts, e.reason_counts)
      )
        fail("unused_entries_excluded", s.name);
    }
    const mismatch = results.findIndex(
      (r, i) =>
        JSON.stringify(r.reasons) !== JSON.stringify(e.entry_reasons[i]) ||
        r.ok !== (e.entry_reasons[i].length === 0),
    );
    if (results.length !== e.entry_reasons.length || mismatch >= 0)
      fail("entry_reasons_match_expected", `${s.name} entry ${mismatch >= 0 ? mismatch + 1 : "count"}`);
    if (
      !sameCounts(summary.memory_reason_counts, e.reason_counts) ||
      !sameCounts(summary.memory_tag_counts, e.tag_counts)
    )
      fail("counts_match_expected", s.name);
    for (const t of Object.keys(summary.memory_tag_counts)) tags.add(t);
    for (const r of Object.keys(summary.memory_reason_counts)) reasons.add(reasonCode(r));
    outcomes.push({
      name: s.name,
      group: s.group,
      invalid_fraction: s.invalid_fraction,
      ok: failures.length === before,
      summary,
    });
  }
  if (!sawUnusedInvalid) fail("unused_entries_excluded", "no scenario has an unused invalid entry");

  // The ladder: more injected defects must never lower the invalid rate nor raise the verified rate.
  const ladder = outcomes
    .filter((o) => o.group === "ladder" && o.invalid_fraction !== null)
    .sort((a, b) => (a.invalid_fraction as number) - (b.invalid_fraction as number));
  if (ladder.length < 3) {
    fail("monotonic_invalid_rate", "fewer than 3 ladder scenarios");
    fail("monotonic_verified_rate", "fewer than 3 ladder scenarios");
  }
  for (let i = 1; i < ladder.length; i++) {
    const [a, b] = [ladder[i - 1].summary, ladder[i].summary];
    if (b.memory_invalid_rate < a.memory_invalid_rate) fail("monotonic_invalid_rate", ladder[i].name);
    if (b.memory_verified_rate > a.memory_verified_rate) fail("monotonic_verified_rate", ladder[i].name);
  }

  const withUsed = outcomes.filter((o) => o.summary.memory_used_count > 0).map((o) => o.summary);
  const coverage: Coverage = {
    scenario_count: outcomes.length,
    min_invalid_rate: withUsed.length ? Math.min(...withUsed.map((x) => x.memory_invalid_rate)) : 0,
    max_invalid_rate: withUsed.length ? Math.max(...withUsed.map((x) => x.memory_invalid_rate)) : 0,
    max_actions_blocked: Math.max(0, ...outcomes.map((o) => o.summary.actions_blocked_by_memory_gate)),
    max_total: Math.max(0, ...outcomes.map((o) => o.summary.memory_total)),
    distinct_tag_count: tags.size,
    distinct_reason_count: reasons.size,
  };
  if (!(coverage.min_invalid_rate <= 0 && coverage.max_invalid_rate >= 1))
    fail(
      "range_exercised",
      `invalid rates span [${coverage.min_invalid_rate}, ${coverage.max_invalid_rate}]`,
    );
  if (!(coverage.max_total >= 100 && coverage.max_actions_blocked >= 60))
    fail(
      "high_scale_exercised",
      `max_total ${coverage.max_total}, max_actions_blocked ${coverage.max_actions_blocked}`,
    );
  if (!(coverage.distinct_tag_count >= MEMORY_TAGS.length && coverage.distinct_reason_count >= 9))
    fail(
      "tag_reason_diversity",
      `${coverage.distinct_tag_count} tags, ${coverage.distinct_reason_count} reason codes`,
    );

  const floors = SENSITIVITY_FLOORS.map((f) => {
    const value = coverage[f.path.slice("coverage.".length) as keyof Coverage];
    const pass = (f.min === undefined || value >= f.min) && (f.max === undefined || value <= f.max);
    if (!pass)
      failures.push(`${f.path} = ${value}, floor ${f.min !== undefined ? `>= ${f.min}` : `<= ${f.max}`}`);
    return { ...f, value, pass };
  });
  const checks = Object.fromEntries(CHECK_NAMES.map((c) => [c, !failed.has(c)])) as Record<
    CheckName,
    boolean
  >;
  return {
    schema_version: SENSITIVITY_SCHEMA_VERSION,
    status: failures.length === 0 ? "PASS" : "FAIL",
    checks,
    coverage,
    floors,
    failures,
    scenarios: outcomes,
  };
}

const REPORT_FLOAT_KEYS = new Set([
  ...SUMMARY_FLOAT_KEYS,
  "min_invalid_rate",
  "max_invalid_rate",
  "invalid_fraction",
]);

/** The report as indented JSON (rates written as floats, as the reference's gate files). */
export function sensitivityJson(report: SensitivityReport): string {
  return `${pyJsonDumps(report, { indent: 2, floatKeys: REPORT_FLOAT_KEYS })}\n`;
}

/** Human-readable report: one row per check and per floor, then the status line. */
export function formatSensitivity(report: SensitivityReport): string {
  const rows: Record<string, unknown>[] = [
    ...Object.entries(report.checks).map(([k, v]) => ({
      check: `checks.${k}`,
      value: v,
      floor: "true",
      pass: v ? "yes" : "NO",
    })),
    ...report.floors.map((f) => ({
      check: f.path,
      value: f.value,
      floor: f.min !== undefined ? `>= ${f.min}` : `<= ${f.max}`,
      pass: f.pass ? "yes" : "NO",
    })),
  ];
  const tail = report.failures.map((f) => `  ${f}`).join("\n");
  return `${formatTable(rows)}status: ${report.status} (${report.scenarios.length} scenarios)\n${tail ? `${tail}\n` : ""}`;
}
