/**
 * The authored UI fixture pack (docs/geb/ui.md "The authored pack"): ≥ 12 families of UI
 * traps, each with base tasks and an ambiguous companion, built deterministically from one
 * seeded CPython-compatible stream. `data/geb-ui/pack/ui-pack.jsonl` is `buildPack()` at the
 * defaults (a test regenerates it and compares bytes).
 */
import { PyRandom } from "../../../core/random.js";
import { uiRowsToJsonl } from "../generate.js";
import type { UiRow } from "../schema.js";
import { buildTask } from "./build.js";
import { FAMILIES } from "./families.js";

export { FAMILIES, type Family } from "./families.js";

export const PACK_VERSION = "geb-ui-pack.v1";
export const PACK_DEFAULTS = { seed: 0, baseTasks: 2 } as const;

export interface PackOptions {
  seed: number;
  /** Base tasks per family (each family also gets one ambiguous companion). */
  baseTasks: number;
}

/** Every family's base tasks, then its ambiguous companion, family by family. */
export function buildPack(o: PackOptions = PACK_DEFAULTS): UiRow[] {
  const rng = new PyRandom(o.seed);
  const rows: UiRow[] = [];
  for (const f of FAMILIES) {
    const task = (companion: "base" | "ambiguous", id: string, steps: ReturnType<typeof f.base>) =>
      buildTask(
        { task_id: `${f.name}_${id}`, family: f.name, companion, goal: f.goal, app: f.app, steps },
        rng,
      );
    for (let t = 0; t < o.baseTasks; t++) rows.push(...task("base", `t${t + 1}`, f.base(rng, t)));
    rows.push(...task("ambiguous", "ambiguous", f.ambiguous(rng)));
  }
  return rows;
}

/** The family a pack row belongs to (its `meta.family`), or undefined for foreign rows. */
export function familyOf(row: UiRow): string | undefined {
  const f = row.meta?.family;
  return typeof f === "string" ? f : undefined;
}

export const packJsonl = (o: PackOptions = PACK_DEFAULTS): string => uiRowsToJsonl(buildPack(o));
