/** File adapters of `gf01 q033 build|sweep|close` (JSON over files; see q033.ts). */
import os from "node:os";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync, writeFileAtomic } from "../../core/jsonl.js";
import { dumpJsonFile } from "../artifacts/pyout.js";
import {
  type BuildOptions,
  buildManifests,
  closure,
  Q033Error,
  type SweepOptions,
  sweepManifest,
  sweepSeeds,
} from "./q033.js";

type Result = { ok: boolean; payload: Record<string, unknown>; error?: string };

const nonEmptyDir = (d: string): boolean => {
  try {
    return statSync(d).isDirectory() && readdirSync(d).length > 0;
  } catch {
    return false;
  }
};

export async function q033Build(o: BuildOptions & { outDir: string; force?: boolean }): Promise<Result> {
  if (nonEmptyDir(o.outDir) && !o.force) {
    const payload = {
      status: "error",
      error_type: "output_dir_not_empty",
      message: "output directory exists and is not empty; use --force to overwrite",
      out_dir: o.outDir,
    };
    return { ok: false, payload, error: `${o.outDir}: ${payload.message}` };
  }
  let built: ReturnType<typeof buildManifests>;
  try {
    built = buildManifests(o);
  } catch (e) {
    if (!(e instanceof Q033Error)) throw e;
    return {
      ok: false,
      payload: { status: "error", error_type: e.errorType, message: e.message },
      error: e.message,
    };
  }
  const paths: string[] = [];
  for (const m of built.manifests) {
    const name = `${m.manifest_id}.json`;
    await writeFileAtomic(join(o.outDir, name), dumpJsonFile(m));
    paths.push(name);
  }
  const index = { ...built.summary, manifest_count: paths.length, manifest_paths: paths };
  const indexPath = join(o.outDir, "q033_manifest_index.json");
  await writeFileAtomic(indexPath, dumpJsonFile(index));
  // Official build receipt, with paths relative to the folder (same inputs, same bytes).
  const receiptPath = join(o.outDir, "build_receipt.json");
  await writeFileAtomic(
    receiptPath,
    dumpJsonFile({
      status: "ok",
      receipt_type: "build_receipt",
      out_dir: ".",
      index_path: "q033_manifest_index.json",
      manifest_paths: paths,
    }),
  );
  return {
    ok: true,
    payload: { ...index, index_path: indexPath, out_dir: o.outDir, build_receipt_path: receiptPath },
  };
}

/** A manifest's seeds, checked (file and field named on bad input). */
function readManifest(file: string): Record<string, unknown> {
  const m = readJsonFileSync(file, "Q-033 manifest") as Record<string, unknown> | null;
  if (!m || typeof m !== "object" || Array.isArray(m))
    throw new InputError("manifest must be a JSON object", { file });
  const seeds = m.seeds;
  if (!Array.isArray(seeds) || !seeds.length)
    throw new InputError("seeds must be a non-empty list", { file, field: "seeds" });
  seeds.forEach((s, i) => {
    if (!Number.isSafeInteger(s) || (s as number) < 0)
      throw new InputError("seed must be a non-negative integer", { file, field: `seeds[${i}]` });
  });
  return m;
}

export async function q033Sweep(o: SweepOptions & { manifest: string; out?: string }): Promise<Result> {
  const payload: Record<string, unknown> = {
    ...sweepManifest(readManifest(o.manifest), o),
    hardware: hardware(),
  };
  if (o.out) await writeFileAtomic(o.out, dumpJsonFile(payload));
  const gates = payload.gates as {
    passed_all: boolean;
    global_failed: string[];
    stratified_failed_quartiles: string[];
  };
  if (gates.passed_all) return { ok: true, payload };
  return {
    ok: false,
    payload,
    error: `Q-033 sweep gates failed: ${[...gates.global_failed, ...gates.stratified_failed_quartiles.map((q) => `quartile ${q}`)].join(", ")}`,
  };
}

export async function q033Close(o: {
  sweeps: string[];
  allowSeedOverlap?: boolean;
  out?: string;
}): Promise<Result> {
  const sweeps = o.sweeps.map((path) => {
    const p = readJsonFileSync(path, "Q-033 sweep") as Record<string, unknown> | null;
    if (!p || typeof p !== "object" || Array.isArray(p))
      throw new InputError("sweep must be a JSON object", { file: path });
    if (!sweepSeeds(p))
      throw new InputError("seed_manifest.seeds (or seeds) must be a list of integers", {
        file: path,
        field: "seed_manifest.seeds",
      });
    if (!p.gates || typeof p.gates !== "object")
      throw new InputError("gates must be an object", { file: path, field: "gates" });
    return { path, payload: p };
  });
  const payload = closure(sweeps, o.allowSeedOverlap);
  if (o.out) await writeFileAtomic(o.out, dumpJsonFile(payload));
  const reasons = payload.failure_reasons as string[];
  return payload.close_q033
    ? { ok: true, payload }
    : { ok: false, payload, error: `Q-033 not closed: ${reasons.join(", ")}` };
}

/**
 * The machine the runtime gates were measured on (upstream's `hardware` block; Node's runtime in
 * place of its `python_*` fields). Not in the pure sweep: it describes this process.
 */
function hardware(): Record<string, unknown> {
  return {
    platform: `${os.type()}-${os.release()}-${os.machine()}`,
    system: os.type(),
    release: os.release(),
    machine: os.machine(),
    processor: os.cpus()[0]?.model ?? "",
    node_version: process.versions.node,
    runtime_implementation: "Node.js",
    cpu_count_logical: os.availableParallelism(),
    executable: process.execPath,
  };
}
