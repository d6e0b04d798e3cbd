import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { compileInstance } from "../../../src/gf01/model/index.js";
import { enumerateMinimal } from "../../../src/gf01/verify/index.js";

const cli = fileURLToPath(new URL("../../../src/gf01/cli.ts", import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const fixture = fileURLToPath(
  new URL("../../../../shared/reference/gf01/official_example/instance_bundle_v1.json", import.meta.url),
);

function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", tsx, cli, ...args],
      { cwd, maxBuffer: 1 << 26 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("gf01 generate", () => {
  it("--compat official-0.1 --id-scheme legacy reproduces the official 0.1.0 bundle byte for byte", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-gen-"));
    const r = await run(
      [
        "generate",
        "--compat",
        "official-0.1",
        "--id-scheme",
        "legacy",
        "--seed",
        "7100",
        "--count",
        "4",
        "--git-commit",
        "1d54ad1b3ed3766984390671e65feb39e617cff3",
        "--out",
        "b.json",
      ],
      dir,
    );
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, "b.json"), "utf8")).toBe(readFileSync(fixture, "utf8"));
  });

  it("difficulty knobs on the CLI reach the default generator", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-gen-"));
    const r = await run(
      [
        "generate",
        "--seed",
        "0",
        "--count",
        "6",
        "--inputs",
        "4",
        "--outputs",
        "3",
        "--p-hard",
        "1",
        "--min-witness-atoms",
        "2",
        "--trace-min",
        "9",
        "--trace-max",
        "10",
        "--out",
        "d.json",
      ],
      dir,
    );
    expect(r.code).toBe(0);
    const bundle = JSON.parse(readFileSync(join(dir, "d.json"), "utf8"));
    expect(bundle.instances.length).toBeGreaterThan(0);
    for (const inst of bundle.instances) {
      expect(inst.automaton.input_aps).toHaveLength(4);
      expect(inst.automaton.output_aps).toHaveLength(3);
      expect(inst.mode).toBe("hard");
      expect(inst.base_trace.length).toBeGreaterThanOrEqual(9);
      expect(inst.base_trace.length).toBeLessThanOrEqual(10);
      // "at least 2 atoms": no valid certificate of size 1 exists.
      const m = enumerateMinimal(compileInstance(inst));
      expect(m.count).toBeGreaterThan(0n);
      expect(Math.min(...m.certificates.map((c) => c.length))).toBeGreaterThanOrEqual(2);
    }
  });

  it("rejects a bad knob value with exit 2 and a message naming the flag", async () => {
    const r = await run(["generate", "--p-hard", "lots"], mkdtempSync(join(tmpdir(), "gf01-gen-")));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/p-hard must be a number/);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
