/**
 * GEB prompt family and answer handling on the reference's own data: prompts equal the
 * reference texts, the ledger view follows the latest-authoritative rule (property test
 * against a brute-force reading), the whole row → prompt → model → record pipeline answers
 * the gold on real rows, the answer contract catches out-of-contract outputs, and the
 * opt-in citation repair is reported apart from the model's own answer.
 */
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { readJsonlAll } from "../../../src/core/jsonl.js";
import {
  LlamaCppClient,
  createBuiltinClient,
  getTemplate,
  ledgerReaderAnswer,
  renderTemplate,
} from "../../../src/core/engine/index.js";
import {
  GEB_PROMPT_CITATIONS,
  GEB_PROMPT_CITATIONS_SANDWICH,
  GEB_PROMPT_VALUE_ONLY,
  GEB_PROMPT_VALUE_ONLY_SANDWICH,
  GEB_STOP,
  type GebPromptRow,
  buildGebPrompt,
  extractLedger,
  gebEfficiency,
  gebPredictions,
  interpretGebText,
  parseBookLedger,
  pySplitLines,
  referenceCitationRepair,
  runModelOverRows,
  truncateWords,
} from "../../../src/geb/model/index.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { fixtures, gebData } from "../../core/engine/helpers.js";

interface Row extends GebPromptRow {
  gold: { value: string | null; support_ids: string[] };
}

let rows: Row[];
let domainRows: Row[];
let refPrompts: Record<string, unknown>;
beforeAll(async () => {
  rows = await readJsonlAll<Row>(join(gebData, "bad_actor_holdout_e0001.jsonl"));
  domainRows = await readJsonlAll<Row>(join(gebData, "rag_domain_exception.jsonl"));
  refPrompts = (await import(join(fixtures, "geb-reference-prompts.json"), { with: { type: "json" } }))
    .default;
});

describe("prompt templates", () => {
  it("are the reference prompt texts, versioned", () => {
    expect(GEB_PROMPT_CITATIONS.text).toBe(refPrompts.PROMPT_WITH_CITATIONS);
    expect(GEB_PROMPT_CITATIONS_SANDWICH.text).toBe(refPrompts.PROMPT_WITH_CITATIONS_SANDWICH);
    expect(GEB_PROMPT_VALUE_ONLY.text).toBe(refPrompts.PROMPT_VALUE_ONLY);
    expect(GEB_PROMPT_VALUE_ONLY_SANDWICH.text).toBe(refPrompts.PROMPT_VALUE_ONLY_SANDWICH);
    expect(GEB_STOP).toEqual(refPrompts.STOP_SEQS);
    expect(getTemplate("geb.ledger.citations")).toBe(GEB_PROMPT_CITATIONS);
    expect(getTemplate("geb.ledger.value.sandwich@1")).toBe(GEB_PROMPT_VALUE_ONLY_SANDWICH);
  });

  it("fill slots literally: braces, $ patterns and slot names inside values are kept as is", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (ledger, question) => {
        const out = renderTemplate(GEB_PROMPT_CITATIONS_SANDWICH, { ledger, question });
        const [head] = (refPrompts.PROMPT_WITH_CITATIONS_SANDWICH as string).split("QUESTION:\n{question}");
        expect(out).toBe(
          `${head}QUESTION:\n${question}\n\nLEDGER:\n${ledger}\n\nQUESTION:\n${question}\n\nRespond with only JSON.`,
        );
      }),
    );
    const out = renderTemplate(GEB_PROMPT_VALUE_ONLY, {
      ledger: "{question} $& $1 {{x}}",
      question: "{ledger}",
    });
    expect(out).toContain("LEDGER:\n{question} $& $1 {{x}}\n\nQUESTION:\n{ledger}\n");
  });

  it("split lines and words like Python", () => {
    expect(pySplitLines("a\nb\r\nc\rd\u2028e\x1cf\n")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(pySplitLines("a\n\n")).toEqual(["a", ""]);
    expect(pySplitLines("")).toEqual([]);
    expect(truncateWords("a  b\tc\nd e", 3)).toBe("c d e");
    expect(truncateWords("a b", 3)).toBe("a b");
    expect(truncateWords("a b c", 0)).toBe("a b c");
  });
});

const arbLedger = fc.array(
  fc.record({
    step: fc.integer({ min: 1, max: 30 }),
    op: fc.constantFrom("SET", "CLEAR", "NOTE"),
    key: fc.constantFrom("tag.00", "tag.01", "tag.02"),
    value: fc.stringMatching(/^[a-z]{3,6}-\d{4}$/),
  }),
  { maxLength: 25 },
);

