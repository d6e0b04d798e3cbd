/**
 * The pipeline over a set of rows: selection for every row (pure), then answering: nothing
 * (selector-only), the selected entry itself (deterministic; no model is loaded), or any
 * engine model reading a mini book of the selected entry (or of all candidates, when the
 * answerer is to choose), with optional pick-then-answer and copy clamp. Rows the pipeline
 * does not handle (derived queries, rows without a key or ledger) go to the answerer whole,
 * as in the reference.
 */
import type {
  EngineRunSettings,
  EvaluateResult,
  ModelClient,
  SamplingParams,
} from "../../core/engine/index.js";
import { canonicalHash } from "../../core/hash.js";
import { renderBook } from "../dataset/book.js";
import {
  extractLedger,
  type GebAnswer,
  type GebModelRecord,
  type GebPostprocess,
  type GebPromptOptions,
  ledgerKeyForRow,
  runModelOverRows,
} from "../model/index.js";
import type { LedgerEntry } from "../dataset/types.js";
import type { PipelineConfig } from "./config.js";
import { EmbeddingTable, fetchOpenAIEmbeddings, hashedEmbedding } from "./embeddings.js";
import { type Candidate, entryText, ledgerCandidates } from "./ledger.js";
import { type PipelineRow, retrievalQuery, type Selection, selectRow } from "./select.js";

export type AnswerSource = "selector" | "deterministic" | "model" | "abstain" | "empty" | "passthrough";

export interface RowPipelineOutcome {
  selection: Selection;
  source: AnswerSource;
  /** The entry the answer was built from (selector pick, or the answerer's pick). */
  answer_entry_uid: string | null;
  pick_uid: string | null;
  /** Copy clamp replaced the model's value by null (per trial). */
  copy_clamped: boolean[];
}

export interface EngineRunOptions extends EngineRunSettings {
  progress?: boolean;
}

export interface Answerer {
  client: ModelClient;
  params: SamplingParams;
  prompt: GebPromptOptions;
  postprocess: GebPostprocess;
  run: EngineRunOptions;
}

export interface PipelineRunOptions {
  rows: readonly (PipelineRow & { episode_id: string })[];
  config: PipelineConfig;
  linearWeights?: readonly number[];
  /** null: no model (selector-only, or deterministic answers). */
  answerer: Answerer | null;
  maxSupportK?: number;
}

export interface PipelineRunResult {
  outcomes: RowPipelineOutcome[];
  /** Per trial: id → answer (undefined: out of contract or no answer; graded wrong). */
  predictions: Map<string, GebAnswer | undefined>[];
  /** Same with the reference citation repair applied to model answers (when asked). */
  predictionsPostprocessed: Map<string, GebAnswer | undefined>[] | null;
  records: GebModelRecord[];
  engine: EvaluateResult["summary"][];
  errors: number;
  trials: number;
  embeddings: { requests: number; texts: number } | null;
}

const entryValue = (e: Candidate): string | null => (e.op === "CLEAR" ? null : e.value);

function miniBook(episodeId: string, entries: readonly Candidate[]): string {
  const ledger: LedgerEntry[] = entries.map((e) => ({
    uid: e.uid,
    step: e.step,
    op: e.op,
    key: e.key,
    value: e.value ?? "",
  }));
  return renderBook(
    `GoldEvidenceBench Retrieval ${episodeId}`,
    [""],
    [...new Set(entries.map((e) => e.key))],
    ledger,
  );
}

/** Reference `_selection_question`. */
export function selectionQuestion(question: string, key: string): string {
  return `${question}\nSelect the single correct support_id for ${key} from the ledger above. Return value null.`;
}

/** Reference `_value_is_substring` (copy clamp). */
export function valueIsSubstring(predicted: string | null, entryValue: string | null): boolean {
  const p = predicted === null ? null : predicted.trim() || null;
  const e = entryValue === null ? null : entryValue.trim() || null;
  if (p === null) return e === null;
  if (e === null) return false;
  return e.includes(p);
}

/** Hash of the pipeline config: part of the answerer's config hash (results are keyed by it). */
export function pipelineHash(c: PipelineConfig, linearWeights?: readonly number[]): string {
  return canonicalHash({ pipeline: c, linear_weights: linearWeights ?? null }).slice(0, 16);
}

