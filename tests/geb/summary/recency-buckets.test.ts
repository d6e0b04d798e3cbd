import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recencyBuckets } from "../../../src/geb/summary/decomposition.js";
import type { RowStat } from "../../../src/geb/summary/rowstats.js";

// Brute force: the reference's bucket rule written out per row (label `prev-edge` for the
// first edge above the value, `last+` past the end, `all` without edges).
function brute(values: (number | null)[], oks: boolean[], edges: number[]) {
  const m = new Map<string, { bucket: string; lo: number; n: number; value_ok: number; exact_ok: number }>();
  values.forEach((v, i) => {
    if (v === null) return;
    let label = edges.length === 0 ? "all" : `${edges[edges.length - 1]}+`;
    let lo = edges.length === 0 ? 0 : edges[edges.length - 1];
    let prev = 0;
    for (const e of edges) {
      if (v < e) {
        label = `${prev}-${e}`;
        lo = prev;
        break;
      }
      prev = e;
    }
    const b = m.get(label) ?? { bucket: label, lo, n: 0, value_ok: 0, exact_ok: 0 };
    m.set(label, b);
    b.n++;
    if (oks[i]) b.value_ok++;
  });
  return [...m.values()].sort((a, b) => a.lo - b.lo);
}

describe("recencyBuckets", () => {
  it("matches the per-row bucket rule (any edges, values, nulls)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -5, max: 40 }), { nil: null }), { maxLength: 40 }),
        fc.array(fc.integer({ min: -2, max: 30 }), { maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (values, edges, oks) => {
          const rows = values.map(
            (v, i) => ({ writes_to_key: v, value_ok: oks[i], exact_ok: false }) as unknown as RowStat,
          );
          expect(recencyBuckets(rows, "writes_to_key", edges)).toEqual(brute(values, oks, edges));
        },
      ),
    );
  });
});
