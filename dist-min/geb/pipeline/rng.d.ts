import { PyRandom } from "../../core/random.js";
/**
 * A generator for one pipeline stage of one row: seeded from sha256(stage, seed, row id), so
 * the draw is the same in every process and independent of row order. (The reference seeds
 * with `seed ^ hash(id)`, and Python salts str hashes per process: its runs do not repeat
 * unless PYTHONHASHSEED is fixed; `referenceRowRng` reproduces them under PYTHONHASHSEED=0.)
 */
export declare function rowRng(stage: string, seed: number, rowId: string): PyRandom;
/**
 * The reference's per-row generator, `random.Random(seed ^ hash(row_id))`, with CPython's str
 * hash under PYTHONHASHSEED=0 (core/pyset.ts) — the retrieval dialect `reference-0.1`.
 */
export declare function referenceRowRng(seed: number, rowId: string): PyRandom;
