/**
 * One conformance suite run against every client kind (openai, anthropic, gemini, llamacpp,
 * command, module, builtin): exact text round trip (no escaping or brace bugs), descriptors
 * free of secrets, failures classified as ModelError kinds, refusals recorded as answers.
 * HTTP clients talk to a loopback server that speaks each real wire protocol (and rejects,
 * in the provider's error shape, requests the real API rejects); error, overload and refusal
 * replies use each provider's published shapes; streaming is never asked for.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  AnthropicClient,
  CommandClient,
  createBuiltinClient,
  createClient,
  evaluate,
  GeminiClient,
  isRefusal,
  LlamaCppClient,
  loadModuleClient,
  type ModelClient,
  ModelError,
  modelConfigHash,
  OpenAIClient,
  parseAnthropicMessage,
  parseGeminiReply,
} from "../../../src/core/engine/index.js";
import {
  type Fault,
  type Loopback,
  type ReceivedRequest,
  startLoopback,
} from "../../fixtures/engine/loopback-server.js";
import { fixtures, signal } from "./helpers.js";

const SECRET = "sk-test-DO-NOT-LEAK-1234567890";
const TRICKY =
  "Braces {prompt} {{x}} }{ \"quotes\" 'single' \\ back $1 $& %s ünïcödé 🚀 \u2028\nnext line\n\ttab <|endoftext|> `cmd` $(rm -rf /) ; | &&";

/** The key header each protocol carries (echoed back by a misbehaving server below). */
const keyHeader = (r: ReceivedRequest) =>
  String(r.headers.authorization ?? r.headers["x-api-key"] ?? r.headers["x-goog-api-key"]);
const json = (status: number, body: unknown, headers?: Record<string, string>): Fault => ({
  status,
  headers,
  body: JSON.stringify(body),
});

/** Failure and refusal replies in each provider's own published shape. */
function protocolFault(r: ReceivedRequest): Fault | undefined {
  const p = r.path;
  const anthropic = p === "/v1/messages";
  const gemini = p.includes(":generateContent");
  const oai = p.endsWith("/chat/completions");
  if (r.prompt === "FAIL500") {
    if (anthropic)
      return json(529, {
        type: "error",
        error: { type: "overloaded_error", message: `Overloaded ${keyHeader(r)}` },
      });
    if (gemini)
      return json(503, {
        error: { code: 503, message: `The model is overloaded. ${keyHeader(r)}`, status: "UNAVAILABLE" },
      });
    return json(500, { error: { message: `boom ${keyHeader(r)}`, type: "server_error" } });
  }
  if (r.prompt === "FAIL429") {
    if (anthropic)
      return json(
        429,
        {
          type: "error",
          error: {
            type: "rate_limit_error",
            message: "Number of request tokens has exceeded your per-minute rate limit",
          },
        },
        { "retry-after": "2" },
      );
    if (gemini)
      // Gemini sends no Retry-After header: the wait is in the body's google.rpc.RetryInfo.
      return json(429, {
        error: {
          code: 429,
          message: "You exceeded your current quota",
          status: "RESOURCE_EXHAUSTED",
          details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "2s" }],
        },
      });
    return json(429, { error: { message: "Rate limit reached", type: "requests" } }, { "retry-after": "2" });
  }
  if (r.prompt === "FAIL400") {
    if (anthropic)
      return json(400, { type: "error", error: { type: "invalid_request_error", message: "bad request" } });
    if (gemini)
      return json(400, { error: { code: 400, message: "bad request", status: "INVALID_ARGUMENT" } });
    return json(400, { error: { message: "bad request", type: "invalid_request_error" } });
  }
  if (r.prompt === "GARBAGE") return { status: 200, body: "<html>proxy error</html>" };
  if (r.prompt === "HANG") return { hang: true };
  if (r.prompt === "REFUSE") {
    if (anthropic)
      return json(200, {
        id: "msg_r",
        type: "message",
        role: "assistant",
        model: "m",
        content: [],
        stop_reason: "refusal",
        stop_sequence: null,
        usage: { input_tokens: 5, output_tokens: 0 },
      });
    if (gemini)
      return json(200, {
        promptFeedback: { blockReason: "SAFETY", safetyRatings: [] },
        usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      });
    if (oai)
      return json(200, {
        id: "c",
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: null, refusal: "I can't help with that." },
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 },
      });
  }
  return undefined;
}

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback({ fault: protocolFault });
});
afterAll(async () => server.close());

