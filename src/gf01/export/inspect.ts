/**
 * GF-01 run files → inspect_ai logs (src/core/interop/inspect): one log per condition — agent
 * and eval track, with everything else the report never pools (renderer, protocol, split,
 * adaptation, scoring rule); inspect pools the samples of a log, DEC-001 forbids pooling tracks.
 * A sample is a scored episode (a run_record row); repeated attempts at one instance are its
 * epochs. Messages are the exact prompts (prompt store) and replies (step log transcript) the
 * run kept, nothing invented; offline agents have none. Results are our report's numbers for
 * the log's rows (the same aggregator as `gf01 report`, strata folded) with their intervals.
 */
import { basename } from "node:path";
import type { ChatMessage } from "../../core/engine/types.js";
import { InputError } from "../../core/errors.js";
import type { InspectMessage, InspectRun, InspectSample } from "../../core/interop/inspect/log.js";
import { EPISODE_METRICS } from "../artifacts/meta.js";
import type { RunRecord } from "../artifacts/run-record.js";
import { GROUP_DIMENSIONS, ReportBuilder, type ReportGroup } from "../report/report.js";
import { readRunFile, type StepLog } from "../view/dataset.js";

export interface Gf01InspectOptions {
  /** run_record JSONL files (`gf01 evaluate --out`, `play-llm --results`, a server's runs.jsonl). */
  runs: string[];
  /** Step logs; default `<runs>.steps.jsonl` (or `steps.jsonl` beside a `runs.jsonl`). */
  steps?: (string | undefined)[];
  /** Prompt stores; default `<runs>.prompts.jsonl`. */
  prompts?: (string | undefined)[];
  /** UTC ISO time the logs say they were created (default: inspect/log DEFAULT_CREATED). */
  created?: string;
  /** oraclebench's version (recorded in `eval.packages`). */
  version: string;
}

/** Report dimensions a log does not split by: the family (one) and the mode and stratum. */
const POOLED_IN_A_LOG: ReadonlySet<string> = new Set(["family_id", "mode", "difficulty_slice"]);
/** Row fields that make a log: never pooled (the report's dimensions but mode and stratum, plus the scoring rule). */
export const GF01_LOG_DIMENSIONS = [
  ...GROUP_DIMENSIONS.filter((d) => !POOLED_IN_A_LOG.has(d)),
  "atom_budget",
  "best_match_pool",
] as const;

/** The per-episode metrics a score carries (its value: the four the report aggregates). */
const SCORE_FIELDS = [...EPISODE_METRICS, "exceeds_budget_atoms", "kappa", "score_c"] as const;

interface Loaded {
  row: RunRecord;
  steps: StepLog | null;
  prompts: Map<string, ChatMessage[]> | null;
  source: string;
}

/** Resolved as the report reads a row: official rows were scored with these rules. */
const withDefaults = (r: RunRecord): Record<string, unknown> => ({
  ...r,
  atom_budget: r.atom_budget ?? "diagnostic",
  best_match_pool: r.best_match_pool ?? "official",
});

async function load(o: Gf01InspectOptions): Promise<Loaded[]> {
  const out: Loaded[] = [];
  for (let f = 0; f < o.runs.length; f++) {
    const file = o.runs[f];
    // Each row with its step log as the viewer pairs them (the session, else file order).
    const r = await readRunFile(file, { steps: o.steps?.[f], prompts: o.prompts?.[f] }, true);
    for (const { line, row, steps } of r.rows)
      out.push({ row, steps, prompts: r.prompts, source: `${basename(file)}:${line}` });
  }
  return out;
}

const sameMessages = (a: readonly InspectMessage[], b: readonly ChatMessage[], at: number) =>
  b.every((m, i) => a[at + i] !== undefined && a[at + i].role === m.role && a[at + i].content === m.content);

/**
 * The conversation as kept: each call's messages, then its reply. A call that continues the
 * previous one (a tool result, a malformed-reply nudge) repeats its history; only the new tail
 * is appended, so the list reads as one conversation per timestep.
 */
function conversation(l: Loaded): {
  messages: InspectMessage[];
  firstPrompt: ChatMessage[] | null;
  notes: string[];
} {
  const messages: InspectMessage[] = [];
  const notes: string[] = [];
  let firstPrompt: ChatMessage[] | null = null;
  let turnStart = 0;
  const transcript = l.steps?.agent_log?.transcript ?? [];
  let missing = 0;
  for (const c of transcript) {
    const sent = c.prompt_sha256 ? l.prompts?.get(c.prompt_sha256) : undefined;
    if (sent) {
      firstPrompt ??= sent;
      // Continues the current turn when the turn's messages are a prefix of this call's.
      const turn = messages.slice(turnStart);
      if (turn.length && turn.length < sent.length && sameMessages(turn, sent.slice(0, turn.length), 0))
        for (const m of sent.slice(turn.length)) messages.push({ role: m.role, content: m.content });
      else {
        turnStart = messages.length;
        for (const m of sent) messages.push({ role: m.role, content: m.content });
      }
    } else missing++;
    messages.push({ role: "assistant", content: c.reply ?? "" });
  }
  if (!l.steps)
    notes.push(
      "no step log for this episode: no conversation recorded (offline agents submit without playing)",
    );
  else if (!transcript.length) notes.push("the step log records no model calls (not a model agent)");
  if (missing)
    notes.push(
      `${missing} call(s) without their prompt in the prompt store: only their replies are in messages`,
    );
  return { messages, firstPrompt, notes };
}

