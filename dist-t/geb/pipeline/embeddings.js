/**
 * Embedders for the dense retriever. `hashed` is in-project and deterministic: signed feature
 * hashing (FNV-1a) of words, adjacent word pairs and character trigrams into `dim` buckets, so related
 * strings ("tag.06" / "tag 06", "amber-0012" / "amber") share features without any model.
 * `openai` calls an OpenAI-compatible POST {base}/embeddings (vLLM, llama-server
 * --embeddings, Ollama, OpenAI) in batches; vectors are fetched before selection so the
 * selection stage itself stays synchronous and pure.
 */
import { ModelError } from "../../core/engine/errors.js";
import { joinUrl, postJson } from "../../core/engine/http.js";
import { InputError } from "../../core/errors.js";
import { tokenize } from "./retrieval.js";
function fnv1a(s, seed) {
    let h = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = 0; i < s.length; i++) {
        h ^= s.charCodeAt(i);
        h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h >>> 0;
}
export function hashedEmbedding(text, dim) {
    const v = new Float32Array(dim);
    const add = (feature, weight) => {
        const h = fnv1a(feature, 0);
        const sign = fnv1a(feature, 0x9e3779b9) & 1 ? -1 : 1;
        v[h % dim] += sign * weight;
    };
    const toks = tokenize(text);
    toks.forEach((tok, i) => {
        add(`w:${tok}`, 1);
        // Adjacent-word pairs carry identifiers that span punctuation ("tag.09" → "tag 09").
        if (i > 0)
            add(`b:${toks[i - 1]} ${tok}`, 2);
        const padded = `<${tok}>`;
        for (let j = 0; j + 3 <= padded.length; j++)
            add(`c:${padded.slice(j, j + 3)}`, 0.1);
    });
    return v;
}
/** Memoised text → vector lookups (rows of an episode share most texts). */
export class EmbeddingTable {
    compute;
    vectors = new Map();
    constructor(compute) {
        this.compute = compute;
    }
    lookup = (text) => {
        let v = this.vectors.get(text);
        if (!v) {
            if (!this.compute)
                throw new Error(`no embedding fetched for ${JSON.stringify(text.slice(0, 60))}`);
            v = this.compute(text);
            this.vectors.set(text, v);
        }
        return v;
    };
    has(text) {
        return this.vectors.has(text);
    }
    set(text, v) {
        this.vectors.set(text, v);
    }
    get size() {
        return this.vectors.size;
    }
}
/** Fetch embeddings for every text not yet in `table`, `batchSize` texts per request. */
export async function fetchOpenAIEmbeddings(table, texts, opts) {
    const todo = [...new Set(texts)].filter((t) => !table.has(t));
    const env = opts.env ?? process.env;
    const key = env[opts.apiKeyEnv ?? "OPENAI_API_KEY"];
    const headers = key ? { authorization: `Bearer ${key}` } : {};
    const url = joinUrl(opts.baseUrl, "/embeddings");
    const batch = opts.batchSize ?? 64;
    let requests = 0;
    for (let i = 0; i < todo.length; i += batch) {
        const chunk = todo.slice(i, i + batch);
        let reply;
        try {
            reply = await postJson(url, { model: opts.model, input: chunk }, { headers, signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000), secrets: [key] });
        }
        catch (e) {
            if (e instanceof ModelError)
                throw new InputError(`embeddings request failed: ${e.message}`, { field: "--dense-base-url" });
            throw e;
        }
        requests++;
        const data = reply?.data;
        if (!Array.isArray(data) || data.length !== chunk.length)
            throw new InputError(`embeddings reply has no data[] of ${chunk.length} vectors`, {
                field: "--dense-base-url",
            });
        for (const item of data) {
            const at = typeof item.index === "number" ? item.index : data.indexOf(item);
            if (!Array.isArray(item.embedding) || at < 0 || at >= chunk.length)
                throw new InputError("embeddings reply item without an embedding list", {
                    field: "--dense-base-url",
                });
            table.set(chunk[at], Float32Array.from(item.embedding));
        }
    }
    return { requests, texts: todo.length };
}
//# sourceMappingURL=embeddings.js.map