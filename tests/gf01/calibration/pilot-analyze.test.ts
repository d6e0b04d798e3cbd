import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzePilot, PILOT_ANALYSIS_EXTRA_KEYS } from "../../../src/gf01/calibration/pilot-analyze.js";
import { dumpPayload, pilotAnalyzeCampaign } from "../../../src/gf01/calibration/pilot-analyze-files.js";
import { gf01In } from "../../helpers/cli-in.js";
import { P } from "../parity/helpers.js";

const FIX = fileURLToPath(new URL("../../fixtures/gf01/pilot-analyze/", import.meta.url));
const expected = (name: string): string => readFileSync(join(FIX, "expected", name), "utf8");
const tmp = (): string => mkdtempSync(join(tmpdir(), "gf01-pa-"));

/** A campaign folder holding `runs` (and `validation` when given) as the official names. */
function campaign(runs: string, validation?: string): string {
  const d = tmp();
  copyFileSync(runs, join(d, "runs_combined.jsonl"));
  if (validation) copyFileSync(validation, join(d, "official_validation.json"));
  return d;
}

/** Our payload without the additive keys, serialised as the official writer (PyFloats kept). */
async function ours(dir: string, opts: Parameters<typeof pilotAnalyzeCampaign>[1]): Promise<string> {
  const r = await pilotAnalyzeCampaign(dir, { minQuartileRows: 0, ...opts });
  expect(r.ok).toBe(true);
  const payload = { ...r.payload };
  for (const k of [...PILOT_ANALYSIS_EXTRA_KEYS, "out_path"]) delete payload[k];
  // The written file is the payload without out_path: check it, then return the official part.
  const written = readFileSync(opts?.out ?? join(dir, "pilot_analysis.json"), "utf8");
  const full = { ...r.payload };
  delete full.out_path;
  expect(written).toBe(dumpPayload(full));
  return dumpPayload(payload);
}

const panel = P("runs/panel_all.jsonl");

describe("pilot-analyze: parity with the official command (byte for byte, --min-quartile-rows 0)", () => {
  it("official retained pilot campaign (held-out split, official_validation echoed)", async () => {
    const d = campaign(
      join(FIX, "campaigns/pilot/runs_combined.jsonl"),
      join(FIX, "campaigns/pilot/official_validation.json"),
    );
    expect(await ours(d, {})).toBe(expected("pilot.json"));
  });
  it("parity panel: every row public, held-out fallback", async () => {
    expect(await ours(campaign(panel), {})).toBe(expected("panel.json"));
  });
  it("parity panel, hard mode, custom thresholds and public splits", async () => {
    const got = await ours(campaign(panel), {
      mode: "hard",
      publicSplits: ["public_val"],
      sampleTarget: 20,
      discriminationDeltaThreshold: 0.3,
      discriminationQ4Floor: 0.5,
      shortcutGoalThreshold: 0.2,
      shortcutCertifiedFloor: 0.9,
    });
    expect(got).toBe(expected("panel_hard.json"));
  });
  it("random agent as the trigger agent: varied rates, Pearson r, shortcut trigger, --out", async () => {
    const d = campaign(panel);
    const got = await ours(d, {
      greedyAgentName: "BL-00-RandomIntervention",
      publicSplits: [""],
      out: join(d, "sub", "random.json"),
    });
    expect(got).toBe(expected("panel_random.json"));
  });
  it("three held-out rows: same as official with the official rule", async () => {
    expect(await ours(campaign(join(FIX, "campaigns/small/runs_combined.jsonl")), {})).toBe(
      expected("small.json"),
    );
  });
  it("missing runs: the official error payload, not ok", async () => {
    const d = join(tmp(), "missing");
    mkdirSync(d);
    const r = await pilotAnalyzeCampaign(d);
    expect(r.ok).toBe(false);
    const want = JSON.parse(expected("missing.stdout.json"));
    expect(r.payload).toEqual({ ...want, campaign_dir: d, runs_path: join(d, "runs_combined.jsonl") });
    expect(r.error).toMatch(/campaign runs missing/);
  });
});

