import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bestMatch,
  bruteForceBestMatch,
  bruteForceMinimal,
  certKey,
  countMinimal,
  enumerateMinimal,
  MinimalEngine,
  naiveSubsetMinimal,
  officialPool,
  officialPoolReference,
  precisionRecallF1,
  subsetMinimal,
  verifyCertificate,
} from "../../../src/gf01/verify/index.js";
import { certFor, flipCertFor, tinyInstance } from "./arb.js";

const keys = (cs: readonly (readonly (readonly [number, string, number])[])[]) => cs.map(certKey).sort();

describe("enumerateMinimal = brute-force M(I)", () => {
  it("as sets, with an exact count, on thousands of random instances", () => {
    let nonEmpty = 0;
    let multi = 0;
    let runs = 0;
    fc.assert(
      fc.property(tinyInstance(), (t) => {
        const bf = bruteForceMinimal(t.ci);
        const e = enumerateMinimal(t.ci);
        expect(e.complete).toBe(true);
        expect(e.count).toBe(BigInt(bf.length));
        expect(keys(e.certificates)).toEqual(keys(bf));
        // every listed member really is valid, and listed once
        expect(new Set(e.certificates.map(certKey)).size).toBe(e.certificates.length);
        for (const c of e.certificates) expect(verifyCertificate(t.ci, c).valid).toBe(true);
        runs++;
        if (bf.length > 0) nonEmpty++;
        if (bf.length > 1) multi++;
      }),
      { seed: 201, numRuns: 2500 },
    );
    // The property is not vacuous: many instances have several valid certificates.
    expect(nonEmpty / runs).toBeGreaterThan(0.25);
    expect(multi / runs).toBeGreaterThan(0.1);
  });

  it("no-op atoms never occur in M(I): brute force over {unset, 0, 1} per (t, ap) agrees", () => {
    fc.assert(
      fc.property(
        tinyInstance().filter((t) => t.ci.T * t.ci.sys.nIn <= 7),
        (t) => {
          const bf = bruteForceMinimal(t.ci, { withNoops: true });
          expect(keys(enumerateMinimal(t.ci).certificates)).toEqual(keys(bf));
        },
      ),
      { seed: 202, numRuns: 400 },
    );
  });

  it("limit lists a prefix and reports incompleteness; count stays exact", () => {
    fc.assert(
      fc.property(tinyInstance(), fc.integer({ min: 0, max: 3 }), (t, limit) => {
        const full = enumerateMinimal(t.ci);
        const part = enumerateMinimal(t.ci, { limit });
        expect(part.count).toBe(full.count);
        expect(part.certificates).toEqual(full.certificates.slice(0, limit));
        expect(part.complete).toBe(BigInt(Math.min(limit, full.certificates.length)) === full.count);
        expect(countMinimal(t.ci)).toBe(full.count);
        expect(new MinimalEngine(t.ci).countBig()).toBe(full.count); // the >2^53 fallback path
      }),
      { seed: 203, numRuns: 500 },
    );
  });

  it("engines used in turn (sharing the dense memo) keep exact answers", () => {
    // An older engine whose memo slots another engine overwrote must recompute, never read
    // the other instance's numbers: list and count again after a second engine has run.
    fc.assert(
      fc.property(tinyInstance(), tinyInstance(), (a, b) => {
        const ea = new MinimalEngine(a.ci);
        const ca = ea.count();
        const eb = new MinimalEngine(b.ci);
        expect(eb.count()).toBe(BigInt(bruteForceMinimal(b.ci).length));
        expect(ea.count()).toBe(ca);
        expect(keys(ea.list(1_000_000))).toEqual(keys(bruteForceMinimal(a.ci)));
        // the interned path keeps the Map memo: same answer
        expect(new MinimalEngine(a.ci, { stateSets: "interned" }).count()).toBe(ca);
      }),
      { seed: 204, numRuns: 300 },
    );
  });
});

