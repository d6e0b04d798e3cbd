/**
 * Issue 31: the command campaign's fixed sample (the full one: `npm run fuzz:soak -- --commands`).
 * Real processes of the bins (the run's bundle of the sources, tests/helpers/bins.ts; FUZZ_BINS=dist|src
 * starts the built dist/ or the sources through tsx instead), each in a fresh working directory, with one damaged input. Contract per case (caseViolations): no stack
 * trace, no "internal error", exit 0 / 2 (or the command's documented 1), one stderr line naming
 * the file, nothing left behind by a failed run, no temp file, the input unchanged, and rows an
 * accepted run wrote are valid. 39 processes.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { binPath, buildBins } from "../helpers/bins.js";
import {
  binLauncher,
  type CaseResult,
  type CommandInput,
  caseViolations,
  commandTable,
  damagesOf,
  flagCases,
  pool,
  runCase,
  runFlagCase,
  setBinLauncher,
} from "./lib/commands.js";
import { makeFixtures } from "./lib/readers.js";

const root = mkdtempSync(join(tmpdir(), "fuzz-commands-"));
const fx = await makeFixtures(join(root, "fixtures"));
const table = commandTable(fx);
const byName = new Map(table.map((c) => [c.name, c]));
const cmd = (name: string): CommandInput => {
  const c = byName.get(name);
  if (!c) throw new Error(`no command ${name}`);
  return c;
};
const damage = (c: CommandInput, cls: string) => {
  const d = damagesOf(c.valid, c.shape).find((x) => x.cls === cls);
  if (!d) throw new Error(`no class ${cls}`);
  return d;
};
/**
 * Pairs whose damaged input still breaks the contract, each on another helper's issue-31 item
 * (docs/reliability.md, "Command fuzzing"): left out of the sample until that fix lands.
 */
const KNOWN_OPEN = new Set<string>([]);
const show = (rs: CaseResult[]) =>
  rs
    .filter((r) => r.violations.length)
    .map(
      (r) =>
        `${r.command} [${r.cls}] exit ${r.code}: ${r.violations.map((v) => `${v.kind}: ${v.detail}`).join(" | ")}\n  ${r.repro}`,
    );

describe("the per-case contract (pure)", () => {
  const c = { bin: "geb" as const, flag: "--data" };
  const proc = (code: number, stderr: string, stdout = "") => ({
    code,
    signal: null,
    stdout,
    stderr,
    ms: 1,
    timedOut: false,
  });
  const fs = (after: string[] = []) => ({ before: [], after, fileName: "data.jsonl", inputChanged: false });
  it("accepts one line naming the file, exit 2, nothing left", () => {
    expect(caseViolations(c, proc(2, "geb: data.jsonl:3: field gold: missing\n"), fs())).toEqual([]);
  });
  it("flags a stack trace, an internal error, a wrong exit code, a silent or unnamed failure, a file left", () => {
    const kinds = (r: ReturnType<typeof proc>, after?: string[]) =>
      caseViolations(c, r, fs(after)).map((v) => v.kind);
    expect(kinds(proc(2, "geb: x\n    at f (a.js:1:2)\n"))).toContain("stack-trace");
    expect(kinds(proc(1, "geb: internal error: EIO\n"))).toEqual(["internal-error", "exit-code"]);
    expect(kinds(proc(2, ""))).toEqual(["message"]);
    expect(kinds(proc(2, "geb: bad row\n"))).toEqual(["message"]);
    expect(kinds(proc(2, "geb: data.jsonl: bad\n"), ["od/", "od/config.json"])).toEqual(["left-behind"]);
    expect(kinds(proc(0, ""), ["out.jsonl.tmp-123"])).toEqual(["temp-file"]);
  });
});

// The run's bundle starts each process in ~0.2 s of CPU, tsx in ~0.8 s (39 processes here).
const launcher = process.env.FUZZ_BINS
  ? binLauncher()
  : { kind: "bundle" as const, argv: (bin: "gf01" | "geb") => [binPath(bin)] };

describe(`commands under damaged input (${launcher.kind} bins)`, () => {
  beforeAll(async () => {
    if (launcher.kind === "bundle") await buildBins();
    setBinLauncher(launcher);
  }, 180_000);
  it("the table covers both bins and every valid fixture runs clean", async () => {
    expect(table.length).toBeGreaterThan(55);
    // A sample of valid runs (the full campaign runs all): each ends 0 (or its documented code).
    const sample = [
      "gf01 validate --runs",
      "geb model --data",
      "gf01 migrate-runs --runs",
      "geb summarize --in",
    ];
    const rs = await pool(sample, 2, (n) => runCase(cmd(n), { cls: "valid", bytes: cmd(n).valid }, root));
    expect(show(rs)).toEqual([]);
    expect(rs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
  });

  // Issue 31 item 8: each of these left a file or folder behind before the fix.
  it("a failed run leaves nothing behind (issue 31 item 8)", async () => {
    const cases: [string, string][] = [
      ["gf01 evaluate --instances (online agent)", "empty"], // <out>.config.json
      ["gf01 play-llm --instances", "truncated-half"], // <results>.config.json
      ["geb model --linear-model", "empty"], // <out-dir>/config.json
      ["geb model --thresholds", "nulls"], // <out-dir>/config.json and preds.jsonl
      ["geb model --data", "junk-row"], // <out-dir>/config.json
      ["geb summarize --thresholds", "missing"], // an empty --out-dir
      ["gf01 migrate-runs --manifest", "root-wrapped"], // out.jsonl, then the manifest was read
      ["geb model --data", "unreadable"], // EIO: internal error (and config.json)
      ["geb pipeline grid --thresholds", "missing"], // grid/ and its first cell's folder
      ["geb sweep --config", "long-line"], // a 2 MB --out name: internal error ENAMETOOLONG
    ];
    const rs = await pool(cases, 2, ([n, cls]) => runCase(cmd(n), damage(cmd(n), cls), root));
    expect(show(rs)).toEqual([]);
    // Each was rejected (exit 2), not accepted: the check above tested a failed run.
    expect(rs.map((r) => r.code)).toEqual(cases.map(() => 2));
  }, 120_000);

  it("a fixed sample: one damage class per command, rotating", async () => {
    // Every 3rd command of the table, each with a different class (the soak runs every pair).
    const classes = [
      "empty",
      "truncated-tail",
      "binary",
      "bom",
      "bare-cr",
      "nan-infinity",
      "directory",
      "dangling-link",
      "numbers-as-strings",
      "negative",
      "long-line",
      "unreadable",
    ];
    const picks = table
      .filter((c, i) => i % 3 === 0 && !c.slow && !KNOWN_OPEN.has(c.name))
      .map((c, i) => {
        const ds = damagesOf(c.valid, c.shape);
        const d = ds.find((x) => x.cls === classes[i % classes.length]) ?? ds[0];
        return { c, d };
      });
    expect(picks.length).toBeGreaterThanOrEqual(15);
    const rs = await pool(picks, 2, ({ c, d }) => runCase(c, d, root));
    expect(show(rs)).toEqual([]);
  }, 120_000);

  it("numeric flags: rejected in one line naming the flag, or used", async () => {
    const fl = flagCases([cmd("geb util limit --in")]).filter((f) =>
      ["NaN", "-1", "1e999"].includes(f.value),
    );
    expect(fl.length).toBeGreaterThan(0);
    const rs = await pool(fl, 2, (f) => runFlagCase(f, root));
    expect(show(rs)).toEqual([]);
    expect(rs.every((r) => r.code === 2)).toBe(true);
  }, 60_000);
});
