import { lstat, mkdir, open, readFile, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { InputError } from "../errors.js";
import { readJournal } from "../journal.js";
import { jsonLineValue, outputPathProblem, writeError } from "../jsonl.js";
import { type Lock, lockJournal } from "../lock.js";
import { parseWith, registerSchema } from "../schema.js";

export const RECORD_SCHEMA_ID = "oraclebench.engine.record/1";

/** How long appended records may wait to be written with the next ones. */
const FLUSH_MS = 20;

/**
 * One model answer. Deterministic content first; `runtime` holds wall-clock diagnostics
 * (latency, cache hit, attempts) that are never inputs to a score. Tasks add their own
 * fields (parsed answer, invalid reason, post-processing) next to these.
 */
export const engineRecordSchema = z.looseObject({
  schema: z.literal(RECORD_SCHEMA_ID),
  item_id: z.string(),
  trial: z.number().int().nonnegative(),
  config_hash: z.string(),
  model: z.object({ kind: z.string(), model: z.string(), endpoint: z.string() }),
  prompt_template: z.string().nullable(),
  prompt_sha256: z.string(),
  raw_text: z.string(),
  finish_reason: z.string().nullable(),
  usage: z.object({
    prompt_tokens: z.number().int().nonnegative(),
    completion_tokens: z.number().int().nonnegative(),
    estimated: z.boolean(),
  }),
  timings: z.object({ prefill_ms: z.number().optional(), decode_ms: z.number().optional() }).nullable(),
  runtime: z.object({
    latency_ms: z.number().nullable(),
    cached: z.boolean(),
    attempts: z.number().int().nonnegative(),
  }),
});
registerSchema("engine-record", engineRecordSchema);

export type EngineRecord = z.infer<typeof engineRecordSchema>;

export function recordKey(itemId: string, configHash: string, trial: number): string {
  return JSON.stringify([itemId, configHash, trial]);
}

export interface OpenResultsOptions {
  /** Keep existing rows and skip their keys (default false). */
  resume?: boolean;
  /** Start a fresh file even if one exists (default false: refuse, so nothing is lost by accident). */
  overwrite?: boolean;
}

/**
 * Append-only results JSONL keyed by (item id, config hash, trial). Each record is one
 * `write` of a whole line, serialised through one queue, so a SIGKILL leaves at most a torn
 * last line; `--resume` drops that torn tail, keeps every complete row, and the run redoes
 * only what is missing. A key already present is never written twice.
 */
export class ResultsStore {
  private readonly records = new Map<string, EngineRecord>();
  private queue: Promise<void> = Promise.resolve();
  private flushing: Promise<void> | undefined;
  private pending: string[] = [];
  private failed: unknown;

  private constructor(
    readonly file: string,
    private readonly fh: import("node:fs/promises").FileHandle,
    private readonly lock: Lock,
  ) {}

  static async open(file: string, opts: OpenResultsOptions = {}): Promise<ResultsStore> {
    const problem = await outputPathProblem(file);
    if (problem) throw new InputError(problem, { file });
    // A dangling symlink would be followed into a folder that does not exist (or created there).
    if (
      (await lstat(file).catch(() => undefined))?.isSymbolicLink() &&
      !(await stat(file).catch(() => undefined))
    )
      throw new InputError("is a symbolic link to a file that does not exist", { file });
    try {
      await mkdir(dirname(file), { recursive: true });
    } catch (e) {
      throw writeError(file, e);
    }
    let exists = false;
    try {
      exists = (await stat(file)).size > 0;
    } catch {}
    if (exists && !opts.resume && !opts.overwrite) {
      throw new InputError(
        "results file already exists; pass --resume to continue it or --overwrite to replace it",
        {
          file,
        },
      );
    }
    // One run at a time appends here (a second one would write rows twice or tear lines).
    const lock = await lockJournal(file);
    try {
      const loaded =
        exists && opts.resume ? await readJournal(file, (v) => parseWith(engineRecordSchema, v)) : [];
      let fh: import("node:fs/promises").FileHandle;
      try {
        fh = await open(file, exists && opts.resume ? "a" : "w");
      } catch (e) {
        throw writeError(file, e);
      }
      const store = new ResultsStore(file, fh, lock);
      for (const { value: r } of loaded) store.records.set(recordKey(r.item_id, r.config_hash, r.trial), r);
      return store;
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  get size(): number {
    return this.records.size;
  }

  has(key: string): boolean {
    return this.records.has(key);
  }

  get(key: string): EngineRecord | undefined {
    return this.records.get(key);
  }

  /** Append a record unless its key is already stored (returns false then). */
  append(record: EngineRecord): Promise<boolean> {
    const key = recordKey(record.item_id, record.config_hash, record.trial);
    if (this.records.has(key)) return Promise.resolve(false);
    this.records.set(key, record);
    this.pending.push(`${JSON.stringify(record)}\n`);
    // Lines are gathered for up to FLUSH_MS and written together: one syscall per batch
    // instead of one per answer. Every write holds whole lines only; a SIGKILL loses at most
    // the last batch, which --resume simply asks again.
    if (!this.flushing) {
      this.flushing = this.queue
        .then(() => new Promise<void>((r) => setTimeout(r, FLUSH_MS)))
        .then(() => this.flush());
      this.queue = this.flushing;
    }
    return this.flushing.then(() => true);
  }

  private async flush(): Promise<void> {
    this.flushing = undefined;
    if (this.failed) throw this.failed;
    const chunk = this.pending.join("");
    this.pending = [];
    try {
      await this.fh.write(chunk);
    } catch (e) {
      this.failed = e;
      throw e;
    }
  }

  async close(): Promise<void> {
    try {
      await this.queue.catch(() => {});
      await this.fh.sync();
      await this.fh.close();
    } finally {
      this.lock.release();
    }
    if (this.failed) throw this.failed;
  }
}

/** Read a results file (e.g. for reporting); later duplicates of a key are ignored. */
export async function readResults(file: string): Promise<EngineRecord[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    // Missing, a directory, a symlink loop: one line naming the file, not a raw fs error.
    throw new InputError(
      `cannot read results: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      {
        file,
      },
    );
  }
  const seen = new Set<string>();
  const out: EngineRecord[] = [];
  let line = 0;
  for (const s of text.split("\n")) {
    line++;
    if (s.trim() === "") continue;
    const r = parseWith(engineRecordSchema, jsonLineValue(s, file, line), { file, line });
    const k = recordKey(r.item_id, r.config_hash, r.trial);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return out;
}
