/**
 * GF-01 instances as TempoBench-style one-shot tasks, and their answers scored by our exact
 * verifier (docs/integrations.md, "TempoBench one-shot"). Pure: no files.
 *
 * A task shows everything at once, as TempoBench's causality prompts do: the machine as HOA
 * text (inputs and outputs as APs), the base input trace (`a&!b;…`, one step per `;`), and the
 * effect to bring about (`X^t y` — y at step t — or a window). The answer is TempoBench's JSON
 * shape `{"<effect>": {"<t>": ["a", "!b"], …}}`, where a literal says which value to give an
 * input at that step (`a` = 1, `!a` = 0) and `"no constraints"` leaves a step alone. The
 * literals are read as the certificate `[[t, "a", 1], [t, "b", 0]]` and scored exactly
 * (Suff, Min1, Valid, goal, AP/TS-F1 against the best-matching minimal certificate).
 */
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { registerSchema } from "../../core/schema.js";
import { writeHoa } from "../hoa/writer.js";
import { mealyToHoa } from "../hoa/mealy.js";
import { compileInstance, DEFAULT_ATOM_BUDGET_RULE } from "../model/compile.js";
import type { Gf01Instance } from "../model/types.js";
import { type ScoreRow, scoreCertificate } from "../verify/score.js";
import type { VerifyResult } from "../verify/verify.js";

export const TEMPOBENCH_TASK_SCHEMA = "gf01.tempobench_task.v1";
export const TEMPOBENCH_SCORE_SCHEMA = "gf01.tempobench_score.v1";
export const NO_CONSTRAINTS = "no constraints";

export interface TempobenchTask {
  schema_version: typeof TEMPOBENCH_TASK_SCHEMA;
  instance_id: string;
  inputs: string[];
  outputs: string[];
  hoa: string;
  trace: string;
  /** `X^t y` spelled with t `X`s (hard mode), or `y in [lo, hi]` (normal mode). */
  effect: string;
  mode: string;
  t_star: number;
  window: [number, number];
  budget_timestep: number;
  budget_atoms: number | null;
  prompt: string;
}

const lit = (ap: string, v: unknown) => (v === 1 || v === true ? ap : `!${ap}`);

/** One task per instance (the prompt is the whole one-shot input). */
export function tempobenchTask(inst: Gf01Instance): TempobenchTask {
  const ci = compileInstance(inst);
  const a = inst.automaton;
  const hoa = writeHoa(mealyToHoa(a, { name: `GF-01 ${inst.instance_id}` }));
  const trace = inst.base_trace.map((v) => a.input_aps.map((ap) => lit(ap, v[ap])).join("&")).join(";");
  const effect =
    inst.mode === "hard"
      ? `${"X".repeat(inst.t_star)} ${inst.effect_ap}`.trim()
      : `${inst.effect_ap} in [${ci.lo}, ${ci.hi}]`;
  const budgetAtoms = inst.budget_atoms ?? null;
  const prompt = [
    "This is a causal intervention task over time.",
    `Your goal is to change as few inputs as possible, at as few steps as possible, so that the automaton produces the effect ${
      inst.mode === "hard"
        ? `"${effect}" (output ${inst.effect_ap} true at step ${inst.t_star}, counting from 0)`
        : `"${effect}" (output ${inst.effect_ap} true at some step from ${ci.lo} to ${ci.hi}, counting from 0)`
    }. Every change must be needed: without any one of them the effect must not occur.`,
    `Change inputs at no more than ${inst.budget_timestep} steps${budgetAtoms === null ? "" : ` and no more than ${budgetAtoms} inputs in total`}.`,
    "",
    `You are given an automaton (HOA format). Inputs: ${JSON.stringify(a.input_aps)}; outputs (controllable-AP): ${JSON.stringify(a.output_aps)}.`,
    "",
    "Automaton:",
    hoa.trimEnd(),
    "",
    "Input trace (one step per ';', step 0 first):",
    trace,
    "",
    "Effect to bring about:",
    JSON.stringify([effect]),
    "",
    `Answer with one JSON object mapping the effect to the inputs to set at each step: "a" sets input a true, "!a" sets it false, "${NO_CONSTRAINTS}" changes nothing at that step. For example:`,
    "### JSON Answer ###:",
    "```json",
    JSON.stringify({ [effect]: { "0": [NO_CONSTRAINTS], "1": [a.input_aps[0]] } }, null, 2),
    "```",
  ].join("\n");
  return {
    schema_version: TEMPOBENCH_TASK_SCHEMA,
    instance_id: inst.instance_id,
    inputs: [...a.input_aps],
    outputs: [...a.output_aps],
    hoa,
    trace,
    effect,
    mode: inst.mode,
    t_star: inst.t_star,
    window: [ci.lo, ci.hi],
    budget_timestep: inst.budget_timestep,
    budget_atoms: budgetAtoms,
    prompt,
  };
}

