/**
 * JSON Schemas of the run config files (`--config`), one per model-facing command, derived
 * from the commands' own flags, and of the several-model comparison artifact. Registered for `npm run schemas` (scripts/export-schemas.ts);
 * kept out of the library entry so importing `oraclebench` builds no CLI.
 */
import type { Command } from "commander";
import { runConfigSchema } from "./core/engine/run-config-schema.js";
import { registerSchema } from "./core/schema.js";
import { buildProgram as buildGeb } from "./geb/cli/main.js";
// Registers geb-model-comparison (`geb model` with several --model).
import "./geb/cli/model-several.js";
import { buildProgram as buildGf01 } from "./gf01/cli.js";

const sub = (p: Command, name: string) => p.commands.find((c) => c.name() === name) as Command;

/** `<program>-<command>-config` → schema. */
export function registerRunConfigSchemas(): void {
  const geb = buildGeb();
  const gf01 = buildGf01();
  registerSchema("geb-model-config", runConfigSchema(sub(geb, "model")));
  registerSchema("geb-sweep-config", runConfigSchema(sub(geb, "sweep")));
  registerSchema("geb-trap-run-config", runConfigSchema(sub(sub(geb, "trap"), "run")));
  registerSchema("geb-ui-model-config", runConfigSchema(sub(sub(geb, "ui"), "model")));
  registerSchema("gf01-play-llm-config", runConfigSchema(sub(gf01, "play-llm")));
  registerSchema("gf01-evaluate-config", runConfigSchema(sub(gf01, "evaluate")));
}
