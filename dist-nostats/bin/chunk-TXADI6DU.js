import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  MODEL_SPEC_HELP
} from "./chunk-JPE6EABB.js";

// src/core/engine/clients/index.ts
import { InputError } from "../core/errors.js";
import { ModelError as ModelError7 } from "../core/engine/errors.js";

// src/core/engine/clients/builtin.ts
import { ModelError as ModelError2 } from "../core/engine/errors.js";

// src/core/engine/clients/module.ts
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ModelError } from "../core/engine/errors.js";
function wrapUserModel(model, descriptor) {
  const call = typeof model === "function" ? model : typeof model?.complete === "function" ? model.complete.bind(model) : void 0;
  if (!call) {
    throw new ModelError(
      "adapter",
      `${descriptor.endpoint}: factory must return a function or an object with complete()`
    );
  }
  const close = typeof model === "object" && typeof model.close === "function" ? model.close.bind(model) : void 0;
  return {
    descriptor,
    async complete(request2, ctx) {
      let out;
      try {
        out = await call(request2, ctx);
      } catch (e) {
        if (e instanceof ModelError) throw e;
        throw new ModelError("adapter", `${descriptor.model} threw: ${e?.message ?? String(e)}`);
      }
      return coerceResponse(out, descriptor.model);
    },
    close: close ? async () => {
      await close();
    } : void 0
  };
}
function coerceResponse(out, who) {
  if (typeof out === "string") return { text: out };
  if (out && typeof out === "object" && typeof out.text === "string") {
    const r = out;
    const resp = { text: r.text };
    if (r.usage && typeof r.usage.prompt_tokens === "number" && typeof r.usage.completion_tokens === "number") {
      resp.usage = { prompt_tokens: r.usage.prompt_tokens, completion_tokens: r.usage.completion_tokens };
    }
    if (r.timings) resp.timings = { ...r.timings };
    if (typeof r.finish_reason === "string") resp.finish_reason = r.finish_reason;
    return resp;
  }
  throw new ModelError(
    "adapter",
    `${who} returned ${out === null ? "null" : typeof out}, expected a string or {text}`
  );
}
function parseModuleSpec(spec) {
  const i = spec.lastIndexOf(":");
  if (i <= 1) return { module: spec, factory: "default" };
  return { module: spec.slice(0, i), factory: spec.slice(i + 1) || "default" };
}
async function loadModuleClient(spec, options = {}, cwd = process.cwd()) {
  const { module, factory } = parseModuleSpec(spec);
  const looksLikePath = module.startsWith(".") || isAbsolute(module) || /\.(m?[jt]s|cjs)$/.test(module);
  const target = looksLikePath ? pathToFileURL(resolve(cwd, module)).href : module;
  let mod;
  try {
    mod = await import(target);
  } catch (e) {
    throw new ModelError("adapter", `cannot import model module ${module}: ${e.message}`);
  }
  const fn = mod[factory];
  if (typeof fn !== "function") {
    throw new ModelError("adapter", `model module ${module} has no exported function ${factory}`);
  }
  const model = await fn(options);
  return wrapUserModel(model, {
    kind: "module",
    model: typeof options.model === "string" ? options.model : factory,
    endpoint: spec
  });
}

