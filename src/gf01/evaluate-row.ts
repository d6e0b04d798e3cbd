/**
 * One instance's evaluate row: the unit of work `gf01 evaluate` runs in-process (api.ts) and a
 * queue worker runs for `--queue` (queue/jobs.ts). Below both, so the queue layer and the
 * file-level API never import each other.
 */
import { getAgent } from "./agents/index.js";
import { buildRunRecord, type RunMeta } from "./artifacts/run-record.js";
import { parseCertificate } from "./model/certificate.js";
import { type AtomBudgetRule, compileInstance } from "./model/compile.js";
import type { Gf01Instance } from "./model/types.js";
import type { BestMatchPool } from "./score-api.js";
import { scoreCertificate, sortAtoms } from "./verify/index.js";
import type { SubsetCaps } from "./verify/subset.js";

/** Everything one evaluate row depends on besides its instance (a queue job's payload). */
export interface EvaluateRowParams {
  agent: string;
  evalTrack: string;
  rendererTrack: string;
  seed: number;
  pool: BestMatchPool;
  atomBudget: AtomBudgetRule;
  diagnostic?: boolean | SubsetCaps;
  extraMetrics?: boolean;
  meta: RunMeta;
}

/** One instance's run row (and its score): the unit of work of evaluate, local or queued. */
export function evaluateInstanceRow(
  inst: Gf01Instance,
  p: EvaluateRowParams,
): { row: Record<string, unknown>; score: ReturnType<typeof scoreCertificate> } {
  const agent = getAgent(p.agent);
  const ci = compileInstance(inst);
  const cert = parseCertificate(agent.propose(inst, ci, p.seed));
  const s = scoreCertificate(ci, cert, {
    bestMatch: { pool: p.pool },
    atomBudget: p.atomBudget,
    diagnostic: p.diagnostic,
  });
  const row = buildRunRecord(
    {
      instance_id: inst.instance_id,
      eval_track: p.evalTrack,
      renderer_track: p.rendererTrack,
      agent_name: agent.name,
      certificate: sortAtoms(cert),
    },
    s,
    inst,
    p.meta,
    { extraMetrics: p.extraMetrics },
  );
  return { row: row as unknown as Record<string, unknown>, score: s };
}
