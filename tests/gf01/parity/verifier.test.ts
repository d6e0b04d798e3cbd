/**
 * Parity of the verifier and scorer with the official harness (corpus README: "Certificates",
 * "Reference set M(I)", "budget_atoms is not enforced"): structure reasons, Suff/Min1/Valid,
 * eff counts, AP/TS PRF against the official capped pool, best match, and the pool itself.
 */
import { describe, expect, it } from "vitest";
import { type CompiledInstance, compileInstance } from "../../../src/gf01/model/compile.js";
import type { Atom } from "../../../src/gf01/model/types.js";
import {
  officialPool,
  type RawAtom,
  scoreCertificate,
  validateCertificate,
} from "../../../src/gf01/verify/index.js";
import { mainBundle, readJson, readJsonl } from "./helpers.js";

const bundle = mainBundle();
const compiled = new Map<string, CompiledInstance>(
  bundle.instances.map((i) => [i.instance_id, compileInstance(i)]),
);
const ci = (id: string): CompiledInstance => {
  const c = compiled.get(id);
  if (!c) throw new Error(`instance ${id} not in the bundle`);
  return c;
};

interface CertLine {
  case: string;
  instance_id: string;
  certificate: RawAtom[];
  scored_certificate: RawAtom[];
  structure_ok: boolean;
  structure_reason: string;
  structure_reason_input_order: string;
  best_match: Atom[];
  exceeds_budget_atoms: boolean;
  [k: string]: unknown;
}

const METRICS = ["ap_precision", "ap_recall", "ap_f1", "ts_precision", "ts_recall", "ts_f1"] as const;

function checkLine(c: CertLine): void {
  const inst = ci(c.instance_id);
  const sorted = validateCertificate(inst, c.scored_certificate);
  expect(sorted.ok, `${c.case} structure_ok`).toBe(c.structure_ok);
  expect(sorted.reasons[0] ?? "", `${c.case} structure_reason`).toBe(c.structure_reason);
  const given = validateCertificate(inst, c.certificate);
  expect(given.reasons[0] ?? "", `${c.case} structure_reason_input_order`).toBe(
    c.structure_reason_input_order,
  );
  // scoreCertificate sorts first, as the official evaluate_agent_on_instance does.
  const s = scoreCertificate(inst, c.certificate, { bestMatch: { pool: "official" } });
  for (const f of ["suff", "min1", "valid", "goal", "eff_t", "eff_a"] as const)
    expect(s[f], `${c.case} ${f}`).toBe(c[f]);
  for (const f of METRICS)
    expect(Math.abs(s[f] - (c[f] as number)), `${c.case} ${f}`).toBeLessThanOrEqual(1e-9);
  expect(s.best_match ?? [], `${c.case} best_match`).toEqual(c.best_match);
  expect(s.exceeds_budget_atoms, `${c.case} exceeds_budget_atoms`).toBe(c.exceeds_budget_atoms);
  expect(s.atom_budget).toBe("diagnostic");
  // The run_record block is the official row for the same proposal: same values.
  const rr = c.run_record as Record<string, unknown>;
  expect(s.valid).toBe(rr.valid);
  expect(s.ap_f1).toBeCloseTo(rr.ap_f1 as number, 12);
}

describe("parity: certificates.jsonl (300 official verdicts)", () => {
  const lines = readJsonl<CertLine>("certificates.jsonl");
  it("has the documented 300 lines", () => expect(lines.length).toBe(300));
  it("every verdict, reason string, efficiency count, PRF and best match equals the official value", () => {
    for (const c of lines) checkLine(c);
  });
});

describe("parity: certificates_over_budget_atoms.jsonl", () => {
  const lines = readJsonl<CertLine>("certificates_over_budget_atoms.jsonl");
  it("all 27 M(I) members over budget_atoms score exactly as officially (valid) by default", () => {
    expect(lines.length).toBe(27);
    for (const c of lines) {
      expect(c.exceeds_budget_atoms).toBe(true);
      checkLine(c);
      expect(c.valid).toBe(true);
    }
  });
  it("the --atom-budget enforce rule rejects them all with the fixture-era reason", () => {
    for (const c of lines) {
      const s = scoreCertificate(ci(c.instance_id), c.certificate, { atomBudget: "enforce" });
      expect(s.valid).toBe(false);
      expect(s.structure_ok).toBe(false);
      expect(s.reasons).toContain("atom budget exceeded");
      expect(s.atom_budget).toBe("enforce");
    }
  });
});

describe("parity: minimal_sets.json (the official scorer's reference sets)", () => {
  const ms = readJson<{ instances: Array<Record<string, unknown>> }>("minimal_sets.json").instances;
  it("officialPool reproduces count, caps, nodes_visited and order for all 40 instances", () => {
    expect(ms.length).toBe(40);
    for (const m of ms) {
      const r = officialPool(ci(m.instance_id as string), {
        maxNodes: m.max_nodes_cap as number,
        maxResults: m.max_results_cap as number,
      });
      const id = m.instance_id as string;
      expect(r.certificates.length, `${id} count`).toBe(m.count);
      expect(r.hit_max_results_cap, `${id} hit_max_results_cap`).toBe(m.hit_max_results_cap);
      expect(r.truncated_by_max_nodes, `${id} truncated`).toBe(m.truncated_by_max_nodes);
      expect(r.nodes_visited, `${id} nodes_visited`).toBe(m.nodes_visited);
      expect(r.certificates, `${id} certificates`).toEqual(m.certificates);
    }
  });
});
