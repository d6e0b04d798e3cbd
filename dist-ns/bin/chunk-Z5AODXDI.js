import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/gf01/play/observation.ts
var OBSERVATION_SCHEMA_VERSION = "gf01.observation.v1";
var PLAY_PROTOCOLS = ["commit_only", "explore_then_commit"];
function goalPanel(ci, effectAp) {
  return {
    effect_ap: effectAp,
    target_value: 1,
    mode: ci.mode,
    t_star: ci.tStar,
    window_size: ci.windowSize,
    window_lo: ci.lo,
    window_hi: ci.hi,
    T: ci.T,
    input_aps: ci.sys.inputAps.slice(),
    output_aps: ci.sys.outputAps.slice(),
    budget_timestep: ci.budgetTimestep,
    budget_atoms: ci.budgetAtoms
  };
}
function coerceBit(v) {
  if (v === 0 || v === 1) return v;
  if (v === true) return 1;
  if (v === false) return 0;
  if (typeof v === "string") {
    const s = v.trim();
    if (s === "0" || s === "1") return Number(s);
  }
  return void 0;
}
function parseMove(raw, inputAps) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return {
      code: "not_an_object",
      message: 'an action is a JSON object mapping input AP to 0 or 1, e.g. {"in0":1} ({} = no change)'
    };
  const o = raw;
  if (typeof o.type === "string" && !inputAps.includes("type")) {
    if (o.type === "commit") return { kind: "commit" };
    if (o.type === "action") return parseSet(o.set ?? {}, inputAps);
    return {
      code: "bad_command",
      message: `unknown command type ${JSON.stringify(o.type)}; use "action" or "commit"`
    };
  }
  return parseSet(o, inputAps);
}
function parseSet(raw, inputAps) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    return { code: "not_an_object", message: "set must be an object mapping input AP to 0 or 1" };
  const set = {};
  for (const [ap, v] of Object.entries(raw)) {
    if (!inputAps.includes(ap))
      return {
        code: "unknown_ap",
        field: ap,
        message: `unknown input AP ${JSON.stringify(ap)}; valid: ${inputAps.join(", ")}`
      };
    const b = coerceBit(v);
    if (b === void 0)
      return {
        code: "bad_value",
        field: ap,
        message: `value for ${ap} must be 0 or 1, got ${JSON.stringify(v)}`
      };
    set[ap] = b;
  }
  return { kind: "set", set };
}
var isRejection = (m) => "code" in m;

export {
  OBSERVATION_SCHEMA_VERSION,
  PLAY_PROTOCOLS,
  goalPanel,
  parseMove,
  isRejection
};
