import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/random.ts
var N = 624;
var M = 397;
var MATRIX_A = 2567483615;
var UPPER_MASK = 2147483648;
var LOWER_MASK = 2147483647;
var PyRandom = class {
  mt = new Uint32Array(N);
  mti = N + 1;
  constructor(seed = 0) {
    this.seed(seed);
  }
  /** Python `random.seed(int)`: init_by_array over the 32-bit little-endian words of |seed|. */
  seed(seed) {
    let s = typeof seed === "bigint" ? seed : BigInt(Math.trunc(seed));
    if (s < 0n) s = -s;
    const key = [];
    if (s === 0n) key.push(0);
    while (s > 0n) {
      key.push(Number(s & 0xffffffffn));
      s >>= 32n;
    }
    this.initByArray(key);
  }
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ mt[i - 1] >>> 30;
      mt[i] = Math.imul(1812433253, prev) + i >>> 0;
    }
    this.mti = N;
  }
  initByArray(key) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    const keyLength = key.length;
    let k = N > keyLength ? N : keyLength;
    for (; k > 0; k--) {
      const prev = mt[i - 1] ^ mt[i - 1] >>> 30;
      mt[i] = (mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= keyLength) j = 0;
    }
    for (k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ mt[i - 1] >>> 30;
      mt[i] = (mt[i] ^ Math.imul(prev, 1566083941)) - i >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 2147483648;
    this.mti = N;
  }
  /** One tempered 32-bit output (genrand_uint32). */
  genrandUint32() {
    const mt = this.mt;
    let y;
    if (this.mti >= N) {
      let kk = 0;
      for (; kk < N - M; kk++) {
        y = mt[kk] & UPPER_MASK | mt[kk + 1] & LOWER_MASK;
        mt[kk] = mt[kk + M] ^ y >>> 1 ^ (y & 1 ? MATRIX_A : 0);
      }
      for (; kk < N - 1; kk++) {
        y = mt[kk] & UPPER_MASK | mt[kk + 1] & LOWER_MASK;
        mt[kk] = mt[kk + (M - N)] ^ y >>> 1 ^ (y & 1 ? MATRIX_A : 0);
      }
      y = mt[N - 1] & UPPER_MASK | mt[0] & LOWER_MASK;
      mt[N - 1] = mt[M - 1] ^ y >>> 1 ^ (y & 1 ? MATRIX_A : 0);
      this.mti = 0;
    }
    y = mt[this.mti++];
    y ^= y >>> 11;
    y ^= y << 7 & 2636928640;
    y ^= y << 15 & 4022730752;
    y ^= y >>> 18;
    return y >>> 0;
  }
  /** `random()`: 53-bit float in [0, 1). */
  random() {
    const a = this.genrandUint32() >>> 5;
    const b = this.genrandUint32() >>> 6;
    return (a * 67108864 + b) * (1 / 9007199254740992);
  }
  /** `getrandbits(k)` for k ≤ 32, as a number (the hot path). */
  getrandbits32(k) {
    if (k <= 0 || k > 32) throw new RangeError(`getrandbits32 needs 1..32 bits, got ${k}`);
    return this.genrandUint32() >>> 32 - k;
  }
  /** `getrandbits(k)` for any k ≥ 0: words fill from least significant; the last is right-shifted. */
  getrandbits(k) {
    if (k < 0) throw new RangeError("number of bits must be non-negative");
    if (k === 0) return 0n;
    if (k <= 32) return BigInt(this.getrandbits32(k));
    let result = 0n;
    let shift = 0n;
    for (let remaining = k; remaining > 0; remaining -= 32) {
      let r = this.genrandUint32();
      if (remaining < 32) r >>>= 32 - remaining;
      result |= BigInt(r) << shift;
      shift += 32n;
    }
    return result;
  }
  /** `_randbelow(n)` (getrandbits variant): rejection sampling with k = n.bit_length(). */
  randbelow(n) {
    if (!Number.isSafeInteger(n) || n <= 0)
      throw new RangeError(`randbelow needs a positive integer, got ${n}`);
    const k = bitLength(n);
    if (k <= 32) {
      let r2 = this.getrandbits32(k);
      while (r2 >= n) r2 = this.getrandbits32(k);
      return r2;
    }
    const bn = BigInt(n);
    let r = this.getrandbits(k);
    while (r >= bn) r = this.getrandbits(k);
    return Number(r);
  }
  /** `randrange(start, stop)` / `randrange(stop)` with step 1 (the forms the harnesses use). */
  randrange(start, stop, step = 1) {
    if (stop === void 0) {
      if (start > 0) return this.randbelow(start);
      throw new RangeError("empty range for randrange()");
    }
    const width = stop - start;
    if (step === 1) {
      if (width > 0) return start + this.randbelow(width);
      throw new RangeError(`empty range in randrange(${start}, ${stop})`);
    }
    let n;
    if (step > 0) n = Math.floor((width + step - 1) / step);
    else if (step < 0) n = Math.floor((width + step + 1) / step);
    else throw new RangeError("zero step for randrange()");
    if (n <= 0) throw new RangeError("empty range for randrange()");
    return start + step * this.randbelow(n);
  }
  /** `randint(a, b)`: inclusive on both ends. */
  randint(a, b) {
    return this.randrange(a, b + 1);
  }
  /** `choice(seq)`. */
  choice(seq) {
    if (seq.length === 0) throw new RangeError("Cannot choose from an empty sequence");
    return seq[this.randbelow(seq.length)];
  }
  /** `shuffle(x)` in place (Fisher–Yates from the end, as CPython). */
  shuffle(x) {
    for (let i = x.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const tmp = x[i];
      x[i] = x[j];
      x[j] = tmp;
    }
  }
  /** `sample(population, k)` following CPython's two strategies (set-based vs pool). */
  sample(population, k) {
    const n = population.length;
    if (k < 0 || k > n) throw new RangeError("Sample larger than population or is negative");
    const result = new Array(k);
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    if (n <= setsize) {
      const pool = population.slice();
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      const selected = /* @__PURE__ */ new Set();
      for (let i = 0; i < k; i++) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = population[j];
      }
    }
    return result;
  }
  /** `uniform(a, b)`. */
  uniform(a, b) {
    return a + (b - a) * this.random();
  }
};
function bitLength(n) {
  if (n <= 0) return 0;
  if (n < 2 ** 32) return 32 - Math.clz32(n);
  return n.toString(2).length;
}

export {
  PyRandom,
  bitLength
};
