import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  bestMatch,
  isSufficient,
  verifyCertificate
} from "./chunk-63ISRUDU.js";
import {
  atomKey,
  dedupeAtoms,
  sortAtoms,
  timestepCost
} from "./chunk-EDYDAUKS.js";
import {
  PyTuple,
  pyRepr
} from "./chunk-KRB3VAEL.js";
import {
  inputBit,
  withAtomBudget
} from "./chunk-3RIPXYYT.js";

// src/gf01/model/certificate.ts
import { InputError } from "../core/errors.js";
function compareAtoms(a, b) {
  if (a[0] !== b[0]) return a[0] - b[0];
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return a[2] - b[2];
}
function sortCertificate(c) {
  return c.slice().sort(compareAtoms);
}
function applyInto(ci, c, out) {
  out.set(ci.base);
  const nIn = ci.sys.nIn;
  for (const [t, ap, v] of c) {
    const bit = inputBit(nIn, ci.apIndex.get(ap));
    out[t] = v ? out[t] | bit : out[t] & ~bit;
  }
  return out;
}
function applyCertificate(ci, c) {
  return applyInto(ci, c, new Uint32Array(ci.T));
}
function parseCertificate(value, field = "certificate") {
  if (!Array.isArray(value))
    throw new InputError("certificate must be a list of [t, ap, value] atoms", { field });
  return value.map((item, i) => {
    const f = `${field}[${i}]`;
    if (Array.isArray(item) && item.length === 3) {
      const [t, ap, v] = item;
      if (!Number.isInteger(t))
        throw new InputError(`timestep must be an integer, got ${JSON.stringify(t)}`, { field: f });
      if (typeof ap !== "string")
        throw new InputError(`ap must be a string, got ${JSON.stringify(ap)}`, { field: f });
      if (v !== 0 && v !== 1)
        throw new InputError(`value must be 0 or 1, got ${JSON.stringify(v)}`, { field: f });
      return [t, ap, v];
    }
    if (item && typeof item === "object" && !Array.isArray(item)) {
      const o = item;
      return parseCertificate([[o.timestep ?? o.t, o.ap, o.value ?? o.v]], field)[0];
    }
    throw new InputError("atom must be [t, ap, value]", { field: f });
  });
}

// src/gf01/verify/subset.ts
var DEFAULT_A_REF = 1 << 20;
function subsetMinimal(ci, cert, caps = {}) {
  const clock = caps.clock ?? (() => performance.now());
  const A_ref = caps.A_ref ?? DEFAULT_A_REF;
  const P_ref = caps.P_ref ?? null;
  const start = clock();
  const capsOut = { A_ref, P_ref };
  const atoms = dedupeAtoms(cert);
  const k = atoms.length;
  const probe = isSufficientShape(ci, atoms);
  if (probe !== null)
    return {
      status: "not-run",
      value: null,
      runtime_ms: 0,
      subsets_checked: 0,
      witness: null,
      cap_hit: null,
      caps: capsOut,
      reason: probe
    };
  if (k > 30)
    return {
      status: "infeasible",
      value: null,
      runtime_ms: Math.round(clock() - start),
      subsets_checked: 0,
      witness: null,
      cap_hit: "A_ref",
      caps: capsOut
    };
  let checked = 0;
  const sub = [];
  for (let size = 0; size < k; size++) {
    let mask = size === 0 ? 0 : (1 << size) - 1;
    const limit = 2 ** k;
    while (mask < limit) {
      if (checked >= A_ref) return infeasible("A_ref");
      if (P_ref !== null && (checked & 255) === 0 && clock() - start > P_ref) return infeasible("P_ref");
      checked++;
      sub.length = 0;
      for (let i = 0; i < k; i++) if (mask & 1 << i) sub.push(atoms[i]);
      if (isSufficient(ci, sub)) {
        return {
          status: "completed",
          value: false,
          runtime_ms: Math.round(clock() - start),
          subsets_checked: checked,
          witness: sub.map((a) => [a[0], a[1], a[2]]),
          cap_hit: null,
          caps: capsOut
        };
      }
      if (mask === 0) break;
      const c = mask & -mask;
      const r = mask + c;
      mask = Math.floor(((r ^ mask) >>> 2) / c) | r;
    }
  }
  return {
    status: "completed",
    value: true,
    runtime_ms: Math.round(clock() - start),
    subsets_checked: checked,
    witness: null,
    cap_hit: null,
    caps: capsOut
  };
  function infeasible(cap) {
    return {
      status: "infeasible",
      value: null,
      runtime_ms: Math.round(clock() - start),
      subsets_checked: checked,
      witness: null,
      cap_hit: cap,
      caps: capsOut
    };
  }
}
function isSufficientShape(ci, atoms) {
  const seen = /* @__PURE__ */ new Map();
  for (const [t, ap, v] of atoms) {
    if (!(Number.isInteger(t) && t >= 0 && t < ci.T)) return `timestep ${t} out of range`;
    if (!ci.apIndex.has(ap)) return `ap ${ap} not in AP_in`;
    if (v !== 0 && v !== 1) return `value ${v} is invalid`;
    const key = `${t}\0${ap}`;
    if (seen.has(key) && seen.get(key) !== v) return "conflicting assignments";
    seen.set(key, v);
  }
  return null;
}

