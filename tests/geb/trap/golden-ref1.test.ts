/**
 * Golden pins of the reference ports refactored onto the shared kit (control scaffold ×6,
 * compression loss-bounded / recoverability / roundtrip, epistemic, authority ×2): sha256 of
 * the generated fixtures (default seed and one other, every split), of every prediction
 * set's full score (means, failure modes, per-row diagnostics) on both, of the baseline
 * report at every stage (floors, data-dependent floor adjustment, rule program) and of the
 * family's declared data (floors, jitter, synthetic metrics, wording). Recorded on the code
 * before the refactor (tests/fixtures/geb/trap/golden-ref1.json); the parity test covers
 * only the default seed's fixtures and means. Re-record with GOLDEN_REF1_WRITE=1 only for an
 * intended behaviour change.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SCAFFOLD_FAMILY_IDS } from "../../../src/geb/trap/families/control-scaffold.js";
import { baselineReport } from "../../../src/geb/trap/framework.js";
import { serializeTrapRows } from "../../../src/geb/trap/fixtures.js";
import { TRAP_FAMILIES } from "../../../src/geb/trap/registry.js";
import { TRAP_SPLITS, TRAP_STAGES, type TrapFamily } from "../../../src/geb/trap/types.js";
import { predSets } from "./preds.js";

const FILE = join(import.meta.dirname, "../../fixtures/geb/trap/golden-ref1.json");

const IDS = [
  ...SCAFFOLD_FAMILY_IDS,
  "compression_loss_bounded",
  "compression_recoverability",
  "compression_roundtrip_generalization",
  "epistemic_calibration_suite",
  "authority_under_interference",
  "authority_under_interference_hardening",
];

const sha = (s: string): string => createHash("sha256").update(s).digest("hex");

/**
 * The family's declared data: everything but its functions, its own fields in sorted order
 * (their order in the object literal is not an output; nested orders, e.g. the synthetic
 * metrics a summary prints, are kept).
 */
const declared = (f: TrapFamily): string =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(f)
        .sort()
        .map((k) => [k, f[k as keyof TrapFamily]]),
    ),
    (_k, v) => (typeof v === "function" ? "fn" : v),
  );

function pins(f: TrapFamily): Record<string, string> {
  const out: Record<string, string> = { declared: sha(declared(f)) };
  const sample = f.generate(f.defaults).holdout[0];
  out.text = sha(
    JSON.stringify([
      f.predictionFromText(sample, '{"value": "x", "support_ids": ["U1"]}'),
      f.predictionFromText(sample, "no json"),
    ]),
  );
  for (const seed of [f.defaults.seed, f.defaults.seed + 1]) {
    const fx = f.generate({ ...f.defaults, seed });
    for (const split of TRAP_SPLITS) {
      out[`${seed}.${split}.rows`] = sha(serializeTrapRows(fx[split]));
      for (const [name, make] of Object.entries(predSets(f.id)))
        out[`${seed}.${split}.${name}`] = sha(JSON.stringify(f.score(fx[split], make(f, fx[split]))));
    }
    for (const stage of TRAP_STAGES)
      out[`${seed}.baselines.${stage}`] = sha(JSON.stringify(baselineReport(f, fx, stage)));
  }
  return out;
}

describe("golden pins of the kit-refactored reference ports", () => {
  const families = IDS.map((id) => {
    const f = TRAP_FAMILIES.find((x) => x.id === id);
    if (!f) throw new Error(`no family ${id}`);
    return f;
  });
  if (process.env.GOLDEN_REF1_WRITE === "1") {
    it("records the pins", () => {
      const all = Object.fromEntries(families.map((f) => [f.id, pins(f)]));
      writeFileSync(FILE, `${JSON.stringify(all, null, 1)}\n`);
    });
    return;
  }
  const want = JSON.parse(readFileSync(FILE, "utf8")) as Record<string, Record<string, string>>;
  for (const f of families)
    it(`${f.id}: fixtures, scores, baselines and declarations unchanged`, () => {
      expect(pins(f)).toEqual(want[f.id]);
    });
});
