/**
 * File-level memory API: `geb memory verify|generate|check` are thin shells over these.
 */
import { join } from "node:path";
import { mkdirSync, statSync } from "node:fs";
import { InputError } from "../../core/errors.js";
import { writeFileAtomic } from "../../core/jsonl.js";
import { pyJsonDumps } from "../../core/pyjson.js";
import { generateScenarios, type ScenarioSet } from "./generate.js";
import { readMemoryFile, summaryJson } from "./io.js";
import { readScenarioSet, scenarioFiles, SCENARIO_MANIFEST } from "./scenario-io.js";
import { checkSensitivity, type SensitivityReport, sensitivityJson, type Verifier } from "./sensitivity.js";
import { diskFiles, memoryFiles } from "./source.js";
import { type MemoryResult, type MemorySummary, parseMemoryEntry, verifyMemories } from "./verify.js";

export interface VerifyFileOptions {
  /** Memory JSONL. */
  input: string;
  /** Directory citations' `file_path` are relative to (default "."). */
  root?: string;
  /** Summary JSON (the reference's bytes). */
  out?: string;
  /** Per-entry results JSON (the reference's bytes). */
  details?: string;
}

/** Verify a memory file against files under `root`; write the summary (and details) when asked. */
export async function verifyMemoryFile(
  o: VerifyFileOptions,
): Promise<{ results: MemoryResult[]; summary: MemorySummary; summaryText: string }> {
  const entries = readMemoryFile(o.input);
  const { results, summary } = verifyMemories(entries, diskFiles(o.root ?? "."));
  const summaryText = summaryJson(summary);
  if (o.out) await writeFileAtomic(o.out, summaryText);
  if (o.details) await writeFileAtomic(o.details, pyJsonDumps(results, { indent: 2 }));
  return { results, summary, summaryText };
}

/** Write a generated scenario set under `dir` (the cited files, one memory JSONL per scenario, a manifest). */
export async function generateScenariosToDir(seed: number, dir: string): Promise<ScenarioSet> {
  const set = generateScenarios(seed);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new InputError(`cannot create directory: ${(e as NodeJS.ErrnoException).code}`, { file: dir });
  }
  for (const [rel, text] of scenarioFiles(set)) await writeFileAtomic(join(dir, rel), text);
  return set;
}

/**
 * Verify every scenario of a generated set on disk (`path`: its directory or its manifest;
 * citations resolve under the set's own root) and check the results.
 */
export async function checkScenarioDir(path: string, out?: string): Promise<SensitivityReport> {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // Not there (or a symlink loop): the manifest reader names the path.
  }
  const manifest = isDir ? join(path, SCENARIO_MANIFEST) : path;
  const { scenarios, root } = readScenarioSet(manifest);
  const files = diskFiles(root);
  const report = checkSensitivity(scenarios, (entries) => verifyMemories(entries, files));
  if (out) await writeFileAtomic(out, sensitivityJson(report));
  return report;
}

/** Write a sensitivity report (indented JSON). */
export async function writeReport(file: string, report: SensitivityReport): Promise<void> {
  await writeFileAtomic(file, sensitivityJson(report));
}

/** The check on a scenario set held in memory (no files): what `generate` + `check` compute. */
export function checkScenarioSet(
  set: ScenarioSet,
  verify: Verifier = defaultVerifier(set),
): SensitivityReport {
  return checkSensitivity(
    set.scenarios.map((s) => ({ ...s, entries: s.entries.map((e) => parseMemoryEntry(e)) })),
    verify,
  );
}

/** The real verifier over a set's in-memory files. */
export function defaultVerifier(set: ScenarioSet): Verifier {
  const files = memoryFiles(new Map(Object.entries(set.files)));
  return (entries) => verifyMemories(entries, files);
}