function bookOf(entries: { step: number; op: string; key: string; value: string }[]) {
  const lines = entries.map((e, i) => {
    const uid = `U${(0xa00000 + i).toString(16).toUpperCase()}`;
    return e.op === "CLEAR"
      ? `- [${uid}] step=${e.step} CLEAR ${e.key}`
      : `- [${uid}] step=${e.step} ${e.op} ${e.key} = ${e.value}`;
  });
  return `# Episode\n## Reading Rules\n- x\n\n## Chapter 1\nSET tag.00 = decoy-0000\n\n## State Ledger\n${lines.join("\n")}\n`;
}

describe("ledger view", () => {
  it("shows, for the asked key, exactly its latest SET/CLEAR (highest step, later line on ties)", () => {
    fc.assert(
      fc.property(arbLedger, fc.constantFrom("tag.00", "tag.01", "tag.02"), (entries, key) => {
        const book = bookOf(entries);
        const parsed = parseBookLedger(book);
        expect(parsed).toHaveLength(entries.length);
        if (parsed.length === 0) {
          // No ledger lines: the reference passes the whole book through.
          expect(extractLedger(book, key)).toBe(book);
          return;
        }
        const view = extractLedger(book, key).split("\n");
        expect(view[0]).toBe("## State Ledger");
        const authoritative = parsed.filter((e) => e.key === key && e.op !== "NOTE");
        if (!parsed.some((e) => e.key === key)) {
          // Unknown key: the reference falls back to every key's latest entry.
          const keys = new Set(parsed.filter((e) => e.op !== "NOTE").map((e) => e.key));
          expect(view.length - 1).toBe(keys.size);
          return;
        }
        if (authoritative.length === 0) {
          expect(view).toEqual(["## State Ledger"]);
          return;
        }
        let best = authoritative[0];
        for (const e of authoritative) if (e.step >= best.step) best = e;
        expect(view).toHaveLength(2);
        expect(view[1]).toContain(`[${best.uid}] step=${best.step} ${best.op} ${key}`);
      }),
    );
  });
});

describe("row → prompt → model → record on reference rows", () => {
  it("prompt for a row carries the asked key's latest entry and the full question", () => {
    const p = buildGebPrompt(rows[0]);
    expect(p.templateRef).toBe("geb.ledger.citations@1");
    expect(p.ledger).toBe(
      `## State Ledger\n- [UD8291F] step=${/\[UD8291F\] step=(\d+)/.exec(rows[0].book!)![1]} SET tag.08 = crimson-9684`,
    );
    expect(p.prompt).toContain(`QUESTION:\n${rows[0].question}\n\nRespond with only JSON.`);
    const v = buildGebPrompt(rows[0], { requireCitations: false, querySandwich: true });
    expect(v.templateRef).toBe("geb.ledger.citations.sandwich@1"); // row meta says citations
    const vo = buildGebPrompt(
      { ...rows[0], meta: { ...rows[0].meta, requires_citation: false } },
      { querySandwich: true },
    );
    expect(vo.templateRef).toBe("geb.ledger.value.sandwich@1");
    expect(vo.question).toBe("Question E0001-Q001: What is the value of tag.08?");
  });

  it("built-in ledger reader answers every reference row's gold through the full pipeline", async () => {
    const all = [...rows, ...domainRows];
    const res = await runModelOverRows({
      rows: all,
      client: createBuiltinClient("ledger-reader"),
      progress: false,
    });
    expect(res.records).toHaveLength(all.length);
    for (const [i, r] of res.records.entries()) {
      expect(r.invalid_reason).toBeNull();
      expect(r.answer).toEqual({ value: all[i].gold.value, support_ids: all[i].gold.support_ids });
      expect(r.prompt_template).toBe("geb.ledger.citations@1");
      expect(r.usage.estimated).toBe(true);
    }
    const { predictions, invalid } = gebPredictions(res.records);
    expect(predictions.size).toBe(all.length);
    expect(invalid.size).toBe(0);
  });
});

