import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";
import {
  PyTuple,
  compareCodePoints,
  pyRepr
} from "./chunk-KRB3VAEL.js";

// src/gf01/model/simulate.ts
function effectHolds(ci, trace) {
  const { sys, lo, hi, effectMask } = ci;
  const { next, out, nSymbols } = sys;
  let s = sys.initial;
  for (let t = 0; t < lo; t++) s = next[s * nSymbols + trace[t]];
  for (let t = lo; t <= hi; t++) {
    const idx = s * nSymbols + trace[t];
    if (out[idx] & effectMask) return true;
    s = next[idx];
  }
  return false;
}
function runSystem(sys, trace) {
  const T = trace.length;
  const states = new Int32Array(T + 1);
  const outputs = new Uint32Array(T);
  let s = sys.initial;
  states[0] = s;
  for (let t = 0; t < T; t++) {
    const idx = s * sys.nSymbols + trace[t];
    outputs[t] = sys.out[idx];
    s = sys.next[idx];
    states[t + 1] = s;
  }
  return { states, outputs };
}

// src/gf01/generate/search.ts
var INF = 1 << 29;
var COUNT_CAP = 2 ** 52;
var binom = (n, k) => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return Math.round(r);
};
var EMPTY_I32 = new Int32Array(0);
var EMPTY_U32 = new Uint32Array(0);
var popcountTables = [];
var binomRows = [];
function popcountTable(nIn) {
  let p = popcountTables[nIn];
  if (!p) {
    p = new Uint8Array(1 << nIn);
    for (let m = 1; m < p.length; m++) p[m] = p[m >> 1] + (m & 1);
    popcountTables[nIn] = p;
  }
  return p;
}
function binomRow(n) {
  let r = binomRows[n];
  if (!r) {
    r = new Float64Array(n + 1);
    for (let i = 0; i <= n; i++) r[i] = binom(n, i);
    binomRows[n] = r;
  }
  return r;
}
var CertificateSearch = class {
  ci;
  /** Timestep budget used by the search, clamped to [0, T]. */
  B;
  /** Largest certificate size the official search tries: B_T · |AP_in| (clamped to T·|AP_in|). */
  K;
  nIn;
  nSym;
  S;
  popcount;
  /** need[((t*S)+s)*(B+1)+b]: fewest flips from timestep t in state s, effect not yet held, b timesteps left. */
  need;
  /** ways[(n*(B+1)+b)*(K+1)+a]: a-subsets of n full timesteps using ≤ b of them. */
  waysTable = null;
  binomIn;
  // DFS scratch (allocated on first search: generators mostly only call minAtoms())
  chosen = EMPTY_I32;
  buf = EMPTY_U32;
  nodes = 0;
  truncated = false;
  found = [];
  opts = { maxNodes: Infinity, maxResults: Infinity };
  constructor(ci, budgetTimestep = ci.budgetTimestep) {
    this.ci = ci;
    const { sys, T } = ci;
    this.nIn = sys.nIn;
    this.nSym = sys.nSymbols;
    this.S = sys.nStates;
    this.B = Math.max(0, Math.min(T, Math.trunc(budgetTimestep)));
    this.K = Math.min(Math.max(0, Math.trunc(budgetTimestep)) * this.nIn, T * this.nIn);
    this.popcount = popcountTable(this.nIn);
    this.binomIn = binomRow(this.nIn);
    this.need = this.buildNeed();
  }
  buildNeed() {
    const { ci, S, B, nSym, popcount: popcount2 } = this;
    const { T, lo, hi, base, effectMask } = ci;
    const { next, out } = ci.sys;
    const B1 = B + 1;
    const need = new Int32Array((T + 1) * S * B1).fill(INF);
    for (let t = Math.min(hi, T - 1); t >= 0; t--) {
      const inWin = t >= lo;
      const row = t * S * B1;
      const nextRow = (t + 1) * S * B1;
      for (let s = 0; s < S; s++) {
        for (let b = 0; b <= B; b++) {
          let best = INF;
          for (let mask = 0; mask < nSym; mask++) {
            if (mask !== 0 && b === 0) break;
            const pc = popcount2[mask];
            if (pc >= best) continue;
            const idx = s * nSym + (base[t] ^ mask);
            let cand;
            if (inWin && (out[idx] & effectMask) !== 0) cand = pc;
            else cand = pc + need[nextRow + next[idx] * B1 + (mask === 0 ? b : b - 1)];
            if (cand < best) best = cand;
          }
          need[row + s * B1 + b] = best;
        }
      }
    }
    return need;
  }
  buildWays() {
    const { ci, B, K, nIn, binomIn } = this;
    const T = ci.T;
    const B1 = B + 1;
    const K1 = K + 1;
    const ways = new Float64Array((T + 1) * B1 * K1);
    for (let b = 0; b <= B; b++) ways[b * K1] = 1;
    for (let n = 1; n <= T; n++) {
      for (let b = 0; b <= B; b++) {
        const at = (n * B1 + b) * K1;
        const skip = ((n - 1) * B1 + b) * K1;
        const use = ((n - 1) * B1 + b - 1) * K1;
        for (let a = 0; a <= K; a++) {
          let v = ways[skip + a];
          if (b >= 1) for (let i = 1; i <= nIn && i <= a; i++) v += binomIn[i] * ways[use + a - i];
          ways[at + a] = Math.min(v, COUNT_CAP);
        }
      }
    }
    return ways;
  }
  waysOf(n, b, a) {
    if (a < 0 || a > this.K || n < 0) return 0;
    if (this.waysTable === null) this.waysTable = this.buildWays();
    return this.waysTable[(n * (this.B + 1) + b) * (this.K + 1) + a];
  }
  /** Fewest flips that make the effect hold within the whole budget (Infinity if none). */
  minAtoms() {
    if (effectHolds(this.ci, this.ci.base)) return 0;
    const v = this.need[this.ci.sys.initial * (this.B + 1) + this.B];
    return v >= INF ? Number.POSITIVE_INFINITY : v;
  }
  /** Budget-feasible k-atom combinations: the official leaf count of size k. */
  leafCount(k) {
    return this.waysOf(this.ci.T, this.B, k);
  }
  /**
   * Leaves under a node: r more atoms from APs j.. at timestep t and all later timesteps.
   * `charged` = timestep t already holds a chosen atom (so more atoms there are free).
   */
  countFrom(t, j, charged, b, r) {
    const T = this.ci.T;
    if (t >= T) return r === 0 ? 1 : 0;
    const R = this.nIn - j;
    const rest = T - 1 - t;
    let v = 0;
    if (charged) {
      for (let i = 0; i <= R && i <= r; i++) v += binom(R, i) * this.waysOf(rest, b, r - i);
    } else {
      v = this.waysOf(rest, b, r);
      if (b >= 1) for (let i = 1; i <= R && i <= r; i++) v += binom(R, i) * this.waysOf(rest, b - 1, r - i);
    }
    return Math.min(v, COUNT_CAP);
  }
  /** Fewest further flips from mid-timestep node (t, j, partial mask m, state s, b left). */
  needFrom(t, j, m, s, b) {
    const { ci, nIn, nSym, S, popcount: popcount2 } = this;
    if (t > ci.hi || t >= ci.T) return INF;
    const B1 = this.B + 1;
    if (j === 0 && m === 0) return this.need[(t * S + s) * B1 + b];
    const { next, out } = ci.sys;
    const inWin = t >= ci.lo;
    const nextRow = (t + 1) * S * B1;
    const subs = 1 << nIn - j;
    let best = INF;
    for (let sub = 0; sub < subs; sub++) {
      const pc = popcount2[sub];
      if (pc >= best) continue;
      let b2 = b;
      if (m === 0 && sub !== 0) {
        if (b === 0) break;
        b2 = b - 1;
      }
      const idx = s * nSym + (ci.base[t] ^ (m | sub));
      const cand = inWin && (out[idx] & ci.effectMask) !== 0 ? pc : pc + this.need[nextRow + next[idx] * B1 + b2];
      if (cand < best) best = cand;
    }
    return best;
  }
  /** Official `find_valid_certificates(instance, max_nodes, max_results)`. */
  findValid(opts) {
    if (this.buf.length !== this.ci.T) {
      this.chosen = new Int32Array(this.ci.T * this.nIn + 1);
      this.buf = new Uint32Array(this.ci.T);
    }
    this.opts = opts;
    this.nodes = 1;
    this.truncated = false;
    this.found = [];
    const ci = this.ci;
    if (effectHolds(ci, ci.base)) this.found.push([]);
    if (this.found.length >= opts.maxResults) return this.result();
    for (let k = 1; k <= this.K; k++) {
      this.dfs(0, 0, 0, ci.sys.initial, this.B, false, k, 0);
      if (this.truncated || this.found.length >= opts.maxResults) break;
    }
    return this.result();
  }
  result() {
    const nodes = this.truncated ? Math.min(this.nodes, this.opts.maxNodes + 1) : this.nodes;
    return { certificates: this.found, nodes, truncated: this.truncated };
  }
  /** Adds skipped leaves; returns true when the cap is passed (search must stop). */
  addNodes(n) {
    this.nodes += n;
    if (this.nodes > this.opts.maxNodes) {
      this.truncated = true;
      return true;
    }
    return false;
  }
  /**
   * Include-before-exclude DFS over atom positions = lexicographic order of k-subsets.
   * (t, j): next position; m: flips chosen at t so far; s: state entering t; b: budget
   * left (t already charged when m ≠ 0); hit: effect held before t; r: atoms still to pick.
   */
  dfs(t, j, m, s, b, hit, r, depth) {
    const ci = this.ci;
    const nIn = this.nIn;
    if (j === nIn) {
      const idx = s * this.nSym + (ci.base[t] ^ m);
      const h = hit || t >= ci.lo && t <= ci.hi && (ci.sys.out[idx] & ci.effectMask) !== 0;
      this.dfs(t + 1, 0, 0, ci.sys.next[idx], b, h, r, depth);
      return;
    }
    if (r === 0) {
      if (this.addNodes(1)) return;
      this.evaluateLeaf(depth);
      return;
    }
    if (t >= ci.T) return;
    if (hit || t > ci.hi || this.needFrom(t, j, m, s, b) > r) {
      this.addNodes(this.countFrom(t, j, m !== 0, b, r));
      return;
    }
    if (m !== 0 || b >= 1) {
      this.chosen[depth] = t * nIn + j;
      this.dfs(t, j + 1, m | 1 << nIn - 1 - j, s, m !== 0 ? b : b - 1, hit, r - 1, depth + 1);
      if (this.truncated || this.found.length >= this.opts.maxResults) return;
    }
    this.dfs(t, j + 1, m, s, b, hit, r, depth);
  }
  evaluateLeaf(depth) {
    const { ci, buf, chosen, nIn } = this;
    buf.set(ci.base);
    for (let i = 0; i < depth; i++) {
      const p = chosen[i];
      buf[p / nIn | 0] ^= 1 << nIn - 1 - p % nIn;
    }
    if (!effectHolds(ci, buf)) return;
    for (let i = 0; i < depth; i++) {
      const p = chosen[i];
      const t = p / nIn | 0;
      const bit = 1 << nIn - 1 - p % nIn;
      buf[t] ^= bit;
      const still = effectHolds(ci, buf);
      buf[t] ^= bit;
      if (still) return;
    }
    this.found.push(this.atomsOf(depth));
  }
  atomsOf(depth) {
    const { ci, nIn } = this;
    const atoms = [];
    for (let i = 0; i < depth; i++) {
      const p = this.chosen[i];
      const t = p / nIn | 0;
      const j = p % nIn;
      const baseBit = ci.base[t] >> nIn - 1 - j & 1;
      atoms.push([t, ci.sys.inputAps[j], 1 - baseBit]);
    }
    return atoms.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] - b[2]));
  }
};
function exactExistenceCheck(ci, maxNodes) {
  const r = new CertificateSearch(ci).findValid({ maxNodes, maxResults: 1 });
  const w = r.certificates[0] ?? null;
  return { exists: w !== null, witness: w, truncated: r.truncated, nodes: r.nodes };
}
function minTimesteps(ci) {
  const { T, lo, hi, base, effectMask } = ci;
  const { next, out, nStates: S, nSymbols: nSym } = ci.sys;
  if (effectHolds(ci, base)) return 0;
  let nextRow = new Int32Array(S).fill(INF);
  let row = new Int32Array(S);
  for (let t = Math.min(hi, T - 1); t >= 0; t--) {
    const inWin = t >= lo;
    for (let s = 0; s < S; s++) {
      let best = INF;
      for (let mask = 0; mask < nSym; mask++) {
        const c = mask === 0 ? 0 : 1;
        if (c >= best) continue;
        const idx = s * nSym + (base[t] ^ mask);
        const cand = inWin && (out[idx] & effectMask) !== 0 ? c : c + nextRow[next[idx]];
        if (cand < best) best = cand;
      }
      row[s] = best;
    }
    const tmp = nextRow;
    nextRow = row;
    row = tmp;
  }
  const v = nextRow[ci.sys.initial];
  return v >= INF ? Number.POSITIVE_INFINITY : v;
}