const fmtCert = (c: RunRecord["certificate"]) => JSON.stringify(c);

function sampleOf(l: Loaded, epoch: number): InspectSample {
  const r = l.row;
  const conv = conversation(l);
  const goal = `effect at t*=${r.t_star}${r.mode === "hard" ? "" : ` or up to ${r.window_size} steps before`} (mode ${r.mode}), within ${r.budget_timestep} timesteps${r.budget_atoms === undefined ? "" : ` and ${r.budget_atoms} atoms`}`;
  const row = withDefaults(r);
  const scoreMeta: Record<string, unknown> = {};
  for (const k of SCORE_FIELDS) if (row[k] !== undefined) scoreMeta[k] = row[k];
  const verdict = r.valid ? "certified" : r.goal ? "goal_met" : "missed";
  return {
    id: r.instance_id,
    epoch,
    input: conv.firstPrompt
      ? conv.firstPrompt.map((m) => ({ role: m.role, content: m.content }))
      : `GF-01 instance ${r.instance_id}: ${goal}`,
    target: `a valid certificate: ${goal}; sufficient and minimal`,
    messages: conv.messages,
    completion: fmtCert(r.certificate),
    scores: {
      gf01: {
        value: { certified: r.valid ? 1 : 0, goal: r.goal ? 1 : 0, ap_f1: r.ap_f1, ts_f1: r.ts_f1 },
        answer: fmtCert(r.certificate),
        explanation: verdict,
        metadata: scoreMeta,
      },
    },
    metadata: {
      ...row,
      source: l.source,
      ...(conv.notes.length ? { oraclebench_notes: conv.notes } : {}),
    },
  };
}

/** Our report's group for these rows (strata folded: one group, or the input is inconsistent). */
function reportGroup(rows: RunRecord[]): ReportGroup {
  const b = new ReportBuilder(["difficulty_slice", "mode"]);
  for (const r of rows) b.add(r as unknown as Record<string, unknown>);
  const groups = b.finish().groups as ReportGroup[];
  if (groups.length !== 1) throw new Error(`internal: ${groups.length} report groups in one inspect log`);
  return groups[0];
}

/** GF-01 run files → one `InspectRun` per condition, in order of first appearance. */
export async function gf01InspectRuns(o: Gf01InspectOptions): Promise<InspectRun[]> {
  if (!o.runs.length) throw new InputError("give at least one run file", { field: "--runs" });
  const loaded = await load(o);
  const groups = new Map<string, Loaded[]>();
  for (const l of loaded) {
    const row = withDefaults(l.row);
    const k = JSON.stringify(GF01_LOG_DIMENSIONS.map((d) => row[d] ?? null));
    const g = groups.get(k);
    if (g) g.push(l);
    else groups.set(k, [l]);
  }
  const runs: InspectRun[] = [];
  for (const ls of groups.values()) {
    const first = withDefaults(ls[0].row);
    const cond: Record<string, unknown> = {};
    for (const d of GF01_LOG_DIMENSIONS) cond[d] = first[d] ?? null;
    const epochs = new Map<string, number>();
    const samples = ls.map((l) => {
      const e = (epochs.get(l.row.instance_id) ?? 0) + 1;
      epochs.set(l.row.instance_id, e);
      return sampleOf(l, e);
    });
    const g = reportGroup(ls.map((l) => l.row));
    const agentLog = ls.find((l) => l.steps?.agent_log)?.steps?.agent_log as
      | Record<string, unknown>
      | undefined;
    runs.push({
      task: "gf01",
      taskArgs: {
        eval_track: cond.eval_track,
        play_protocol: cond.play_protocol,
        renderer_track: cond.renderer_track,
        split_id: cond.split_id,
      },
      model: String(cond.agent_name),
      slug: `${cond.agent_name}-${cond.eval_track}-${cond.play_protocol}`,
      created: o.created,
      dataset: {
        name: `gf01 ${cond.split_id}`,
        location: [...new Set(o.runs.map((f) => basename(f)))].join(","),
      },
      solver: {
        name: "oraclebench/gf01_agent",
        params: {
          agent_name: cond.agent_name,
          play_protocol: cond.play_protocol,
          ...(agentLog?.model !== undefined ? { model: agentLog.model } : {}),
          ...(agentLog?.prompt_templates !== undefined
            ? { prompt_templates: agentLog.prompt_templates }
            : {}),
        },
      },
      samples,
      results: [
        {
          name: "gf01",
          scorer: "gf01",
          metrics: {
            certified_rate: g.certified_rate,
            goal_rate: g.goal_rate,
            ap_f1_mean: g.ap_f1_mean,
            ts_f1_mean: g.ts_f1_mean,
            ...(g.median_eff_t === null ? {} : { median_eff_t: g.median_eff_t }),
          },
          metadata: { count: g.count, intervals: g.intervals, kappa_distribution: g.kappa_distribution },
        },
      ],
      metadata: { family_id: "GF-01", ...cond },
      packages: { oraclebench: o.version },
    });
  }
  return runs;
}
