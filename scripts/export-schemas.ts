/**
 * `npm run schemas`: write every registered artifact schema (zod, defined once) as JSON
 * Schema to schemas/<name>.schema.json. Modules register their schemas on import.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { schemaRegistry, toJsonSchema } from "../src/core/schema.js";

const modules = ["../src/gf01/index.js", "../src/geb/index.js", "../src/core/engine/index.js"];
for (const m of modules) {
  try {
    await import(m);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw e;
  }
}
const out = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas");
mkdirSync(out, { recursive: true });
for (const [name, schema] of [...schemaRegistry].sort(([a], [b]) => (a < b ? -1 : 1))) {
  writeFileSync(join(out, `${name}.schema.json`), `${JSON.stringify(toJsonSchema(schema, name), null, 2)}\n`);
  console.log(`schemas/${name}.schema.json`);
}
