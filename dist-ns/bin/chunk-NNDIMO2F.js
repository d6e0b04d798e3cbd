import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/pyset.ts
var DUMMY = /* @__PURE__ */ Symbol("dummy");
var LINEAR_PROBES = 9;
var PERTURB_SHIFT = 5;
var MINSIZE = 8;
function pyStrBytes(s) {
  if (/^[\x00-\xff]*$/.test(s)) {
    const out2 = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out2[i] = s.charCodeAt(i);
    return out2;
  }
  const cps = [];
  let max = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    cps.push(cp);
    if (cp > max) max = cp;
  }
  const width = max < 256 ? 1 : max < 65536 ? 2 : 4;
  const out = new Uint8Array(cps.length * width);
  cps.forEach((cp, i) => {
    for (let b = 0; b < width; b++) out[i * width + b] = cp >>> 8 * b & 255;
  });
  return out;
}
function siphash13ZeroKey(data) {
  let v0h = 1936682341;
  let v0l = 1886610805;
  let v1h = 1685025377;
  let v1l = 1852075885;
  let v2h = 1819895653;
  let v2l = 1852142177;
  let v3h = 1952801890;
  let v3l = 2037671283;
  let th = 0;
  let tl = 0;
  const round = () => {
    tl = v0l + v1l;
    v0h = v0h + v1h + (tl > 4294967295 ? 1 : 0) >>> 0;
    v0l = tl >>> 0;
    tl = v2l + v3l;
    v2h = v2h + v3h + (tl > 4294967295 ? 1 : 0) >>> 0;
    v2l = tl >>> 0;
    th = (v1h << 13 | v1l >>> 19) >>> 0;
    tl = (v1l << 13 | v1h >>> 19) >>> 0;
    v1h = (th ^ v0h) >>> 0;
    v1l = (tl ^ v0l) >>> 0;
    th = (v3h << 16 | v3l >>> 16) >>> 0;
    tl = (v3l << 16 | v3h >>> 16) >>> 0;
    v3h = (th ^ v2h) >>> 0;
    v3l = (tl ^ v2l) >>> 0;
    th = v0h;
    v0h = v0l;
    v0l = th;
    tl = v2l + v1l;
    v2h = v2h + v1h + (tl > 4294967295 ? 1 : 0) >>> 0;
    v2l = tl >>> 0;
    tl = v0l + v3l;
    v0h = v0h + v3h + (tl > 4294967295 ? 1 : 0) >>> 0;
    v0l = tl >>> 0;
    th = (v1h << 17 | v1l >>> 15) >>> 0;
    tl = (v1l << 17 | v1h >>> 15) >>> 0;
    v1h = (th ^ v2h) >>> 0;
    v1l = (tl ^ v2l) >>> 0;
    th = (v3h << 21 | v3l >>> 11) >>> 0;
    tl = (v3l << 21 | v3h >>> 11) >>> 0;
    v3h = (th ^ v0h) >>> 0;
    v3l = (tl ^ v0l) >>> 0;
    th = v2h;
    v2h = v2l;
    v2l = th;
  };
  const word = (at2, n2) => {
    let lo = 0;
    let hi = 0;
    for (let b = 0; b < n2; b++) {
      if (b < 4) lo |= data[at2 + b] << 8 * b;
      else hi |= data[at2 + b] << 8 * (b - 4);
    }
    return [hi >>> 0, lo >>> 0];
  };
  const n = data.length;
  let at = 0;
  for (; at + 8 <= n; at += 8) {
    const [mh, ml] = word(at, 8);
    v3h = (v3h ^ mh) >>> 0;
    v3l = (v3l ^ ml) >>> 0;
    round();
    v0h = (v0h ^ mh) >>> 0;
    v0l = (v0l ^ ml) >>> 0;
  }
  const [rh, rl] = word(at, n - at);
  const bh = (rh | (n & 255) << 24) >>> 0;
  const bl = rl;
  v3h = (v3h ^ bh) >>> 0;
  v3l = (v3l ^ bl) >>> 0;
  round();
  v0h = (v0h ^ bh) >>> 0;
  v0l = (v0l ^ bl) >>> 0;
  v2l = (v2l ^ 255) >>> 0;
  round();
  round();
  round();
  return [(v0h ^ v1h ^ v2h ^ v3h) >>> 0, (v0l ^ v1l ^ v2l ^ v3l) >>> 0];
}
var hashCache = /* @__PURE__ */ new Map();
function strHashParts(s) {
  let h = hashCache.get(s);
  if (!h) {
    if (s.length === 0) h = [0, 0];
    else {
      h = siphash13ZeroKey(pyStrBytes(s));
      if (h[0] === 4294967295 && h[1] === 4294967295) h = [4294967295, 4294967294];
    }
    if (hashCache.size >= 1 << 16) hashCache.clear();
    hashCache.set(s, h);
  }
  return h;
}
function pyStrHash(s) {
  const [hi, lo] = strHashParts(s);
  return BigInt.asIntN(64, BigInt(hi) << 32n | BigInt(lo));
}
var PySet = class _PySet {
  mask = MINSIZE - 1;
  /** Active plus dummy slots. */
  fill = 0;
  /** Active slots. */
  used = 0;
  /** Slots; a key's hash is looked up again (cached per string) rather than stored per slot. */
  keys = new Array(MINSIZE).fill(null);
  /** `sorted()` until the next change (formatting a set value is the generator's hot path). */
  sortedCache = null;
  /** `set(items)` for a list or other non-set iterable: the items added one by one. */
  static from(items) {
    const s = new _PySet();
    for (const x of items) s.add(x);
    return s;
  }
  /** `set(self)` (CPython `set_merge` into a new, empty set). */
  copy() {
    const so = new _PySet();
    if (this.used === 0) return so;
    if (this.used * 5 >= so.mask * 3) so.resize(this.used * 2);
    if (so.mask === this.mask && this.fill === this.used) {
      so.keys = this.keys.slice();
    } else {
      for (let i = 0; i <= this.mask; i++) {
        const k = this.keys[i];
        if (typeof k === "string") so.insertClean(k);
      }
    }
    so.fill = this.used;
    so.used = this.used;
    so.sortedCache = this.sortedCache;
    return so;
  }
  get size() {
    return this.used;
  }
  /** `list(self)`: members in slot order. */
  toList() {
    const out = [];
    for (const k of this.keys) if (typeof k === "string") out.push(k);
    return out;
  }
  /** Members in code-unit order (Python `sorted()` on ASCII strings); do not mutate. */
  sorted() {
    this.sortedCache ??= this.toList().sort();
    return this.sortedCache;
  }
  has(key) {
    const [hi, lo] = strHashParts(key);
    return typeof this.keys[this.lookup(key, hi, lo)] === "string";
  }
  /** `set.add` (`set_add_entry`). */
  add(key) {
    const [hi, lo] = strHashParts(key);
    const mask = this.mask;
    const keys = this.keys;
    let i = lo & mask;
    let perturbHi = hi;
    let perturbLo = lo;
    let freeslot = -1;
    let e;
    for (; ; ) {
      e = i;
      let probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
      let found = false;
      do {
        const k = keys[e];
        if (k === null) {
          found = true;
          break;
        }
        if (k === DUMMY) {
          if (freeslot < 0) freeslot = e;
        } else if (k === key) {
          return;
        }
        e++;
      } while (probes-- > 0);
      if (found) break;
      perturbLo = (perturbLo >>> PERTURB_SHIFT | perturbHi << 32 - PERTURB_SHIFT) >>> 0;
      perturbHi >>>= PERTURB_SHIFT;
      i = i * 5 + 1 + perturbLo & mask;
    }
    this.sortedCache = null;
    if (freeslot >= 0) {
      this.used++;
      keys[freeslot] = key;
      return;
    }
    this.fill++;
    this.used++;
    keys[e] = key;
    if (this.fill * 5 < mask * 3) return;
    this.resize(this.used > 5e4 ? this.used * 2 : this.used * 4);
  }
  /** `set.discard`; true when the key was a member (`set.remove` raises otherwise). */
  discard(key) {
    const [hi, lo] = strHashParts(key);
    const e = this.lookup(key, hi, lo);
    if (typeof this.keys[e] !== "string") return false;
    this.sortedCache = null;
    this.keys[e] = DUMMY;
    this.used--;
    return true;
  }
  /** `set_lookkey`: the slot holding `key`, or the empty slot that ends its probe sequence. */
  lookup(key, hi, lo) {
    const mask = this.mask;
    const keys = this.keys;
    let i = lo & mask;
    let perturbHi = hi;
    let perturbLo = lo;
    for (; ; ) {
      let e = i;
      let probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
      do {
        const k = keys[e];
        if (k === null || k === key) return e;
        e++;
      } while (probes-- > 0);
      perturbLo = (perturbLo >>> PERTURB_SHIFT | perturbHi << 32 - PERTURB_SHIFT) >>> 0;
      perturbHi >>>= PERTURB_SHIFT;
      i = i * 5 + 1 + perturbLo & mask;
    }
  }
  /** `set_insert_clean`: place a key known to be absent into a table without dummies. */
  insertClean(key) {
    const [hi, lo] = strHashParts(key);
    const mask = this.mask;
    const keys = this.keys;
    let i = lo & mask;
    let perturbHi = hi;
    let perturbLo = lo;
    for (; ; ) {
      if (keys[i] === null) {
        keys[i] = key;
        return;
      }
      if (i + LINEAR_PROBES <= mask) {
        for (let j = 1; j <= LINEAR_PROBES; j++) {
          if (keys[i + j] === null) {
            keys[i + j] = key;
            return;
          }
        }
      }
      perturbLo = (perturbLo >>> PERTURB_SHIFT | perturbHi << 32 - PERTURB_SHIFT) >>> 0;
      perturbHi >>>= PERTURB_SHIFT;
      i = i * 5 + 1 + perturbLo & mask;
    }
  }
  /** `set_table_resize`: rebuild for the smallest power-of-two size above `minused`. */
  resize(minused) {
    let newsize = MINSIZE;
    while (newsize <= minused) newsize *= 2;
    if (newsize === MINSIZE && this.mask === MINSIZE - 1 && this.fill === this.used) return;
    const oldKeys = this.keys;
    this.mask = newsize - 1;
    this.keys = new Array(newsize).fill(null);
    this.fill = this.used;
    for (let i = 0; i < oldKeys.length; i++) {
      const k = oldKeys[i];
      if (typeof k === "string") this.insertClean(k);
    }
  }
};

export {
  pyStrHash,
  PySet
};