// src/gf01/verify/validate.ts
function validateCertificate(ci, cert, opts = {}) {
  const reasons = [];
  const conflicts = [];
  const duplicates = [];
  const noops = [];
  const seen = /* @__PURE__ */ new Map();
  const seenAtoms = /* @__PURE__ */ new Set();
  const maxT = ci.T - 1;
  const nIn = ci.sys.nIn;
  for (const [t, ap, v] of cert) {
    let atomOk = true;
    if (!(Number.isInteger(t) && t >= 0 && t <= maxT)) {
      reasons.push(`timestep ${t} out of range`);
      atomOk = false;
    }
    const apIdx = ci.apIndex.get(ap);
    if (apIdx === void 0) {
      reasons.push(`ap ${ap} not in AP_in`);
      atomOk = false;
    }
    if (v !== 0 && v !== 1) {
      reasons.push(`value ${v} is invalid`);
      atomOk = false;
    }
    if (!atomOk) continue;
    const key = `${t}\0${ap}`;
    const prev = seen.get(key);
    if (prev !== void 0 && prev !== v) {
      reasons.push(`conflicting assignments for ${pyRepr(new PyTuple([t, ap]))}`);
      if (!conflicts.some((c) => c.t === t && c.ap === ap)) conflicts.push({ t, ap });
    }
    seen.set(key, v);
    const atom = [t, ap, v];
    const k = atomKey(atom);
    if (seenAtoms.has(k)) duplicates.push(atom);
    else seenAtoms.add(k);
    if ((ci.base[t] >> nIn - 1 - apIdx & 1) === v) noops.push(atom);
  }
  const scored = opts.normalize ? dedupeAtoms(cert) : cert;
  if (timestepCost(scored) > ci.budgetTimestep) reasons.push("timestep budget exceeded");
  if (ci.scoreBudgetAtoms !== null && scored.length > ci.scoreBudgetAtoms)
    reasons.push("atom budget exceeded");
  const atoms = sortAtoms(scored.map((a) => [a[0], a[1], a[2]]));
  return { ok: reasons.length === 0, reasons, atoms, duplicates, noops, conflicts };
}

// src/gf01/verify/score.ts
function scoreCertificate(ci0, cert, opts = {}) {
  const rule = opts.atomBudget ?? (ci0.scoreBudgetAtoms !== null ? "enforce" : "diagnostic");
  const ci = opts.atomBudget ? withAtomBudget(ci0, opts.atomBudget) : ci0;
  const val = validateCertificate(ci, sortAtoms(cert), { normalize: opts.normalize });
  const ver = verifyCertificate(ci, cert, { normalize: opts.normalize });
  const bm = bestMatch(ci, cert, opts.bestMatch);
  let diagnostic_status = "not-run";
  let diagnostic_runtime_ms = 0;
  let diagnostic_value = null;
  let diagnostic_cap_hit = null;
  if (opts.diagnostic) {
    const d = subsetMinimal(ci, cert, opts.diagnostic === true ? {} : opts.diagnostic);
    diagnostic_status = d.status;
    diagnostic_runtime_ms = d.runtime_ms;
    diagnostic_value = d.value;
    diagnostic_cap_hit = d.cap_hit;
  }
  const M = ver.valid ? 1 : 0;
  const G = ver.goal ? 1 : 0;
  return {
    suff: ver.suff,
    min1: ver.min1,
    valid: ver.valid,
    goal: ver.goal,
    eff_t: ver.eff_t,
    eff_a: ver.eff_a,
    ap_precision: bm.ap_precision,
    ap_recall: bm.ap_recall,
    ap_f1: bm.ap_f1,
    ts_precision: bm.ts_precision,
    ts_recall: bm.ts_recall,
    ts_f1: bm.ts_f1,
    score_c: M,
    kappa: [M, G, -ver.eff_t, -ver.eff_a],
    diagnostic_status,
    diagnostic_runtime_ms,
    diagnostic_value,
    diagnostic_cap_hit,
    best_match: bm.target,
    best_match_method: bm.method,
    best_match_cap_hit: bm.cap_hit,
    m_count: bm.m_count.toString(),
    structure_ok: val.ok,
    reasons: val.reasons,
    duplicates: val.duplicates,
    noops: val.noops,
    atom_budget: rule,
    best_match_pool: opts.bestMatch?.pool ?? "complete",
    exceeds_budget_atoms: ci.budgetAtoms !== null && ver.eff_a > ci.budgetAtoms
  };
}

export {
  sortCertificate,
  applyCertificate,
  parseCertificate,
  validateCertificate,
  scoreCertificate
};
