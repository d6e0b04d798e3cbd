/**
 * Hand-written fast path for `instanceSchema` (bundle.ts): `looksLikeInstance(v)` is true only
 * for values zod accepts unchanged (no stripped keys, no coercion), so a bundle loader may use
 * such a value as it is and run zod only when this says false — zod then produces the error
 * message (file, field) or the cleaned value. Zod per instance dominated loading a bundle.
 * A property test checks "true ⇒ zod accepts and returns an equal value".
 */
/** True only when `instanceSchema` accepts `v` and would return it unchanged. */
export declare function looksLikeInstance(v: unknown): boolean;
