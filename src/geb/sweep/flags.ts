/**
 * Sweep flags → SweepSpec. Shared by `geb sweep`, `geb run-preset` and `geb wall-search`:
 * only flags the user actually typed override the base spec (the reference defaults, or a
 * preset), so a preset's values survive unless a flag names them.
 */
import type { Command } from "commander";
import { InputError } from "../../core/errors.js";
import { ENV_PREFIX, ENV_VARS } from "../pipeline/config-keys.js";
import { DEFAULT_SWEEP, RATE_KNOBS, type RateKnob, type SweepSpec } from "./grid.js";

import { sweepInt, sweepRate } from "./flag-options.js";

export { addSweepFlags } from "./flag-options.js";

function given(cmd: Command, key: string): boolean {
  const src = cmd.getOptionValueSource(key);
  return src === "cli" || src === "env";
}

// The shared validated parsers with the sweep ranges (flag-options.ts).
const int = sweepInt;
const num = sweepRate;

function kv(flag: string, raw: string): [string, string] {
  const i = raw.indexOf("=");
  if (i <= 0) throw new InputError(`expected knob=value, got "${raw}"`, { field: flag });
  return [raw.slice(0, i).trim(), raw.slice(i + 1).trim()];
}

/**
 * A sweep depends on its flags only (the spec hash pins them), so the reference's
 * `GOLDEVIDENCEBENCH_RETRIEVAL_*` variables are refused rather than silently ignored; the
 * error names the flag that does the same.
 */
export function rejectRetrievalEnv(env: NodeJS.ProcessEnv = process.env): void {
  const set = Object.keys(env)
    .filter((k) => k.startsWith(ENV_PREFIX) && env[k] !== undefined && env[k] !== "")
    .sort();
  if (set.length === 0) return;
  const name = set[0];
  const knob = ENV_VARS[name.slice(ENV_PREFIX.length)]?.[0];
  const flag = knob ? `--pipeline-set ${knob}=${env[name]}` : "--pipeline-set <knob>=<value>";
  throw new InputError(
    `is not read by sweeps (a sweep depends on its flags only); use ${flag} and unset it${set.length > 1 ? ` (also set: ${set.slice(1).join(", ")})` : ""}`,
    { field: `environment ${name}` },
  );
}

/** The base spec with every flag the user typed applied. */
export async function specFromFlags(
  cmd: Command,
  base: SweepSpec = { ...DEFAULT_SWEEP },
): Promise<SweepSpec> {
  rejectRetrievalEnv();
  const o = cmd.opts();
  const s: SweepSpec = {
    ...base,
    rateLists: { ...base.rateLists },
    pipelineLists: { ...base.pipelineLists },
    pipelineFixed: { ...base.pipelineFixed },
  };
  if (
    !given(cmd, "updateBurstRate") &&
    process.env.GOLDEVIDENCEBENCH_UPDATE_BURST_RATE !== undefined &&
    base === DEFAULT_SWEEP
  )
    s.updateBurstRate = num(
      "GOLDEVIDENCEBENCH_UPDATE_BURST_RATE",
      process.env.GOLDEVIDENCEBENCH_UPDATE_BURST_RATE,
    );
  // Flags whose value lands in the spec field of their own (commander's camelCase) name: the
  // counts, then the rates.
  const flagOf = (field: string) => `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const counts = [
    "seeds",
    "episodes",
    "steps",
    "keys",
    "queries",
    "chapters",
    "tailDistractorSteps",
    "maxSupportK",
  ];
  const rates = ["derivedQueryRate", "distractorRate", "clearRate", "noteRate", "updateBurstRate"];
  const fields = s as unknown as Record<string, unknown>;
  for (const f of counts) if (given(cmd, f)) fields[f] = int(flagOf(f), o[f]);
  for (const f of rates) if (given(cmd, f)) fields[f] = num(flagOf(f), o[f]);
  if (given(cmd, "derivedQueries")) s.noDerivedQueries = o.derivedQueries === false;
  if (given(cmd, "stepsList")) s.stepsListRaw = String(o.stepsList);
  if (given(cmd, "stateModes")) s.stateModesRaw = String(o.stateModes);
  if (given(cmd, "distractorProfiles")) s.distractorProfilesRaw = String(o.distractorProfiles);
  if (given(cmd, "twins")) s.twins = o.twins !== false;
  if (given(cmd, "requireCitations")) s.requireCitations = o.requireCitations !== false;
  if (given(cmd, "maxBookTokens")) s.maxBookTokens = int("--max-book-tokens", o.maxBookTokens);
  if (given(cmd, "maxBookTokensList")) s.maxBookTokensListRaw = String(o.maxBookTokensList);
  for (const k of RATE_KNOBS) {
    const key = `${k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}List`;
    if (given(cmd, key)) s.rateLists[k as RateKnob] = String(o[key]);
  }
  if (given(cmd, "kList")) s.pipelineLists.k = String(o.kList);
  if (given(cmd, "rerankList")) s.pipelineLists.rerank = String(o.rerankList);
  for (const raw of (o.pipelineList as string[] | undefined) ?? []) {
    const [k, v] = kv("--pipeline-list", raw);
    s.pipelineLists[k] = v;
  }
  const pipelineSet = (o.pipelineSet as string[] | undefined) ?? [];
  // Loaded only when needed: the pipeline config schema is zod, which a baseline sweep never
  // loads (~0.1 s of start-up CPU; issue 13).
  const { parseConfigValue } =
    pipelineSet.length > 0 ? await import("../pipeline/config.js") : { parseConfigValue: null };
  for (const raw of pipelineSet) {
    const [k, v] = kv("--pipeline-set", raw);
    // Typed by the pipeline config schema: `k=zero` or an unknown knob fails here, naming it.
    s.pipelineFixed[k] = (parseConfigValue as NonNullable<typeof parseConfigValue>)(k, v, "--pipeline-set") as
      | number
      | string
      | boolean;
  }
  if (given(cmd, "compat")) s.compat = o.compat;
  if (given(cmd, "metrics")) s.metrics = o.metrics;
  if (given(cmd, "timings")) s.timings = Boolean(o.timings);
  // Runner: a model spec makes model cells; pipeline knobs make pipeline cells. As in
  // `geb model`, `retrieval` is the pipeline without a model and `retrieval:<spec>` the
  // pipeline answering with <spec>.
  let model: string | undefined = o.model ?? o.adapter;
  let retrieval = false;
  if (model === "retrieval" || model?.startsWith("retrieval:")) {
    retrieval = true;
    model = model === "retrieval" ? undefined : model.slice("retrieval:".length);
    if (model === "")
      throw new InputError('"retrieval:" needs a model spec after the colon', { field: "--model" });
  }
  const wantsPipeline =
    retrieval ||
    Object.keys(s.pipelineLists).length > 0 ||
    Object.keys(s.pipelineFixed).length > 0 ||
    base.runner.kind === "pipeline";
  if (wantsPipeline)
    s.runner = {
      kind: "pipeline",
      model: model ?? (base.runner.kind === "pipeline" ? base.runner.model : null),
    };
  else if (model) s.runner = { kind: "model", model };
  else if (given(cmd, "baseline")) s.runner = { kind: "baseline", baseline: o.baseline };
  return s;
}
