/**
 * GEB runs → inspect_ai logs (src/core/interop/inspect): one log per run (a model and its
 * configuration: `geb model` results, pipeline cells, sweep cells — whatever `geb summarize`
 * reads). A sample is a query row; trials are its epochs. The question, gold and meta come from
 * the data file, the answer and the recorded value/exact grade from the run's own per-row
 * statistics, citation P/R/F1 and entailment are regraded with the run's own settings (as
 * `geb view` does), and — given the engine records (`geb model --results`) — the input and
 * messages are the exact prompt sent (prompt store) and the raw reply. Results are the run's
 * own metrics (trial 0, as the run reports them) with its intervals.
 */
import { basename } from "node:path";
import type { ChatMessage } from "../../core/engine/types.js";
import { InputError } from "../../core/errors.js";
import type { InspectMessage, InspectRun, InspectSample } from "../../core/interop/inspect/log.js";
import { parseWith } from "../../core/schema.js";
import { eachRow, readPromptStore } from "../../core/view/io.js";
import { type Grader, RATE_METRICS } from "../grade/grade.js";
import type { RowStat } from "../summary/rowstats.js";
import { loadRuns } from "../summary/runs.js";
import {
  dataFileOf,
  graderFor,
  type LoadedData,
  loadData,
  type RecordLine,
  recordSchema,
  runLabel,
} from "../view/dataset.js";

export interface GebInspectOptions {
  /** Results files, run dirs or sweep trees (as `geb summarize --in`). */
  runs: string[];
  /** The dataset (default: each run's `data.path`, as written, then beside the results file). */
  data?: string;
  /** Engine records (`geb model --results FILE`), the i-th for the i-th run; prompts beside them. */
  records?: (string | undefined)[];
  created?: string;
  /** oraclebench's version (recorded in `eval.packages`). */
  version: string;
}

const ROWSTAT_FIELDS = [
  "episode_id",
  "q_index",
  "key",
  "query_type",
  "has_instruction",
  "gold_value",
  "pred_value",
  "pred_support_ids",
  "missing",
  "value_ok",
  "exact_ok",
  "stage",
  "gold_uid",
  "candidate_uids",
  "gold_rank",
] as const;

const n01 = (b: boolean | null) => (b === null ? null : b ? 1 : 0);

export async function gebInspectRuns(o: GebInspectOptions): Promise<InspectRun[]> {
  if (!o.runs.length) throw new InputError("give at least one run", { field: "--runs" });
  const loaded = loadRuns(o.runs);
  if (o.records && o.records.length > loaded.length)
    throw new InputError(`${o.records.length} --records files for ${loaded.length} run(s)`, {
      field: "--records",
    });
  const dataCache = new Map<string, LoadedData>();
  const out: InspectRun[] = [];
  for (let ri = 0; ri < loaded.length; ri++) {
    const { payload: p, file } = loaded[ri];
    const data = await loadData(dataFileOf(p, file, o.data), dataCache);
    const records = new Map<string, RecordLine>();
    let prompts: Map<string, ChatMessage[]> | null = null;
    const recordsFile = o.records?.[ri];
    if (recordsFile) {
      await eachRow(
        recordsFile,
        (v) => parseWith(recordSchema, v),
        (r) => records.set(`${r.item_id}\u0000${r.trial}`, r),
      );
      prompts = await readPromptStore(`${recordsFile}.prompts.jsonl`).catch((e) => {
        if (e instanceof InputError && /ENOENT/.test(e.message)) return null;
        throw e;
      });
    }
    const grader = graderFor(p, file);
    const samples: InspectSample[] = [];
    for (const s of p.retrieval_stats) samples.push(sampleOf(s, data, grader, records, prompts, file));
    const rates: Record<string, number> = {};
    for (const k of RATE_METRICS) {
      const v = p.metrics[k as keyof typeof p.metrics];
      if (typeof v === "number") rates[k] = v;
    }
    const profile = p.distractor_profile ?? (p.labels?.distractor_profile as string | undefined) ?? null;
    out.push({
      task: "geb",
      taskArgs: { protocol: p.protocol, state_mode: p.state_mode, distractor_profile: profile },
      model: p.model,
      slug: runLabel(p),
      created: o.created,
      dataset: { name: basename(data.file), location: basename(data.file) },
      solver: { name: `oraclebench/geb_${p.adapter}`, params: { config: p.config, labels: p.labels } },
      samples,
      results: [
        {
          name: "geb",
          scorer: "geb",
          metrics: rates,
          metadata: {
            trial: 0,
            n: p.metrics.n,
            missing: p.metrics.missing,
            errors: p.errors,
            intervals: p.intervals ?? null,
            trial_stats: p.trial_stats ?? null,
            note: "the run's own metrics of trial 0 (later trials are epochs 2.. of the samples)",
          },
        },
      ],
      metadata: {
        family: "GoldEvidenceBench",
        results_file: basename(file),
        adapter: p.adapter,
        protocol: p.protocol,
        state_mode: p.state_mode,
        distractor_profile: profile,
        labels: p.labels,
        config: p.config,
      },
      packages: { oraclebench: o.version },
    });
  }
  return out;
}

