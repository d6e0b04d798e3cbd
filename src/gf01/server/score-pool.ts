/**
 * Scoring off the request path. Scoring a finished episode (verification, and the AP/TS best
 * match, up to about a second on a 64-state automaton) is CPU-bound; on the event loop it
 * stalls every other player's request. `gf01 serve` hands it to worker threads: the request
 * that finishes an episode waits for its own score, the others keep being served.
 *
 * Jobs go round-robin to the least-loaded worker. A worker that fails (crash, failed start)
 * is not replaced: its pending and later jobs are scored on the main thread, with one log
 * line, so a broken pool costs latency, never a result.
 */
import { Worker } from "node:worker_threads";
import { workerEntryUrl } from "../../core/worker-entry.js";
import { compileInstance, type CompiledInstance } from "../model/compile.js";
import type { Atom, Gf01Instance } from "../model/types.js";
import { type ScoreOptions, type ScoreRow, scoreCertificate } from "../verify/score.js";
import type { ScoreJob } from "./score-worker.js";

interface Pending {
  resolve: (s: ScoreRow) => void;
  reject: (e: Error) => void;
  job: ScoreJob;
}

interface Lane {
  worker: Worker;
  pending: Map<number, Pending>;
  dead: boolean;
}

export class ScorePool {
  private readonly lanes: Lane[] = [];
  private nextId = 0;
  private readonly compiled = new Map<string, CompiledInstance>();
  private warned = false;
  /**
   * Resolves once every worker has loaded (or failed, and is scored around): a server that
   * waits for it before listening does not make its first players wait for module loading.
   */
  readonly ready: Promise<void>;

  /** `instances`: every instance that may be scored, by a key unique across bundles. */
  constructor(
    private readonly instances: ReadonlyMap<string, Gf01Instance>,
    workers: number,
    private readonly log: (line: string) => void = () => {},
    /** The worker module (tests point it at a failing one). */
    entry?: URL,
  ) {
    const url = workers > 0 ? (entry ?? workerEntryUrl(import.meta.url, "score-worker")) : undefined;
    const ready: Promise<void>[] = [];
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(url!, { workerData: [...instances] });
      const lane: Lane = { worker, pending: new Map(), dead: false };
      // Referenced until loaded (an awaited `ready` must keep the process alive), then unref'd.
      let loaded!: () => void;
      ready.push(
        new Promise<void>((r) => {
          loaded = () => {
            worker.unref();
            r();
          };
        }),
      );
      worker.on(
        "message",
        (m: { id: number; ok: boolean; score?: ScoreRow; message?: string; ready?: true }) => {
          if (m.ready) return loaded();
          const p = lane.pending.get(m.id);
          if (!p) return;
          lane.pending.delete(m.id);
          if (m.ok) p.resolve(m.score!);
          else p.reject(new Error(m.message));
        },
      );
      const fail = (why: string) => {
        loaded();
        if (lane.dead) return;
        lane.dead = true;
        if (!this.warned)
          this.log(`gf01 serve: a scoring worker failed (${why}); scoring on the main thread`);
        this.warned = true;
        for (const p of lane.pending.values()) this.inline(p.job).then(p.resolve, p.reject);
        lane.pending.clear();
      };
      worker.on("error", (e) => fail(e.message));
      worker.on("exit", (code) => fail(`exit ${code}`));
      this.lanes.push(lane);
    }
    this.ready = Promise.all(ready).then(() => undefined);
  }

  /** Score a certificate of instance `key` (same row as `scoreCertificate` on this thread). */
  score(key: string, certificate: Atom[], options: ScoreOptions): Promise<ScoreRow> {
    const job: ScoreJob = { id: this.nextId++, key, certificate, options };
    let best: Lane | undefined;
    for (const l of this.lanes) if (!l.dead && (!best || l.pending.size < best.pending.size)) best = l;
    if (!best) return this.inline(job);
    const lane = best;
    return new Promise((resolve, reject) => {
      lane.pending.set(job.id, { resolve, reject, job });
      lane.worker.postMessage(job);
    });
  }

  private async inline(job: ScoreJob): Promise<ScoreRow> {
    let ci = this.compiled.get(job.key);
    if (!ci) {
      const inst = this.instances.get(job.key);
      if (!inst) throw new Error(`no instance ${job.key}`);
      ci = compileInstance(inst);
      this.compiled.set(job.key, ci);
    }
    return scoreCertificate(ci, job.certificate, job.options);
  }

  async close(): Promise<void> {
    for (const l of this.lanes) l.dead = true;
    await Promise.all(this.lanes.map((l) => l.worker.terminate()));
  }
}
