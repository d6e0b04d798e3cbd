/**
 * Worker-thread entry for CPU-bound sweep cells (generate + baseline + grade). The parent
 * posts `{spec, cell, outRoot}`; the worker answers `{ok, outcome}` or `{ok: false, error}`.
 * An InputError keeps its message so the parent reports it like any other bad input.
 */
import { parentPort } from "node:worker_threads";
import { InputError } from "../../core/errors.js";
import { runBaselineCell } from "./cell.js";
parentPort?.on("message", (job) => {
    try {
        const outcome = runBaselineCell(job.spec, job.cell, job.outRoot);
        delete outcome.rowStats;
        parentPort?.postMessage({ ok: true, outcome });
    }
    catch (e) {
        const err = e;
        parentPort?.postMessage({
            ok: false,
            error: { message: err.message, input: e instanceof InputError, stack: err.stack },
        });
    }
});
//# sourceMappingURL=worker.js.map