/**
 * `geb sweep`, `geb sweep-merge`, `geb run-preset`, `geb wall`, `geb wall-search`,
 * `geb check-thresholds` and `geb report`: thin commander adapters over src/geb/sweep.
 */
import { type Command } from "commander";
/**
 * Commander's own flag errors (a value outside `choices`, a missing argument) as one line and
 * exit 2, like every InputError: no usage dump after the message. The CLI's main turns the
 * thrown CommanderError into the exit code.
 */
export declare function oneLineErrors(cmd: Command): void;
/** Apply `oneLineErrors` to the commands `register` adds to `program`. */
export declare function withOneLineErrors(program: Command, register: () => void): void;
export declare function registerSweepCommands(program: Command): void;
