/**
 * JSON Schemas of gf01's run config files (`--config`), one per model-facing command, derived
 * from the commands' own flags. Registered for `npm run schemas` (scripts/export-schemas.ts);
 * kept out of the library entry so importing `oraclebench` builds no CLI.
 */
import { registerRunConfigSchema } from "../../core/engine/run-config-schema.js";
import { buildProgram } from "../cli.js";

/** `gf01-<command>-config` → schema. */
export function registerGf01RunConfigSchemas(): void {
  const gf01 = buildProgram();
  registerRunConfigSchema("gf01-play-llm-config", gf01, "play-llm");
  registerRunConfigSchema("gf01-evaluate-config", gf01, "evaluate");
}
