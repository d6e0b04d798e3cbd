/**
 * CPython's `set` of `str`, reproduced for its iteration order (`list(s)`), under
 * `PYTHONHASHSEED=0`.
 *
 * Why: the GoldEvidenceBench reference generator removes a set member with
 * `rng.choice(list(members))`, so its output depends on the order CPython stores strings in a
 * set table. With `PYTHONHASHSEED=0` that order is deterministic; this module computes it.
 *
 * What is reproduced (CPython 3.11, `Objects/setobject.c` and `Python/pyhash.c`; the parity
 * corpus checked 3.12 and 3.13 give the same order):
 * - `hash(str)`: SipHash-1-3 (`sys.hash_info.algorithm == "siphash13"`, no small-string
 *   cutoff) keyed with k0 = k1 = 0, since `PYTHONHASHSEED=0` zeroes the hash secret. The input
 *   is the string's internal buffer: 1, 2 or 4 bytes per code point (little-endian), chosen by
 *   the largest code point. The empty string hashes to 0; a result of -1 becomes -2.
 * - The table: 8 slots to start; slot `hash & mask`, then up to 9 linear probes (when they fit
 *   before the table end), then `perturb >>= 5; i = (i * 5 + 1 + perturb) & mask`.
 *   `add` reuses the first deleted ("dummy") slot it passed; a new slot raises `fill`, and
 *   when `fill * 5 >= mask * 3` the table is rebuilt for `used * 4` (`used * 2` above 50,000).
 *   `remove` leaves a dummy and never resizes. `set(other_set)` pre-sizes for
 *   `2 * len(other)` when `len * 5 >= 21`, then copies the slots verbatim when the sizes match
 *   and the source has no dummies, or re-inserts members in the source's slot order.
 *   `set(list)` adds the items one by one. Iteration walks the slots in order.
 *
 * docs/geb/generator.md describes the algorithm; tests/core/pyset.test.ts checks it against
 * vectors produced by CPython itself (tests/fixtures/core/make-pyset-vectors.py).
 */

const DUMMY = Symbol("dummy");
type Slot = string | null | typeof DUMMY;

const LINEAR_PROBES = 9;
const PERTURB_SHIFT = 5;
const MINSIZE = 8;

// ---------------------------------------------------------------------------------------------
// SipHash-1-3 on 64-bit values held as (hi, lo) unsigned 32-bit halves.

/** The string's bytes as CPython stores them (PEP 393: Latin-1, UCS-2 or UCS-4, little-endian). */
function pyStrBytes(s: string): Uint8Array {
  if (/^[\x00-\xff]*$/.test(s)) {
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  const cps: number[] = [];
  let max = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    cps.push(cp);
    if (cp > max) max = cp;
  }
  const width = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
  const out = new Uint8Array(cps.length * width);
  cps.forEach((cp, i) => {
    for (let b = 0; b < width; b++) out[i * width + b] = (cp >>> (8 * b)) & 0xff;
  });
  return out;
}

// The SipHash state: four 64-bit words as (hi, lo) pairs, v0 at [0, 1], v1 at [2, 3], v2 at
// [4, 5], v3 at [6, 7] (a Uint32Array keeps every half unsigned 32-bit).
const V0 = 0;
const V1 = 2;
const V2 = 4;
const V3 = 6;

/** v[a] += v[b], mod 2^64. */
function add64(v: Uint32Array, a: number, b: number): void {
  const lo = v[a + 1] + v[b + 1];
  v[a] = v[a] + v[b] + (lo > 0xffffffff ? 1 : 0);
  v[a + 1] = lo;
}

/** v[a] = rotl(v[a], r) ^ v[x], for 0 < r < 32. */
function rotlXor(v: Uint32Array, a: number, r: number, x: number): void {
  const h = v[a];
  const l = v[a + 1];
  v[a] = ((h << r) | (l >>> (32 - r))) ^ v[x];
  v[a + 1] = ((l << r) | (h >>> (32 - r))) ^ v[x + 1];
}

