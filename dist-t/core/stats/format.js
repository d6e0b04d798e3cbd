/**
 * Table cell for an interval: `0.487 [0.33, 0.64]` — the value to `digits` places, the bounds
 * to one place fewer (they are themselves uncertain). "-" when there is nothing to estimate.
 */
export function formatInterval(iv, digits = 3) {
    if (!iv || iv.value === null || iv.ci_low === null || iv.ci_high === null)
        return "-";
    const bd = Math.max(0, digits - 1);
    return `${iv.value.toFixed(digits)} [${iv.ci_low.toFixed(bd)}, ${iv.ci_high.toFixed(bd)}]`;
}
/** p-value cell: 3 significant places, "<0.001" below that. */
export function formatPValue(p) {
    if (p === null || p === undefined)
        return "-";
    if (p < 0.001)
        return "<0.001";
    return p.toFixed(3);
}
/** Comparison cell: `+0.125 [0.04, 0.21] p=0.012 *` (`*` when significant). */
export function formatComparison(c, digits = 3) {
    if (!c || c.diff === null || c.ci_low === null || c.ci_high === null)
        return "-";
    const bd = Math.max(0, digits - 1);
    const sign = c.diff > 0 ? "+" : "";
    return `${sign}${c.diff.toFixed(digits)} [${c.ci_low.toFixed(bd)}, ${c.ci_high.toFixed(bd)}] p=${formatPValue(c.p_value)}${c.significant ? " *" : ""}`;
}
//# sourceMappingURL=format.js.map