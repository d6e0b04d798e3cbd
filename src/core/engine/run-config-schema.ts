import type { Command } from "commander";
import { z } from "zod";
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
