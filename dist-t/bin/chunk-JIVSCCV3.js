import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  LINEAR_FEATURE_ORDER,
  N_FEATURES,
  featureMatrix,
  scoreMatrix
} from "./chunk-Q742L2DA.js";
import "./chunk-MNTGVOY3.js";
import {
  PyRandom
} from "./chunk-NIT377TX.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-HFM5OLF6.js";

// src/geb/selector/train.ts
var DEFAULT_TRAIN_OPTIONS = Object.freeze({
  epochs: 30,
  lr: 0.1,
  seed: 0,
  testFrac: 0.2,
  stepBucket: 1,
  notePenalty: 0,
  wrongUpdatePenalty: 0,
  spoofPenalty: 0
});
function prepare(ex, o) {
  const m = featureMatrix(ex.candidates, ex.question, ex.key, o.stepBucket);
  const n = ex.candidates.length;
  const penalty = new Float64Array(n);
  ex.candidates.forEach((c, i) => {
    const trueOp = c.true_op ?? c.op;
    if (c.uid === ex.correct_uid) return;
    if (trueOp === "NOTE") penalty[i] += o.notePenalty;
    else penalty[i] += o.wrongUpdatePenalty;
    if (c.spoofed) penalty[i] += o.spoofPenalty;
  });
  return { ex, m, n, target: ex.candidates.findIndex((c) => c.uid === ex.correct_uid), penalty };
}
function usable(examples) {
  return examples.filter((e) => e.gold_present && e.correct_uid && e.candidates.length > 0);
}
function argmaxNewest(ex, s) {
  let best = 0;
  for (let i = 1; i < s.length; i++) {
    const a = ex.candidates[i];
    const b = ex.candidates[best];
    if (s[i] > s[best] || s[i] === s[best] && a.step > b.step) best = i;
  }
  return best;
}
function selectionRate(examples, w) {
  if (examples.length === 0) return null;
  let ok = 0;
  for (const p of examples) if (argmaxNewest(p.ex, scoreMatrix(p.m, w)) === p.target) ok++;
  return ok / examples.length;
}
function trainSelector(all, opts = {}) {
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...opts };
  const rng = new PyRandom(o.seed);
  const examples = usable(all).map((e) => prepare(e, o));
  rng.shuffle(examples);
  const split = Math.floor(examples.length * (1 - o.testFrac));
  const train = examples.slice(0, split);
  const test = examples.slice(split);
  const w = new Array(N_FEATURES).fill(0);
  const grad = new Float64Array(N_FEATURES);
  const fbar = new Float64Array(N_FEATURES);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    rng.shuffle(train);
    for (const p of train) {
      const s = scoreMatrix(p.m, w);
      let max = Number.NEGATIVE_INFINITY;
      for (const x of s) if (x > max) max = x;
      let z = 0;
      for (let i = 0; i < p.n; i++) {
        s[i] = Math.exp(s[i] - max);
        z += s[i];
      }
      for (let i = 0; i < p.n; i++) s[i] /= z;
      fbar.fill(0);
      for (let i = 0; i < p.n; i++)
        for (let j = 0; j < N_FEATURES; j++) fbar[j] += s[i] * p.m[i * N_FEATURES + j];
      grad.fill(0);
      for (let i = 0; i < p.n; i++) {
        const ce = s[i] - (i === p.target ? 1 : 0);
        const pen = p.penalty[i] * s[i];
        for (let j = 0; j < N_FEATURES; j++) {
          const f = p.m[i * N_FEATURES + j];
          grad[j] += ce * f + pen * (f - fbar[j]);
        }
      }
      for (let j = 0; j < N_FEATURES; j++) w[j] -= o.lr * grad[j];
    }
  }
  return {
    feature_order: [...LINEAR_FEATURE_ORDER],
    weights: w,
    meta: {
      train_selection_rate: selectionRate(train, w),
      test_selection_rate: selectionRate(test, w),
      train_examples: train.length,
      test_examples: test.length,
      seed: o.seed,
      epochs: o.epochs,
      lr: o.lr,
      test_frac: o.testFrac,
      step_bucket: o.stepBucket,
      note_penalty: o.notePenalty,
      wrong_update_penalty: o.wrongUpdatePenalty,
      spoof_penalty: o.spoofPenalty,
      labels: [...new Set(all.map((e) => e.label))].sort(),
      label_check: labelCheck(all)
    }
  };
}
function labelCheck(all) {
  let same = 0;
  let differs = 0;
  for (const e of all) {
    if (e.gold_support_uid === void 0) continue;
    if (e.correct_uid !== null && e.correct_uid === e.gold_support_uid) same++;
    else differs++;
  }
  return same + differs > 0 ? { same_as_gold_support: same, differs_from_gold_support: differs } : null;
}
export {
  DEFAULT_TRAIN_OPTIONS,
  labelCheck,
  selectionRate,
  trainSelector,
  usable
};