// src/core/engine/clients/builtin.ts
var builtins = /* @__PURE__ */ new Map();
function registerBuiltinModel(name, description, factory) {
  builtins.set(name, { description, factory });
}
function listBuiltinModels() {
  return [...builtins].map(([name, b]) => ({ name, description: b.description })).sort((a, b) => a.name < b.name ? -1 : 1);
}
function createBuiltinClient(name, options = {}) {
  const b = builtins.get(name);
  if (!b) {
    throw new ModelError2(
      "client",
      `unknown built-in model ${name} (known: ${listBuiltinModels().map((x) => x.name).join(", ")})`
    );
  }
  const descriptor = { kind: "builtin", model: name, endpoint: `builtin:${name}` };
  return wrapUserModel(b.factory(options), descriptor);
}
function lastUserContent(req) {
  for (let i = req.messages.length - 1; i >= 0; i--)
    if (req.messages[i].role === "user") return req.messages[i].content;
  return "";
}
registerBuiltinModel(
  "echo",
  "returns the prompt verbatim",
  () => (req) => lastUserContent(req)
);
function ledgerReaderAnswer(prompt) {
  const ledgerStart = prompt.lastIndexOf("\nLEDGER:\n");
  const qStart = prompt.lastIndexOf("\nQUESTION:\n");
  if (ledgerStart === -1 || qStart === -1) return "I cannot find a LEDGER and a QUESTION in the prompt.";
  const ledgerEnd = prompt.indexOf("\n\nQUESTION:\n", ledgerStart);
  const ledger = prompt.slice(ledgerStart + 9, ledgerEnd === -1 ? void 0 : ledgerEnd);
  const question = prompt.slice(qStart + 11);
  const re = /^- \[(U[A-F0-9]{6})\] step=\d+ (SET|CLEAR) (tag\.\d{2})(?: = (.+))?$/gm;
  const lines = [...ledger.matchAll(re)];
  let key = /\b(tag\.\d{2})\b/.exec(question)?.[1];
  if (!key && lines.length > 0 && lines.every((m) => m[3] === lines[0][3])) key = lines[0][3];
  const cite = !prompt.includes("Set support_ids to an empty list []");
  let value = null;
  let uid = null;
  for (const m of lines) {
    if (m[3] !== key) continue;
    uid = m[1];
    value = m[2] === "SET" ? (m[4] ?? "").trim() : null;
  }
  return JSON.stringify({ value, support_ids: cite && uid ? [uid] : [] });
}
registerBuiltinModel(
  "ledger-reader",
  "GEB: reads the latest SET/CLEAR for the asked tag from the prompt's LEDGER section",
  () => (req, _ctx) => ({
    text: ledgerReaderAnswer(lastUserContent(req))
  })
);

// src/core/engine/clients/command.ts
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ModelError as ModelError6 } from "../core/engine/errors.js";

// src/core/engine/clients/llamacpp.ts
import { ModelError as ModelError5 } from "../core/engine/errors.js";

