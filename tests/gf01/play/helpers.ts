import { fileURLToPath } from "node:url";
import { type LoadedBundle, parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import { bundleToJson, generateBundle } from "../../../src/gf01/api.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import type { Gf01Instance } from "../../../src/gf01/model/types.js";

export const OFFICIAL_BUNDLE = fileURLToPath(
  new URL("../../../../shared/reference/gf01/official_example/instance_bundle_v1.json", import.meta.url),
);

/** A generated default-generator bundle (deterministic in the seeds). */
export function genBundle(n: number, seed0 = 3000): { json: Record<string, unknown>; bundle: LoadedBundle } {
  const g = generateBundle({
    seeds: Array.from({ length: n }, (_, i) => seed0 + i),
    gitCommit: "test-commit",
  });
  const bundle = parseBundle(JSON.parse(bundleToJson(g.bundle)), "generated");
  return { json: g.bundle, bundle };
}

export function compiled(inst: Gf01Instance) {
  return compileInstance(inst);
}