function sampleOf(
  s: RowStat,
  data: LoadedData,
  grader: Grader,
  records: Map<string, RecordLine>,
  prompts: Map<string, ChatMessage[]> | null,
  file: string,
): InspectSample {
  const d = data.rows.get(s.id);
  if (!d)
    throw new InputError(`row ${s.id} of the run is not in the data file ${data.file}`, {
      file,
      field: "retrieval_stats",
    });
  // Regrade with the run's own settings for citation P/R/F1 and entailment (not recorded per row).
  const g = grader.add(
    { id: d.id, document: data.docs[d.doc].text, gold: d.gold, meta: d.meta },
    s.missing ? undefined : { value: s.pred_value, support_ids: s.pred_support_ids },
  );
  const rec = records.get(`${s.id}\u0000${s.trial}`);
  const sent = rec ? prompts?.get(rec.prompt_sha256) : undefined;
  const messages: InspectMessage[] = [];
  const notes: string[] = [];
  if (sent) for (const m of sent) messages.push({ role: m.role, content: m.content });
  else if (rec)
    notes.push(prompts ? "the prompt is not in the prompt store" : "no prompt store beside the records");
  if (rec) messages.push({ role: "assistant", content: rec.raw_text });
  else notes.push("no engine record for this row: no conversation recorded");
  const stat: Record<string, unknown> = {};
  for (const k of ROWSTAT_FIELDS) stat[k] = s[k];
  const answer = s.missing ? "" : JSON.stringify({ value: s.pred_value, support_ids: s.pred_support_ids });
  return {
    id: s.id,
    epoch: s.trial + 1,
    input: sent ? sent.map((m) => ({ role: m.role, content: m.content })) : d.question,
    target: s.gold_value ?? "",
    messages,
    completion: answer,
    ...(rec?.finish_reason ? { stopReason: rec.finish_reason } : {}),
    scores: {
      geb: {
        value: {
          value_ok: n01(s.value_ok),
          exact_ok: n01(s.exact_ok),
          cite_f1: g.cite_f1,
          entailed: n01(g.entailed),
        },
        answer,
        explanation: s.missing
          ? "no answer in contract: graded wrong"
          : s.exact_ok
            ? "exact"
            : s.value_ok
              ? "value only"
              : "wrong",
        metadata: { ...stat, cite_p: g.cite_p, cite_r: g.cite_r, support_bloat: g.support_bloat },
      },
    },
    metadata: {
      question: d.question,
      gold: d.gold,
      meta: d.meta,
      trial: s.trial,
      ...(rec?.invalid_reason ? { invalid_reason: rec.invalid_reason } : {}),
      ...(notes.length ? { oraclebench_notes: notes } : {}),
    },
  };
}