const req = (content: string) => ({
  messages: [{ role: "user" as const, content }],
  params: { max_tokens: 16 },
});

interface Kind {
  name: string;
  make(): Promise<ModelClient>;
  http: boolean;
}

const kinds: Kind[] = [
  {
    name: "openai",
    http: true,
    make: async () =>
      new OpenAIClient({
        model: "m",
        baseUrl: `${server.url}/v1`,
        env: { OPENAI_API_KEY: SECRET },
        requireKey: true,
      }),
  },
  {
    name: "anthropic",
    http: true,
    make: async () =>
      new AnthropicClient({
        model: "claude-test",
        baseUrl: server.url,
        env: { ANTHROPIC_API_KEY: SECRET },
        requireKey: true,
      }),
  },
  {
    name: "gemini",
    http: true,
    make: async () =>
      new GeminiClient({
        model: "gemini-test",
        baseUrl: `${server.url}/v1beta`,
        env: { GEMINI_API_KEY: SECRET },
        requireKey: true,
      }),
  },
  { name: "llamacpp", http: true, make: async () => new LlamaCppClient({ baseUrl: server.url }) },
  {
    name: "command (stdin)",
    http: false,
    make: async () => new CommandClient({ argv: [process.execPath, join(fixtures, "echo-model.mjs")] }),
  },
  {
    name: "command (file)",
    http: false,
    make: async () =>
      new CommandClient({
        argv: [process.execPath, join(fixtures, "echo-model.mjs"), "--file={prompt_file}"],
        promptVia: "file",
      }),
  },
  {
    name: "module",
    http: false,
    make: async () => loadModuleClient(`${join(fixtures, "module-model.mjs")}:createModel`),
  },
  { name: "builtin echo", http: false, make: async () => createBuiltinClient("echo") },
];

describe.each(kinds)("client conformance: $name", (kind) => {
  it("returns the prompt byte-for-byte through its wire encoding", async () => {
    const c = await kind.make();
    const r = await c.complete(req(TRICKY), { signal: signal() });
    expect(r.text).toBe(TRICKY);
    const r2 = await c.complete(req("second call"), { signal: signal() });
    expect(r2.text).toBe("second call");
  });

  it("has a descriptor without secrets", async () => {
    const c = await kind.make();
    expect(JSON.stringify(c.descriptor)).not.toContain(SECRET);
    expect(typeof c.descriptor.kind).toBe("string");
    expect(c.descriptor.model.length).toBeGreaterThan(0);
  });

  it("reports failures as ModelError with a kind", async () => {
    const c = await kind.make();
    if (kind.http) {
      const failure = async (p: string, ms = 10_000) => {
        try {
          await c.complete(req(p), { signal: AbortSignal.timeout(ms) });
          return undefined;
        } catch (e) {
          expect(e).toBeInstanceOf(ModelError);
          expect((e as ModelError).message).not.toContain(SECRET);
          return e as ModelError;
        }
      };
      const kinds = async (p: string, ms?: number) => (await failure(p, ms))?.kind ?? "ok";
      // 5xx (Anthropic's 529 overloaded, Gemini's 503 UNAVAILABLE): retryable, the key scrubbed.
      const overload = await failure("FAIL500");
      expect(overload?.kind).toBe("server");
      expect(overload?.retryable).toBe(true);
      // A server echoing the key header back: scrubbed (llama.cpp is sent no key).
      if (kind.name !== "llamacpp") expect(overload?.message).toContain("[REDACTED]");
      const limited = await failure("FAIL429");
      expect(limited?.kind).toBe("rate_limit");
      // Retry-After header (openai, anthropic) or RetryInfo in the body (gemini): 2 s.
      if (kind.name !== "llamacpp") expect(limited?.retryAfterMs).toBe(2000);
      expect(await kinds("FAIL400")).toBe("client");
      expect(await kinds("GARBAGE")).toBe("bad_response");
      expect(await kinds("HANG", 200)).toBe("timeout");
      if (kind.name !== "llamacpp") {
        // A refusal is an answer (graded, never retried or counted as an error).
        const r = await c.complete(req("REFUSE"), { signal: signal() });
        expect(r.text).toBe("");
        expect(isRefusal(r.finish_reason)).toBe(true);
      }
    } else if (kind.name.startsWith("command")) {
      const failing = new CommandClient({
        argv: [process.execPath, join(fixtures, "echo-model.mjs")],
        env: { ...process.env, ECHO_MODEL_FAIL: "1" },
      });
      const e = await failing.complete(req("x"), { signal: signal() }).catch((x) => x);
      expect(e).toBeInstanceOf(ModelError);
      expect(e.kind).toBe("command");
      expect(e.message).toContain("exited 3");
      const missing = new CommandClient({ argv: ["/nonexistent/program-xyz"] });
      const e2 = await missing.complete(req("x"), { signal: signal() }).catch((x) => x);
      expect(e2.kind).toBe("command");
    } else if (kind.name === "module") {
      const e = await c.complete(req("THROW"), { signal: signal() }).catch((x) => x);
      expect(e.kind).toBe("adapter");
      const e2 = await c.complete(req("BAD"), { signal: signal() }).catch((x) => x);
      expect(e2.kind).toBe("adapter");
    } else {
      await expect(createClient("builtin:no-such-agent")).rejects.toThrow(/unknown built-in model/);
    }
  });
});

