/**
 * Python's built-in `round(x, ndigits)`: round half to even on the exact binary value.
 *
 * `Math.round` rounds half up and `toFixed` rounds the decimal string; both disagree with
 * Python on ties (round(2.5) == 2) and on values like 2.675 that are below the tie in
 * binary. We decide ties on the exact decimal expansion of the double, as CPython does.
 */
export function roundHalfEven(x, ndigits = 0) {
    if (!Number.isFinite(x))
        return x;
    if (ndigits === 0) {
        const f = Math.floor(x);
        const diff = x - f; // exact for doubles in the safe range
        if (diff < 0.5)
            return f;
        if (diff > 0.5)
            return f + 1;
        return f % 2 === 0 ? f : f + 1;
    }
    // Exact decimal expansion of the double (up to 1074 fractional digits exist, 100 is plenty
    // to decide a tie at the ndigits we use: ≤ 15).
    const exact = exactDecimal(x);
    const neg = exact.startsWith("-");
    const body = neg ? exact.slice(1) : exact;
    const [ip, fpRaw = ""] = body.split(".");
    const fp = fpRaw.padEnd(ndigits + 1, "0");
    const keep = ip + fp.slice(0, ndigits);
    const rest = fp.slice(ndigits);
    let n = BigInt(keep);
    const first = rest.charCodeAt(0) - 48;
    const tail = rest.slice(1).replace(/0+$/, "");
    if (first > 5 || (first === 5 && tail.length > 0) || (first === 5 && n % 2n === 1n))
        n += 1n;
    const s = n.toString().padStart(ndigits + 1, "0");
    const out = Number(`${s.slice(0, s.length - ndigits)}.${s.slice(s.length - ndigits)}`);
    return neg ? -out : out;
}
/** The exact decimal value of a double as a string (every double is a finite binary fraction). */
export function exactDecimal(x) {
    if (Number.isInteger(x))
        return BigInt(x).toString();
    const buf = new DataView(new ArrayBuffer(8));
    buf.setFloat64(0, x);
    const hi = buf.getUint32(0);
    const lo = buf.getUint32(4);
    const sign = hi >>> 31 ? "-" : "";
    const expBits = (hi >>> 20) & 0x7ff;
    let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    let exp;
    if (expBits === 0)
        exp = -1074;
    else {
        mant |= 1n << 52n;
        exp = expBits - 1075;
    }
    // value = mant * 2^exp with exp < 0 here: = mant * 5^-exp / 10^-exp
    const k = -exp;
    const digits = (mant * 5n ** BigInt(k)).toString().padStart(k + 1, "0");
    const ip = digits.slice(0, digits.length - k);
    const fp = digits.slice(digits.length - k).replace(/0+$/, "");
    return `${sign}${ip}${fp ? `.${fp}` : ""}`;
}
//# sourceMappingURL=numeric.js.map