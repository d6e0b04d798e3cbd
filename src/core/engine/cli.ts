/**
 * Shared command-line surface for model runs, so `geb model` and GF-01's LLM agent take the
 * same flags. ENGINE_FLAGS declares each flag once, as data; `addModelOptions(cmd)` adds them
 * all, and the commands that take a part of them (geb sweep, trap run, release) choose theirs
 * with `engineFlags`/`repeatedRunFlags`. `engineFromOptions(opts)` turns the parsed values into
 * a client, sampling params and engine options. Bad values are InputErrors naming the flag.
 */
import {
  addFlags,
  checkedFlag,
  collectFlag,
  durationFlag,
  type FlagSpec,
  flagOption,
  floatFlag,
  intFlag,
  MAX_COUNT,
  MAX_DURATION_S,
  MAX_INT,
  nonEmptyFlag,
  outDirFlag,
  outFileFlag,
  SEED_RANGE,
} from "../cli.js";
import type { Command, Option } from "commander";
import { InputError } from "../errors.js";
import { readTextFileSync } from "../jsonl.js";
import type { PriceTable } from "./accounting.js";
import { MODEL_SPEC_HELP } from "./clients/spec-help.js";
import { DEFAULT_MAX_CONSECUTIVE_ERRORS } from "./failfast.js";
import { DEFAULT_MAX_RETRY_WAIT_MS, DEFAULT_RETRY, type RetryPolicy } from "./retry.js";
import { MAX_UNPARSEABLE_SHARE_SPEC, maxUnparseableShareOf } from "./unparseable.js";
import type { ModelClient, ResponseFormat, SamplingParams } from "./types.js";

/** An empty `--model ""` (a config file's `model: ""`) is a usage error, not a run without a model. */
const modelSpec = nonEmptyFlag("--model");

/**
 * Every engine flag, declared once, with the help `geb model` shows. Their order here is the
 * order in every command's help (and in its effective run config). A command takes the ones it
 * needs with `engineFlags`, and may word one its own way; `engineFromOptions` reads them all.
 */
