/**
 * Official formal-task normalization (gf01/formal_loader.py `instance_from_formal_dict`):
 * raw task → validated Gf01Instance with content hash and provenance. Pure: files named by
 * the task (`hoa_path`, `trace_path`) come through the `readText` callback, so the adapter
 * in file.ts owns all I/O.
 */

import { InputError } from "../../core/errors.js";
import { canonicalHash } from "../../core/hash.js";
import { parseWith } from "../../core/schema.js";
import { hoaToMealy } from "../hoa/mealy.js";
import { parseHoa } from "../hoa/parser.js";
import { symbolKey } from "../model/compile.js";
import { semanticIdentity } from "../model/identity.js";
import type { Gf01Instance, MealyAutomaton, Valuation } from "../model/types.js";
import {
  FORMAL_BUNDLE_SCHEMA_VERSION,
  FORMAL_TASK_SCHEMA_VERSION,
  type FormalTask,
  formalTaskSchema,
  NORMALIZATION_VERSION,
} from "./schema.js";

export interface FormalTaskContext {
  /** The task file, named in errors. */
  file?: string;
  /** Field prefix for errors when the task sits inside a bundle (e.g. `instances[2]`). */
  field?: string;
  /**
   * Read a file named by the task, relative to the task file's directory; returns the text
   * and the path to show in errors. Without it, tasks that name files are rejected.
   */
  readText?: (relPath: string, field: string) => { text: string; shownAs: string };
}

/** Normalize one formal task into an instance (official semantics; see docs/gf01-hoa.md). */
export function formalTaskToInstance(raw: unknown, ctx: FormalTaskContext = {}): Gf01Instance {
  const where = { file: ctx.file, field: ctx.field };
  const err = (reason: string, field?: string) =>
    new InputError(reason, {
      file: ctx.file,
      field: [ctx.field, field].filter(Boolean).join(".") || undefined,
    });
  const task = parseWith(formalTaskSchema, raw, where);
  const readText = (rel: string, field: string) => {
    if (!ctx.readText)
      throw err(`${field} needs the task to be loaded from a file (use loadFormalTaskFile)`, field);
    return ctx.readText(rel, field);
  };

  const automaton = task.automaton
    ? (task.automaton as MealyAutomaton)
    : automatonFromHoa(task, ctx, readText, err);
  const baseTrace = loadTrace(task, ctx, readText, err);
  const windowSize = task.window_size ?? 1;
  validateInstanceFields(automaton, baseTrace, task, windowSize, err);

  // The task's semantic fields, in instance key order: hashed for the identity, then the instance.
  const fields = {
    automaton,
    base_trace: baseTrace,
    effect_ap: task.effect_ap,
    t_star: task.t_star,
    mode: task.mode,
    window_size: windowSize,
    budget_timestep: task.budget_timestep,
  };
  const core: Gf01Instance = { instance_id: "", ...fields };
  const contentHash = canonicalHash(semanticIdentity(core));
  // Key order follows the official dict construction (only matters for unsorted dumps).
  let provenance: Record<string, unknown> = {
    content_hash: contentHash,
    normalization_version: NORMALIZATION_VERSION,
    source_type: task.source_type ?? "formal_artifact",
    source_id: task.source_id ?? task.artifact_id ?? "",
  };
  if (task.provenance) {
    provenance = { ...provenance, ...task.provenance, content_hash: contentHash };
    const nv = provenance.normalization_version;
    provenance.normalization_version = nv === undefined || nv === null ? NORMALIZATION_VERSION : String(nv);
  }
  if (task.hoa_path) provenance.hoa_path = task.hoa_path;
  if (task.tlsf_path) provenance.tlsf_path = task.tlsf_path;

  return {
    instance_id: task.instance_id || `gf01-${contentHash.slice(0, 12)}`,
    ...fields,
    budget_atoms: task.budget_atoms ?? null,
    seed: task.seed ?? null,
    complexity: { ...(task.complexity ?? {}) },
    identifiability: { ...(task.identifiability ?? {}) },
    split_id: task.split_id ?? "public_dev",
    renderer_track: task.renderer_track ?? "json",
    provenance,
  };
}

type ReadText = (rel: string, field: string) => { text: string; shownAs: string };
type Err = (reason: string, field?: string) => InputError;

