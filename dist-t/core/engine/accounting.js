import { createRequire } from "node:module";
import { z } from "zod";
import { readJsonFile } from "../jsonl.js";
import { requireOptional } from "../optional.js";
import { parseWith } from "../schema.js";
/**
 * Token count when the server reports no usage: o200k BPE (gpt-tokenizer) over the message
 * contents when that optional package is installed (special-token text counted as plain text);
 * otherwise the chars/4 heuristic (UTF-16 code units / 4, rounded up). Either way the record
 * says `estimated: true`; docs/models.md names both estimators.
 */
export function estimateTokens(text) {
    if (text === "")
        return 0;
    const t = tokenizer();
    if (!t)
        return Math.ceil(text.length / 4);
    return t.encode(text, { disallowedSpecial: new Set() }).length;
}
/** Which estimator `estimateTokens` uses in this install. */
export const tokenEstimator = () => (tokenizer() ? "o200k" : "chars/4");
// The o200k tables are megabytes of JS (55 MB installed, hence optional): loaded synchronously,
// via the CJS build, only when a server reports no usage, so commands that never estimate start fast.
let tok;
function tokenizer() {
    if (tok === undefined)
        tok =
            requireOptional("gpt-tokenizer", () => createRequire(import.meta.url)("gpt-tokenizer")) ?? null;
    return tok;
}
export function usageFor(request, response) {
    if (response.usage)
        return { ...response.usage, estimated: false };
    let prompt = 0;
    for (const m of request.messages)
        prompt += estimateTokens(m.content);
    return { prompt_tokens: prompt, completion_tokens: estimateTokens(response.text), estimated: true };
}
const priceTableSchema = z.record(z.string(), z.object({ input_per_mtok: z.number().nonnegative(), output_per_mtok: z.number().nonnegative() }).strict());
/** Load a price table JSON: `{ "<model>": { "input_per_mtok": 0.15, "output_per_mtok": 0.6 } }`. */
export async function loadPriceTable(file) {
    return parseWith(priceTableSchema, await readJsonFile(file), { file });
}
export function priceFor(table, model) {
    if (!table)
        return undefined;
    return table[model];
}
export function costUsd(price, promptTokens, completionTokens) {
    return (promptTokens * price.input_per_mtok + completionTokens * price.output_per_mtok) / 1e6;
}
/** Nearest-rank percentiles over live (non-cached) calls. */
export function latencyStats(values) {
    if (values.length === 0)
        return null;
    const v = Float64Array.from(values).sort();
    const rank = (p) => v[Math.min(v.length - 1, Math.max(0, Math.ceil(p * v.length) - 1))];
    let sum = 0;
    for (const x of v)
        sum += x;
    return {
        n: v.length,
        mean_ms: sum / v.length,
        p50_ms: rank(0.5),
        p95_ms: rank(0.95),
        max_ms: v[v.length - 1],
    };
}
/** Spread of one metric across trials. */
export function trialStats(values) {
    if (values.length === 0)
        return null;
    let sum = 0;
    for (const x of values)
        sum += x;
    const mean = sum / values.length;
    let ss = 0;
    for (const x of values)
        ss += (x - mean) ** 2;
    return {
        n: values.length,
        mean,
        stdev: values.length > 1 ? Math.sqrt(ss / (values.length - 1)) : 0,
        min: Math.min(...values),
        max: Math.max(...values),
    };
}
/** Token, phase-time and cost totals over records (one model config). */
export function summarizeUsage(records, price) {
    let n = 0;
    let pt = 0;
    let ct = 0;
    let est = 0;
    let prefill = 0;
    let decode = 0;
    let hasPrefill = false;
    let hasDecode = false;
    for (const r of records) {
        n++;
        pt += r.usage.prompt_tokens;
        ct += r.usage.completion_tokens;
        if (r.usage.estimated)
            est++;
        if (r.timings?.prefill_ms !== undefined) {
            prefill += r.timings.prefill_ms;
            hasPrefill = true;
        }
        if (r.timings?.decode_ms !== undefined) {
            decode += r.timings.decode_ms;
            hasDecode = true;
        }
    }
    return {
        records: n,
        prompt_tokens: pt,
        completion_tokens: ct,
        estimated_records: est,
        prefill_s: hasPrefill ? prefill / 1000 : null,
        decode_s: hasDecode ? decode / 1000 : null,
        cost_usd: price ? costUsd(price, pt, ct) : null,
    };
}
/** Usage summaries per model (`kind:model`), for reports that mix several runs. */
export function summarizeByModel(records, table) {
    const groups = new Map();
    for (const r of records) {
        const k = `${r.model.kind}:${r.model.model}`;
        const g = groups.get(k);
        if (g)
            g.push(r);
        else
            groups.set(k, [r]);
    }
    const out = {};
    for (const [k, g] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        out[k] = summarizeUsage(g, priceFor(table, g[0].model.model));
    }
    return out;
}
//# sourceMappingURL=accounting.js.map