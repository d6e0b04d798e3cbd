import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../../src/core/errors.js";
import { makeBaseline } from "../../src/geb/baselines/baselines.js";
import { generateDataset, validateConfig } from "../../src/geb/dataset/generate.js";
import { DEFAULT_GRADE_OPTIONS, type GradeOptions, Grader, type Metrics } from "../../src/geb/grade/grade.js";
import {
  DEFAULT_GENERATE_CONFIG,
  DISTRACTOR_PROFILES,
  type DistractorProfile,
  type GebRow,
  type GenerateConfig,
  type Protocol,
  STATE_MODES,
  type StateMode,
} from "../../src/geb/dataset/types.js";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
export const sharedGeb = fileURLToPath(new URL("../../../shared/reference/geb/", import.meta.url));
export const tmp = (): string => mkdtempSync(join(tmpdir(), "geb-test-"));

export function rowsOf(cfg: Partial<GenerateConfig>): GebRow[] {
  const out: GebRow[] = [];
  for (const ep of generateDataset({ ...DEFAULT_GENERATE_CONFIG, ...cfg })) out.push(...ep);
  return out;
}

/** Run a baseline on rows in memory and grade it. */
export function score(
  rows: GebRow[],
  baseline: "naive" | "ledger",
  protocol: Protocol,
  opts: Partial<GradeOptions> = {},
): Metrics {
  const p = makeBaseline(baseline, protocol);
  const g = new Grader({ ...DEFAULT_GRADE_OPTIONS, ...opts });
  for (const r of rows)
    g.add(r, p.predict({ id: r.id, meta: r.meta, text: protocol === "open_book" ? r.document : r.book }));
  return g.result();
}

/** Every (state mode, distractor profile) pair the 1.0 generator accepts. */
export function acceptedModeProfilePairs(): [StateMode, DistractorProfile][] {
  return STATE_MODES.flatMap((stateMode) =>
    DISTRACTOR_PROFILES.flatMap((distractorProfile): [StateMode, DistractorProfile][] => {
      try {
        validateConfig({ ...DEFAULT_GENERATE_CONFIG, stateMode, distractorProfile });
        return [[stateMode, distractorProfile]];
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        return [];
      }
    }),
  );
}
