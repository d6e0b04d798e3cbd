/**
 * Identifiability metric `single_atom_observation_divergence.v1` (official
 * `instance_identifiability_metrics`): flip each input bit alone, compare the full observable
 * output trace with the base run, and count how many flips are visible at all (response)
 * and how many distinct output traces they produce (diversity).
 */
export const IDENTIFIABILITY_POLICY_VERSION = "gf01.identifiability_policy.v1";
export const IDENTIFIABILITY_METRIC_ID = "single_atom_observation_divergence.v1";
export const IDENTIFIABILITY_MIN_RESPONSE_RATIO = 0.6;
export const IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES = 8;
/**
 * Compute the metric. Each flip is simulated only until its run re-joins the base run's
 * state (from then on outputs are identical), and output traces are compared as packed
 * integers when T·|AP_out| ≤ 52 bits (exact in a double), else as strings.
 */
export function identifiabilityMetrics(ci) {
    const { sys, T, base, baseStates } = ci;
    const { nIn, nOut, nSymbols: nSym, next, out } = sys;
    const candidates = T * nIn;
    if (candidates === 0) {
        return {
            policy_version: IDENTIFIABILITY_POLICY_VERSION,
            metric_id: IDENTIFIABILITY_METRIC_ID,
            candidate_atom_count: 0,
            response_atom_count: 0,
            response_ratio: 0.0,
            unique_signature_count: 1,
            signature_diversity_ratio: 0.0,
            passes_threshold: false,
        };
    }
    const baseOut = new Uint32Array(T);
    for (let t = 0; t < T; t++)
        baseOut[t] = out[baseStates[t] * nSym + base[t]];
    let response = 0;
    let unique;
    if (T * nOut <= 52) {
        // sig = Σ code_t · 2^(nOut·t); a flip's signature is the base one plus its deltas.
        const pow = new Float64Array(T);
        for (let t = 0; t < T; t++)
            pow[t] = 2 ** (nOut * t);
        let baseSig = 0;
        for (let t = 0; t < T; t++)
            baseSig += baseOut[t] * pow[t];
        const sigs = new Float64Array(candidates);
        let n = 0;
        for (let t = 0; t < T; t++) {
            for (let j = 0; j < nIn; j++) {
                let sig = baseSig;
                let s = baseStates[t];
                let sym = base[t] ^ (1 << (nIn - 1 - j));
                for (let u = t; u < T; u++) {
                    const idx = s * nSym + sym;
                    const code = out[idx];
                    if (code !== baseOut[u])
                        sig += (code - baseOut[u]) * pow[u];
                    s = next[idx];
                    if (s === baseStates[u + 1])
                        break;
                    sym = base[u + 1];
                }
                if (sig !== baseSig)
                    response++;
                sigs[n++] = sig;
            }
        }
        sigs.sort();
        unique = 1;
        for (let i = 1; i < n; i++)
            if (sigs[i] !== sigs[i - 1])
                unique++;
    }
    else {
        const seen = new Set();
        const codes = new Array(T);
        for (let t = 0; t < T; t++) {
            for (let j = 0; j < nIn; j++) {
                for (let u = 0; u < T; u++)
                    codes[u] = baseOut[u];
                let s = baseStates[t];
                let sym = base[t] ^ (1 << (nIn - 1 - j));
                let differs = false;
                for (let u = t; u < T; u++) {
                    const idx = s * nSym + sym;
                    codes[u] = out[idx];
                    if (codes[u] !== baseOut[u])
                        differs = true;
                    s = next[idx];
                    if (s === baseStates[u + 1])
                        break;
                    sym = base[u + 1];
                }
                if (differs)
                    response++;
                seen.add(codes.join(","));
            }
        }
        unique = seen.size;
    }
    const responseRatio = response / candidates;
    return {
        policy_version: IDENTIFIABILITY_POLICY_VERSION,
        metric_id: IDENTIFIABILITY_METRIC_ID,
        candidate_atom_count: candidates,
        response_atom_count: response,
        response_ratio: responseRatio,
        unique_signature_count: unique,
        signature_diversity_ratio: unique / candidates,
        passes_threshold: responseRatio >= IDENTIFIABILITY_MIN_RESPONSE_RATIO && unique >= IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES,
    };
}
/** Official `identifiability_policy_error`: null when the thresholds pass, else the reason. */
export function identifiabilityPolicyError(m, minResponseRatio = IDENTIFIABILITY_MIN_RESPONSE_RATIO, minUniqueSignatures = IDENTIFIABILITY_MIN_UNIQUE_SIGNATURES) {
    if (m.response_ratio < minResponseRatio)
        return `response_ratio=${m.response_ratio.toFixed(6)} below threshold ${minResponseRatio.toFixed(6)}`;
    if (m.unique_signature_count < minUniqueSignatures)
        return `unique_signature_count=${m.unique_signature_count} below threshold ${Math.trunc(minUniqueSignatures)}`;
    return null;
}
//# sourceMappingURL=identifiability.js.map