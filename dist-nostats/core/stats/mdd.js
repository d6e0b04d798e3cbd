/**
 * Minimum detectable difference (MDD) for a run's size: the smallest true difference between
 * two rates that a two-sided test at level α detects with the given power, by the normal
 * approximation for two independent groups of n items each at a common rate p:
 *   MDD = (z_{1−α/2} + z_{power}) · √(2·p(1−p)·deff / n)
 * (Fleiss, Levin & Paik 2003, §4.2, solved for the difference). Conventions: α = 0.05
 * two-sided, power = 0.80, p = 0.5 (the worst case) unless given; deff ≥ 1 inflates for
 * clustering. A paired design with positively correlated outcomes detects somewhat smaller
 * differences, so this is a conservative line for "differences below this are likely noise".
 */
import { normalQuantile } from "./normal.js";
export function minimumDetectableDifference(o) {
    const p = o.p ?? 0.5;
    const alpha = o.alpha ?? 0.05;
    const power = o.power ?? 0.8;
    const deff = Math.max(1, o.deff ?? 1);
    if (!(o.n > 0))
        return null;
    if (!(alpha > 0 && alpha < 1) || !(power > 0 && power < 1) || !(p >= 0 && p <= 1))
        throw new RangeError("MDD needs 0 < alpha < 1, 0 < power < 1, 0 ≤ p ≤ 1");
    const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
    return z * Math.sqrt((2 * p * (1 - p) * deff) / o.n);
}
//# sourceMappingURL=mdd.js.map