import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  minimumDetectableDifference
} from "./chunk-VPUOSIMC.js";
import {
  formatInterval
} from "./chunk-GL4FS2DM.js";
import {
  ClusterAccumulator,
  intervalsMeta,
  meanInterval,
  proportionInterval
} from "./chunk-Z2F3TC4X.js";
import {
  compareCodePoints
} from "./chunk-KRB3VAEL.js";

// src/gf01/report/intervals.ts
var GROUP_INTERVAL_METRICS = {
  certified_rate: "rate",
  goal_rate: "rate",
  ap_f1_mean: "mean",
  ts_f1_mean: "mean"
};
var GroupIntervals = class {
  /** instance → [count, valid, goal, ap_f1 sum, ts_f1 sum]: one entry per instance for all four. */
  byInstance = /* @__PURE__ */ new Map();
  /** Rows without an instance id: each its own cluster. */
  loose = [];
  add(instanceId, valid, goal, apF1, tsF1) {
    let t;
    if (instanceId === void 0 || instanceId === null) {
      t = new Float64Array(5);
      this.loose.push(t);
    } else {
      const k = String(instanceId);
      t = this.byInstance.get(k);
      if (!t) {
        t = new Float64Array(5);
        this.byInstance.set(k, t);
      }
    }
    t[0]++;
    if (valid) t[1]++;
    if (goal) t[2]++;
    t[3] += apF1;
    t[4] += tsF1;
  }
  accumulators() {
    const acc = {
      certified_rate: new ClusterAccumulator(),
      goal_rate: new ClusterAccumulator(),
      ap_f1_mean: new ClusterAccumulator(),
      ts_f1_mean: new ClusterAccumulator()
    };
    for (const t of [...this.byInstance.values(), ...this.loose]) {
      acc.certified_rate.addCluster(t[1], t[0]);
      acc.goal_rate.addCluster(t[2], t[0]);
      acc.ap_f1_mean.addCluster(t[3], t[0]);
      acc.ts_f1_mean.addCluster(t[4], t[0]);
    }
    return acc;
  }
  /**
   * `exact`: the group's own values (the F1 means are Python-exact fsum means); the interval
   * reports them as its value so the two never differ in the last bit.
   */
  finish(exact, opts = {}) {
    const metrics = {};
    const acc = this.accumulators();
    for (const [k, kind] of Object.entries(GROUP_INTERVAL_METRICS)) {
      const iv = kind === "rate" ? proportionInterval(acc[k], opts) : meanInterval(acc[k], opts);
      if (iv.value !== null && iv.ci_low !== null && iv.ci_high !== null) {
        const v = exact[k];
        metrics[k] = { ...iv, value: v, ci_low: Math.min(iv.ci_low, v), ci_high: Math.max(iv.ci_high, v) };
      } else metrics[k] = iv;
    }
    return { ...intervalsMeta(opts, "instance_id"), metrics };
  }
};
function mddLine(counts) {
  const ns = [...new Set(counts.filter((n) => n > 0))].sort((a, b) => a - b);
  if (!ns.length) return null;
  const show = ns.length > 3 ? [ns[0], ns[ns.length - 1]] : ns;
  const parts = show.map((n) => `n=${n}: ${minimumDetectableDifference({ n }).toFixed(2)}`);
  return `minimum detectable difference between two groups' rates (\u03B1=0.05 two-sided, power 0.8, p=0.5): ${parts.join(ns.length > 3 ? " \u2026 " : ", ")}`;
}

// src/gf01/report/stats.ts
var FsumAcc = class {
  partials = [];
  count = 0;
  add(v) {
    const partials = this.partials;
    let x = v;
    let i = 0;
    for (let y of partials) {
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    partials.push(x);
    this.count++;
  }
  value() {
    return sumPartials(this.partials);
  }
  /** `statistics.fmean` of the values added. */
  mean() {
    if (this.count === 0) throw new Error("fmean requires at least one data point");
    return this.value() / this.count;
  }
};
function sumPartials(partials) {
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n];
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n];
    hi = x + y;
    const yr = hi - x;
    lo = y - yr;
    if (lo !== 0) break;
  }
  if (n > 0 && (lo < 0 && partials[n - 1] < 0 || lo > 0 && partials[n - 1] > 0)) {
    const y = lo * 2;
    const x = hi + y;
    const yr = x - hi;
    if (y === yr) hi = x;
  }
  return hi;
}

