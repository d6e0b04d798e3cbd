/**
 * GF-01 run files → viewer rows: one row per scored episode (a run_record line), with the
 * episode's replay from the step log beside it (`<runs>.steps.jsonl`), the exact model
 * messages from the prompt store (`<runs>.prompts.jsonl`) and, given the instance bundle,
 * the best-matching minimal certificate recomputed with the row's own pool and atom-budget
 * rule. What a file does not record is said in the page, never filled in.
 */
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import type { ChatMessage } from "../../core/engine/types.js";
import { InputError } from "../../core/errors.js";
import { parseWith } from "../../core/schema.js";
import { readPromptStore, readRows, uniqueLabels } from "../../core/view/io.js";
import type {
  ViewCell,
  ViewColumn,
  ViewDataset,
  ViewDetail,
  ViewRow,
  ViewSection,
} from "../../core/view/types.js";
import { type LoadedBundle, loadBundle } from "../artifacts/bundle.js";
import { type RunRecord, runRecordSchema } from "../artifacts/run-record.js";
import { type CompiledInstance, compileInstance, withAtomBudget } from "../model/compile.js";
import { bestMatch } from "../verify/metrics.js";

/** Node cap of the best-match search done for a detail (the page says when it is hit). */
export const VIEW_BEST_MATCH_MAX_NODES = 200_000;

const atom = z.tuple([z.number().int(), z.string(), z.number().int()]);
const stepSchema = z.looseObject({
  t: z.number().int(),
  set: z.record(z.string(), z.unknown()),
  rejected: z.array(z.looseObject({ move: z.unknown(), code: z.string(), message: z.string() })),
  forced_skip: z.string().optional(),
  y_t: z.record(z.string(), z.unknown()),
  effect_status_t: z.string(),
});
const rolloutSchema = z.looseObject({
  episode: z.number().int(),
  phase: z.string(),
  scored: z.boolean(),
  completed: z.boolean().optional(),
  effect_triggered: z.boolean().optional(),
  certificate: z.array(atom).optional(),
  steps: z.array(stepSchema),
});
const transcriptSchema = z.looseObject({
  episode: z.number().int().optional(),
  t: z.number().int().optional(),
  kind: z.string(),
  reply: z.string().nullable().optional(),
  prompt_sha256: z.string().optional(),
});
/** The `gf01.play_steps.v1` keys the viewer reads (the file may carry more). */
export const stepLogSchema = z.looseObject({
  schema_version: z.literal("gf01.play_steps.v1"),
  instance_id: z.string().min(1),
  agent_name: z.string(),
  eval_track: z.string(),
  play_protocol: z.string(),
  session_id: z.string().optional(),
  rollouts: z.array(rolloutSchema),
  agent_log: z
    .looseObject({
      transcript: z.array(transcriptSchema).optional(),
      tool_calls: z.array(z.looseObject({})).optional(),
    })
    .nullish(),
});
export type StepLog = z.output<typeof stepLogSchema>;

export interface Gf01ViewOptions {
  /** run_record JSONL files (`gf01 evaluate --out`, `play-llm --results`, a server's runs.jsonl). */
  runs: string[];
  /** The instance bundle: enables the goal panel and the best-matching minimal certificate. */
  instances?: string | LoadedBundle;
  /** Step logs; default `<runs>.steps.jsonl` (or `steps.jsonl` beside a `runs.jsonl`). */
  steps?: (string | undefined)[];
  /** Prompt stores; default `<runs>.prompts.jsonl`. */
  prompts?: (string | undefined)[];
}

interface Loaded {
  row: RunRecord;
  file: string;
  line: number;
  steps: StepLog | null;
  stepsFile: string | null;
  prompts: Map<string, ChatMessage[]> | null;
  promptsFile: string;
}

/** The step log or prompt store beside a run file, by name (the viewer's and the exporters' default). */
function siblingFile(runs: string, suffix: "steps" | "prompts"): string {
  const a = `${runs}.${suffix}.jsonl`;
  if (existsSync(a)) return a;
  // gf01 serve's data dir: runs.jsonl beside steps.jsonl.
  if (suffix === "steps" && basename(runs) === "runs.jsonl") {
    const b = runs.replace(/runs\.jsonl$/, "steps.jsonl");
    if (existsSync(b)) return b;
  }
  return a;
}