// src/core/engine/http.ts
import http from "node:http";
import https from "node:https";
import { displayUrl, ModelError as ModelError3, redact, toModelError } from "../core/engine/errors.js";
function parseRetryAfter(headers, now = Date.now()) {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get("retry-after");
  if (ra === null || ra.trim() === "") return void 0;
  const secs = Number(ra);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1e3);
  const date = Date.parse(ra);
  return Number.isNaN(date) ? void 0 : Math.max(0, date - now);
}
var httpAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
var httpsAgent = new https.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
var parsedUrls = /* @__PURE__ */ new Map();
function parseUrl(url) {
  let u = parsedUrls.get(url);
  if (!u) {
    try {
      u = new URL(url);
    } catch {
      throw new ModelError3("client", `invalid URL ${JSON.stringify(displayUrl(url))} \u2014 check --base-url`, {
        reason: "bad_url"
      });
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") {
      throw new ModelError3("client", `unsupported URL scheme ${u.protocol} (use http: or https:)`, {
        reason: "bad_url"
      });
    }
    parsedUrls.set(url, u);
  }
  return u;
}
function request(url, body, opts) {
  const u = parseUrl(url);
  const data = Buffer.from(body, "utf8");
  const secure = u.protocol === "https:";
  return new Promise((resolve2, reject) => {
    const req = (secure ? https : http).request(
      {
        protocol: u.protocol,
        hostname: u.hostname.startsWith("[") ? u.hostname.slice(1, -1) : u.hostname,
        port: u.port || void 0,
        path: u.pathname + u.search,
        method: "POST",
        agent: secure ? httpsAgent : httpAgent,
        signal: opts.signal,
        headers: { "content-type": "application/json", "content-length": data.length, ...opts.headers }
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("error", reject);
        res.on(
          "end",
          () => resolve2({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8")
          })
        );
      }
    );
    req.on("error", reject);
    req.end(data);
  });
}
async function postJson(url, body, opts) {
  const ctx = opts.context ?? {};
  const base = ctx.baseUrl ?? url;
  let res;
  try {
    res = await request(url, JSON.stringify(body), opts);
  } catch (e) {
    throw toModelError(e, opts.signal, base);
  }
  const text = res.text;
  const headers = {
    get: (name) => {
      const v = res.headers[name];
      return v === void 0 ? null : Array.isArray(v) ? v.join(", ") : v;
    }
  };
  const snippet = () => redact(text.slice(0, 300).replace(/\s+/g, " ").trim(), opts.secrets ?? []);
  if (res.status === 429) {
    throw new ModelError3("rate_limit", `HTTP 429: ${snippet()}`, {
      status: 429,
      retryAfterMs: parseRetryAfter(headers)
    });
  }
  if (res.status >= 500) {
    throw new ModelError3("server", `HTTP ${res.status}: ${snippet()}`, {
      status: res.status,
      retryAfterMs: parseRetryAfter(headers)
    });
  }
  if (res.status >= 400 || res.status < 200) throw clientError(res.status, snippet(), url, ctx);
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelError3("bad_response", `HTTP ${res.status} with a body that is not JSON: ${snippet()}`, {
      status: res.status
    });
  }
}
function clientError(status, said, url, ctx) {
  const base = displayUrl(ctx.baseUrl ?? url);
  const tail = said ? ` (server said: ${said.length > 200 ? `${said.slice(0, 200)}\u2026` : said})` : "";
  const model = ctx.model !== void 0 ? `'${ctx.model}'` : "the model";
  if (status === 401) {
    const key = ctx.keyEnv ?? "OPENAI_API_KEY";
    const fix = ctx.keyEnv === void 0 && ctx.keySent === void 0 ? "the server wants credentials this client does not send" : ctx.keySent ? `check ${key} / --api-key-env (the key was rejected)` : `no API key was sent: set ${key} or pass --api-key-env`;
    return new ModelError3("client", `401 Unauthorized from ${base}: ${fix}${tail}`, {
      status,
      reason: "unauthorized"
    });
  }
  if (status === 403)
    return new ModelError3(
      "client",
      `403 Forbidden from ${base}: the key may not use ${model} \u2014 check its permissions / project${tail}`,
      { status, reason: "forbidden" }
    );
  if (status === 404) {
    if (/model/i.test(said))
      return new ModelError3(
        "client",
        `404 model not found: ${model}${ctx.listsModels ? ` \u2014 list models at ${base}/models` : " \u2014 check --model"}${tail}`,
        { status, reason: "model_not_found" }
      );
    return new ModelError3(
      "client",
      `404 Not Found at ${displayUrl(url)} \u2014 check --base-url (OpenAI-compatible servers usually end in /v1)${tail}`,
      { status, reason: "not_found" }
    );
  }
  return new ModelError3("client", `HTTP ${status} from ${base}${said ? `: ${said}` : ""}`, {
    status,
    reason: "bad_request"
  });
}
function joinUrl(base, path) {
  return base.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
}

