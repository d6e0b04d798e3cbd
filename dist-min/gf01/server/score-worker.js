/**
 * Worker-thread entry of `gf01 serve`'s scoring pool (score-pool.ts). `workerData` holds the
 * served instances by key; each message `{id, key, certificate, options}` is answered with
 * `{id, ok: true, score}` (the ScoreRow of `scoreCertificate`) or `{id, ok: false, message}`.
 * Pure: the same inputs give the same row as scoring on the main thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { compileInstance } from "../model/compile.js";
import { scoreCertificate } from "../verify/score.js";
const instances = new Map(workerData);
const compiled = new Map();
parentPort?.on("message", (job) => {
    try {
        let ci = compiled.get(job.key);
        if (!ci) {
            const inst = instances.get(job.key);
            if (!inst)
                throw new Error(`no instance ${job.key}`);
            ci = compileInstance(inst);
            compiled.set(job.key, ci);
        }
        parentPort?.postMessage({
            id: job.id,
            ok: true,
            score: scoreCertificate(ci, job.certificate, job.options),
        });
    }
    catch (e) {
        parentPort?.postMessage({ id: job.id, ok: false, message: e.message });
    }
});
//# sourceMappingURL=score-worker.js.map