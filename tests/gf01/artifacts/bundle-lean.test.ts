import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bundleSchema, bundleToJson, loadBundleInstance } from "../../../src/gf01/artifacts/bundle.js";
import { loadBundleInstanceLean, looksLikeEnvelope } from "../../../src/gf01/artifacts/bundle-lean.js";
import { generateBundle } from "../../../src/gf01/generate/run.js";

const g = generateBundle({ compat: "official-0.1", count: 3, seedStart: 7100, gitCommit: "c" });
const text = bundleToJson(g.bundle);
const envelopeSchema = bundleSchema.extend({ instances: z.array(z.unknown()) });
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

const junk = fc.oneof(
  fc.constantFrom(
    null,
    0,
    1,
    -1,
    1.5,
    2 ** 60,
    "",
    "x",
    "0".repeat(64),
    true,
    [],
    {},
    [0],
    [1.5],
    [{ seed: 1 }],
  ),
  fc.string(),
  fc.integer(),
);
const KEYS = [...Object.keys(JSON.parse(text)), "rejected_seeds", "hoa", "extra", "__proto__"];

describe("looksLikeEnvelope ⊆ the envelope schema", () => {
  it("accepts the written envelope; true ⇒ zod accepts, under random edits", () => {
    const base = JSON.parse(text) as Record<string, unknown>;
    expect(looksLikeEnvelope(base)).toBe(true);
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.boolean(), junk), { minLength: 1, maxLength: 3 }),
        (edits) => {
          const v = clone(base);
          for (const [k, del, val] of edits) {
            if (del) delete v[k];
            else
              Object.defineProperty(v, k, {
                value: val,
                enumerable: true,
                writable: true,
                configurable: true,
              });
          }
          if (looksLikeEnvelope(v)) {
            accepted++;
            expect(envelopeSchema.safeParse(v).success).toBe(true);
          }
        },
      ),
      { seed: 1504, numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});

describe("loadBundleInstanceLean = loadBundleInstance (value or error)", () => {
  const dir = mkdtempSync(join(tmpdir(), "gf01-lean-"));
  const target = g.instances[1].instance_id;
  const outcome = async (p: Promise<unknown>) => {
    try {
      return { ok: await p };
    } catch (e) {
      return { error: String(e) };
    }
  };
  const cases: Array<
    [string, (b: Record<string, unknown> & { instances: Record<string, unknown>[] }) => unknown]
  > = [
    ["as written", (b) => b],
    [
      "another instance broken, hash stale",
      (b) => {
        b.instances[2].automaton = {};
        b.instances_hash = "0".repeat(64);
        return b;
      },
    ],
    [
      "the chosen instance's content hash edited",
      (b) => {
        b.instances[1].content_hash = "f".repeat(64);
        return b;
      },
    ],
    [
      "the chosen instance malformed (zod's message)",
      (b) => {
        b.instances[1].t_star = -1;
        return b;
      },
    ],
    [
      "duplicate id",
      (b) => {
        b.instances.push(clone(b.instances[1]));
        return b;
      },
    ],
    [
      "envelope malformed (zod's message)",
      (b) => {
        b.seeds = "x";
        return b;
      },
    ],
    ["a bare list", (b) => b.instances],
    ["one bare instance", (b) => b.instances[1]],
  ];
  for (const [name, make] of cases) {
    it(name, async () => {
      const file = join(dir, `${name.replace(/\W+/g, "_")}.json`);
      writeFileSync(file, JSON.stringify(make(JSON.parse(text))));
      for (const id of [target, "nope", undefined]) {
        const want = await outcome(loadBundleInstance(file, id));
        expect(await outcome(loadBundleInstanceLean(file, id)), `${name} / ${id}`).toStrictEqual(want);
      }
    });
  }
});
