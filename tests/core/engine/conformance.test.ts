/**
 * One conformance suite run against every client kind: exact text round trip (no escaping
 * or brace bugs), descriptors free of secrets, failures classified as ModelError kinds.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CommandClient,
  createBuiltinClient,
  createClient,
  LlamaCppClient,
  loadModuleClient,
  type ModelClient,
  ModelError,
  OpenAIClient,
} from "../../../src/core/engine/index.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { fixtures, signal } from "./helpers.js";

const SECRET = "sk-test-DO-NOT-LEAK-1234567890";
const TRICKY =
  "Braces {prompt} {{x}} }{ \"quotes\" 'single' \\ back $1 $& %s ünïcödé 🚀 \u2028\nnext line\n\ttab <|endoftext|> `cmd` $(rm -rf /) ; | &&";

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback({
    fault: (r) => {
      if (r.prompt === "FAIL500")
        return { status: 500, body: `{"error":"boom ${String(r.headers.authorization)}"}` };
      if (r.prompt === "FAIL429") return { status: 429, headers: { "retry-after": "2" }, body: "{}" };
      if (r.prompt === "FAIL400") return { status: 400, body: '{"error":"bad request"}' };
      if (r.prompt === "GARBAGE") return { status: 200, body: "<html>proxy error</html>" };
      if (r.prompt === "HANG") return { hang: true };
      return undefined;
    },
  });
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
      const kinds = async (p: string, ms = 10_000) => {
        try {
          await c.complete(req(p), { signal: AbortSignal.timeout(ms) });
          return "ok";
        } catch (e) {
          expect(e).toBeInstanceOf(ModelError);
          expect((e as ModelError).message).not.toContain(SECRET);
          return (e as ModelError).kind;
        }
      };
      expect(await kinds("FAIL500")).toBe("server");
      expect(await kinds("FAIL429")).toBe("rate_limit");
      expect(await kinds("FAIL400")).toBe("client");
      expect(await kinds("GARBAGE")).toBe("bad_response");
      expect(await kinds("HANG", 200)).toBe("timeout");
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