// src/core/engine/clients/openai.ts
import { ModelError as ModelError4, redact as redact2 } from "../core/engine/errors.js";
var OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
function openAIChatBody(model, req) {
  const p = req.params;
  const body = { model, messages: req.messages };
  if (p.temperature !== void 0) body.temperature = p.temperature;
  if (p.top_p !== void 0) body.top_p = p.top_p;
  if (p.top_k !== void 0) body.top_k = p.top_k;
  if (p.repeat_penalty !== void 0) body.repeat_penalty = p.repeat_penalty;
  if (p.max_tokens !== void 0) body.max_tokens = p.max_tokens;
  if (p.seed !== void 0) body.seed = p.seed;
  if (p.stop !== void 0 && p.stop.length > 0) body.stop = p.stop;
  const rf = p.response_format;
  if (rf && rf.type === "json_object") body.response_format = { type: "json_object" };
  else if (rf && rf.type === "json_schema")
    body.response_format = {
      type: "json_schema",
      json_schema: { name: rf.name, schema: rf.schema, strict: rf.strict ?? true }
    };
  else if (rf && rf.type === "grammar") body.grammar = rf.grammar;
  if (p.extra) Object.assign(body, p.extra);
  return body;
}
function parseOpenAIChat(json) {
  const o = json;
  const choices = o && typeof o === "object" ? o.choices : void 0;
  if (!Array.isArray(choices) || choices.length === 0) {
    throw new ModelError4("bad_response", "reply has no choices[]");
  }
  const choice = choices[0];
  if (!choice || typeof choice !== "object")
    throw new ModelError4("bad_response", "choices[0] is not an object");
  const message = choice.message;
  const content = message?.content;
  if (content !== null && content !== void 0 && typeof content !== "string") {
    throw new ModelError4("bad_response", "choices[0].message.content is not a string");
  }
  const out = { text: typeof content === "string" ? content : "" };
  if (typeof choice.finish_reason === "string") out.finish_reason = choice.finish_reason;
  const usage = o?.usage;
  if (usage && typeof usage === "object" && isCount(usage.prompt_tokens) && isCount(usage.completion_tokens)) {
    out.usage = { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens };
  }
  const timings = parseLlamaTimings(o?.timings);
  if (timings) out.timings = timings;
  return out;
}
var isCount = (n) => Number.isSafeInteger(n) && n >= 0;
var isDuration = (n) => typeof n === "number" && Number.isFinite(n) && n >= 0;
function parseLlamaTimings(t) {
  if (!t || typeof t !== "object") return void 0;
  const r = t;
  const out = {};
  if (isDuration(r.prompt_ms)) out.prefill_ms = r.prompt_ms;
  if (isDuration(r.predicted_ms)) out.decode_ms = r.predicted_ms;
  return out.prefill_ms === void 0 && out.decode_ms === void 0 ? void 0 : out;
}
var OpenAIClient = class {
  descriptor;
  url;
  keyEnv;
  env;
  base;
  constructor(opts) {
    this.env = opts.env ?? process.env;
    const base = opts.baseUrl || this.env.OPENAI_BASE_URL || OPENAI_DEFAULT_BASE_URL;
    this.base = base;
    this.url = joinUrl(base, "/chat/completions");
    this.keyEnv = opts.apiKeyEnv ?? "OPENAI_API_KEY";
    if (opts.requireKey && !this.env[this.keyEnv]) {
      throw new ModelError4("client", `environment variable ${this.keyEnv} (the API key) is not set`);
    }
    this.descriptor = { kind: "openai", model: opts.model, endpoint: base.replace(/\/+$/, "") };
  }
  async complete(req, ctx) {
    const key = this.env[this.keyEnv];
    const headers = key ? { authorization: `Bearer ${key}` } : {};
    const json = await postJson(this.url, openAIChatBody(this.descriptor.model, req), {
      headers,
      signal: ctx.signal,
      secrets: [key],
      context: {
        baseUrl: this.base,
        model: this.descriptor.model,
        keyEnv: this.keyEnv,
        keySent: Boolean(key),
        listsModels: true
      }
    });
    const res = parseOpenAIChat(json);
    if (key && key.length >= 4) {
      res.text = redact2(res.text, [key]);
      if (res.finish_reason !== void 0) res.finish_reason = redact2(res.finish_reason, [key]);
    }
    return res;
  }
};

