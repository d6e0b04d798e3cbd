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
/** Python's `hash(s)` for a `str` under `PYTHONHASHSEED=0` (64-bit builds). */
export declare function pyStrHash(s: string): bigint;
/** A CPython `set` of strings: same membership and the same iteration order. */
export declare class PySet {
    private mask;
    /** Active plus dummy slots. */
    private fill;
    /** Active slots. */
    private used;
    /** Slots; a key's hash is looked up again (cached per string) rather than stored per slot. */
    private keys;
    /** `sorted()` until the next change (formatting a set value is the generator's hot path). */
    private sortedCache;
    /** `set(items)` for a list or other non-set iterable: the items added one by one. */
    static from(items: Iterable<string>): PySet;
    /** `set(self)` (CPython `set_merge` into a new, empty set). */
    copy(): PySet;
    get size(): number;
    /** `list(self)`: members in slot order. */
    toList(): string[];
    /** Members in code-unit order (Python `sorted()` on ASCII strings); do not mutate. */
    sorted(): readonly string[];
    has(key: string): boolean;
    /** `set.add` (`set_add_entry`). */
    add(key: string): void;
    /** `set.discard`; true when the key was a member (`set.remove` raises otherwise). */
    discard(key: string): boolean;
    /** `set_lookkey`: the slot holding `key`, or the empty slot that ends its probe sequence. */
    private lookup;
    /** `set_insert_clean`: place a key known to be absent into a table without dummies. */
    private insertClean;
    /** `set_table_resize`: rebuild for the smallest power-of-two size above `minused`. */
    private resize;
}