/** The last JSON object in a reply (a ```json fence first, else the outermost braces). */
function lastJsonObject(text: string): unknown {
  const fences = [...text.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)];
  const candidates = fences.length ? [fences[fences.length - 1][1]] : [];
  const s = text.indexOf("{");
  const e = text.lastIndexOf("}");
  if (s >= 0 && s < e) candidates.push(text.slice(s, e + 1));
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch {
      // try the next candidate
    }
  }
  throw new InputError("no JSON object in the answer");
}

const LITERAL = /^(!?)\s*([A-Za-z_][A-Za-z0-9_.:-]*)$/;

/**
 * A TempoBench-format answer as a certificate. The object maps the effect (or, when it has a
 * single key, whatever the key says) to `{step: [literal, …]}`. Errors (an InputError naming the
 * field) mean the answer is not in the format; they are counted as unparsed, never guessed.
 */
export function tempobenchCertificate(
  task: Pick<TempobenchTask, "effect">,
  text: string,
): [number, string, 0 | 1][] {
  const obj = lastJsonObject(text);
  if (!obj || typeof obj !== "object" || Array.isArray(obj))
    throw new InputError("the answer is not a JSON object");
  const o = obj as Record<string, unknown>;
  const keys = Object.keys(o);
  const key = Object.hasOwn(o, task.effect) ? task.effect : keys.length === 1 ? keys[0] : undefined;
  if (key === undefined)
    throw new InputError(`the answer has no entry for the effect ${JSON.stringify(task.effect)}`);
  const steps = o[key];
  if (!steps || typeof steps !== "object" || Array.isArray(steps))
    throw new InputError("the effect's entry must map steps to lists of literals", { field: key });
  const atoms: [number, string, 0 | 1][] = [];
  for (const [t, lits] of Object.entries(steps as Record<string, unknown>)) {
    if (!/^\d+$/.test(t))
      throw new InputError(`step ${JSON.stringify(t)} is not a step number`, { field: `${key}.${t}` });
    const list = Array.isArray(lits) ? lits : [lits];
    for (const l of list) {
      if (typeof l !== "string") throw new InputError("literals must be strings", { field: `${key}.${t}` });
      const s = l.trim();
      if (s.toLowerCase() === NO_CONSTRAINTS) continue;
      const m = LITERAL.exec(s);
      if (!m) throw new InputError(`not a literal: ${JSON.stringify(s)}`, { field: `${key}.${t}` });
      atoms.push([Number(t), m[2], m[1] ? 0 : 1]);
    }
  }
  return atoms;
}

/** The verdict and efficiency counts (`VerifyResult`), then the overlap scores. */
export interface TempobenchScore extends VerifyResult {
  schema_version: typeof TEMPOBENCH_SCORE_SCHEMA;
  instance_id: string;
  /** The answer's certificate, or null when it was not in the format (then not certified). */
  certificate: [number, string, 0 | 1][] | null;
  parse_error: string | null;
  ap_f1: number;
  ts_f1: number;
  /** Why the certificate is structurally invalid (unknown input, step out of range, …), if it is. */
  reasons: string[];
}

