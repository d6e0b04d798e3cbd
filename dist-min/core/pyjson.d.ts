/**
 * Python-compatible JSON encoding (the `json` module's output, byte for byte).
 *
 * Hand-written because hashes in the official artifacts (instance ids, config_hash,
 * bundle hashes) are sha256 over Python's `json.dumps(..., sort_keys=True,
 * separators=(",", ":"))`, and Python differs from `JSON.stringify` in three ways that
 * change bytes: floats keep a `.0` (`1.0`), float exponents look like `1e-05`, and
 * `ensure_ascii` escapes everything outside printable ASCII (0x7f included).
 *
 * JS numbers do not know whether they were floats; callers mark floats either with
 * `PyFloat` or by key name (`floatKeys`), which is how the artifact schemas use it.
 */
/** A number that Python would hold as a `float` (so `1` is written `1.0`). */
export declare class PyFloat {
    readonly value: number;
    constructor(value: number);
}
export declare const pyFloat: (value: number) => PyFloat;
/** A Python tuple, for `pyRepr` (JSON writes it as a list, like Python). */
export declare class PyTuple {
    readonly items: readonly unknown[];
    constructor(items: readonly unknown[]);
}
export interface PyJsonOptions {
    /** Python `sort_keys`. Default false (insertion order). */
    sortKeys?: boolean;
    /** Python `indent` (spaces). Default: none (single line). */
    indent?: number;
    /** Python `separators`. Default: (", ", ": ") without indent, (",", ": ") with indent. */
    separators?: readonly [string, string];
    /** Python `ensure_ascii`. Default true. */
    ensureAscii?: boolean;
    /** Object keys whose numeric values are Python floats (written with `.0` when integral). */
    floatKeys?: ReadonlySet<string>;
}
/** Python `repr(float)`: shortest round-trip digits; scientific below 1e-4 or from 1e16. */
export declare function pyFloatRepr(x: number): string;
/** Python `json` string encoding (with `ensure_ascii`). */
export declare function pyJsonString(s: string, ensureAscii?: boolean): string;
/** What an encoder knows about one object key: its encoded form and whether it is a float key. */
interface KeyInfo {
    /** The encoded key followed by the key separator. */
    head: string;
    float: boolean;
    /** The key has a UTF-16 unit ≥ 0xD800, where code-point order can differ from unit order. */
    high: boolean;
}
/**
 * A reusable `json.dumps` encoder for one set of options: it appends into one string buffer
 * (no per-container arrays or joins), writes printable-ASCII strings without a regex replace,
 * keeps indent strings per level and remembers each key's encoding and sort facts. Output is
 * byte-identical to the original encoder (property test in tests/core/pyjson-fast.test.ts).
 * Use `pyJsonDumps` for one value; keep an encoder to write many values (streaming writers
 * call `append` then `take`).
 */
export declare class PyJsonEncoder {
    private buf;
    private chunks;
    private readonly itemSep;
    private readonly keySep;
    private readonly indent;
    private readonly ensureAscii;
    private readonly sortKeys;
    private readonly floatKeys;
    private readonly pads;
    private readonly keys;
    constructor(opts?: PyJsonOptions);
    /** `json.dumps(value)` with this encoder's options. */
    encode(value: unknown, level?: number, asFloat?: boolean): string;
    /** Encode `value` as if nested `level` deep (indentation) onto the internal buffer. */
    append(value: unknown, level?: number, asFloat?: boolean): void;
    /** Append raw text (already-encoded JSON punctuation) to the buffer. */
    raw(text: string): void;
    /** The buffered text (the buffer is emptied). */
    take(): string;
    private flush;
    /** Characters buffered so far. */
    get length(): number;
    /** Newline plus the indentation of `level` (only meaningful with an indent). */
    pad(level: number): string;
    /** The encoded key plus separator, cached (bounded). */
    keyInfo(k: string): KeyInfo;
    private enc;
}
/**
 * The canonical form (`sort_keys`, separators `(",", ":")`) of text written by an encoder with
 * `indent`, `sortKeys`, `ensureAscii` and the default separators, without encoding the value
 * again: the newline+indent runs and the space after each key separator go (same keys, order
 * and scalars). Property-tested against `canonicalJson` (tests/core/pyjson-fast.test.ts).
 */
export declare function canonicalFromIndented(text: string): string;
/** `json.dumps` with Python's exact output. */
export declare function pyJsonDumps(value: unknown, opts?: PyJsonOptions): string;
/** Canonical JSON for hashing: `json.dumps(v, sort_keys=True, separators=(",", ":"))`. */
export declare function canonicalJson(value: unknown, floatKeys?: ReadonlySet<string>): string;
/** The shared canonical (sorted, compact) encoder for a float-key set. */
export declare function canonicalEncoder(floatKeys?: ReadonlySet<string>): PyJsonEncoder;
/** Python sorts str keys by code point; JS's default sort compares UTF-16 units. */
export declare function compareCodePoints(a: string, b: string): number;
/**
 * Key order of an object decoded by `pyJsonLoads` when it differs from JS property order
 * (JS lists integer-like keys first; a Python dict keeps insertion order).
 */
export declare const PY_KEY_ORDER: unique symbol;
/** Keys of a decoded JSON object in Python dict order. */
export declare function pyKeys(o: object): string[];
/**
 * Python `repr` of a JSON-shaped value: None/True/False, int (number or bigint), float
 * (`PyFloat`, or a non-integral number), str, list, tuple and dict (plain objects).
 */
export declare function pyRepr(v: unknown): string;
/** Python `str()` of a JSON-shaped value: strings as they are, everything else its `repr`. */
export declare function pyStr(v: unknown): string;
/** Python `repr(str)`: quote choice and escapes as CPython (non-printables as \\x, \\u, \\U). */
export declare function pyStrRepr(s: string): string;
/** Python `str.isspace()` for one UTF-16 unit (every Python whitespace character is in the BMP). */
export declare function isPySpace(c: number): boolean;
/** Python `str.strip()` (its whitespace set differs from `String.prototype.trim`). */
export declare function pyStrip(s: string): string;
/** Python `str.splitlines()` (splits on \\r, \\v, \\f, \\x1c-\\x1e, \\x85, \\u2028, \\u2029 too). */
export declare function pySplitLines(s: string): string[];
export {};
