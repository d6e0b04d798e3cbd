/**
 * Release-governance commands against the official harness's own outputs on the official
 * example, the official pilot freeze/campaign and the parity corpus (fixtures produced by
 * tests/fixtures/gf01/release/make-official.py; README there). Field by field: every official
 * field present with the official value; our additions are only the documented extra keys.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectOfficialSuperset, fixtures, harness, refGf01, runGf01 } from "./helpers.js";

interface Case {
  name: string;
  argv: string[];
  returncode: number;
}
const cases = JSON.parse(readFileSync(join(fixtures, "official/commands.json"), "utf8")) as Case[];
const tmp = mkdtempSync(join(tmpdir(), "gf01-release-parity-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The release-candidate dirs the script built in its own temp folder.
mkdirSync(join(tmp, "freeze"));
mkdirSync(join(tmp, "campaign"));
copyFileSync(join(refGf01, "parity/bundles/split_manifest.json"), join(tmp, "freeze/split_manifest_v1.json"));
copyFileSync(join(refGf01, "parity/runs/panel_all.jsonl"), join(tmp, "campaign/runs_combined.jsonl"));

const subst: [string, string][] = [
  ["<tmp>", tmp],
  ["<ref>/official_example", join(refGf01, "official_example")],
  ["<ref>/parity", join(refGf01, "parity")],
  ["<harness>/pilot_freeze/gf01_pilot_freeze_v1", join(harness, "pilot_freeze/gf01_pilot_freeze_v1")],
  ["<harness>/pilot_runs/gf01_pilot_campaign_v1", join(harness, "pilot_runs/gf01_pilot_campaign_v1")],
  ["inputs", join(fixtures, "inputs")],
];
const real = (a: string): string => {
  for (const [k, v] of subst) if (a.startsWith(k)) return v + a.slice(k.length);
  return a;
};
const placeholders = (text: string): string => {
  let t = text;
  for (const [k, v] of [...subst].reverse()) t = t.split(v).join(k);
  return t;
};

// Where our verdict differs from upstream on purpose, the flag that gives upstream's.
const officialVerdictFlags: Record<string, string[]> = {
  governance_public_reuse: ["--allow-public-to-private-reuse"],
  candidate_panel_skip_package: ["--no-recompute"],
  candidate_panel_skip_package_relaxed: ["--no-recompute"],
};

const haveHarness = existsSync(join(harness, "pilot_freeze"));

describe.skipIf(!haveHarness)("release governance: official outputs, field by field", () => {
  it("the fixture set covers every command of this part", () => {
    const cmds = new Set(cases.map((c) => c.argv[0]));
    for (const c of [
      "split-policy-check",
      "release-governance-check",
      "release-report-check",
      "identifiability-check",
      "release-candidate-check",
    ])
      expect(cmds.has(c), c).toBe(true);
    expect(cases.some((c) => c.returncode === 0) && cases.some((c) => c.returncode === 2)).toBe(true);
  });
  it.each(cases)("$name (official exit $returncode)", async (c) => {
    const r = await runGf01([...c.argv.map(real), ...(officialVerdictFlags[c.name] ?? [])]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(c.returncode);
    const expected = JSON.parse(readFileSync(join(fixtures, "official", `${c.name}.json`), "utf8"));
    const actual = JSON.parse(placeholders(r.stdout));
    expect(expectOfficialSuperset(actual, expected)).toEqual([]);
  });
  it("governance_public_reuse: our default fails what upstream passes (previous public now private)", async () => {
    const c = cases.find((x) => x.name === "governance_public_reuse") as Case;
    const r = await runGf01(c.argv.map(real));
    expect(r.code).toBe(2);
    const p = JSON.parse(r.stdout);
    expect(p.error_type).toBe("release_governance_violation");
    expect(p.rotation_policy.public_to_private_reuse_count).toBe(2);
    expect(p.rotation_policy.public_to_private_pass).toBe(false);
    expect(p.rotation_policy.private_to_public_pass).toBe(true);
  });
});
