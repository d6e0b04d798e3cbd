/**
 * myopic_planning_traps (reference-0.1): the reference's generator
 * (`generate_myopic_planning_traps_family.py`) and scorer
 * (`score_myopic_planning_traps.py`), ported for byte-identical fixtures and equal `means`
 * (tests/geb/trap/parity.test.ts). Each ledger states a local-first and a global-first
 * action with their reward totals and a recovery action, then **writes the decisions
 * themselves** (`decision.entry_first_action`, `decision.best_recovery_code`, …); the
 * question asks for one of those keys by name. No planning is needed: the lookup answers
 * every row. `first_error_step_mean` is a function of correctness and the generator's
 * `horizon_steps`, not a measured step (labelled synthetic).
 */
import { pyStrip } from "../../../core/pyjson.js";
import type { PyRandom } from "../../../core/random.js";
import { defineContractFamily, VALUE_ACC_COPIES } from "../kit/define.js";
import { drawUid, drawUids, episodeId, holdoutDrawOrCycle } from "../kit/draws.js";
import { type FamilyFloors, floorList, jitterOf, onBothSplits } from "../kit/floors.js";
import type { LedgerEntry } from "../kit/ledger-book.js";
import { episodeRow, ledgerEpisode } from "../kit/ledger-book.js";
import { ownStreamCanary, splitFixtures } from "../kit/splits.js";
import { citationPrf, normLower, supportSet } from "../kit/metrics.js";
import { pyGet, pyMean } from "../py.js";
import type { TrapFixtures, TrapGenerateOptions, TrapPrediction, TrapRow, TrapScore } from "../types.js";
import { metaInt, metaStr } from "../kit/meta.js";
import { ContractColumns } from "../kit/value-citation.js";
import { scoringRows, scoreResult } from "../kit/score.js";
import { Tally } from "../kit/tally.js";

export const MPT_ID = "myopic_planning_traps";

export const MPT_PROFILES = ["entry", "horizon", "recovery", "counterfactual"] as const;
export const MPT_LOCAL_ACTIONS = ["rush_gate", "shortcut_lane", "loud_probe", "single_path_commit"];
export const MPT_GLOBAL_ACTIONS = ["secure_bridge", "safe_route", "staged_probe", "parallel_plan"];
export const MPT_RECOVERY_ACTIONS = [
  "cut_losses",
  "rollback_then_verify",
  "switch_to_safe_route",
  "checkpoint_restore",
];
export const MPT_RECOVERY_CODES: Record<string, string> = {
  cut_losses: "REC_CUT",
  rollback_then_verify: "REC_ROLLBACK",
  switch_to_safe_route: "REC_SWITCH",
  checkpoint_restore: "REC_CHECKPOINT",
};
const NOISE_KEYS = [
  "sensor.drift",
  "queue.depth",
  "supply.batch",
  "weather.front",
  "watcher.alert",
  "ticket.channel",
];

function question(key: string, allowed: readonly string[] | null = null): string {
  const clause = allowed?.length ? ` Allowed values: ${allowed.join(", ")}.` : "";
  return (
    `Return latest authoritative value for \`${key}\` from the State Ledger.` +
    `${clause} Return strict JSON object with keys \`value\` and \`support_ids\` only.`
  );
}

/** The first four ledger lines of rows and canaries alike: both first actions and their reward totals. */
const planEntries = (
  [uLocal, uGlobal, uLocalTotal, uGlobalTotal]: string[],
  local: string,
  global: string,
  localTotal: number,
  globalTotal: number,
): LedgerEntry[] => [
  [uLocal, `step=1 SET plan.local_first = ${local}`],
  [uGlobal, `step=2 SET plan.global_first = ${global}`],
  [uLocalTotal, `step=3 SET reward.total_if_local = ${localTotal}`],
  [uGlobalTotal, `step=4 SET reward.total_if_global = ${globalTotal}`],
];