export const ENGINE_FLAGS = {
  model: {
    flags: "--model <spec>",
    help: `model to call:\n${MODEL_SPEC_HELP}`,
    parse: modelSpec,
    required: true,
  },
  maxUnparseableShare: MAX_UNPARSEABLE_SHARE_SPEC,
  baseUrl: {
    flags: "--base-url <url>",
    help: "server base URL (openai: …/v1, e.g. http://localhost:8000/v1, default $OPENAI_BASE_URL or api.openai.com; llamacpp: http://localhost:8080; anthropic: server root, default $ANTHROPIC_BASE_URL or api.anthropic.com; gemini: …/v1beta)",
  },
  apiKeyEnv: {
    flags: "--api-key-env <name>",
    help: "environment variable holding the API key (default OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY by kind, optional)",
  },
  commandArg: {
    flags: "--command-arg <arg>",
    help: "argument for command:<program> (repeat; {prompt_file} {max_tokens} {model})",
    parse: collectFlag,
  },
  promptVia: {
    flags: "--prompt-via <how>",
    help: "how command:<program> gets the prompt",
    choices: ["stdin", "file"],
  },
  modelOption: {
    flags: "--model-option <k=v>",
    help: "option for module:/builtin: factories (repeat)",
    parse: collectFlag,
  },
  temperature: {
    flags: "--temperature <x>",
    help: "sampling temperature",
    parse: checkedFlag(floatFlag("--temperature", { min: 0, max: 10 })),
  },
  topP: {
    flags: "--top-p <x>",
    help: "nucleus sampling",
    parse: checkedFlag(floatFlag("--top-p", { min: 0, max: 1 })),
  },
  topK: {
    flags: "--top-k <n>",
    help: "top-k (vLLM, llama.cpp)",
    parse: checkedFlag(intFlag("--top-k", { min: 0, max: MAX_INT })),
  },
  maxTokens: {
    flags: "--max-tokens <n>",
    help: "completion token budget",
    parse: checkedFlag(intFlag("--max-tokens", { min: 1, max: MAX_INT })),
  },
  seed: {
    flags: "--seed <n>",
    help: "sampling seed (trial t uses seed + t)",
    parse: checkedFlag(intFlag("--seed", SEED_RANGE)),
  },
  stop: { flags: "--stop <s>", help: "stop sequence (repeat)", parse: collectFlag },
  responseFormat: {
    flags: "--response-format <fmt>",
    help: "text | json_object | json_schema:<file.json> | grammar:<file.gbnf> (when the server supports it)",
  },
  maxConcurrency: {
    flags: "--max-concurrency <n>",
    help: "requests in flight at once",
    parse: checkedFlag(intFlag("--max-concurrency", { min: 1, max: 1024 })),
    default: "4",
  },
  timeoutS: {
    flags: "--timeout-s <s>",
    help: "per-request timeout in seconds",
    parse: checkedFlag(durationFlag("--timeout-s")),
    default: "120",
  },
  maxRetries: {
    flags: "--max-retries <n>",
    help: "retries on 429/5xx/timeouts/garbage (never on 401/403/404/DNS/TLS: those stop the run)",
    parse: checkedFlag(intFlag("--max-retries", { min: 0, max: 1000 })),
    default: String(DEFAULT_RETRY.maxRetries),
  },
  /** The cap on a server's Retry-After, recorded in every model command's effective config. */
  maxRetryWaitS: {
    flags: "--max-retry-wait-s <s>",
    help: "longest wait a server's Retry-After may impose before the next attempt (a longer one is cut to this)",
    parse: checkedFlag(floatFlag("--max-retry-wait-s", { min: 0, max: 86_400 })),
    default: String(DEFAULT_MAX_RETRY_WAIT_MS / 1000),
  },
  maxConsecutiveErrors: {
    flags: "--max-consecutive-errors <n>",
    help: "stop the run after n requests in a row failed the same way (0 = never)",
    parse: checkedFlag(intFlag("--max-consecutive-errors", { min: 0, max: MAX_COUNT })),
    default: String(DEFAULT_MAX_CONSECUTIVE_ERRORS),
  },
  cacheDir: {
    flags: "--cache-dir <dir>",
    help: "content-addressed response cache directory (off when not given)",
    parse: outDirFlag("--cache-dir"),
  },
  results: {
    flags: "--results <file>",
    help: "append-only results JSONL (keyed by item, model config, trial)",
    parse: outFileFlag("--results"),
  },
  resume: { flags: "--resume", help: "continue --results: keep its rows, run only what is missing" },
  overwrite: { flags: "--overwrite", help: "replace an existing --results file" },
  limit: {
    flags: "--limit <n>",
    help: "only the first n items",
    parse: checkedFlag(intFlag("--limit", { min: 1, max: MAX_COUNT })),
  },
  trials: {
    flags: "--trials <n>",
    help: "answers per item (variance across trials is reported)",
    parse: checkedFlag(intFlag("--trials", { min: 1, max: 10_000 })),
    default: "1",
  },
  priceTable: {
    flags: "--price-table <file>",
    help: 'JSON {"<model>": {"input_per_mtok": x, "output_per_mtok": y}} for cost',
  },
  progress: { flags: "--progress", help: "progress on stderr even when it is not a terminal (plain lines)" },
  noProgress: {
    flags: "--no-progress",
    help: "no progress display (default: shown only when stderr is a terminal)",
  },
} satisfies Record<string, FlagSpec>;

export type EngineFlag = keyof typeof ENGINE_FLAGS;

/**
 * A command's choice of engine flags: each one it takes, `true` as declared, a string for its
 * own help text, or fields of its own (a `--model` that is optional, say).
 */
export type EngineFlagChoice = Partial<Record<EngineFlag, true | string | Partial<FlagSpec>>>;

/** Help texts of some engine flags, as a family of commands words them. */
export type EngineFlagWording = Partial<Record<EngineFlag, string>>;

/**
 * The chosen engine flags, in ENGINE_FLAGS's order, for `addFlags`; a flag chosen without help
 * of its own takes `wording`'s, else its declared help.
 */
