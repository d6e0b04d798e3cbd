/**
 * Flat metric maps the capability rules read (paths such as `metrics.utility.status`,
 * `family.compression.is_pass`): from a capability snapshot (check) and from a release dir's
 * quality snapshot + reliability matrix (delta), as the reference's report scripts build them.
 */
import type { MetricMap } from "./rules.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const scalar = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

function flatten(prefix: string, o: Obj, out: MetricMap): void {
  for (const [k, v] of Object.entries(o)) if (scalar(v)) out.set(`${prefix}${k}`, v);
}

/** The check report's map of a capability snapshot. */
export function snapshotMetricMap(snapshot: Obj): MetricMap {
  const out: MetricMap = new Map();
  out.set("snapshot.status", snapshot.status ?? null);
  if (Array.isArray(snapshot.failure_reasons))
    out.set("snapshot.failure_count", snapshot.failure_reasons.length);
  if (Array.isArray(snapshot.warning_reasons))
    out.set("snapshot.warning_count", snapshot.warning_reasons.length);
  if (isObj(snapshot.metrics)) flatten("metrics.", snapshot.metrics, out);
  if (isObj(snapshot.sources))
    for (const [name, info] of Object.entries(snapshot.sources)) {
      if (!isObj(info)) continue;
      if (typeof info.status === "string") {
        out.set(`source.${name}.status`, info.status);
        out.set(`source.${name}.status_is_pass`, info.status === "PASS");
      }
      if (typeof info.present === "boolean") out.set(`source.${name}.present`, info.present);
    }
  return out;
}

/** An empty reliability matrix, for a release dir without one (`--allow-missing-after-matrix`). */
export const MISSING_MATRIX: Obj = Object.freeze({
  status: "MISSING",
  coverage: { required_total: 0, produced_total: 0, missing_families: [] },
  failing_families: [],
  families: [],
});

/** The delta report's map of a release dir: its quality snapshot and reliability matrix. */
export function releaseMetricMap(snapshot: Obj, matrix: Obj): MetricMap {
  const out: MetricMap = new Map();
  out.set("snapshot.status", snapshot.status ?? null);
  for (const k of ["metrics", "gates", "integrity"]) {
    const v = snapshot[k];
    if (isObj(v)) flatten(`${k}.`, v, out);
  }
  out.set("matrix.status", matrix.status ?? null);
  if (isObj(matrix.coverage)) {
    flatten("matrix.coverage.", matrix.coverage, out);
    if (Array.isArray(matrix.coverage.missing_families))
      out.set("matrix.missing_count", matrix.coverage.missing_families.length);
  }
  if (Array.isArray(matrix.failing_families)) out.set("matrix.failing_count", matrix.failing_families.length);
  if (Array.isArray(matrix.families))
    for (const row of matrix.families) {
      if (!isObj(row)) continue;
      const id = String(row.id ?? "").trim();
      if (!id) continue;
      const status = row.status ? String(row.status) : "UNKNOWN";
      out.set(`family.${id}.status`, status);
      out.set(`family.${id}.is_pass`, status === "PASS" ? 1 : 0);
      if (typeof row.produced_in_this_run === "boolean")
        out.set(`family.${id}.produced_in_this_run`, row.produced_in_this_run ? 1 : 0);
      if (Array.isArray(row.failures)) out.set(`family.${id}.failure_count`, row.failures.length);
    }
  return out;
}
