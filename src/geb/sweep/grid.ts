/**
 * Sweep grids: the reference `sweep` flags (same names, same defaults) plus list-valued
 * generator knobs and pipeline grids, expanded into an ordered list of cells. Pure: no I/O.
 *
 * Cell order is the reference loop order (seed → state mode → profile → steps → book budget),
 * with our extra dimensions nested inside it, so `combined.json` lists cells exactly as the
 * reference does and a grid without extra dimensions names its run dirs exactly as it does.
 */
import { InputError } from "../../core/errors.js";
import { sha256Hex } from "../../core/hash.js";
import { canonicalJson, pyFloatRepr } from "../../core/pyjson.js";
import type { MetricDialect } from "../grade/grade.js";
import {
  COMPAT_MODES,
  type Compat,
  DISTRACTOR_PROFILES,
  type EpisodeFillKnobs,
  type DistractorProfile,
  STATE_MODES,
  type StateMode,
} from "../dataset/types.js";

/** Generator knobs that may also be swept as a list (`--<knob>-list`). */
export const RATE_KNOBS = ["note_rate", "update_burst_rate", "distractor_rate", "clear_rate"] as const;
export type RateKnob = (typeof RATE_KNOBS)[number];

/** Pipeline settings a cell may carry (interpreted by the pipeline cell runner, issue 7). */
export interface PipelineSettings {
  k?: number;
  rerank?: string;
  /** Any further pipeline knob swept as a list (`--pipeline-list drop_prob=0,0.2`). */
  [knob: string]: number | string | boolean | undefined;
}

export type RunnerSpec =
  | { kind: "baseline"; baseline: "ledger" | "naive" }
  | { kind: "model"; model: string }
  | { kind: "pipeline"; model: string | null };

/**
 * A fully resolved sweep. `*Raw` fields keep the strings the user typed: the reference
 * records them verbatim in every result's `config` block.
 */
export interface SweepSpec extends EpisodeFillKnobs {
  seeds: number;
  episodes: number;
  steps: number;
  stepsListRaw: string | null;
  keys: number;
  queries: number;
  derivedQueryRate: number;
  noDerivedQueries: boolean;
  stateModesRaw: string;
  distractorProfilesRaw: string;
  /** null: the flag was not given (the reference then uses true). */
  requireCitations: boolean | null;
  twins: boolean;
  maxSupportK: number;
  maxBookTokens: number | null;
  maxBookTokensListRaw: string | null;
  /** `--<knob>-list` values (raw strings), e.g. { update_burst_rate: "0.1,0.25" }. */
  rateLists: Partial<Record<RateKnob, string>>;
  /** Pipeline grid: knob → raw list, e.g. { k: "2,4,8", rerank: "none,latest_step" }. */
  pipelineLists: Record<string, string>;
  /** Fixed pipeline settings applied to every cell (e.g. wrong_type, order). */
  pipelineFixed: Record<string, number | string | boolean>;
  compat: Compat;
  metrics: MetricDialect;
  runner: RunnerSpec;
  /** Put measured wall time into results (breaks byte-identical reruns; off by default). */
  timings: boolean;
}

/** The reference `sweep` defaults. */
export const DEFAULT_SWEEP: Readonly<SweepSpec> = Object.freeze<SweepSpec>({
  seeds: 5,
  episodes: 2,
  steps: 150,
  stepsListRaw: null,
  keys: 10,
  queries: 12,
  derivedQueryRate: 0.35,
  noDerivedQueries: false,
  chapters: 6,
  distractorRate: 0.5,
  tailDistractorSteps: 0,
  clearRate: 0.08,
  noteRate: 0.12,
  updateBurstRate: 0.25,
  stateModesRaw: "kv,kv_commentary,counter,set,relational",
  distractorProfilesRaw: "instruction,adversarial",
  requireCitations: null,
  twins: true,
  maxSupportK: 3,
  maxBookTokens: null,
  maxBookTokensListRaw: null,
  rateLists: {},
  pipelineLists: {},
  pipelineFixed: {},
  compat: "1.0",
  metrics: "1.0",
  runner: { kind: "baseline", baseline: "ledger" },
  timings: false,
});

