/** Mark every number in a flat map as a Python float (official `float(v)` casts). */
export declare function floatify(m: Record<string, unknown> | undefined): Record<string, unknown> | undefined;
/** `json.dumps(v, indent=2, sort_keys=True)` — the official `write_json` (no trailing newline). */
export declare function dumpJsonFile(v: unknown): string;
/** `json.dumps(row, sort_keys=True)` — one official JSONL line (without the newline). */
export declare function dumpJsonlRow(v: unknown): string;
/** Official `stable_hash_json`. */
export declare function stableHash(v: unknown): string;
