/**
 * Cell runners that answer a generated dataset in the main thread (model calls are I/O bound,
 * so the engine's own concurrency does the parallel work). Baseline cells do not come here:
 * they are CPU work and run in worker threads (./worker.ts).
 *
 * Extension point: the GEB retrieval/selection pipeline registers `"pipeline"` with
 * `registerCellRunner`; until then a grid that needs it fails up front with a clear message.
 */
import { InputError } from "../../core/errors.js";
const runners = new Map();
const validators = new Map();
export function registerCellRunner(kind, run, validate) {
    runners.set(kind, run);
    if (validate)
        validators.set(kind, validate);
}
/** Run the kind's validator, if it has one (the sweep calls this before writing any file). */
export function validateRunnerCells(kind, spec, cells) {
    validators.get(kind)?.(spec, cells);
}
export function cellRunnerFor(kind) {
    const r = runners.get(kind);
    if (!r) {
        throw new InputError(kind === "pipeline"
            ? "pipeline cells need the GEB retrieval/selection pipeline, which is not registered in this build (registerCellRunner('pipeline', …))"
            : `no cell runner registered for "${kind}"`, { field: kind === "pipeline" ? "pipeline grid" : "--model" });
    }
    return r;
}
export function hasCellRunner(kind) {
    return runners.has(kind);
}
//# sourceMappingURL=runners.js.map