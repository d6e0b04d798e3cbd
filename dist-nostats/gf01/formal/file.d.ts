import type { Gf01Instance } from "../model/types.js";
import { type FormalBundleMeta, type FormalTaskContext } from "./loader.js";
/** Context that reads files relative to `baseDir`, showing them as the task refers to them. */
export declare function fileContext(baseDir: string, taskFile?: string): FormalTaskContext;
/** Load one parsed task object, reading `hoa_path`/`trace_path` relative to `baseDir`. */
export declare function loadFormalTask(task: unknown, opts: {
    baseDir: string;
    file?: string;
}): Gf01Instance;
/** Load a formal artifact (file, directory, or sidecar-backed .hoa) into instances + bundle meta. */
export declare function loadFormalBundleFile(path: string): {
    instances: Gf01Instance[];
    meta: FormalBundleMeta;
};
/** Load a formal artifact that holds exactly one task. */
export declare function loadFormalTaskFile(path: string): Gf01Instance;
