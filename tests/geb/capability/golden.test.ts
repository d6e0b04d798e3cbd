/**
 * `geb capability snapshot|check|delta` against the reference scripts' outputs on the same
 * inputs (tests/fixtures/geb/capability/README.md): every JSON field (generated_at_utc and the
 * jobs-config path aside), the markdown, stdout and exit code.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

const FX = join(repoRoot, "tests/fixtures/geb/capability");
interface Case {
  kind: "check" | "delta";
  name: string;
  args: string[];
}
const cases = JSON.parse(readFileSync(join(FX, "cases.json"), "utf8")) as Case[];
const read = (f: string) => readFileSync(f, "utf8");
const json = (f: string) => JSON.parse(read(f));
const noTime = (s: string) => s.replace(/^- generated_at: `.*`$/m, "- generated_at: `T`");

describe("geb capability: golden outputs of the reference scripts", () => {
  const cwd = process.cwd();
  const dir = tmp();
  beforeAll(() => {
    cpSync(FX, dir, { recursive: true });
    mkdirSync(join(dir, "runs_empty"), { recursive: true });
    process.chdir(dir);
  });
  afterAll(() => process.chdir(cwd));

  for (const root of ["runs_empty", "runs_full", "runs_partial"])
    it(`snapshot of ${root}`, async () => {
      rmSync("runs", { force: true });
      symlinkSync(root, "runs");
      const want = json(`snap_${root}.json`);
      const r = await runCli("geb", [
        "capability",
        "snapshot",
        "--runs-root",
        "runs",
        "--out",
        `ours_${root}.json`,
      ]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(want.status === "FAIL" ? 1 : 0);
      // Pointer targets are absolute in both (cwd-relative resolution): compare from the cwd.
      const rel = (s: string) =>
        s.replaceAll(`${process.cwd()}/`, "").replaceAll(`${dir}/`, "").replaceAll("/tmp/capfx/", "");
      const ours = JSON.parse(rel(read(`ours_${root}.json`)));
      expect({ ...ours, generated_at_utc: null }).toEqual(
        JSON.parse(rel(JSON.stringify({ ...want, generated_at_utc: null }))),
      );
    });

  for (const c of cases)
    it(`${c.kind} ${c.name}`, async () => {
      const want = json(`exp_${c.name}.json`);
      const wantMd = read(`exp_${c.name}.md`);
      const wantOut = read(`exp_${c.name}.stdout`);
      const r = await runCli("geb", [
        "capability",
        c.kind,
        ...c.args,
        "--out",
        `exp_${c.name}.json`,
        "--markdown-out",
        `exp_${c.name}.md`,
      ]);
      expect(r.stderr).toBe("");
      expect(`${r.stdout}rc=${r.code}\n`).toBe(wantOut);
      const ours = json(`exp_${c.name}.json`);
      if (!c.args.includes("--jobs")) {
        expect(ours.inputs.jobs_config).toMatch(/configs\/capability_(check|delta)_jobs\.json$/);
        ours.inputs.jobs_config = want.inputs.jobs_config;
      }
      expect({ ...ours, generated_at_utc: null }).toEqual({ ...want, generated_at_utc: null });
      expect(noTime(read(`exp_${c.name}.md`))).toBe(noTime(wantMd));
    });

  it("an unknown rule op is an input error naming the field", async () => {
    const bad = { version: "1.0", jobs: [{ id: "j", rules: [{ path: "a", op: "approx", value: 1 }] }] };
    const f = join(dir, "bad_jobs.json");
    writeFileSync(f, JSON.stringify(bad));
    const r = await runCli("geb", [
      "capability",
      "check",
      "--jobs",
      f,
      "--after",
      "snap_runs_full.json",
      "--out",
      "x.json",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("field jobs[0].rules[0].op");
  });
});