export function engineFlags(choice: EngineFlagChoice, wording: EngineFlagWording = {}): FlagSpec[] {
  return (Object.keys(ENGINE_FLAGS) as EngineFlag[]).flatMap((name) => {
    const c = choice[name];
    if (c === undefined) return [];
    const spec: FlagSpec = { ...ENGINE_FLAGS[name], help: wording[name] ?? ENGINE_FLAGS[name].help };
    return [c === true ? spec : typeof c === "string" ? { ...spec, help: c } : { ...spec, ...c }];
  });
}

/**
 * The wording of the commands that show the engine flags beside many of their own (geb sweep,
 * trap run, release): one line each, the details left to `geb model --help`.
 */
export const BRIEF_ENGINE_HELP: EngineFlagWording = {
  baseUrl: "server base URL (openai: …/v1)",
  apiKeyEnv: "environment variable holding the API key",
  commandArg: "argument for command:<program> (repeat)",
  maxRetries: "retries on 429/5xx/timeouts",
  cacheDir: "response cache directory",
};

/**
 * The engine flags of the commands that run a model over generated fixtures several times
 * (geb trap run, geb release matrix|run): `--max-unparseable-share` first, then the flags they
 * all take, whose help states these runs' own sampling defaults: each command's `--model`
 * wording and the `more` flags it takes.
 */
export function repeatedRunFlags(
  model: { help: string; required: boolean },
  more: EngineFlagChoice = {},
): FlagSpec[] {
  const wording: EngineFlagWording = {
    ...BRIEF_ENGINE_HELP,
    temperature: "sampling temperature (default 0)",
    maxTokens: "completion budget (default 256)",
    seed: "sampling seed (run k uses seed + k - 1)",
  };
  const shared: EngineFlagChoice = {
    baseUrl: true,
    apiKeyEnv: true,
    modelOption: true,
    temperature: true,
    maxTokens: true,
    seed: true,
    maxConcurrency: true,
    timeoutS: true,
    maxRetries: true,
    maxRetryWaitS: true,
    cacheDir: true,
  };
  // No parser on --model here: an empty spec is refused when the engine starts, not at parse time.
  const unchecked = { ...model, parse: undefined };
  return [
    ENGINE_FLAGS.maxUnparseableShare,
    ...engineFlags({ ...shared, ...more, model: unchecked }, wording),
  ];
}

/**
 * `--max-retry-wait-s` as an Option (ENGINE_FLAGS.maxRetryWaitS), for a command that declares
 * its flags one by one.
 */
export function maxRetryWaitOption(): Option {
  return flagOption(ENGINE_FLAGS.maxRetryWaitS);
}

/**
 * Every engine flag with `geb model`'s help. `several`: --model may repeat (each model over the
 * same items, then a paired comparison), and the endpoint flags with it.
 */
export function addModelOptions(cmd: Command, opts: { several?: boolean } = {}): Command {
  const all = Object.fromEntries(Object.keys(ENGINE_FLAGS).map((k) => [k, true])) as EngineFlagChoice;
  return addFlags(cmd, engineFlags(opts.several ? { ...all, ...SEVERAL_MODELS } : all));
}

const PER_MODEL = "; with several --model: once for all, or once per --model in order";
/** addModelOptions's `several`: --model, --base-url and --api-key-env repeat. */
const SEVERAL_MODELS: EngineFlagChoice = {
  model: {
    help: `model to call (repeat to run several over the same items and compare them):\n${MODEL_SPEC_HELP}`,
    parse: (v: string, prev?: string[]) => collectFlag(modelSpec(v), prev),
  },
  baseUrl: { help: `${ENGINE_FLAGS.baseUrl.help}${PER_MODEL}`, parse: collectFlag },
  apiKeyEnv: { help: `${ENGINE_FLAGS.apiKeyEnv.help}${PER_MODEL}`, parse: collectFlag },
};

