import { sha256Hex } from "../../core/hash.js";
import { compareCodePoints, pyJsonString } from "../../core/pyjson.js";
import { effectWindow, outputBit, symbolKey, } from "../model/compile.js";
/**
 * Candidate instances live in typed arrays while they are screened (most are rejected);
 * only accepted ones become official-shape `Gf01Instance` objects. The compiled form built
 * here must equal `compileInstance(materialize(...))` — a test checks exactly that.
 */
export const NORMALIZATION_VERSION = "gf01.normalization.v1";
const stateNameCache = [];
const stateName = (i) => {
    let n = stateNameCache[i];
    if (n === undefined) {
        n = `s${i}`;
        stateNameCache[i] = n;
    }
    return n;
};
export function compileRaw(c) {
    const nIn = c.inputAps.length;
    const nSymbols = 1 << nIn;
    const T = c.base.length;
    const stateNames = [];
    for (let i = 0; i < c.nStates; i++)
        stateNames.push(stateName(i));
    const sys = {
        nStates: c.nStates,
        nIn,
        nOut: c.outputAps.length,
        nSymbols,
        initial: 0,
        next: c.next,
        out: c.out,
        stateNames,
        inputAps: c.inputAps.slice(),
        outputAps: c.outputAps.slice(),
    };
    const [lo, hi] = effectWindow(c.mode, c.tStar, c.windowSize, T);
    const effectMask = outputBit(sys.nOut, c.effectIdx);
    const baseStates = new Int32Array(T + 1);
    let s = 0;
    for (let t = 0; t < T; t++) {
        s = c.next[s * nSymbols + c.base[t]];
        baseStates[t + 1] = s;
    }
    const baseHitBefore = new Uint8Array(T + 1);
    for (let t = 0; t < T; t++) {
        const hit = t >= lo && t <= hi && (c.out[baseStates[t] * nSymbols + c.base[t]] & effectMask) !== 0;
        baseHitBefore[t + 1] = baseHitBefore[t] | (hit ? 1 : 0);
    }
    const apIndex = new Map();
    for (let i = 0; i < sys.inputAps.length; i++)
        apIndex.set(sys.inputAps[i], i);
    return {
        sys,
        T,
        base: c.base,
        effectMask,
        tStar: c.tStar,
        mode: c.mode,
        windowSize: c.windowSize,
        lo,
        hi,
        budgetTimestep: c.budgetTimestep,
        budgetAtoms: c.budgetAtoms,
        scoreBudgetAtoms: null,
        baseStates,
        baseHitBefore,
        apIndex,
    };
}
/** The automaton and base trace in the official dict shape (official insertion order). */
export function materializeMachine(c) {
    const nIn = c.inputAps.length;
    const nOut = c.outputAps.length;
    const nSymbols = 1 << nIn;
    const keys = [];
    for (let sym = 0; sym < nSymbols; sym++)
        keys.push(symbolKey(c.inputAps, sym));
    const states = [];
    const transitions = {};
    for (let s = 0; s < c.nStates; s++) {
        const name = stateName(s);
        states.push(name);
        const row = {};
        for (let sym = 0; sym < nSymbols; sym++) {
            const code = c.out[s * nSymbols + sym];
            const output = {};
            for (let j = 0; j < nOut; j++)
                output[c.outputAps[j]] = (code >> (nOut - 1 - j)) & 1;
            row[keys[sym]] = { next_state: stateName(c.next[s * nSymbols + sym]), output };
        }
        transitions[name] = row;
    }
    const base_trace = [];
    for (let t = 0; t < c.base.length; t++) {
        const v = {};
        for (let i = 0; i < nIn; i++)
            v[c.inputAps[i]] = (c.base[t] >> (nIn - 1 - i)) & 1;
        base_trace.push(v);
    }
    return {
        automaton: {
            states,
            initial_state: states[0],
            input_aps: c.inputAps.slice(),
            output_aps: c.outputAps.slice(),
            transitions,
        },
        base_trace,
    };
}
/**
 * Official-shape instance with the official content-hash id:
 * `gf01-` + sha256(canonical semantic identity)[:12].
 */