function automatonFromHoa(
  task: FormalTask,
  ctx: FormalTaskContext,
  readText: ReadText,
  err: Err,
): MealyAutomaton {
  // As the official loader: inline `hoa` text wins over `hoa_path` (both compared after strip()).
  let text = (task.hoa ?? "").trim();
  let shownAs = `${ctx.file ?? "task"}#hoa`;
  if (!text) {
    const rel = (task.hoa_path ?? "").trim();
    if (!rel) throw err("formal task needs automaton, hoa, or hoa_path");
    ({ text, shownAs } = readText(rel, "hoa_path"));
  }
  if (!task.input_aps?.length || !task.output_aps?.length)
    throw err(
      "formal HOA task requires non-empty input_aps and output_aps",
      task.input_aps?.length ? "output_aps" : "input_aps",
    );
  if (!task.output_by_state) throw err("formal HOA task requires output_by_state", "output_by_state");
  const hoa = parseHoa(text, { file: shownAs });
  try {
    return hoaToMealy(hoa, {
      inputAps: task.input_aps,
      outputAps: task.output_aps,
      outputByState: task.output_by_state,
      file: shownAs,
    });
  } catch (e) {
    // Errors about task fields (output_by_state, AP lists) belong to the task file.
    if (e instanceof InputError && e.field && e.line === undefined)
      throw new InputError(e.reason, {
        file: ctx.file,
        field: [ctx.field, e.field].filter(Boolean).join("."),
      });
    throw e;
  }
}

function loadTrace(task: FormalTask, ctx: FormalTaskContext, readText: ReadText, err: Err): Valuation[] {
  let raw: unknown;
  let traceWhere: { file?: string; field?: string };
  if (task.base_trace !== undefined) {
    raw = task.base_trace;
    traceWhere = { file: ctx.file, field: [ctx.field, "base_trace"].filter(Boolean).join(".") };
  } else if (task.trace_path !== undefined) {
    const { text, shownAs } = readText(task.trace_path, "trace_path");
    raw = parseJsonOrJsonl(text, shownAs);
    traceWhere = { file: shownAs, field: "base_trace" };
  } else throw err("formal task is missing base_trace/trace_path", "base_trace");
  if (!Array.isArray(raw) || raw.length === 0)
    throw new InputError("base_trace must be a non-empty list", traceWhere);
  return raw.map((step, t) => {
    const f = `${traceWhere.field}[${t}]`;
    if (!step || typeof step !== "object" || Array.isArray(step))
      throw new InputError("base_trace steps must be objects", { file: traceWhere.file, field: f });
    const out: Valuation = {};
    for (const [k, v] of Object.entries(step as Record<string, unknown>)) {
      if (v !== 0 && v !== 1)
        throw new InputError(`must be binary (0 or 1), got ${JSON.stringify(v)}`, {
          file: traceWhere.file,
          field: `${f}.${k}`,
        });
      out[k] = v;
    }
    return out;
  });
}

/** JSON, or JSONL when the text has one JSON value per line (official `_load_json_or_jsonl` by suffix). */
export function parseJsonOrJsonl(text: string, file: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) throw new InputError("empty formal artifact file", { file });
  if (file.toLowerCase().endsWith(".jsonl")) {
    const rows: unknown[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (!line.trim()) return;
      try {
        rows.push(JSON.parse(line));
      } catch (e) {
        throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line: i + 1 });
      }
    });
    return rows;
  }
  try {
    return JSON.parse(trimmed);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
}