export interface ModelCliValues {
  model: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  commandArg?: string[];
  promptVia?: "stdin" | "file";
  modelOption?: string[];
  temperature?: string;
  topP?: string;
  topK?: string;
  maxTokens?: string;
  seed?: string;
  stop?: string[];
  responseFormat?: string;
  maxConcurrency?: string;
  timeoutS?: string;
  maxRetries?: string;
  maxRetryWaitS?: string;
  maxConsecutiveErrors?: string;
  maxUnparseableShare?: string;
  cacheDir?: string;
  results?: string;
  resume?: boolean;
  overwrite?: boolean;
  limit?: string;
  trials?: string;
  priceTable?: string;
  progress?: boolean;
}

export function num(
  flag: string,
  v: string | undefined,
  opts: { int?: boolean; min?: number; max?: number } = {},
): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (
    v.trim() === "" ||
    !Number.isFinite(n) ||
    (opts.int && !Number.isInteger(n)) ||
    (opts.min !== undefined && n < opts.min) ||
    (opts.max !== undefined && n > opts.max)
  ) {
    const what = opts.int ? "an integer" : "a number";
    const range =
      opts.min !== undefined && opts.max !== undefined
        ? ` in [${opts.min}, ${opts.max}]`
        : opts.min !== undefined
          ? ` ≥ ${opts.min}`
          : "";
    throw new InputError(`expected ${what}${range}, got ${JSON.stringify(v)}`, {
      field: flag,
    });
  }
  return n;
}

export function parseResponseFormat(v: string): ResponseFormat {
  if (v === "text" || v === "json_object") return { type: v };
  if (v.startsWith("json_schema:")) {
    const file = v.slice("json_schema:".length);
    let schema: unknown;
    try {
      schema = JSON.parse(readTextFileSync(file, file, { field: "--response-format" }));
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, field: "--response-format" });
    }
    return { type: "json_schema", name: "answer", schema: schema as Record<string, unknown> };
  }
  if (v.startsWith("grammar:"))
    return {
      type: "grammar",
      grammar: readTextFileSync(v.slice(8), v.slice(8), { field: "--response-format" }),
    };
  throw new InputError(
    `expected text | json_object | json_schema:<file> | grammar:<file>, got ${JSON.stringify(v)}`,
    {
      field: "--response-format",
    },
  );
}

/** Sampling params given on the command line (unset flags stay unset). */
export function paramsFromOptions(o: ModelCliValues): SamplingParams {
  const p: SamplingParams = {};
  const t = num("--temperature", o.temperature, { min: 0 });
  if (t !== undefined) p.temperature = t;
  const tp = num("--top-p", o.topP, { min: 0 });
  if (tp !== undefined) p.top_p = tp;
  const tk = num("--top-k", o.topK, { int: true, min: 0 });
  if (tk !== undefined) p.top_k = tk;
  const mt = num("--max-tokens", o.maxTokens, { int: true, min: 1 });
  if (mt !== undefined) p.max_tokens = mt;
  const seed = num("--seed", o.seed, { int: true });
  if (seed !== undefined) p.seed = seed;
  if (o.stop && o.stop.length > 0) p.stop = o.stop;
  if (o.responseFormat) p.response_format = parseResponseFormat(o.responseFormat);
  return p;
}

function parseKv(items: string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const it of items ?? []) {
    const i = it.indexOf("=");
    if (i <= 0)
      throw new InputError(`expected key=value, got ${JSON.stringify(it)}`, { field: "--model-option" });
    out[it.slice(0, i)] = it.slice(i + 1);
  }
  return out;
}

/**
 * The run settings every engine caller passes through (concurrency, timeouts, retries, cache,
 * results file, trials, price). Declared once so that callers outside the CLI (the GEB
 * pipeline's answerer) carry the same fields as `--max-concurrency` & co. produce.
 */
export interface EngineRunSettings {
  maxConcurrency: number;
  timeoutMs: number;
  retry: RetryPolicy;
  cacheDir?: string;
  resultsPath?: string;
  resume: boolean;
  overwrite: boolean;
  trials: number;
  price?: { input_per_mtok: number; output_per_mtok: number };
}

