/**
 * Worker-thread entry of `gf01 serve`'s scoring pool (score-pool.ts). `workerData` holds the
 * served instances by key; each message `{id, key, certificate, options}` is answered with
 * `{id, ok: true, score}` (the ScoreRow of `scoreCertificate`) or `{id, ok: false, message}`;
 * `{ready: true}` is posted once, when the module has loaded.
 * Pure: the same inputs give the same row as scoring on the main thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type CompiledInstance, compileInstance } from "../model/compile.js";
import type { Atom, Gf01Instance } from "../model/types.js";
import { type ScoreOptions, scoreCertificate } from "../verify/score.js";

export interface ScoreJob {
  id: number;
  key: string;
  certificate: Atom[];
  options: ScoreOptions;
}

const instances = new Map<string, Gf01Instance>(workerData as [string, Gf01Instance][]);
const compiled = new Map<string, CompiledInstance>();

parentPort?.on("message", (job: ScoreJob) => {
  try {
    let ci = compiled.get(job.key);
    if (!ci) {
      const inst = instances.get(job.key);
      if (!inst) throw new Error(`no instance ${job.key}`);
      ci = compileInstance(inst);
      compiled.set(job.key, ci);
    }
    parentPort?.postMessage({
      id: job.id,
      ok: true,
      score: scoreCertificate(ci, job.certificate, job.options),
    });
  } catch (e) {
    parentPort?.postMessage({ id: job.id, ok: false, message: (e as Error).message });
  }
});
// Loaded and listening: the pool may now count on this thread (ScorePool.ready).
parentPort?.postMessage({ ready: true });
