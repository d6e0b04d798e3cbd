import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../../src/gf01/cli.js";

/** Run the CLI in-process; stdout/stderr captured. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, "write").mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

// Issue 12 point 11: these used to exit 0 with an empty bundle, or die with "internal error".
describe("gf01 numeric flags are validated (usage error, exit 2, one line)", () => {
  const bad: string[][] = [
    ["generate", "--count", "-5"],
    ["generate", "--count", "0"],
    ["generate", "--count", "2.5"],
    ["generate", "--count", "NaN"],
    ["generate", "--states-max", "-3"],
    ["generate", "--trace-min", "0"],
    ["generate", "--inputs", "0"],
    ["generate", "--budget-slack-atoms", "-1"],
    ["generate", "--p-hard", "NaN"],
    ["generate", "--p-hard", "1.5"],
    ["generate", "--effect-density", "-0.1"],
    ["generate", "--witness-weights", "0.5,-1"],
    ["generate", "--w-min", "-1"],
    ["checks", "--count", "0"],
    ["checks", "--count", "-2"],
    ["checks", "--seed", "x"],
  ];
  for (const args of bad) {
    it(args.join(" "), async () => {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).not.toContain("internal error");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    });
  }
});

describe("a directory as --out is a one-line error and leaves no temp file", () => {
  it("generate --out <dir>", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-out-"));
    const target = join(dir, "d");
    mkdirSync(target);
    const r = await run(["generate", "--count", "1", "--out", target]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a directory/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(["d"]);
  });
  it("generate --manifest-out <dir> fails before writing the bundle", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-out-"));
    mkdirSync(join(dir, "m"));
    const r = await run([
      "generate",
      "--count",
      "1",
      "--out",
      join(dir, "b.json"),
      "--manifest-out",
      join(dir, "m"),
    ]);
    expect(r.code).toBe(2);
    expect(readdirSync(dir)).toEqual(["m"]);
  });
});
