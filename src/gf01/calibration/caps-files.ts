/**
 * File adapters of the cap freeze: `gf01 freeze-caps` (run SubsetMin uncapped on a pilot's
 * certificates, derive and record the caps) and `readCapsFile` (the `--caps FILE` of commands
 * that run the diagnostic).
 */
import { readFileSync } from "node:fs";
import { arch, cpus, platform, totalmem } from "node:os";
import { InputError } from "../../core/errors.js";
import { sha256Hex } from "../../core/hash.js";
import { readJsonFileSync, readJsonl, writeFileAtomic } from "../../core/jsonl.js";
import { packageVersion } from "../../core/cli.js";
import { PyFloat } from "../../core/pyjson.js";
import { loadBundle } from "../artifacts/bundle.js";
import { dumpJsonFile } from "../artifacts/pyout.js";
import { parseCertificate } from "../model/certificate.js";
import { compileInstance } from "../model/compile.js";
import type { CompiledInstance } from "../model/compile.js";
import { subsetMinimal, type SubsetCaps } from "../verify/subset.js";
import { type CapRule, type DiagnosticSample, deriveCaps, SUBSET_CAPS_SCHEMA } from "./caps.js";

export interface FreezeCapsOptions extends CapRule {
  instancesFile: string;
  runsFile: string;
  /** DEC-021 checkpoint: unique pilot instances (default 240, as DEC-014c/060). */
  sampleTarget?: number;
  out?: string;
}

/** The machine the runtimes were measured on (P_ref is only meaningful there). */
export function hardwareInfo(): Record<string, unknown> {
  const c = cpus();
  return {
    cpu_model: c[0]?.model ?? "unknown",
    logical_cpus: c.length,
    total_memory_bytes: totalmem(),
    platform: platform(),
    arch: arch(),
    node_version: process.version,
  };
}

