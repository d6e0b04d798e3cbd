import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  CertificateSearch,
  MinimalEngine,
  ResourceCapError,
  atomKey,
  certificateHash,
  dedupeAtoms,
  sortAtoms,
  timestepCost
} from "./chunk-EDYDAUKS.js";

// src/gf01/verify/verify.ts
var trace = new Uint32Array(64);
var states = new Int32Array(65);
var tStamp = new Int32Array(64);
var kStamp = new Int32Array(256);
var kVal = new Uint8Array(256);
var atomT = new Int32Array(64);
var atomBit = new Int32Array(64);
var stamp = 0;
function ensureScratch(T, nIn, n) {
  if (trace.length < T || kStamp.length < T * nIn) {
    const cap = Math.max(T * 2, trace.length);
    trace = new Uint32Array(cap);
    states = new Int32Array(cap + 1);
    tStamp = new Int32Array(cap);
    kStamp = new Int32Array(Math.max(T * nIn * 2, kStamp.length));
    kVal = new Uint8Array(kStamp.length);
    stamp = 0;
  }
  if (atomT.length < n) {
    atomT = new Int32Array(n * 2);
    atomBit = new Int32Array(n * 2);
  }
}
function nextStamp() {
  stamp++;
  if (stamp >= 2147483647) {
    tStamp.fill(0);
    kStamp.fill(0);
    stamp = 1;
  }
  return stamp;
}
var FAIL = (eff_t, eff_a) => ({
  suff: false,
  min1: false,
  valid: false,
  goal: false,
  eff_t,
  eff_a
});
function verifyCertificate(ci, cert, opts) {
  const { T, sys, base, lo, hi, effectMask: mask, baseStates } = ci;
  const { nIn, nSymbols: nSym, next, out } = sys;
  const normalize = opts?.normalize === true;
  const n = cert.length;
  ensureScratch(T, nIn, n);
  const st = nextStamp();
  let distinctT = 0;
  let first = T;
  let nDup = 0;
  let noop = false;
  let late = false;
  for (let i = 0; i < n; i++) {
    const a = cert[i];
    const t = a[0];
    const v = a[2];
    const idx = ci.apIndex.get(a[1]);
    if (!(Number.isInteger(t) && t >= 0 && t < T) || idx === void 0 || v !== 0 && v !== 1) {
      return FAIL(timestepCost(cert), normalize ? dedupeAtoms(cert).length : n);
    }
    const k = t * nIn + idx;
    if (kStamp[k] === st) {
      if (kVal[k] !== v) return FAIL(timestepCost(cert), normalize ? dedupeAtoms(cert).length : n);
      nDup++;
    } else {
      kStamp[k] = st;
      kVal[k] = v;
    }
    if (tStamp[t] !== st) {
      tStamp[t] = st;
      distinctT++;
    }
    const bit = 1 << nIn - 1 - idx;
    atomT[i] = t;
    atomBit[i] = bit;
    if ((base[t] & bit) !== 0 === (v === 1)) noop = true;
    if (t > hi) late = true;
    if (t < first) first = t;
  }
  const effA = normalize ? n - nDup : n;
  if (distinctT > ci.budgetTimestep || ci.scoreBudgetAtoms !== null && effA > ci.scoreBudgetAtoms)
    return FAIL(distinctT, effA);
  if (ci.baseHitBefore[Math.min(first, hi + 1)])
    return { suff: true, min1: n === 0, valid: n === 0, goal: true, eff_t: distinctT, eff_a: effA };
  if (first > hi) return FAIL(distinctT, effA);
  for (let t = first; t <= hi; t++) trace[t] = base[t];
  for (let i = 0; i < n; i++) {
    const t = atomT[i];
    if (t <= hi) trace[t] = cert[i][2] === 1 ? trace[t] | atomBit[i] : trace[t] & ~atomBit[i];
  }
  let s = baseStates[first];
  let hitT = -1;
  for (let t = first; t <= hi; t++) {
    states[t] = s;
    const j = s * nSym + trace[t];
    if (t >= lo && out[j] & mask) {
      hitT = t;
      break;
    }
    s = next[j];
  }
  if (hitT < 0) return FAIL(distinctT, effA);
  let min1 = !noop && !late && (normalize || nDup === 0);
  for (let i = 0; min1 && i < n; i++) {
    const t = atomT[i];
    if (t > hitT) {
      min1 = false;
      break;
    }
    let s2 = states[t];
    let j = s2 * nSym + (trace[t] ^ atomBit[i]);
    if (t >= lo && out[j] & mask) {
      min1 = false;
      break;
    }
    s2 = next[j];
    for (let u = t + 1; u <= hi; u++) {
      j = s2 * nSym + trace[u];
      if (u >= lo && out[j] & mask) {
        min1 = false;
        break;
      }
      s2 = next[j];
    }
  }
  return { suff: true, min1, valid: min1, goal: true, eff_t: distinctT, eff_a: effA };
}
function isSufficient(ci, cert) {
  const { T, sys, base, lo, hi, effectMask: mask, baseStates } = ci;
  const { nIn, nSymbols: nSym, next, out } = sys;
  const n = cert.length;
  ensureScratch(T, nIn, n);
  const st = nextStamp();
  let first = T;
  for (let i = 0; i < n; i++) {
    const a = cert[i];
    const t = a[0];
    const v = a[2];
    const idx = ci.apIndex.get(a[1]);
    if (!(Number.isInteger(t) && t >= 0 && t < T) || idx === void 0 || v !== 0 && v !== 1) return false;
    const k = t * nIn + idx;
    if (kStamp[k] === st && kVal[k] !== v) return false;
    kStamp[k] = st;
    kVal[k] = v;
    atomT[i] = t;
    atomBit[i] = 1 << nIn - 1 - idx;
    if (t < first) first = t;
  }
  if (ci.baseHitBefore[Math.min(first, hi + 1)]) return true;
  if (first > hi) return false;
  for (let t = first; t <= hi; t++) trace[t] = base[t];
  for (let i = 0; i < n; i++) {
    const t = atomT[i];
    if (t <= hi) trace[t] = cert[i][2] === 1 ? trace[t] | atomBit[i] : trace[t] & ~atomBit[i];
  }
  let s = baseStates[first];
  for (let t = first; t <= hi; t++) {
    const j = s * nSym + trace[t];
    if (t >= lo && out[j] & mask) return true;
    s = next[j];
  }
  return false;
}