const condKey = (x: { instance_id: string; agent_name: string; eval_track: string; play_protocol: string }) =>
  JSON.stringify([x.instance_id, x.agent_name, x.eval_track, x.play_protocol]);

/** A step log file's episodes by condition (instance, agent, track, protocol), in file order. */
async function readStepLogs(stepsFile: string): Promise<Map<string, StepLog[]>> {
  const steps = new Map<string, StepLog[]>();
  for (const s of await readRows(stepsFile, (v) => parseWith(stepLogSchema, v))) {
    const k = condKey(s);
    const list = steps.get(k);
    if (list) list.push(s);
    else steps.set(k, [s]);
  }
  return steps;
}

/**
 * The step log of a run row, taken out of `steps` (readStepLogs). Attempts of one player: match
 * the session when both carry it; else in file order. (A row's session missing from the log gets
 * no replay rather than another attempt's.)
 */
function takeStepLog(steps: Map<string, StepLog[]>, row: RunRecord): StepLog | null {
  const list = steps.get(condKey(row));
  if (!list?.length) return null;
  const sid = (row as { session_id?: unknown }).session_id;
  const i = typeof sid === "string" ? list.findIndex((s) => s.session_id === sid) : 0;
  return i >= 0 ? list.splice(i, 1)[0] : null;
}

/** A run file's rows, each with its step log (or null), and the file's prompt store. */
export interface RunFileEpisodes {
  rows: { line: number; row: RunRecord; steps: StepLog | null }[];
  /** The step log looked for (given, or the sibling by name), and whether it was there. */
  stepsFile: string;
  haveSteps: boolean;
  promptsFile: string;
  prompts: Map<string, ChatMessage[]> | null;
}

/**
 * Read a run file (validated; errors name file, line and field) with its step log and prompt
 * store: the files given, else the siblings by name. A sibling that is not there means no log;
 * a given file that is not there is an error when `givenMustExist` (the exporters), no log for
 * the viewer (which notes it).
 */
export async function readRunFile(
  file: string,
  given: { steps?: string; prompts?: string },
  givenMustExist: boolean,
): Promise<RunFileEpisodes> {
  const rows = await readRows(file, (value, line) => ({ line, row: parseWith(runRecordSchema, value) }));
  const stepsFile = given.steps ?? siblingFile(file, "steps");
  const haveSteps = existsSync(stepsFile);
  if (!haveSteps && given.steps && givenMustExist)
    throw new InputError("no such step log", { file: stepsFile });
  const steps = haveSteps ? await readStepLogs(stepsFile) : new Map<string, StepLog[]>();
  const promptsFile = given.prompts ?? siblingFile(file, "prompts");
  if (given.prompts && givenMustExist && !existsSync(promptsFile))
    throw new InputError("no such prompt store", { file: promptsFile });
  const prompts = existsSync(promptsFile) ? await readPromptStore(promptsFile) : null;
  return {
    rows: rows.map(({ line, row }) => ({ line, row, steps: takeStepLog(steps, row) })),
    stepsFile,
    haveSteps,
    promptsFile,
    prompts,
  };
}

export const GF01_COLUMNS: ViewColumn[] = [
  { key: "agent", label: "agent", facet: true, hidden: true },
  { key: "track", label: "track", facet: true, hidden: true },
  { key: "protocol", label: "protocol", facet: true, hidden: true },
  { key: "verdict", label: "verdict", facet: true },
  { key: "kappa", label: "κ" },
  { key: "valid", label: "certified", metric: true },
  { key: "goal", label: "goal", metric: true },
  { key: "ap_f1", label: "AP-F1", metric: true },
  { key: "ts_f1", label: "TS-F1", metric: true },
  { key: "eff_t", label: "Eff_t" },
];

function verdictOf(r: RunRecord): string {
  return r.valid ? "certified" : r.goal ? "goal_met" : "missed";
}

