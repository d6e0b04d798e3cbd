import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  CertificateSearch
} from "./chunk-EDYDAUKS.js";
import {
  PyRandom
} from "./chunk-NIT377TX.js";
import {
  sha256Hex
} from "./chunk-OMQMJS7P.js";
import {
  canonicalJson,
  compareCodePoints
} from "./chunk-KRB3VAEL.js";
import {
  compileInstance
} from "./chunk-3RIPXYYT.js";

// src/gf01/agents/online.ts
import { InputError } from "../core/errors.js";

// src/gf01/agents/baselines.ts
var TOOL_ALLOWLIST_BY_TRACK = {
  "EVAL-CB": "none",
  "EVAL-TA": "local-planner-v1",
  "EVAL-OC": "oracle-exact-search-v1"
};
function candidateAtoms(ci) {
  const { nIn, inputAps } = ci.sys;
  const atoms = [];
  for (let t = 0; t < ci.T; t++)
    for (let j = 0; j < nIn; j++)
      atoms.push([t, inputAps[j], 1 - (ci.base[t] >> nIn - 1 - j & 1)]);
  return atoms;
}
function sortedCertificate(c) {
  return c.slice().sort((a, b) => a[0] - b[0] || compareCodePoints(a[1], b[1]) || a[2] - b[2]);
}
var timestepCost = (c) => new Set(c.map((a) => a[0])).size;
var maxCertificateAtoms = (ci) => Math.max(1, ci.budgetTimestep * ci.sys.nIn);
function effectHits(ci, cert, trace) {
  trace.set(ci.base);
  const nIn = ci.sys.nIn;
  for (const [t, ap, v] of cert) {
    const bit = 1 << nIn - 1 - ci.apIndex.get(ap);
    trace[t] = v ? trace[t] | bit : trace[t] & ~bit;
  }
  const { next, out, nSymbols } = ci.sys;
  let s = ci.sys.initial;
  let hits = 0;
  for (let t = 0; t <= ci.hi; t++) {
    const idx = s * nSymbols + trace[t];
    if (t >= ci.lo && (out[idx] & ci.effectMask) !== 0) hits++;
    s = next[idx];
  }
  return hits;
}
function scoreGreater(suff, hits, key, bs, bh, bk) {
  if (suff !== bs) return suff > bs;
  if (hits !== bh) return hits > bh;
  return compareCodePoints(key, bk) > 0;
}
function pickMostEfficient(certs) {
  let best = null;
  for (const c of certs) {
    if (best === null || compareEfficiency(c, best) < 0) best = c;
  }
  return best ? best.slice() : [];
}
function compareEfficiency(a, b) {
  const d = timestepCost(a) - timestepCost(b) || a.length - b.length;
  if (d !== 0) return d;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    const e = x[0] - y[0] || compareCodePoints(x[1], y[1]) || x[2] - y[2];
    if (e !== 0) return e;
  }
  return 0;
}
var randomAgent = {
  name: "BL-00-RandomIntervention",
  id: "random",
  aliases: ["random", "bl-00", "bl-00-randomintervention"],
  eval_track: "EVAL-CB",
  tool_allowlist_id: "none",
  propose(inst, ci, seed) {
    const rng = new PyRandom(BigInt(Math.trunc(inst.seed ?? 0)) << 8n ^ BigInt(Math.trunc(seed)));
    const atoms = candidateAtoms(ci);
    rng.shuffle(atoms);
    const cert = [];
    const used = /* @__PURE__ */ new Set();
    const maxAtoms = maxCertificateAtoms(ci);
    for (const atom of atoms) {
      if (cert.length >= maxAtoms) break;
      if (!used.has(atom[0]) && used.size + 1 > ci.budgetTimestep) continue;
      if (rng.random() < 0.35) {
        cert.push(atom);
        used.add(atom[0]);
      }
    }
    return sortedCertificate(cert);
  }
};
var greedyAgent = {
  name: "BL-01-GreedyLocal",
  id: "greedy",
  aliases: ["greedy", "bl-01", "bl-01-greedylocal"],
  eval_track: "EVAL-CB",
  tool_allowlist_id: "none",
  propose(_inst, ci) {
    const trace = new Uint32Array(ci.T);
    let cert = [];
    let remaining = candidateAtoms(ci);
    let currentHits = effectHits(ci, cert, trace);
    const maxAtoms = maxCertificateAtoms(ci);
    const used = /* @__PURE__ */ new Set();
    while (cert.length < maxAtoms) {
      let best = null;
      let bs = -1;
      let bh = -1;
      let bk = "";
      for (const atom of remaining) {
        if (!used.has(atom[0]) && used.size + 1 > ci.budgetTimestep) continue;
        const trial2 = cert.concat([atom]);
        const hits2 = effectHits(ci, trial2, trace);
        const suff = hits2 > 0 ? 1 : 0;
        const key = `${atom[0]}:${atom[1]}:${atom[2]}`;
        if (scoreGreater(suff, hits2, key, bs, bh, bk)) {
          bs = suff;
          bh = hits2;
          bk = key;
          best = atom;
        }
      }
      if (best === null) break;
      const trial = sortedCertificate(cert.concat([best]));
      const hits = effectHits(ci, trial, trace);
      if (hits < currentHits) break;
      cert = trial;
      currentHits = hits;
      used.add(best[0]);
      const chosen = best;
      remaining = remaining.filter((a) => a !== chosen);
      if (hits > 0) break;
    }
    let pruned = cert.slice();
    for (const atom of cert) {
      const trial = pruned.filter((a) => a !== atom);
      if (effectHits(ci, trial, trace) > 0) pruned = trial;
    }
    return sortedCertificate(pruned);
  }
};
function searchAgent(name, id, aliases, track, limits) {
  return {
    name,
    id,
    aliases,
    eval_track: track,
    tool_allowlist_id: TOOL_ALLOWLIST_BY_TRACK[track],
    propose(_inst, ci) {
      const r = new CertificateSearch(ci).findValid(limits(ci));
      return pickMostEfficient(r.certificates);
    }
  };
}
var budgetAwareSearchAgent = searchAgent(
  "BL-02-BudgetAwareSearch",
  "search",
  ["search", "bl-02", "bl-02-budgetawaresearch"],
  "EVAL-CB",
  (ci) => ({ maxNodes: Math.min(12e4, maxCertificateAtoms(ci) * 4e4), maxResults: 8 })
);
var toolPlannerAgent = searchAgent(
  "BL-03-ToolPlanner",
  "tool",
  ["tool", "bl-03", "bl-03-toolplanner"],
  "EVAL-TA",
  () => ({ maxNodes: 25e4, maxResults: 16 })
);
var exactOracleAgent = searchAgent(
  "BL-04-ExactOracle",
  "oracle",
  ["oracle", "bl-04", "bl-04-exactoracle"],
  "EVAL-OC",
  () => ({ maxNodes: 6e5, maxResults: 32 })
);
var overspecifyAgent = {
  name: "OB-01-Overspecify",
  id: "overspecify",
  aliases: ["overspecify", "ob-01", "ob-01-overspecify"],
  eval_track: "EVAL-CB",
  tool_allowlist_id: "none",
  propose(_inst, ci) {
    const witness = new CertificateSearch(ci).findValid({ maxNodes: Number.POSITIVE_INFINITY, maxResults: 1 }).certificates[0];
    if (!witness || witness.length === 0) return [];
    const { nIn, inputAps } = ci.sys;
    const maxAtoms = ci.budgetAtoms ?? Number.POSITIVE_INFINITY;
    const set = /* @__PURE__ */ new Map();
    for (const a of witness) set.set(`${a[0]}:${a[1]}`, a);
    const steps = [...new Set(witness.map((a) => a[0]))];
    const pin = (t, j) => {
      const k = `${t}:${inputAps[j]}`;
      if (!set.has(k) && set.size < maxAtoms)
        set.set(k, [t, inputAps[j], ci.base[t] >> nIn - 1 - j & 1]);
    };
    for (const t of steps) for (let j = 0; j < nIn; j++) pin(t, j);
    if (set.size === witness.length && steps.length < ci.budgetTimestep) {
      let t = 0;
      while (steps.includes(t)) t++;
      if (t < ci.T) pin(t, 0);
    }
    return sortedCertificate([...set.values()]);
  }
};

