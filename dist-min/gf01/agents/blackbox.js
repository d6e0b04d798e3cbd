/** Plays one fixed set of atoms (at most one per timestep here) in the current rollout. */
const actionAt = (atoms, t) => {
    const set = {};
    for (const [at, ap, v] of atoms)
        if (at === t)
            set[ap] = v;
    return set;
};
/** BB-01's single guess: the first input AP set to 1 at the window's first timestep. */
export function targetFlipGuess(g) {
    return [g.window_lo, g.input_aps[0], 1];
}
/**
 * Single-atom probes, most local first: t = window_lo, window_lo+1 … window_hi, then
 * window_lo-1 down to 0; each input AP in order; value 1, then 0.
 */
export function probeOrder(g) {
    const times = [];
    for (let t = g.window_lo; t <= g.window_hi; t++)
        times.push(t);
    for (let t = g.window_lo - 1; t >= 0; t--)
        times.push(t);
    const out = [];
    for (const t of times)
        for (const ap of g.input_aps)
            for (const v of [1, 0])
                out.push([t, ap, v]);
    return out;
}
export const targetFlipAgent = {
    name: "BB-01-TargetFlip",
    start(ctx) {
        const guess = [targetFlipGuess(ctx.goal)];
        return {
            act(o) {
                if (o.phase === "explore" || o.done)
                    return { type: "commit" };
                return actionAt(guess, o.t);
            },
        };
    },
};
export const probeAgent = {
    name: "BB-02-Probe",
    start(ctx) {
        const queue = probeOrder(ctx.goal);
        let found;
        let current;
        let episode = -1;
        return {
            act(o) {
                if (o.episode !== episode) {
                    episode = o.episode;
                    current = o.phase === "explore" ? queue.shift() : (found ?? targetFlipGuess(o.goal));
                }
                if (o.done) {
                    // A practice rollout ended: keep the probe if the effect happened, else probe on.
                    if (o.effect_status_t === "triggered" && current)
                        found ??= current;
                    return found || o.explore_remaining === 0 || !queue.length ? { type: "commit" } : {};
                }
                return current ? actionAt([current], o.t) : {};
            },
        };
    },
};
/** The black-box panel, in the order the default `npm start` panel shows it. */
export const BLACK_BOX_AGENTS = [targetFlipAgent, probeAgent];
//# sourceMappingURL=blackbox.js.map