/**
 * The reference retrieval dialect (`retrieval_dialect: reference-0.1`) against the reference's
 * own retrieval adapter (selector-only, so no model): the cited entry, the adapter's
 * "correct" entry (newest of any op), whether it was retrieved and at which rank, per row.
 * Expected values: tests/fixtures/geb/reference-retrieval.json, produced by
 * reference-retrieval.py beside it (the reference CLI over parity-corpus datasets).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolvePipelineConfig } from "../../../src/geb/pipeline/config.js";
import { runGebModel } from "../../../src/geb/pipeline/gebmodel.js";
import { sharedGeb } from "../sweep/helpers.js";

interface RefRow {
  support_ids: string[] | null;
  correct_uid: string | null;
  correct_included: boolean;
  correct_rank: number | null;
  selected_uid: string | null;
}
interface RefCase {
  dataset: string;
  settings: { retriever: string; k: string; rerank: string };
  rows: Record<string, RefRow>;
}

const fixture = JSON.parse(
  readFileSync(new URL("../../fixtures/geb/reference-retrieval.json", import.meta.url), "utf8"),
) as { cases: RefCase[] };

async function ours(c: RefCase, dialect: "1.0" | "reference-0.1") {
  const res = await runGebModel({
    data: join(sharedGeb, "parity/data", `${c.dataset}.jsonl`),
    model: "retrieval",
    engine: null,
    prompt: {},
    postprocess: "none",
    pipeline: resolvePipelineConfig({
      env: {},
      flags: {
        selector_only: true,
        retriever: c.settings.retriever as "key",
        k: Number(c.settings.k),
        rerank: c.settings.rerank as "none",
        retrieval_dialect: dialect,
      },
    }),
    timings: false,
  });
  return new Map(res.payload.retrieval_stats.map((s) => [s.id, s]));
}

/**
 * With rerank none the pick is the first candidate after the shuffle, which the reference
 * seeds with `order_seed ^ hash(row_id)`: CPython's str hash (SipHash-1-3, zero key under
 * PYTHONHASHSEED=0), reproduced by the pipeline's reference dialect.
 */

describe("reference retrieval dialect equals the reference retrieval adapter", () => {
  for (const c of fixture.cases)
    it(`${c.dataset} ${c.settings.retriever} k=${c.settings.k} rerank=${c.settings.rerank}`, async () => {
      const stats = await ours(c, "reference-0.1");
      for (const [id, r] of Object.entries(c.rows)) {
        const s = stats.get(id);
        expect(s, id).toBeDefined();
        const got = {
          support_ids: s?.pred_support_ids,
          correct_uid: s?.latest_entry_uid,
          correct_included: s?.latest_entry_present,
          correct_rank: s?.latest_entry_rank,
          selected_uid: s?.selected_uid,
        };
        expect(got, id).toEqual({ ...r, support_ids: r.support_ids ?? [] });
      }
    });

  it("the 1.0 dialect differs where documented (question line only, newest-first ties, real dense)", async () => {
    const c = fixture.cases.find((x) => x.settings.retriever === "bm25" && x.settings.k === "4");
    if (!c) throw new Error("fixture lacks a bm25 case");
    const stats = await ours(c, "1.0");
    const differ = Object.entries(c.rows).filter(([id, r]) => stats.get(id)?.selected_uid !== r.selected_uid);
    expect(differ.length).toBeGreaterThan(0);
  });
});
