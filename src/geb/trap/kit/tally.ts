/**
 * The failure-mode tally every reference scorer keeps: a count per mode, written out as
 * `failure_mode_counts` in Python's `sorted()` key order, and the reference's chained
 * conditional that picks a failing row's mode.
 */
import { pySortStrings } from "../py.js";

/** Failure-mode (or any) tallies; `add(null)` counts nothing (a row that did not fail). */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string | null): void {
    if (key !== null) this.counts.set(key, this.get(key) + 1);
  }
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  /** The counts in Python's `sorted()` key order (the reference's `failure_mode_counts`). */
  sorted(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const k of pySortStrings(this.counts.keys())) out[k] = this.get(k);
    return out;
  }
}

/**
 * The first failure mode whose condition holds, for a row that is not correct (null when it
 * is): the reference's `None if ok else "a" if c1 else "b" if c2 else … else "z"`.
 */
export function firstFailure(
  ok: boolean,
  modes: readonly (readonly [when: unknown, id: string])[],
  otherwise: string,
): string | null {
  if (ok) return null;
  for (const [when, id] of modes) if (when) return id;
  return otherwise;
}