/** Score one answer with the exact verifier (an unparsed answer scores as not certified). */
export function scoreTempobenchAnswer(
  inst: Gf01Instance,
  text: string,
  opts: { pool?: "complete" | "official" } = {},
): TempobenchScore {
  const task = tempobenchTask(inst);
  let cert: [number, string, 0 | 1][] | null = null;
  let parseError: string | null = null;
  try {
    cert = tempobenchCertificate(task, text);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    parseError = e.message;
  }
  const s: ScoreRow | null = cert
    ? scoreCertificate(compileInstance(inst), cert, {
        bestMatch: { pool: opts.pool ?? "complete" },
        atomBudget: DEFAULT_ATOM_BUDGET_RULE,
      })
    : null;
  return {
    schema_version: TEMPOBENCH_SCORE_SCHEMA,
    instance_id: inst.instance_id,
    certificate: cert,
    parse_error: parseError,
    suff: s?.suff ?? false,
    min1: s?.min1 ?? false,
    valid: s?.valid ?? false,
    goal: s?.goal ?? false,
    eff_t: s?.eff_t ?? 0,
    eff_a: s?.eff_a ?? 0,
    ap_f1: s?.ap_f1 ?? 0,
    ts_f1: s?.ts_f1 ?? 0,
    reasons: s && !s.structure_ok ? s.reasons : [],
  };
}

/** Read answers (`{instance_id, answer | output | text | completion}` JSONL rows). */
export function answerOf(
  row: unknown,
  where: { file: string; line: number },
): { instance_id: string; text: string } {
  if (!row || typeof row !== "object" || Array.isArray(row))
    throw new InputError("an answer row must be a JSON object", where);
  const r = row as Record<string, unknown>;
  if (typeof r.instance_id !== "string" || !r.instance_id)
    throw new InputError("missing or non-string instance_id", { ...where, field: "instance_id" });
  const key = ["answer", "output", "text", "completion"].find((k) => r[k] !== undefined);
  if (!key || typeof r[key] !== "string")
    throw new InputError("the row needs the answer text (answer, output, text or completion: a string)", {
      ...where,
      field: key ?? "answer",
    });
  return { instance_id: r.instance_id, text: r[key] as string };
}

const atomSchema = z.tuple([
  z.number().int().nonnegative(),
  z.string(),
  z.union([z.literal(0), z.literal(1)]),
]);
/** `gf01 tempobench export` lines (JSON Schema: schemas/gf01.tempobench_task.v1.schema.json). */
export const tempobenchTaskSchema = registerSchema(
  TEMPOBENCH_TASK_SCHEMA,
  z.strictObject({
    schema_version: z.literal(TEMPOBENCH_TASK_SCHEMA),
    instance_id: z.string().min(1),
    inputs: z.array(z.string()),
    outputs: z.array(z.string()),
    hoa: z
      .string()
      .describe("the Mealy machine as HOA (AP = inputs then outputs; controllable-AP = outputs)"),
    trace: z.string().describe("base input trace: `a&!b;…`, step 0 first"),
    effect: z.string().describe("`XXX y` (y at step 3) in hard mode, `y in [lo, hi]` in normal mode"),
    mode: z.string(),
    t_star: z.number().int().nonnegative(),
    window: z.tuple([z.number().int(), z.number().int()]),
    budget_timestep: z.number().int(),
    budget_atoms: z.number().int().nullable(),
    prompt: z.string().describe("the whole one-shot input"),
  }),
);
/** `gf01 tempobench score --out` lines. */
export const tempobenchScoreSchema = registerSchema(
  TEMPOBENCH_SCORE_SCHEMA,
  z.strictObject({
    schema_version: z.literal(TEMPOBENCH_SCORE_SCHEMA),
    instance_id: z.string().min(1),
    certificate: z.array(atomSchema).nullable().describe("null: the answer was not in the format"),
    parse_error: z.string().nullable(),
    suff: z.boolean(),
    min1: z.boolean(),
    valid: z.boolean(),
    goal: z.boolean(),
    eff_t: z.number().int().nonnegative(),
    eff_a: z.number().int().nonnegative(),
    ap_f1: z.number(),
    ts_f1: z.number(),
    reasons: z.array(z.string()),
  }),
);