describe("wire shapes", () => {
  it("OpenAI: sends model, messages, params, response_format and the bearer key", async () => {
    const c = new OpenAIClient({
      model: "qwen",
      baseUrl: `${server.url}/v1/`,
      env: { K: SECRET },
      apiKeyEnv: "K",
    });
    const before = server.requests.length;
    const r = await c.complete(
      {
        messages: [
          { role: "system", content: "sys" },
          { role: "user", content: "hello there" },
        ],
        params: {
          temperature: 0.7,
          max_tokens: 9,
          seed: 3,
          stop: ["\n\n"],
          response_format: { type: "json_schema", name: "answer", schema: { type: "object" } },
        },
      },
      { signal: signal() },
    );
    const got = server.requests[before];
    expect(got.path).toBe("/v1/chat/completions");
    expect(got.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(got.body).toEqual({
      model: "qwen",
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "hello there" },
      ],
      temperature: 0.7,
      max_tokens: 9,
      seed: 3,
      stop: ["\n\n"],
      response_format: {
        type: "json_schema",
        json_schema: { name: "answer", schema: { type: "object" }, strict: true },
      },
    });
    expect(r.usage).toEqual({ prompt_tokens: 2, completion_tokens: 2 });
    expect(r.finish_reason).toBe("stop");
  });

  it("OpenAI: no Authorization header when no key is set; a named but unset key variable is an input error", async () => {
    const c = new OpenAIClient({ model: "m", baseUrl: `${server.url}/v1`, env: {} });
    const before = server.requests.length;
    await c.complete(req("x"), { signal: signal() });
    expect(server.requests[before].headers.authorization).toBeUndefined();
    await expect(createClient("openai:m", { apiKeyEnv: "SURELY_UNSET_VAR_XYZ" })).rejects.toThrow(
      /SURELY_UNSET_VAR_XYZ.*not set/,
    );
  });

  it("llama.cpp: reference request shape (greedy, seed 0, n_predict) and usage/timings from the reply", async () => {
    const c = new LlamaCppClient({ baseUrl: server.url, model: "qwen-q5" });
    const before = server.requests.length;
    const r = await c.complete(
      { messages: [{ role: "user", content: "one two three" }], params: { stop: ["\n\nQUESTION:"] } },
      { signal: signal() },
    );
    expect(server.requests[before].body).toEqual({
      prompt: "one two three",
      n_predict: 64,
      temperature: 0,
      top_p: 1,
      top_k: 1,
      repeat_penalty: 1,
      seed: 0,
      stop: ["\n\nQUESTION:"],
    });
    expect(r.usage).toEqual({ prompt_tokens: 3, completion_tokens: 3 });
    expect(r.timings).toEqual({ prefill_ms: 12.5, decode_ms: 3.25 });
  });

  it("command: argv elements are passed literally, never through a shell", async () => {
    const c = new CommandClient({
      argv: [
        process.execPath,
        join(fixtures, "echo-model.mjs"),
        "--show-args",
        "$HOME",
        "a b;c",
        "{max_tokens}",
      ],
    });
    const r = await c.complete(req("p"), { signal: signal() });
    expect(r.text).toBe(`${JSON.stringify(["--show-args", "$HOME", "a b;c", "16"])}\np`);
  });

  it("module: factory options reach the model; missing factory is an input error", async () => {
    const c = await createClient(`module:${join(fixtures, "module-model.mjs")}:createModel`, {
      options: { prefix: ">" },
    });
    const r = await c.complete(req("hi"), { signal: signal() });
    expect(r).toEqual({ text: ">hi", usage: { prompt_tokens: 7, completion_tokens: 5 } });
    await expect(createClient(`module:${join(fixtures, "module-model.mjs")}:nope`)).rejects.toThrow(
      /no exported function nope/,
    );
    await expect(createClient(`module:${join(fixtures, "module-model.mjs")}:notAFactory`)).rejects.toThrow(
      /function or an object with complete/,
    );
  });
});

