/**
 * compression_derived (1.0): the oracle scores 1.0 on every split; the lookup and the fold
 * (and the readings a model that skips the checkpoint rule would give) are wrong on every
 * row and below the floors at every stage; the oracle agrees with a brute-force replay on
 * random checkpoint + delta ledgers (fast-check).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compressionFold } from "../../../src/geb/trap/families/compression-loss-bounded.js";
import {
  answeredPairs,
  CD_ID,
  compressionOracle,
  compressionState,
  scoreCompressionDerived,
} from "../../../src/geb/trap/families/compression-derived.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { foldLedger, lookupPrediction, trapLedger } from "../../../src/geb/trap/ledger.js";
import { trapFamily } from "../../../src/geb/trap/registry.js";
import { TRAP_SPLITS } from "../../../src/geb/trap/types.js";
import { expectNoBaselinePasses, expectOracleScoresOne, visibleRow } from "./harness.js";

const family = trapFamily(CD_ID)!;
const fx = family.generate(family.defaults);
const bare = visibleRow;

describe("compression_derived (1.0)", () => {
  it("the oracle scores 1.0 on every split; lookup and fold fail every floor at every stage", () => {
    expect(family.compat).toBe("1.0");
    expectOracleScoresOne(family, fx, compressionOracle, ["exact_match_rate", "cite_f1"]);
    const b = expectNoBaselinePasses(family, fx);
    for (const split of TRAP_SPLITS) {
      expect(b.baselines.lookup[split].means.exact_match_rate, split).toBe(0);
      expect(b.baselines.fold[split].means.exact_match_rate, split).toBe(0);
    }
  });

  it("every row defeats the per-key fold without the checkpoint and the checkpoint read alone", () => {
    const pairs = (o: Record<string, string | null>) =>
      new Set(Object.entries(o).flatMap(([k, v]) => (v === null ? [] : [`${k}=${v.toLowerCase()}`])));
    const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
    for (const r of [...fx.anchors, ...fx.holdout, ...fx.canary]) {
      const gold = answeredPairs(r.gold.value)!;
      const entries = trapLedger(r.book);
      const noCheckpoint = Object.fromEntries(
        [...foldLedger(entries.filter((e) => e.key !== "checkpoint"))].map(([k, e]) => [k, e.value]),
      );
      expect(same(pairs(noCheckpoint), gold), r.id).toBe(false);
      const last = entries.filter((e) => e.key === "checkpoint" && e.op === "SET").at(-1)!;
      const snap = Object.fromEntries(last.value!.split(";").map((p) => p.split("=") as [string, string]));
      expect(same(pairs(snap), gold), r.id).toBe(false);
      expect(same(answeredPairs(compressionFold(r).value)!, gold), r.id).toBe(false);
    }
  });

  it("on random seeds the oracle scores 1.0 on every split and the lookup / fold 0 (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const g = family.generate({ seed, anchors: 2, holdout: 4, canary: 1 });
        for (const split of TRAP_SPLITS) {
          const rows = g[split];
          expect(family.score(rows, rows.map(compressionOracle)).means.exact_match_rate).toBe(1);
          expect(family.score(rows, rows.map(lookupPrediction)).means.exact_match_rate).toBe(0);
          expect(family.score(rows, rows.map(family.foldPrediction)).means.exact_match_rate).toBe(0);
        }
      }),
      { numRuns: 15 },
    );
  });

  it("programs read only the book and the question; generation is deterministic and seeded", () => {
    for (const r of fx.holdout) {
      expect(compressionOracle(bare(r))).toEqual(compressionOracle(r));
      expect(compressionFold(bare(r))).toEqual(compressionFold(r));
      expect(lookupPrediction(bare(r))).toEqual(lookupPrediction(r));
    }
    const again = family.generate({ ...family.defaults, holdout: 4, canary: 0 });
    expect(serializeTrapRows(again.anchors)).toBe(serializeTrapRows(fx.anchors));
    expect(serializeTrapRows(again.holdout)).toBe(serializeTrapRows(fx.holdout.slice(0, 4)));
    const other = family.generate({ ...family.defaults, seed: 8, anchors: 2, holdout: 0, canary: 0 });
    expect(serializeTrapRows(other.anchors)).not.toBe(serializeTrapRows(fx.anchors.slice(0, 2)));
  });

  it("the scorer reads the state object, its JSON string or the bare state; nulls count as omitted", () => {
    const row = fx.holdout[0];
    const gold = row.gold.value as { compact_state: Record<string, string> };
    const forms = [
      gold,
      JSON.stringify(gold),
      gold.compact_state,
      { compact_state: { ...gold.compact_state, "tag.99": null } },
    ];
    for (const value of forms) {
      const s = scoreCompressionDerived([row], [{ id: row.id, value, support_ids: row.gold.support_ids }]);
      expect(s.means.exact_match_rate, JSON.stringify(value)).toBe(1);
    }
    const extra = scoreCompressionDerived(
      [row],
      [{ id: row.id, value: { compact_state: { ...gold.compact_state, "tag.99": "x" } } }],
    );
    expect(extra.means.exact_match_rate).toBe(0);
    expect(extra.means.bloat).toBeGreaterThan(0);
    const prose = scoreCompressionDerived([row], [{ id: row.id, value: "tag.10 is 23", raw_unparsed: true }]);
    expect(prose.means).toMatchObject({ exact_match_rate: 0, parse_rate: 0 });
  });

  it("agrees with a brute-force replay on random checkpoint + delta ledgers (property)", () => {
    const KEYS = ["tag.01", "tag.02", "tag.03", "tag.04"];
    const entry = fc.oneof(
      fc.record({
        op: fc.constantFrom("SET", "CLEAR", "NOTE"),
        key: fc.constantFrom(...KEYS),
        v: fc.constantFrom("a", "b", "7"),
      }),
      fc.record({
        op: fc.constantFrom("SET", "CLEAR"),
        key: fc.constant("checkpoint"),
        snap: fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom("a", "b", "7")),
      }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (es) => {
        const lines = es.map((e, i) => {
          const uid = `U${String(i).padStart(6, "0")}`;
          const value =
            "snap" in e
              ? Object.entries(e.snap)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(";")
              : e.v;
          return e.op === "CLEAR"
            ? `- [${uid}] step=${i + 1} CLEAR ${e.key}`
            : `- [${uid}] step=${i + 1} ${e.op} ${e.key} = ${value}`;
        });
        // Brute force: start at the last checkpoint entry (SET or CLEAR), apply every later change.
        let start = -1;
        es.forEach((e, i) => {
          if (e.key === "checkpoint") start = i;
        });
        const want: Record<string, string> =
          start >= 0 && es[start].op === "SET"
            ? { ...(es[start] as { snap: Record<string, string> }).snap }
            : {};
        const base = new Set(Object.keys(want));
        const lastChange = new Map<string, number>();
        for (let i = start + 1; i < es.length; i++) {
          const e = es[i] as { op: string; key: string; v: string };
          if (e.op === "NOTE") continue;
          if (e.op === "SET") want[e.key] = e.v;
          else delete want[e.key];
          lastChange.set(e.key, i);
        }
        const wantSupport = [
          ...(start >= 0 && es[start].op === "SET" ? [start] : []),
          ...[...lastChange].filter(([k]) => k in want || base.has(k)).map(([, i]) => i),
        ].map((i) => `U${String(i).padStart(6, "0")}`);
        const got = compressionState(`## State Ledger\n${lines.join("\n")}`);
        expect(got.state).toEqual(want);
        expect(new Set(got.support)).toEqual(new Set(wantSupport));
      }),
      { numRuns: 300 },
    );
  });
});
