import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { instancesHash, instanceToDict } from "../../../src/gf01/artifacts/bundle.js";
import { buildSplitManifest } from "../../../src/gf01/artifacts/manifest.js";
import { GF01_FLOAT_KEYS } from "../../../src/gf01/artifacts/meta.js";
import { stableHash } from "../../../src/gf01/artifacts/pyout.js";
import {
  generateBundle,
  type GenerateOptions,
  writeGeneratedBundle,
} from "../../../src/gf01/generate/run.js";
import { refPyJsonDumps } from "../../core/pyjson-reference.js";

// The whole-bundle writer as it was (original encoder, whole object in memory): the oracle.
const refFile = (v: unknown) => refPyJsonDumps(v, { indent: 2, sortKeys: true, floatKeys: GF01_FLOAT_KEYS });
const refBundleText = (o: GenerateOptions, legacy: boolean) => {
  const g = generateBundle(o);
  const dicts = g.instances.map(instanceToDict);
  return {
    text: legacy ? refFile(dicts) : refFile({ ...g.bundle, instances: dicts }),
    // `--legacy-list --manifest-out`: the manifest of bare instances (no bundle header).
    manifest: refFile(legacy ? buildSplitManifest(g.instances, {}) : g.manifest),
    g,
  };
};

const CASES: Array<[string, GenerateOptions]> = [
  ["official range with rejections", { compat: "official-0.1", count: 6, seedStart: 7100, gitCommit: "abc" }],
  [
    "official legacy ids",
    { compat: "official-0.1", count: 3, seedStart: 5, idScheme: "legacy", gitCommit: "x" },
  ],
  ["default exact count", { count: 5, seedStart: 3, gitCommit: "abc", split: "private_eval" }],
  ["given seeds", { seeds: [9, 2, 4], gitCommit: "abc" }],
];

describe("streamed generate = whole-bundle writer, byte for byte", () => {
  for (const [name, o] of CASES) {
    for (const legacy of [false, true]) {
      it(`${name}${legacy ? " (legacy list)" : ""}`, async () => {
        const dir = mkdtempSync(join(tmpdir(), "gf01-stream-"));
        const out = join(dir, "b.json");
        const man = join(dir, "m.json");
        const s = await writeGeneratedBundle(o, { out, manifestOut: man, legacyList: legacy });
        const ref = refBundleText(o, legacy);
        expect(readFileSync(out, "utf8")).toBe(ref.text);
        expect(readFileSync(man, "utf8")).toBe(ref.manifest);
        expect(s.instances).toBe(ref.g.instances.length);
        expect(s.rejected).toEqual(ref.g.rejected);
        // The incremental hash is the official stable hash over the whole list.
        expect(s.instances_hash).toBe(stableHash(ref.g.instances.map(instanceToDict)));
        expect(instancesHash(ref.g.instances)).toBe(s.instances_hash);
        expect(readdirSync(dir).sort()).toEqual(["b.json", "m.json"]);
      });
    }
  }

  it("stdout: the same text plus a newline", async () => {
    const o: GenerateOptions = { compat: "official-0.1", count: 2, seedStart: 1, gitCommit: "c" };
    const stdout = new PassThrough();
    let text = "";
    stdout.on("data", (d) => {
      text += d;
    });
    await writeGeneratedBundle(o, { stdout });
    expect(text).toBe(`${refBundleText(o, false).text}\n`);
  });

  it("an empty bundle (every seed rejected) is written like the whole-bundle writer", async () => {
    // min_witness_atoms above any possible witness: the official generator rejects every seed.
    const o: GenerateOptions = {
      compat: "official-0.1",
      count: 2,
      seedStart: 0,
      gitCommit: "c",
      config: { min_witness_atoms: 99 },
    };
    const dir = mkdtempSync(join(tmpdir(), "gf01-stream-"));
    const out = join(dir, "b.json");
    const s = await writeGeneratedBundle(o, { out, manifestOut: join(dir, "m.json") });
    expect(s.instances).toBe(0);
    const ref = refBundleText(o, false);
    expect(readFileSync(out, "utf8")).toBe(ref.text);
    expect(readFileSync(join(dir, "m.json"), "utf8")).toBe(ref.manifest);
  });

  it("a failing run leaves neither the output nor a temp file, and keeps an existing file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-stream-"));
    const out = join(dir, "b.json");
    writeFileSync(out, "old");
    // An exact count that cannot be met: fails after instances were already streamed.
    const o: GenerateOptions = { count: 3, seedStart: 0, maxSeeds: 2, gitCommit: "c" };
    await expect(writeGeneratedBundle(o, { out, manifestOut: join(dir, "m.json") })).rejects.toThrow(
      InputError,
    );
    expect(readFileSync(out, "utf8")).toBe("old");
    expect(readdirSync(dir)).toEqual(["b.json"]);
    expect(existsSync(join(dir, "m.json"))).toBe(false);
  });
});