export interface EngineFromOptions {
  client: ModelClient;
  /** Params set on the command line; merge over a task's defaults. */
  params: SamplingParams;
  run: EngineRunSettings & {
    limit?: number;
    /** true: --progress, false: --no-progress, undefined: only on a terminal. */
    progress: boolean | undefined;
    maxConsecutiveErrors: number;
    /** `--max-unparseable-share`: more unusable replies than this share fail the run (unparseable.ts). */
    maxUnparseableShare?: number;
    /** Concurrency budget shared with other models on the same endpoint (several --model). */
    limiter?: import("./retry.js").AdaptiveLimiter;
    /** Run the requests on distributed workers (`--queue`; see ./queue.ts). */
    runner?: import("./engine.js").EvaluateOptions<unknown>["runner"];
  };
  priceTable?: PriceTable;
  /** How the client was made (what a distributed worker rebuilds it from; no secrets). */
  clientSpec?: import("./queue.js").ClientSpec;
}

/**
 * The evaluate() options a run over a command-line engine passes on as they are: the client,
 * concurrency, retries, timeout, cache, price, progress and fail-fast. The run adds its items,
 * prompts, results file and label, and the distributed runner where it may run on workers.
 */
export function engineEvaluateOptions(e: EngineFromOptions) {
  return {
    client: e.client,
    maxConcurrency: e.run.maxConcurrency,
    retry: e.run.retry,
    timeoutMs: e.run.timeoutMs,
    cacheDir: e.run.cacheDir,
    price: e.run.price,
    progress: e.run.progress,
    maxConsecutiveErrors: e.run.maxConsecutiveErrors,
  };
}

export async function engineFromOptions(o: ModelCliValues): Promise<EngineFromOptions> {
  // Imported here, not at the top: declaring the flags (`--help`) needs no price tables.
  const { loadPriceTable, priceFor } = await import("./accounting.js");
  const { createClient, normalizeModelSpec } = await import("./clients/index.js");
  if (o.resume && o.overwrite)
    throw new InputError("use either --resume or --overwrite, not both", { field: "--resume" });
  if (o.resume && !o.results) throw new InputError("--resume needs --results <file>", { field: "--resume" });
  const { spec, note } = normalizeModelSpec(o.model);
  if (note) process.stderr.write(`${note}\n`);
  const clientSpec = {
    spec,
    baseUrl: o.baseUrl,
    apiKeyEnv: o.apiKeyEnv,
    commandArgs: o.commandArg,
    promptVia: o.promptVia,
    options: parseKv(o.modelOption),
  };
  const client = await createClient(spec, clientSpec);
  const priceTable = o.priceTable ? await loadPriceTable(o.priceTable) : undefined;
  return {
    client,
    clientSpec,
    params: paramsFromOptions(o),
    priceTable,
    run: {
      maxConcurrency: num("--max-concurrency", o.maxConcurrency ?? "4", { int: true, min: 1, max: 1024 })!,
      timeoutMs: num("--timeout-s", o.timeoutS ?? "120", { min: 0.001, max: MAX_DURATION_S })! * 1000,
      retry: {
        ...DEFAULT_RETRY,
        maxRetries: num("--max-retries", o.maxRetries ?? "6", { int: true, min: 0, max: 1000 })!,
        maxRetryWaitMs:
          num("--max-retry-wait-s", o.maxRetryWaitS ?? String(DEFAULT_MAX_RETRY_WAIT_MS / 1000), {
            min: 0,
            max: 86_400,
          })! * 1000,
      },
      cacheDir: o.cacheDir,
      resultsPath: o.results,
      resume: Boolean(o.resume),
      overwrite: Boolean(o.overwrite),
      limit: num("--limit", o.limit, { int: true, min: 1, max: MAX_COUNT }),
      trials: num("--trials", o.trials ?? "1", { int: true, min: 1, max: 10_000 })!,
      price: priceFor(priceTable, client.descriptor.model),
      progress: o.progress,
      maxConsecutiveErrors: num("--max-consecutive-errors", o.maxConsecutiveErrors ?? "5", {
        int: true,
        min: 0,
      })!,
      maxUnparseableShare: maxUnparseableShareOf(o.maxUnparseableShare),
    },
  };
}
