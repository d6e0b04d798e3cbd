/**
 * One conformance suite for every retriever × reranker (× authority filter): on random
 * ledgers (NOTE lines, repeated steps, CLEARs), the candidate set, the order, spoofing,
 * dropping and the final pick are checked against brute-force definitions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderBook } from "../../../src/geb/dataset/book.js";
import {
  DEFAULT_PIPELINE_CONFIG,
  type PipelineConfig,
  RERANKERS,
  RETRIEVERS,
} from "../../../src/geb/pipeline/config.js";
import { EmbeddingTable, hashedEmbedding } from "../../../src/geb/pipeline/embeddings.js";
import { type Candidate, ledgerCandidates } from "../../../src/geb/pipeline/ledger.js";
import { bm25Scores, denseScores, tfidfScores } from "../../../src/geb/pipeline/retrieval.js";
import { type PipelineRow, retrievalQuery, selectRow } from "../../../src/geb/pipeline/select.js";
import { LINEAR_FEATURE_ORDER, featureMatrix } from "../../../src/geb/selector/linear.js";
import type { LedgerEntry } from "../../../src/geb/dataset/types.js";

const KEYS = ["tag.00", "tag.01", "tag.02", "tag.03"];
const entryArb = fc.record({
  step: fc.integer({ min: 1, max: 40 }),
  op: fc.constantFrom("SET", "SET", "CLEAR", "NOTE") as fc.Arbitrary<LedgerEntry["op"]>,
  key: fc.constantFrom(...KEYS),
  value: fc.constantFrom("amber-0001", "cobalt-0042", "jade-7777", "teal-0100"),
});

interface Case {
  row: PipelineRow & { episode_id: string };
  ledger: Candidate[];
}

function makeCase(
  entries: { step: number; op: LedgerEntry["op"]; key: string; value: string }[],
  key: string,
): Case {
  const ledger: LedgerEntry[] = entries.map((e, i) => ({
    uid: `U${(0xa00000 + i * 7919).toString(16).toUpperCase()}`,
    step: e.step,
    op: e.op,
    key: e.key,
    value: e.op === "CLEAR" ? null : e.value,
  }));
  const book = renderBook("Test", ["chapter"], KEYS, ledger);
  const parsed = [...ledgerCandidates(book)];
  const gold = parsed
    .filter((e) => e.key === key && e.trueOp !== "NOTE")
    .sort((a, b) => b.step - a.step || b.index - a.index)[0];
  return {
    row: {
      id: `E0001-Q${key.slice(-2)}`,
      episode_id: "E0001",
      book,
      question: `Question E0001-Q001: What is the current value of ${key}?`,
      gold: { value: gold?.value ?? null, support_ids: gold ? [gold.uid] : [] },
      meta: { key, query_type: "direct" },
    },
    ledger: parsed,
  };
}

const caseArb = fc
  .tuple(fc.array(entryArb, { minLength: 1, maxLength: 24 }), fc.constantFrom(...KEYS))
  .map(([e, k]) => makeCase(e, k));

const newer = (a: Candidate, b: Candidate) => a.step > b.step || (a.step === b.step && a.index > b.index);
const newest = (l: Candidate[]) => l.reduce((best, e) => (newer(e, best) ? e : best));

const WEIGHTS = LINEAR_FEATURE_ORDER.map((f, i) =>
  f === "is_authoritative" ? 3 : f === "step_norm" ? 2 : f === "pos_norm" ? 0.25 : (i % 3) * 0.1,
);
const embed = new EmbeddingTable((t) => hashedEmbedding(t, 64)).lookup;

function scores(retriever: string, pool: Candidate[], q: string): Float64Array {
  if (retriever === "bm25") return bm25Scores(pool, q);
  if (retriever === "tfidf") return tfidfScores(pool, q);
  return denseScores(pool, q, embed);
}

describe.each(RETRIEVERS)("retriever %s", (retriever) => {
  describe.each(RERANKERS)("rerank %s", (rerank) => {
    it.each([false, true])("authority filter %s: candidates, order and pick match brute force", (filter) => {
      fc.assert(
        fc.property(caseArb, fc.integer({ min: 1, max: 6 }), ({ row, ledger }, k) => {
          const config: PipelineConfig = {
            ...DEFAULT_PIPELINE_CONFIG,
            retriever,
            rerank,
            k,
            authority_filter: filter,
            order: "shuffle",
            selector_only: true,
            linear_model: rerank === "linear" ? "inline" : null,
            dense_dim: 64,
          };
          const sel = selectRow(row, { config, linearWeights: WEIGHTS, embed });
          const key = (row.meta as { key: string }).key;
          const t = sel.trace;
          expect(t.eligible).toBe(true);
          // The pool the retriever saw.
          let pool = ledger;
          if (filter && ledger.some((e) => e.trueOp !== "NOTE"))
            pool = ledger.filter((e) => e.trueOp !== "NOTE");
          const uids = sel.candidates.map((e) => e.uid);
          expect(new Set(uids).size).toBe(uids.length);
          expect(uids.length).toBeLessThanOrEqual(k);
          for (const e of sel.candidates) expect(pool.some((p) => p.uid === e.uid)).toBe(true);
          // Retrieved set = brute-force top-k with ties to the newer entry.
          let expected: Candidate[];
          if (retriever === "key") {
            expected = pool
              .filter((e) => e.key === key)
              .sort((a, b) => (newer(a, b) ? -1 : 1))
              .slice(0, k);
          } else {
            const s = scores(retriever, pool, retrievalQuery(row.question));
            const better = (i: number, j: number) =>
              s[i] > s[j] || (s[i] === s[j] && newer(pool[i], pool[j]));
            expected = pool.filter((_, i) => pool.filter((_, j) => j !== i && better(j, i)).length < k);
          }
          expect([...uids].sort()).toEqual(expected.map((e) => e.uid).sort());
          // Shuffle is a permutation; gold presence is exactly membership.
          expect(t.gold_present).toBe(t.gold_uid !== null && uids.includes(t.gold_uid));
          // The pick.
          const c = sel.candidates;
          const chosen = sel.chosen;
          if (c.length === 0) {
            expect(chosen).toBeNull();
            return;
          }
          let want: Candidate;
          switch (rerank) {
            case "none":
              want = c[0];
              break;
            case "last_occurrence":
              want = c[c.length - 1];
              break;
            case "latest_step":
              want = newest(c);
              break;
            case "prefer_set_latest":
              want = newest(c.some((e) => e.op === "SET") ? c.filter((e) => e.op === "SET") : c);
              break;
            case "prefer_update_latest":
              want = newest(c.some((e) => e.op !== "NOTE") ? c.filter((e) => e.op !== "NOTE") : c);
              break;
            default: {
              const m = featureMatrix(c, row.question, key);
              const sc = c.map((_, i) => WEIGHTS.reduce((a, w, j) => a + w * m[i * WEIGHTS.length + j], 0));
              want = c.reduce((best, e, i) => {
                const bi = c.indexOf(best);
                return sc[i] > sc[bi] || (sc[i] === sc[bi] && newer(e, best)) ? e : best;
              });
            }
          }
          expect(chosen?.uid).toBe(want.uid);
          expect(t.selected_uid).toBe(want.uid);
          expect(t.selected_op).toBe(want.trueOp);
        }),
        { numRuns: 40 },
      );
    });
  });
});

describe("candidate-set transforms", () => {
  const base: PipelineConfig = { ...DEFAULT_PIPELINE_CONFIG, k: 5, selector_only: true };

  it("gold_first / gold_middle / gold_last place the gold line; other lines keep ledger order", () => {
    fc.assert(
      fc.property(caseArb, ({ row }) => {
        for (const order of ["gold_first", "gold_middle", "gold_last"] as const) {
          const s = selectRow(row, { config: { ...base, order } });
          const uids = s.trace.candidate_uids;
          const gold = s.trace.gold_uid;
          if (!gold || !uids.includes(gold) || uids.length < 2) continue;
          const rest = uids.filter((u) => u !== gold);
          const at =
            order === "gold_first"
              ? 0
              : order === "gold_last"
                ? uids.length - 1
                : Math.floor(rest.length / 2);
          expect(uids.indexOf(gold)).toBe(at);
          const steps = rest.map((u) => s.candidates.find((e) => e.uid === u)!);
          for (let i = 1; i < steps.length; i++) expect(newer(steps[i], steps[i - 1])).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("spoofing flips the shown op of exactly the counted candidates and never the true op", () => {
    fc.assert(
      fc.property(caseArb, fc.double({ min: 0.01, max: 1, noNaN: true }), ({ row, ledger }, rate) => {
        const s = selectRow(row, {
          config: { ...base, authority_spoof_rate: rate, rerank: "prefer_update_latest" },
        });
        const flipped = s.candidates.filter((e) => e.spoofed);
        expect(flipped.length).toBe(s.trace.spoof_count);
        for (const e of s.candidates) {
          const orig = ledger.find((x) => x.uid === e.uid)!;
          expect(e.trueOp).toBe(orig.trueOp);
          expect(e.op).toBe(e.spoofed ? (orig.op === "NOTE" ? "SET" : "NOTE") : orig.op);
        }
        if (s.chosen) expect(s.trace.selected_spoofed).toBe(s.chosen.spoofed);
      }),
      { numRuns: 60 },
    );
  });

  it("drop 1 removes a retrieved gold line; oracle abstain fires exactly when gold is missing", () => {
    fc.assert(
      fc.property(caseArb, ({ row }) => {
        const keep = selectRow(row, { config: base });
        const drop = selectRow(row, { config: { ...base, drop_prob: 1, abstain_on_missing: true } });
        expect(drop.trace.gold_present).toBe(false);
        expect(drop.trace.dropped_correct).toBe(keep.trace.gold_present);
        expect(drop.trace.abstained).toBe(true);
        expect(drop.chosen).toBeNull();
        const obs = selectRow(row, {
          config: { ...base, drop_prob: 1, abstain_on_missing: true, abstain_policy: "observable" },
        });
        const hasAuth = obs.candidates.some((e) => e.key === obs.trace.key && e.op !== "NOTE");
        expect(obs.trace.abstained).toBe(!hasAuth);
      }),
      { numRuns: 60 },
    );
  });

  it("draws depend on the seed and row id only (stable across calls and row order)", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 1000 }), ({ row }, seed) => {
        const cfg = {
          ...base,
          order_seed: seed,
          authority_spoof_rate: 0.5,
          authority_spoof_seed: seed,
          drop_prob: 0.5,
          drop_seed: seed,
        };
        const a = selectRow(row, { config: cfg });
        const b = selectRow(row, { config: cfg });
        expect(b.trace).toEqual(a.trace);
      }),
      { numRuns: 40 },
    );
  });
});

describe("scoring (hand-computed)", () => {
  const { ledger, row } = makeCase(
    [
      { step: 1, op: "SET", key: "tag.00", value: "amber-0001" },
      { step: 2, op: "SET", key: "tag.01", value: "cobalt-0042" },
    ],
    "tag.00",
  );
  it("bm25: k1 1.5, b 0.75, idf log((N-n+0.5)/(n+0.5)+1)", () => {
    // Docs "set tag 00 amber 0001" / "set tag 01 cobalt 0042" (5 tokens each, avgdl 5).
    // Query tokens: question e0001 q001 what is the current value of tag 00.
    // Matching: "tag" (n=2) in both; "00" (n=1) in doc 0 only.
    const idf = (n: number) => Math.log((2 - n + 0.5) / (n + 0.5) + 1);
    const tf1 = (1 * 2.5) / (1 + 1.5); // tf 1, dl = avgdl
    const s = bm25Scores(ledger, row.question);
    expect(s[0]).toBeCloseTo(idf(2) * tf1 + idf(1) * tf1, 12);
    expect(s[1]).toBeCloseTo(idf(2) * tf1, 12);
  });
  it("tfidf: smoothed idf and cosine", () => {
    const idf = (n: number) => Math.log(3 / (n + 1)) + 1;
    const s = tfidfScores(ledger, "tag 00");
    // doc 0 vector: set, tag (n=2) weight idf(2); 00, amber, 0001 (n=1) idf(1). Query: tag idf(2), 00 idf(1).
    const d0 = [idf(2), idf(2), idf(1), idf(1), idf(1)];
    const q = [idf(2), idf(1)];
    const dot = idf(2) * idf(2) + idf(1) * idf(1);
    const norm = (v: number[]) => Math.sqrt(v.reduce((a, x) => a + x * x, 0));
    expect(s[0]).toBeCloseTo(dot / (norm(d0) * norm(q)), 12);
  });
});