/** κ as recorded, else from the row's verdict and Eff (null when the row has no Eff to build it from). */
function kappaOf(r: RunRecord): number[] | null {
  if (r.kappa) return [...r.kappa];
  if (r.eff_t === undefined || r.eff_a === undefined) return null;
  return [r.valid ? 1 : 0, r.goal ? 1 : 0, -r.eff_t, -r.eff_a];
}
const kappaText = (k: number[] | null) => (k ? `(${k.join(", ")})` : "–");

/** Read GF-01 run files (validated; errors name file, line and field) into a viewer dataset. */
export async function gf01ViewDataset(o: Gf01ViewOptions): Promise<ViewDataset> {
  if (!o.runs.length) throw new InputError("give at least one run file");
  const bundle =
    o.instances === undefined
      ? null
      : typeof o.instances === "string"
        ? await loadBundle(o.instances)
        : o.instances;
  const notes: string[] = [];
  const loaded: Loaded[] = [];
  for (let f = 0; f < o.runs.length; f++) {
    const file = o.runs[f];
    const r = await readRunFile(file, { steps: o.steps?.[f], prompts: o.prompts?.[f] }, false);
    if (!r.haveSteps) {
      notes.push(
        `${file}: no step log (${r.stepsFile}); observations, actions and rejections are not recorded for these episodes`,
      );
    }
    const stepsFile = r.haveSteps ? r.stepsFile : null;
    for (const { line, row, steps } of r.rows)
      loaded.push({ row, file, line, steps, stepsFile, prompts: r.prompts, promptsFile: r.promptsFile });
  }

  // A run = one file × one condition (agent, track, protocol): conditions are never pooled.
  const runIndex = new Map<string, number>();
  const runs: ViewDataset["runs"] = [];
  const viewRows: ViewRow[] = [];
  for (const l of loaded) {
    const r = l.row;
    const key = `${l.file}\u0000${r.agent_name}\u0000${r.eval_track}\u0000${r.play_protocol}`;
    let run = runIndex.get(key);
    if (run === undefined) {
      run = runs.length;
      runIndex.set(key, run);
      runs.push({ label: `${r.agent_name} · ${r.eval_track} · ${r.play_protocol}`, source: l.file });
    }
    const k = kappaOf(r);
    viewRows.push({
      run,
      item: r.instance_id,
      ok: r.valid,
      cells: [
        r.agent_name,
        r.eval_track,
        r.play_protocol,
        verdictOf(r),
        kappaText(k),
        r.valid,
        r.goal,
        r.ap_f1,
        r.ts_f1,
        r.eff_t ?? null,
      ],
    });
  }
  uniqueLabels(runs);

  const compiled = new Map<string, CompiledInstance>();
  const detail = (i: number): ViewDetail => {
    const l = loaded[i];
    if (!l) throw new RangeError(`no sample ${i}`);
    return gf01Detail(l, bundle, compiled);
  };
  const title = `GF-01 samples · ${o.runs.map((f) => basename(f)).join(", ")}`;
  if (!bundle)
    notes.push(
      "no --instances bundle: the goal panel and the best-matching minimal certificate are not shown",
    );
  return { family: "gf01", title, columns: GF01_COLUMNS, runs, rows: viewRows, notes, detail };
}

const fmtAtoms = (c: readonly (readonly [number, string, number])[]) =>
  c.length ? c.map(([t, ap, v]) => `t=${t} ${ap}=${v}`).join(", ") : "(none)";
const fmtVals = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(" ");