// src/gf01/verify/officialPool.ts
var OFFICIAL_POOL_MAX_NODES = 12e4;
var OFFICIAL_POOL_MAX_RESULTS = 32;
function officialPool(ci, opts = {}) {
  const maxNodes = opts.maxNodes ?? OFFICIAL_POOL_MAX_NODES;
  const maxResults = opts.maxResults ?? OFFICIAL_POOL_MAX_RESULTS;
  if (ci.scoreBudgetAtoms === null && ci.budgetTimestep >= 0 && maxResults >= 1) {
    const r = new CertificateSearch(ci).findValid({ maxNodes, maxResults });
    return {
      certificates: r.certificates.map((c) => sortAtoms(c)),
      nodes_visited: r.nodes,
      truncated_by_max_nodes: r.truncated,
      hit_max_results_cap: r.certificates.length >= maxResults
    };
  }
  return officialPoolReference(ci, opts);
}
function officialPoolReference(ci, opts = {}) {
  const maxNodes = opts.maxNodes ?? OFFICIAL_POOL_MAX_NODES;
  const maxResults = opts.maxResults ?? OFFICIAL_POOL_MAX_RESULTS;
  const { nIn, inputAps } = ci.sys;
  const cands = [];
  for (let t = 0; t < ci.T; t++)
    for (let j = 0; j < nIn; j++)
      cands.push([t, inputAps[j], ci.base[t] >> nIn - 1 - j & 1 ^ 1]);
  const found = [];
  let nodes = 1;
  if (verifyCertificate(ci, []).valid) found.push([]);
  let truncated = false;
  const done = () => truncated || found.length >= maxResults;
  const bT = ci.budgetTimestep;
  const chosen = [];
  const rec = (k, start, used) => {
    if (chosen.length === k) {
      nodes++;
      if (nodes > maxNodes) {
        truncated = true;
        return;
      }
      if (verifyCertificate(ci, chosen).valid) found.push(sortAtoms(chosen));
      return;
    }
    const upper = cands.length - (k - chosen.length);
    const lastT = chosen.length ? chosen[chosen.length - 1][0] : -1;
    for (let i = start; i <= upper; i++) {
      const a = cands[i];
      const added = a[0] !== lastT;
      if (added && used + 1 > bT) continue;
      chosen.push(a);
      rec(k, i + 1, added ? used + 1 : used);
      chosen.pop();
      if (done()) return;
    }
  };
  if (!done()) {
    const maxK = bT * nIn;
    for (let k = 1; k <= maxK; k++) {
      rec(k, 0, 0);
      if (done()) break;
    }
  }
  return {
    certificates: found,
    nodes_visited: nodes,
    truncated_by_max_nodes: truncated,
    hit_max_results_cap: found.length >= maxResults
  };
}

