import { InputError } from "../../errors.js";
import { ModelError } from "../errors.js";
import type { ModelClient } from "../types.js";
import { AnthropicClient } from "./anthropic.js";
import { createBuiltinClient } from "./builtin.js";
import { CommandClient } from "./command.js";
import { GeminiClient } from "./gemini.js";
import { LlamaCppClient } from "./llamacpp.js";
import { loadModuleClient } from "./module.js";
import { OpenAIClient } from "./openai.js";
import { MODEL_SPEC_HELP } from "./spec-help.js";

export interface ClientOptions {
  /** Server base URL (openai: …/v1; llamacpp and anthropic: server root; gemini: …/v1beta). */
  baseUrl?: string;
  /** Env var with the API key (openai, anthropic, gemini). When given explicitly, it must be set. */
  apiKeyEnv?: string;
  /** Extra argv for `command:<program>` (each element one argument; no shell). */
  commandArgs?: readonly string[];
  promptVia?: "stdin" | "file";
  /** Options handed to module factories and built-ins (`--model-option k=v`). */
  options?: Record<string, unknown>;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export { MODEL_SPEC_HELP } from "./spec-help.js";

/**
 * inspect-style `openai/<model>` → `openai:<model>`, with the note to print; other specs
 * unchanged. (`openai:openai/gpt-4o`, an OpenRouter name, already has a colon and is kept.)
 */
export function normalizeModelSpec(spec: string): { spec: string; note?: string } {
  if (!spec.includes(":") && spec.startsWith("openai/") && spec.length > "openai/".length) {
    const fixed = `openai:${spec.slice("openai/".length)}`;
    return { spec: fixed, note: `note: reading --model ${spec} as ${fixed} (the colon form is ours)` };
  }
  return { spec };
}

/** Build a client from a `--model` spec. Bad specs are InputErrors naming the flag. */
export async function createClient(spec: string, opts: ClientOptions = {}): Promise<ModelClient> {
  try {
    return await createClientUnchecked(spec, opts);
  } catch (e) {
    // Configuration problems (unset key variable, unknown built-in, bad module) are user input.
    if (e instanceof ModelError) throw new InputError(e.message, { field: "--model" });
    throw e;
  }
}

async function createClientUnchecked(given: string, opts: ClientOptions): Promise<ModelClient> {
  const spec = normalizeModelSpec(given).spec;
  const i = spec.indexOf(":");
  const kind = i === -1 ? spec : spec.slice(0, i);
  const rest = i === -1 ? "" : spec.slice(i + 1);
  const bad = (why: string) =>
    new InputError(`${why}\nmodel specs:\n${MODEL_SPEC_HELP}`, { field: "--model", multiline: true });
  // The hosted APIs take the same options; a key variable the user named must be set.
  const hosted = (model: string) => ({
    model,
    baseUrl: opts.baseUrl,
    apiKeyEnv: opts.apiKeyEnv,
    requireKey: opts.apiKeyEnv !== undefined,
    env: opts.env,
  });
  switch (kind) {
    case "openai":
      if (!rest) throw bad("openai: needs a model name, e.g. openai:gpt-4o-mini");
      return new OpenAIClient(hosted(rest));
    case "anthropic":
      if (!rest) throw bad("anthropic: needs a model name, e.g. anthropic:claude-sonnet-4-5");
      return new AnthropicClient(hosted(rest));
    case "gemini":
      if (!rest) throw bad("gemini: needs a model name, e.g. gemini:gemini-2.5-flash");
      return new GeminiClient(hosted(rest));
    case "llamacpp":
    case "llama-server":
      return new LlamaCppClient({ baseUrl: opts.baseUrl, model: rest || undefined });
    case "command":
      if (!rest) throw bad("command: needs a program, e.g. command:./my-model.sh");
      return new CommandClient({
        argv: [rest, ...(opts.commandArgs ?? [])],
        promptVia: opts.promptVia,
        env: opts.env,
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
          `unknown model kind ${JSON.stringify(spec)}: specs use a colon; for an OpenAI-compatible server try --model openai:${spec.slice(slash + 1)} --base-url <server>/v1`,
        );
      throw bad(`unknown model kind ${JSON.stringify(kind)}`);
    }
  }
}
