/**
 * Every registered trap family (reference-0.1 ports and 1.0 variants) through
 * `geb trap run --stage target --runs 3` against the loopback OpenAI-compatible server, on
 * small generated fixture sets. The fake model answers each prompt with that row's gold
 * answer (looked up by the exact prompt the runner sends, expansions included), so a run
 * that does not PASS means the runner, scorer or floors disagree with the family's own
 * gold. Summaries and `<family>_reliability.json` must be written and schema-valid.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrapReliability, TrapRunSummary } from "../../../src/geb/trap/framework.js";
import { TRAP_FAMILIES } from "../../../src/geb/trap/registry.js";
import { loadTrapFixtures, trapPrompt } from "../../../src/geb/trap/run.js";
import { trapReliabilitySchema, trapRunSummarySchema } from "../../../src/geb/trap/schema.js";
import { TRAP_SPLITS, type TrapFamily, type TrapRow } from "../../../src/geb/trap/types.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { generateSmall, geb, loopbackFlags, readJson, tempDir } from "./harness.js";

/** [anchors, holdout, canary]; persona_session_drift counts sessions (holdout only). */
const SIZES: Record<string, [number, number, number]> = {
  persona_session_drift: [0, 1, 0],
  // Fixed data sets (the reference generator takes no size): the defaults.
  cross_app_intent_preservation_pack: [-1, -1, -1],
  // Each base row expands to 54 (social) or 7 (rag) attacked rows.
  social_pressure_self_doubt: [1, 1, 1],
  social_pressure_self_doubt_1_0: [1, 1, 1],
  rag_prompt_injection: [2, 3, 1],
  // Every subset a floor reads needs rows (implication_coherence's target hard-case count is 16).
  implication_coherence: [6, 22, 1],
  referential_indexing_suite: [9, 36, 1],
  referential_indexing_derived: [5, 15, 1],
  epistemic_calibration_suite: [12, 24, 1],
  compression_roundtrip_generalization: [8, 18, 1],
};
const DEFAULT_SIZE: [number, number, number] = [3, 8, 1];

/** The text a model that knows the gold answer writes for a row. */
function goldText(family: TrapFamily, row: TrapRow): string {
  // epistemic's answer is the whole text (its scorer reads the JSON itself); its fold is exact.
  if (family.id === "epistemic_calibration_suite") return String(family.foldPrediction(row).value);
  return JSON.stringify({ value: row.gold.value, support_ids: row.gold.support_ids });
}

const answers = new Map<string, string>();
const misses: string[] = [];
let lb: Loopback;
let dir: string;
beforeAll(async () => {
  dir = tempDir("geb-trap-every-");
  lb = await startLoopback({
    answer: (prompt) => {
      const a = answers.get(prompt);
      if (a === undefined) misses.push(prompt.slice(0, 200));
      return a ?? "no answer";
    },
  });
});
afterAll(async () => {
  await lb.close();
});

describe("every trap family: geb trap run --stage target --runs 3 (loopback OpenAI server)", () => {
  for (const family of TRAP_FAMILIES)
    it(`${family.id} (${family.compat ?? "reference-0.1"})`, async () => {
      const [a, h, c] = SIZES[family.id] ?? DEFAULT_SIZE;
      const fx = join(dir, `${family.id}-fx`);
      if (a >= 0) await generateSmall(fx, family.id, a, h, c);
      else expect((await geb(["trap", "generate", "--family", family.id, "--out-dir", fx])).code).toBe(0);
      // The prompts the runner will send, each with its gold answer (expansions built from gold base answers).
      const fixtures = loadTrapFixtures(family, fx);
      for (const split of TRAP_SPLITS) {
        const rows = fixtures[split];
        const base = rows.map((r) => family.predictionFromText(r, goldText(family, r)));
        const all = [...rows, ...(family.expand ? family.expand(rows, base) : [])];
        for (const r of all) answers.set(trapPrompt(family, r), goldText(family, r));
      }
      const out = join(dir, family.id);
      const before = lb.requests.length;
      const r = await geb([
        "trap",
        "run",
        "--family",
        family.id,
        ...loopbackFlags(lb, "--max-concurrency", "16"),
        "--stage",
        "target",
        "--runs",
        "3",
        "--out-dir",
        out,
        "--fixtures",
        fx,
      ]);
      expect(r.err).toBe("");
      expect(misses).toEqual([]);
      expect(lb.requests.length).toBeGreaterThan(before);
      for (let k = 1; k <= 3; k++) {
        const f = join(out, `run-${k}`, `${family.id}_summary.json`);
        expect(existsSync(f), f).toBe(true);
        const s = trapRunSummarySchema.parse(readJson(f)) as TrapRunSummary;
        expect(s).toMatchObject({
          family: family.id,
          run: k,
          stage: "target",
          compat: family.compat ?? "reference-0.1",
        });
      }
      const rel = trapReliabilitySchema.parse(
        readJson(join(out, `${family.id}_reliability.json`)),
      ) as TrapReliability;
      expect(rel.runs).toBe(3);
      expect({ code: r.code, status: rel.status, failures: rel.failures }).toEqual({
        code: 0,
        status: "PASS",
        failures: [],
      });
    });
});
