/**
 * Issue 16: model replies. Server bodies (OpenAI chat, llama.cpp, Anthropic, Gemini) that are truncated, binary
 * or wrongly typed end as a ModelError (retried, then a recorded per-item error); model texts
 * end as an answer within the contract or a recorded reason (GEB) / a re-ask (GF-01). Never a
 * crash, never a usage count that would poison the results file.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ANTHROPIC_BODY_ARB,
  bodyViolation,
  GEMINI_BODY_ARB,
  GEB_REPLY_ARB,
  GF01_REPLY_ARB,
  gebReplyViolation,
  gf01ReplyViolation,
  LLAMA_BODY_ARB,
  OPENAI_BODY_ARB,
} from "./lib/replies.js";
import { seedOf } from "./lib/run.js";

const RUNS = Number(process.env.FUZZ_REPLY_RUNS ?? 700);
const check = (v: string | undefined) => {
  if (v) throw new Error(v);
};

describe("model replies", () => {
  it("OpenAI chat bodies", () => {
    fc.assert(
      fc.property(OPENAI_BODY_ARB, (b) => check(bodyViolation("openai", b))),
      {
        seed: seedOf("openai body"),
        numRuns: RUNS,
      },
    );
  });
  it("llama.cpp completion bodies", () => {
    fc.assert(
      fc.property(LLAMA_BODY_ARB, (b) => check(bodyViolation("llamacpp", b))),
      {
        seed: seedOf("llama body"),
        numRuns: RUNS,
      },
    );
  });
  it("Anthropic Messages bodies", () => {
    fc.assert(
      fc.property(ANTHROPIC_BODY_ARB, (b) => check(bodyViolation("anthropic", b))),
      { seed: seedOf("anthropic body"), numRuns: RUNS },
    );
  });
  it("Gemini generateContent bodies", () => {
    fc.assert(
      fc.property(GEMINI_BODY_ARB, (b) => check(bodyViolation("gemini", b))),
      { seed: seedOf("gemini body"), numRuns: RUNS },
    );
  });
  it("GEB answers (interpretGebText, reference citation repair)", () => {
    fc.assert(
      fc.property(GEB_REPLY_ARB, (t) => check(gebReplyViolation(t))),
      {
        seed: seedOf("geb reply"),
        numRuns: RUNS,
      },
    );
  });
  it("GF-01 actions (extractJsonObject + parseMove)", () => {
    fc.assert(
      fc.property(GF01_REPLY_ARB, (t) => check(gf01ReplyViolation(t))),
      {
        seed: seedOf("gf01 reply"),
        numRuns: RUNS,
      },
    );
  });
  it("regression: choices [null] and usage that is not a count", () => {
    expect(bodyViolation("openai", { choices: [null] })).toBeUndefined();
    expect(
      bodyViolation("openai", {
        choices: [{ message: { content: "x" } }],
        usage: { prompt_tokens: -1, completion_tokens: 1.5 },
      }),
    ).toBeUndefined();
    expect(
      bodyViolation("llamacpp", { content: "x", tokens_evaluated: -3, tokens_predicted: 2 }),
    ).toBeUndefined();
  });
});
