/**
 * The dense retriever: the in-project hashed embedder, and an OpenAI-compatible
 * /v1/embeddings server over real HTTP (here one that serves the hashed vectors, so both
 * paths must select identically).
 */
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePipelineConfig } from "../../../src/geb/pipeline/config.js";
import { cosine } from "../../../src/geb/pipeline/retrieval.js";
import { hashedEmbedding } from "../../../src/geb/pipeline/embeddings.js";
import { loadRows, runGebModel } from "../../../src/geb/pipeline/gebmodel.js";
import { ledgerCandidates } from "../../../src/geb/pipeline/ledger.js";
import { kvCommentary, tmp } from "./helpers.js";

let server: Server;
let url: string;
let requests = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      requests++;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model: string; input: string[] };
      if (req.url !== "/v1/embeddings" || body.model !== "hash-512") {
        res.writeHead(404).end("{}");
        return;
      }
      // Reply in reverse order with explicit indices (clients must use `index`).
      const data = body.input
        .map((t, index) => ({ object: "embedding", index, embedding: [...hashedEmbedding(t, 512)] }))
        .reverse();
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ object: "list", data }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("hashed embedder", () => {
  it("is deterministic and puts related strings closer than unrelated ones", () => {
    const a = hashedEmbedding("SET tag.06 amber-0012", 256);
    expect([...hashedEmbedding("SET tag.06 amber-0012", 256)]).toEqual([...a]);
    const q = hashedEmbedding("What is the current value of tag.06?", 256);
    const other = hashedEmbedding("SET tag.11 cobalt-9931", 256);
    expect(cosine(a, q)).toBeGreaterThan(cosine(other, q));
  });
});

describe("openai embedder", () => {
  it("fetches vectors over HTTP in batches and selects exactly as the same vectors in-process", async () => {
    const data = kvCommentary(tmp(), 0, 1);
    const run = async (flags: Record<string, unknown>) =>
      (
        await runGebModel({
          data,
          model: "retrieval",
          engine: null,
          prompt: {},
          postprocess: "none",
          pipeline: resolvePipelineConfig({
            env: {},
            flags: {
              selector_only: true,
              retriever: "dense",
              k: 3,
              rerank: "prefer_update_latest",
              dense_dim: 512,
              ...flags,
            },
          }),
          timings: false,
        })
      ).payload;
    const local = await run({});
    const remote = await run({ dense_embedder: "openai", dense_model: "hash-512", dense_base_url: url });
    expect(requests).toBeGreaterThan(0);
    expect(remote.efficiency.embedding_requests).toBe(requests);
    expect(remote.retrieval_stats.map((r) => r.candidate_uids)).toEqual(
      local.retrieval_stats.map((r) => r.candidate_uids),
    );
    expect(remote.metrics).toEqual(local.metrics);
    // A real retriever: most retrieved lines are about the asked key (it has no notion of
    // recency, so which of the key's lines come first is another matter).
    const rows = loadRows(data);
    let onKey = 0;
    let total = 0;
    rows.forEach((row, i) => {
      const byUid = new Map(ledgerCandidates(row.book).map((e) => [e.uid, e]));
      for (const uid of local.retrieval_stats[i].candidate_uids ?? []) {
        total++;
        if (byUid.get(uid)?.key === (row.meta as { key: string }).key) onKey++;
      }
    });
    expect(onKey / total).toBeGreaterThan(0.9);
  });
});
