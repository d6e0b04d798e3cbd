/**
 * Parity of generated artifacts with the newest official harness (corpus README: "Layout",
 * "How to use"): bundles, manifests, the legacy list and the stdout form byte for byte.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../src/core/pyjson.js";
import { generateBundle, manifestOf } from "../../../src/gf01/api.js";
import { bundleToJson, instanceToDict, parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import { buildSplitManifest } from "../../../src/gf01/artifacts/manifest.js";
import { dumpJsonFile } from "../../../src/gf01/artifacts/pyout.js";
import {
  computeContentHash,
  semanticIdentity,
  semanticIdentityJson,
} from "../../../src/gf01/model/identity.js";
import type { Gf01Instance } from "../../../src/gf01/model/types.js";
import { tinyInstance } from "../verify/arb.js";
import { mainBundle, readJson, readText } from "./helpers.js";

const GIT = String(mainBundle().git_commit);
const gen = (seed: number, count: number, split = "public_dev") =>
  generateBundle({
    seeds: Array.from({ length: count }, (_, i) => seed + i),
    split,
    compat: "official-0.1",
    gitCommit: GIT,
  });

describe("parity: generate --compat official-0.1 = newest official generate", () => {
  it("main bundle (seeds 5000..5039) and its --manifest-out, byte for byte", () => {
    const g = gen(5000, 40);
    expect(g.rejected).toEqual([]);
    expect(bundleToJson(g.bundle)).toBe(readText("bundles/instance_bundle.json"));
    expect(dumpJsonFile(g.manifest)).toBe(readText("bundles/split_manifest_from_generate.json"));
  });
  it("second bundle (private_eval, seeds 5100..5111) and its manifest", () => {
    const g = gen(5100, 12, "private_eval");
    expect(bundleToJson(g.bundle)).toBe(readText("bundles/instance_bundle_private_eval.json"));
    expect(dumpJsonFile(g.manifest)).toBe(readText("bundles/split_manifest_private_eval.json"));
  });
  it("--legacy-list (bare list) and the manifest of that list", () => {
    const g = gen(5000, 3);
    expect(dumpJsonFile(g.instances.map(instanceToDict))).toBe(
      readText("bundles/instances_legacy_list.json"),
    );
    expect(dumpJsonFile(manifestOf(g.instances))).toBe(readText("bundles/split_manifest_legacy_list.json"));
  });
  it("stdout form (bundle printed with a trailing newline)", () => {
    const g = gen(5000, 2);
    expect(`${bundleToJson(g.bundle)}\n`).toBe(readText("stdout/generate_seed5000_count2.json"));
  });
});

describe("parity: manifest of the official bundles", () => {
  it("`manifest` on the main bundle equals split_manifest.json", () => {
    const b = parseBundle(readJson("bundles/instance_bundle.json"));
    expect(dumpJsonFile(buildSplitManifest(b.instances, b.meta))).toBe(
      readText("bundles/split_manifest.json"),
    );
  });
  it("loading and re-writing each official bundle is byte-identical (newest fields kept)", () => {
    for (const f of ["bundles/instance_bundle.json", "bundles/instance_bundle_private_eval.json"]) {
      const b = parseBundle(readJson(f), f);
      expect(bundleToJson(b)).toBe(readText(f));
      expect(b.instances[0].content_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(b.instances[0].normalization_version).toBe("gf01.normalization.v1");
    }
  });
  it("an edited instance whose content_hash no longer matches is rejected with its field", () => {
    const raw = readJson<{ instances: Array<Record<string, unknown>> }>("bundles/instances_legacy_list.json");
    const list = raw as unknown as Array<Record<string, unknown>>;
    list[1] = { ...list[1], t_star: (list[1].t_star as number) - 1 };
    expect(() => parseBundle(list, "x.json")).toThrow(
      /x\.json: field \[1\]\.content_hash: content_hash mismatch/,
    );
  });
});

describe("content hash: the direct canonical writer equals the generic one", () => {
  it("on every official instance (stored hash = recomputed = generic canonical JSON)", () => {
    for (const f of ["bundles/instance_bundle.json", "bundles/instance_bundle_private_eval.json"]) {
      for (const inst of readJson<{ instances: Gf01Instance[] }>(f).instances) {
        expect(semanticIdentityJson(inst)).toBe(canonicalJson(semanticIdentity(inst)));
        expect(computeContentHash(inst)).toBe(inst.content_hash);
      }
    }
  });
  it("property: on random instances with unusual names", () => {
    fc.assert(
      fc.property(tinyInstance(), fc.string(), (t, name) => {
        const inst = {
          ...t.inst,
          effect_ap: t.inst.effect_ap,
          automaton: { ...t.inst.automaton, initial_state: name },
        };
        expect(semanticIdentityJson(inst)).toBe(canonicalJson(semanticIdentity(inst)));
      }),
      { numRuns: 200 },
    );
  });
});
