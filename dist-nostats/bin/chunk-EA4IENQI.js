import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  OBSERVATION_SCHEMA_VERSION,
  goalPanel,
  isRejection,
  parseMove
} from "./chunk-Z5AODXDI.js";
import {
  compareCodePoints
} from "./chunk-KRB3VAEL.js";

// src/gf01/play/episode.ts
var sortAtomsPy = (a) => a.sort((x, y) => x[0] - y[0] || compareCodePoints(x[1], y[1]) || x[2] - y[2]);
var Rollout = class {
  constructor(ci, episode, phase) {
    this.ci = ci;
    this.episode = episode;
    this.phase = phase;
    this.state = ci.sys.initial;
  }
  ci;
  episode;
  phase;
  t = 0;
  state;
  outCodes = [];
  atoms = [];
  usedTimesteps = 0;
  triggered = false;
  steps = [];
  pendingRejected = [];
  get done() {
    return this.t >= this.ci.T;
  }
  budgetT() {
    return this.ci.budgetTimestep - this.usedTimesteps;
  }
  budgetA() {
    return this.ci.budgetAtoms === null ? null : this.ci.budgetAtoms - this.atoms.length;
  }
  /** Budget check on public counters only. */
  check(set) {
    const n = Object.keys(set).length;
    if (n === 0) return void 0;
    if (this.usedTimesteps + 1 > this.ci.budgetTimestep)
      return {
        code: "budget_timestep_exceeded",
        message: `timestep budget exhausted: ${this.ci.budgetTimestep} intervened timestep(s) allowed, all used`
      };
    const ba = this.budgetA();
    if (ba !== null && n > ba)
      return {
        code: "budget_atoms_exceeded",
        message: `atom budget: ${n} atom(s) requested, ${ba} left`
      };
    return void 0;
  }
  step(set) {
    const { sys } = this.ci;
    let sym = this.ci.base[this.t];
    const stepAtoms = [];
    for (const [ap, v] of Object.entries(set)) {
      const bit = 1 << sys.nIn - 1 - this.ci.apIndex.get(ap);
      sym = v ? sym | bit : sym & ~bit;
      stepAtoms.push([this.t, ap, v]);
    }
    sortAtomsPy(stepAtoms);
    const idx = this.state * sys.nSymbols + sym;
    const code = sys.out[idx];
    this.state = sys.next[idx];
    this.outCodes.push(code);
    if (this.t >= this.ci.lo && this.t <= this.ci.hi && (code & this.ci.effectMask) !== 0)
      this.triggered = true;
    if (stepAtoms.length) this.usedTimesteps++;
    for (const a of stepAtoms) this.atoms.push(a);
    this.t++;
    return stepAtoms;
  }
};
function valuation(outputAps, nOut, code) {
  const pairs = outputAps.map((ap, j) => [ap, code >>> nOut - 1 - j & 1]);
  pairs.sort((a, b) => compareCodePoints(a[0], b[0]));
  const v = {};
  for (const [k, b] of pairs) v[k] = b;
  return v;
}
var PlaySession = class {
  constructor(instance, ci, opts = {}) {
    this.instance = instance;
    this.ci = ci;
    this.protocol = opts.protocol ?? "commit_only";
    this.exploreEpisodes = this.protocol === "explore_then_commit" ? Math.max(0, opts.exploreEpisodes ?? 3) : 0;
    this.maxInvalid = opts.maxInvalidPerStep ?? Number.POSITIVE_INFINITY;
    this.goal = goalPanel(ci, instance.effect_ap);
    this.cur = this.newRollout(this.exploreEpisodes > 0 ? "explore" : "commit");
  }
  instance;
  ci;
  goal;
  protocol;
  exploreEpisodes;
  maxInvalid;
  rollouts = [];
  cur;
  invalidHere = 0;
  _finished = false;
  get finished() {
    return this._finished;
  }
  get phase() {
    return this.cur.phase;
  }
  /** Exploration rollouts not yet started. */
  get exploreRemaining() {
    if (this.cur.phase === "commit") return 0;
    return this.exploreEpisodes - this.rollouts.length;
  }
  newRollout(phase) {
    const r = new Rollout(this.ci, this.rollouts.length, phase);
    this.rollouts.push(r);
    this.invalidHere = 0;
    return r;
  }
  observation() {
    const r = this.cur;
    const { sys } = this.ci;
    const hist = sortAtomsPy(r.atoms.slice());
    return {
      schema_version: OBSERVATION_SCHEMA_VERSION,
      protocol: this.protocol,
      phase: r.phase,
      episode: r.episode,
      explore_remaining: this.exploreRemaining,
      t: r.t,
      done: r.done,
      outputs: r.outCodes.map((c) => valuation(sys.outputAps, sys.nOut, c)),
      effect_status_t: r.triggered ? "triggered" : "not-triggered",
      budget_t_remaining: r.budgetT(),
      budget_a_remaining: r.budgetA(),
      history_atoms: hist.map((a) => [a[0], a[1], a[2]]),
      mode: this.ci.mode,
      t_star: this.ci.tStar,
      goal: this.goal
    };
  }
  play(set, forced) {
    const r = this.cur;
    const t = r.t;
    const atoms = r.step(set);
    const sortedSet = {};
    for (const k of Object.keys(set).sort(compareCodePoints)) sortedSet[k] = set[k];
    const rec = {
      t,
      set: sortedSet,
      atoms,
      rejected: r.pendingRejected,
      observation: this.observation()
    };
    if (forced) rec.forced_skip = forced;
    r.steps.push(rec);
    r.pendingRejected = [];
    this.invalidHere = 0;
    if (r.done && r.phase === "commit") this._finished = true;
  }
  reject(raw, rej) {
    const r = this.cur;
    r.pendingRejected.push({ move: raw, code: rej.code, message: rej.message });
    this.invalidHere++;
    if (this.invalidHere >= this.maxInvalid) {
      if (r.done) this.advanceAfterRollout(false);
      else this.play({}, "invalid_limit");
    }
    return { accepted: false, rejection: rej, observation: this.observation(), finished: this._finished };
  }
  advanceAfterRollout(commitNow) {
    if (!commitNow && this.exploreRemaining > 0) this.cur = this.newRollout("explore");
    else this.cur = this.newRollout("commit");
  }
  /** Apply one move (any JSON value); invalid moves are rejected with a reason. */
  submit(raw) {
    if (this._finished)
      return {
        accepted: false,
        rejection: { code: "episode_over", message: "the session is finished" },
        observation: this.observation(),
        finished: true
      };
    const move = parseMove(raw, this.goal.input_aps);
    if (isRejection(move)) return this.reject(raw, move);
    const r = this.cur;
    if (move.kind === "commit") {
      if (r.phase === "explore") this.advanceAfterRollout(true);
      else while (!this.cur.done) this.play({}, "commit");
      return { accepted: true, observation: this.observation(), finished: this._finished };
    }
    if (r.done) {
      if (Object.keys(move.set).length)
        return this.reject(raw, {
          code: "episode_over",
          message: 'this rollout is over: send {} to explore again or {"type":"commit"} to start the scored run'
        });
      this.advanceAfterRollout(false);
      return { accepted: true, observation: this.observation(), finished: false };
    }
    const bad = r.check(move.set);
    if (bad) return this.reject(raw, bad);
    this.play(move.set);
    return { accepted: true, observation: this.observation(), finished: this._finished };
  }
  /** End the session now (EOF, disconnect): the commit rollout's remaining steps play `{}`. */
  end() {
    if (this._finished) return;
    if (this.cur.phase === "explore") this.cur = this.newRollout("commit");
    while (!this.cur.done) this.play({}, "ended");
  }
  /** Sorted certificate of the scored commit rollout (empty until it has started). */
  commitCertificate() {
    const c = this.rollouts.find((r) => r.phase === "commit");
    return c ? sortAtomsPy(c.atoms.slice()) : [];
  }
  /** Per-rollout logs (exploration rollouts are unscored and flagged by `phase`). */
  rolloutRecords() {
    return this.rollouts.map((r) => ({
      episode: r.episode,
      phase: r.phase,
      steps: r.steps,
      certificate: sortAtomsPy(r.atoms.slice()),
      effect_triggered: r.triggered,
      completed: r.done
    }));
  }
  /** Number of rejected moves over the whole session. */
  rejectedCount() {
    let n = 0;
    for (const r of this.rollouts) {
      n += r.pendingRejected.length;
      for (const s of r.steps) n += s.rejected.length;
    }
    return n;
  }
};

export {
  PlaySession
};
