/**
 * `npm run schemas`: write every registered artifact schema (zod, defined once) as JSON
 * Schema to schemas/<name>.schema.json. Modules register their schemas on import; a test
 * (tests/core/schemas.test.ts) fails when the committed files are out of date.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { schemaRegistry, toJsonSchema } from "../src/core/schema.js";

export const schemasDir = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas");

/** name → file text, for every schema the families register. */
export async function collectSchemas(): Promise<Map<string, string>> {
  await import("../src/index.js");
  // Run config files (`--config`): derived from each family's CLI commands' flags.
  (await import("../src/geb/cli/run-config-schemas.js")).registerGebRunConfigSchemas();
  (await import("../src/gf01/cli/run-config-schemas.js")).registerGf01RunConfigSchemas();
  const out = new Map<string, string>();
  for (const [name, schema] of [...schemaRegistry].sort(([a], [b]) => (a < b ? -1 : 1))) {
    out.set(`${name}.schema.json`, `${JSON.stringify(toJsonSchema(schema, name), null, 2)}\n`);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(schemasDir, { recursive: true });
  for (const [file, text] of await collectSchemas()) {
    writeFileSync(join(schemasDir, file), text);
    console.log(`schemas/${file}`);
  }
}