function gf01Detail(
  l: Loaded,
  bundle: LoadedBundle | null,
  compiled: Map<string, CompiledInstance>,
): ViewDetail {
  const r = l.row;
  const sections: ViewSection[] = [];
  const pairs: [string, ViewCell | ViewCell[]][] = [
    ["instance", r.instance_id],
    ["agent", r.agent_name],
    ["eval track", r.eval_track],
    ["renderer track", r.renderer_track],
    ["play protocol", r.play_protocol],
    ["verdict", verdictOf(r)],
    ["κ (M, G, −Eff_t, −Eff_a)", kappaOf(r)],
    ["Suff / Min1 / Valid / goal", [r.suff, r.min1, r.valid, r.goal]],
    ["Eff_t / Eff_a", [r.eff_t ?? null, r.eff_a ?? null]],
    ["AP-F1 / TS-F1", [r.ap_f1, r.ts_f1]],
    ["certificate", fmtAtoms(r.certificate)],
    ["split / mode / slice", [r.split_id, r.mode, r.difficulty_slice ?? null]],
    ["source", `${basename(l.file)}:${l.line}`],
  ];
  const player = (r as { player_id?: unknown }).player_id;
  if (typeof player === "string") pairs.splice(2, 0, ["player", player]);
  sections.push({ kind: "kv", title: "Episode", pairs });

  const inst = bundle?.byId.get(r.instance_id);
  if (inst) {
    const ci0 = compiled.get(inst.instance_id) ?? compileInstance(inst);
    compiled.set(inst.instance_id, ci0);
    const lo = ci0.lo;
    const hi = ci0.hi;
    sections.push({
      kind: "kv",
      title: "Goal panel (what the player saw)",
      pairs: [
        [
          "goal",
          `${inst.effect_ap} = 1 ${inst.mode === "hard" ? `at t*=${inst.t_star}` : `in window ${lo}..${hi}`}`,
        ],
        ["mode / t* / window", [inst.mode, inst.t_star, `${lo}..${hi}`]],
        ["horizon T", ci0.T],
        [
          "inputs / outputs",
          `${inst.automaton.input_aps.join(" ")} / ${inst.automaton.output_aps.join(" ")}`,
        ],
        ["budgets (timesteps / atoms)", [inst.budget_timestep, inst.budget_atoms ?? null]],
      ],
    });
    sections.push(certificateSection(r, ci0));
  } else if (bundle) {
    sections.push({
      kind: "missing",
      title: "Best-matching minimal certificate",
      text: `instance ${r.instance_id} is not in the bundle given with --instances`,
    });
  }

  if (l.steps) {
    for (const ro of l.steps.rollouts) {
      const rows: ViewCell[][] = [];
      const marks: (string[] | null)[] = [];
      for (const s of ro.steps) {
        const set = fmtVals(s.set as Record<string, unknown>) || "{}";
        rows.push([s.t, set, fmtVals(s.y_t as Record<string, unknown>), s.effect_status_t, null]);
        marks.push(ro.scored ? null : ["practice"]);
        for (const rej of s.rejected) {
          rows.push([s.t, JSON.stringify(rej.move) ?? "", "", `rejected: ${rej.code}`, rej.message]);
          marks.push(["rejected"]);
        }
        if (s.forced_skip) {
          rows.push([s.t, "{}", "", `forced skip: ${s.forced_skip}`, null]);
          marks.push(["rejected"]);
        }
      }
      const head = `Rollout ${ro.episode} · ${ro.phase}${ro.scored ? " (scored)" : " (practice, unscored)"}`;
      const end =
        ro.effect_triggered === undefined
          ? ""
          : ` · effect ${ro.effect_triggered ? "triggered" : "not triggered"}`;
      sections.push({
        kind: "table",
        title: `${head}${end}`,
        columns: ["t", "action (you set)", "observed outputs y_t", "effect status / rejection", "reason"],
        rows,
        marks,
      });
    }
    transcriptSections(l, sections);
  } else {
    sections.push({
      kind: "missing",
      title: "Replay",
      text: l.stepsFile
        ? `the step log ${basename(l.stepsFile)} has no episode for this instance and condition`
        : `no step log beside ${basename(l.file)}: the observations, actions and rejections were not recorded (offline agents submit a certificate without playing)`,
    });
  }
  return { title: `${verdictOf(r)} · κ ${kappaText(kappaOf(r))}`, sections };
}