describe("wire shapes: Anthropic Messages API", () => {
  it("sends x-api-key, anthropic-version, the system field, text blocks, max_tokens and mapped params", async () => {
    const c = new AnthropicClient({
      model: "claude-x",
      baseUrl: `${server.url}/`,
      env: { ANTHROPIC_API_KEY: SECRET },
    });
    const before = server.requests.length;
    const r = await c.complete(
      {
        messages: [
          { role: "system", content: "sys" },
          { role: "user", content: "hello there" },
        ],
        params: {
          temperature: 0,
          top_p: 1,
          top_k: 5,
          max_tokens: 9,
          seed: 3,
          repeat_penalty: 1,
          stop: ["\n\n"],
          response_format: { type: "json_schema", name: "answer", schema: { type: "object" } },
        },
      },
      { signal: signal() },
    );
    const got = server.requests[before];
    expect(got.path).toBe("/v1/messages");
    expect(got.headers["x-api-key"]).toBe(SECRET);
    expect(got.headers["anthropic-version"]).toBe("2023-06-01");
    expect(got.headers.authorization).toBeUndefined();
    // top_p 1 (a no-op) is left out: newer models reject temperature and top_p together;
    // seed and repeat_penalty have no Messages API field.
    expect(got.body).toEqual({
      model: "claude-x",
      max_tokens: 9,
      system: "sys",
      messages: [{ role: "user", content: [{ type: "text", text: "hello there" }] }],
      temperature: 0,
      top_k: 5,
      stop_sequences: ["\n\n"],
      output_config: { format: { type: "json_schema", schema: { type: "object" } } },
    });
    expect(r).toEqual({
      text: "hello there",
      finish_reason: "end_turn",
      usage: { prompt_tokens: 2, completion_tokens: 2 },
    });
  });

  it("max_tokens defaults (required by the API); json_object and grammar are refused before sending", async () => {
    const c = new AnthropicClient({ model: "m", baseUrl: server.url, env: {} });
    const before = server.requests.length;
    await c.complete({ messages: [{ role: "user", content: "x" }], params: {} }, { signal: signal() });
    expect(server.requests[before].body.max_tokens).toBe(4096);
    expect(server.requests[before].headers["x-api-key"]).toBeUndefined();
    for (const rf of [
      { type: "json_object" as const },
      { type: "grammar" as const, grammar: "root ::= x" },
    ]) {
      const e = await c
        .complete(
          { messages: [{ role: "user", content: "x" }], params: { response_format: rf } },
          { signal: signal() },
        )
        .catch((x) => x);
      expect(e).toBeInstanceOf(ModelError);
      expect(e.permanent).toBe(true);
      expect(e.message).toMatch(/not supported by the Messages API/);
    }
    expect(server.requests.length).toBe(before + 1);
  });

  it("usage counts cache reads and writes as prompt tokens; thinking blocks are not answer text", () => {
    const r = parseAnthropicMessage({
      type: "message",
      content: [
        { type: "thinking", thinking: "hmm", signature: "s" },
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ],
      stop_reason: "max_tokens",
      usage: {
        input_tokens: 10,
        output_tokens: 7,
        cache_creation_input_tokens: 100,
        cache_read_input_tokens: 1000,
      },
    });
    expect(r).toEqual({
      text: "ab",
      finish_reason: "max_tokens",
      usage: { prompt_tokens: 1110, completion_tokens: 7 },
    });
    expect(() => parseAnthropicMessage({ type: "error", error: { type: "api_error" } })).toThrow(
      /no content/,
    );
    expect(() => parseAnthropicMessage({ content: [null] })).toThrow(ModelError);
  });

  it("401 names ANTHROPIC_API_KEY and stops the run", async () => {
    const lb = await startLoopback({
      fault: () =>
        json(401, { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }),
    });
    try {
      const c = new AnthropicClient({ model: "m", baseUrl: lb.url, env: { ANTHROPIC_API_KEY: SECRET } });
      const e = await c.complete(req("x"), { signal: signal() }).catch((x) => x);
      expect(e.reason).toBe("unauthorized");
      expect(e.permanent).toBe(true);
      expect(e.message).toMatch(/check ANTHROPIC_API_KEY/);
    } finally {
      await lb.close();
    }
  });
});

