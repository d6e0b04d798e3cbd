/**
 * `report`: per-stratum summaries of validated run rows. Strata are every spec §7.4
 * dimension (family_id, eval_track, renderer_track, play_protocol, scored_commit_episode,
 * difficulty_slice, split) plus agent_name and the official report's extra keys (renderer
 * profile, mode, adaptation condition) — tracks and agents are never pooled. Each group keeps
 * the official fields (count, certified_rate, goal_rate, ap_f1_mean, ts_f1_mean, with
 * Python's fmean) and adds κ distribution and median Eff_t. Aggregation is streaming.
 */
import { compareCodePoints } from "../../core/pyjson.js";
import type { ManifestCoverage } from "../artifacts/manifest.js";
import { ADAPTATION_FIELDS } from "../artifacts/meta.js";
import { formatInterval, type IntervalsBlock } from "../../core/stats/index.js";
import { GroupIntervals, mddLine } from "./intervals.js";
import { FsumAcc } from "./stats.js";

/**
 * difficulty_slice (§7.4) is not a field of official rows. When a row carries one we use it;
 * otherwise it is `<mode>/z-<low|mid|high>` from the mean of the instance's normalised
 * complexity factors z(I) (equal-weight composite, §4.3), cut at 1/3 and 2/3.
 */
export function difficultySlice(row: Record<string, unknown>): string {
  if (typeof row.difficulty_slice === "string" && row.difficulty_slice) return row.difficulty_slice;
  const mode = String(row.mode ?? "unknown");
  const c = row.complexity;
  if (!c || typeof c !== "object") return `${mode}/z-unknown`;
  const vals = Object.values(c as Record<string, unknown>).filter((v): v is number => typeof v === "number");
  if (!vals.length) return `${mode}/z-unknown`;
  const acc = new FsumAcc();
  for (const v of vals) acc.add(v);
  const z = acc.mean();
  return `${mode}/z-${z < 1 / 3 ? "low" : z < 2 / 3 ? "mid" : "high"}`;
}

