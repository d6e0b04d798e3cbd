/**
 * Python-exact aggregate helpers. The official report uses `statistics.fmean`, which sums with
 * `math.fsum` (exactly rounded); a naive JS sum can differ in the last bit, so we port
 * Shewchuk's partials algorithm (what CPython's fsum does).
 */
/** Python `math.fsum`: the correctly rounded sum of finite doubles. */
export function fsum(xs) {
    const acc = new FsumAcc();
    for (const x of xs)
        acc.add(x);
    return acc.value();
}
/** Running exact sum (Shewchuk partials): O(1) memory in practice, so report stays streaming. */
export class FsumAcc {
    partials = [];
    count = 0;
    add(v) {
        const partials = this.partials;
        let x = v;
        let i = 0;
        for (let y of partials) {
            if (Math.abs(x) < Math.abs(y))
                [x, y] = [y, x];
            const hi = x + y;
            const lo = y - (hi - x);
            if (lo !== 0)
                partials[i++] = lo;
            x = hi;
        }
        partials.length = i;
        partials.push(x);
        this.count++;
    }
    value() {
        return sumPartials(this.partials);
    }
    /** `statistics.fmean` of the values added. */
    mean() {
        if (this.count === 0)
            throw new Error("fmean requires at least one data point");
        return this.value() / this.count;
    }
}
function sumPartials(partials) {
    // Sum partials from the top, with CPython's half-even correction.
    let n = partials.length;
    if (n === 0)
        return 0;
    let hi = partials[--n];
    let lo = 0;
    while (n > 0) {
        const x = hi;
        const y = partials[--n];
        hi = x + y;
        const yr = hi - x;
        lo = y - yr;
        if (lo !== 0)
            break;
    }
    if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
        const y = lo * 2;
        const x = hi + y;
        const yr = x - hi;
        if (y === yr)
            hi = x;
    }
    return hi;
}
/** Python `statistics.fmean` (raises on empty input like Python). */
export function fmean(xs) {
    if (xs.length === 0)
        throw new Error("fmean requires at least one data point");
    return fsum(xs) / xs.length;
}
/** Python `statistics.median` (mean of the two middle values for even n). */
export function median(xs) {
    if (xs.length === 0)
        throw new Error("no median for empty data");
    const s = xs.slice().sort((a, b) => a - b);
    const n = s.length;
    const i = n >> 1;
    return n % 2 ? s[i] : (s[i - 1] + s[i]) / 2;
}
//# sourceMappingURL=stats.js.map