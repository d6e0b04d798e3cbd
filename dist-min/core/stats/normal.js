/**
 * Standard normal quantile. Wichura's AS 241 (PPND16, relative error about 1e-16), so Wilson
 * bounds match scipy's `norm.ppf` to the last digits we print. Coefficients are the paper's,
 * lowest degree first, written as the doubles they round to.
 */
const A = [
    3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946, 45921.95393154987,
    67265.7709270087, 33430.57558358813, 2509.0809287301227,
];
const B = [
    1.0, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597, 39307.89580009271,
    28729.085735721943, 5226.495278852546,
];
const C = [
    1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045, 1.2704582524523684,
    0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
];
const D = [
    1.0, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008, 0.015198666563616457,
    0.0005475938084995345, 1.0507500716444169e-9,
];
const E = [
    6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487, 0.026532189526576124,
    0.0012426609473880784, 2.7115555687434876e-5, 2.0103343992922881e-7,
];
const F = [
    1.0, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133,
    1.8463183175100548e-5, 1.421511758316446e-7, 2.0442631033899397e-15,
];
/** Polynomial with coefficients lowest degree first, by Horner's rule (highest first). */
function poly(c, x) {
    let s = c[c.length - 1];
    for (let i = c.length - 2; i >= 0; i--)
        s = s * x + c[i];
    return s;
}
/** Φ⁻¹(p) for 0 < p < 1 (AS 241). */
export function normalQuantile(p) {
    if (!(p > 0 && p < 1))
        throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
    const q = p - 0.5;
    if (Math.abs(q) <= 0.425) {
        const r = 0.180625 - q * q;
        return (q * poly(A, r)) / poly(B, r);
    }
    let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
    let x;
    if (r <= 5) {
        r -= 1.6;
        x = poly(C, r) / poly(D, r);
    }
    else {
        r -= 5;
        x = poly(E, r) / poly(F, r);
    }
    return q < 0 ? -x : x;
}
/** z such that a two-sided normal interval at `level` covers that probability (1.96 at 0.95). */
export function zForLevel(level) {
    if (!(level > 0 && level < 1))
        throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
    return normalQuantile(1 - (1 - level) / 2);
}
//# sourceMappingURL=normal.js.map