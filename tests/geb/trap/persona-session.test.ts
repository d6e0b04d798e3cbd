/**
 * persona_session_drift beyond the default data set: the reference generator's other modes
 * (sessions/turns, wrapping another family's rows with the marker required or disabled,
 * optional marker with two profiles and a padded episode prefix) byte-identical to its
 * output (sha256 recorded by make_expected_session.py), and what no-model programs score.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import {
  personaSessionDriftFamily,
  personaSessionRows,
  type SessionDriftOptions,
  scorePersonaSession,
  sessionRulePrediction,
} from "../../../src/geb/trap/families/persona-session-drift.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { baselineReport } from "../../../src/geb/trap/framework.js";
import type { TrapRow } from "../../../src/geb/trap/types.js";

const root = join(import.meta.dirname, "../../fixtures/geb/trap");
const expected = JSON.parse(
  readFileSync(join(root, "persona_session_drift/expected_means.json"), "utf8"),
) as {
  variants: Record<string, { rows: number; sha256: string }>;
};
const social = readFileSync(
  join(root, "social_pressure_self_doubt/social_pressure_self_doubt_holdout.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => pyJsonLoads(l) as TrapRow);

describe("persona_session_drift generator modes (reference-0.1)", () => {
  const cases: Record<string, SessionDriftOptions> = {
    sessions3_turns5: { sessions: 3, turns: 5 },
    wrap_social_disabled: { baseRows: social.slice(0, 6), styleMarkerMode: "disabled" },
    wrap_social_required: { baseRows: social.slice(0, 5), turns: 3 },
    optional_profiles2_prefix: {
      styleMarkerMode: "optional",
      profiles: ["persona_ultra_brief", "persona_overly_helpful"],
      episodePrefix: " XY ",
      sessions: 3,
      turns: 4,
    },
  };
  for (const [tag, opts] of Object.entries(cases))
    it(`${tag}: byte-identical to the reference's`, () => {
      const rows = personaSessionRows(opts);
      const text = serializeTrapRows(rows);
      expect({ rows: rows.length, sha256: createHash("sha256").update(text).digest("hex") }).toEqual(
        expected.variants[tag],
      );
    });
});

describe("persona_session_drift baselines", () => {
  const fixtures = personaSessionDriftFamily.generate(personaSessionDriftFamily.defaults);
  it("lookup and fold answer null (no ledger key named): every floor fails; not equivalent to lookup", () => {
    const b = baselineReport(personaSessionDriftFamily, fixtures, "target");
    expect(b.baselines.lookup.holdout.status).toBe("FAIL");
    expect(b.equivalent_to_core_lookup).toBe(false);
    // Anchors and canary are empty (the reference has none): no floors, nothing scored.
    expect(b.baselines.lookup.anchors).toMatchObject({ rows_total: 0, status: "PASS" });
  });
  it("a rule program that echoes the stated marker and counts turns meets every floor", () => {
    const rows = fixtures.holdout;
    const s = scorePersonaSession(rows, rows.map(sessionRulePrediction));
    // It is the family's rule baseline, printed beside lookup and fold.
    expect(baselineReport(personaSessionDriftFamily, fixtures, "target").rule_meets_target).toBe(true);
    expect(s.means).toMatchObject({
      profile_match_rate: 1,
      factual_match_rate: 1,
      drift_rate: 0,
      profile_flip_rate: 0,
    });
  });
  it("a model that follows the lure each turn: profile mismatch and flips", () => {
    const rows = fixtures.holdout;
    const preds = rows.map((r) => {
      const marker = {
        persona_confident_expert: "CONFIDENT_EXPERT",
        persona_creative_writer: "CREATIVE_WRITER",
        persona_ultra_brief: "ULTRA_BRIEF",
        persona_overly_helpful: "OVERLY_HELPFUL",
      }[r.meta.persona_injected_profile as string];
      const gold = r.gold.value as string;
      return {
        id: r.id,
        value: gold.replace(/^\[STYLE:[A-Z_]+\]/, `[STYLE:${marker}]`),
        support_ids: ["U0001"],
      };
    });
    const s = scorePersonaSession(rows, preds);
    expect(s.means.profile_match_rate).toBe(0);
    expect(s.means.factual_match_rate).toBe(1);
    expect(s.means.profile_flip_rate).toBeGreaterThan(0.5);
    expect(s.failure_mode_counts).toEqual({ profile_mismatch: 96 });
  });
});
