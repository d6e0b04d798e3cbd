/**
 * promptfoo assertion: the output (a certificate, JSON `[[t, "ap", v], …]`) re-verified by
 * oraclebench's exact verifier, in-process. Pass = certified (sufficient and minimal);
 * `namedScores` carry certified, goal, AP-F1 and TS-F1. The provider's own row is not trusted:
 * the certificate is scored again against the bundle (with the row's pool and atom-budget rule
 * when the provider recorded them).
 *
 *   defaultTest: { assert: [{ type: javascript, value: file://gf01Certified.mjs }] }
 */
import { api } from "oraclebench/gf01";

export default async function gf01Certified(output, context) {
  const vars = context?.vars ?? {};
  let certificate;
  try {
    certificate = JSON.parse(String(output));
  } catch {
    return { pass: false, score: 0, reason: "output is not a JSON certificate" };
  }
  const row = context?.providerResponse?.metadata?.row;
  try {
    const r = await api.verifyOne({
      instancesFile: vars.instances,
      instanceId: String(vars.instance_id),
      certificate,
      pool: row?.best_match_pool ?? "complete",
      atomBudget: row?.atom_budget,
    });
    const s = r.payload;
    const named = { certified: s.valid ? 1 : 0, goal: s.goal ? 1 : 0, ap_f1: s.ap_f1, ts_f1: s.ts_f1 };
    return {
      pass: !!s.valid,
      score: s.valid ? 1 : 0,
      reason: s.valid ? "certified" : s.goal ? "goal met, not certified" : "missed",
      namedScores: named,
    };
  } catch (err) {
    return { pass: false, score: 0, reason: `not verifiable: ${err?.message ?? String(err)}` };
  }
}
