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

/**
 * Family by family: its base tasks and its ambiguous companion, the companion at a drawn
 * slot, tasks named `<family>_t1 … _t<n>` in file order.
 */
export function buildPack(o: PackOptions = PACK_DEFAULTS): UiRow[] {
  const rng = new PyRandom(o.seed);
  const rows: UiRow[] = [];
  for (const f of FAMILIES) {
    const slot = rng.randbelow(o.baseTasks + 1);
    let base = 0;
    for (let k = 0; k <= o.baseTasks; k++) {
      const steps = k === slot ? f.ambiguous(rng) : f.base(rng, base++);
      rows.push(...buildTask({ task_id: `${f.name}_t${k + 1}`, family: f.name, app: f.app, steps }, rng));
    }
  }
  return rows;
}

/** The family a pack row belongs to (its `meta.family`), or undefined for foreign rows. */
export function familyOf(row: UiRow): string | undefined {
  const f = row.meta?.family;
  return typeof f === "string" ? f : undefined;
}

export const packJsonl = (o: PackOptions = PACK_DEFAULTS): string => uiRowsToJsonl(buildPack(o));
