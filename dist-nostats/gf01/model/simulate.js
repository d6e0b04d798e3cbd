/**
 * Does the effect hold on this input-symbol trace? Runs only up to the window end and
 * allocates nothing (the verifier calls this millions of times).
 */
export function effectHolds(ci, trace) {
    const { sys, lo, hi, effectMask } = ci;
    const { next, out, nSymbols } = sys;
    let s = sys.initial;
    for (let t = 0; t < lo; t++)
        s = next[s * nSymbols + trace[t]];
    for (let t = lo; t <= hi; t++) {
        const idx = s * nSymbols + trace[t];
        if (out[idx] & effectMask)
            return true;
        s = next[idx];
    }
    return false;
}
/**
 * Effect check resuming at time `from` from the base run's state (incremental simulation:
 * the caller guarantees `trace` equals the base trace before `from`, so the prefix — and
 * whether the effect already held in [lo, from) — is read from the precomputed base run).
 */
export function effectHoldsFrom(ci, trace, from, state = ci.baseStates[from]) {
    const { sys, lo, hi, effectMask } = ci;
    if (from > hi)
        return ci.baseHitBefore[hi + 1] === 1;
    if (ci.baseHitBefore[from] === 1)
        return true;
    const { next, out, nSymbols } = sys;
    let s = state;
    for (let t = from; t < lo; t++)
        s = next[s * nSymbols + trace[t]];
    for (let t = Math.max(from, lo); t <= hi; t++) {
        const idx = s * nSymbols + trace[t];
        if (out[idx] & effectMask)
            return true;
        s = next[idx];
    }
    return false;
}
/** Full run: states (length T+1) and output codes (length T). */
export function runSystem(sys, trace) {
    const T = trace.length;
    const states = new Int32Array(T + 1);
    const outputs = new Uint32Array(T);
    let s = sys.initial;
    states[0] = s;
    for (let t = 0; t < T; t++) {
        const idx = s * sys.nSymbols + trace[t];
        outputs[t] = sys.out[idx];
        s = sys.next[idx];
        states[t + 1] = s;
    }
    return { states, outputs };
}
/** Output valuation (official dict form) of an output code. */
export function outputValuation(sys, code) {
    const v = {};
    for (let j = 0; j < sys.nOut; j++)
        v[sys.outputAps[j]] = (code >> (sys.nOut - 1 - j)) & 1;
    return v;
}
//# sourceMappingURL=simulate.js.map