// src/core/engine/clients/llamacpp.ts
var LLAMACPP_DEFAULT_BASE_URL = "http://localhost:8080";
function messagesToPrompt(req) {
  return req.messages.map((m) => m.content).join("\n\n");
}
function llamaCppBody(req) {
  const p = req.params;
  const body = {
    prompt: messagesToPrompt(req),
    n_predict: p.max_tokens ?? 64,
    temperature: p.temperature ?? 0,
    top_p: p.top_p ?? 1,
    top_k: p.top_k ?? 1,
    repeat_penalty: p.repeat_penalty ?? 1,
    seed: p.seed ?? 0
  };
  if (p.stop !== void 0) body.stop = p.stop;
  const rf = p.response_format;
  if (rf && rf.type === "grammar") body.grammar = rf.grammar;
  else if (rf && rf.type === "json_schema") body.json_schema = rf.schema;
  else if (rf && rf.type === "json_object") body.json_schema = { type: "object" };
  if (p.extra) Object.assign(body, p.extra);
  return body;
}
function parseLlamaCompletion(json) {
  const o = json;
  if (!o || typeof o !== "object" || typeof o.content !== "string") {
    throw new ModelError5("bad_response", "reply has no string `content`");
  }
  const out = { text: o.content };
  if (isCount(o.tokens_evaluated) && isCount(o.tokens_predicted)) {
    out.usage = { prompt_tokens: o.tokens_evaluated, completion_tokens: o.tokens_predicted };
  }
  const timings = parseLlamaTimings(o.timings);
  if (timings) out.timings = timings;
  if (typeof o.stop_type === "string") out.finish_reason = o.stop_type;
  return out;
}
var LlamaCppClient = class {
  descriptor;
  url;
  base;
  constructor(opts = {}) {
    const base = (opts.baseUrl ?? LLAMACPP_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.base = base;
    this.url = joinUrl(base, "/completion");
    this.descriptor = { kind: "llamacpp", model: opts.model ?? "default", endpoint: base };
  }
  async complete(req, ctx) {
    return parseLlamaCompletion(
      await postJson(this.url, llamaCppBody(req), { signal: ctx.signal, context: { baseUrl: this.base } })
    );
  }
};

// src/core/engine/clients/command.ts
var COMMAND_PLACEHOLDERS = ["{prompt_file}", "{max_tokens}", "{model}"];
function substitute(arg, values) {
  let out = arg;
  for (const [k, v] of Object.entries(values)) out = out.split(k).join(v);
  return out;
}
var CommandClient = class {
  descriptor;
  argv;
  via;
  env;
  constructor(opts) {
    if (opts.argv.length === 0 || !opts.argv[0]) throw new ModelError6("client", "command argv is empty");
    this.argv = [...opts.argv];
    this.via = opts.promptVia ?? "stdin";
    this.env = opts.env ?? process.env;
    this.descriptor = {
      kind: "command",
      model: opts.model ?? opts.argv[0],
      endpoint: JSON.stringify({ argv: this.argv, via: this.via })
    };
  }
  async complete(req, ctx) {
    const prompt = messagesToPrompt(req);
    let dir;
    let promptFile = "";
    try {
      if (this.via === "file") {
        dir = await mkdtemp(join(tmpdir(), "ob-prompt-"));
        promptFile = join(dir, "prompt.txt");
        await writeFile(promptFile, prompt, "utf8");
      }
      const values = {
        "{prompt_file}": promptFile,
        "{max_tokens}": String(req.params.max_tokens ?? ""),
        "{model}": this.descriptor.model
      };
      const [program, ...args] = this.argv.map((a) => substitute(a, values));
      const env = {
        ...this.env,
        OB_PROMPT_FILE: promptFile,
        OB_PARAMS_JSON: JSON.stringify(req.params),
        OB_MAX_TOKENS: String(req.params.max_tokens ?? "")
      };
      const text = await runProgram(program, args, env, this.via === "stdin" ? prompt : "", ctx.signal);
      return { text };
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }
};
function runProgram(program, args, env, stdin, signal) {
  return new Promise((resolve2, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const child = spawn(program, args, { env, stdio: ["pipe", "pipe", "pipe"], shell: false });
    const out = [];
    const err = [];
    let errBytes = 0;
    const onAbort = () => child.kill("SIGKILL");
    signal.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => {
      if (errBytes < 4096) err.push(b);
      errBytes += b.length;
    });
    child.stdin.on("error", () => {
    });
    child.on("error", (e) => {
      signal.removeEventListener("abort", onAbort);
      const code = e.code;
      const cannotStart = code === "ENOENT" || code === "EACCES";
      reject(
        new ModelError6(
          "command",
          `cannot run ${program}: ${code ?? e.message}${cannotStart ? " \u2014 check the path and that it is executable (--model command:<program>)" : ""}`,
          cannotStart ? { reason: "cannot_start" } : {}
        )
      );
    });
    child.on("close", (code, sig) => {
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) return reject(abortError(signal));
      if (code !== 0) {
        const tail = Buffer.concat(err).toString("utf8").trim().slice(0, 300);
        return reject(
          new ModelError6("command", `${program} exited ${code ?? sig}${tail ? `: ${tail}` : ""}`)
        );
      }
      resolve2(Buffer.concat(out).toString("utf8"));
    });
    child.stdin.end(stdin, "utf8");
  });
}
function abortError(signal) {
  const reason = signal.reason;
  return reason?.name === "TimeoutError" ? new ModelError6("timeout", "command timed out") : new ModelError6("aborted", "command aborted");
}

