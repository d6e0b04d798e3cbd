/**
 * Python-exact aggregate helpers. The official report uses `statistics.fmean`, which sums with
 * `math.fsum` (exactly rounded); a naive JS sum can differ in the last bit, so we port
 * Shewchuk's partials algorithm (what CPython's fsum does).
 */
/** Python `math.fsum`: the correctly rounded sum of finite doubles. */
export declare function fsum(xs: Iterable<number>): number;
/** Running exact sum (Shewchuk partials): O(1) memory in practice, so report stays streaming. */
export declare class FsumAcc {
    private readonly partials;
    count: number;
    add(v: number): void;
    value(): number;
    /** `statistics.fmean` of the values added. */
    mean(): number;
}
/** Python `statistics.fmean` (raises on empty input like Python). */
export declare function fmean(xs: readonly number[]): number;
/** Python `statistics.median` (mean of the two middle values for even n). */
export declare function median(xs: readonly number[]): number;
