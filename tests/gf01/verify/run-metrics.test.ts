import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withAtomBudget } from "../../../src/gf01/model/compile.js";
import {
  enumerateMinimal,
  type RawAtom,
  type RunScore,
  type ScoreOptions,
  scoreCertificate,
  scoreRunMetrics,
  verifyCertificate,
} from "../../../src/gf01/verify/index.js";
import { certFor, flipCertFor, type Tiny, tinyInstance } from "./arb.js";
import { EPISODE_METRICS } from "../../../src/gf01/artifacts/meta.js";

const RUN_FIELDS: readonly (keyof RunScore)[] = [
  ...EPISODE_METRICS,
  "score_c",
  "kappa",
  "diagnostic_status",
  "diagnostic_runtime_ms",
  "diagnostic_value",
  "diagnostic_cap_hit",
  "atom_budget",
  "exceeds_budget_atoms",
  "best_match_pool",
];

const pick = (r: RunScore) => Object.fromEntries(RUN_FIELDS.map((f) => [f, r[f]]));

/** A certificate: random, flips only, or (when M(I) has members) a member of M(I), reordered. */
const caseArb = tinyInstance().chain((t: Tiny) => {
  const members = enumerateMinimal(t.ci).certificates.filter((c) => c.length > 0);
  const member: fc.Arbitrary<RawAtom[]> = members.length
    ? fc
        .tuple(fc.integer({ min: 0, max: members.length - 1 }), fc.boolean())
        .map(([i, rev]) => (rev ? [...members[i]].reverse() : [...members[i]]))
    : flipCertFor(t, 3);
  return fc.tuple(fc.constant(t), fc.oneof(certFor(t, 4), flipCertFor(t, 3), member));
});

describe("scoreRunMetrics = scoreCertificate on every run-record field", () => {
  it("random, flip-only and M(I)-member certificates, both budget rules, both pools, with caps", () => {
    let shortcut = 0;
    fc.assert(
      fc.property(
        caseArb,
        fc.constantFrom<ScoreOptions>(
          {},
          { atomBudget: "diagnostic" },
          { atomBudget: "enforce" },
          { bestMatch: { pool: "official" } },
          { bestMatch: { pool: "complete", maxNodes: 2 } },
          { bestMatch: { method: "search" } },
        ),
        ([t, cert], opts) => {
          const full = scoreCertificate(t.ci, cert, opts);
          expect(pick(scoreRunMetrics(t.ci, cert, opts))).toEqual(pick(full));
          const ci = opts.atomBudget ? withAtomBudget(t.ci, opts.atomBudget) : t.ci;
          if (cert.length > 0 && verifyCertificate(ci, cert).valid && !opts.bestMatch) shortcut++;
        },
      ),
      { seed: 1501, numRuns: 1500 },
    );
    // The shortcut (a valid certificate under the complete pool) is exercised, not vacuous.
    expect(shortcut).toBeGreaterThan(30);
  });
});