/** CPython's HALF_ROUND(a, b, c, d, s, t): a += b; c += d; b = rotl(b, s) ^ a; d = rotl(d, t) ^ c; a = rotl(a, 32). */
function halfRound(v: Uint32Array, a: number, b: number, c: number, d: number, s: number, t: number): void {
  add64(v, a, b);
  add64(v, c, d);
  rotlXor(v, b, s, a);
  rotlXor(v, d, t, c);
  const h = v[a];
  v[a] = v[a + 1];
  v[a + 1] = h;
}

/** One SipRound: HALF_ROUND(v0,v1,v2,v3,13,16); HALF_ROUND(v2,v1,v0,v3,17,21). */
function sipRound(v: Uint32Array): void {
  halfRound(v, V0, V1, V2, V3, 13, 16);
  halfRound(v, V2, V1, V0, V3, 17, 21);
}

/** SipHash-1-3 of `data` with a zero key, as [hi, lo] unsigned 32-bit halves. */
function siphash13ZeroKey(data: Uint8Array): [number, number] {
  // v = k ^ constants, with k0 = k1 = 0.
  const v = Uint32Array.of(
    0x736f6d65,
    0x70736575,
    0x646f7261,
    0x6e646f6d,
    0x6c796765,
    0x6e657261,
    0x74656462,
    0x79746573,
  );
  // One message word m: v3 ^= m; SipRound; v0 ^= m.
  const absorb = (mh: number, ml: number): void => {
    v[V3] ^= mh;
    v[V3 + 1] ^= ml;
    sipRound(v);
    v[V0] ^= mh;
    v[V0 + 1] ^= ml;
  };
  const word = (at: number, n: number): [number, number] => {
    let lo = 0;
    let hi = 0;
    for (let b = 0; b < n; b++) {
      if (b < 4) lo |= data[at + b] << (8 * b);
      else hi |= data[at + b] << (8 * (b - 4));
    }
    return [hi >>> 0, lo >>> 0];
  };
  const n = data.length;
  let at = 0;
  for (; at + 8 <= n; at += 8) absorb(...word(at, 8));
  // Last block: the remaining bytes, with the length (mod 256) in the top byte.
  const [rh, rl] = word(at, n - at);
  absorb((rh | ((n & 0xff) << 24)) >>> 0, rl);
  v[V2 + 1] ^= 0xff;
  sipRound(v);
  sipRound(v);
  sipRound(v);
  return [(v[V0] ^ v[V1] ^ v[V2] ^ v[V3]) >>> 0, (v[V0 + 1] ^ v[V1 + 1] ^ v[V2 + 1] ^ v[V3 + 1]) >>> 0];
}

const hashCache = new Map<string, [number, number]>();

/** `hash(s)` under PYTHONHASHSEED=0 as the [hi, lo] halves of its 64-bit two's complement. */
function strHashParts(s: string): [number, number] {
  let h = hashCache.get(s);
  if (!h) {
    if (s.length === 0) h = [0, 0];
    else {
      h = siphash13ZeroKey(pyStrBytes(s));
      // -1 is CPython's error marker: a hash of -1 is stored as -2.
      if (h[0] === 0xffffffff && h[1] === 0xffffffff) h = [0xffffffff, 0xfffffffe];
    }
    // Bounded: a generator run sees a few thousand distinct members at most.
    if (hashCache.size >= 1 << 16) hashCache.clear();
    hashCache.set(s, h);
  }
  return h;
}

/** Python's `hash(s)` for a `str` under `PYTHONHASHSEED=0` (64-bit builds). */
export function pyStrHash(s: string): bigint {
  const [hi, lo] = strHashParts(s);
  return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));
}

// ---------------------------------------------------------------------------------------------
// The set table.

/** A CPython `set` of strings: same membership and the same iteration order. */
export class PySet {
  private mask = MINSIZE - 1;
  /** Active plus dummy slots. */
  private fill = 0;
  /** Active slots. */
  private used = 0;
  /** Slots; a key's hash is looked up again (cached per string) rather than stored per slot. */
  private keys: Slot[] = new Array<Slot>(MINSIZE).fill(null);
  /** `sorted()` until the next change (formatting a set value is the generator's hot path). */
  private sortedCache: readonly string[] | null = null;

  /** `set(items)` for a list or other non-set iterable: the items added one by one. */
  static from(items: Iterable<string>): PySet {
    const s = new PySet();
    for (const x of items) s.add(x);
    return s;
  }

