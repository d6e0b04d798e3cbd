/**
 * Shared command-line surface for model runs, so `geb model` and GF-01's LLM agent take the
 * same flags. `addModelOptions(cmd)` declares them; `engineFromOptions(opts)` turns the
 * parsed values into a client, sampling params and engine options. Bad values are
 * InputErrors naming the flag.
 */
import {
  checkedFlag,
  durationFlag,
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
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { Option } from "commander";
import { InputError } from "../errors.js";
import type { PriceTable } from "./accounting.js";
import { MODEL_SPEC_HELP } from "./clients/spec-help.js";
import { DEFAULT_MAX_CONSECUTIVE_ERRORS } from "./failfast.js";
import { DEFAULT_MAX_RETRY_WAIT_MS, DEFAULT_RETRY, type RetryPolicy } from "./retry.js";
import { addMaxUnparseableShareOption, maxUnparseableShareOf } from "./unparseable.js";
import type { ModelClient, ResponseFormat, SamplingParams } from "./types.js";

const collect = (v: string, prev: string[] = []) => [...prev, v];
/** An empty `--model ""` (a config file's `model: ""`) is a usage error, not a run without a model. */
const modelSpec = nonEmptyFlag("--model");

/**
 * `--max-retry-wait-s`: the cap on a server's Retry-After. Declared once here; added by
 * addModelOptions and by the commands that declare their own engine flags (geb sweep,
 * release, trap run), so every model command takes it and records it in its effective config.
 */
export function maxRetryWaitOption(): Option {
  return new Option(
    "--max-retry-wait-s <s>",
    "longest wait a server's Retry-After may impose before the next attempt (a longer one is cut to this)",
  )
    .argParser(checkedFlag(floatFlag("--max-retry-wait-s", { min: 0, max: 86_400 })))
    .default(String(DEFAULT_MAX_RETRY_WAIT_MS / 1000));
}

export function addModelOptions(cmd: Command, opts: { several?: boolean } = {}): Command {
  const repeatable = (o: Option) => (opts.several ? o.argParser(collect) : o);
  const perModel = opts.several ? "; with several --model: once for all, or once per --model in order" : "";
  // `several`: --model may repeat (each model over the same items, then a paired comparison).
  const model = opts.several
    ? cmd.requiredOption(
        "--model <spec>",
        `model to call (repeat to run several over the same items and compare them):\n${MODEL_SPEC_HELP}`,
        (v: string, prev?: string[]) => collect(modelSpec(v), prev),
      )
    : cmd.requiredOption("--model <spec>", `model to call:\n${MODEL_SPEC_HELP}`, modelSpec);
  return addMaxUnparseableShareOption(model)
    .addOption(
      repeatable(
        new Option(
          "--base-url <url>",
          `server base URL (openai: …/v1, e.g. http://localhost:8000/v1, default $OPENAI_BASE_URL or api.openai.com; llamacpp: http://localhost:8080; anthropic: server root, default $ANTHROPIC_BASE_URL or api.anthropic.com; gemini: …/v1beta)${perModel}`,
        ),
      ),
    )
    .addOption(
      repeatable(
        new Option(
          "--api-key-env <name>",
          `environment variable holding the API key (default OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY by kind, optional)${perModel}`,
        ),
      ),
    )
    .option(
      "--command-arg <arg>",
      "argument for command:<program> (repeat; {prompt_file} {max_tokens} {model})",
      collect,
    )
    .addOption(
      new Option("--prompt-via <how>", "how command:<program> gets the prompt").choices(["stdin", "file"]),
    )
    .option("--model-option <k=v>", "option for module:/builtin: factories (repeat)", collect)
    .option(
      "--temperature <x>",
      "sampling temperature",
      checkedFlag(floatFlag("--temperature", { min: 0, max: 10 })),
    )
    .option("--top-p <x>", "nucleus sampling", checkedFlag(floatFlag("--top-p", { min: 0, max: 1 })))
    .option(
      "--top-k <n>",
      "top-k (vLLM, llama.cpp)",
      checkedFlag(intFlag("--top-k", { min: 0, max: MAX_INT })),
    )
    .option(
      "--max-tokens <n>",
      "completion token budget",
      checkedFlag(intFlag("--max-tokens", { min: 1, max: MAX_INT })),
    )
    .option("--seed <n>", "sampling seed (trial t uses seed + t)", checkedFlag(intFlag("--seed", SEED_RANGE)))
    .option("--stop <s>", "stop sequence (repeat)", collect)
    .option(
      "--response-format <fmt>",
      "text | json_object | json_schema:<file.json> | grammar:<file.gbnf> (when the server supports it)",
    )
    .option(
      "--max-concurrency <n>",
      "requests in flight at once",
      checkedFlag(intFlag("--max-concurrency", { min: 1, max: 1024 })),
      "4",
    )
    .option(
      "--timeout-s <s>",
      "per-request timeout in seconds",
      checkedFlag(durationFlag("--timeout-s")),
      "120",
    )
    .option(
      "--max-retries <n>",
      "retries on 429/5xx/timeouts/garbage (never on 401/403/404/DNS/TLS: those stop the run)",
      checkedFlag(intFlag("--max-retries", { min: 0, max: 1000 })),
      String(DEFAULT_RETRY.maxRetries),
    )
    .addOption(maxRetryWaitOption())
    .option(
      "--max-consecutive-errors <n>",
      "stop the run after n requests in a row failed the same way (0 = never)",
      checkedFlag(intFlag("--max-consecutive-errors", { min: 0, max: MAX_COUNT })),
      String(DEFAULT_MAX_CONSECUTIVE_ERRORS),
    )
    .option(
      "--cache-dir <dir>",
      "content-addressed response cache directory (off when not given)",
      outDirFlag("--cache-dir"),
    )
    .option(
      "--results <file>",
      "append-only results JSONL (keyed by item, model config, trial)",
      outFileFlag("--results"),
    )
    .option("--resume", "continue --results: keep its rows, run only what is missing")
    .option("--overwrite", "replace an existing --results file")
    .option(
      "--limit <n>",
      "only the first n items",
      checkedFlag(intFlag("--limit", { min: 1, max: MAX_COUNT })),
    )
    .option(
      "--trials <n>",
      "answers per item (variance across trials is reported)",
      checkedFlag(intFlag("--trials", { min: 1, max: 10_000 })),
      "1",
    )
    .option("--price-table <file>", 'JSON {"<model>": {"input_per_mtok": x, "output_per_mtok": y}} for cost')
    .option("--progress", "progress on stderr even when it is not a terminal (plain lines)")
    .option("--no-progress", "no progress display (default: shown only when stderr is a terminal)");
}

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

function readFlagFile(flag: string, file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      {
        field: flag,
      },
    );
  }
}

export function parseResponseFormat(v: string): ResponseFormat {
  if (v === "text" || v === "json_object") return { type: v };
  if (v.startsWith("json_schema:")) {
    const file = v.slice("json_schema:".length);
    let schema: unknown;
    try {
      schema = JSON.parse(readFlagFile("--response-format", file));
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, field: "--response-format" });
    }
    return { type: "json_schema", name: "answer", schema: schema as Record<string, unknown> };
  }
  if (v.startsWith("grammar:"))
    return { type: "grammar", grammar: readFlagFile("--response-format", v.slice(8)) };
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

export interface EngineFromOptions {
  client: ModelClient;
  /** Params set on the command line; merge over a task's defaults. */
  params: SamplingParams;
  run: {
    maxConcurrency: number;
    timeoutMs: number;
    retry: RetryPolicy;
    cacheDir?: string;
    resultsPath?: string;
    resume: boolean;
    overwrite: boolean;
    limit?: number;
    trials: number;
    price?: { input_per_mtok: number; output_per_mtok: number };
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