/** `gf01 freeze-caps`. Every pilot row's certificate is diagnosed uncapped (A_ref = ∞, no P_ref). */
export async function freezeCaps(
  o: FreezeCapsOptions,
): Promise<{ ok: boolean; payload: Record<string, unknown>; error?: string }> {
  const bundle = await loadBundle(o.instancesFile);
  const compiled = new Map<string, CompiledInstance>();
  const samples: DiagnosticSample[] = [];
  const instances = new Set<string>();
  for await (const { line, value } of readJsonl(o.runsFile)) {
    const where = { file: o.runsFile, line };
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw new InputError("run row must be a JSON object", where);
    const row = value as Record<string, unknown>;
    if (typeof row.instance_id !== "string")
      throw new InputError("instance_id must be a string", { ...where, field: "instance_id" });
    const inst = bundle.byId.get(row.instance_id);
    if (!inst)
      throw new InputError(`instance_id ${row.instance_id} is not in the pilot bundle ${o.instancesFile}`, {
        ...where,
        field: "instance_id",
      });
    let cert: ReturnType<typeof parseCertificate>;
    try {
      cert = parseCertificate(row.certificate);
    } catch (e) {
      if (e instanceof InputError) throw e.at(where);
      throw e;
    }
    let ci = compiled.get(inst.instance_id);
    if (!ci) {
      ci = compileInstance(inst);
      compiled.set(inst.instance_id, ci);
    }
    instances.add(inst.instance_id);
    const t0 = performance.now();
    const d = subsetMinimal(ci, cert, { A_ref: Number.POSITIVE_INFINITY });
    const ms = performance.now() - t0;
    samples.push({
      instance_id: inst.instance_id,
      status: d.status,
      subsets_checked: d.subsets_checked,
      runtime_ms: ms,
    });
  }
  const derived = deriveCaps(samples, o);
  const sampleTarget = o.sampleTarget ?? 240;
  const pilot = {
    instances_path: o.instancesFile,
    instances_sha256: sha256Hex(readFileSync(o.instancesFile)),
    instances_hash: bundle.meta.instances_hash ?? null,
    runs_path: o.runsFile,
    runs_sha256: sha256Hex(readFileSync(o.runsFile)),
    diagnostic_count: samples.length,
    unique_instance_count: instances.size,
    sample_target: sampleTarget,
    checkpoint_reached: instances.size >= sampleTarget,
  };
  if (!derived) {
    const payload = {
      status: "error",
      error_type: "no_completed_diagnostics",
      message: "no pilot certificate could be diagnosed (no rows, or every one malformed or over 30 atoms)",
      pilot,
    };
    return { ok: false, payload, error: `${o.runsFile}: ${payload.message}` };
  }
  const F = (x: number) => new PyFloat(x);
  const payload: Record<string, unknown> = {
    status: derived.freezable ? "ok" : "error",
    schema_version: SUBSET_CAPS_SCHEMA,
    policy_reference: "DEC-020..023",
    rule: {
      method:
        "A_ref = ceil(k * Q_p(subsets_checked)), P_ref = ceil(k * Q_p(runtime_ms)); Q_p nearest rank; freezable when >= p of diagnostics complete under both",
      quantile: F(derived.quantile),
      multiplier: F(derived.multiplier),
    },
    caps: { A_ref: derived.A_ref, P_ref: derived.P_ref },
    freezable: derived.freezable,
    // Frozen only at the pilot checkpoint (DEC-021); before it the caps are provisional.
    provisional: !pilot.checkpoint_reached,
    completion_rate_under_caps: F(derived.completion_rate_under_caps),
    diagnostics: {
      completed: derived.completed_count,
      infeasible_uncapped: derived.infeasible_uncapped_count,
      not_run: derived.not_run_count,
      quantile_subsets_checked: derived.quantiles.subsets_checked,
      quantile_runtime_ms: F(derived.quantiles.runtime_ms),
      max_subsets_checked: derived.maxima.subsets_checked,
      max_runtime_ms: F(derived.maxima.runtime_ms),
    },
    pilot,
    hardware: hardwareInfo(),
    toolkit_version: packageVersion(),
  };
  if (!derived.freezable) payload.error_type = "caps_not_freezable";
  if (o.out) await writeFileAtomic(o.out, dumpJsonFile(payload));
  return derived.freezable
    ? { ok: true, payload }
    : {
        ok: false,
        payload,
        error: `caps not freezable: ${(derived.completion_rate_under_caps * 100).toFixed(1)} % of diagnostics complete under them (need ${derived.quantile * 100} %)`,
      };
}

const posInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 1;

/** `--caps FILE`: the `caps` of a `gf01.subset_caps.v1` file (what `freeze-caps` wrote). */
export function readCapsFile(file: string): SubsetCaps {
  const v = readJsonFileSync(file, "caps file") as Record<string, unknown> | null;
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new InputError("caps file must be a JSON object", { file });
  if (v.schema_version !== SUBSET_CAPS_SCHEMA)
    throw new InputError(`schema_version must be ${SUBSET_CAPS_SCHEMA}`, { file, field: "schema_version" });
  const caps = v.caps as Record<string, unknown> | undefined;
  if (!caps || typeof caps !== "object" || Array.isArray(caps))
    throw new InputError("caps must be an object {A_ref, P_ref}", { file, field: "caps" });
  if (!posInt(caps.A_ref))
    throw new InputError("A_ref must be an integer ≥ 1", { file, field: "caps.A_ref" });
  if (!posInt(caps.P_ref))
    throw new InputError("P_ref must be an integer ≥ 1 (ms)", { file, field: "caps.P_ref" });
  return { A_ref: caps.A_ref, P_ref: caps.P_ref };
}

/** The caps a diagnostic command runs with: `--caps FILE`, overridden by `--a-ref` / `--p-ref`. */
export function capsFromFlags(o: { caps?: string; aRef?: number; pRef?: number }): SubsetCaps {
  const base = o.caps ? readCapsFile(o.caps) : {};
  return {
    ...base,
    ...(o.aRef === undefined ? {} : { A_ref: o.aRef }),
    ...(o.pRef === undefined ? {} : { P_ref: o.pRef }),
  };
}