/** The official `_validate_instance_fields`, with the field named in each error. */
function validateInstanceFields(
  a: MealyAutomaton,
  trace: Valuation[],
  task: FormalTask,
  windowSize: number,
  err: Err,
): void {
  const dup = (xs: string[]) => xs.find((x, i) => xs.indexOf(x) !== i);
  if (dup(a.input_aps) !== undefined) throw err("input_aps must be unique", "input_aps");
  if (dup(a.output_aps) !== undefined) throw err("output_aps must be unique", "output_aps");
  if (a.input_aps.some((ap) => a.output_aps.includes(ap)))
    throw err("input_aps and output_aps must be disjoint", "output_aps");
  if (!a.output_aps.includes(task.effect_ap)) throw err("effect_ap must belong to output_aps", "effect_ap");
  const T = trace.length;
  if (task.t_star < 0 || task.t_star >= T)
    throw err(`t_star out of range (must be in 0..${T - 1})`, "t_star");
  if (windowSize < 1) throw err("window_size must be >= 1", "window_size");
  if (task.budget_timestep < 1 || task.budget_timestep > T)
    throw err(`budget_timestep must be in 1..len(base_trace) = 1..${T}`, "budget_timestep");
  const want = a.input_aps.slice().sort().join("\u0000");
  trace.forEach((step, t) => {
    if (Object.keys(step).sort().join("\u0000") !== want)
      throw err(
        `base_trace[${t}] must match input_aps exactly (${JSON.stringify(a.input_aps)})`,
        `base_trace[${t}]`,
      );
  });
  const nIn = a.input_aps.length;
  if (nIn > 20) throw err(`too many input APs (${nIn}); at most 20 are supported`, "input_aps");
  const keys = new Set<string>();
  for (let sym = 0; sym < 1 << nIn; sym++) keys.add(symbolKey(a.input_aps, sym));
  const outWant = a.output_aps.slice().sort().join("\u0000");
  for (const state of a.states) {
    const row = Object.hasOwn(a.transitions, state) ? a.transitions[state] : undefined;
    if (!row) throw err(`missing transition map for state ${state}`, "automaton.transitions");
    const rowKeys = Object.keys(row);
    if (rowKeys.length !== keys.size || rowKeys.some((k) => !keys.has(k)))
      throw err(
        `state ${state} does not cover the input-total legal domain`,
        `automaton.transitions.${state}`,
      );
    for (const [key, tr] of Object.entries(row)) {
      if (!a.states.includes(tr.next_state))
        throw err(
          `transition from ${state} targets unknown state ${tr.next_state}`,
          `automaton.transitions.${state}.${key}`,
        );
      if (Object.keys(tr.output).sort().join("\u0000") !== outWant)
        throw err(
          `transition ${state}/${key} output valuation must match output_aps exactly`,
          `automaton.transitions.${state}.${key}`,
        );
    }
  }
  if (!a.states.includes(a.initial_state))
    throw err(`initial state ${a.initial_state} is not in states`, "automaton.initial_state");
}

export interface FormalBundleMeta {
  schema_version: string;
  normalization_version: string;
  source_path: string;
  source_schema_version?: string;
  [key: string]: unknown;
}

/**
 * A formal artifact payload: one task object, a list of tasks, or `{instances: [...]}`
 * (official `load_formal_bundle`, minus the file handling, which is in file.ts).
 */
export function formalBundleToInstances(
  payload: unknown,
  sourcePath: string,
  ctx: FormalTaskContext = {},
): { instances: Gf01Instance[]; meta: FormalBundleMeta } {
  let meta: FormalBundleMeta = {
    schema_version: FORMAL_BUNDLE_SCHEMA_VERSION,
    normalization_version: NORMALIZATION_VERSION,
    source_path: sourcePath,
  };
  let items: unknown;
  let prefix = "";
  if (Array.isArray(payload)) items = payload;
  else if (payload && typeof payload === "object") {
    const p = payload as Record<string, unknown>;
    meta.source_schema_version = String(p.schema_version ?? FORMAL_TASK_SCHEMA_VERSION);
    if ("instances" in p) {
      items = p.instances;
      prefix = "instances";
      const rest = Object.fromEntries(Object.entries(p).filter(([k]) => k !== "instances"));
      meta = { ...meta, ...rest };
    } else items = [p];
  } else throw new InputError("formal artifact payload must be an object or list", { file: ctx.file });
  if (!Array.isArray(items))
    throw new InputError("formal artifact instances must be a list", { file: ctx.file, field: "instances" });
  const many = Array.isArray(payload) || prefix !== "";
  const instances = items.map((item, i) => {
    const field = many ? `${prefix}[${i}]` : undefined;
    if (!item || typeof item !== "object" || Array.isArray(item))
      throw new InputError("formal artifact instances must be objects", { file: ctx.file, field });
    return formalTaskToInstance(item, { ...ctx, field });
  });
  return { instances, meta };
}