// src/gf01/verify/metrics.ts
function precisionRecallF1(tp, nPred, nGold) {
  const fp = nPred - tp;
  const fn = nGold - tp;
  const p = tp + fp === 0 ? 0 : tp / (tp + fp);
  const r = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = p + r > 0 ? 2 * p * r / (p + r) : 0;
  return [p, r, f1];
}
function apTsMetrics(pred, gold) {
  const pa = new Set(pred.map(atomKey));
  const ga = new Set(gold.map(atomKey));
  let tpA = 0;
  for (const k of ga) if (pa.has(k)) tpA++;
  const pt = new Set(pred.map((a) => a[0]));
  const gt = new Set(gold.map((a) => a[0]));
  let tpT = 0;
  for (const t of gt) if (pt.has(t)) tpT++;
  const [ap_precision, ap_recall, ap_f1] = precisionRecallF1(tpA, pa.size, ga.size);
  const [ts_precision, ts_recall, ts_f1] = precisionRecallF1(tpT, pt.size, gt.size);
  return { ap_precision, ap_recall, ap_f1, ts_precision, ts_recall, ts_f1 };
}
var poolCache = /* @__PURE__ */ new WeakMap();
function cachedOfficialPool(ci, maxResults) {
  const key = maxResults ?? -1;
  let m = poolCache.get(ci);
  if (!m) {
    m = /* @__PURE__ */ new Map();
    poolCache.set(ci, m);
  }
  let golds = m.get(key);
  if (!golds) {
    golds = officialPool(ci, { maxResults }).certificates;
    m.set(key, golds);
  }
  return golds;
}
function cmpKey(x, y) {
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i] ? 1 : -1;
  return 0;
}
function bestMatch(ci, agentCert, opts = {}) {
  const limit = opts.enumerateLimit ?? 2e4;
  const pool = opts.pool ?? "complete";
  if (pool === "official") {
    const golds = cachedOfficialPool(ci, opts.officialMaxResults);
    const target = golds.length ? pickBest(agentCert, golds) : [];
    return {
      target: golds.length ? target : null,
      method: "enumerate",
      cap_hit: false,
      m_count: BigInt(golds.length),
      ...apTsMetrics(agentCert, target)
    };
  }
  const eng = new MinimalEngine(ci, { maxNodes: opts.maxNodes });
  let count;
  try {
    count = eng.count();
  } catch (e) {
    if (e instanceof ResourceCapError) return capped("enumerate", -1n, agentCert);
    throw e;
  }
  const method = opts.method === "enumerate" || opts.method === "search" ? opts.method : count <= BigInt(limit) ? "enumerate" : "search";
  if (count === 0n)
    return { target: null, method, cap_hit: false, m_count: 0n, ...apTsMetrics(agentCert, []) };
  try {
    let target;
    if (method === "enumerate") {
      target = walkBest(ci, eng, agentCert);
    } else {
      target = searchBest(ci, eng, agentCert);
    }
    return { target, method, cap_hit: false, m_count: count, ...apTsMetrics(agentCert, target) };
  } catch (e) {
    if (e instanceof ResourceCapError) return capped(method, count, agentCert);
    throw e;
  }
}
function capped(method, m_count, agentCert) {
  return { target: null, method, cap_hit: true, m_count, ...apTsMetrics(agentCert, []) };
}
function pickBest(agentCert, golds) {
  const pa = new Set(agentCert.map(atomKey));
  const pt = new Set(agentCert.map((a) => a[0]));
  let best = null;
  let tied = [];
  for (const g of golds) {
    let tpA = 0;
    for (const a of g) if (pa.has(atomKey(a))) tpA++;
    const gt = new Set(g.map((a) => a[0]));
    let tpT = 0;
    for (const t of gt) if (pt.has(t)) tpT++;
    const key = [
      precisionRecallF1(tpA, pa.size, g.length)[2],
      precisionRecallF1(tpT, pt.size, gt.size)[2],
      -gt.size
    ];
    const c = best === null ? 1 : cmpKey(key, best);
    if (c > 0) {
      best = key;
      tied = [g];
    } else if (c === 0) tied.push(g);
  }
  return maxByHash(tied);
}
function maxByHash(certs) {
  let bestC = certs[0];
  let bestH = certs.length > 1 ? certificateHash(bestC) : "";
  for (let i = 1; i < certs.length; i++) {
    const h = certificateHash(certs[i]);
    if (h > bestH) {
      bestH = h;
      bestC = certs[i];
    }
  }
  return bestC;
}
function agentMasks(ci, eng, agentCert) {
  const { nIn } = ci.sys;
  const caMask = new Int32Array(eng.hi + 1);
  const tsCa = new Uint8Array(eng.hi + 1);
  const pa = /* @__PURE__ */ new Set();
  const pt = /* @__PURE__ */ new Set();
  for (const a of agentCert) {
    pa.add(atomKey(a));
    pt.add(a[0]);
  }
  for (const a of agentCert) {
    const [t, ap, v] = a;
    if (!(Number.isInteger(t) && t >= 0 && t <= eng.hi)) continue;
    tsCa[t] = 1;
    const i = ci.apIndex.get(ap);
    if (i === void 0) continue;
    const bit = 1 << nIn - 1 - i;
    if ((v === 0 || v === 1) && ((ci.base[t] & bit) !== 0 ? 0 : 1) === v) caMask[t] |= bit;
  }
  return { caMask, tsCa, nA: pa.size, nT: pt.size };
}
function f1Of(tp, nPred, nGold) {
  const fp = nPred - tp;
  const fn = nGold - tp;
  const p = tp + fp === 0 ? 0 : tp / (tp + fp);
  const r = tp + fn === 0 ? 0 : tp / (tp + fn);
  return p + r > 0 ? 2 * p * r / (p + r) : 0;
}
function walkBest(ci, eng, agentCert) {
  const { caMask, tsCa, nA, nT } = agentMasks(ci, eng, agentCert);
  const pcs = new Uint8Array(eng.nSym);
  for (let m = 1; m < pcs.length; m++) pcs[m] = pcs[m >> 1] + (m & 1);
  const hi = eng.hi;
  let bestA = -1;
  let bestT = -1;
  let bestNegM = 0;
  let tied = [];
  eng.walk((masks) => {
    let a = 0;
    let n = 0;
    let b = 0;
    let m = 0;
    for (let t = 0; t <= hi; t++) {
      const x = masks[t];
      if (x === 0) continue;
      a += pcs[x & caMask[t]];
      n += pcs[x];
      b += tsCa[t];
      m++;
    }
    const fA = f1Of(a, nA, n);
    const fT = f1Of(b, nT, m);
    const negM = -m;
    let c;
    if (bestA < 0) c = 1;
    else if (fA !== bestA) c = fA > bestA ? 1 : -1;
    else if (fT !== bestT) c = fT > bestT ? 1 : -1;
    else c = negM === bestNegM ? 0 : negM > bestNegM ? 1 : -1;
    if (c > 0) {
      bestA = fA;
      bestT = fT;
      bestNegM = negM;
      tied = [masks.slice()];
    } else if (c === 0) tied.push(masks.slice());
  });
  return maxByHash(tied.map((ms) => eng.build(ms)));
}
function searchBest(ci, eng, agentCert) {
  const { caMask, tsCa, nA: paSize, nT: ptSize } = agentMasks(ci, eng, agentCert);
  const pa = { size: paSize };
  const pt = { size: ptSize };
  const search = eng.statSearch(caMask, tsCa);
  let best = null;
  let tiedStats = [];
  for (const x of search.rootStats()) {
    const { a, n, b, m } = search.unpack(x);
    const key = [
      precisionRecallF1(a, pa.size, n)[2],
      precisionRecallF1(b, pt.size, m)[2],
      -m
    ];
    const c = best === null ? 1 : cmpKey(key, best);
    if (c > 0) {
      best = key;
      tiedStats = [x];
    } else if (c === 0) tiedStats.push(x);
  }
  tiedStats.sort((x, y) => x - y);
  let bestC = null;
  let bestH = "";
  for (const x of tiedStats) {
    search.listWithStats(x, (c) => {
      const h = certificateHash(c);
      if (bestC === null || h > bestH) {
        bestC = c;
        bestH = h;
      }
    });
  }
  return bestC;
}

export {
  verifyCertificate,
  isSufficient,
  bestMatch
};