/** Python `int(x)` as the official report uses for adaptation_budget_tokens (-1 when not an int). */
function budgetKey(v: unknown): number {
  if (v === undefined) return 0;
  if (typeof v === "number" && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
  return -1;
}

const s = (v: unknown, d = "unknown"): string => (v === undefined ? d : String(v));

/** Group key fields, in output order. */
export const GROUP_DIMENSIONS = [
  "family_id",
  "agent_name",
  "eval_track",
  "renderer_track",
  "renderer_profile_id",
  "play_protocol",
  "scored_commit_episode",
  "split_id",
  "mode",
  "difficulty_slice",
  ...ADAPTATION_FIELDS,
] as const;

interface Acc {
  key: Record<string, unknown>;
  n: number;
  valid: number;
  goal: number;
  ap: FsumAcc;
  ts: FsumAcc;
  effT: Map<number, number>;
  kappa: Map<string, number>;
  players: Set<string>;
  intervals: GroupIntervals;
  /** Model rows' `agent_replies` / `unparseable_replies` sums (null: no row carries them). */
  replies: { replies: number; unparseable: number } | null;
}

export interface ReportGroup {
  [k: string]: unknown;
  count: number;
  certified_rate: number;
  goal_rate: number;
  ap_f1_mean: number;
  ts_f1_mean: number;
  median_eff_t: number | null;
  kappa_distribution: { kappa: number[]; count: number }[];
  /** Intervals on the four rates (core.intervals.v1; docs/statistics.md). */
  intervals: IntervalsBlock;
}

const num = (v: unknown): number => {
  const x = typeof v === "number" ? v : typeof v === "string" ? Number(v) : 0;
  return Number.isFinite(x) ? x : 0;
};
const truthy = (v: unknown): boolean => (typeof v === "string" ? v.length > 0 : Boolean(v));

/**
 * Dimensions a summary view may fold together. Tracks, agents, renderers, protocols and splits
 * can never be folded (DEC-001/046); difficulty strata can, for an at-a-glance per-agent view.
 */
export type FoldableDimension = "difficulty_slice" | "mode";

/** Streaming aggregator: `add(row)` per row, `finish()` once. */
export class ReportBuilder {
  private readonly groups = new Map<string, Acc>();
  /** `fold`: strata reported as "all" (the official report folds nothing). */
  constructor(private readonly fold: readonly FoldableDimension[] = []) {}
  private readonly schemaVersions = new Set<string>();
  private total = 0;

  /** `player`: for human rows, who played (groups then report how many players they pool). */
  add(row: Record<string, unknown>, player?: string): void {
    this.total++;
    this.schemaVersions.add(s(row.schema_version));
    const key: Record<string, unknown> = {
      family_id: s(row.family_id),
      agent_name: s(row.agent_name),
      eval_track: s(row.eval_track),
      renderer_track: s(row.renderer_track),
      renderer_profile_id: s(row.renderer_profile_id),
      play_protocol: s(row.play_protocol),
      scored_commit_episode:
        row.scored_commit_episode === undefined ? true : truthy(row.scored_commit_episode),
      split_id: s(row.split_id),
      mode: this.fold.includes("mode") ? "all" : s(row.mode),
      difficulty_slice: this.fold.includes("difficulty_slice") ? "all" : difficultySlice(row),
      adaptation_condition: s(row.adaptation_condition),
      adaptation_budget_tokens: budgetKey(row.adaptation_budget_tokens),
      adaptation_data_scope: s(row.adaptation_data_scope),
      adaptation_protocol_id: s(row.adaptation_protocol_id),
    };
    const k = JSON.stringify(GROUP_DIMENSIONS.map((d) => key[d]));
    let a = this.groups.get(k);
    if (!a) {
      a = {
        key,
        n: 0,
        valid: 0,
        goal: 0,
        ap: new FsumAcc(),
        ts: new FsumAcc(),
        effT: new Map(),
        kappa: new Map(),
        players: new Set(),
        intervals: new GroupIntervals(),
        replies: null,
      };
      this.groups.set(k, a);
    }
    a.n++;
    if (player !== undefined) a.players.add(player);
    // Unusable model replies are counted where rows carry them (play-llm), never scored.
    if (typeof row.agent_replies === "number" && typeof row.unparseable_replies === "number") {
      a.replies ??= { replies: 0, unparseable: 0 };
      a.replies.replies += row.agent_replies;
      a.replies.unparseable += row.unparseable_replies;
    }
    const valid = truthy(row.valid ?? false);
    const goal = truthy(row.goal ?? false);
    if (valid) a.valid++;
    if (goal) a.goal++;
    const apF1 = num(row.ap_f1 ?? 0);
    const tsF1 = num(row.ts_f1 ?? 0);
    a.ap.add(apF1);
    a.ts.add(tsF1);
    const cert = Array.isArray(row.certificate) ? (row.certificate as unknown[]) : [];
    const effT =
      row.eff_t !== undefined ? num(row.eff_t) : new Set(cert.map((x) => (Array.isArray(x) ? x[0] : x))).size;
    a.intervals.add(row.instance_id, valid, goal, apF1, tsF1, effT);
    const effA = row.eff_a !== undefined ? num(row.eff_a) : cert.length;
    a.effT.set(effT, (a.effT.get(effT) ?? 0) + 1);
    // κ = (M, G, −Eff_t, −Eff_a) (spec §7.2 MET-M).
    const kappa = JSON.stringify([valid ? 1 : 0, goal ? 1 : 0, -effT, -effA]);
    a.kappa.set(kappa, (a.kappa.get(kappa) ?? 0) + 1);
  }

  finish(opts: { strict?: boolean; coverage?: ManifestCoverage } = {}): Record<string, unknown> {
    const groups: ReportGroup[] = [...this.groups.values()]
      .sort((x, y) => cmpKeys(x.key, y.key))
      .map((a) => ({
        ...a.key,
        count: a.n,
        certified_rate: a.valid / Math.max(1, a.n),
        goal_rate: a.goal / Math.max(1, a.n),
        ap_f1_mean: a.ap.mean(),
        ts_f1_mean: a.ts.mean(),
        median_eff_t: medianOfHistogram(a.effT),
        kappa_distribution: [...a.kappa.entries()]
          .map(([k, count]) => ({ kappa: JSON.parse(k) as number[], count }))
          .sort((p, q) => cmpNums(q.kappa, p.kappa)),
        ...(a.players.size ? { players: a.players.size } : {}),
        ...(a.replies
          ? { agent_replies: a.replies.replies, unparseable_replies: a.replies.unparseable }
          : {}),
        intervals: a.intervals.finish({
          certified_rate: a.valid / Math.max(1, a.n),
          goal_rate: a.goal / Math.max(1, a.n),
          ap_f1_mean: a.ap.mean(),
          ts_f1_mean: a.ts.mean(),
          median_eff_t: medianOfHistogram(a.effT),
        }),
      }));
    const out: Record<string, unknown> = {
      groups,
      group_dimensions: [...GROUP_DIMENSIONS],
      schema_versions: [...this.schemaVersions].sort(compareCodePoints),
      strict_mode: !!opts.strict,
      total_rows: this.total,
    };
    if (opts.coverage) out.manifest_coverage = opts.coverage;
    return out;
  }
}

function cmpNums(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

function cmpKeys(a: Record<string, unknown>, b: Record<string, unknown>): number {
  for (const d of GROUP_DIMENSIONS) {
    const x = a[d];
    const y = b[d];
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    if (typeof x === "boolean" && typeof y === "boolean") return x ? 1 : -1;
    return compareCodePoints(String(x), String(y));
  }
  return 0;
}

/** `statistics.median` over a value→count histogram. */
function medianOfHistogram(h: Map<number, number>): number | null {
  let n = 0;
  for (const c of h.values()) n += c;
  if (!n) return null;
  const keys = [...h.keys()].sort((a, b) => a - b);
  const at = (i: number): number => {
    let seen = 0;
    for (const k of keys) {
      seen += h.get(k) ?? 0;
      if (i < seen) return k;
    }
    return keys[keys.length - 1];
  };
  const mid = n >> 1;
  return n % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

/** `0.487 [0.33, 0.64]`, or the bare value when a group predates intervals. */
function cellWithInterval(
  g: ReportGroup,
  k: "certified_rate" | "goal_rate" | "ap_f1_mean" | "ts_f1_mean",
): string {
  const iv = g.intervals?.metrics?.[k];
  return iv ? formatInterval(iv) : g[k].toFixed(3);
}

/** Plain-text table of a report (one line per group). */
export function formatReportTable(report: Record<string, unknown>): string {
  const groups = (report.groups as ReportGroup[]) ?? [];
  const head = [
    "agent",
    "track",
    "renderer",
    "protocol",
    "scored",
    "split",
    "slice",
    "n",
    "cert",
    "goal",
    "AP-F1",
    "TS-F1",
    "med Eff_t",
    "top kappa",
  ];
  const rows = groups.map((g) => [
    String(g.agent_name),
    String(g.eval_track),
    String(g.renderer_track),
    String(g.play_protocol),
    g.scored_commit_episode ? "yes" : "no",
    String(g.split_id),
    String(g.difficulty_slice),
    String(g.count),
    cellWithInterval(g, "certified_rate"),
    cellWithInterval(g, "goal_rate"),
    cellWithInterval(g, "ap_f1_mean"),
    cellWithInterval(g, "ts_f1_mean"),
    g.median_eff_t === null
      ? "-"
      : g.intervals?.metrics?.median_eff_t
        ? formatInterval(g.intervals.metrics.median_eff_t, 1)
        : String(g.median_eff_t),
    g.kappa_distribution.length
      ? `(${g.kappa_distribution[0].kappa.join(",")})x${g.kappa_distribution[0].count}`
      : "-",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i >= 7 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  const lines = [fmt(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt)];
  lines.push(`${String(report.total_rows)} rows, ${groups.length} groups (tracks and agents never pooled)`);
  lines.push(
    "rates and med Eff_t: value [95% interval] (Wilson / bootstrap, clustered by instance; docs/statistics.md)",
  );
  const mdd = mddLine(groups.map((g) => g.count));
  if (mdd) lines.push(mdd);
  // Failures are counted and shown, never scored: unusable model replies and errored episodes.
  for (const g of groups)
    if (typeof g.unparseable_replies === "number" && g.unparseable_replies > 0)
      lines.push(
        `${String(g.agent_name)} (${String(g.eval_track)}, ${String(g.difficulty_slice)}): ${g.unparseable_replies} of ${String(g.agent_replies)} model replies unusable (scored as the moves that were played)`,
      );
  const errs = report.episode_errors as EpisodeErrors | undefined;
  if (errs && errs.count > 0) lines.push(episodeErrorsLine(errs));
  return `${lines.join("\n")}\n`;
}

/** Episodes that failed (agent crash, exit, timeout, protocol, endpoint): never rows, never scored. */
export interface EpisodeErrors {
  count: number;
  by_kind: Record<string, number>;
  errors_jsonl: string;
}

export function episodeErrorsLine(e: EpisodeErrors): string {
  const kinds = Object.entries(e.by_kind)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  return `${e.count} episode(s) failed and are not scored (${kinds}): see ${e.errors_jsonl}`;
}

// ---------------------------------------------------------------------------------------
// Human attempts

/** Which of a player's attempts at an instance a report counts. */
export type AttemptPolicy = "first" | "best" | "all";
export const ATTEMPT_POLICIES: readonly AttemptPolicy[] = ["first", "best", "all"];

const HUMAN_AGENT = /^(human-(?:web|terminal))(?::(.+))?$/;

/**
 * Who played a human row and under which condition: `player_id` when present; rows written
 * before player ids existed carry the player in the agent name (`human-web:p017`), which is
 * split back into the condition (`human-web`) and the player. `undefined` for model rows.
 */
export function humanPlayer(row: Record<string, unknown>): { agent: string; player: string } | undefined {
  const name = String(row.agent_name ?? "");
  const m = HUMAN_AGENT.exec(name);
  if (typeof row.player_id === "string")
    return { agent: m && m[2] === row.player_id ? m[1] : name, player: row.player_id };
  if (m) return { agent: m[1], player: m[2] ?? "anonymous" };
  return undefined;
}

const kappaOf = (r: Record<string, unknown>): number[] => [
  truthy(r.valid ?? false) ? 1 : 0,
  truthy(r.goal ?? false) ? 1 : 0,
  -num(r.eff_t ?? 0),
  -num(r.eff_a ?? 0),
];

/**
 * Human rows by (condition, player, instance), in file order (= attempt order). `finish`
 * feeds the counted attempt(s) into the pooled builder (groups then carry `players`) and
 * returns the same summary per player. Model rows never come here: they keep the strict
 * one-run-per-condition rule.
 */
export class AttemptCollector {
  private readonly cells = new Map<string, { player: string; rows: Record<string, unknown>[] }>();
  private rows = 0;
  constructor(
    readonly policy: AttemptPolicy = "first",
    private readonly fold: readonly FoldableDimension[] = [],
  ) {}

  /** Takes the row if it is a human row (returns false for model rows). */
  add(row: Record<string, unknown>): boolean {
    const who = humanPlayer(row);
    if (!who) return false;
    this.rows++;
    const r = { ...row, agent_name: who.agent };
    const cond = [
      who.agent,
      row.instance_id,
      row.eval_track,
      row.renderer_track,
      row.play_protocol,
      row.scored_commit_episode,
      row.adaptation_condition,
      row.adaptation_budget_tokens,
      row.adaptation_data_scope,
      row.adaptation_protocol_id,
      who.player,
    ];
    const k = JSON.stringify(cond.map((v) => v ?? null));
    let c = this.cells.get(k);
    if (!c) {
      c = { player: who.player, rows: [] };
      this.cells.set(k, c);
    }
    c.rows.push(r);
    return true;
  }

  get humanRows(): number {
    return this.rows;
  }

  finish(pooled: ReportBuilder): Record<string, unknown> | undefined {
    if (!this.rows) return undefined;
    const perPlayer = new Map<string, ReportBuilder>();
    let counted = 0;
    let repeated = 0;
    for (const c of this.cells.values()) {
      if (c.rows.length > 1) repeated++;
      let chosen = c.rows;
      if (this.policy === "first") chosen = [c.rows[0]];
      else if (this.policy === "best") {
        let best = c.rows[0];
        for (const r of c.rows.slice(1)) if (cmpNums(kappaOf(r), kappaOf(best)) > 0) best = r;
        chosen = [best];
      }
      let b = perPlayer.get(c.player);
      if (!b) {
        b = new ReportBuilder(this.fold);
        perPlayer.set(c.player, b);
      }
      for (const r of chosen) {
        pooled.add(r, c.player);
        b.add(r);
        counted++;
      }
    }
    const player_groups: Record<string, unknown>[] = [];
    for (const p of [...perPlayer.keys()].sort(compareCodePoints))
      for (const g of perPlayer.get(p)!.finish().groups as ReportGroup[])
        player_groups.push({ player_id: p, ...g });
    return {
      policy: this.policy,
      human_rows: this.rows,
      counted_rows: counted,
      players: perPlayer.size,
      instances_with_repeats: repeated,
      player_groups,
    };
  }
}