// src/gf01/agents/blackbox.ts
var actionAt = (atoms, t) => {
  const set = {};
  for (const [at, ap, v] of atoms) if (at === t) set[ap] = v;
  return set;
};
function targetFlipGuess(g) {
  return [g.window_lo, g.input_aps[0], 1];
}
function probeOrder(g) {
  const times = [];
  for (let t = g.window_lo; t <= g.window_hi; t++) times.push(t);
  for (let t = g.window_lo - 1; t >= 0; t--) times.push(t);
  const out = [];
  for (const t of times) for (const ap of g.input_aps) for (const v of [1, 0]) out.push([t, ap, v]);
  return out;
}
var targetFlipAgent = {
  name: "BB-01-TargetFlip",
  start(ctx) {
    const guess = [targetFlipGuess(ctx.goal)];
    return {
      act(o) {
        if (o.phase === "explore" || o.done) return { type: "commit" };
        return actionAt(guess, o.t);
      }
    };
  }
};
var probeAgent = {
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
          current = o.phase === "explore" ? queue.shift() : found ?? targetFlipGuess(o.goal);
        }
        if (o.done) {
          if (o.effect_status_t === "triggered" && current) found ??= current;
          return found || o.explore_remaining === 0 || !queue.length ? { type: "commit" } : {};
        }
        return current ? actionAt([current], o.t) : {};
      }
    };
  }
};

