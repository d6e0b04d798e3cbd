import type { LoadedBundle } from "../artifacts/bundle.js";
import type { Gf01Instance, Mode } from "../model/types.js";
/** A path that can only be a formal artifact: a directory (holding task.json) or an `.hoa` file. */
export declare function isFormalPath(path: string): boolean;
/** JSON that the formal loader (not the bundle reader) understands: a task, a task list, a formal bundle. */
export declare function isFormalPayload(v: unknown): boolean;
/** Instances (already normalized) as a loaded bundle: compiled once, duplicate ids rejected. */
export declare function instancesAsBundle(instances: readonly Gf01Instance[], meta: Record<string, unknown>, file: string): LoadedBundle;
/** A formal artifact file (task JSON/JSONL, formal bundle, directory, or `.hoa` + sidecar task). */
export declare function loadFormalSource(path: string): LoadedBundle;
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
/**
 * One instance from an HOA automaton plus target flags. The machine is read as in
 * hoaToMealy (label form with controllable-AP, or state outputs with `outputByState`); the
 * task then goes through the official formal normalization (same checks, content hash,
 * provenance with `hoa_path`).
 */
export declare function loadHoaTask(spec: HoaTaskSpec): LoadedBundle;
