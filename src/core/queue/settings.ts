/**
 * Lock and stall settings. BullMQ is at-least-once: a job whose lock is not renewed within
 * `lockMs` (worker killed, or its event loop frozen) is moved back to wait by the next stall
 * check of any worker (every `stalledMs`), and after more than `maxStalled` such stalls it fails.
 * Workers with different settings would judge the same job differently (one stalls it while
 * another still holds it), so the first worker records its settings in Redis and every later
 * worker must match them (docs/scale.md).
 */
import { InputError } from "../errors.js";

export interface QueueSettings {
  /** A job's lock (ms); renewed every lockMs/2 while the job runs. */
  lockMs: number;
  /** How often each worker checks for stalled jobs (ms). */
  stalledMs: number;
  /** Stalls a job may suffer before it fails (BullMQ's default 1 is too strict: use ≥ 2). */
  maxStalled: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { lockMs: 30_000, stalledMs: 30_000, maxStalled: 2 };

export function settingsText(s: QueueSettings): string {
  return `--lock-ms ${s.lockMs} --stalled-ms ${s.stalledMs} --max-stalled ${s.maxStalled}`;
}

/** Parse the stored settings (a JSON object written by an earlier worker). */
export function parseStoredSettings(text: string, where: string): QueueSettings {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new InputError("stored queue settings are not JSON", { file: where });
  }
  const o = v as Record<string, unknown>;
  for (const k of ["lockMs", "stalledMs", "maxStalled"] as const)
    if (!(typeof o?.[k] === "number" && Number.isSafeInteger(o[k]) && (o[k] as number) >= 0))
      throw new InputError("stored queue settings: not a non-negative integer", { file: where, field: k });
  return { lockMs: o.lockMs as number, stalledMs: o.stalledMs as number, maxStalled: o.maxStalled as number };
}

export function sameSettings(a: QueueSettings, b: QueueSettings): boolean {
  return a.lockMs === b.lockMs && a.stalledMs === b.stalledMs && a.maxStalled === b.maxStalled;
}
