/**
 * A generated scenario set on disk: `manifest.json`, the cited files under `root/`, and one
 * memory JSONL per scenario under `scenarios/`. The reader validates the manifest (errors name
 * file and field) and reads each memory file with the ordinary memory reader.
 */
import { dirname, join, normalize } from "node:path";
import { InputError } from "../../core/errors.js";
import { readJsonFileSync } from "../../core/jsonl.js";
import { parseWith } from "../../core/schema.js";
import type { ScenarioSet } from "./generate.js";
import { readMemoryFile } from "./io.js";
import type { MemoryEntry } from "./verify.js";
import { ScenarioManifestSchema } from "./schema.js";
import type { CheckScenario } from "./sensitivity.js";
import { escapesRoot } from "./source.js";

export const SCENARIO_MANIFEST = "manifest.json";

/** Files of a scenario set, relative path → text (the manifest last). */
export function scenarioFiles(set: ScenarioSet): [string, string][] {
  const out: [string, string][] = Object.entries(set.files).map(([p, t]) => [join("root", p), t]);
  const scenarios = set.scenarios.map((s) => {
    const memory = `scenarios/${s.name}.jsonl`;
    out.push([memory, s.entries.map((e) => `${JSON.stringify(e)}\n`).join("")]);
    return {
      name: s.name,
      group: s.group,
      invalid_fraction: s.invalid_fraction,
      memory,
      expected: s.expected,
    };
  });
  const manifest = { schema_version: set.schema_version, seed: set.seed, root: "root", scenarios };
  out.push([SCENARIO_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`]);
  return out;
}

/** Read a scenario manifest and every memory file it names; the root directory comes back too. */
export function readScenarioSet(manifestFile: string): {
  scenarios: CheckScenario[];
  root: string;
  seed: number;
} {
  const m = parseWith(ScenarioManifestSchema, readJsonFileSync(manifestFile, "scenario manifest"), {
    file: manifestFile,
  });
  const dir = dirname(manifestFile);
  const inside = (p: string, field: string) => {
    if (escapesRoot(p))
      throw new InputError("must be a path inside the scenario directory", { file: manifestFile, field });
    return join(dir, normalize(p));
  };
  const root = inside(m.root, "root");
  const scenarios = m.scenarios.map((s, i): CheckScenario => {
    const field = `scenarios[${i}].memory`;
    const file = inside(s.memory, field);
    let entries: MemoryEntry[];
    try {
      entries = readMemoryFile(file);
    } catch (e) {
      // Named from the manifest too: the manifest is what the user passed.
      if (e instanceof InputError) throw new InputError(e.message, { file: manifestFile, field });
      throw e;
    }
    if (entries.length !== s.expected.entry_reasons.length || entries.length !== s.expected.total)
      throw new InputError(
        `${entries.length} entries, but the manifest expects ${s.expected.total} (entry_reasons: ${s.expected.entry_reasons.length})`,
        { file: manifestFile, field: `scenarios[${i}].expected` },
      );
    return {
      name: s.name,
      group: s.group,
      invalid_fraction: s.invalid_fraction,
      entries,
      expected: s.expected,
    };
  });
  return { scenarios, root, seed: m.seed };
}