function withPipeline(inner: ModelClient, hash: string): ModelClient {
  // An extra descriptor field enters the config hash (so resumed results never mix pipeline
  // configs) but not the response cache key (the prompt alone determines an answer).
  return {
    descriptor: { ...inner.descriptor, pipeline: hash } as ModelClient["descriptor"],
    complete: (req, ctx) => inner.complete(req, ctx),
    close: inner.close ? () => inner.close!() : undefined,
  };
}

async function denseTable(
  opts: PipelineRunOptions,
): Promise<{ table: EmbeddingTable; stats: PipelineRunResult["embeddings"] }> {
  const c = opts.config;
  if (c.dense_embedder === "hashed")
    return { table: new EmbeddingTable((t) => hashedEmbedding(t, c.dense_dim)), stats: null };
  const table = new EmbeddingTable();
  const texts = new Set<string>();
  for (const row of opts.rows) {
    texts.add(retrievalQuery(row.question));
    for (const e of ledgerCandidates(row.book ?? "")) texts.add(entryText(e));
  }
  const stats = await fetchOpenAIEmbeddings(table, texts, {
    model: c.dense_model as string,
    baseUrl: c.dense_base_url ?? "https://api.openai.com/v1",
  });
  return { table, stats };
}

export async function runPipeline(opts: PipelineRunOptions): Promise<PipelineRunResult> {
  const c = opts.config;
  let embed: ((t: string) => Float32Array) | undefined;
  let embStats: PipelineRunResult["embeddings"] = null;
  // The reference dialect runs `dense` as the key retriever (no embeddings needed).
  if (c.retriever === "dense" && c.retrieval_dialect !== "reference-0.1") {
    const d = await denseTable(opts);
    embed = d.table.lookup;
    embStats = d.stats;
  }
  const ctx = { config: c, linearWeights: opts.linearWeights, embed };
  const answerer = c.selector_only || c.deterministic_answer ? null : opts.answerer;
  const trials = answerer ? answerer.run.trials : 1;
  const outcomes: RowPipelineOutcome[] = [];
  const fixed = new Map<string, GebAnswer>();
  // Rows for the model: id → the row it sees (mini book or the original row's ledger view).
  const modelRows: {
    id: string;
    row: PipelineRow & { episode_id: string };
    entry: Candidate | null;
    pick: boolean;
  }[] = [];

  for (const row of opts.rows) {
    const selection = selectRow(row, ctx);
    const { trace, candidates, chosen } = selection;
    const o: RowPipelineOutcome = {
      selection,
      source: "empty",
      answer_entry_uid: null,
      pick_uid: null,
      copy_clamped: [],
    };
    outcomes.push(o);
    if (!trace.eligible) {
      if (answerer) {
        o.source = "passthrough";
        modelRows.push({ id: row.id, row, entry: null, pick: false });
      } else fixed.set(row.id, { value: null, support_ids: [] });
      continue;
    }
    if (trace.abstained) {
      o.source = "abstain";
      fixed.set(row.id, { value: null, support_ids: [] });
      continue;
    }
    if (!answerer) {
      o.source = c.selector_only ? "selector" : "deterministic";
      o.answer_entry_uid = chosen?.uid ?? null;
      const value = chosen && (!c.selector_only || c.selector_value) ? entryValue(chosen) : null;
      fixed.set(row.id, { value, support_ids: chosen ? [chosen.uid] : [] });
      continue;
    }
    o.source = "model";
    if (
      candidates.length === 0 ||
      (chosen && chosen.op === "CLEAR" && !c.include_clear && candidates.length === 1)
    ) {
      o.source = "passthrough";
      modelRows.push({ id: row.id, row, entry: null, pick: false });
      continue;
    }
    o.answer_entry_uid = chosen?.uid ?? null;
    modelRows.push({
      id: row.id,
      row: { ...row, book: miniBook(row.episode_id, chosen ? [chosen] : candidates) },
      entry: chosen,
      pick: !chosen && c.pick_then_answer && candidates.length > 1,
    });
  }

  const predictions: Map<string, GebAnswer | undefined>[] = [];
  let post: Map<string, GebAnswer | undefined>[] | null = null;
  const records: GebModelRecord[] = [];
  const engine: EvaluateResult["summary"][] = [];
  let errors = 0;

  if (answerer && modelRows.length > 0) {
    const client = withPipeline(answerer.client, pipelineHash(c, opts.linearWeights));
    // The answer prompt shows its (mini) ledger whole; original rows passed through get the
    // ledger view the user asked for, precomputed so one run serves both.
    const prompt: GebPromptOptions = {
      ...answerer.prompt,
      ledgerMode: "full",
      querySandwich: answerer.prompt.querySandwich || c.query_sandwich,
    };
    const viewBook = (r: (typeof modelRows)[number]) =>
      r.entry === null && r.row.book && !r.row.book.startsWith("# GoldEvidenceBench Retrieval")
        ? extractLedger(
            r.row.book,
            ledgerKeyForRow(r.row as never, answerer.prompt.ledgerKeyOnly ?? true),
            answerer.prompt.ledgerMode,
          )
        : (r.row.book ?? "");
    const base = {
      client,
      params: answerer.params,
      prompt,
      postprocess: answerer.postprocess,
      maxSupportK: opts.maxSupportK,
      ...answerer.run,
    };
    // Pick-then-answer: first ask which candidate supports the answer (trial 0's pick is used
    // for every trial, so trials differ only in the answer step).
    const picks = modelRows.filter((r) => r.pick);
    let resume = answerer.run.resume;
    if (picks.length > 0) {
      const res = await runModelOverRows({
        ...base,
        resume,
        trials: 1,
        rows: picks.map((r) => ({
          id: `${r.id}#pick`,
          book: r.row.book,
          question: selectionQuestion(r.row.question, String((r.row.meta as Record<string, unknown>).key)),
          meta: { ...(r.row.meta as Record<string, unknown>), requires_citation: true },
        })),
        label: "pick",
      });
      engine.push(res.summary);
      errors += res.errors.length;
      records.push(...res.records);
      if (answerer.run.resultsPath) resume = true;
      for (const rec of res.records) {
        const id = rec.item_id.slice(0, -"#pick".length);
        const r = modelRows.find((x) => x.id === id);
        const uid = rec.answer?.support_ids[0] ?? null;
        const out = outcomes.find((x) => x.selection.trace.id === id);
        if (!r || !out) continue;
        out.pick_uid = uid;
        const entry = out.selection.candidates.find((e) => e.uid === uid);
        if (entry) {
          r.entry = entry;
          r.row = { ...r.row, book: miniBook(r.row.episode_id, [entry]) };
          out.answer_entry_uid = entry.uid;
          out.selection.trace.selected_uid = entry.uid;
          out.selection.trace.selected_op = entry.trueOp;
          out.selection.trace.selected_spoofed = c.authority_spoof_rate > 0 ? entry.spoofed : null;
        }
      }
    }
    const res = await runModelOverRows({
      ...base,
      resume,
      rows: modelRows.map((r) => ({
        id: r.id,
        book: viewBook(r),
        question: r.row.question,
        meta: r.row.meta as Record<string, unknown>,
      })),
      label: "answer",
    });
    engine.push(res.summary);
    errors += res.errors.length;
    records.push(...res.records);
    const byId = new Map(modelRows.map((r) => [r.id, r]));
    const outById = new Map(outcomes.map((o) => [o.selection.trace.id, o]));
    const clamp = (a: GebAnswer | null, id: string, t: number): GebAnswer | undefined => {
      if (!a) return undefined;
      const entry = byId.get(id)?.entry;
      if (!c.copy_clamp || !entry) return a;
      const ok = valueIsSubstring(a.value, entryValue(entry));
      const out = outById.get(id);
      if (out) out.copy_clamped[t] = !ok;
      return ok ? a : { ...a, value: null };
    };
    for (let t = 0; t < trials; t++) {
      const m = new Map<string, GebAnswer | undefined>(fixed);
      for (const r of res.records) if (r.trial === t) m.set(r.item_id, clamp(r.answer, r.item_id, t));
      predictions.push(m);
    }
    if (answerer.postprocess === "reference-repair") {
      post = [];
      for (let t = 0; t < trials; t++) {
        const m = new Map<string, GebAnswer | undefined>(fixed);
        for (const r of res.records)
          if (r.trial === t) m.set(r.item_id, r.postprocessed?.answer ?? undefined);
        post.push(m);
      }
    }
  } else {
    for (let t = 0; t < trials; t++) predictions.push(new Map(fixed));
  }
  return {
    outcomes,
    predictions,
    predictionsPostprocessed: post,
    records,
    engine,
    errors,
    trials,
    embeddings: embStats,
  };
}