function buildRow(split: string, index: number, rng: PyRandom): TrapRow {
  const ep = episodeId("MPT", split, index);
  const profile = holdoutDrawOrCycle(rng, MPT_PROFILES, split, index);
  const local = rng.choice(MPT_LOCAL_ACTIONS);
  let global = rng.choice(MPT_GLOBAL_ACTIONS);
  while (global === local) global = rng.choice(MPT_GLOBAL_ACTIONS);
  const recovery = rng.choice(MPT_RECOVERY_ACTIONS);
  const code = MPT_RECOVERY_CODES[recovery];
  const horizonSteps = rng.choice([3, 4, 5]);
  const localTotal = rng.randint(-4, 1);
  const globalTotal = localTotal + rng.randint(4, 9);
  let localRecoveryTotal = localTotal + rng.randint(2, 5);
  if (localRecoveryTotal >= globalTotal) localRecoveryTotal = globalTotal - 1;
  const [uLocal, uGlobal, uLocalTotal, uGlobalTotal, uRecovery, uRecoveryTotal] = drawUids(rng, 6);
  const bodies: LedgerEntry[] = [
    ...planEntries([uLocal, uGlobal, uLocalTotal, uGlobalTotal], local, global, localTotal, globalTotal),
    [uRecovery, `step=5 SET plan.recovery_after_local = ${recovery}`],
    [uRecoveryTotal, `step=6 SET reward.total_if_local_with_recovery = ${localRecoveryTotal}`],
  ];
  for (let i = 0; i < 6; i++) {
    const u = drawUid(rng);
    const key = rng.choice(NOISE_KEYS);
    bodies.push([u, `step=${7 + i} NOTE ${key} = n${rng.randint(100, 999)}`]);
  }
  const [uEntry, uHorizon, uBestRecovery, uBestCode, uCounterfactual] = drawUids(rng, 5);
  bodies.push(
    [uEntry, `step=13 SET decision.entry_first_action = ${global}`],
    [uHorizon, `step=14 SET decision.horizon_first_action = ${global}`],
    [uBestRecovery, `step=15 SET decision.best_recovery_action = ${recovery}`],
    [uCounterfactual, `step=16 SET decision.counterfactual_local_total = ${localTotal}`],
    [uBestCode, `step=17 SET decision.best_recovery_code = ${code}`],
  );
  let key: string;
  let q: string;
  let gold: string | number;
  let support: string[];
  if (profile === "entry") {
    key = "decision.entry_first_action";
    q = question(key, MPT_GLOBAL_ACTIONS);
    gold = global;
    support = [uEntry];
  } else if (profile === "horizon") {
    key = "decision.horizon_first_action";
    q = question(key, MPT_GLOBAL_ACTIONS);
    gold = global;
    support = [uHorizon];
  } else if (profile === "recovery") {
    key = "decision.best_recovery_code";
    q = question(key, Object.values(MPT_RECOVERY_CODES));
    gold = code;
    support = [uBestCode];
  } else {
    key = "decision.counterfactual_local_total";
    q = question(key);
    gold = localTotal;
    support = [uCounterfactual];
  }
  const rules = [
    "- State Ledger is authoritative.",
    "- Optimize final reward, not immediate reward.",
    "- NOTE lines are non-authoritative distractors.",
    "- Recovery questions assume local-first already happened.",
  ];
  const phases = [
    "Phase 1: two plausible first actions are presented.",
    "Phase 2: immediate outcomes look attractive for the local action.",
    "Phase 3: long-horizon totals reveal local action is worse.",
    "Phase 4: recovery option exists but does not beat global-first path.",
  ];
  return episodeRow(ep, {
    ...ledgerEpisode(
      ep,
      `# Myopic Planning Episode ${ep}`,
      [`## Rules\n${rules.join("\n")}`, `## Narrative\n${phases.join("\n")}`],
      bodies,
    ),
    question: q,
    gold: { value: gold, support_ids: support },
    meta: {
      family: MPT_ID,
      split,
      case_index: index,
      key,
      profile,
      horizon_steps: horizonSteps,
      local_action: local,
      global_action: global,
      recovery_action: recovery,
      local_total: localTotal,
      global_total: globalTotal,
      local_recovery_total: localRecoveryTotal,
      requires_citation: true,
    },
  });
}

