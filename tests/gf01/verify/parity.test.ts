import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { parseCertificate } from "../../../src/gf01/model/certificate.js";
import type { Gf01Instance } from "../../../src/gf01/model/types.js";
import {
  bruteForceMinimal,
  certificateHash,
  certKey,
  compareKappa,
  enumerateMinimal,
  type Kappa,
  scoreCertificate,
} from "../../../src/gf01/verify/index.js";
import { sharedDir } from "./arb.js";
import { EPISODE_METRICS } from "../../../src/gf01/artifacts/meta.js";

const bundle = JSON.parse(readFileSync(new URL("instance_bundle_v1.json", sharedDir), "utf8")) as {
  instances: Gf01Instance[];
};
const rows = readFileSync(new URL("runs_v1_valid.jsonl", sharedDir), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Record<string, unknown>);

const FIELDS = [...EPISODE_METRICS, "diagnostic_status", "diagnostic_runtime_ms"] as const;

describe("parity with the official scored run rows (runs_v1_valid.jsonl)", () => {
  it("has the 4 rows", () => expect(rows).toHaveLength(4));
  for (const row of rows) {
    it(`reproduces every metric of ${row.instance_id}`, () => {
      const inst = bundle.instances.find((i) => i.instance_id === row.instance_id);
      expect(inst).toBeDefined();
      const ci = compileInstance(inst as Gf01Instance);
      const cert = parseCertificate(row.certificate, "certificate");
      const score = scoreCertificate(ci, cert);
      for (const f of FIELDS) expect(score[f], f).toEqual(row[f]);
      // and the complete M(I) the target came from agrees with brute force
      const e = enumerateMinimal(ci);
      expect(e.certificates.map(certKey).sort()).toEqual(bruteForceMinimal(ci).map(certKey).sort());
      expect(score.m_count).toBe(e.count.toString());
    });
  }
});

describe("DEC-025 canonical hash = sha256(repr(sorted tuples)) (digests from CPython hashlib)", () => {
  it("matches CPython", () => {
    expect(certificateHash([])).toBe("4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945");
    expect(certificateHash([[3, "in2", 0]])).toBe(
      "c023a9a4e7bb74977cf7c746857161be35a66b6a4275f380bb9b8f813f43cfcf",
    );
    // given unsorted: sorted by (t, ap, value) first
    expect(
      certificateHash([
        [4, "m", 1],
        [1, "x", 0],
        [1, "b", 1],
      ]),
    ).toBe("127aab70a8bcc8d80627cd79e07cd7f31843057ae68ed52d2c60b1d909c5be43");
  });
});

describe("MET-C / MET-M", () => {
  it("compareKappa is lexicographic (valid, then goal, then fewer timesteps, then fewer atoms)", () => {
    const k = (...x: number[]) => x as unknown as Kappa;
    expect(compareKappa(k(1, 1, -3, -5), k(0, 1, -1, -1))).toBeGreaterThan(0);
    expect(compareKappa(k(0, 1, -3, -5), k(0, 0, -1, -1))).toBeGreaterThan(0);
    expect(compareKappa(k(1, 1, -1, -5), k(1, 1, -2, -2))).toBeGreaterThan(0);
    expect(compareKappa(k(1, 1, -2, -2), k(1, 1, -2, -3))).toBeGreaterThan(0);
    expect(compareKappa(k(1, 1, -2, -2), k(1, 1, -2, -2))).toBe(0);
    expect(compareKappa(k(0, 0, 0, 0), k(1, 0, 0, 0))).toBeLessThan(0);
  });

  it("scoreCertificate fills score_c and kappa from the verdict", () => {
    const inst = bundle.instances[0];
    const ci = compileInstance(inst);
    const row = rows.find((r) => r.instance_id === inst.instance_id) as Record<string, unknown>;
    const good = parseCertificate(row.certificate);
    const s = scoreCertificate(ci, good);
    expect(s.score_c).toBe(1);
    expect(s.kappa).toEqual([1, 1, -1, -1]);
    // the same atom twice: sufficient, not Min1 (official list semantics)
    const twice = scoreCertificate(ci, [...good, ...good]);
    expect(twice).toMatchObject({ suff: true, min1: false, valid: false, score_c: 0, eff_a: 2, eff_t: 1 });
    expect(twice.kappa).toEqual([0, 1, -1, -2]);
    expect(twice.duplicates).toHaveLength(1);
    expect(scoreCertificate(ci, [...good, ...good], { normalize: true })).toMatchObject({
      valid: true,
      eff_a: 1,
    });
    // the diagnostic when asked for
    const d = scoreCertificate(ci, good, { diagnostic: { clock: () => 0 } });
    expect(d.diagnostic_status).toBe("completed");
    expect(d.diagnostic_value).toBe(true);
    expect(d.diagnostic_runtime_ms).toBe(0);
  });
});
