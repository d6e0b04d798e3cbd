/**
 * The `--model` spec forms, for help texts and errors. Apart from ./index.ts so that declaring
 * the flags (`--help`) loads no client (and so no node:http/https): start-up, docs/performance.md.
 */
export const MODEL_SPEC_HELP = [
  "openai:<model>          OpenAI-compatible /chat/completions (vLLM, llama-server, Ollama, LM Studio, OpenAI, OpenRouter)",
  "anthropic:<model>       Anthropic Messages API (key $ANTHROPIC_API_KEY)",
  "gemini:<model>          Google Gemini generateContent (key $GEMINI_API_KEY)",
  "llamacpp[:<label>]      llama.cpp llama-server native /completion",
  "command:<program>       external program: prompt on stdin (or {prompt_file}), answer on stdout",
  "module:<file>[:<fn>]    your JS/TS module; fn(options) returns (request) => text",
  "builtin:<name>          built-in deterministic agent (offline)",
].join("\n");