const CANARY_RULES =
  "## Rules\n- This canary is intentionally adversarial.\n" +
  "- Optimize final reward across full horizon.\n- NOTE lines are non-authoritative decoys.";

function buildCanary(caseIndex: number, rng: PyRandom): TrapRow {
  const ep = episodeId("MPT", "canary", caseIndex);
  const local = rng.choice(MPT_LOCAL_ACTIONS);
  const global = rng.choice(MPT_GLOBAL_ACTIONS);
  const recovery = rng.choice(MPT_RECOVERY_ACTIONS);
  const [uLocal, uGlobal, uLocalTotal, uGlobalTotal] = drawUids(rng, 4);
  const localTotal = rng.randint(-6, -2);
  const globalTotal = localTotal + rng.randint(8, 14);
  const bodies = planEntries(
    [uLocal, uGlobal, uLocalTotal, uGlobalTotal],
    local,
    global,
    localTotal,
    globalTotal,
  );
  for (let i = 0; i < 14; i++) {
    const u = drawUid(rng);
    bodies.push([u, `step=${5 + i} NOTE plan.decoy = ${rng.choice([local, global, recovery])}`]);
  }
  return episodeRow(ep, {
    ...ledgerEpisode(ep, `# Myopic Planning Episode ${ep}`, [CANARY_RULES], bodies),
    question:
      "Return the first action that optimizes final reward, then also include the second-best action " +
      "in value as `best|second_best` (JSON with value, support_ids).",
    gold: { value: `${global}|${recovery}`, support_ids: [uGlobalTotal] },
    meta: {
      family: MPT_ID,
      split: "canary",
      case_index: caseIndex,
      profile: "adversarial_dual_output",
      horizon_steps: 6,
      local_action: local,
      global_action: global,
      recovery_action: recovery,
      expected_fail: true,
      canary_profile: "dual_output_adversarial",
      requires_citation: true,
    },
  });
}

/** Each canary has its own `PyRandom(seed + 2200 + index)`; the stream is the anchors' and holdout's. */
export const generateMyopicPlanningTraps = (o: TrapGenerateOptions): TrapFixtures =>
  splitFixtures(o, { row: buildRow, canary: ownStreamCanary(o.seed, 2200, buildCanary) });

// ---------------------------------------------------------------------------------------
// Scorer.

function failureMode(
  profile: string,
  ok: boolean,
  trap: boolean,
  recoveryExpected: string,
  predNorm: string,
) {
  if (ok) return null;
  if (trap) return "trap_entry";
  if (profile === "horizon") return "horizon_failure";
  if (profile === "recovery")
    return predNorm === normLower(recoveryExpected) ? "recovery_misparsed" : "recovery_failure";
  if (profile === "counterfactual") return "counterfactual_failure";
  if (profile === "entry") return "entry_failure";
  return `${profile}_failure`;
}

