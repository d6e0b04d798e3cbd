/**
 * referential_indexing_derived (1.0): the oracle program scores 1.0 on every split; the
 * lookup and the fold program stay below the floors; the oracle agrees with a line-by-line
 * replay of the ledger on random ledgers; the scorer's measured pointer-set metrics.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  RID_ID,
  referentialAnswer,
  referentialOracle,
  scoreReferentialIndexingDerived,
} from "../../../src/geb/trap/families/referential-indexing-derived.js";
import { contractFold } from "../../../src/geb/trap/kit/contract-fold.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { lookupPrediction } from "../../../src/geb/trap/ledger.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import { expectNoBaselinePasses, expectOracleScoresOne, visibleRow } from "./harness.js";

const family = trapFamily(RID_ID)!;
const fx = family.generate(family.defaults);

describe("referential_indexing_derived (1.0)", () => {
  it("nothing assembled is in the ledger", () => {
    expect(family.compat).toBe("1.0");
    for (const r of [...fx.anchors, ...fx.holdout]) {
      expect(r.book).not.toMatch(/resolved\./);
      const v = r.gold.value;
      if (typeof v === "string" && /[|;>]/.test(v)) expect(r.book).not.toContain(v);
    }
  });

  it("the oracle program scores 1.0 on every split", () => {
    expectOracleScoresOne(family, fx, referentialOracle, ["value_acc", "pointer_set_exact_rate"]);
  });

  it("the lookup and fold programs stay below the floors at every stage; the figures the docs quote", () => {
    const b = expectNoBaselinePasses(family, fx);
    // The lookup is right only where the answer is null (no_invention rows).
    expect(b.baselines.lookup.holdout.means.value_acc).toBeCloseTo(0.133, 3);
    expect(b.baselines.lookup.holdout.means.value_acc).toBe(
      b.baselines.lookup.holdout.means.no_invention_count / 45,
    );
    expect(b.baselines.fold.holdout.means.value_acc).toBe(0);
    expect(b.baselines.lookup.holdout.means.cite_f1).toBeCloseTo(0.2, 3);
    expect(b.baselines.fold.holdout.means.cite_f1).toBeCloseTo(0.448, 3);
    expect(b.baselines.lookup.holdout.means.pointer_set_exact_rate).toBeCloseTo(0.133, 3);
  });

  it("programs read only the book and the question; generation is deterministic and seeded", () => {
    for (const r of fx.holdout) {
      const bare = visibleRow(r);
      expect(referentialOracle(bare)).toEqual(referentialOracle(r));
      expect(contractFold(bare)).toEqual(contractFold(r));
      expect(lookupPrediction(bare)).toEqual(lookupPrediction(r));
    }
    const again = family.generate({ ...family.defaults, holdout: 5, canary: 0 });
    expect(serializeTrapRows(again.anchors)).toBe(serializeTrapRows(fx.anchors));
    expect(serializeTrapRows(again.holdout)).toBe(serializeTrapRows(fx.holdout.slice(0, 5)));
    const other = family.generate({ ...family.defaults, seed: 212, anchors: 2, holdout: 0, canary: 0 });
    expect(serializeTrapRows(other.anchors)).not.toBe(serializeTrapRows(fx.anchors.slice(0, 2)));
  });

  it("agrees with a line-by-line replay on random ledgers (pointer chains, CLEARs, re-SETs; property)", () => {
    const key = fc.constantFrom("part.a", "part.b", "ptr.start", "ptr.mid", "ptr.last");
    const entry = fc.record({
      op: fc.constantFrom("SET", "SET", "CLEAR", "NOTE"),
      key,
      value: fc.oneof(
        fc.constantFrom("part.a", "part.b", "ptr.mid", "ptr.last", "ptr.start"),
        fc.constantFrom("v1", "v2", "v3"),
      ),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (es) => {
        const lines = es.map((e, i) => {
          const uid = `U${i.toString(16).toUpperCase().padStart(6, "0")}`;
          return e.op === "CLEAR"
            ? `- [${uid}] step=${i + 1} CLEAR ${e.key}`
            : `- [${uid}] step=${i + 1} ${e.op} ${e.key} = ${e.value}`;
        });
        const book = `## State Ledger\n${lines.join("\n")}`;
        // Replay: the last SET/CLEAR line of each key.
        const last = (k: string): [string | null, string] | null => {
          let hit: [string | null, string] | null = null;
          es.forEach((e, i) => {
            if (e.key === k && e.op !== "NOTE")
              hit = [e.op === "SET" ? e.value : null, `U${i.toString(16).toUpperCase().padStart(6, "0")}`];
          });
          return hit;
        };
        // Follow ptr.* keys (at most 10 hops); the answer is the part.* key reached, if it has a value.
        const ids: string[] = [];
        let k = "ptr.start";
        let want: string | null = null;
        let hops = 0;
        let broken = false;
        while (k.startsWith("ptr.") && hops < 10) {
          const h = last(k);
          if (!h || h[0] === null) {
            broken = true;
            break;
          }
          ids.push(h[1]);
          k = h[0];
          hops++;
        }
        if (!broken && k.startsWith("part.")) {
          const h = last(k);
          if (h && h[0] !== null) {
            want = h[0];
            ids.push(h[1]);
          }
        }
        const got = referentialAnswer(book, "Follow the pointer chain from `ptr.start` …");
        expect(got?.value ?? null).toBe(want);
        if (want !== null) expect(got?.support).toEqual(ids);
      }),
      { numRuns: 300 },
    );
  });

  it("the scorer: exact pointer set, hallucinated ids, stale components, separators with spaces", () => {
    const row = fx.holdout.find((r) => r.meta.profile === "reassembly")!;
    const gold = row.gold.value as string;
    const ids = row.gold.support_ids as string[];
    const score = (value: unknown, support_ids: unknown) =>
      scoreReferentialIndexingDerived([row], [{ id: row.id, value, support_ids }]).means;
    expect(score(gold.replaceAll("|", " | ").toUpperCase(), ids)).toMatchObject({
      value_acc: 1,
      pointer_set_exact_rate: 1,
    });
    expect(score(gold, [...ids, "UFFFFFF"])).toMatchObject({
      value_acc: 1,
      pointer_set_exact_rate: 0,
      hallucinated_pointer_rate: 1,
    });
    const stale = (row.meta.stale_values as string[])[0];
    expect(score(`${stale}|x|y`, ids)).toMatchObject({ value_acc: 0, stale_component_rate: 1 });
  });
});
