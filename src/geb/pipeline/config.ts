import type { Command } from "commander";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { parseWith } from "../../core/schema.js";
import { type PipelineCliValues, pipelineFlags } from "./options.js";

import {
  RETRIEVERS,
  WRONG_TYPES,
  ORDERS,
  RERANKERS,
  TIE_BREAKS,
  EMBEDDERS,
  ABSTAIN_POLICIES,
  RETRIEVAL_DIALECTS,
  ENV_PREFIX,
  ENV_VARS,
  type Kind,
} from "./config-keys.js";

// The key tables (and their types) are this module's vocabulary too: callers import them from here.
export * from "./config-keys.js";

const unit = z.number().min(0).max(1);
const int = z.number().int();

export const PipelineConfigSchema = z.strictObject({
  retriever: z.enum(RETRIEVERS),
  k: int.min(1),
  wrong_type: z.enum(WRONG_TYPES),
  order: z.enum(ORDERS),
  order_seed: int,
  drop_prob: unit,
  drop_seed: int,
  authority_spoof_rate: unit,
  authority_spoof_seed: int,
  authority_filter: z.boolean(),
  rerank: z.enum(RERANKERS),
  /** Path of a linear selector model JSON (ours or the reference's). */
  linear_model: z.string().nullable(),
  step_bucket: int.min(1),
  linear_tie_break: z.enum(TIE_BREAKS),
  linear_tie_eps: z.number().min(0),
  abstain_on_missing: z.boolean(),
  /**
   * `oracle` (the reference): abstain exactly when the gold line is not among the candidates,
   * which reads the answer key and so bounds what abstaining can achieve. `observable`:
   * abstain when no candidate is presented as an authoritative update for the asked key.
   */
  abstain_policy: z.enum(ABSTAIN_POLICIES),
  deterministic_answer: z.boolean(),
  copy_clamp: z.boolean(),
  pick_then_answer: z.boolean(),
  query_sandwich: z.boolean(),
  include_clear: z.boolean(),
  selector_only: z.boolean(),
  /** Selector-only answers carry the selected entry's value (reference default: an empty value). */
  selector_value: z.boolean(),
  dense_embedder: z.enum(EMBEDDERS),
  /** `openai` embedder: model name and base URL (…/v1). */
  dense_model: z.string().nullable(),
  dense_base_url: z.string().nullable(),
  dense_dim: int.min(8).max(65536),
  /**
   * `reference-0.1`: retrieve as the reference's retrieval adapter does (the whole question,
   * answer-format boilerplate included, as the query; score ties to the oldest entry; key
   * ties of one step to the earlier line; `dense` runs the key retriever, as the reference
   * never dispatches it). `1.0`: the question line only, ties to the newest entry.
   */
  retrieval_dialect: z.enum(RETRIEVAL_DIALECTS),
});
export type PipelineConfig = z.output<typeof PipelineConfigSchema>;

export const DEFAULT_PIPELINE_CONFIG: Readonly<PipelineConfig> = Object.freeze({
  retriever: "key",
  k: 1,
  wrong_type: "none",
  order: "shuffle",
  order_seed: 0,
  drop_prob: 0,
  drop_seed: 0,
  authority_spoof_rate: 0,
  authority_spoof_seed: 0,
  authority_filter: false,
  rerank: "none",
  linear_model: null,
  step_bucket: 1,
  linear_tie_break: "none",
  linear_tie_eps: 0,
  abstain_on_missing: false,
  abstain_policy: "oracle",
  deterministic_answer: false,
  copy_clamp: false,
  pick_then_answer: false,
  query_sandwich: false,
  include_clear: true,
  selector_only: false,
  selector_value: true,
  dense_embedder: "hashed",
  dense_model: null,
  dense_base_url: null,
  dense_dim: 512,
  retrieval_dialect: "1.0",
});

function coerce(raw: string, kind: Kind, where: string): unknown {
  const s = raw.trim();
  switch (kind) {
    case "bool": {
      const l = s.toLowerCase();
      if (["1", "true", "yes", "on"].includes(l)) return true;
      if (["0", "false", "no", "off", ""].includes(l)) return false;
      throw new InputError(`expected 1/0, true/false or yes/no, got ${JSON.stringify(raw)}`, {
        field: where,
      });
    }
    case "int":
      if (!/^[+-]?\d+$/.test(s))
        throw new InputError(`expected an integer, got ${JSON.stringify(raw)}`, { field: where });
      return Number.parseInt(s, 10);
    case "float": {
      const x = Number(s);
      if (s === "" || !Number.isFinite(x))
        throw new InputError(`expected a number, got ${JSON.stringify(raw)}`, { field: where });
      return x;
    }
    case "enum":
      return s.toLowerCase();
    default:
      return s === "" ? null : s;
  }
}

