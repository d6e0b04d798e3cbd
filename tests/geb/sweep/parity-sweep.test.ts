/**
 * `geb sweep --compat reference-0.1 --metrics reference-0.1` against the reference's own sweep
 * outputs (parity corpus `sweep/`, see its README): every cell of combined.json equal except
 * the timing fields, every data.jsonl / preds.jsonl md5 equal, and the summary script's
 * summary.json blocks we write equal.
 *
 * Both sweeps run whole (sweep_default: 50 cells, a few seconds on one thread).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SWEEP, expandGrid, type SweepSpec } from "../../../src/geb/sweep/grid.js";
import { runSweep } from "../../../src/geb/sweep/sweep.js";
import { sharedGeb, tmp } from "./helpers.js";

const corpus = join(sharedGeb, "parity/sweep");
const md5 = (file: string) => createHash("md5").update(readFileSync(file)).digest("hex");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

type Payload = Record<string, Record<string, unknown>>;

/** A cell without its timing fields, its data path made relative to the sweep's parent. */
function comparable(p: Payload, root: string): Payload {
  const q = structuredClone(p);
  delete q.efficiency.wall_s;
  delete q.efficiency.wall_s_per_q;
  const path = String(q.data.path);
  if (root && path.startsWith(root)) q.data.path = path.slice(root.length);
  return q;
}

const REF = { compat: "reference-0.1", metrics: "reference-0.1" } as const;

const SWEEPS: [string, SweepSpec][] = [
  ["sweep_default", { ...DEFAULT_SWEEP, ...REF }],
  [
    "sweep_custom",
    {
      ...DEFAULT_SWEEP,
      ...REF,
      seeds: 2,
      episodes: 1,
      steps: 60,
      stateModesRaw: "kv,relational",
      distractorProfilesRaw: "standard,note_camouflage",
      requireCitations: false,
      twins: false,
      noDerivedQueries: true,
    },
  ],
];

for (const [name, spec] of SWEEPS) {
  describe(`reference sweep parity: ${name}`, () => {
    const parent = tmp();
    const out = join(parent, name);
    const ref = join(corpus, name);
    const refCombined: Payload[] = readJson(join(ref, "combined.json"));
    const md5s: Record<string, { "data.jsonl_md5": string; data_rows: number; "preds.jsonl_md5": string }> =
      readJson(join(ref, "run_md5s.json"));
    let ours: Payload[] = [];

    beforeAll(async () => {
      await runSweep({ spec, out, jobs: 1, progress: false });
      ours = readJson(join(out, "combined.json"));
    }, 120_000);

    it("has the reference's cells in the reference's order", () => {
      expect(expandGrid(spec).map((c) => c.name)).toEqual(
        Object.keys(md5s).sort((a, b) => {
          const ia = refCombined.findIndex((p) => String(p.data.path).includes(`/${a}/`));
          const ib = refCombined.findIndex((p) => String(p.data.path).includes(`/${b}/`));
          return ia - ib;
        }),
      );
      expect(ours.length).toBe(refCombined.length);
    });

    const cells = expandGrid(spec);
    cells.forEach((cell, i) => {
      it(`${cell.name}: results, data and preds equal the reference`, () => {
        expect(comparable(ours[i], `${parent}/`)).toEqual(comparable(refCombined[i], ""));
        const m = md5s[cell.name];
        expect(md5(join(out, cell.name, "data.jsonl"))).toBe(m["data.jsonl_md5"]);
        expect(md5(join(out, cell.name, "preds.jsonl"))).toBe(m["preds.jsonl_md5"]);
        expect(ours[i].data.n).toBe(m.data_rows);
      });
    });

    it("summary.json equals the reference summary script's", () => {
      const a = readJson(join(out, "summary.json"));
      const b = readJson(join(ref, "summary.json"));
      for (const k of Object.keys(b)) expect(a[k], k).toEqual(b[k]);
    });
  });
}
