import { InputError } from "../../core/errors.js";
export const ATOM_BUDGET_RULES = ["diagnostic", "enforce"];
export const DEFAULT_ATOM_BUDGET_RULE = "diagnostic";
/** The same compiled instance scored under `rule` (shares every array; cheap). */
export function withAtomBudget(ci, rule) {
    const want = rule === "enforce" ? ci.budgetAtoms : null;
    return want === ci.scoreBudgetAtoms ? ci : { ...ci, scoreBudgetAtoms: want };
}
/** Bit of input AP i in a symbol: first AP is the most significant. */
export const inputBit = (nIn, apIdx) => 1 << (nIn - 1 - apIdx);
export const outputBit = (nOut, apIdx) => 1 << (nOut - 1 - apIdx);
/** Official transition key for a symbol, e.g. `in0=1|in1=0`. */
export function symbolKey(inputAps, symbol) {
    const n = inputAps.length;
    return inputAps.map((ap, i) => `${ap}=${(symbol >> (n - 1 - i)) & 1}`).join("|");
}
export function compileSystem(a) {
    const nIn = a.input_aps.length;
    const nOut = a.output_aps.length;
    if (nIn > 20)
        throw new InputError(`too many input APs (${nIn}); at most 20 are supported`, { field: "input_aps" });
    if (nOut > 31)
        throw new InputError(`too many output APs (${nOut}); at most 31 are supported`, { field: "output_aps" });
    const nSymbols = 1 << nIn;
    const stateIndex = new Map();
    a.states.forEach((s, i) => {
        if (stateIndex.has(s))
            throw new InputError(`duplicate state ${JSON.stringify(s)}`, { field: "states" });
        stateIndex.set(s, i);
    });
    const initial = stateIndex.get(a.initial_state);
    if (initial === undefined)
        throw new InputError(`initial state ${JSON.stringify(a.initial_state)} is not in states`, {
            field: "initial_state",
        });
    const keyIndex = new Map();
    for (let sym = 0; sym < nSymbols; sym++)
        keyIndex.set(symbolKey(a.input_aps, sym), sym);
    const next = new Int32Array(a.states.length * nSymbols).fill(-1);
    const out = new Uint32Array(a.states.length * nSymbols);
    for (const [state, row] of Object.entries(a.transitions ?? {})) {
        const si = stateIndex.get(state);
        if (si === undefined)
            throw new InputError(`transition from unknown state ${JSON.stringify(state)}`, {
                field: "transitions",
            });
        for (const [key, tr] of Object.entries(row)) {
            const sym = keyIndex.get(key);
            const field = `transitions.${state}.${key}`;
            if (sym === undefined)
                throw new InputError(`transition key ${JSON.stringify(key)} does not match input_aps`, { field });
            const ni = stateIndex.get(tr.next_state);
            if (ni === undefined)
                throw new InputError(`next_state ${JSON.stringify(tr.next_state)} is not in states`, {
                    field: `${field}.next_state`,
                });
            let code = 0;
            for (let j = 0; j < nOut; j++) {
                const v = tr.output?.[a.output_aps[j]] ?? 0;
                if (v !== 0 && v !== 1)
                    throw new InputError(`output value must be 0 or 1, got ${JSON.stringify(v)}`, {
                        field: `${field}.output.${a.output_aps[j]}`,
                    });
                if (v === 1)
                    code |= outputBit(nOut, j);
            }
            next[si * nSymbols + sym] = ni;
            out[si * nSymbols + sym] = code;
        }
    }
    for (let i = 0; i < next.length; i++) {
        if (next[i] < 0) {
            const s = a.states[Math.floor(i / nSymbols)];
            throw new InputError(`automaton is partial: missing transition for state=${s} key=${symbolKey(a.input_aps, i % nSymbols)}`, {
                field: "transitions",
            });
        }
    }
    return {
        nStates: a.states.length,
        nIn,
        nOut,
        nSymbols,
        initial,
        next,
        out,
        stateNames: a.states.slice(),
        inputAps: a.input_aps.slice(),
        outputAps: a.output_aps.slice(),
    };
}
export function effectWindow(mode, tStar, windowSize, T) {
    if (mode === "hard")
        return [tStar, tStar];
    return [Math.max(0, tStar - windowSize), Math.min(T - 1, tStar)];
}
export function compileInstance(inst, sys = compileSystem(inst.automaton)) {
    const T = inst.base_trace.length;
    if (T < 1)
        throw new InputError("base_trace must have at least one step", { field: "base_trace" });
    const base = new Uint32Array(T);
    for (let t = 0; t < T; t++) {
        const step = inst.base_trace[t];
        let sym = 0;
        for (let i = 0; i < sys.nIn; i++) {
            const v = step[sys.inputAps[i]] ?? 0;
            if (v !== 0 && v !== 1)
                throw new InputError(`input value must be 0 or 1, got ${JSON.stringify(v)}`, {
                    field: `base_trace[${t}].${sys.inputAps[i]}`,
                });
            if (v === 1)
                sym |= inputBit(sys.nIn, i);
        }
        base[t] = sym;
    }
    const effIdx = sys.outputAps.indexOf(inst.effect_ap);
    if (effIdx < 0)
        throw new InputError(`effect_ap ${JSON.stringify(inst.effect_ap)} is not an output AP`, {
            field: "effect_ap",
        });
    if (!Number.isInteger(inst.t_star) || inst.t_star < 0 || inst.t_star >= T)
        throw new InputError(`t_star must be in [0, ${T - 1}], got ${inst.t_star}`, { field: "t_star" });
    if (inst.mode !== "hard" && inst.mode !== "normal")
        throw new InputError(`mode must be "normal" or "hard", got ${JSON.stringify(inst.mode)}`, {
            field: "mode",
        });
    const [lo, hi] = effectWindow(inst.mode, inst.t_star, inst.window_size, T);
    const baseStates = new Int32Array(T + 1);
    let s = sys.initial;
    baseStates[0] = s;
    for (let t = 0; t < T; t++) {
        s = sys.next[s * sys.nSymbols + base[t]];
        baseStates[t + 1] = s;
    }
    const baseHitBefore = new Uint8Array(T + 1);
    for (let t = 0; t < T; t++) {
        const hit = t >= lo &&
            t <= hi &&
            (sys.out[baseStates[t] * sys.nSymbols + base[t]] & (1 << (sys.nOut - 1 - effIdx))) !== 0;
        baseHitBefore[t + 1] = baseHitBefore[t] | (hit ? 1 : 0);
    }
    const apIndex = new Map();
    sys.inputAps.forEach((ap, i) => {
        apIndex.set(ap, i);
    });
    return {
        sys,
        T,
        base,
        effectMask: outputBit(sys.nOut, effIdx),
        tStar: inst.t_star,
        mode: inst.mode,
        windowSize: inst.window_size,
        lo,
        hi,
        budgetTimestep: inst.budget_timestep,
        budgetAtoms: inst.budget_atoms ?? null,
        scoreBudgetAtoms: null,
        baseStates,
        baseHitBefore,
        apIndex,
    };
}
//# sourceMappingURL=compile.js.map