/**
 * Formal tasks and HOA files as instance sources for every command that takes a bundle
 * (`--instances`, `--formal`, `--hoa` …): file adapter over the pure loaders. The result has
 * the shape of a loaded bundle (instances, meta, byId) so callers need not know where the
 * instances came from.
 */
import { existsSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import { InputError } from "../../core/errors.js";
import { readTextFileSync } from "../../core/jsonl.js";
import type { LoadedBundle } from "../artifacts/loaded-bundle.js";
import { hoaToMealy } from "../hoa/mealy.js";
import { parseHoa } from "../hoa/parser.js";
import { compileInstance } from "../model/compile.js";
import type { Gf01Instance, Mode } from "../model/types.js";
import { loadFormalBundleFile } from "./file.js";
import { type FormalBundleMeta, formalTaskToInstance, parseJsonOrJsonl } from "./loader.js";
import { FORMAL_BUNDLE_SCHEMA_VERSION, FORMAL_TASK_SCHEMA_VERSION } from "./schema.js";

/** A path that can only be a formal artifact: a directory (holding task.json) or an `.hoa` file. */
export function isFormalPath(path: string): boolean {
  if (extname(path).toLowerCase() === ".hoa") return true;
  return existsSync(path) && statSync(path).isDirectory();
}

const looksLikeTask = (v: unknown): boolean => {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  if (o.schema_version === FORMAL_TASK_SCHEMA_VERSION) return true;
  // A GF-01 instance always has `automaton` and `instance_id`; a formal task names its machine
  // by `hoa`/`hoa_path`, or gives its trace by `trace_path`.
  return !("instance_id" in o && "automaton" in o) && ("hoa" in o || "hoa_path" in o || "trace_path" in o);
};

/** JSON that the formal loader (not the bundle reader) understands: a task, a task list, a formal bundle. */
export function isFormalPayload(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0 && v.every(looksLikeTask);
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  if (o.schema_version === FORMAL_BUNDLE_SCHEMA_VERSION) return true;
  if (Array.isArray(o.instances) && o.schema_version === undefined)
    return o.instances.length > 0 && o.instances.every(looksLikeTask);
  return looksLikeTask(o);
}

/** Instances (already normalized) as a loaded bundle: compiled once, duplicate ids rejected. */
export function instancesAsBundle(
  instances: readonly Gf01Instance[],
  meta: Record<string, unknown>,
  file: string,
): LoadedBundle {
  const byId = new Map<string, Gf01Instance>();
  instances.forEach((inst, i) => {
    const field = instances.length > 1 ? `instances[${i}]` : undefined;
    try {
      compileInstance(inst);
    } catch (e) {
      if (e instanceof InputError) throw e.at({ file, field });
      throw e;
    }
    if (byId.has(inst.instance_id))
      throw new InputError(`duplicate instance_id ${inst.instance_id}`, { file, field });
    byId.set(inst.instance_id, inst);
  });
  return { instances: [...instances], meta, byId };
}

/** A formal artifact file (task JSON/JSONL, formal bundle, directory, or `.hoa` + sidecar task). */
export function loadFormalSource(path: string): LoadedBundle {
  const { instances, meta } = loadFormalBundleFile(path);
  return instancesAsBundle(instances, meta, path);
}

/** The target and trace of an HOA file given on the command line (`--hoa` and its flags). */
export interface HoaTaskSpec {
  /** The `.hoa` file. */
  hoa: string;
  /** Base trace: a JSON/JSONL file, or inline JSON (a list of input valuations). */
  trace: string;
  effectAp: string;
  tStar: number;
  mode: Mode;
  windowSize?: number;
  budgetTimestep: number;
  budgetAtoms?: number | null;
  /** Input APs in key order (default: the non-output HOA APs, in HOA order). */
  inputAps?: readonly string[];
  /** Output APs (default: `controllable-AP:`; required with outputByState). */
  outputAps?: readonly string[];
  /** State-output reading: a JSON file or inline JSON `{state: {ap: 0|1}}`. */
  outputByState?: string;
  instanceId?: string;
}

/** A flag that is either inline JSON or the name of a JSON file. */
function jsonArg(value: string, flag: string): unknown {
  const v = value.trim();
  if (v.startsWith("[") || v.startsWith("{")) {
    try {
      return JSON.parse(v);
    } catch (e) {
      throw new InputError(`invalid inline JSON: ${(e as Error).message}`, { field: flag });
    }
  }
  return parseJsonOrJsonl(readTextFileSync(value, flag), value);
}

/**
 * One instance from an HOA automaton plus target flags. The machine is read as in
 * hoaToMealy (label form with controllable-AP, or state outputs with `outputByState`); the
 * task then goes through the official formal normalization (same checks, content hash,
 * provenance with `hoa_path`).
 */
export function loadHoaTask(spec: HoaTaskSpec): LoadedBundle {
  const text = readTextFileSync(spec.hoa, "HOA file");
  const hoa = parseHoa(text, { file: spec.hoa });
  const outputByState =
    spec.outputByState !== undefined
      ? (jsonArg(spec.outputByState, "output-by-state") as Record<string, Record<string, number>>)
      : undefined;
  if (outputByState !== undefined && (!outputByState || typeof outputByState !== "object"))
    throw new InputError("must be an object {state: {ap: 0|1}}", { field: "output-by-state" });
  if (outputByState && !spec.outputAps?.length)
    throw new InputError("--output-by-state needs --output-aps", { field: "output-aps" });
  const automaton = hoaToMealy(hoa, {
    // In the state-output reading every HOA AP is an input (outputs live on states).
    inputAps: spec.inputAps ?? (outputByState ? hoa.aps : undefined),
    outputAps: spec.outputAps,
    outputByState,
    file: spec.hoa,
  });
  const task: Record<string, unknown> = {
    schema_version: FORMAL_TASK_SCHEMA_VERSION,
    source_type: "hoa_cli",
    source_id: basename(spec.hoa),
    hoa_path: spec.hoa,
    automaton,
    base_trace: jsonArg(spec.trace, "trace"),
    effect_ap: spec.effectAp,
    t_star: spec.tStar,
    mode: spec.mode,
    window_size: spec.windowSize ?? 1,
    budget_timestep: spec.budgetTimestep,
    budget_atoms: spec.budgetAtoms ?? null,
  };
  if (spec.instanceId) task.instance_id = spec.instanceId;
  const inst = formalTaskToInstance(task, { file: spec.hoa });
  const meta: FormalBundleMeta = {
    schema_version: FORMAL_BUNDLE_SCHEMA_VERSION,
    normalization_version: String((inst.provenance as Record<string, unknown>).normalization_version),
    source_path: spec.hoa,
    source_schema_version: FORMAL_TASK_SCHEMA_VERSION,
  };
  return instancesAsBundle([inst], meta, spec.hoa);
}
