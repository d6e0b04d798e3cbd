/**
 * `--formal` / `--hoa` instance sources for the commands that take `--instances` (verify,
 * evaluate, play, play-llm, serve) and for `gf01 import`. `--formal PATH` is a formal task
 * file, task list, formal bundle, task directory, or `.hoa` with a sidecar task; `--hoa FILE`
 * is a bare automaton whose trace and target come from flags. Both end up as the command's
 * `instances` value (a path, or an already loaded bundle), so the commands stay unchanged.
 */
import { type Command, Option } from "commander";
import { MAX_INT, intFlag as sharedIntFlag } from "../../core/cli.js";
import { InputError } from "../../core/errors.js";
import type { LoadedBundle } from "../artifacts/bundle.js";
import type { HoaTaskSpec } from "../formal/source.js";
import type { Mode } from "../model/types.js";

const intFlag = (name: string, min: number) => sharedIntFlag(name, { min, max: MAX_INT });
const listFlag = (v: string): string[] =>
  v
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** Commands that get the source flags. */
export const SOURCE_COMMANDS: readonly string[] = ["verify", "evaluate", "play", "play-llm", "serve"];

/** Add `--formal`, `--hoa` and the HOA target flags to a command. */
export function addInstanceSourceOptions(cmd: Command): Command {
  return cmd
    .option(
      "--formal <path>",
      "formal task (task.json, task list, formal bundle, directory, or .hoa + sidecar)",
    )
    .option(
      "--hoa <file>",
      "HOA automaton; give the task with --trace, --effect-ap, --t-star, --mode, --budget-timestep",
    )
    .option(
      "--trace <json|file>",
      "with --hoa: base trace, a JSON list of input valuations or a JSON/JSONL file",
    )
    .option("--effect-ap <ap>", "with --hoa: effect output AP")
    .option("--t-star <n>", "with --hoa: target timestep t*", intFlag("t-star", 0))
    .addOption(new Option("--mode <mode>", "with --hoa: objective mode").choices(["normal", "hard"]))
    .option("--window-size <n>", "with --hoa: normal-mode window (default 1)", intFlag("window-size", 1))
    .option("--budget-timestep <n>", "with --hoa: timestep budget B_T", intFlag("budget-timestep", 1))
    .option("--budget-atoms <n>", "with --hoa: atom budget B_A (default none)", intFlag("budget-atoms", 0))
    .option(
      "--input-aps <list>",
      "with --hoa: input APs in key order (default: the non-output APs)",
      listFlag,
    )
    .option("--output-aps <list>", "with --hoa: output APs (default: controllable-AP)", listFlag)
    .option(
      "--output-by-state <json|file>",
      "with --hoa: state-output reading, {state: {ap: 0|1}} (needs --output-aps)",
    )
    .option("--task-id <id>", "with --hoa: instance_id (default gf01-<content hash>)");
}

const HOA_ONLY = [
  "trace",
  "effectAp",
  "tStar",
  "mode",
  "windowSize",
  "budgetTimestep",
  "budgetAtoms",
  "inputAps",
  "outputAps",
  "outputByState",
  "taskId",
] as const;

const flagName = (k: string) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The instance source named by `--formal`/`--hoa` flags, or undefined when neither is given. */
export async function instanceSourceFromFlags(o: Record<string, unknown>): Promise<LoadedBundle | undefined> {
  // Imported here, not at the top: `gf01 --help` loads no implementation.
  const { loadFormalSource, loadHoaTask } = await import("../formal/source.js");
  if (o.formal !== undefined && o.hoa !== undefined)
    throw new InputError("give either --formal or --hoa, not both", { field: "formal" });
  if (o.hoa === undefined) {
    const stray = HOA_ONLY.find((k) => o[k] !== undefined);
    if (stray)
      throw new InputError(`${flagName(stray)} only applies with --hoa`, { field: flagName(stray).slice(2) });
  }
  if (o.formal !== undefined) return loadFormalSource(o.formal as string);
  if (o.hoa === undefined) return undefined;
  for (const k of ["trace", "effectAp", "tStar", "mode", "budgetTimestep"] as const)
    if (o[k] === undefined)
      throw new InputError(`--hoa needs ${flagName(k)}`, { field: flagName(k).slice(2) });
  const spec: HoaTaskSpec = {
    hoa: o.hoa as string,
    trace: o.trace as string,
    effectAp: o.effectAp as string,
    tStar: o.tStar as number,
    mode: o.mode as Mode,
    windowSize: o.windowSize as number | undefined,
    budgetTimestep: o.budgetTimestep as number,
    budgetAtoms: o.budgetAtoms as number | undefined,
    inputAps: o.inputAps as string[] | undefined,
    outputAps: o.outputAps as string[] | undefined,
    outputByState: o.outputByState as string | undefined,
    instanceId: o.taskId as string | undefined,
  };
  return loadHoaTask(spec);
}

/**
 * Give the source-flag commands of `program` the flags, and before each runs, turn them into
 * its `instances` value. `--instances` stops being mandatory there; one source is required.
 */
export function installInstanceSources(program: Command): void {
  for (const cmd of program.commands) {
    if (!SOURCE_COMMANDS.includes(cmd.name())) continue;
    addInstanceSourceOptions(cmd);
    const instOpt = cmd.options.find((x) => x.long === "--instances");
    const required = instOpt?.mandatory === true;
    if (instOpt) {
      instOpt.mandatory = false;
      instOpt.description += required ? " (required unless --formal or --hoa)" : " (or --formal / --hoa)";
    }
    cmd.hook("preAction", async (c) => {
      const o = c.opts();
      const src = await instanceSourceFromFlags(o);
      const given = o.instances;
      const hasInstances = Array.isArray(given) ? given.length > 0 : given !== undefined;
      if (src) {
        if (hasInstances && !Array.isArray(given))
          throw new InputError("give either --instances or --formal/--hoa, not both", { field: "instances" });
        c.setOptionValue("instances", Array.isArray(given) ? [...given, src] : src);
      } else if (required && !hasInstances)
        throw new InputError("one of --instances, --formal or --hoa is required", { field: "instances" });
    });
  }
}
