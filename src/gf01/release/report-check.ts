/**
 * `release-report-check` (DEC-068/056), pure logic: after strict validation of the run rows
 * against the manifest, every `(split_id, mode)` slice of the manifest must be covered by every
 * baseline-panel agent and by every track those agents play, in the official output shape
 * (`gf01.baseline_panel_policy.v1`). Rows of agents outside the panel are ignored (as upstream).
 */
import { pyStr, pyStrip } from "../../core/pyjson.js";
import { BASELINE_PANEL_CORE, BASELINE_PANEL_FULL } from "../agents/registry.js";
import { verdictHead } from "../report/verdict.js";

export const BASELINE_PANEL_POLICY_VERSION = "gf01.baseline_panel_policy.v1";
export const BASELINE_POLICY_LEVELS = ["full", "core"] as const;
export type BaselinePolicyLevel = (typeof BASELINE_POLICY_LEVELS)[number];

const ALIASES: Readonly<Record<string, string>> = {
  random: "random",
  "bl-00": "random",
  "bl-00-randomintervention": "random",
  greedy: "greedy",
  "bl-01": "greedy",
  "bl-01-greedylocal": "greedy",
  search: "search",
  "bl-02": "search",
  "bl-02-budgetawaresearch": "search",
  tool: "tool",
  "bl-03": "tool",
  "bl-03-toolplanner": "tool",
  oracle: "oracle",
  "bl-04": "oracle",
  "bl-04-exactoracle": "oracle",
};

/** Official `canonical_baseline_agent_id`: the panel id of a row's agent_name, or undefined. */
export function canonicalBaselineAgentId(name: string): string | undefined {
  return ALIASES[name.trim().toLowerCase()];
}

/** Official `track_for_agent_id`: tool → EVAL-TA, oracle → EVAL-OC, others → EVAL-CB. */
export function trackForAgentId(id: string): string {
  if (id === "tool" || id === "bl-03" || id === "bl-03-toolplanner") return "EVAL-TA";
  if (id === "oracle" || id === "bl-04" || id === "bl-04-exactoracle") return "EVAL-OC";
  return "EVAL-CB";
}

export function requiredPanel(level: BaselinePolicyLevel): string[] {
  return [...(level === "full" ? BASELINE_PANEL_FULL : BASELINE_PANEL_CORE)];
}

/** Python `str(row.get(key, "")).strip()` (None reads "None", as upstream). */
const s = (v: unknown): string => (v === undefined ? "" : pyStrip(pyStr(v)));

/** Accumulates panel coverage row by row (rows must already be validated). */
export class PanelCoverage {
  private readonly required: string[];
  private readonly tracks: string[];
  private readonly agentSlices = new Map<string, Set<string>>();
  private readonly trackSlices = new Map<string, Set<string>>();
  private readonly seen = new Set<string>();

  constructor(readonly level: BaselinePolicyLevel) {
    this.required = requiredPanel(level);
    this.tracks = [...new Set(this.required.map(trackForAgentId))].sort();
  }

  add(row: Record<string, unknown>): void {
    const split = s(row.split_id);
    const mode = s(row.mode);
    const id = s(row.instance_id);
    if (!split || !mode || !id) return;
    const agent = canonicalBaselineAgentId(s(row.agent_name));
    if (!agent || !this.required.includes(agent)) return;
    this.seen.add(agent);
    const put = (m: Map<string, Set<string>>, k: string) => {
      const set = m.get(k) ?? new Set<string>();
      m.set(k, set);
      set.add(id);
    };
    put(this.agentSlices, JSON.stringify([agent, split, mode]));
    const track = s(row.eval_track);
    if (this.tracks.includes(track)) put(this.trackSlices, JSON.stringify([track, split, mode]));
  }

  /** The verdict against a (validated) manifest, official field names. */
  finish(
    manifest: Record<string, unknown>,
    coverage: unknown,
  ): { ok: boolean; payload: Record<string, unknown> } {
    const expected = new Map<string, Set<string>>();
    for (const e of (Array.isArray(manifest.instances) ? manifest.instances : []) as Record<
      string,
      unknown
    >[]) {
      if (!e || typeof e !== "object") continue;
      const split = s(e.split_id);
      const mode = s(e.mode);
      const id = s(e.instance_id);
      if (!split || !mode || !id) continue;
      const k = JSON.stringify([split, mode]);
      const set = expected.get(k) ?? new Set<string>();
      expected.set(k, set);
      set.add(id);
    }
    const missingAgents = this.required.filter((a) => !this.seen.has(a)).sort();
    const agentGaps: Record<string, unknown>[] = [];
    const trackGaps: Record<string, unknown>[] = [];
    const slices = [...expected.keys()]
      .map((k) => JSON.parse(k) as [string, string])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    for (const [split, mode] of slices) {
      const n = expected.get(JSON.stringify([split, mode]))?.size ?? 0;
      for (const agent of this.required) {
        const c = this.agentSlices.get(JSON.stringify([agent, split, mode]))?.size ?? 0;
        if (c < n)
          agentGaps.push({ agent_id: agent, split_id: split, mode, expected_count: n, covered_count: c });
      }
      for (const track of this.tracks) {
        const c = this.trackSlices.get(JSON.stringify([track, split, mode]))?.size ?? 0;
        if (c < n)
          trackGaps.push({ eval_track: track, split_id: split, mode, expected_count: n, covered_count: c });
      }
    }
    const ok = !missingAgents.length && !agentGaps.length && !trackGaps.length;
    return {
      ok,
      payload: {
        ...verdictHead(ok, "release_report_policy_violation"),
        baseline_policy_version: BASELINE_PANEL_POLICY_VERSION,
        baseline_policy_level: this.level,
        required_agents: this.required,
        required_eval_tracks: this.tracks,
        missing_required_agents: missingAgents,
        missing_agent_slice_requirements_preview: agentGaps.slice(0, 50),
        missing_track_slice_requirements_preview: trackGaps.slice(0, 50),
        manifest_coverage: coverage ?? {},
        passed: ok,
      },
    };
  }
}