describe("bestMatch (DEC-025) = brute-force argmax with the official tie-break", () => {
  const agentArb = tinyInstance().chain((t) =>
    fc.tuple(fc.constant(t), fc.oneof(certFor(t, 4), flipCertFor(t, 4), flipCertFor(t, 2))),
  );
  for (const method of ["enumerate", "search"] as const) {
    it(`method=${method}`, () => {
      let ties = 0;
      fc.assert(
        fc.property(agentArb, ([t, agent]) => {
          const golds = bruteForceMinimal(t.ci);
          const want = bruteForceBestMatch(agent, golds);
          const got = bestMatch(t.ci, agent, { method });
          expect(got.method).toBe(method);
          expect(got.cap_hit).toBe(false);
          expect(got.m_count).toBe(BigInt(golds.length));
          if (golds.length === 0) expect(got.target).toBeNull();
          else expect(certKey(got.target ?? [])).toBe(certKey(want));
          // metrics are the agent's PRF against the target, as officially
          const pa = new Set(agent.map((a) => `${a[0]}:${a[1]}:${a[2]}`));
          const ga = new Set(want.map((a) => `${a[0]}:${a[1]}:${a[2]}`));
          const tp = [...ga].filter((x) => pa.has(x)).length;
          const [p, r, f] = precisionRecallF1(tp, pa.size, ga.size);
          expect([got.ap_precision, got.ap_recall, got.ap_f1]).toEqual([p, r, f]);
          const pt = new Set(agent.map((a) => a[0]));
          const gt = new Set(want.map((a) => a[0]));
          const tpt = [...gt].filter((x) => pt.has(x)).length;
          expect([got.ts_precision, got.ts_recall, got.ts_f1]).toEqual(
            precisionRecallF1(tpt, pt.size, gt.size),
          );
          if (golds.length > 1) ties++;
        }),
        { seed: method === "enumerate" ? 301 : 302, numRuns: 2000 },
      );
      expect(ties).toBeGreaterThan(200);
    });
  }

  it("official pool = first 32 in the official search order", () => {
    fc.assert(
      fc.property(agentArb, ([t, agent]) => {
        const golds = bruteForceMinimal(t.ci); // brute force visits in the official order by size
        const bySize = [...golds].sort((a, b) => a.length - b.length);
        const want = bruteForceBestMatch(agent, bySize.slice(0, 2));
        const got = bestMatch(t.ci, agent, { pool: "official", officialMaxResults: 2 });
        if (golds.length === 0) expect(got.target).toBeNull();
        else expect(certKey(got.target ?? [])).toBe(certKey(want));
      }),
      { seed: 303, numRuns: 500 },
    );
  });

  it("officialPool's pruned search = the leaf-by-leaf official loop (order, nodes, both caps)", () => {
    let fast = 0;
    fc.assert(
      fc.property(
        tinyInstance(),
        fc.boolean(),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (t, noAtomBudget, maxNodes, maxResults) => {
          const ci = noAtomBudget ? { ...t.ci, scoreBudgetAtoms: null } : t.ci;
          if (ci.scoreBudgetAtoms === null && ci.budgetTimestep >= 0) fast++;
          for (const opts of [{}, { maxNodes, maxResults }])
            expect(officialPool(ci, opts)).toEqual(officialPoolReference(ci, opts));
        },
      ),
      { seed: 305, numRuns: 300 },
    );
    expect(fast).toBeGreaterThan(100);
  });

  it("a DP node cap is recorded, never silently truncated", () => {
    fc.assert(
      fc.property(agentArb, ([t, agent]) => {
        const got = bestMatch(t.ci, agent, { maxNodes: 1 });
        if (got.cap_hit) {
          expect(got.target).toBeNull();
          expect(got.ap_f1).toBe(0);
        }
      }),
      { seed: 304, numRuns: 200 },
    );
  });
});

describe("subsetMinimal (Def. 14)", () => {
  it("= naive check over all proper subsets", () => {
    fc.assert(
      fc.property(
        tinyInstance().chain((t) => fc.tuple(fc.constant(t), flipCertFor(t, 5))),
        ([t, cert]) => {
          const d = subsetMinimal(t.ci, cert);
          expect(d.status).toBe("completed");
          expect(d.value).toBe(naiveSubsetMinimal(t.ci, cert));
          if (d.value === false) expect(d.witness).not.toBeNull();
        },
      ),
      { seed: 401, numRuns: 1500 },
    );
  });

  it("caps mark the diagnostic infeasible (A_ref, and P_ref with an injected clock)", () => {
    fc.assert(
      fc.property(
        tinyInstance().chain((t) => fc.tuple(fc.constant(t), flipCertFor(t, 5))),
        ([t, cert]) => {
          const full = subsetMinimal(t.ci, cert);
          const a = subsetMinimal(t.ci, cert, { A_ref: 1 });
          if (full.subsets_checked > 1)
            expect(a).toMatchObject({ status: "infeasible", value: null, cap_hit: "A_ref" });
          else expect(a.status).toBe("completed");
          let now = 0;
          const p = subsetMinimal(t.ci, cert, { P_ref: 5, clock: () => (now += 10) });
          // (the empty certificate has no proper subset: nothing to check, nothing to cap)
          if (cert.length === 0) expect(p.status).toBe("completed");
          else expect(p).toMatchObject({ status: "infeasible", cap_hit: "P_ref" });
        },
      ),
      { seed: 402, numRuns: 300 },
    );
  });

  it("malformed certificates are not run", () => {
    fc.assert(
      fc.property(
        tinyInstance().chain((t) => fc.tuple(fc.constant(t), certFor(t))),
        ([t, cert]) => {
          const d = subsetMinimal(t.ci, cert);
          if (d.status === "not-run") expect(d.reason).toBeTruthy();
        },
      ),
      { seed: 403, numRuns: 300 },
    );
  });
});