export interface Cell {
  /** Position in the full grid (combined.json order). */
  index: number;
  /** Run directory name under the sweep's out dir. */
  name: string;
  seed: number;
  stateMode: StateMode;
  profile: DistractorProfile;
  steps: number;
  maxBookTokens: number | null;
  /** Generator rates for this cell (after list expansion). */
  rates: Record<RateKnob, number>;
  /** Only the rate knobs that were swept (they get a run-dir suffix and a config key). */
  sweptRates: RateKnob[];
  pipeline: PipelineSettings;
  sweptPipeline: string[];
}

function splitList(raw: string): string[] {
  // The reference: `[s for s in raw.split(",") if s.strip()]`.
  return raw.split(",").filter((s) => s.trim() !== "");
}

function intList(raw: string, flag: string): number[] {
  return splitList(raw).map((s) => {
    if (!/^\s*[+-]?\d+\s*$/.test(s)) throw new InputError(`expected integers, got "${s}"`, { field: flag });
    return Number.parseInt(s, 10);
  });
}

function numList(raw: string, flag: string): number[] {
  return splitList(raw).map((s) => {
    const x = Number(s);
    if (s.trim() === "" || !Number.isFinite(x))
      throw new InputError(`expected numbers, got "${s}"`, { field: flag });
    return x;
  });
}

function pipelineValue(s: string): number | string | boolean {
  const t = s.trim();
  if (t === "true" || t === "on") return true;
  if (t === "false" || t === "off") return false;
  const x = Number(t);
  return t !== "" && Number.isFinite(x) ? x : t;
}

/** Python `str()` of a number as the reference writes it into names (ints bare, floats repr). */
export function numLabel(x: number, isFloat: boolean): string {
  return isFloat ? pyFloatRepr(x) : String(x);
}

/** The names of a comma list, each one of `known` (else an InputError on `flag` naming `what`). */
function knownNames<T extends string>(raw: string, known: readonly T[], what: string, flag: string): T[] {
  return splitList(raw).map((x) => {
    if (!(known as readonly string[]).includes(x))
      throw new InputError(`unknown ${what} "${x}" (one of ${known.join(", ")})`, { field: flag });
    return x as T;
  });
}

export function stateModes(spec: SweepSpec): StateMode[] {
  return knownNames(spec.stateModesRaw, STATE_MODES, "state mode", "--state-modes");
}

export function distractorProfiles(spec: SweepSpec): DistractorProfile[] {
  return knownNames(
    spec.distractorProfilesRaw,
    DISTRACTOR_PROFILES,
    "distractor profile",
    "--distractor-profiles",
  );
}

/** Check ranges and names once, up front, so a bad flag never fails midway through a grid. */
export function validateSpec(spec: SweepSpec): void {
  const posInt = (v: number, flag: string, min = 1) => {
    if (!Number.isSafeInteger(v) || v < min)
      throw new InputError(`must be an integer ≥ ${min}, got ${v}`, { field: flag });
  };
  posInt(spec.seeds, "--seeds");
  posInt(spec.episodes, "--episodes");
  posInt(spec.steps, "--steps");
  posInt(spec.keys, "--keys");
  posInt(spec.queries, "--queries");
  posInt(spec.chapters, "--chapters");
  posInt(spec.tailDistractorSteps, "--tail-distractor-steps", 0);
  posInt(spec.maxSupportK, "--max-support-k");
  if (!(COMPAT_MODES as readonly string[]).includes(spec.compat))
    throw new InputError(`unknown compat "${spec.compat}"`, { field: "--compat" });
  const rate = (v: number, flag: string) => {
    if (!Number.isFinite(v) || v < 0 || v > 1)
      throw new InputError(`must be a rate in [0, 1], got ${v}`, { field: flag });
  };
  rate(spec.derivedQueryRate, "--derived-query-rate");
  rate(spec.distractorRate, "--distractor-rate");
  rate(spec.clearRate, "--clear-rate");
  rate(spec.noteRate, "--note-rate");
  rate(spec.updateBurstRate, "--update-burst-rate");
  for (const [knob, raw] of Object.entries(spec.rateLists)) {
    const flag = `--${knob.replaceAll("_", "-")}-list`;
    const xs = numList(raw ?? "", flag);
    if (xs.length === 0) throw new InputError("empty list", { field: flag });
    for (const x of xs) rate(x, flag);
  }
  if (stateModes(spec).length === 0) throw new InputError("empty list", { field: "--state-modes" });
  if (distractorProfiles(spec).length === 0)
    throw new InputError("empty list", { field: "--distractor-profiles" });
  if (spec.stepsListRaw)
    for (const s of intList(spec.stepsListRaw, "--steps-list")) posInt(s, "--steps-list");
  if (spec.maxBookTokensListRaw) intList(spec.maxBookTokensListRaw, "--max-book-tokens-list");
  for (const [knob, raw] of Object.entries(spec.pipelineLists)) {
    if (splitList(raw).length === 0) throw new InputError("empty list", { field: `pipeline ${knob}` });
  }
}