describe("answer contract (no rewriting)", () => {
  const validIds = new Set(["UD8291F", "U0000AA"]);
  const c = { requireCitations: true, validIds, maxSupportK: 3 };
  it.each([
    [
      '{"value": "crimson-9684", "support_ids": ["UD8291F"]}',
      { value: "crimson-9684", support_ids: ["UD8291F"] },
      null,
    ],
    [
      'Sure! {"value": null, "support_ids": "UD8291F"} hope it helps',
      { value: null, support_ids: ["UD8291F"] },
      null,
    ],
    ['{"value": 7, "support_id": "UD8291F"}', { value: "7", support_ids: ["UD8291F"] }, null],
    ['{"value": true, "support_ids": []}', { value: "True", support_ids: [] }, null],
    ["no json here", null, "no JSON object in the output"],
    ["{}", null, "no JSON object in the output"],
    ['{"support_ids": ["UD8291F"]}', null, 'missing key "value"'],
    ['{"value": {"a": 1}, "support_ids": []}', null, '"value" must be a string or null, got an object'],
    ['{"value": "x", "support_ids": [1]}', null, '"support_ids" must be a list of strings'],
    [
      '{"value": "x", "support_ids": ["UD8291F","U0000AA","UD8291F","U0000AA"]}',
      null,
      "support_ids has 4 entries (max 3)",
    ],
    ['{"value": "x", "support_ids": ["ud8291f"]}', null, 'support_id "ud8291f" is not a ledger entry'],
  ])("%s", (text, answer, reason) => {
    expect(interpretGebText(text, c)).toEqual({ answer, invalid_reason: reason });
  });
  it("value-only answers ignore support_ids", () => {
    expect(
      interpretGebText('{"value": "a", "support_ids": ["BOGUS"]}', { ...c, requireCitations: false }),
    ).toEqual({
      answer: { value: "a", support_ids: [] },
      invalid_reason: null,
    });
  });
});

describe("reference citation repair (opt-in, reported apart)", () => {
  it("rewrites a wrong value and invented citation into the ledger's answer", () => {
    const row = rows[0];
    const text = '{"value": "crimson-0000", "support_ids": ["uffffff"]}';
    const own = interpretGebText(text, {
      requireCitations: true,
      validIds: new Set(parseBookLedger(row.book!).map((e) => e.uid)),
      maxSupportK: 3,
    });
    expect(own.answer).toBeNull();
    const rep = referenceCitationRepair(row, text, { requireCitations: true, maxSupportK: 3 });
    expect(rep.answer).toEqual({ value: "crimson-9684", support_ids: ["UD8291F"] });
    expect(rep.changes).toHaveLength(1);
  });

  it("answers from the ledger when the model's output is not JSON at all", () => {
    const rep = referenceCitationRepair(rows[9], "I don't know", { requireCitations: true, maxSupportK: 3 });
    expect(rep.answer).toEqual({ value: null, support_ids: ["U3F1283"] });
    expect(rep.changes[0]).toMatch(/malformed output replaced/);
    const vo = referenceCitationRepair(rows[9], "I don't know", { requireCitations: false, maxSupportK: 3 });
    expect(vo.answer).toEqual({ value: null, support_ids: [] });
  });

  it("runs end to end over a llama.cpp loopback server; repaired and own answers stay separate", async () => {
    let server: Loopback | undefined;
    try {
      // A model that always answers with the right key's value but a lower-case citation.
      server = await startLoopback({
        answer: (p) => ledgerReaderAnswer(p).toLowerCase(),
      });
      const client = new LlamaCppClient({ baseUrl: server.url, model: "lowercase-citer" });
      const res = await runModelOverRows({
        rows,
        client,
        postprocess: "reference-repair",
        progress: false,
        maxConcurrency: 3,
      });
      expect(server.requests[0].body.stop).toEqual(GEB_STOP);
      expect(server.requests[0].body.n_predict).toBe(64);
      for (const [i, r] of res.records.entries()) {
        expect(r.answer).toBeNull();
        expect(r.invalid_reason).toMatch(/is not a ledger entry/);
        expect(r.postprocessed?.answer?.support_ids).toEqual(rows[i].gold.support_ids);
      }
      expect(gebPredictions(res.records).invalid.size).toBe(rows.length);
      expect(gebPredictions(res.records, { source: "postprocessed" }).predictions.size).toBe(rows.length);
      const eff = gebEfficiency(res.summary);
      for (const k of [
        "tokens",
        "tokens_per_q",
        "passes",
        "wall_s",
        "wall_s_per_q",
        "prefill_s",
        "decode_s",
        "prefill_s_per_q",
        "decode_s_per_q",
      ]) {
        expect(eff).toHaveProperty(k);
      }
      expect(eff.tokens_source).toBe("server");
      expect(eff.prefill_s).toBeCloseTo((12.5 * rows.length) / 1000, 9);
    } finally {
      await server?.close();
    }
  });
});
