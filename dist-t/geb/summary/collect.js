/**
 * `geb collect`: one CSV row per run over many results files (directories are searched for
 * `results.json`). `latestOnly` keeps, per run identity (model, labels, data, pipeline and
 * prompt config), the file modified last: re-running a cell replaces its row instead of
 * adding one.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { canonicalHash } from "../../core/hash.js";
import { flattenRun, readPayloads, runColumns } from "./artifacts.js";
import { toCsv } from "./csv.js";
export function findResultFiles(inputs) {
    const out = [];
    const walk = (p) => {
        let st;
        try {
            st = statSync(p);
        }
        catch {
            throw new InputError("no such file or directory", { file: p });
        }
        if (st.isFile()) {
            out.push(p);
            return;
        }
        // A sweep tree or reference run folder: its combined list stands for the whole tree.
        if (existsSync(join(p, "combined.json"))) {
            out.push(join(p, "combined.json"));
            return;
        }
        for (const name of readdirSync(p).sort()) {
            const q = join(p, name);
            if (statSync(q).isDirectory())
                walk(q);
            else if (name === "results.json")
                out.push(q);
        }
    };
    for (const i of inputs)
        walk(i);
    return out;
}
export function runIdentity(p) {
    const c = p.config;
    return canonicalHash({
        model: p.model,
        labels: p.labels ?? {},
        data: p.data.path,
        pipeline: c.pipeline ?? null,
        prompt: c.prompt ?? null,
        params: c.params ?? null,
    });
}
export function collectRuns(inputs, opts = {}) {
    const files = findResultFiles(inputs);
    let entries = files.flatMap((file) => {
        const mtime = statSync(file).mtimeMs;
        return readPayloads(file).map((p) => ({ file, mtime, p }));
    });
    if (opts.latestOnly) {
        const best = new Map();
        for (const e of entries) {
            const id = runIdentity(e.p);
            const prev = best.get(id);
            if (!prev || e.mtime > prev.mtime || (e.mtime === prev.mtime && e.file > prev.file))
                best.set(id, e);
        }
        const keep = new Set(best.values());
        entries = entries.filter((e) => keep.has(e));
    }
    const rows = entries.map((e) => flattenRun(e.p, e.file));
    return { rows, csv: toCsv(rows, runColumns(rows)), files: files.length };
}
//# sourceMappingURL=collect.js.map