  /** `set(self)` (CPython `set_merge` into a new, empty set). */
  copy(): PySet {
    const so = new PySet();
    if (this.used === 0) return so;
    if (this.used * 5 >= so.mask * 3) so.resize(this.used * 2);
    if (so.mask === this.mask && this.fill === this.used) {
      // Same size and no dummies: the slots are copied as they are.
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

  get size(): number {
    return this.used;
  }

  /** `list(self)`: members in slot order. */
  toList(): string[] {
    const out: string[] = [];
    for (const k of this.keys) if (typeof k === "string") out.push(k);
    return out;
  }

  /** Members in code-unit order (Python `sorted()` on ASCII strings); do not mutate. */
  sorted(): readonly string[] {
    this.sortedCache ??= this.toList().sort();
    return this.sortedCache;
  }

  has(key: string): boolean {
    const [hi, lo] = strHashParts(key);
    return typeof this.keys[this.lookup(key, hi, lo)] === "string";
  }

  /** `set.add` (`set_add_entry`). */
  add(key: string): void {
    const [hi, lo] = strHashParts(key);
    const mask = this.mask;
    const keys = this.keys;
    let i = lo & mask;
    let perturbHi = hi;
    let perturbLo = lo;
    let freeslot = -1;
    let e: number;
    for (;;) {
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
      perturbLo = ((perturbLo >>> PERTURB_SHIFT) | (perturbHi << (32 - PERTURB_SHIFT))) >>> 0;
      perturbHi >>>= PERTURB_SHIFT;
      i = (i * 5 + 1 + perturbLo) & mask;
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
    this.resize(this.used > 50000 ? this.used * 2 : this.used * 4);
  }

  /** `set.discard`; true when the key was a member (`set.remove` raises otherwise). */
  discard(key: string): boolean {
    const [hi, lo] = strHashParts(key);
    const e = this.lookup(key, hi, lo);
    if (typeof this.keys[e] !== "string") return false;
    this.sortedCache = null;
    this.keys[e] = DUMMY;
    this.used--;
    return true;
  }

  /** `set_lookkey`: the slot holding `key`, or the empty slot that ends its probe sequence. */
  private lookup(key: string, hi: number, lo: number): number {
    const mask = this.mask;
    const keys = this.keys;
    let i = lo & mask;
    let perturbHi = hi;
    let perturbLo = lo;
    for (;;) {
      let e = i;
      let probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
      do {
        const k = keys[e];
        if (k === null || k === key) return e;
        e++;
      } while (probes-- > 0);
      perturbLo = ((perturbLo >>> PERTURB_SHIFT) | (perturbHi << (32 - PERTURB_SHIFT))) >>> 0;
      perturbHi >>>= PERTURB_SHIFT;
      i = (i * 5 + 1 + perturbLo) & mask;
    }
  }

  /** `set_insert_clean`: place a key known to be absent into a table without dummies. */
  private insertClean(key: string): void {
    const [hi, lo] = strHashParts(key);
    const mask = this.mask;
    const keys = this.keys;
    let i = lo & mask;
    let perturbHi = hi;
    let perturbLo = lo;
    for (;;) {
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
      perturbLo = ((perturbLo >>> PERTURB_SHIFT) | (perturbHi << (32 - PERTURB_SHIFT))) >>> 0;
      perturbHi >>>= PERTURB_SHIFT;
      i = (i * 5 + 1 + perturbLo) & mask;
    }
  }

  /** `set_table_resize`: rebuild for the smallest power-of-two size above `minused`. */
  private resize(minused: number): void {
    let newsize = MINSIZE;
    while (newsize <= minused) newsize *= 2;
    // The 8-slot table is kept as it is when it has no dummies.
    if (newsize === MINSIZE && this.mask === MINSIZE - 1 && this.fill === this.used) return;
    const oldKeys = this.keys;
    this.mask = newsize - 1;
    this.keys = new Array<Slot>(newsize).fill(null);
    this.fill = this.used;
    for (let i = 0; i < oldKeys.length; i++) {
      const k = oldKeys[i];
      if (typeof k === "string") this.insertClean(k);
    }
  }
}
