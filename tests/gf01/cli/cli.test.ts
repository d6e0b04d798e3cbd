import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { gf01In } from "../../helpers/cli-in.js";

const ref = (f: string) =>
  fileURLToPath(new URL(`../../../../shared/reference/gf01/official_example/${f}`, import.meta.url));
const B = ref("instance_bundle_v1.json");
const M = ref("split_manifest_v1.json");

/**
 * gf01 in-process: these tests are about what the commands compute and say, not about the
 * process; the process contract (bins, exit codes as a shell sees them) is
 * tests/meta/cli-convention.test.ts and tests/meta/readme.test.ts.
 */
const run = gf01In;
const tmp = () => mkdtempSync(join(tmpdir(), "gf01-cli-"));

describe("gf01 CLI on the official example", () => {
  it("validate --official passes and re-verifies every row", async () => {
    const r = await run(
      ["validate", "--runs", ref("runs_v1_valid.jsonl"), "--manifest", M, "--instances", B, "--official"],
      tmp(),
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ status: "ok", rows: 4, rows_verified: 4, strict_mode: true });
  });
  it("report --official groups the rows and exits 0", async () => {
    const r = await run(
      [
        "report",
        "--runs",
        ref("runs_v1_valid.jsonl"),
        "--manifest",
        M,
        "--instances",
        B,
        "--official",
        "--format",
        "json",
      ],
      tmp(),
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.total_rows).toBe(4);
    expect(out.groups.every((g: { certified_rate: number }) => g.certified_rate === 1)).toBe(true);
  });
  it("rejects the legacy rows (exit 2), accepts them after migrate-runs", async () => {
    const dir = tmp();
    const legacy = ref("runs_pre_v1_legacy.jsonl");
    const bad = await run(
      ["validate", "--runs", legacy, "--manifest", M, "--instances", B, "--official"],
      dir,
    );
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).error_type).toBe("run_schema_validation");
    const mig = await run(
      ["migrate-runs", "--runs", legacy, "--instances", B, "--manifest", M, "--out", "migrated.jsonl"],
      dir,
    );
    expect(mig.code).toBe(0);
    expect(JSON.parse(mig.stdout).migration_stats.output_rows).toBe(4);
    const ok = await run(
      ["validate", "--runs", "migrated.jsonl", "--manifest", M, "--instances", B, "--official"],
      dir,
    );
    expect(ok.code).toBe(0);
  });
  it("a tampered verdict fails validation with line and field", async () => {
    const dir = tmp();
    const lines = readFileSync(ref("runs_v1_valid.jsonl"), "utf8").split("\n").filter(Boolean);
    const row = JSON.parse(lines[1]);
    // Self-consistent (valid = suff ∧ min1), so only re-verification can catch it.
    row.min1 = false;
    row.valid = false;
    lines[1] = JSON.stringify(row);
    writeFileSync(join(dir, "runs.jsonl"), `${lines.join("\n")}\n`);
    const r = await run(
      ["validate", "--runs", "runs.jsonl", "--manifest", M, "--instances", B, "--official"],
      dir,
    );
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.error_type).toBe("recompute_mismatch");
    expect(out.issues[0]).toMatchObject({ line: 2, field: "min1", expected: true, actual: false });
  });
  it("verify scores one certificate", async () => {
    const r = await run(
      ["verify", "--instances", B, "--instance-id", "gf01-2306ebfa159a", "--certificate", '[[3,"in2",0]]'],
      tmp(),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, suff: true, min1: true, eff_t: 1, ap_f1: 1.0 });
  });
  it("manifest reproduces the official manifest bytes", async () => {
    const dir = tmp();
    const r = await run(["manifest", "--instances", B, "--out", "m.json"], dir);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, "m.json"), "utf8")).toBe(readFileSync(M, "utf8"));
  });
});

describe("gf01 CLI bad input", () => {
  it("names the file for a missing runs file, no stack trace, exit 2", async () => {
    const r = await run(["validate", "--runs", "nope.jsonl"], tmp());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nope\.jsonl: cannot read file/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
  it("names file:line for a broken JSONL line", async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, "runs.jsonl"),
      `${readFileSync(ref("runs_v1_valid.jsonl"), "utf8").split("\n")[0]}\n{not json\n`,
    );
    const r = await run(["validate", "--runs", "runs.jsonl"], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/runs\.jsonl:2: invalid JSON/);
  });
  it("names the field of a bad certificate", async () => {
    const r = await run(
      ["verify", "--instances", B, "--instance-id", "gf01-2306ebfa159a", "--certificate", '[[3,"in2",7]]'],
      tmp(),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field certificate\[0\].*value must be 0 or 1/);
  });
  it("unknown commands and options exit 2", async () => {
    expect((await run(["bogus"], tmp())).code).toBe(2);
    expect((await run(["validate", "--runs", "x", "--nope"], tmp())).code).toBe(2);
  });
});

describe("gf01 generate", () => {
  it("is deterministic and its output validates as a bundle", async () => {
    const dir = tmp();
    const args = ["generate", "--seed", "5", "--count", "3", "--git-commit", "test", "--out"];
    expect((await run([...args, "a.json", "--manifest-out", "am.json"], dir)).code).toBe(0);
    expect((await run([...args, "b.json"], dir)).code).toBe(0);
    const a = readFileSync(join(dir, "a.json"), "utf8");
    expect(a).toBe(readFileSync(join(dir, "b.json"), "utf8"));
    const m = await run(["manifest", "--instances", "a.json"], dir);
    expect(`${m.stdout.trimEnd()}`).toBe(readFileSync(join(dir, "am.json"), "utf8"));
  });
});

describe("gf01 evaluate", () => {
  it("writes rows that re-verify; re-running refuses, --resume adds nothing, --overwrite replaces; refuses track-policy violations", async () => {
    const dir = tmp();
    const args = [
      "evaluate",
      "--instances",
      B,
      "--agent",
      "greedy",
      "--git-commit",
      "t",
      "--out",
      "runs.jsonl",
    ];
    const ok = await run(args, dir);
    expect(ok.code).toBe(0);
    // Offline agents are white-box: their official EVAL-CB label is flagged.
    expect(ok.stderr).toMatch(/offline agent "greedy" is white-box/);
    const first = readFileSync(join(dir, "runs.jsonl"), "utf8");
    // Re-running the same line used to append a duplicate of every row (then report failed).
    const again = await run(args, dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/runs\.jsonl.*file exists; pass --resume to continue it or --overwrite/);
    const resumed = await run([...args, "--resume"], dir);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout).resumed).toBe(4);
    expect(readFileSync(join(dir, "runs.jsonl"), "utf8")).toBe(first);
    expect((await run([...args, "--overwrite"], dir)).code).toBe(0);
    expect(readFileSync(join(dir, "runs.jsonl"), "utf8")).toBe(first);
    const lines = first.split("\n").filter(Boolean);
    expect(lines).toHaveLength(4);
    const v = await run(["validate", "--runs", "runs.jsonl", "--instances", B, "--strict"], dir);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout).rows_verified).toBe(4);
    const bad = await run(["evaluate", "--instances", B, "--agent", "oracle", "--git-commit", "t"], dir);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).error_type).toBe("track_policy_violation");
  });
});
