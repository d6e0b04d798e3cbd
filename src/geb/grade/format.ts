/**
 * Terminal formatting of grade results (`--format table`, the intervals line): loaded by the
 * `geb` commands that print them, in their actions, so `geb --help` does not load the
 * statistics modules (start-up: docs/performance.md).
 */
import { formatInterval } from "../../core/stats/format.js";
import type { IntervalsBlock } from "../../core/stats/schema.js";
import { formatTable } from "../../core/table.js";

export { intervalsLine } from "./intervals.js";

/** metric → `value [lo, hi]` cells of an intervals block, for `metricsTable`. */
export function intervalCells(block: IntervalsBlock): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block.metrics).map(([k, iv]) => [k, formatInterval(iv)]));
}

/** One row per metric (JSON key), one column per lane. */
export function metricsTable(lanes: { name?: string; metrics: Record<string, unknown> }[]): string {
  const keys = Object.keys(lanes[0]?.metrics ?? {});
  const rows = keys.map((k) => {
    const row: Record<string, unknown> = { metric: k };
    for (const l of lanes) row[l.name ?? "value"] = l.metrics[k];
    return row;
  });
  return formatTable(rows);
}
