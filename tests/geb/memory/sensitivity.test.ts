/**
 * The sensitivity generator and checks: deterministic scenarios, a PASS with the real
 * verifier, a FAIL (on the right check) with broken ones, the on-disk round trip, and the
 * reference verifier's per-entry reasons on the seed-0 scenarios (recorded by running it).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import {
  checkScenarioDir,
  checkScenarioSet,
  defaultVerifier,
  generateScenariosToDir,
} from "../../../src/geb/memory/api.js";
import { generateScenarios } from "../../../src/geb/memory/generate.js";
import { readMemoryFile } from "../../../src/geb/memory/io.js";
import type { Verifier } from "../../../src/geb/memory/sensitivity.js";
import { diskFiles } from "../../../src/geb/memory/source.js";
import { summarizeMemory, verifyMemories } from "../../../src/geb/memory/verify.js";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

describe("memory generate", () => {
  it("is deterministic per seed and the seed matters", () => {
    const a = JSON.stringify(generateScenarios(4));
    expect(JSON.stringify(generateScenarios(4))).toBe(a);
    expect(JSON.stringify(generateScenarios(5))).not.toBe(a);
  });

  it("has at least 15 scenarios, a ladder of 11, scale ≥ 100 entries with ≥ 60 invalid", () => {
    const s = generateScenarios(0).scenarios;
    expect(s.length).toBeGreaterThanOrEqual(15);
    expect(s.filter((x) => x.group === "ladder").map((x) => x.expected.invalid_count)).toEqual([
      0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20,
    ]);
    expect(Math.max(...s.map((x) => x.expected.total))).toBeGreaterThanOrEqual(100);
    expect(Math.max(...s.map((x) => x.expected.invalid_count))).toBeGreaterThanOrEqual(60);
  });
});

describe("memory check", () => {
  for (const seed of [0, 1, 2])
    it(`the real verifier passes every check and floor (seed ${seed})`, () => {
      const r = checkScenarioSet(generateScenarios(seed));
      expect(r.failures).toEqual([]);
      expect(r.status).toBe("PASS");
      expect(Object.values(r.checks).every(Boolean)).toBe(true);
      expect(r.coverage).toMatchObject({ scenario_count: 19, min_invalid_rate: 0, max_invalid_rate: 1 });
      expect(r.coverage.distinct_reason_count).toBeGreaterThanOrEqual(9);
      expect(r.coverage.distinct_tag_count).toBe(4);
    });

  const set = generateScenarios(0);
  const real = defaultVerifier(set);
  const failing = (verify: Verifier) => {
    const r = checkScenarioSet(set, verify);
    expect(r.status).toBe("FAIL");
    return Object.entries(r.checks)
      .filter(([, v]) => !v)
      .map(([k]) => k);
  };

  it("a verifier that counts unused entries fails the unused and used-count checks", () => {
    const broken: Verifier = (entries) => real(entries.map((e) => ({ ...e, used: true })));
    expect(failing(broken)).toEqual(
      expect.arrayContaining([
        "unused_entries_excluded",
        "all_used_count_expected",
        "blocked_matches_expected",
      ]),
    );
  });

  it("a verifier that passes everything fails the range, ladder-expectation and diversity checks", () => {
    const broken: Verifier = (entries) => {
      const { results } = real(entries);
      const ok = results.map((r) => ({ ...r, ok: true, reasons: [], tags: [] }));
      return { results: ok, summary: summarizeMemory(ok) };
    };
    expect(failing(broken)).toEqual(
      expect.arrayContaining([
        "range_exercised",
        "tag_reason_diversity",
        "invalid_rate_matches_expected",
        "entry_reasons_match_expected",
      ]),
    );
  });

  it("a verifier that reads outside the root (drops path_outside_root) fails the per-entry check", () => {
    const broken: Verifier = (entries) => {
      const { results } = real(entries);
      const fixed = results.map((r) =>
        r.reasons.join() === "path_outside_root" ? { ...r, ok: true, reasons: [], tags: [] } : r,
      );
      return { results: fixed, summary: summarizeMemory(fixed) };
    };
    expect(failing(broken)).toEqual(
      expect.arrayContaining(["entry_reasons_match_expected", "blocked_matches_expected"]),
    );
  });

  it("a summary whose blocked count is not the invalid count fails blocked_equals_invalid", () => {
    const broken: Verifier = (entries) => {
      const r = real(entries);
      return { ...r, summary: { ...r.summary, actions_blocked_by_memory_gate: 0 } };
    };
    expect(failing(broken)).toContain("blocked_equals_invalid");
  });

  it("a ladder that goes down fails the monotonic checks", () => {
    const ladder = set.scenarios.filter((s) => s.group === "ladder");
    const swapped = { ...set, scenarios: set.scenarios.map((s) => s) };
    // Swap the expectations' fractions of two rungs: the series read in fraction order then decreases.
    const i = swapped.scenarios.indexOf(ladder[2]);
    const j = swapped.scenarios.indexOf(ladder[8]);
    swapped.scenarios[i] = { ...ladder[2], invalid_fraction: ladder[8].invalid_fraction };
    swapped.scenarios[j] = { ...ladder[8], invalid_fraction: ladder[2].invalid_fraction };
    const r = checkScenarioSet(swapped);
    expect(r.checks.monotonic_invalid_rate).toBe(false);
    expect(r.checks.monotonic_verified_rate).toBe(false);
  });
});

describe("memory generate + check on disk", () => {
  it("round-trips; the CLI exits 0 on PASS and 1 on a tampered expectation", async () => {
    const dir = join(tmp(), "sc");
    const g = await runCli("geb", ["memory", "generate", "--seed", "0", "--out", dir]);
    expect(g.code, g.stderr).toBe(0);
    expect(g.stdout).toBe(`Wrote 19 scenarios (565 entries) to ${dir}\n`);
    const out = join(dir, "..", "report.json");
    const c = await runCli("geb", ["memory", "check", "--scenarios", dir, "--out", out]);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/status: PASS \(19 scenarios\)\n$/);
    const report = JSON.parse(readFileSync(out, "utf8"));
    expect(report.status).toBe("PASS");
    expect(report).toEqual(JSON.parse(JSON.stringify(await checkScenarioDir(dir))));

    const mf = join(dir, "manifest.json");
    const m = JSON.parse(readFileSync(mf, "utf8"));
    m.scenarios[3].expected.invalid_count += 1;
    writeFileSync(mf, JSON.stringify(m));
    const bad = await runCli("geb", ["memory", "check", "--scenarios", dir, "--format", "json"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`geb memory check: FAIL: blocked_matches_expected: ${m.scenarios[3].name}\n`);
    expect(JSON.parse(bad.stdout).status).toBe("FAIL");
  });

  it("a manifest that is not one is an InputError naming file and field", async () => {
    const dir = join(tmp(), "sc");
    await generateScenariosToDir(1, dir);
    const mf = join(dir, "manifest.json");
    const m = JSON.parse(readFileSync(mf, "utf8"));
    m.scenarios[0].memory = "../../etc/passwd";
    writeFileSync(mf, JSON.stringify(m));
    await expect(checkScenarioDir(dir)).rejects.toThrow(InputError);
    await expect(checkScenarioDir(dir)).rejects.toThrow(`${mf}: field scenarios[0].memory:`);
  });

  it("without --scenarios it generates in memory (same report as on disk)", async () => {
    const c = await runCli("geb", ["memory", "check", "--seed", "2", "--format", "json"]);
    expect(c.code, c.stderr).toBe(0);
    const dir = join(tmp(), "sc");
    await generateScenariosToDir(2, dir);
    expect(JSON.parse(c.stdout)).toEqual(JSON.parse(JSON.stringify(await checkScenarioDir(dir))));
  });
});

describe("the reference verifier on the seed-0 scenarios", () => {
  const recorded = JSON.parse(
    readFileSync(join(repoRoot, "tests/fixtures/geb/memory/reference/scenarios_seed0.json"), "utf8"),
  ) as { seed: number; reasons: Record<string, string[][]> };

  it("agrees entry by entry, except on the documented defects", async () => {
    const dir = join(tmp(), "sc");
    const set = await generateScenariosToDir(0, dir);
    const files = diskFiles(join(dir, "root"));
    const diffs: Record<string, number> = {};
    let agree = 0;
    for (const s of set.scenarios) {
      const entries = readMemoryFile(join(dir, "scenarios", `${s.name}.jsonl`));
      const ours = verifyMemories(entries, files).results;
      const theirs = recorded.reasons[s.name];
      expect(theirs.length).toBe(ours.length);
      for (const [i, r] of ours.entries()) {
        const t = theirs[i];
        if (JSON.stringify(r.reasons) === JSON.stringify(t)) {
          agree++;
          continue;
        }
        const c = s.entries[i].citations as Record<string, unknown>[];
        const kind =
          r.reasons.join() === "path_outside_root" && t.join() === `missing_file:${c[0].file_path}`
            ? "outside root (the reference looks for the file there)"
            : r.reasons.join() === "invalid_line_range" &&
                t.length === 0 &&
                !Number.isInteger(c[0].line_start)
              ? "fractional line_start (the reference truncates)"
              : r.reasons.join() === "line_range_out_of_bounds" && t.length === 0
                ? "line_end past the end (the reference clamps)"
                : `unexpected: ours ${r.reasons} reference ${t}`;
        diffs[kind] = (diffs[kind] ?? 0) + 1;
      }
    }
    expect(Object.keys(diffs).sort()).toEqual([
      "fractional line_start (the reference truncates)",
      "line_end past the end (the reference clamps)",
      "outside root (the reference looks for the file there)",
    ]);
    expect(agree).toBeGreaterThan(500);
  });
});

describe("the memory gates (examples/geb/memory-checks.json) through geb check-thresholds", () => {
  it("pass on a clean memory file and the sensitivity report; the verify gate fails on an invalid memory", async () => {
    const root = tmp();
    const gates = join(root, "runs/release_gates");
    const fx = join(repoRoot, "tests/fixtures/geb/memory");
    const clean = join(root, "clean.jsonl");
    writeFileSync(clean, `${readFileSync(join(fx, "cases.jsonl"), "utf8").split("\n")[0]}\n`);
    const config = join(repoRoot, "examples/geb/memory-checks.json");
    const run = (...a: string[]) => runCli("geb", a);
    expect(
      (
        await run(
          "memory",
          "verify",
          "--in",
          clean,
          "--root",
          join(fx, "root"),
          "--out",
          join(gates, "memory_verify.json"),
        )
      ).code,
    ).toBe(0);
    expect((await run("memory", "check", "--out", join(gates, "memory_verify_sensitivity.json"))).code).toBe(
      0,
    );
    const ok = await run(
      "check-thresholds",
      "--config",
      config,
      "--root",
      root,
      "--out",
      join(root, "t.json"),
    );
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    const issues = JSON.parse(readFileSync(join(root, "t.json"), "utf8")).issues as { status: string }[];
    expect(issues.length).toBe(25);
    expect(issues.every((i) => i.status === "pass")).toBe(true);

    await run(
      "memory",
      "verify",
      "--in",
      join(fx, "cases.jsonl"),
      "--root",
      join(fx, "root"),
      "--out",
      join(gates, "memory_verify.json"),
    );
    await run("check-thresholds", "--config", config, "--root", root, "--out", join(root, "t.json"));
    const after = JSON.parse(readFileSync(join(root, "t.json"), "utf8")).issues as {
      check_id: string;
      status: string;
    }[];
    expect(after.filter((i) => i.status === "fail").map((i) => i.check_id)).toEqual([
      "memory_verify_gate",
      "memory_verify_gate",
      "memory_verify_gate",
      "memory_verify_gate",
    ]);
  });
});
