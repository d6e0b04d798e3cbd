/**
 * JSON Schemas of geb's run config files (`--config`), one per model-facing command, derived
 * from the commands' own flags, and of the several-model comparison artifact. Registered for
 * `npm run schemas` (scripts/export-schemas.ts); kept out of the library entry so importing
 * `oraclebench` builds no CLI.
 */
import { registerRunConfigSchema } from "../../core/engine/run-config-schema.js";
import { buildProgram } from "./main.js";
// Registers geb-model-comparison (`geb model` with several --model).
import "./model-several.js";

/** `geb-<command>-config` → schema. */
export function registerGebRunConfigSchemas(): void {
  const geb = buildProgram();
  registerRunConfigSchema("geb-model-config", geb, "model");
  registerRunConfigSchema("geb-sweep-config", geb, "sweep");
  registerRunConfigSchema("geb-trap-run-config", geb, "trap", "run");
  registerRunConfigSchema("geb-ui-model-config", geb, "ui", "model");
}
