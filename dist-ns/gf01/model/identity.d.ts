import type { Gf01Instance, MealyAutomaton } from "./types.js";
/** The automaton in canonical form (sorted states/keys; AP lists keep their order). */
export declare function canonicalAutomaton(a: MealyAutomaton): MealyAutomaton;
/** The semantic identity of an instance: everything that changes the game, nothing else. */
export declare function semanticIdentity(inst: Gf01Instance): Record<string, unknown>;
/** sha256 of the canonical JSON of the semantic identity (official `content_hash`). */
export declare function contentHash(inst: Gf01Instance): string;
/** The content hash recomputed from the instance itself (ignores any stored hash). */
export declare function computeContentHash(inst: Gf01Instance): string;
/**
 * `canonicalJson(semanticIdentity(inst))` (Python `json.dumps(sort_keys=True,
 * separators=(",", ":"))`) written directly: bundles are hash-checked on every load, and the
 * generic writer made loading ~20 % slower. A test checks the two agree.
 */
export declare function semanticIdentityJson(inst: Gf01Instance): string;
/** Instance id in the official scheme: `gf01-` + first 12 hex of the content hash. */
export declare function instanceIdFor(inst: Gf01Instance): string;
