/**
 * Official formal-task normalization (gf01/formal_loader.py `instance_from_formal_dict`):
 * raw task → validated Gf01Instance with content hash and provenance. Pure: files named by
 * the task (`hoa_path`, `trace_path`) come through the `readText` callback, so the adapter
 * in file.ts owns all I/O.
 */
import type { Gf01Instance } from "../model/types.js";
export interface FormalTaskContext {
    /** The task file, named in errors. */
    file?: string;
    /** Field prefix for errors when the task sits inside a bundle (e.g. `instances[2]`). */
    field?: string;
    /**
     * Read a file named by the task, relative to the task file's directory; returns the text
     * and the path to show in errors. Without it, tasks that name files are rejected.
     */
    readText?: (relPath: string, field: string) => {
        text: string;
        shownAs: string;
    };
}
/** Normalize one formal task into an instance (official semantics; see docs/gf01-hoa.md). */
export declare function formalTaskToInstance(raw: unknown, ctx?: FormalTaskContext): Gf01Instance;
/** JSON, or JSONL when the text has one JSON value per line (official `_load_json_or_jsonl` by suffix). */
export declare function parseJsonOrJsonl(text: string, file: string): unknown;
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
export declare function formalBundleToInstances(payload: unknown, sourcePath: string, ctx?: FormalTaskContext): {
    instances: Gf01Instance[];
    meta: FormalBundleMeta;
};