describe("wire shapes: Gemini generateContent", () => {
  it("sends x-goog-api-key (never ?key=), contents/parts, systemInstruction and generationConfig", async () => {
    const c = new GeminiClient({
      model: "models/gemini-x",
      baseUrl: `${server.url}/v1beta`,
      env: { GEMINI_API_KEY: SECRET },
    });
    expect(c.descriptor.model).toBe("gemini-x");
    const before = server.requests.length;
    const r = await c.complete(
      {
        messages: [
          { role: "system", content: "sys" },
          { role: "user", content: "first" },
          { role: "assistant", content: "reply" },
          { role: "user", content: "hello there" },
        ],
        params: {
          temperature: 0,
          top_p: 1,
          top_k: 1,
          max_tokens: 9,
          seed: 3,
          repeat_penalty: 1,
          stop: ["\n\n"],
          response_format: { type: "json_schema", name: "answer", schema: { type: "object" } },
        },
      },
      { signal: signal() },
    );
    const got = server.requests[before];
    expect(got.path).toBe("/v1beta/models/gemini-x:generateContent");
    expect(got.headers["x-goog-api-key"]).toBe(SECRET);
    expect(got.body).toEqual({
      contents: [
        { role: "user", parts: [{ text: "first" }] },
        { role: "model", parts: [{ text: "reply" }] },
        { role: "user", parts: [{ text: "hello there" }] },
      ],
      systemInstruction: { parts: [{ text: "sys" }] },
      generationConfig: {
        temperature: 0,
        topP: 1,
        topK: 1,
        maxOutputTokens: 9,
        seed: 3,
        stopSequences: ["\n\n"],
        responseMimeType: "application/json",
        responseJsonSchema: { type: "object" },
      },
    });
    expect(r).toEqual({
      text: "hello there",
      finish_reason: "STOP",
      usage: { prompt_tokens: 2, completion_tokens: 2 },
    });
    await c.complete(
      { messages: [{ role: "user", content: "j" }], params: { response_format: { type: "json_object" } } },
      { signal: signal() },
    );
    expect(server.requests.at(-1)?.body.generationConfig).toEqual({ responseMimeType: "application/json" });
  });

  it("safety stops are refusals; thinking tokens count as completion; thought parts are not text", () => {
    const r = parseGeminiReply({
      candidates: [
        {
          content: {
            role: "model",
            parts: [{ text: "plan", thought: true }, { text: "par" }, { text: "tial" }],
          },
          finishReason: "SAFETY",
        },
      ],
      usageMetadata: {
        promptTokenCount: 12,
        candidatesTokenCount: 3,
        thoughtsTokenCount: 40,
        totalTokenCount: 55,
      },
    });
    expect(r).toEqual({
      text: "partial",
      finish_reason: "refusal:SAFETY",
      usage: { prompt_tokens: 12, completion_tokens: 43 },
    });
    expect(parseGeminiReply({ candidates: [{ finishReason: "PROHIBITED_CONTENT" }] })).toEqual({
      text: "",
      finish_reason: "refusal:PROHIBITED_CONTENT",
    });
    expect(
      parseGeminiReply({ candidates: [{ content: { parts: [{ text: "x" }] }, finishReason: "MAX_TOKENS" }] })
        .finish_reason,
    ).toBe("MAX_TOKENS");
    expect(() => parseGeminiReply({ candidates: [] })).toThrow(/no candidates/);
    expect(() => parseGeminiReply({ candidates: [{ content: { parts: [{ text: 5 }] } }] })).toThrow(
      ModelError,
    );
  });

  it("a rejected key (400 API_KEY_INVALID) stops the run like a 401; grammar is refused before sending", async () => {
    const lb = await startLoopback({
      fault: () =>
        json(400, {
          error: {
            code: 400,
            message: "API key not valid. Please pass a valid API key.",
            status: "INVALID_ARGUMENT",
            details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }],
          },
        }),
    });
    try {
      const c = new GeminiClient({
        model: "m",
        baseUrl: `${lb.url}/v1beta`,
        env: { GEMINI_API_KEY: SECRET },
      });
      const e = await c.complete(req("x"), { signal: signal() }).catch((x) => x);
      expect(e.reason).toBe("unauthorized");
      expect(e.permanent).toBe(true);
      expect(e.message).toMatch(/check GEMINI_API_KEY/);
      expect(e.message).not.toContain(SECRET);
      const g = await c
        .complete(
          {
            messages: [{ role: "user", content: "x" }],
            params: { response_format: { type: "grammar", grammar: "g" } },
          },
          { signal: signal() },
        )
        .catch((x) => x);
      expect(g.permanent).toBe(true);
      expect(lb.requests.length).toBe(1);
    } finally {
      await lb.close();
    }
  });
});