// src/gf01/verify/atoms.ts
function compareAtomsPy(a, b) {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return compareCodePoints(a[1], b[1]);
  return a[2] === b[2] ? 0 : a[2] < b[2] ? -1 : 1;
}
function sortAtoms(c) {
  return c.slice().sort(compareAtomsPy);
}
function certificateHash(c) {
  return sha256Hex(pyRepr(sortAtoms(c).map((a) => new PyTuple([a[0], a[1], a[2]]))));
}
var atomKey = (a) => `${a[0]}\0${a[1]}\0${a[2]}`;
function dedupeAtoms(c) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const a of c) {
    const k = atomKey(a);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(a);
    }
  }
  return out;
}
function timestepCost(c) {
  return new Set(c.map((a) => a[0])).size;
}
function flipAtoms(ci, t, mask, out) {
  const { nIn, inputAps } = ci.sys;
  const sym = ci.base[t];
  for (let i = 0; i < nIn; i++) {
    const bit = 1 << nIn - 1 - i;
    if (mask & bit) out.push([t, inputAps[i], (sym & bit) === 0 ? 1 : 0]);
  }
}

// src/gf01/verify/enumerate.ts
var ResourceCapError = class extends Error {
  constructor(cap, limit) {
    super(`resource cap ${cap}=${limit} exceeded`);
    this.cap = cap;
    this.limit = limit;
    this.name = "ResourceCapError";
  }
  cap;
  limit;
};
var MASK_MAX_STATES = 30;
var DENSE_MAX_KEYS = 1 << 20;
var denseVals = new Float64Array(0);
var denseTags = new Float64Array(0);
var denseGen = 0;
function popcount(x) {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}
var MinimalEngine = class {
  ci;
  nIn;
  nSym;
  nS;
  lo;
  hi;
  /** Effective timestep budget (≤ hi+1). */
  bT;
  /** Whether the atom budget can bind; when not, the atom dimension is dropped from keys. */
  trackA;
  bA;
  /** No certificate can pass the budget gate. */
  impossible;
  radT;
  radA;
  memo;
  /** Interned state sets (sparse mode only): id → sorted member states; id 0 = ∅. */
  sparse;
  setList = [];
  /** Zobrist hash of a set → newest id with that hash; setChain[id] = previous id with it. */
  setHash = /* @__PURE__ */ new Map();
  setChain = [];
  /** Per-state random 30-bit values; a set's hash is the XOR over its members (small-int Map keys). */
  zob;
  setStamp;
  setBuf;
  stampNo = 0;
  keyStride;
  memoBig = null;
  maxNodes;
  nodeCount = 0;
  inexact = false;
  /** Dense-memo generation tag (0 = Map memo); keys per timestep in the dense memo. */
  denseTag;
  /**
   * reach[t·nS + s]: fewest flip timesteps with which the main run, in state s at time t and
   * not yet showing the effect, can still show it inside the window (≥ 2^29: never). A node
   * whose remaining timestep budget is below it has no valid completion (every valid C is
   * sufficient), so it is answered 0 without being expanded: the count is unchanged, the
   * dead subtrees (most of the DP on generated instances) are never visited.
   */
  reach;
  /** eff[s·nSym + sym] = 1 iff that transition shows the effect (bitmask path); noEff all 0. */
  eff;
  noEff;
  next;
  base;
  denseStride;
  // out-params of step() (avoids allocating a tuple per edge)
  cs = 0;
  ch = 0;
  ca = 0;
  constructor(ci, opts = {}) {
    this.ci = ci;
    const { nIn, nSymbols, nStates } = ci.sys;
    this.nIn = nIn;
    this.nSym = nSymbols;
    this.nS = nStates;
    this.lo = ci.lo;
    this.hi = ci.hi;
    const slots = ci.hi + 1;
    this.impossible = ci.budgetTimestep < 0 || ci.scoreBudgetAtoms !== null && ci.scoreBudgetAtoms < 0;
    this.bT = Math.max(0, Math.min(ci.budgetTimestep, slots));
    const maxAtoms = this.bT * nIn;
    this.trackA = ci.scoreBudgetAtoms !== null && ci.scoreBudgetAtoms < maxAtoms;
    this.bA = this.trackA ? Math.max(0, ci.scoreBudgetAtoms) : maxAtoms;
    this.radT = this.bT + 1;
    this.radA = this.trackA ? this.bA + 1 : 1;
    this.keyStride = nStates * 2 * this.radT * this.radA;
    this.sparse = opts.stateSets === "interned" || nStates > MASK_MAX_STATES || 2 ** nStates * this.keyStride > Number.MAX_SAFE_INTEGER;
    this.setStamp = new Int32Array(this.sparse ? nStates : 0);
    this.setBuf = new Int32Array(this.sparse ? nStates : 0);
    this.zob = new Int32Array(this.sparse ? nStates : 0);
    if (this.sparse) {
      this.setList.push(new Int32Array(0));
      this.setChain.push(-1);
      let x = 2654435769 | 0;
      for (let i = 0; i < nStates; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        this.zob[i] = x & 1073741823;
      }
    }
    const perSlot = this.sparse ? Number.POSITIVE_INFINITY : 2 ** nStates * this.keyStride;
    if (perSlot * slots <= DENSE_MAX_KEYS) {
      const need = perSlot * slots;
      if (denseVals.length < need) {
        const cap = Math.min(DENSE_MAX_KEYS, Math.max(need, denseVals.length * 2, 1 << 12));
        denseVals = new Float64Array(cap);
        denseTags = new Float64Array(cap);
      }
      this.denseTag = ++denseGen;
      this.denseStride = perSlot;
      this.memo = [];
    } else {
      this.denseTag = 0;
      this.denseStride = 0;
      this.memo = Array.from({ length: slots }, () => /* @__PURE__ */ new Map());
    }
    this.maxNodes = opts.maxNodes ?? Number.POSITIVE_INFINITY;
    this.reach = this.buildReach();
    this.next = ci.sys.next;
    this.base = ci.base;
    this.eff = new Uint8Array(this.sparse ? 0 : nStates * nSymbols);
    this.noEff = new Uint8Array(this.sparse ? 0 : nStates * nSymbols);
    for (let j = 0; j < this.eff.length; j++) this.eff[j] = ci.sys.out[j] & ci.effectMask ? 1 : 0;
  }
  buildReach() {
    const { nS, nSym, lo, hi } = this;
    const { next, out } = this.ci.sys;
    const mask = this.ci.effectMask;
    const base = this.ci.base;
    const NEVER = 1 << 29;
    const reach = new Int32Array((hi + 2) * nS).fill(NEVER);
    for (let t = hi; t >= 0; t--) {
      const inWin = t >= lo;
      for (let s = 0; s < nS; s++) {
        let best = NEVER;
        for (let m = 0; m < nSym; m++) {
          const j = s * nSym + (base[t] ^ m);
          const c = m === 0 ? 0 : 1;
          const v = inWin && out[j] & mask ? c : c + reach[(t + 1) * nS + next[j]];
          if (v < best) best = v;
        }
        reach[t * nS + s] = best;
      }
    }
    return reach;
  }
  /** Number of memoised nodes so far (a cost measure). */
  get nodes() {
    return this.nodeCount;
  }
  /** Root node arguments. */
  rootArgs() {
    return [0, this.ci.sys.initial, 0, 0, this.bT, this.bA];
  }
  /**
   * One step at time t with flip mask m. Returns false if a removal run (an earlier atom's,
   * or one of m's own bits) shows the effect inside the window; else sets cs/ch/ca.
   */
  step(t, s, hit, alt, m) {
    if (this.sparse) return this.stepSparse(t, s, hit, alt, m);
    const next = this.next;
    const eff = t >= this.lo ? this.eff : this.noEff;
    const nSym = this.nSym;
    const sym = this.base[t] ^ m;
    const j = s * nSym + sym;
    const h = eff[j] | hit;
    let alt2 = 0;
    let a = alt;
    while (a !== 0) {
      const low = a & -a;
      a ^= low;
      const jj = (31 - Math.clz32(low)) * nSym + sym;
      if (eff[jj]) return false;
      alt2 |= 1 << next[jj];
    }
    let mm = m;
    while (mm !== 0) {
      const low = mm & -mm;
      mm ^= low;
      const jj = j ^ low;
      if (eff[jj]) return false;
      alt2 |= 1 << next[jj];
    }
    this.cs = next[j];
    this.ch = h;
    this.ca = alt2;
    return true;
  }
  /** step() with `alt` an interned set id (automata above MASK_MAX_STATES states). */
  stepSparse(t, s, hit, alt, m) {
    const { next, out } = this.ci.sys;
    const mask = this.ci.effectMask;
    const sym = this.ci.base[t] ^ m;
    const inWin = t >= this.lo;
    const j = s * this.nSym + sym;
    if (this.stampNo >= 2147483646) {
      this.setStamp.fill(0);
      this.stampNo = 0;
    }
    const stamp = ++this.stampNo;
    const seen = this.setStamp;
    const buf = this.setBuf;
    const z = this.zob;
    let h = 0;
    let n = 0;
    const members = this.setList[alt];
    for (let i = 0; i < members.length; i++) {
      const jj = members[i] * this.nSym + sym;
      if (inWin && out[jj] & mask) return false;
      const ns = next[jj];
      if (seen[ns] !== stamp) {
        seen[ns] = stamp;
        buf[n++] = ns;
        h ^= z[ns];
      }
    }
    let mm = m;
    while (mm !== 0) {
      const low = mm & -mm;
      mm ^= low;
      const jj = j ^ low;
      if (inWin && out[jj] & mask) return false;
      const ns = next[jj];
      if (seen[ns] !== stamp) {
        seen[ns] = stamp;
        buf[n++] = ns;
        h ^= z[ns];
      }
    }
    this.cs = next[j];
    this.ch = inWin && out[j] & mask ? 1 : hit;
    this.ca = n === 0 ? 0 : this.intern(n, stamp, h);
    return true;
  }
  /**
   * Id of the set just built in setBuf[0..n) (its members stamped `stamp`; XOR hash `h`).
   * Equal sets hash equally; a hash collision is resolved by comparing members, so ids are
   * exact. Only a new set is sorted and copied.
   */
  intern(n, stamp, h) {
    const seen = this.setStamp;
    for (let id = this.setHash.get(h) ?? -1; id !== -1; id = this.setChain[id]) {
      const cand = this.setList[id];
      if (cand.length !== n) continue;
      let same = true;
      for (let i = 0; i < n; i++)
        if (seen[cand[i]] !== stamp) {
          same = false;
          break;
        }
      if (same) return id;
    }
    const fresh = this.setList.length;
    if ((fresh + 1) * this.keyStride > Number.MAX_SAFE_INTEGER)
      throw new Error("M(I) enumeration: node key space too large for this instance");
    this.setList.push(this.setBuf.slice(0, n).sort());
    this.setChain.push(this.setHash.get(h) ?? -1);
    this.setHash.set(h, fresh);
    return fresh;
  }
  /** Canonical remaining budgets: what is still usable, so equivalent nodes share a key. */
  canonT(t, hit, rT, rA) {
    if (hit) return 0;
    return Math.min(rT, this.hi + 1 - t, this.trackA ? rA : rT);
  }
  canonA(hit, rTc, rA) {
    if (hit || !this.trackA) return 0;
    const cap = rTc * this.nIn;
    return Math.min(rA, cap);
  }
  key(s, hit, alt, rT, rA) {
    return (((alt * this.nS + s) * 2 + hit) * this.radT + rT) * this.radA + rA;
  }
  bump() {
    if (++this.nodeCount > this.maxNodes) throw new ResourceCapError("max_nodes", this.maxNodes);
  }
  /** Number of valid completions from a node (doubles; flags inexactness above 2^53). */
  countFrom(t, s, hit, alt, rT0, rA0) {
    if (t > this.hi) return hit;
    const rT = this.canonT(t, hit, rT0, rA0);
    if (hit === 0 && this.reach[t * this.nS + s] > rT) return 0;
    const rA = this.canonA(hit, rT, rA0);
    const k = this.key(s, hit, alt, rT, rA);
    const tag = this.denseTag;
    const di = t * this.denseStride + k;
    if (tag !== 0) {
      if (denseTags[di] === tag) return denseVals[di];
    } else {
      const cached = this.memo[t].get(k);
      if (cached !== void 0) return cached;
    }
    let total = 0;
    const { next, out } = this.ci.sys;
    const emask = t >= this.lo ? this.ci.effectMask : 0;
    const row = s * this.nSym;
    const b = this.base[t];
    const reach = this.reach;
    const rowNext = (t + 1) * this.nS;
    for (let m = 0; m < this.nSym; m++) {
      let pc = 0;
      if (m !== 0) {
        if (rT === 0) break;
        pc = popcount(m);
        if (this.trackA && pc > rA) continue;
      }
      if (hit === 0) {
        const j = row + (b ^ m);
        if ((out[j] & emask) === 0 && reach[rowNext + next[j]] > (m ? rT - 1 : rT)) continue;
      }
      if (!this.step(t, s, hit, alt, m)) continue;
      total += this.countFrom(t + 1, this.cs, this.ch, this.ca, m ? rT - 1 : rT, m ? rA - pc : rA);
    }
    if (total > Number.MAX_SAFE_INTEGER) this.inexact = true;
    if (tag !== 0) {
      denseVals[di] = total;
      denseTags[di] = tag;
    } else this.memo[t].set(k, total);
    this.bump();
    return total;
  }
  countBigFrom(t, s, hit, alt, rT0, rA0) {
    if (t > this.hi) return BigInt(hit);
    const rT = this.canonT(t, hit, rT0, rA0);
    const rA = this.canonA(hit, rT, rA0);
    const k = this.key(s, hit, alt, rT, rA);
    const memo = this.memoBig[t];
    const cached = memo.get(k);
    if (cached !== void 0) return cached;
    let total = 0n;
    for (let m = 0; m < this.nSym; m++) {
      let pc = 0;
      if (m !== 0) {
        if (rT === 0) break;
        pc = popcount(m);
        if (this.trackA && pc > rA) continue;
      }
      if (!this.step(t, s, hit, alt, m)) continue;
      total += this.countBigFrom(t + 1, this.cs, this.ch, this.ca, m ? rT - 1 : rT, m ? rA - pc : rA);
    }
    memo.set(k, total);
    return total;
  }
  /** |M(I)|, exact. Counts in doubles and redoes the count in bigint only if it passed 2^53. */
  count() {
    if (this.impossible) return 0n;
    const n = this.countFrom(...this.rootArgs());
    if (!this.inexact) return BigInt(n);
    return this.countBig();
  }
  /** |M(I)| counted in bigint throughout (what count() falls back to above 2^53). */
  countBig() {
    if (this.impossible) return 0n;
    if (this.memoBig === null)
      this.memoBig = Array.from({ length: this.hi + 1 }, () => /* @__PURE__ */ new Map());
    return this.countBigFrom(...this.rootArgs());
  }
  /**
   * List up to `limit` certificates of M(I), canonically sorted atoms each, in DFS order
   * (time-major, flip mask ascending). Only branches with a valid completion are entered.
   */
  list(limit) {
    const out = [];
    if (limit <= 0 || this.impossible) return out;
    this.countFrom(...this.rootArgs());
    const masks = new Int32Array(this.hi + 1);
    const rec = (t, s, hit, alt, rT0, rA0) => {
      if (t > this.hi) {
        if (hit) out.push(this.build(masks));
        return;
      }
      const rT = this.canonT(t, hit, rT0, rA0);
      const rA = this.canonA(hit, rT, rA0);
      for (let m = 0; m < this.nSym && out.length < limit; m++) {
        let pc = 0;
        if (m !== 0) {
          if (rT === 0) break;
          pc = popcount(m);
          if (this.trackA && pc > rA) continue;
        }
        if (!this.step(t, s, hit, alt, m)) continue;
        const s2 = this.cs;
        const h2 = this.ch;
        const a2 = this.ca;
        const nT = m ? rT - 1 : rT;
        const nA = m ? rA - pc : rA;
        if (this.countFrom(t + 1, s2, h2, a2, nT, nA) === 0) continue;
        masks[t] = m;
        rec(t + 1, s2, h2, a2, nT, nA);
        masks[t] = 0;
      }
    };
    rec(...this.rootArgs());
    return out;
  }
  /**
   * Visit every member of M(I) as its path of flip masks (`masks[t]`, shared and reused: copy
   * what you keep), in list() order, without building atom lists. Only branches with a valid
   * completion are entered.
   */
  walk(visit) {
    if (this.impossible) return;
    this.countFrom(...this.rootArgs());
    const masks = new Int32Array(this.hi + 1);
    const rec = (t, s, hit, alt, rT0, rA0) => {
      if (t > this.hi) {
        if (hit) visit(masks);
        return;
      }
      const rT = this.canonT(t, hit, rT0, rA0);
      const rA = this.canonA(hit, rT, rA0);
      for (let m = 0; m < this.nSym; m++) {
        let pc = 0;
        if (m !== 0) {
          if (rT === 0) break;
          pc = popcount(m);
          if (this.trackA && pc > rA) continue;
        }
        if (!this.step(t, s, hit, alt, m)) continue;
        const s2 = this.cs;
        const h2 = this.ch;
        const a2 = this.ca;
        const nT = m ? rT - 1 : rT;
        const nA = m ? rA - pc : rA;
        if (this.countFrom(t + 1, s2, h2, a2, nT, nA) === 0) continue;
        masks[t] = m;
        rec(t + 1, s2, h2, a2, nT, nA);
        masks[t] = 0;
      }
    };
    rec(...this.rootArgs());
  }
  /** Certificate of a path of flip masks. */
  build(masks) {
    const atoms = [];
    for (let t = 0; t <= this.hi; t++) if (masks[t]) flipAtoms(this.ci, t, masks[t], atoms);
    return sortAtoms(atoms);
  }
  /**
   * Suffix-statistics DP for DEC-025 best match without listing M(I). For each node, the set
   * of achievable (Δa, Δn, Δb, Δm) over its valid completions, packed mixed-radix so that
   * adding a step's contribution is integer addition:
   *   a = |C ∩ Ca|, n = |C|, b = |TS(C) ∩ TS(Ca)|, m = |TS(C)|.
   * `caMask[t]` = flip bits at t that are atoms of Ca; `tsCa[t]` = t ∈ TS(Ca).
   */
  statSearch(caMask, tsCa) {
    return new StatSearch(this, caMask, tsCa);
  }
  /** @internal exposed for StatSearch */
  _step(t, s, hit, alt, m) {
    if (!this.step(t, s, hit, alt, m)) return null;
    return [this.cs, this.ch, this.ca];
  }
  /** @internal */
  _canon(t, hit, rT0, rA0) {
    const rT = this.canonT(t, hit, rT0, rA0);
    return [rT, this.canonA(hit, rT, rA0)];
  }
  /** @internal true when the node can have no valid completion (see `reach`). */
  _dead(t, s, hit, rT) {
    return hit === 0 && this.reach[t * this.nS + s] > rT;
  }
  /** @internal */
  _key(s, hit, alt, rT, rA) {
    return this.key(s, hit, alt, rT, rA);
  }
  /** @internal */
  _bump() {
    this.bump();
  }
  /** @internal */
  _root() {
    return this.rootArgs();
  }
};
var StatSearch = class {
  memo;
  rN;
  rB;
  rM;
  eng;
  caMask;
  tsCa;
  constructor(eng, caMask, tsCa) {
    this.eng = eng;
    this.caMask = caMask;
    this.tsCa = tsCa;
    let maxB = 0;
    for (let t = 0; t <= eng.hi; t++) maxB += tsCa[t];
    this.rN = eng.bA + 1;
    this.rB = Math.min(maxB, eng.bT) + 1;
    this.rM = eng.bT + 1;
    this.memo = Array.from({ length: eng.hi + 1 }, () => /* @__PURE__ */ new Map());
  }
  pack(a, n, b, m) {
    return ((a * this.rN + n) * this.rB + b) * this.rM + m;
  }
  unpack(x) {
    const m = x % this.rM;
    x = (x - m) / this.rM;
    const b = x % this.rB;
    x = (x - b) / this.rB;
    const n = x % this.rN;
    return { a: (x - n) / this.rN, n, b, m };
  }
  contrib(t, m) {
    if (m === 0) return 0;
    return this.pack(popcount(m & this.caMask[t]), popcount(m), this.tsCa[t], 1);
  }
  statsFrom(t, s, hit, alt, rT0, rA0) {
    const eng = this.eng;
    if (t > eng.hi) return hit ? ONE_ZERO : EMPTY;
    const [rT, rA] = eng._canon(t, hit, rT0, rA0);
    if (eng._dead(t, s, hit, rT)) return EMPTY;
    const k = eng._key(s, hit, alt, rT, rA);
    const memo = this.memo[t];
    const cached = memo.get(k);
    if (cached !== void 0) return cached;
    let acc = null;
    let only = EMPTY;
    for (let m = 0; m < eng.nSym; m++) {
      let pc = 0;
      if (m !== 0) {
        if (rT === 0) break;
        pc = popcount(m);
        if (eng.trackA && pc > rA) continue;
      }
      const child = eng._step(t, s, hit, alt, m);
      if (child === null) continue;
      const sub = this.statsFrom(t + 1, child[0], child[1], child[2], m ? rT - 1 : rT, m ? rA - pc : rA);
      if (sub.size === 0) continue;
      const c = this.contrib(t, m);
      if (c === 0 && acc === null && only.size === 0) {
        only = sub;
        continue;
      }
      if (acc === null) acc = new Set(only);
      for (const x of sub) acc.add(x + c);
    }
    const res = acc ?? only;
    memo.set(k, res);
    eng._bump();
    return res;
  }
  /** All achievable stat tuples over M(I) (packed). */
  rootStats() {
    if (this.eng.impossible) return EMPTY;
    return this.statsFrom(...this.eng._root());
  }
  /** List every certificate of M(I) whose stats equal `target` (packed). */
  listWithStats(target, onCert) {
    const eng = this.eng;
    const masks = new Int32Array(eng.hi + 1);
    const rec = (t, s, hit, alt, rT0, rA0, need) => {
      if (t > eng.hi) {
        if (hit && need === 0) onCert(eng.build(masks));
        return;
      }
      const [rT, rA] = eng._canon(t, hit, rT0, rA0);
      const needU = this.unpack(need);
      for (let m = 0; m < eng.nSym; m++) {
        let pc = 0;
        if (m !== 0) {
          if (rT === 0) break;
          pc = popcount(m);
          if (eng.trackA && pc > rA) continue;
        }
        let rest = need;
        if (m !== 0) {
          const da = popcount(m & this.caMask[t]);
          const db = this.tsCa[t];
          if (da > needU.a || pc > needU.n || db > needU.b || needU.m < 1) continue;
          rest = this.pack(needU.a - da, needU.n - pc, needU.b - db, needU.m - 1);
        }
        const child = eng._step(t, s, hit, alt, m);
        if (child === null) continue;
        const nT = m ? rT - 1 : rT;
        const nA = m ? rA - pc : rA;
        if (!this.statsFrom(t + 1, child[0], child[1], child[2], nT, nA).has(rest)) continue;
        masks[t] = m;
        rec(t + 1, child[0], child[1], child[2], nT, nA, rest);
        masks[t] = 0;
      }
    };
    rec(...eng._root(), target);
  }
};
var EMPTY = /* @__PURE__ */ new Set();
var ONE_ZERO = /* @__PURE__ */ new Set([0]);
function enumerateMinimal(ci, opts = {}) {
  const eng = new MinimalEngine(ci, opts);
  const count = eng.count();
  const limit = opts.limit ?? 1e6;
  const certificates = eng.list(limit);
  return { certificates, count, complete: BigInt(certificates.length) === count };
}
function countMinimal(ci, opts = {}) {
  return new MinimalEngine(ci, opts).count();
}

export {
  effectHolds,
  runSystem,
  CertificateSearch,
  exactExistenceCheck,
  minTimesteps,
  sortAtoms,
  certificateHash,
  atomKey,
  dedupeAtoms,
  timestepCost,
  ResourceCapError,
  MinimalEngine,
  enumerateMinimal,
  countMinimal
};
