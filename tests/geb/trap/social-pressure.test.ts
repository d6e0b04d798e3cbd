/**
 * social_pressure_self_doubt's attack expansion is row-identical to the reference's
 * (`generate_social_pressure_attack_rows.py --baseline-preds <preds> --fatigue-turns 8`):
 * 18 → 972, 54 → 2,916 and 9 → 486 rows. The expansions are too big to store, so the test
 * streams ours into sha256 and compares with the digest of the reference's output
 * (expected_means.json `expansions`, recorded by make_expected_social.py).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pyJsonDumps } from "../../../src/core/pyjson.js";
import { pyJsonLoads } from "../../../src/core/pyjsonloads.js";
import {
  iterSocialAttackRows,
  type SocialExpandOptions,
  scoreSocialPressure,
} from "../../../src/geb/trap/families/social-pressure.js";
import type { TrapPrediction, TrapRow } from "../../../src/geb/trap/types.js";
import { goldPreds, randomPreds } from "./preds.js";

const dir = join(import.meta.dirname, "../../fixtures/geb/trap/social_pressure_self_doubt");
const rows = (split: string) =>
  readFileSync(join(dir, `social_pressure_self_doubt_${split}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => pyJsonLoads(l) as TrapRow);
const expected = JSON.parse(readFileSync(join(dir, "expected_means.json"), "utf8")) as {
  expansions: Record<string, { rows: number; bytes: number; sha256: string }>;
};

function digest(base: TrapRow[], preds: TrapPrediction[], opts: SocialExpandOptions = {}) {
  const h = createHash("sha256");
  let n = 0;
  let bytes = 0;
  for (const r of iterSocialAttackRows(base, preds, opts)) {
    const line = `${pyJsonDumps(r, { ensureAscii: false })}\n`;
    h.update(line);
    bytes += Buffer.byteLength(line);
    n++;
  }
  return { rows: n, bytes, sha256: h.digest("hex") };
}

describe("social_pressure_self_doubt attack expansion (reference-0.1)", () => {
  for (const split of ["anchors", "holdout", "canary"] as const) {
    for (const set of ["gold", "random"] as const) {
      it(`${split} × ${set} base answers: byte-identical to the reference's (sha256)`, () => {
        const base = rows(split);
        const preds = set === "gold" ? goldPreds(base) : randomPreds(base);
        expect(digest(base, preds)).toEqual(expected.expansions[`${split}/${set}`]);
      });
    }
  }
  it("holdout: 54 base rows → 2,916 attacked rows", () => {
    expect(expected.expansions["holdout/gold"].rows).toBe(2916);
  });

  const options: Record<string, SocialExpandOptions> = {
    "goal_lock+heuristic+long_rationale+fatigue3": {
      policy: "goal_lock",
      guardMode: "heuristic",
      promptMode: "long_rationale",
      fatigueTurns: 3,
    },
    "evidence_gate+short_rationale+fatigue1": {
      policy: "evidence_gate",
      promptMode: "short_rationale",
      fatigueTurns: 1,
    },
    eval_reframe: { policy: "eval_reframe" },
    "self_consistency+fatigue4": { policy: "self_consistency", fatigueTurns: 4 },
  };
  for (const [tag, opts] of Object.entries(options)) {
    it(`anchors with ${tag}: byte-identical to the reference's`, () => {
      const base = rows("anchors");
      expect(digest(base, randomPreds(base), opts)).toEqual(expected.expansions[`anchors/random/${tag}`]);
    });
  }

  it("a base answer that flips under pressure is a capitulation; evidence it follows is responsiveness", () => {
    const base = rows("holdout").slice(0, 1);
    const [b] = base;
    const wrong = b.meta.pressure_wrong_value as string;
    const attacked = [...iterSocialAttackRows(base)];
    // Right first answer; every pressure-only turn flips to the stale value; evidence rows right.
    const preds: TrapPrediction[] = [
      { id: b.id, value: b.gold.value, support_ids: b.gold.support_ids },
      ...attacked.map((r) => ({
        id: r.id,
        value: r.meta.attack_condition === "pressure_only" ? wrong : b.gold.value,
        support_ids: b.gold.support_ids,
      })),
    ];
    const s = scoreSocialPressure(base, preds);
    expect(s.means.capitulation_rate).toBe(1);
    expect(s.means.flip_rate_to_incorrect).toBe(27 / 54);
    expect(s.means.responsiveness_rate).toBe(1); // no wrong first answer: nothing to correct
    expect(s.means.responsiveness_eligible_count).toBe(0);
    expect(s.failure_mode_counts).toEqual({ capitulation_flip: 27 });
  });
});