function certificateSection(r: RunRecord, ci0: CompiledInstance): ViewSection {
  const rule = r.atom_budget ?? "diagnostic";
  const ci = withAtomBudget(ci0, rule);
  const pool = r.best_match_pool ?? "official";
  const bm = bestMatch(ci, r.certificate, { pool, maxNodes: VIEW_BEST_MATCH_MAX_NODES });
  if (bm.cap_hit || bm.target === null) {
    return {
      kind: "missing",
      title: "Certificate vs best-matching minimal certificate",
      text: bm.cap_hit
        ? `the best-match search hit the viewer's cap of ${VIEW_BEST_MATCH_MAX_NODES} nodes; re-score offline (gf01 evaluate) to see the target`
        : "M(I) is empty: no minimal certificate exists for this instance",
    };
  }
  const key = (a: readonly [number, string, number]) => `${a[0]}\u0000${a[1]}\u0000${a[2]}`;
  const mine = new Set(r.certificate.map(key));
  const target = new Set(bm.target.map(key));
  const all = new Map<string, readonly [number, string, number]>();
  for (const a of [...r.certificate, ...bm.target]) all.set(key(a), a);
  const atoms = [...all.values()].sort(
    (a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] - b[2]),
  );
  const agree = Math.abs(bm.ap_f1 - r.ap_f1) < 1e-9 && Math.abs(bm.ts_f1 - r.ts_f1) < 1e-9;
  return {
    kind: "table",
    title: `Certificate vs best-matching minimal certificate (pool ${pool}, |M(I)| = ${bm.m_count}; recomputed AP-F1 ${bm.ap_f1.toFixed(3)}, TS-F1 ${bm.ts_f1.toFixed(3)}${agree ? ", as in the row" : ` — the row says AP-F1 ${r.ap_f1}, TS-F1 ${r.ts_f1}: the target shown may differ from the one scored`})`,
    columns: ["t", "input", "value", "agent's certificate", "best-matching minimal"],
    rows: atoms.map((a) => [a[0], a[1], a[2], mine.has(key(a)), target.has(key(a))]),
    marks: atoms.map((a) => (mine.has(key(a)) && target.has(key(a)) ? ["gold"] : null)),
  };
}

function transcriptSections(l: Loaded, sections: ViewSection[]): void {
  const log = l.steps?.agent_log;
  const transcript = log?.transcript;
  if (!log || !transcript) return;
  const summary = log as Record<string, unknown>;
  sections.push({
    kind: "kv",
    title: "Model usage",
    pairs: [
      ["model", JSON.stringify(summary.model ?? null)],
      ["prompt templates", JSON.stringify(summary.prompt_templates ?? null)],
      ["calls / cache hits", [summary.calls as ViewCell, summary.cache_hits as ViewCell]],
      [
        "prompt / completion tokens",
        [summary.prompt_tokens as ViewCell, summary.completion_tokens as ViewCell],
      ],
      [
        "malformed replies / skipped steps",
        [summary.malformed_replies as ViewCell, summary.skipped_steps as ViewCell],
      ],
    ],
  });
  if (!l.prompts)
    sections.push({
      kind: "missing",
      title: "Prompts",
      text: `no prompt store ${basename(l.promptsFile)}: the replies are shown, the exact messages sent were not kept`,
    });
  let prevSystem: string | null = null;
  transcript.forEach((c, k) => {
    const items: { role: string; content: string; note?: string }[] = [];
    const msgs = c.prompt_sha256 ? l.prompts?.get(c.prompt_sha256) : undefined;
    if (msgs) {
      for (const m of msgs) {
        const content = typeof m.content === "string" ? m.content : JSON.stringify(m.content);
        if (m.role === "system" && content === prevSystem) {
          items.push({ role: "system", content: "(the same system message as the previous call)" });
          continue;
        }
        if (m.role === "system") prevSystem = content;
        items.push({ role: m.role, content });
      }
    } else if (l.prompts) {
      items.push({
        role: "prompt",
        content: `prompt ${c.prompt_sha256 ?? "(no hash)"} is not in the prompt store`,
      });
    }
    items.push({ role: "assistant", content: c.reply ?? "(no reply recorded)", note: `reply · ${c.kind}` });
    sections.push({
      kind: "messages",
      title: `Call ${k + 1} · rollout ${c.episode ?? "?"}, t=${c.t ?? "?"} · ${c.kind}`,
      items,
    });
  });
  const tools = log.tool_calls;
  if (tools?.length)
    sections.push({
      kind: "table",
      title: "Tool calls",
      columns: ["rollout", "t", "tool", "args", "result"],
      rows: tools.map((t) => {
        const x = t as Record<string, unknown>;
        return [
          x.episode as ViewCell,
          x.t as ViewCell,
          x.tool as ViewCell,
          JSON.stringify(x.args),
          JSON.stringify(x.result),
        ];
      }),
    });
}
