/**
 * File adapter for formal tasks: reads the task JSON and the files it names, then hands
 * everything to the pure normalization in loader.ts. Accepts what the official
 * `load_formal_bundle` accepts: a task/bundle JSON (or JSONL) file, a directory holding
 * `task.json`, or an `.hoa` file with a sidecar `<name>.task.json` / `<name>.json`.
 */
import { existsSync, statSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { InputError } from "../../core/errors.js";
import { readTextFileSync } from "../../core/jsonl.js";
import type { Gf01Instance } from "../model/types.js";
import {
  type FormalBundleMeta,
  type FormalTaskContext,
  formalBundleToInstances,
  formalTaskToInstance,
  parseJsonOrJsonl,
} from "./loader.js";

/** Context that reads files relative to `baseDir`, showing them as the task refers to them. */
export function fileContext(baseDir: string, taskFile?: string): FormalTaskContext {
  return {
    file: taskFile,
    readText: (rel, field) => {
      const full = resolve(baseDir, rel);
      return { text: readTextFileSync(full, full, { file: taskFile, field }), shownAs: join(baseDir, rel) };
    },
  };
}

/** Load one parsed task object, reading `hoa_path`/`trace_path` relative to `baseDir`. */
export function loadFormalTask(task: unknown, opts: { baseDir: string; file?: string }): Gf01Instance {
  return formalTaskToInstance(task, fileContext(opts.baseDir, opts.file));
}

/** Load a formal artifact (file, directory, or sidecar-backed .hoa) into instances + bundle meta. */
export function loadFormalBundleFile(path: string): { instances: Gf01Instance[]; meta: FormalBundleMeta } {
  let taskPath: string;
  let override: Record<string, unknown> | undefined;
  if (existsSync(path) && statSync(path).isDirectory()) {
    taskPath = join(path, "task.json");
    if (!existsSync(taskPath))
      throw new InputError(`formal artifact directory ${path} must contain task.json`, { file: path });
  } else if (extname(path).toLowerCase() === ".hoa") {
    const stem = path.slice(0, -extname(path).length);
    const found = [`${stem}.task.json`, `${stem}.json`].find((c) => existsSync(c));
    if (!found)
      throw new InputError(
        `direct HOA ingestion requires a sidecar task JSON next to ${basename(path)} (${basename(stem)}.task.json), or give the task with --hoa FILE --trace … --effect-ap … --t-star … --mode … --budget-timestep …`,
        {
          file: path,
        },
      );
    taskPath = found;
    override = { hoa_path: basename(path) };
  } else taskPath = path;
  let payload = parseJsonOrJsonl(readTextFileSync(taskPath), taskPath);
  if (override && payload && typeof payload === "object" && !Array.isArray(payload))
    payload = { ...payload, ...override };
  return formalBundleToInstances(payload, path, fileContext(dirname(taskPath), taskPath));
}

/** Load a formal artifact that holds exactly one task. */
export function loadFormalTaskFile(path: string): Gf01Instance {
  const { instances } = loadFormalBundleFile(path);
  if (instances.length !== 1)
    throw new InputError(`expected one formal task, found ${instances.length} (use loadFormalBundleFile)`, {
      file: path,
    });
  return instances[0];
}
