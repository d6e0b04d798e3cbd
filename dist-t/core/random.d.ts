/**
 * Exact port of CPython's `random.Random` (Mersenne Twister MT19937).
 *
 * Written by hand rather than taken from a library because parity matters bit for bit:
 * the official GF-01 and GoldEvidenceBench harnesses draw from CPython's generator, and
 * reproducing their artifacts requires the same seeding (`init_by_array` over the 32-bit
 * words of |seed|), the same `getrandbits` word assembly, and the same `_randbelow`
 * rejection loop (k = n.bit_length()).
 */
export declare class PyRandom {
    private readonly mt;
    private mti;
    constructor(seed?: number | bigint);
    /** Python `random.seed(int)`: init_by_array over the 32-bit little-endian words of |seed|. */
    seed(seed: number | bigint): void;
    private initGenrand;
    private initByArray;
    /** One tempered 32-bit output (genrand_uint32). */
    genrandUint32(): number;
    /** `random()`: 53-bit float in [0, 1). */
    random(): number;
    /** `getrandbits(k)` for k ≤ 32, as a number (the hot path). */
    getrandbits32(k: number): number;
    /** `getrandbits(k)` for any k ≥ 0: words fill from least significant; the last is right-shifted. */
    getrandbits(k: number): bigint;
    /** `_randbelow(n)` (getrandbits variant): rejection sampling with k = n.bit_length(). */
    randbelow(n: number): number;
    /** `randrange(start, stop)` / `randrange(stop)` with step 1 (the forms the harnesses use). */
    randrange(start: number, stop?: number, step?: number): number;
    /** `randint(a, b)`: inclusive on both ends. */
    randint(a: number, b: number): number;
    /** `choice(seq)`. */
    choice<T>(seq: readonly T[]): T;
    /** `shuffle(x)` in place (Fisher–Yates from the end, as CPython). */
    shuffle<T>(x: T[]): void;
    /** `sample(population, k)` following CPython's two strategies (set-based vs pool). */
    sample<T>(population: readonly T[], k: number): T[];
    /** `uniform(a, b)`. */
    uniform(a: number, b: number): number;
}
/** Python's `int.bit_length()` for a non-negative safe integer. */
export declare function bitLength(n: number): number;
