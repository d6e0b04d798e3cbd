/**
 * Model replies as a fuzz surface: the HTTP bodies model servers send (OpenAI chat,
 * llama.cpp completion, Anthropic Messages, Gemini generateContent) and the texts models write (GEB answers, GF-01 actions). Truncated,
 * huge, binary and wrongly typed replies must end as a recorded per-item error or a rejected
 * answer (scored as wrong / re-asked), never a crash and never an answer the contract forbids.
 */
import fc from "fast-check";
import { parseAnthropicMessage } from "../../../src/core/engine/clients/anthropic.js";
import { parseGeminiReply } from "../../../src/core/engine/clients/gemini.js";
import { parseLlamaCompletion } from "../../../src/core/engine/clients/llamacpp.js";
import { parseOpenAIChat } from "../../../src/core/engine/clients/openai.js";
import { ModelError } from "../../../src/core/engine/errors.js";
import { interpretGebText, referenceCitationRepair } from "../../../src/geb/model/run.js";
import { isRejection, parseMove } from "../../../src/gf01/play/observation.js";
import { extractJsonObject } from "../../../src/gf01/play/prompts.js";
import { byteMutations, hostileValue, mutationsOf } from "./mutate.js";

const decode = (b: string | Uint8Array): string =>
  typeof b === "string" ? b : Buffer.from(b).toString("utf8");

const OPENAI_BODY = JSON.stringify({
  id: "x",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: '{"value": "v1", "support_ids": ["U0001"]}' },
      finish_reason: "stop",
    },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 5 },
  timings: { prompt_ms: 3.5, predicted_ms: 9.1 },
});
const LLAMA_BODY = JSON.stringify({
  content: '{"in0": 1}',
  tokens_evaluated: 40,
  tokens_predicted: 4,
  stop_type: "eos",
  timings: { prompt_ms: 1, predicted_ms: 2 },
});

const ANTHROPIC_BODY = JSON.stringify({
  id: "msg_1",
  type: "message",
  role: "assistant",
  content: [
    { type: "thinking", thinking: "t", signature: "s" },
    { type: "text", text: '{"value": "v1", "support_ids": ["U0001"]}' },
  ],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 12, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 3 },
});
const GEMINI_BODY = JSON.stringify({
  candidates: [
    {
      content: { role: "model", parts: [{ text: "plan", thought: true }, { text: '{"in0": 1}' }] },
      finishReason: "STOP",
    },
  ],
  promptFeedback: { blockReason: "SAFETY" },
  usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 4, thoughtsTokenCount: 7 },
});

/** A server body: a mutated valid body, or any JSON value at all. */
export const serverBody = (valid: string): fc.Arbitrary<unknown> =>
  fc
    .oneof(
      { weight: 3, arbitrary: mutationsOf(valid, "json").map(decode) },
      { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    )
    .map((text) => {
      try {
        return JSON.parse(text);
      } catch {
        return text; // a non-JSON body reaches the parser as the raw string
      }
    });

const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/** The engine's body parsers: a well-typed response or a ModelError (retried, then recorded). */
const PARSERS = {
  openai: parseOpenAIChat,
  llamacpp: parseLlamaCompletion,
  anthropic: parseAnthropicMessage,
  gemini: parseGeminiReply,
};

export function bodyViolation(kind: keyof typeof PARSERS, body: unknown): string | undefined {
  try {
    const r = PARSERS[kind](body);
    if (typeof r.text !== "string") return `text is ${typeof r.text}`;
    if (r.usage && !(isCount(r.usage.prompt_tokens) && isCount(r.usage.completion_tokens)))
      return `usage is not counts: ${JSON.stringify(r.usage)}`;
    if (r.finish_reason !== undefined && typeof r.finish_reason !== "string")
      return "finish_reason not a string";
    if (r.timings)
      for (const [k, v] of Object.entries(r.timings))
        if (v !== undefined && !(Number.isFinite(v) && v >= 0)) return `timings.${k} = ${v}`;
    return undefined;
  } catch (e) {
    if (e instanceof ModelError) return undefined;
    return `${(e as Error)?.name}: ${(e as Error)?.message}`;
  }
}

export const OPENAI_BODY_ARB = serverBody(OPENAI_BODY);
export const LLAMA_BODY_ARB = serverBody(LLAMA_BODY);
export const ANTHROPIC_BODY_ARB = serverBody(ANTHROPIC_BODY);
export const GEMINI_BODY_ARB = serverBody(GEMINI_BODY);

const GEB_ANSWER = '{"value": "amber", "support_ids": ["U0003"]}';
const VALID_IDS = new Set(["U0001", "U0002", "U0003"]);

/** A model's text: a mutated answer, prose around it, truncated, huge, binary. */
export const replyText = (valid: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: mutationsOf(valid, "json").map(decode) },
    { weight: 1, arbitrary: byteMutations(valid).map(decode) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }))
        .map(([a, b]) => `${a}${valid}${b}`),
    },
    { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify({ value: v, support_ids: v })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "}{",
        "{}",
        "null",
        "[]",
        `${"{".repeat(1500)}`,
        `${valid.repeat(2000)}`,
      ),
    },
  );

export const GEB_REPLY_ARB = replyText(GEB_ANSWER);

/** GEB: an answer is only ever accepted within the contract; otherwise a recorded reason. */
export function gebReplyViolation(text: string): string | undefined {
  const row = {
    id: "r1",
    question: "What is the latest value of tag.01?",
    book: "## Ledger\n- [U0001] step=1 SET tag.01 = red\n- [U0002] step=2 NOTE tag.01 = blue\n- [U0003] step=3 SET tag.01 = amber\n",
    meta: { key: "tag.01", requires_citation: true },
  };
  for (const requireCitations of [true, false]) {
    const opts = { requireCitations, validIds: VALID_IDS, maxSupportK: 2 };
    let r: ReturnType<typeof interpretGebText>;
    try {
      r = interpretGebText(text, opts);
      referenceCitationRepair(row as never, text, { requireCitations, maxSupportK: 2 });
    } catch (e) {
      return `threw ${(e as Error)?.name}: ${(e as Error)?.message}`;
    }
    if ((r.answer === null) === (r.invalid_reason === null))
      return "answer and invalid_reason both set or both null";
    if (r.answer) {
      const { value, support_ids } = r.answer;
      if (value !== null && typeof value !== "string") return `value is ${typeof value}`;
      if (!Array.isArray(support_ids) || support_ids.length > 2) return "support_ids beyond the contract";
      for (const id of support_ids) if (!VALID_IDS.has(id)) return `support id ${id} not in the ledger`;
    }
  }
  return undefined;
}

export const GF01_REPLY_ARB = replyText('{"in0": 1, "in2": 0}');
const APS = ["in0", "in1", "in2"];

/** GF-01: a reply becomes a legal move (known APs, bits) or a rejection the model is re-asked with. */
export function gf01ReplyViolation(text: string): string | undefined {
  try {
    const p = extractJsonObject(text);
    if ("reason" in p) return typeof p.reason === "string" ? undefined : "reason not a string";
    const m = parseMove(p.value, APS);
    if (isRejection(m)) return typeof m.message === "string" ? undefined : "rejection without a message";
    if (m.kind === "commit") return undefined;
    for (const [ap, b] of Object.entries(m.set)) {
      if (!APS.includes(ap)) return `unknown AP ${ap} accepted`;
      if (b !== 0 && b !== 1) return `bit ${String(b)} accepted for ${ap}`;
    }
    return undefined;
  } catch (e) {
    return `threw ${(e as Error)?.name}: ${(e as Error)?.message}`;
  }
}