/** Expand a spec into its cells, in combined.json order. */
export function expandGrid(spec: SweepSpec): Cell[] {
  validateSpec(spec);
  const modes = stateModes(spec);
  const profiles = distractorProfiles(spec);
  const stepsList = spec.stepsListRaw ? intList(spec.stepsListRaw, "--steps-list") : [spec.steps];
  const books: (number | null)[] = spec.maxBookTokensListRaw
    ? intList(spec.maxBookTokensListRaw, "--max-book-tokens-list")
    : [spec.maxBookTokens];
  const baseRates: Record<RateKnob, number> = {
    note_rate: spec.noteRate,
    update_burst_rate: spec.updateBurstRate,
    distractor_rate: spec.distractorRate,
    clear_rate: spec.clearRate,
  };
  const sweptRates = RATE_KNOBS.filter((k) => spec.rateLists[k] !== undefined);
  const sweptPipeline = Object.keys(spec.pipelineLists);
  // Inner dimensions (ours) as a cartesian product, first knob outermost.
  type Inner = { rates: Record<RateKnob, number>; pipeline: PipelineSettings; suffix: string };
  let inner: Inner[] = [{ rates: { ...baseRates }, pipeline: { ...spec.pipelineFixed }, suffix: "" }];
  for (const knob of sweptRates) {
    const xs = numList(spec.rateLists[knob] ?? "", `--${knob}-list`);
    inner = inner.flatMap((c) =>
      xs.map((x) => ({
        ...c,
        rates: { ...c.rates, [knob]: x },
        suffix: `${c.suffix}-${knob.replaceAll("_", "")}${pyFloatRepr(x)}`,
      })),
    );
  }
  for (const knob of sweptPipeline) {
    const vals = splitList(spec.pipelineLists[knob]).map(pipelineValue);
    inner = inner.flatMap((c) =>
      vals.map((v) => ({
        ...c,
        pipeline: { ...c.pipeline, [knob]: v },
        suffix: `${c.suffix}-${knob === "k" ? "k" : `${knob.replaceAll("_", "")}_`}${String(v)}`,
      })),
    );
  }
  const cells: Cell[] = [];
  for (let seed = 0; seed < spec.seeds; seed++)
    for (const mode of modes)
      for (const profile of profiles)
        for (const steps of stepsList)
          for (const book of books)
            for (const c of inner) {
              let name = `seed${seed}-steps${steps}`;
              if (book !== null) name += `-book${book}`;
              name += `-mode${mode}-prof${profile}${c.suffix}`;
              cells.push({
                index: cells.length,
                name,
                seed,
                stateMode: mode,
                profile,
                steps,
                maxBookTokens: book,
                rates: c.rates,
                sweptRates,
                pipeline: c.pipeline,
                sweptPipeline,
              });
            }
  const seen = new Set<string>();
  for (const c of cells) {
    if (seen.has(c.name))
      throw new InputError(`two cells share the run dir "${c.name}" (a list repeats a value)`);
    seen.add(c.name);
  }
  return cells;
}

/** `--shard i/n` → [i, n] (1-based i). */
export function parseShard(raw: string): [number, number] {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  if (!m) throw new InputError(`expected i/n (e.g. 1/2), got "${raw}"`, { field: "--shard" });
  const i = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1 || i < 1 || i > n) throw new InputError(`need 1 ≤ i ≤ n, got ${raw}`, { field: "--shard" });
  return [i, n];
}

/** Cells of shard i of n: every n-th cell, so each shard gets a share of every dimension. */
export function shardCells(cells: readonly Cell[], shard: [number, number] | null): Cell[] {
  if (!shard) return [...cells];
  const [i, n] = shard;
  return cells.filter((c) => c.index % n === i - 1);
}

/** Identity of a grid: every field that changes any cell's bytes. */
export function specHash(spec: SweepSpec): string {
  return sha256Hex(canonicalJson(spec)).slice(0, 16);
}