export function materializeInstance(c, meta) {
    const { automaton, base_trace } = materializeMachine(c);
    const inst = {
        instance_id: "",
        automaton,
        base_trace,
        effect_ap: c.outputAps[c.effectIdx],
        t_star: c.tStar,
        mode: c.mode,
        window_size: c.windowSize,
        budget_timestep: c.budgetTimestep,
        budget_atoms: c.budgetAtoms,
        seed: meta.seed,
        complexity: meta.complexity,
        identifiability: meta.identifiability,
        split_id: meta.split_id,
        renderer_track: "json",
    };
    const contentHash = sha256Hex(semanticIdentityJson(c));
    inst.instance_id = `gf01-${contentHash.slice(0, 12)}`;
    // Newest official `to_canonical_dict`: the hash and normalization version also at top level.
    inst.content_hash = contentHash;
    inst.normalization_version = NORMALIZATION_VERSION;
    inst.provenance = {
        content_hash: contentHash,
        normalization_version: NORMALIZATION_VERSION,
        source_type: meta.source_type,
        source_id: String(meta.seed),
        ...meta.provenance,
    };
    return inst;
}
const layoutCache = new Map();
function apLayout(inputAps, outputAps) {
    const cacheKey = `${inputAps.join("\u0000")}\u0001${outputAps.join("\u0000")}`;
    let l = layoutCache.get(cacheKey);
    if (l)
        return l;
    const nIn = inputAps.length;
    const nOut = outputAps.length;
    const keys = [];
    for (let sym = 0; sym < 1 << nIn; sym++)
        keys.push([symbolKey(inputAps, sym), sym]);
    keys.sort((a, b) => compareCodePoints(a[0], b[0]));
    const sortedAps = (aps, n) => aps
        .map((ap, j) => [ap, n - 1 - j])
        .sort((a, b) => compareCodePoints(a[0], b[0]))
        .map(([ap, shift]) => [`${pyJsonString(ap)}:`, shift]);
    l = {
        inputList: `[${inputAps.map((a) => pyJsonString(a)).join(",")}]`,
        outputList: `[${outputAps.map((a) => pyJsonString(a)).join(",")}]`,
        keysSorted: keys.map(([k, sym]) => [pyJsonString(k), sym]),
        inputsSorted: sortedAps(inputAps, nIn),
        outputsSorted: sortedAps(outputAps, nOut),
    };
    if (layoutCache.size > 64)
        layoutCache.clear();
    layoutCache.set(cacheKey, l);
    return l;
}
/**
 * The canonical JSON of the official semantic identity (`stable_hash_json` input) written
 * straight from the typed arrays. Equivalent to `canonicalJson(semanticIdentity(inst))` (a
 * property test checks it) but ~10× faster: hashing is the hot spot of bundle generation.
 */
export function semanticIdentityJson(c) {
    const l = apLayout(c.inputAps, c.outputAps);
    const nSymbols = 1 << c.inputAps.length;
    const names = [];
    for (let i = 0; i < c.nStates; i++)
        names.push(stateName(i));
    const order = names.map((_, i) => i).sort((a, b) => compareCodePoints(names[a], names[b]));
    const parts = [];
    parts.push(`{"automaton":{"initial_state":"s0","input_aps":${l.inputList},"output_aps":${l.outputList},"states":[`);
    parts.push(order.map((i) => `"${names[i]}"`).join(","));
    parts.push(`],"transitions":{`);
    for (let oi = 0; oi < order.length; oi++) {
        const s = order[oi];
        if (oi > 0)
            parts.push(",");
        parts.push(`"${names[s]}":{`);
        for (let ki = 0; ki < l.keysSorted.length; ki++) {
            const [key, sym] = l.keysSorted[ki];
            const idx = s * nSymbols + sym;
            const code = c.out[idx];
            let outJson = "";
            for (let j = 0; j < l.outputsSorted.length; j++) {
                const [name, shift] = l.outputsSorted[j];
                outJson += `${j > 0 ? "," : ""}${name}${(code >> shift) & 1}`;
            }
            parts.push(`${ki > 0 ? "," : ""}${key}:{"next_state":"${names[c.next[idx]]}","output":{${outJson}}}`);
        }
        parts.push("}");
    }
    parts.push(`}},"base_trace":[`);
    for (let t = 0; t < c.base.length; t++) {
        let step = t > 0 ? ",{" : "{";
        for (let j = 0; j < l.inputsSorted.length; j++) {
            const [name, shift] = l.inputsSorted[j];
            step += `${j > 0 ? "," : ""}${name}${(c.base[t] >> shift) & 1}`;
        }
        parts.push(`${step}}`);
    }
    parts.push(`],"budget_timestep":${c.budgetTimestep},"effect_ap":${pyJsonString(c.outputAps[c.effectIdx])},` +
        `"mode":"${c.mode}","t_star":${c.tStar},"window_size":${c.windowSize}}`);
    return parts.join("");
}
//# sourceMappingURL=build.js.map