/**
 * `--formal` / `--hoa` instance sources for the commands that take `--instances` (verify,
 * evaluate, play, play-llm, serve) and for `gf01 import`. `--formal PATH` is a formal task
 * file, task list, formal bundle, task directory, or `.hoa` with a sidecar task; `--hoa FILE`
 * is a bare automaton whose trace and target come from flags. Both end up as the command's
 * `instances` value (a path, or an already loaded bundle), so the commands stay unchanged.
 */
import { type Command } from "commander";
import type { LoadedBundle } from "../artifacts/bundle.js";
/** Commands that get the source flags. */
export declare const SOURCE_COMMANDS: readonly string[];
/** Add `--formal`, `--hoa` and the HOA target flags to a command. */
export declare function addInstanceSourceOptions(cmd: Command): Command;
/** The instance source named by `--formal`/`--hoa` flags, or undefined when neither is given. */
export declare function instanceSourceFromFlags(o: Record<string, unknown>): Promise<LoadedBundle | undefined>;
/**
 * Give the source-flag commands of `program` the flags, and before each runs, turn them into
 * its `instances` value. `--instances` stops being mandatory there; one source is required.
 */
export declare function installInstanceSources(program: Command): void;
