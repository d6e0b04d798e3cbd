/**
 * The sweep flags' declarations (`geb sweep`, `geb run-preset`, `geb wall-search`); ./flags.ts
 * turns the parsed values into a SweepSpec. Kept apart so that `geb --help` loads neither the
 * pipeline config schema nor zod (start-up, docs/performance.md).
 */
import { type Command } from "commander";
export declare const sweepInt: (flag: string, v: unknown) => number;
export declare const sweepRate: (flag: string, v: unknown) => number;
export declare function addSweepFlags(cmd: Command): Command;
