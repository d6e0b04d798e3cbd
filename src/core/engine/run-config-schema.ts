import type { Command } from "commander";
import { z } from "zod";
import { registerSchema } from "../schema.js";
import { configKeys } from "./run-config.js";

/**
 * The zod schema of a command's config file, derived from its flags (so it cannot drift from
 * them): exported to `schemas/<name>.schema.json`. Strict: an unknown key is an error.
 * Values are checked again by each flag's own parser when the file is applied.
 */
export function runConfigSchema(cmd: Command): z.ZodType {
  const scalar = z.union([z.string(), z.number()]);
  const shape: Record<string, z.ZodType> = {};
  for (const k of configKeys(cmd)) {
    let t: z.ZodType =
      k.type === "boolean"
        ? z.boolean()
        : k.type === "list"
          ? z.union([scalar, z.array(scalar)])
          : k.choices
            ? z.enum(k.choices as [string, ...string[]])
            : scalar;
    t = t.optional().describe(k.description.replace(/\s+/g, " "));
    shape[k.key] = t;
  }
  return z.strictObject(shape);
}

/**
 * Register the config-file schema of the command at `path` below `program` (`geb trap run`:
 * `"trap", "run"`) as `name`. Each family registers its own model-facing commands' (geb/cli,
 * gf01/cli run-config-schemas.ts); `npm run schemas` (scripts/export-schemas.ts) calls them.
 */
export function registerRunConfigSchema(name: string, program: Command, ...path: string[]): void {
  let cmd = program;
  for (const part of path) cmd = cmd.commands.find((c) => c.name() === part) as Command;
  registerSchema(name, runConfigSchema(cmd));
}