describe("pilot-analyze: the quartile-row rule (our difference)", () => {
  it("fewer than 4 rows in a held-out quartile: flagged, not triggered", async () => {
    const r = await pilotAnalyzeCampaign(campaign(join(FIX, "campaigns/small/runs_combined.jsonl")));
    const p = r.payload as Record<string, Record<string, unknown>> & { recommendation: string };
    expect(p.discrimination_check.triggered).toBe(false);
    expect(p.quartile_row_check).toEqual({
      min_quartile_rows: 4,
      held_out_quartile_counts: { Q1: 1, Q2: 1, Q3: 1, Q4: 0 },
      discrimination_evaluable: false,
      official_triggered: true,
    });
    expect(p.recommendation).toBe("insufficient_data");
    // The interval says how little the rate rests on: Q4 has no rows at all.
    expect((p.intervals as Record<string, { n: number; value: unknown }>).m_q4).toMatchObject({
      n: 0,
      value: null,
    });
  });
  it("the official pilot (2 rows a quartile) is insufficient under the default, recalibrate under 0", async () => {
    const d = campaign(join(FIX, "campaigns/pilot/runs_combined.jsonl"));
    const dflt = (await pilotAnalyzeCampaign(d)).payload;
    expect(dflt.recommendation).toBe("insufficient_data");
    const off = (await pilotAnalyzeCampaign(d, { minQuartileRows: 0 })).payload;
    expect(off.recommendation).toBe("recalibrate_normal_window");
  });
  it("a shortcut trigger still recommends recalibration when quartiles are thin", () => {
    const rows = [0.1, 0.2, 0.3].map((z, i) => row({ z, goal: true, valid: false, id: `i${i}` }));
    const p = analyzePilot(rows) as Record<string, unknown> & { shortcut_check: { triggered: boolean } };
    expect(p.shortcut_check.triggered).toBe(true);
    expect(p.recommendation).toBe("recalibrate_normal_window");
  });
  it("enough rows and a real gap keeps the coefficients", () => {
    // 16 held-out rows sorted by z: Q1 all certified, Q4 every other one.
    const rows = Array.from({ length: 16 }, (_, i) =>
      row({ z: i / 16, goal: true, valid: i < 12 || i % 2 === 0, id: `i${i}` }),
    );
    const p = analyzePilot(rows) as Record<string, Record<string, unknown>> & { recommendation: string };
    expect(p.quartile_row_check.discrimination_evaluable).toBe(true);
    // Q1 = 1.0, Q4 = 0.5: delta 0.5 ≥ 0.12 and Q4 ≥ 0.10.
    expect((p.discrimination_check.m_q4 as { value: number }).value).toBe(0.5);
    expect(p.discrimination_check.triggered).toBe(false);
    expect(p.recommendation).toBe("keep_coefficients");
  });
  it("quartiles by index: sizes differ by at most one, cover every scored row, Q4 empty only when n < 4", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 60 }), (zs) => {
        const rows = zs.map((z, i) => row({ z, goal: true, valid: true, id: `i${i}` }));
        const p = analyzePilot(rows, { minQuartileRows: 0 }) as Record<string, Record<string, unknown>>;
        const counts = Object.values(p.quartile_row_check.held_out_quartile_counts as Record<string, number>);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(zs.length);
        if (zs.length >= 4) expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        expect(counts[3] === 0).toBe(zs.length < 4);
      }),
      { numRuns: 200 },
    );
  });
});

describe("pilot-analyze: bad input", () => {
  it("a legacy/non-strict row is an InputError naming file, line and field", async () => {
    const d = tmp();
    const good = readFileSync(join(FIX, "campaigns/small/runs_combined.jsonl"), "utf8").split("\n")[0];
    const legacy = { ...JSON.parse(good), schema_version: "old" };
    writeFileSync(join(d, "runs_combined.jsonl"), `${good}\n${JSON.stringify(legacy)}\n`);
    await expect(pilotAnalyzeCampaign(d)).rejects.toThrow(
      /runs_combined\.jsonl:2: field schema_version: .*migrate-runs/,
    );
    writeFileSync(join(d, "runs_combined.jsonl"), `${good}\n{"a":\n`);
    await expect(pilotAnalyzeCampaign(d)).rejects.toThrow(/runs_combined\.jsonl:2: invalid JSON/);
    const c = { ...JSON.parse(good), complexity: [1, 2] };
    writeFileSync(join(d, "runs_combined.jsonl"), `${JSON.stringify(c)}\n`);
    await expect(pilotAnalyzeCampaign(d)).rejects.toThrow(/:1: field complexity: /);
  });
  it("CLI: exit 2 with the JSON error on stdout and one stderr line; a bad flag is exit 2", async () => {
    // gf01 in-process: the test is about the exit code and what is printed.
    const run = (args: string[]) => gf01In(args);
    const d = tmp();
    const r = await run(["pilot-analyze", "--campaign-dir", d]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error_type).toBe("campaign_runs_missing");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    const f = await run(["pilot-analyze", "--campaign-dir", d, "--discrimination-q4-floor", "2"]);
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/--discrimination-q4-floor/);
  });
});

function row(o: { z: number; goal: boolean; valid: boolean; id: string }): Record<string, unknown> {
  return {
    agent_name: "BL-01-GreedyLocal",
    eval_track: "EVAL-CB",
    mode: "normal",
    split_id: "private_eval",
    scored_commit_episode: true,
    instance_id: o.id,
    goal: o.goal,
    valid: o.valid,
    ap_f1: 0,
    ts_f1: 0,
    complexity: {
      state_count_norm: o.z,
      effect_depth_norm: o.z,
      transition_count_norm: o.z,
      input_count_norm: o.z,
    },
  };
}