describe("native clients through the engine", () => {
  it("specs anthropic:<m> and gemini:<m> build the clients; a named unset key variable is an input error", async () => {
    const a = await createClient("anthropic:claude-x", { baseUrl: server.url, env: {} });
    expect(a.descriptor).toEqual({ kind: "anthropic", model: "claude-x", endpoint: server.url });
    const g = await createClient("gemini:gemini-x", { env: {} });
    expect(g.descriptor).toEqual({
      kind: "gemini",
      model: "gemini-x",
      endpoint: "https://generativelanguage.googleapis.com/v1beta",
    });
    await expect(createClient("anthropic:m", { apiKeyEnv: "SURELY_UNSET_VAR_XYZ" })).rejects.toThrow(
      /SURELY_UNSET_VAR_XYZ.*not set/,
    );
    await expect(createClient("gemini:")).rejects.toThrow(/needs a model name/);
  });

  it.each([
    ["anthropic", (url: string) => new AnthropicClient({ model: "m", baseUrl: url, env: {} })],
    ["gemini", (url: string) => new GeminiClient({ model: "m", baseUrl: `${url}/v1beta`, env: {} })],
  ])(
    "%s: overload / rate limit are retried by the engine; a refusal is a recorded answer",
    async (_n, make) => {
      const lb2 = await startLoopback({ fault: retryOnce });
      onTestFinished(() => lb2.close());
      const client = make(lb2.url);
      const items = ["OVERLOAD", "LIMIT", "REFUSE", "fine"].map((q) => ({ id: q, q }));
      const res = await evaluate({
        items,
        itemId: (it) => it.id,
        build: (it) => ({
          request: { messages: [{ role: "user", content: it.q }], params: { max_tokens: 8 } },
          promptTemplate: "t@1",
        }),
        interpret: (_it, text) => ({ answer: text || null, invalid_reason: text ? null : "empty" }),
        client,
        configHash: modelConfigHash({ client: client.descriptor, params: {}, prompt: "t@1" }),
        maxConcurrency: 2,
        retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 },
        timeoutMs: 5000,
        progress: false,
      });
      expect(res.errors).toEqual([]);
      const by = new Map(res.records.map((r) => [r.item_id, r]));
      expect(by.get("OVERLOAD")?.runtime.attempts).toBe(2);
      expect(by.get("LIMIT")?.runtime.attempts).toBe(2);
      expect(by.get("OVERLOAD")?.raw_text).toBe("OVERLOAD");
      expect(isRefusal(by.get("REFUSE")?.finish_reason)).toBe(true);
      expect(by.get("REFUSE")?.invalid_reason).toBe("empty");
      expect(by.get("fine")?.raw_text).toBe("fine");
    },
  );
});

/** Overload and rate limit on the first attempt only, in each provider's shape. */
function retryOnce(r: ReceivedRequest): Fault | undefined {
  if (r.attempt > 0) return undefined;
  const anthropic = r.path === "/v1/messages";
  if (r.prompt === "OVERLOAD")
    return anthropic
      ? json(
          529,
          { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
          { "retry-after": "0" },
        )
      : json(503, { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } });
  if (r.prompt === "LIMIT")
    return anthropic
      ? json(
          429,
          { type: "error", error: { type: "rate_limit_error", message: "slow" } },
          { "retry-after": "0" },
        )
      : json(429, {
          error: {
            code: 429,
            message: "quota",
            status: "RESOURCE_EXHAUSTED",
            details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "0.01s" }],
          },
        });
  return protocolFault(r);
}