const KIND_OF: Record<string, Kind> = Object.fromEntries(
  Object.values(ENV_VARS).map(([k, kind]) => [k, kind]),
);

/** A config value from text (grid cells, `key=value`), checked against the key's schema. */
export function parseConfigValue(key: string, raw: string, where: string): unknown {
  if (!(key in PipelineConfigSchema.shape))
    throw new InputError(`unknown pipeline key ${JSON.stringify(key)}`, { field: where });
  const kind: Kind = KIND_OF[key] ?? (key === "dense_dim" ? "int" : "string");
  const v = coerce(raw, kind, where);
  const r = PipelineConfigSchema.shape[key as keyof PipelineConfig].safeParse(v);
  if (!r.success) throw new InputError(`${key}=${raw}: ${r.error.issues[0].message}`, { field: where });
  return r.data;
}

/** The `GOLDEVIDENCEBENCH_RETRIEVAL_*` variables that are set, as config values. */
export function pipelineConfigFromEnv(env: NodeJS.ProcessEnv = process.env): {
  values: Partial<PipelineConfig>;
  vars: Record<string, string>;
} {
  const values: Record<string, unknown> = {};
  const vars: Record<string, string> = {};
  for (const [name, [key, kind]] of Object.entries(ENV_VARS)) {
    const raw = env[ENV_PREFIX + name];
    if (raw === undefined) continue;
    vars[ENV_PREFIX + name] = raw;
    values[key] = coerce(raw, kind, `environment ${ENV_PREFIX}${name}`);
  }
  // Validate each value now so the error names the variable, not a merged object.
  for (const [name, [key]] of Object.entries(ENV_VARS)) {
    if (!(key in values)) continue;
    // config-keys.ts sits below the schema and cannot name its type: this lookup is the
    // compile-time check that every key an environment variable sets is a config key.
    const field = PipelineConfigSchema.shape[key];
    const r = field.safeParse(values[key]);
    if (!r.success)
      throw new InputError(r.error.issues[0].message, { field: `environment ${ENV_PREFIX}${name}` });
  }
  return { values: values as Partial<PipelineConfig>, vars };
}

/** A JSON config file: any subset of the config keys (unknown keys are an error). */
export function readPipelineConfigFile(file: string): Partial<PipelineConfig> {
  const value: unknown = readJsonFileSync(file);
  return parseWith(PipelineConfigSchema.partial(), value, { file });
}

export interface ResolvedPipelineConfig {
  config: PipelineConfig;
  /** Where values came from, recorded next to the config. */
  sources: { env: Record<string, string>; file: string | null };
}

/** defaults < env < file < flags, validated as a whole (cross-field rules included). */
export function resolvePipelineConfig(opts: {
  env?: NodeJS.ProcessEnv;
  file?: string | null;
  flags?: Partial<PipelineConfig>;
}): ResolvedPipelineConfig {
  const fromEnv = pipelineConfigFromEnv(opts.env ?? process.env);
  const fromFile = opts.file ? readPipelineConfigFile(opts.file) : {};
  const merged = {
    ...DEFAULT_PIPELINE_CONFIG,
    ...fromEnv.values,
    ...fromFile,
    ...stripUndefined(opts.flags ?? {}),
  };
  const config = parseWith(PipelineConfigSchema, merged, { field: "pipeline" });
  checkConfig(config);
  return { config, sources: { env: fromEnv.vars, file: opts.file ?? null } };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function checkConfig(c: PipelineConfig): void {
  if (c.rerank === "linear" && !c.linear_model)
    throw new InputError("rerank linear needs a linear model (--linear-model FILE)", {
      field: "linear_model",
    });
  if (c.retriever === "dense" && c.dense_embedder === "openai" && !c.dense_model)
    throw new InputError("the openai embedder needs a model (--dense-model NAME)", { field: "dense_model" });
}

/** The pipeline config a command's flags give (defaults < env < --pipeline-config < flags). */
export function pipelineFromCommand(cmd: Command): ResolvedPipelineConfig {
  const o = cmd.opts() as PipelineCliValues;
  const given = (name: string) => cmd.getOptionValueSource(name) === "cli";
  return resolvePipelineConfig({ file: o.pipelineConfig ?? null, flags: pipelineFlags(o, given) });
}
