import type { CompiledInstance } from "../model/compile.js";
import type { Certificate, Gf01Instance } from "../model/types.js";
import type { RunMetrics } from "./run-record.js";
/**
 * Recomputes every metric of a certificate from the instance (the oracle). Validation and
 * migration take it as a parameter so they stay pure; `api.ts` passes the real verifier.
 */
export type Scorer = (inst: Gf01Instance, ci: CompiledInstance, cert: Certificate, 
/** Per-row scoring choice recorded in the row (validate re-scores under it). */
choice?: {
    pool?: "complete" | "official";
    /** Best-match node cap the row was scored under (`best_match_max_nodes`, server rows). */
    maxNodes?: number;
}) => RunMetrics;