// src/gf01/agents/online.ts
var RANDOM_RATE = 0.35;
var onlineRandomAgent = {
  name: "BL-00-RandomIntervention-Online",
  start(ctx) {
    const rng = new PyRandom(ctx.seed * 1000003 + ctx.index);
    return {
      act(o) {
        if (o.done) return { type: "commit" };
        const r = rng.random();
        const ap = rng.choice(o.goal.input_aps);
        const v = rng.randbelow(2);
        const atomsLeft = o.budget_a_remaining === null || o.budget_a_remaining > 0;
        if (r < RANDOM_RATE && o.budget_t_remaining > 0 && atomsLeft) return { [ap]: v };
        return {};
      }
    };
  }
};
function probes(o) {
  const out = [];
  for (let t = o.goal.window_hi; t >= 0; t--)
    for (const ap of o.goal.input_aps) for (const v of [1, 0]) out.push([t, ap, v]);
  return out;
}
var onlineGreedyAgent = {
  name: "BL-01-GreedyLocal-Online",
  start() {
    let plan = null;
    let queue = null;
    let found = null;
    let lastEpisode = -1;
    return {
      act(o) {
        if (o.episode !== lastEpisode) {
          lastEpisode = o.episode;
          if (o.phase === "commit") plan = found ?? [];
          else if (queue === null) {
            plan = [];
            queue = probes(o);
          } else {
            const next = queue.shift();
            plan = next ? [next] : [];
          }
        }
        if (o.done) {
          if (o.effect_status_t === "triggered" && found === null) found = plan ?? [];
          return found !== null || o.explore_remaining === 0 || !queue?.length ? { type: "commit" } : {};
        }
        const set = {};
        for (const [t, ap, v] of plan ?? []) if (t === o.t) set[ap] = v;
        return set;
      }
    };
  }
};
var onlineOracleAgent = {
  name: "BL-04-ExactOracle-Online",
  evalTrack: "EVAL-OC",
  toolAllowlistId: "oracle-exact-search-v1",
  whiteBox: true,
  start(ctx) {
    if (!ctx.instance) throw new Error("the oracle agent needs the instance (EVAL-OC)");
    const inst = ctx.instance;
    const cert = exactOracleAgent.propose(inst, compileInstance(inst), ctx.seed);
    return {
      act(o) {
        if (o.done || o.phase === "explore") return { type: "commit" };
        const set = {};
        for (const [t, ap, v] of cert) if (t === o.t) set[ap] = v;
        return set;
      },
      // EVAL-OC rows need a tool log hash: the oracle's one "tool call" is the exact search.
      end: () => ({
        tool_log_hash: sha256Hex(
          canonicalJson([
            { tool: "oracle-exact-search-v1", certificate: cert.map((a) => [a[0], a[1], a[2]]) }
          ])
        )
      })
    };
  }
};
function scriptedAgent(script, name = "scripted-policy") {
  return {
    name,
    start: () => ({
      act(o) {
        if (o.done || o.phase === "explore") return { type: "commit" };
        return script.get(o.t) ?? {};
      }
    })
  };
}
function parseActionScript(v, file) {
  const out = /* @__PURE__ */ new Map();
  let payload = v;
  if (payload && typeof payload === "object" && !Array.isArray(payload) && "actions" in payload)
    payload = payload.actions;
  const isObj = (x) => !!x && typeof x === "object" && !Array.isArray(x);
  if (Array.isArray(payload)) {
    payload.forEach((row, i) => {
      if (!isObj(row)) throw new InputError("action rows must be objects", { file, field: `actions[${i}]` });
      const t = row.t;
      if (!Number.isInteger(t) || t < 0)
        throw new InputError("t must be a non-negative integer", { file, field: `actions[${i}].t` });
      const set = row.set ?? {};
      if (!isObj(set)) throw new InputError("set must be an object", { file, field: `actions[${i}].set` });
      out.set(t, set);
    });
    return out;
  }
  if (isObj(payload)) {
    for (const [k, set] of Object.entries(payload)) {
      if (!/^\d+$/.test(k)) throw new InputError("keys must be timesteps", { file, field: k });
      if (!isObj(set)) throw new InputError("entries must be objects", { file, field: k });
      out.set(Number(k), set);
    }
    return out;
  }
  throw new InputError("unsupported action script format", { file });
}
var ONLINE = [
  onlineRandomAgent,
  onlineGreedyAgent,
  targetFlipAgent,
  probeAgent,
  onlineOracleAgent
];
var ALIASES = {
  "online-random": onlineRandomAgent,
  "online-greedy": onlineGreedyAgent,
  "online-target-flip": targetFlipAgent,
  "online-probe": probeAgent,
  "online-oracle": onlineOracleAgent
};
for (const a of ONLINE) ALIASES[a.name.toLowerCase()] = a;
function getOnlineAgent(id) {
  return ALIASES[id.trim().toLowerCase()];
}
var ONLINE_AGENT_IDS = Object.keys(ALIASES).filter((k) => k.startsWith("online-"));

export {
  randomAgent,
  greedyAgent,
  budgetAwareSearchAgent,
  toolPlannerAgent,
  exactOracleAgent,
  overspecifyAgent,
  scriptedAgent,
  parseActionScript,
  getOnlineAgent,
  ONLINE_AGENT_IDS
};
