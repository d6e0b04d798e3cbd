/**
 * Q-033 output shapes against the official harness (tests/fixtures/gf01/q033/README.md):
 * every field the official `q033-build-manifests`, `q033-sweep` and `q033-closure-check`
 * write is in ours (values differ by design: our generator, our pre-registered gates), and our
 * schemas accept the official files.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { closure, sweepManifest } from "../../../src/gf01/calibration/q033.js";
import { q033Build, q033Close, q033Sweep } from "../../../src/gf01/calibration/q033-files.js";
import {
  q033ClosureSchema,
  q033ManifestIndexSchema,
  q033ManifestSchema,
  q033SweepSchema,
} from "../../../src/gf01/calibration/schemas.js";

const OFF = fileURLToPath(new URL("../../fixtures/gf01/q033/official/", import.meta.url));
const off = (f: string) => JSON.parse(readFileSync(join(OFF, f), "utf8"));

/** Dotted paths of every object key in `v` (array elements: the first one's keys, as `[]`). */
function paths(v: unknown, p = ""): string[] {
  if (Array.isArray(v)) return v.length ? paths(v[0], `${p}[].`) : [];
  if (!v || typeof v !== "object") return [];
  return Object.entries(v).flatMap(([k, x]) => [`${p}${k}`, ...paths(x, `${p}${k}.`)]);
}
/** Official paths missing from ours; `generator_config.*` holds each generator's own knobs. */
const missing = (ours: unknown, official: unknown): string[] => {
  const have = new Set(paths(ours));
  return paths(official).filter((k) => !have.has(k) && !k.startsWith("generator_config."));
};

describe("q033: every official field, and the official files pass our schemas", () => {
  it("build: stdout, index, manifest, receipt", async () => {
    const d = mkdtempSync(join(tmpdir(), "gf01-q033o-"));
    const r = await q033Build({
      seedStart: 8000,
      candidateCount: 16,
      replicates: 2,
      perQuartile: 1,
      outDir: d,
    });
    expect(r.ok).toBe(true);
    const mine = (f: string) => JSON.parse(readFileSync(join(d, f), "utf8"));
    expect(missing(r.payload, off("build_stdout.json"))).toEqual([]);
    expect(missing(mine("q033_manifest_index.json"), off("q033_manifest_index.json"))).toEqual([]);
    expect(missing(mine("q033-rep-01.json"), off("q033-rep-01.json"))).toEqual([]);
    expect(missing(mine("build_receipt.json"), off("build_receipt.json"))).toEqual([]);
    expect(q033ManifestSchema.safeParse(off("q033-rep-01.json")).success).toBe(true);
    expect(q033ManifestIndexSchema.safeParse(off("q033_manifest_index.json")).success).toBe(true);
    expect(mine("q033_manifest_index.json").manifest_seed_overlaps).toEqual([
      { replicate_i: 1, replicate_j: 2, overlap_count: 0, overlap_preview: [] },
    ]);
  });

  it.skipIf(!existsSync(join(OFF, "closure.json")))("sweep and closure", async () => {
    const d = mkdtempSync(join(tmpdir(), "gf01-q033o-"));
    await q033Build({ seedStart: 8000, candidateCount: 16, replicates: 2, perQuartile: 1, outDir: d });
    const m = (i: number) => JSON.parse(readFileSync(join(d, `q033-rep-0${i}.json`), "utf8"));
    const s1 = JSON.parse(JSON.stringify(sweepManifest(m(1), { clock: () => 0 })));
    const s2 = JSON.parse(JSON.stringify(sweepManifest(m(2), { clock: () => 0 })));
    // Every official sweep field, through the file adapter (which adds `hardware`). Exempt, as
    // docs/gf01-study.md lists: the inner fields of each priority check (ours come from our
    // `gf01 checks` suite) and upstream's python_* runtime fields (ours: node_version).
    const f = join(d, "sweep.json");
    await q033Sweep({ manifest: join(d, "q033-rep-01.json"), out: f, clock: () => 0 });
    const written = JSON.parse(readFileSync(f, "utf8"));
    const exempt = (k: string) => /^priority_checks\.AB-00\d\./.test(k) || /^hardware\.python_/.test(k);
    const gaps = missing(written, off("sweep-01.json")).filter((k) => !exempt(k));
    expect(gaps).toEqual([]);
    for (const id of ["AB-001", "AB-003", "AB-005", "AB-007", "AB-009"])
      expect(written.priority_checks[id]).toMatchObject({ check_id: id, passed: expect.any(Boolean) });
    expect(written.hardware.node_version).toBe(process.versions.node);
    expect(q033SweepSchema.safeParse(written).success).toBe(true);
    // Official float spelling in the file: the aggregate's count is 4.0, not 4.
    expect(readFileSync(f, "utf8")).toMatch(/"count": \d+\.0,/);
    const c = JSON.parse(
      JSON.stringify(
        closure([
          { path: "a", payload: s1 },
          { path: "b", payload: s2 },
        ]),
      ),
    );
    expect(missing(c, off("closure.json"))).toEqual([]);
    expect(paths(s1)).toContain("seed_manifest.seeds");
    // Ours reads theirs: an official sweep closes (fails, as it failed its gates) by its seeds.
    const both = await q033Close({ sweeps: [join(OFF, "sweep-01.json"), join(OFF, "sweep-01.json")] });
    expect(both.payload.failure_reasons).toEqual(off("closure.json").failure_reasons);
    expect(both.payload.seed_overlaps).toEqual(off("closure.json").seed_overlaps);
    const sw = q033SweepSchema.safeParse(off("sweep-01.json"));
    expect(sw.success, sw.success ? "" : JSON.stringify(sw.error.issues[0])).toBe(true);
    const r = q033ClosureSchema.safeParse(off("closure.json"));
    expect(r.success, r.success ? "" : JSON.stringify(r.error.issues[0])).toBe(true);
  });
});
