/**
 * A promptfoo project folder as a user makes one: the integration modules copied from
 * integrations/promptfoo/, and `oraclebench` resolvable from it. Here `oraclebench` is a shim
 * package whose entry points re-export the TypeScript sources, so node runs with tsx's loader
 * (`nodeImportFlag`); an installed package resolves to dist/ instead.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
export const TSX_IMPORT = join(repo, "node_modules/tsx/dist/esm/index.mjs");
/** `--import <tsx>`: node then loads the shim's .ts re-exports. */
export const nodeImportFlag = `--import=${TSX_IMPORT}`;

export function makePromptfooProject(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const src = join(repo, "integrations/promptfoo");
  for (const f of readdirSync(src)) if (f.endsWith(".mjs")) copyFileSync(join(src, f), join(dir, f));
  // The test driver (calls the modules as promptfoo does).
  copyFileSync(join(repo, "tests/interop/promptfoo-drive.mjs"), join(dir, "drive.mjs"));
  const shim = join(dir, "node_modules/oraclebench");
  mkdirSync(shim, { recursive: true });
  const entries: Record<string, string> = {
    gf01: "src/gf01/index.ts",
    geb: "src/geb/index.ts",
    engine: "src/core/engine/index.ts",
  };
  const exports: Record<string, string> = {};
  for (const [name, path] of Object.entries(entries)) {
    writeFileSync(join(shim, `${name}.mjs`), `export * from ${JSON.stringify(join(repo, path))};\n`);
    exports[`./${name}`] = `./${name}.mjs`;
  }
  writeFileSync(
    join(shim, "package.json"),
    JSON.stringify({ name: "oraclebench", version: "0.0.0-shim", type: "module", exports }),
  );
}
