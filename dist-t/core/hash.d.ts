export declare function sha256Hex(data: string | Uint8Array): string;
/** sha256 of the canonical (Python-compatible, sorted, compact) JSON of a value. */
export declare function canonicalHash(value: unknown, floatKeys?: ReadonlySet<string>): string;
