/**
 * Baselines as black-box *online* agents: they see observations only (goal panel, outputs,
 * own history, budgets) and act one timestep at a time. The official baselines read the
 * hidden instance and replay an offline plan; only the exact oracle keeps that (white-box),
 * and only on EVAL-OC.
 */
import { InputError } from "../../core/errors.js";
import { sha256Hex } from "../../core/hash.js";
import { canonicalJson } from "../../core/pyjson.js";
import { PyRandom } from "../../core/random.js";
import { compileInstance } from "../model/compile.js";
import { exactOracleAgent } from "./baselines.js";
import { probeAgent, targetFlipAgent } from "./blackbox.js";
/** Official BL-00 intervention rate, used per timestep here. */
const RANDOM_RATE = 0.35;
/**
 * BL-00 online: at each timestep, with probability 0.35, set one random input AP to a random
 * bit (within the public budgets). Seeded by (run seed, bundle position): deterministic.
 */
export const onlineRandomAgent = {
    name: "BL-00-RandomIntervention-Online",
    start(ctx) {
        const rng = new PyRandom(ctx.seed * 1_000_003 + ctx.index);
        return {
            act(o) {
                if (o.done)
                    return { type: "commit" };
                const r = rng.random();
                const ap = rng.choice(o.goal.input_aps);
                const v = rng.randbelow(2);
                const atomsLeft = o.budget_a_remaining === null || o.budget_a_remaining > 0;
                if (r < RANDOM_RATE && o.budget_t_remaining > 0 && atomsLeft)
                    return { [ap]: v };
                return {};
            },
        };
    },
};
/** Single-atom probes in the order the greedy agent tries them: late to early, APs in order. */
function probes(o) {
    const out = [];
    for (let t = o.goal.window_hi; t >= 0; t--)
        for (const ap of o.goal.input_aps)
            for (const v of [1, 0])
                out.push([t, ap, v]);
    return out;
}
/**
 * BL-01 online (black-box greedy): under explore_then_commit it spends its exploration
 * rollouts on one passive run and then single-atom probes (latest timestep first), and commits
 * the first probe that triggered the effect (or nothing, if the passive run already did).
 * Under commit_only it has no feedback before the scored run and plays passively.
 */
export const onlineGreedyAgent = {
    name: "BL-01-GreedyLocal-Online",
    start() {
        let plan = null; // atoms of the current rollout
        let queue = null;
        let found = null;
        let lastEpisode = -1;
        return {
            act(o) {
                if (o.episode !== lastEpisode) {
                    lastEpisode = o.episode;
                    if (o.phase === "commit")
                        plan = found ?? [];
                    else if (queue === null) {
                        plan = [];
                        queue = probes(o);
                    }
                    else {
                        const next = queue.shift();
                        plan = next ? [next] : [];
                    }
                }
                if (o.done) {
                    // An exploration rollout is over: keep its plan if it worked, else probe on.
                    if (o.effect_status_t === "triggered" && found === null)
                        found = plan ?? [];
                    return found !== null || o.explore_remaining === 0 || !queue?.length ? { type: "commit" } : {};
                }
                const set = {};
                for (const [t, ap, v] of plan ?? [])
                    if (t === o.t)
                        set[ap] = v;
                return set;
            },
        };
    },
};
/**
 * BL-04 exact oracle as a white-box online agent (EVAL-OC only): it reads the instance,
 * computes the oracle's certificate and plays it.
 */
export const onlineOracleAgent = {
    name: "BL-04-ExactOracle-Online",
    evalTrack: "EVAL-OC",
    toolAllowlistId: "oracle-exact-search-v1",
    whiteBox: true,
    start(ctx) {
        if (!ctx.instance)
            throw new Error("the oracle agent needs the instance (EVAL-OC)");
        const inst = ctx.instance;
        const cert = exactOracleAgent.propose(inst, compileInstance(inst), ctx.seed);
        return {
            act(o) {
                if (o.done || o.phase === "explore")
                    return { type: "commit" };
                const set = {};
                for (const [t, ap, v] of cert)
                    if (t === o.t)
                        set[ap] = v;
                return set;
            },
            // EVAL-OC rows need a tool log hash: the oracle's one "tool call" is the exact search.
            end: () => ({
                tool_log_hash: sha256Hex(canonicalJson([
                    { tool: "oracle-exact-search-v1", certificate: cert.map((a) => [a[0], a[1], a[2]]) },
                ])),
            }),
        };
    },
};
/** Replays a fixed script `{t: {ap: bit}}` (official `--script` format), then no changes. */
export function scriptedAgent(script, name = "scripted-policy") {
    return {
        name,
        start: () => ({
            act(o) {
                if (o.done || o.phase === "explore")
                    return { type: "commit" };
                return script.get(o.t) ?? {};
            },
        }),
    };
}
/**
 * Parse an official action script: `{"actions":[{"t":0,"set":{"in0":1}}, …]}`, a bare list of
 * such rows, or a map `{"0": {"in0": 1}}`. Bits are checked when played, not here.
 */
export function parseActionScript(v, file) {
    const out = new Map();
    let payload = v;
    if (payload && typeof payload === "object" && !Array.isArray(payload) && "actions" in payload)
        payload = payload.actions;
    const isObj = (x) => !!x && typeof x === "object" && !Array.isArray(x);
    if (Array.isArray(payload)) {
        payload.forEach((row, i) => {
            if (!isObj(row))
                throw new InputError("action rows must be objects", { file, field: `actions[${i}]` });
            const t = row.t;
            if (!Number.isInteger(t) || t < 0)
                throw new InputError("t must be a non-negative integer", { file, field: `actions[${i}].t` });
            const set = row.set ?? {};
            if (!isObj(set))
                throw new InputError("set must be an object", { file, field: `actions[${i}].set` });
            out.set(t, set);
        });
        return out;
    }
    if (isObj(payload)) {
        for (const [k, set] of Object.entries(payload)) {
            if (!/^\d+$/.test(k))
                throw new InputError("keys must be timesteps", { file, field: k });
            if (!isObj(set))
                throw new InputError("entries must be objects", { file, field: k });
            out.set(Number(k), set);
        }
        return out;
    }
    throw new InputError("unsupported action script format", { file });
}
const ONLINE = [
    onlineRandomAgent,
    onlineGreedyAgent,
    targetFlipAgent,
    probeAgent,
    onlineOracleAgent,
];
const ALIASES = {
    "online-random": onlineRandomAgent,
    "online-greedy": onlineGreedyAgent,
    "online-target-flip": targetFlipAgent,
    "online-probe": probeAgent,
    "online-oracle": onlineOracleAgent,
};
for (const a of ONLINE)
    ALIASES[a.name.toLowerCase()] = a;
/**
 * Online agents by id (`online-random`, `online-greedy`, `online-target-flip`, `online-probe`,
 * `online-oracle`) or display name.
 */
export function getOnlineAgent(id) {
    return ALIASES[id.trim().toLowerCase()];
}
export const ONLINE_AGENT_IDS = Object.keys(ALIASES).filter((k) => k.startsWith("online-"));
//# sourceMappingURL=online.js.map