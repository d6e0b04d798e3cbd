import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileInstance } from "../../../src/gf01/model/index.js";
import { enumerateMinimal } from "../../../src/gf01/verify/index.js";
import { gf01In } from "../../helpers/cli-in.js";

const fixture = fileURLToPath(
  new URL("../../../../shared/reference/gf01/official_example/instance_bundle_v1.json", import.meta.url),
);

// gf01 in-process: these tests are about the bytes generate writes and the flags it refuses.
const run = gf01In;

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
