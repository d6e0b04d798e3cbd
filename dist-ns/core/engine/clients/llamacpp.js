import { ModelError } from "../errors.js";
import { joinUrl, postJson } from "../http.js";
import { isCount, parseLlamaTimings } from "./openai.js";
export const LLAMACPP_DEFAULT_BASE_URL = "http://localhost:8080";
/**
 * The native endpoint takes one prompt string. A single user message is sent verbatim (the
 * reference harness's shape); several messages are joined with blank lines, system first.
 */
export function messagesToPrompt(req) {
    return req.messages.map((m) => m.content).join("\n\n");
}
/**
 * Request body for POST /completion. Defaults reproduce the reference adapter's greedy decode
 * (temperature 0, top_p 1, top_k 1, repeat_penalty 1, seed 0); explicit params override.
 */
export function llamaCppBody(req) {
    const p = req.params;
    const body = {
        prompt: messagesToPrompt(req),
        n_predict: p.max_tokens ?? 64,
        temperature: p.temperature ?? 0,
        top_p: p.top_p ?? 1,
        top_k: p.top_k ?? 1,
        repeat_penalty: p.repeat_penalty ?? 1,
        seed: p.seed ?? 0,
    };
    if (p.stop !== undefined)
        body.stop = p.stop;
    const rf = p.response_format;
    if (rf && rf.type === "grammar")
        body.grammar = rf.grammar;
    else if (rf && rf.type === "json_schema")
        body.json_schema = rf.schema;
    else if (rf && rf.type === "json_object")
        body.json_schema = { type: "object" };
    if (p.extra)
        Object.assign(body, p.extra);
    return body;
}
export function parseLlamaCompletion(json) {
    const o = json;
    if (!o || typeof o !== "object" || typeof o.content !== "string") {
        throw new ModelError("bad_response", "reply has no string `content`");
    }
    const out = { text: o.content };
    if (isCount(o.tokens_evaluated) && isCount(o.tokens_predicted)) {
        out.usage = { prompt_tokens: o.tokens_evaluated, completion_tokens: o.tokens_predicted };
    }
    const timings = parseLlamaTimings(o.timings);
    if (timings)
        out.timings = timings;
    if (typeof o.stop_type === "string")
        out.finish_reason = o.stop_type;
    return out;
}
export class LlamaCppClient {
    descriptor;
    url;
    base;
    constructor(opts = {}) {
        const base = (opts.baseUrl ?? LLAMACPP_DEFAULT_BASE_URL).replace(/\/+$/, "");
        this.base = base;
        this.url = joinUrl(base, "/completion");
        this.descriptor = { kind: "llamacpp", model: opts.model ?? "default", endpoint: base };
    }
    async complete(req, ctx) {
        return parseLlamaCompletion(await postJson(this.url, llamaCppBody(req), { signal: ctx.signal, context: { baseUrl: this.base } }));
    }
}
//# sourceMappingURL=llamacpp.js.map