/**
 * Embedders for the dense retriever. `hashed` is in-project and deterministic: signed feature
 * hashing (FNV-1a) of words, adjacent word pairs and character trigrams into `dim` buckets, so related
 * strings ("tag.06" / "tag 06", "amber-0012" / "amber") share features without any model.
 * `openai` calls an OpenAI-compatible POST {base}/embeddings (vLLM, llama-server
 * --embeddings, Ollama, OpenAI) in batches; vectors are fetched before selection so the
 * selection stage itself stays synchronous and pure.
 */
export declare function hashedEmbedding(text: string, dim: number): Float32Array;
/** Memoised text → vector lookups (rows of an episode share most texts). */
export declare class EmbeddingTable {
    private readonly compute?;
    private readonly vectors;
    constructor(compute?: ((text: string) => Float32Array) | undefined);
    lookup: (text: string) => Float32Array;
    has(text: string): boolean;
    set(text: string, v: Float32Array): void;
    get size(): number;
}
export interface OpenAIEmbedderOptions {
    model: string;
    baseUrl: string;
    apiKeyEnv?: string;
    batchSize?: number;
    timeoutMs?: number;
    env?: NodeJS.ProcessEnv;
}
/** Fetch embeddings for every text not yet in `table`, `batchSize` texts per request. */
export declare function fetchOpenAIEmbeddings(table: EmbeddingTable, texts: Iterable<string>, opts: OpenAIEmbedderOptions): Promise<{
    requests: number;
    texts: number;
}>;
