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
import { compileInstance } from "../model/compile.js";
import { scoreCertificate } from "../verify/score.js";
export class ScorePool {
    instances;
    log;
    lanes = [];
    nextId = 0;
    compiled = new Map();
    warned = false;
    /** `instances`: every instance that may be scored, by a key unique across bundles. */
    constructor(instances, workers, log = () => { }, 
    /** The worker module (tests point it at a failing one). */
    entry) {
        this.instances = instances;
        this.log = log;
        const url = workers > 0 ? (entry ?? workerEntryUrl(import.meta.url, "score-worker")) : undefined;
        for (let i = 0; i < workers; i++) {
            const worker = new Worker(url, { workerData: [...instances] });
            const lane = { worker, pending: new Map(), dead: false };
            worker.on("message", (m) => {
                const p = lane.pending.get(m.id);
                if (!p)
                    return;
                lane.pending.delete(m.id);
                if (m.ok)
                    p.resolve(m.score);
                else
                    p.reject(new Error(m.message));
            });
            const fail = (why) => {
                if (lane.dead)
                    return;
                lane.dead = true;
                if (!this.warned)
                    this.log(`gf01 serve: a scoring worker failed (${why}); scoring on the main thread`);
                this.warned = true;
                for (const p of lane.pending.values())
                    this.inline(p.job).then(p.resolve, p.reject);
                lane.pending.clear();
            };
            worker.on("error", (e) => fail(e.message));
            worker.on("exit", (code) => fail(`exit ${code}`));
            // Idle workers must not keep the process alive.
            worker.unref();
            this.lanes.push(lane);
        }
    }
    /** Score a certificate of instance `key` (same row as `scoreCertificate` on this thread). */
    score(key, certificate, options) {
        const job = { id: this.nextId++, key, certificate, options };
        let best;
        for (const l of this.lanes)
            if (!l.dead && (!best || l.pending.size < best.pending.size))
                best = l;
        if (!best)
            return this.inline(job);
        const lane = best;
        return new Promise((resolve, reject) => {
            lane.pending.set(job.id, { resolve, reject, job });
            lane.worker.postMessage(job);
        });
    }
    async inline(job) {
        let ci = this.compiled.get(job.key);
        if (!ci) {
            const inst = this.instances.get(job.key);
            if (!inst)
                throw new Error(`no instance ${job.key}`);
            ci = compileInstance(inst);
            this.compiled.set(job.key, ci);
        }
        return scoreCertificate(ci, job.certificate, job.options);
    }
    async close() {
        for (const l of this.lanes)
            l.dead = true;
        await Promise.all(this.lanes.map((l) => l.worker.terminate()));
    }
}
//# sourceMappingURL=score-pool.js.map