// src/core/engine/clients/index.ts
function normalizeModelSpec(spec) {
  if (!spec.includes(":") && spec.startsWith("openai/") && spec.length > "openai/".length) {
    const fixed = `openai:${spec.slice("openai/".length)}`;
    return { spec: fixed, note: `note: reading --model ${spec} as ${fixed} (the colon form is ours)` };
  }
  return { spec };
}
async function createClient(spec, opts = {}) {
  try {
    return await createClientUnchecked(spec, opts);
  } catch (e) {
    if (e instanceof ModelError7) throw new InputError(e.message, { field: "--model" });
    throw e;
  }
}
async function createClientUnchecked(given, opts) {
  const spec = normalizeModelSpec(given).spec;
  const i = spec.indexOf(":");
  const kind = i === -1 ? spec : spec.slice(0, i);
  const rest = i === -1 ? "" : spec.slice(i + 1);
  const bad = (why) => new InputError(`${why}
model specs:
${MODEL_SPEC_HELP}`, { field: "--model", multiline: true });
  switch (kind) {
    case "openai":
      if (!rest) throw bad("openai: needs a model name, e.g. openai:gpt-4o-mini");
      return new OpenAIClient({
        model: rest,
        baseUrl: opts.baseUrl,
        apiKeyEnv: opts.apiKeyEnv,
        requireKey: opts.apiKeyEnv !== void 0,
        env: opts.env
      });
    case "llamacpp":
    case "llama-server":
      return new LlamaCppClient({ baseUrl: opts.baseUrl, model: rest || void 0 });
    case "command":
      if (!rest) throw bad("command: needs a program, e.g. command:./my-model.sh");
      return new CommandClient({
        argv: [rest, ...opts.commandArgs ?? []],
        promptVia: opts.promptVia,
        env: opts.env
      });
    case "module":
      if (!rest) throw bad("module: needs a file, e.g. module:./my-model.mjs:createModel");
      return loadModuleClient(rest, opts.options ?? {}, opts.cwd);
    case "builtin":
      if (!rest) throw bad("builtin: needs a name, e.g. builtin:ledger-reader");
      return createBuiltinClient(rest, opts.options ?? {});
    default: {
      const slash = i === -1 ? spec.indexOf("/") : -1;
      if (slash > 0)
        throw bad(
          `unknown model kind ${JSON.stringify(spec)}: specs use a colon; for an OpenAI-compatible server try --model openai:${spec.slice(slash + 1)} --base-url <server>/v1`
        );
      throw bad(`unknown model kind ${JSON.stringify(kind)}`);
    }
  }
}

export {
  wrapUserModel,
  parseModuleSpec,
  loadModuleClient,
  registerBuiltinModel,
  listBuiltinModels,
  createBuiltinClient,
  ledgerReaderAnswer,
  parseRetryAfter,
  postJson,
  clientError,
  joinUrl,
  OPENAI_DEFAULT_BASE_URL,
  openAIChatBody,
  parseOpenAIChat,
  isCount,
  parseLlamaTimings,
  OpenAIClient,
  LLAMACPP_DEFAULT_BASE_URL,
  messagesToPrompt,
  llamaCppBody,
  parseLlamaCompletion,
  LlamaCppClient,
  COMMAND_PLACEHOLDERS,
  CommandClient,
  normalizeModelSpec,
  createClient
};
