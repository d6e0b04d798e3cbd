import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/engine/clients/spec-help.ts
var MODEL_SPEC_HELP = [
  "openai:<model>          OpenAI-compatible /chat/completions (vLLM, llama-server, Ollama, LM Studio, OpenAI, OpenRouter)",
  "llamacpp[:<label>]      llama.cpp llama-server native /completion",
  "command:<program>       external program: prompt on stdin (or {prompt_file}), answer on stdout",
  "module:<file>[:<fn>]    your JS/TS module; fn(options) returns (request) => text",
  "builtin:<name>          built-in deterministic agent (offline)"
].join("\n");

export {
  MODEL_SPEC_HELP
};
