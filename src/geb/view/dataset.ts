/**
 * GEB run files → viewer rows: one row per query and run. The run's own per-row statistics
 * (`retrieval_stats`: answer, citations, value/exact grade, candidates and pick) come from the
 * results file as `geb summarize` reads it (any run kind: `geb model`, pipeline cells, sweep
 * trees, reference runs); the question, gold and evidence lines from the data file; the exact
 * prompt and raw reply from engine records (`--records`, one per run, with the prompt store
 * beside them). Citation precision/recall/F1 and entailment per row are regraded with the
 * run's own grading settings; the headline right/wrong is the run's recorded exact grade.
 */
import { existsSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { z } from "zod";
import type { ChatMessage } from "../../core/engine/types.js";
import { InputError } from "../../core/errors.js";
import { sha256Hex } from "../../core/hash.js";
import { parseWith } from "../../core/schema.js";
import { eachRow, readPromptStore, uniqueLabels } from "../../core/view/io.js";
import type {
  ViewCell,
  ViewColumn,
  ViewDataset,
  ViewDetail,
  ViewLine,
  ViewRow,
  ViewSection,
} from "../../core/view/types.js";
import { GebRowReadSchema } from "../dataset/schema.js";
import { DEFAULT_GRADE_OPTIONS, type GradeOptions, Grader, type RowResult } from "../grade/grade.js";
import type { ModelRunPayload } from "../pipeline/gebmodel.js";
import type { RowStat } from "../summary/rowstats.js";
import { loadRuns, locateDataFile } from "../summary/runs.js";

export interface GebViewOptions {
  /** Results files, run dirs or sweep trees (as `geb summarize --in`). */
  runs: string[];
  /** The dataset (default: each run's `data.path`, as written, then beside the results file). */
  data?: string;
  /** Engine records (`geb model --results FILE`), the i-th for the i-th run; prompts beside them. */
  records?: (string | undefined)[];
}

export interface DataRow {
  id: string;
  question: string;
  gold: { value?: unknown; support_id?: unknown; support_ids?: unknown };
  meta: Record<string, unknown>;
  /** Index into the episode documents table. */
  doc: number;
}

export interface Episode {
  text: string;
  /** Split on first use (a detail); grading needs only the text. */
  lines?: string[];
}

export interface LoadedData {
  file: string;
  rows: Map<string, DataRow>;
  docs: Episode[];
}

interface RunCtx {
  payload: ModelRunPayload;
  file: string;
  data: LoadedData;
  grader: Grader;
  records: Map<string, RecordLine[]> | null;
  recordsFile: string | null;
  prompts: Map<string, ChatMessage[]> | null;
}

interface RowRef {
  run: number;
  stat: RowStat;
  grade: RowResult | null;
}

export const recordSchema = z.looseObject({
  item_id: z.string(),
  trial: z.number().int().nonnegative(),
  prompt_sha256: z.string(),
  raw_text: z.string(),
  finish_reason: z.string().nullable().optional(),
  answer: z.unknown().optional(),
  invalid_reason: z.string().nullable().optional(),
});
export type RecordLine = z.output<typeof recordSchema>;

export const GEB_COLUMNS: ViewColumn[] = [
  { key: "model", label: "model", facet: true, hidden: true },
  { key: "profile", label: "profile", facet: true },
  { key: "state_mode", label: "state mode", facet: true },
  { key: "query_type", label: "query", facet: true },
  { key: "gold", label: "gold" },
  { key: "answer", label: "answer" },
  { key: "cited", label: "cited" },
  { key: "value_ok", label: "value", metric: true },
  { key: "exact_ok", label: "exact", metric: true },
  { key: "cite_f1", label: "cite F1", metric: true },
  { key: "entailed", label: "entailed", metric: true },
];

export async function loadData(file: string, cache: Map<string, LoadedData>): Promise<LoadedData> {
  const hit = cache.get(file);
  if (hit) return hit;
  const rows = new Map<string, DataRow>();
  const docs: Episode[] = [];
  const docIndex = new Map<string, number>();
  await eachRow(
    file,
    (v) => parseWith(GebRowReadSchema, v),
    (r) => {
      // Rows of an episode share one document: keep it once.
      let doc = docIndex.get(r.document);
      if (doc === undefined) {
        doc = docs.length;
        docs.push({ text: r.document });
        docIndex.set(r.document, doc);
      }
      rows.set(r.id, { id: r.id, question: r.question ?? "", gold: r.gold, meta: r.meta, doc });
    },
  );
  const d = { file, rows, docs };
  cache.set(file, d);
  return d;
}

export function dataFileOf(p: ModelRunPayload, file: string, given?: string): string {
  if (given) return given;
  const path = p.data?.path;
  if (typeof path !== "string")
    throw new InputError("missing data.path; pass --data", { file, field: "data.path" });
  const base = dirname(file);
  // As `geb summarize` reads sweeps: as written, beside the results, then the cell folder by name.
  const hit = locateDataFile(path, base);
  if (!hit)
    throw new InputError(`data file ${path} not found (looked beside the results too); pass --data`, {
      file,
      field: "data.path",
    });
  return hit;
}

export function gradeOptions(p: ModelRunPayload): GradeOptions {
  const c = p.config ?? {};
  return {
    citations: (c.citations as GradeOptions["citations"]) ?? DEFAULT_GRADE_OPTIONS.citations,
    supportMetric: (c.support_metric as GradeOptions["supportMetric"]) ?? DEFAULT_GRADE_OPTIONS.supportMetric,
    maxSupportK: typeof c.max_support_k === "number" ? c.max_support_k : DEFAULT_GRADE_OPTIONS.maxSupportK,
    entailmentCheck:
      typeof c.entailment_check === "boolean" ? c.entailment_check : DEFAULT_GRADE_OPTIONS.entailmentCheck,
    metrics: c.metrics === "reference-0.1" ? "reference-0.1" : "1.0",
  };
}

/** A grader with the run's own settings; a bad setting in the payload is an input error naming it. */
export function graderFor(p: ModelRunPayload, file: string): Grader {
  try {
    return new Grader(gradeOptions(p));
  } catch (e) {
    if (e instanceof RangeError || e instanceof TypeError)
      throw new InputError(`bad grading setting: ${e.message}`, { file, field: "config" });
    throw e;
  }
}

export function runLabel(p: ModelRunPayload): string {
  const labels = Object.entries(p.labels ?? {})
    .filter(([k]) => k !== "distractor_profile")
    .map(([k, v]) => `${k}=${String(v)}`);
  const pipe = p.config?.pipeline as Record<string, unknown> | null | undefined;
  const knobs = pipe
    ? [`k=${pipe.k}`, `rerank=${pipe.rerank}`, pipe.authority_filter ? "filter" : ""].filter(Boolean)
    : [];
  return [p.model, ...knobs, ...labels].join(" · ");
}

/** Read GEB runs (validated; errors name file, line and field) into a viewer dataset. */
export async function gebViewDataset(o: GebViewOptions): Promise<ViewDataset> {
  const loaded = loadRuns(o.runs);
  const notes: string[] = [];
  const dataCache = new Map<string, LoadedData>();
  const ctxs: RunCtx[] = [];
  const refs: RowRef[] = [];
  const viewRows: ViewRow[] = [];
  const runs: ViewDataset["runs"] = [];
  if (o.records && o.records.length > loaded.length)
    throw new InputError(`${o.records.length} --records files for ${loaded.length} run(s)`, {
      field: "--records",
    });
  for (let ri = 0; ri < loaded.length; ri++) {
    const lr = loaded[ri];
    const p = lr.payload;
    const data = await loadData(dataFileOf(p, lr.file, o.data), dataCache);
    const recordsFile = o.records?.[ri] ?? null;
    let records: Map<string, RecordLine[]> | null = null;
    let prompts: Map<string, ChatMessage[]> | null = null;
    if (recordsFile) {
      const byItem = new Map<string, RecordLine[]>();
      await eachRow(
        recordsFile,
        (v) => parseWith(recordSchema, v),
        (r) => {
          const list = byItem.get(r.item_id);
          if (list) list.push(r);
          else byItem.set(r.item_id, [r]);
        },
      );
      records = byItem;
      const pf = `${recordsFile}.prompts.jsonl`;
      if (existsSync(pf)) prompts = await readPromptStore(pf);
      else notes.push(`${recordsFile}: no prompt store beside it (${basename(pf)}); prompts are not shown`);
    }
    const ctx: RunCtx = {
      payload: p,
      file: lr.file,
      data,
      grader: graderFor(p, lr.file),
      records,
      recordsFile,
      prompts,
    };
    ctxs.push(ctx);
    // The data file's identity, not its path: a shared static page should not carry local paths.
    runs.push({ label: runLabel(p), source: lr.file, dataset: sha256Hex(resolve(data.file)).slice(0, 16) });
    const profile = p.distractor_profile ?? (p.labels?.distractor_profile as string | undefined) ?? null;
    let regradeDiffers = 0;
    for (const s of p.retrieval_stats) {
      if (s.trial !== 0) continue;
      const d = data.rows.get(s.id);
      if (!d)
        throw new InputError(`row ${s.id} of the run is not in the data file ${data.file}`, {
          file: lr.file,
          field: "retrieval_stats",
        });
      const grade = ctx.grader.add(
        { id: d.id, document: data.docs[d.doc].text, gold: d.gold, meta: d.meta },
        s.missing ? undefined : { value: s.pred_value, support_ids: s.pred_support_ids },
      );
      if (grade.value_ok !== s.value_ok || grade.exact !== s.exact_ok) regradeDiffers++;
      refs.push({ run: ri, stat: s, grade });
      viewRows.push({
        run: ri,
        item: s.id,
        ok: s.exact_ok,
        cells: [
          p.model,
          profile,
          (d.meta.state_mode as string | undefined) ?? p.state_mode ?? null,
          s.query_type ?? (d.meta.query_type as string | undefined) ?? null,
          s.gold_value,
          s.missing ? "(missing)" : s.pred_value,
          s.pred_support_ids.join(" "),
          s.value_ok,
          s.exact_ok,
          grade.cite_f1,
          grade.entailed,
        ],
      });
    }
    if (regradeDiffers)
      notes.push(
        `${lr.file}: ${regradeDiffers} row(s) regrade differently from the run's recorded value/exact grade (the list shows the recorded grade)`,
      );
  }
  uniqueLabels(runs);
  const detail = (i: number): ViewDetail => {
    const ref = refs[i];
    if (!ref) throw new RangeError(`no sample ${i}`);
    return gebDetail(ref, ctxs[ref.run]);
  };
  const title = `GEB samples · ${o.runs.map((f) => basename(f)).join(", ")}`;
  return { family: "geb", title, columns: GEB_COLUMNS, runs, rows: viewRows, notes, detail };
}

const UID = /\[(U[0-9A-F]{6})\]/;

/** Marks for one episode-log line: what kind of line it is, and its role for this query. */
export function lineMarks(
  text: string,
  gold: ReadonlySet<string>,
  cited: ReadonlySet<string>,
  cands: ReadonlyMap<string, number>,
  pick: string | null,
): string[] {
  const m: string[] = [];
  const uid = UID.exec(text)?.[1] ?? null;
  if (uid && gold.has(uid)) m.push("gold");
  if (uid && cited.has(uid)) m.push("cited");
  if (uid && pick === uid) m.push("pick");
  if (uid && cands.has(uid)) m.push(`candidate ${cands.get(uid)}`);
  if (/\bSTALE\b/.test(text)) m.push("stale");
  else if (/^- DISTRACTOR\b/.test(text)) m.push("distractor");
  if (/^- INSTRUCTION\b/.test(text)) m.push("instruction");
  if (/^- SUMMARY\b/.test(text)) m.push("summary");
  if (/^- QUOTE\b/.test(text)) m.push("quote");
  if (/^- NOTE\b/.test(text) || / UPDATE step=\d+ NOTE /.test(text)) m.push("note");
  return m;
}

/** Does the line name the key as a whole key (`tag.01`, not `tag.010`)? */
export function namesKey(line: string, key: string): boolean {
  let at = line.indexOf(key);
  while (at >= 0) {
    const before = at === 0 ? "" : line[at - 1];
    const after = line[at + key.length] ?? "";
    if (!/[\w.]/.test(before) && !/\w/.test(after)) return true;
    at = line.indexOf(key, at + 1);
  }
  return false;
}

function gebDetail(ref: RowRef, ctx: RunCtx): ViewDetail {
  const s = ref.stat;
  const g = ref.grade;
  const p = ctx.payload;
  const d = ctx.data.rows.get(s.id) as DataRow;
  const sections: ViewSection[] = [];
  const goldIds = Array.isArray(d.gold.support_ids) ? (d.gold.support_ids as string[]) : [];
  sections.push({ kind: "text", title: "Question", text: d.question });
  sections.push({
    kind: "kv",
    title: "Answer and grade",
    pairs: [
      ["gold value", (d.gold.value as ViewCell) ?? null],
      ["gold support ids", goldIds],
      ["answer (parsed value)", s.missing ? "(no answer in contract: graded wrong)" : s.pred_value],
      ["cited ids", s.pred_support_ids],
      ["value right / exact (recorded)", [s.value_ok, s.exact_ok]],
      ["cite P / R / F1 (regraded)", g ? [g.cite_p, g.cite_r, g.cite_f1] : null],
      ["entailed / support bloat (regraded)", g ? [g.entailed, g.support_bloat] : null],
      ["key / query / derived op", [s.key, s.query_type, (d.meta.derived_op as ViewCell) ?? null]],
      ["instruction targeted the key", [s.has_instruction, (d.meta.instruction_value as ViewCell) ?? null]],
      [
        "tokens / distractors since update, writes",
        [s.tokens_since_update, s.distractors_since_update, s.writes_to_key],
      ],
      ["run", `${p.model} (${basename(ctx.file)})`],
    ],
  });
  const answerRec = ctx.records?.get(s.id)?.find((r) => r.trial === 0);
  if (answerRec) {
    const kv = sections[1] as Extract<ViewSection, { kind: "kv" }>;
    // What the reply parsed to before grading normalised it (records of `geb model`).
    kv.pairs.splice(3, 0, [
      "model's answer (as parsed from the reply)",
      JSON.stringify(answerRec.answer ?? null),
    ]);
    if (answerRec.invalid_reason) kv.pairs.splice(4, 0, ["out of contract", answerRec.invalid_reason]);
  }

  const key = s.key ?? (d.meta.key as string | undefined) ?? null;
  const gold = new Set(goldIds);
  const cited = new Set(s.pred_support_ids);
  const cands = new Map<string, number>((s.candidate_uids ?? []).map((u, k) => [u, k + 1]));
  const pick = s.stage === "pipeline" ? (s.selected_uid ?? s.pick_uid) : null;
  const ep = ctx.data.docs[d.doc];
  ep.lines ??= ep.text.split("\n");
  const doc = ep.lines;
  const byUid = new Map<string, string>();
  for (const l of doc) {
    const u = UID.exec(l)?.[1];
    if (u) byUid.set(u, l);
  }
  if (key) {
    const lines: ViewLine[] = doc
      .filter((l) => l.startsWith("- ") && namesKey(l, key))
      .map((l) => ({ text: l, marks: lineMarks(l, gold, cited, cands, pick) }));
    // Cited ids of other keys are shown too: a wrong citation is part of the evidence.
    for (const u of cited)
      if (!lines.some((x) => x.text.includes(`[${u}]`))) {
        const l = byUid.get(u);
        lines.push(
          l
            ? { text: l, marks: lineMarks(l, gold, cited, cands, pick) }
            : { text: `${u}: no such ledger entry in this episode`, marks: ["cited"] },
        );
      }
    sections.push({
      kind: "lines",
      title: `Evidence: episode-log lines naming ${key} (${lines.length})`,
      legend:
        "gold = the authoritative UPDATE; cited = in the answer's support_ids; pick = the pipeline's selected line; note/stale/distractor/summary/instruction/quote = non-authoritative lines",
      lines,
    });
  } else {
    sections.push({
      kind: "missing",
      title: "Evidence",
      text: "this query names no key (derived query without a key)",
    });
  }

  if (s.stage === "pipeline") {
    const cl = s.candidate_uids ?? [];
    sections.push({
      kind: "kv",
      title: "Pipeline",
      pairs: [
        ["answer source", s.source],
        ["gold present / rank", [s.gold_present, s.gold_rank]],
        ["selected line / its op", [s.selected_uid, s.selected_op]],
        ["model pick (pick-then-answer)", s.pick_uid],
        ["abstained / gold dropped", [s.pipeline_abstained, s.dropped_correct]],
        ["order / spoofed candidates", [s.order, s.spoof_count]],
        ["copy clamp", s.copy_clamped],
        ["config", JSON.stringify(p.config?.pipeline ?? null)],
      ],
    });
    sections.push({
      kind: "table",
      title: `Retrieved candidates in the order presented (${cl.length})`,
      columns: ["#", "uid", "line", "gold", "selected"],
      rows: cl.map((u, k) => [
        k + 1,
        u,
        byUid.get(u) ?? "(not in the episode log)",
        gold.has(u),
        u === s.selected_uid,
      ]),
      marks: cl.map((u) => (u === s.selected_uid ? ["pick"] : gold.has(u) ? ["gold"] : null)),
    });
    sections.push({
      kind: "missing",
      title: "Selector scores",
      text: "not recorded: run payloads keep the candidates, the gold rank and the pick, not the reranker's per-candidate scores",
    });
  }

  if (ctx.records) {
    const recs = recordsFor(ctx.records, s.id);
    if (!recs.length)
      sections.push({
        kind: "missing",
        title: "Prompt and reply",
        text: `no engine record for ${s.id} in ${basename(ctx.recordsFile ?? "")}${s.source && s.source !== "model" ? ` (answer source: ${s.source}; no model was asked)` : ""}`,
      });
    for (const r of recs) {
      const items: { role: string; content: string; note?: string }[] = [];
      const msgs = ctx.prompts?.get(r.prompt_sha256);
      if (msgs)
        for (const m of msgs)
          items.push({
            role: m.role,
            content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
          });
      else items.push({ role: "prompt", content: `prompt ${r.prompt_sha256} is not in the prompt store` });
      items.push({
        role: "assistant",
        content: r.raw_text,
        note: `raw reply · finish ${r.finish_reason ?? "?"}${r.invalid_reason ? ` · out of contract: ${r.invalid_reason}` : ""}`,
      });
      sections.push({ kind: "messages", title: `Prompt and raw reply · ${r.item_id}`, items });
    }
  } else {
    sections.push({
      kind: "missing",
      title: "Prompt and reply",
      text:
        s.source === "selector" || s.source === "deterministic"
          ? `answered by the pipeline (${s.source}); no model was asked`
          : "no engine records given for this run (view --records <geb model --results file>): the exact prompt and raw reply are not shown",
    });
  }
  const title = `${s.exact_ok ? "right" : "wrong"} · value ${s.value_ok ? "right" : "wrong"}${s.missing ? " · no answer in contract" : ""}`;
  return { title, sections };
}

function recordsFor(records: Map<string, RecordLine[]>, id: string): RecordLine[] {
  // pick-then-answer asks twice: `<id>#pick` (the pick), then `<id>` (the answer).
  return [...(records.get(`${id}#pick`) ?? []), ...(records.get(id) ?? [])].filter((r) => r.trial === 0);
}
