/**
 * Deterministic job ids: the sha256 of the canonical JSON of the job's kind and its whole
 * payload. The payload of every job kind holds everything its result depends on (the item
 * itself, agent or model configuration, track, protocol, trial, versions and provenance), so
 * the same work always gets the same id, on any machine, in any run: re-enqueueing it is a no-op
 * and a result already in the sink is reused. Ids are hex (BullMQ forbids `:` in custom ids).
 */
import { canonicalHash } from "../hash.js";

/** Bump when the meaning of a payload or a stored result changes (old results are not reused). */
export const QUEUE_PROTOCOL_VERSION = 1;

/** What a job carries: its kind, the oraclebench version that made it, the payload. */
export interface JobEnvelope {
  kind: string;
  version: string;
  data: unknown;
}

/**
 * The version is part of the id: a worker of another version could compute a different
 * result, so it refuses the job (src/core/queue/sandbox.ts) and a new version never reuses an
 * old version's results.
 */
export function jobIdFor(env: JobEnvelope): string {
  return canonicalHash({ v: QUEUE_PROTOCOL_VERSION, kind: env.kind, version: env.version, data: env.data });
}