export function scoreMyopicPlanningTraps(
  rows: readonly TrapRow[],
  preds: readonly TrapPrediction[],
): TrapScore {
  const contract = new ContractColumns();
  const col: Record<string, number[]> = {
    entry: [],
    horizon: [],
    recovery: [],
    counterfactual: [],
    trap: [],
    first: [],
  };
  const failures = new Tally();
  const correct: boolean[] = [];
  const diags: Record<string, unknown>[] = [];
  for (const { rid, pred, gold, meta } of scoringRows(rows, preds)) {
    const profile = pyStrip(metaStr(meta, "profile")).toLowerCase();
    const local = pyStrip(metaStr(meta, "local_action"));
    const recovery = pyStrip(metaStr(meta, "recovery_action"));
    const horizonSteps = metaInt(Object.hasOwn(meta, "horizon_steps") ? meta.horizon_steps : 0);
    const hasValue = Object.hasOwn(pred, "value");
    const predNorm = normLower(pyGet(pred, "value"));
    const ok = normLower(pyGet(gold, "value")) === predNorm;
    const cite = citationPrf(supportSet(pyGet(pred, "support_ids")), supportSet(pyGet(gold, "support_ids")));
    const trap = local.length > 0 && predNorm === normLower(local);
    const first = ok ? Math.max(1, horizonSteps + 1) : trap ? 1 : 2;
    contract.add(ok, cite, hasValue);
    col.trap.push(trap ? 1 : 0);
    col.first.push(first);
    if (
      profile === "entry" ||
      profile === "horizon" ||
      profile === "recovery" ||
      profile === "counterfactual"
    )
      col[profile].push(ok ? 1 : 0);
    const mode = failureMode(profile, ok, trap, recovery, predNorm);
    if (mode) failures.add(mode);
    correct.push(ok);
    diags.push({
      id: rid,
      profile,
      value_ok: ok,
      cite_f1: cite[2],
      parse_ok: hasValue,
      trap_entry: trap,
      first_error_step: first,
      failure_mode_id: mode,
    });
  }
  return scoreResult({
    means: {
      ...contract.means(),
      entry_acc: pyMean(col.entry),
      horizon_success_rate: pyMean(col.horizon),
      recovery_rate: pyMean(col.recovery),
      counterfactual_acc: pyMean(col.counterfactual),
      trap_entry_rate: pyMean(col.trap),
      first_error_step_mean: pyMean(col.first),
      entry_count: col.entry.length,
      horizon_count: col.horizon.length,
      recovery_count: col.recovery.length,
      counterfactual_count: col.counterfactual.length,
    },
    failures,
    correct,
    rows: diags,
  });
}

const FLOOR_OPS = {
  value_acc: ">=",
  exact_acc: ">=",
  cite_f1: ">=",
  horizon_success_rate: ">=",
  recovery_rate: ">=",
  trap_entry_rate: "<=",
  first_error_step_mean: ">=",
} as const;

/** run_myopic_planning_traps_family.ps1: observe / ramp set both splits; target keeps the defaults. */
export const MPT_FLOORS: FamilyFloors = {
  observe: onBothSplits(floorList(FLOOR_OPS, [0.45, 0.45, 0, 0.6, 0, 0.4, 1.5])),
  ramp: onBothSplits(floorList(FLOOR_OPS, [0.65, 0.65, 0.3, 0.75, 0.3, 0.25, 2])),
  target: {
    anchors: floorList(FLOOR_OPS, [0.8, 0.8, 0.7, 0.7, 0.65, 0.3, 1.8]),
    holdout: floorList(FLOOR_OPS, [0.85, 0.85, 0.8, 0.85, 0.8, 0.15, 2.5]),
  },
};

export const MPT_SYNTHETIC: Record<string, string> = {
  ...VALUE_ACC_COPIES,
  first_error_step_mean:
    "per row: the generator's horizon_steps + 1 (3-5 drawn at random) when the answer is right, 1 when it is the local action, else 2; no plan step is observed",
};

export const myopicPlanningTrapsFamily = defineContractFamily({
  id: MPT_ID,
  description:
    "entry / horizon / recovery / counterfactual questions whose decision is written in the ledger (decision.* keys); a lookup task, not planning",
  defaults: { seed: 83, anchors: 16, holdout: 48, canary: 8 },
  generate: generateMyopicPlanningTraps,
  score: scoreMyopicPlanningTraps,
  headlineMetric: "value_acc",
  floors: MPT_FLOORS,
  jitter: jitterOf([
    "value_acc",
    "exact_acc",
    "cite_f1",
    "horizon_success_rate",
    "recovery_rate",
    "trap_entry_rate",
  ]),
  syntheticMetrics: MPT_SYNTHETIC,
});