// src/gf01/report/report.ts
function difficultySlice(row) {
  if (typeof row.difficulty_slice === "string" && row.difficulty_slice) return row.difficulty_slice;
  const mode = String(row.mode ?? "unknown");
  const c = row.complexity;
  if (!c || typeof c !== "object") return `${mode}/z-unknown`;
  const vals = Object.values(c).filter((v) => typeof v === "number");
  if (!vals.length) return `${mode}/z-unknown`;
  const acc = new FsumAcc();
  for (const v of vals) acc.add(v);
  const z = acc.mean();
  return `${mode}/z-${z < 1 / 3 ? "low" : z < 2 / 3 ? "mid" : "high"}`;
}
function budgetKey(v) {
  if (v === void 0) return 0;
  if (typeof v === "number" && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
  return -1;
}
var s = (v, d = "unknown") => v === void 0 ? d : String(v);
var GROUP_DIMENSIONS = [
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
  "adaptation_condition",
  "adaptation_budget_tokens",
  "adaptation_data_scope",
  "adaptation_protocol_id"
];
var num = (v) => {
  const x = typeof v === "number" ? v : typeof v === "string" ? Number(v) : 0;
  return Number.isFinite(x) ? x : 0;
};
var truthy = (v) => typeof v === "string" ? v.length > 0 : Boolean(v);
var ReportBuilder = class {
  /** `fold`: strata reported as "all" (the official report folds nothing). */
  constructor(fold = []) {
    this.fold = fold;
  }
  fold;
  groups = /* @__PURE__ */ new Map();
  schemaVersions = /* @__PURE__ */ new Set();
  total = 0;
  /** `player`: for human rows, who played (groups then report how many players they pool). */
  add(row, player) {
    this.total++;
    this.schemaVersions.add(s(row.schema_version));
    const key = {
      family_id: s(row.family_id),
      agent_name: s(row.agent_name),
      eval_track: s(row.eval_track),
      renderer_track: s(row.renderer_track),
      renderer_profile_id: s(row.renderer_profile_id),
      play_protocol: s(row.play_protocol),
      scored_commit_episode: row.scored_commit_episode === void 0 ? true : truthy(row.scored_commit_episode),
      split_id: s(row.split_id),
      mode: this.fold.includes("mode") ? "all" : s(row.mode),
      difficulty_slice: this.fold.includes("difficulty_slice") ? "all" : difficultySlice(row),
      adaptation_condition: s(row.adaptation_condition),
      adaptation_budget_tokens: budgetKey(row.adaptation_budget_tokens),
      adaptation_data_scope: s(row.adaptation_data_scope),
      adaptation_protocol_id: s(row.adaptation_protocol_id)
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
        effT: /* @__PURE__ */ new Map(),
        kappa: /* @__PURE__ */ new Map(),
        players: /* @__PURE__ */ new Set(),
        intervals: new GroupIntervals()
      };
      this.groups.set(k, a);
    }
    a.n++;
    if (player !== void 0) a.players.add(player);
    const valid = truthy(row.valid ?? false);
    const goal = truthy(row.goal ?? false);
    if (valid) a.valid++;
    if (goal) a.goal++;
    const apF1 = num(row.ap_f1 ?? 0);
    const tsF1 = num(row.ts_f1 ?? 0);
    a.ap.add(apF1);
    a.ts.add(tsF1);
    a.intervals.add(row.instance_id, valid, goal, apF1, tsF1);
    const cert = Array.isArray(row.certificate) ? row.certificate : [];
    const effT = row.eff_t !== void 0 ? num(row.eff_t) : new Set(cert.map((x) => Array.isArray(x) ? x[0] : x)).size;
    const effA = row.eff_a !== void 0 ? num(row.eff_a) : cert.length;
    a.effT.set(effT, (a.effT.get(effT) ?? 0) + 1);
    const kappa = JSON.stringify([valid ? 1 : 0, goal ? 1 : 0, -effT, -effA]);
    a.kappa.set(kappa, (a.kappa.get(kappa) ?? 0) + 1);
  }
  finish(opts = {}) {
    const groups = [...this.groups.values()].sort((x, y) => cmpKeys(x.key, y.key)).map((a) => ({
      ...a.key,
      count: a.n,
      certified_rate: a.valid / Math.max(1, a.n),
      goal_rate: a.goal / Math.max(1, a.n),
      ap_f1_mean: a.ap.mean(),
      ts_f1_mean: a.ts.mean(),
      median_eff_t: medianOfHistogram(a.effT),
      kappa_distribution: [...a.kappa.entries()].map(([k, count]) => ({ kappa: JSON.parse(k), count })).sort((p, q) => cmpNums(q.kappa, p.kappa)),
      ...a.players.size ? { players: a.players.size } : {},
      intervals: a.intervals.finish({
        certified_rate: a.valid / Math.max(1, a.n),
        goal_rate: a.goal / Math.max(1, a.n),
        ap_f1_mean: a.ap.mean(),
        ts_f1_mean: a.ts.mean()
      })
    }));
    const out = {
      groups,
      group_dimensions: [...GROUP_DIMENSIONS],
      schema_versions: [...this.schemaVersions].sort(compareCodePoints),
      strict_mode: !!opts.strict,
      total_rows: this.total
    };
    if (opts.coverage) out.manifest_coverage = opts.coverage;
    return out;
  }
};
function cmpNums(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
function cmpKeys(a, b) {
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
function medianOfHistogram(h) {
  let n = 0;
  for (const c of h.values()) n += c;
  if (!n) return null;
  const keys = [...h.keys()].sort((a, b) => a - b);
  const at = (i) => {
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
function cellWithInterval(g, k) {
  const iv = g.intervals?.metrics?.[k];
  return iv ? formatInterval(iv) : g[k].toFixed(3);
}
function formatReportTable(report) {
  const groups = report.groups ?? [];
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
    "top kappa"
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
    g.median_eff_t === null ? "-" : String(g.median_eff_t),
    g.kappa_distribution.length ? `(${g.kappa_distribution[0].kappa.join(",")})x${g.kappa_distribution[0].count}` : "-"
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r) => r.map((c, i) => i >= 7 ? c.padStart(widths[i]) : c.padEnd(widths[i])).join("  ").trimEnd();
  const lines = [fmt(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt)];
  lines.push(`${String(report.total_rows)} rows, ${groups.length} groups (tracks and agents never pooled)`);
  lines.push("rates: value [95% interval] (Wilson / bootstrap, clustered by instance; docs/statistics.md)");
  const mdd = mddLine(groups.map((g) => g.count));
  if (mdd) lines.push(mdd);
  return `${lines.join("\n")}
`;
}
var ATTEMPT_POLICIES = ["first", "best", "all"];
var HUMAN_AGENT = /^(human-(?:web|terminal))(?::(.+))?$/;
function humanPlayer(row) {
  const name = String(row.agent_name ?? "");
  const m = HUMAN_AGENT.exec(name);
  if (typeof row.player_id === "string")
    return { agent: m && m[2] === row.player_id ? m[1] : name, player: row.player_id };
  if (m) return { agent: m[1], player: m[2] ?? "anonymous" };
  return void 0;
}
var kappaOf = (r) => [
  truthy(r.valid ?? false) ? 1 : 0,
  truthy(r.goal ?? false) ? 1 : 0,
  -num(r.eff_t ?? 0),
  -num(r.eff_a ?? 0)
];
var AttemptCollector = class {
  constructor(policy = "first", fold = []) {
    this.policy = policy;
    this.fold = fold;
  }
  policy;
  fold;
  cells = /* @__PURE__ */ new Map();
  rows = 0;
  /** Takes the row if it is a human row (returns false for model rows). */
  add(row) {
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
      who.player
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
  get humanRows() {
    return this.rows;
  }
  finish(pooled) {
    if (!this.rows) return void 0;
    const perPlayer = /* @__PURE__ */ new Map();
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
    const player_groups = [];
    for (const p of [...perPlayer.keys()].sort(compareCodePoints))
      for (const g of perPlayer.get(p).finish().groups)
        player_groups.push({ player_id: p, ...g });
    return {
      policy: this.policy,
      human_rows: this.rows,
      counted_rows: counted,
      players: perPlayer.size,
      instances_with_repeats: repeated,
      player_groups
    };
  }
};

export {
  difficultySlice,
  GROUP_DIMENSIONS,
  ReportBuilder,
  formatReportTable,
  ATTEMPT_POLICIES,
  humanPlayer,
  AttemptCollector
};
