import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { verifyOne } from "../../../src/gf01/api.js";
import {
  bundleToJson,
  instanceSchema,
  parseBundle,
  parseBundleInstance,
} from "../../../src/gf01/artifacts/bundle.js";
import { looksLikeInstance } from "../../../src/gf01/artifacts/instance-check.js";
import { generateBundle } from "../../../src/gf01/generate/run.js";

const official = generateBundle({ compat: "official-0.1", count: 4, seedStart: 7100, gitCommit: "c" });
const ours = generateBundle({ count: 2, seedStart: 0, gitCommit: "c" });
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
// As read back from a written bundle (floats are plain numbers there).
const samples = [official, ours].flatMap((g) => JSON.parse(bundleToJson(g.bundle)).instances as unknown[]);

// Random edits anywhere in an instance: replace / delete / add a key at a random path.
const junk = fc.oneof(
  fc.constantFrom(null, 0, 1, 2, -1, 1.5, "", "x", "normal", "hard", true, [], {}, [0], { a: 1 }),
  fc.string(),
  fc.integer(),
);
function paths(v: unknown, pre: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(pre);
  if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) paths(x, [...pre, Array.isArray(v) ? Number(k) : k], out);
  return out;
}
function edit(v: unknown, path: (string | number)[], op: number, val: unknown, key: string): unknown {
  const root = clone(v);
  if (path.length === 0) return op === 0 ? val : root;
  let o = root as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) o = o[p] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (op === 0) o[last] = val;
  else if (op === 1) delete o[last];
  // An own property, as JSON.parse makes it (plain assignment of "__proto__" would not be).
  else if (o[last] && typeof o[last] === "object" && !Array.isArray(o[last]))
    Object.defineProperty(o[last], key, { value: val, enumerable: true, writable: true, configurable: true });
  return root;
}

describe("fast instance check ⊆ zod instanceSchema", () => {
  it("accepts every generated instance (else the fast path is useless)", () => {
    for (const s of samples) expect(looksLikeInstance(s)).toBe(true);
  });

  it("true ⇒ zod accepts and returns the same value, under random edits", () => {
    const withPaths = samples.map((s) => ({ s, ps: paths(s) }));
    fc.assert(
      fc.property(
        fc.nat(withPaths.length - 1),
        fc.array(
          fc.tuple(fc.nat(), fc.nat(2), junk, fc.constantFrom("extra", "next_state", "0", "__proto__")),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        (si, edits) => {
          let v: unknown = withPaths[si].s;
          for (const [pi, op, val, key] of edits) {
            const ps = paths(v);
            v = edit(v, ps[pi % ps.length], op, val, key);
          }
          if (looksLikeInstance(v)) {
            const r = instanceSchema.safeParse(v);
            expect(r.success).toBe(true);
            expect(r.data).toStrictEqual(v);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a bad instance is still reported by zod with its file and field", () => {
    const b = clone(JSON.parse(bundleToJson(official.bundle)));
    b.instances[2].t_star = -1;
    let err: unknown;
    try {
      parseBundle(b, "b.json");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/b\.json.*instances\[2\]\.t_star/);
  });
});

describe("readers of one instance", () => {
  const text = bundleToJson(official.bundle);
  const target = official.instances[1].instance_id;

  it("parseBundleInstance returns the same instance as the whole load, without checking the others", () => {
    const whole = parseBundle(JSON.parse(text), "b.json").byId.get(target);
    const one = parseBundleInstance(JSON.parse(text), "b.json", target);
    expect(one.instance).toStrictEqual(whole);
    expect(one.count).toBe(official.instances.length);
    // Another instance broken, the hash stale: the chosen one still loads; the whole load fails.
    const b = JSON.parse(text);
    b.instances[3].automaton.states = [];
    b.instances_hash = "0".repeat(64);
    expect(parseBundleInstance(b, "b.json", target).instance?.instance_id).toBe(target);
    expect(() => parseBundle(b, "b.json")).toThrow(InputError);
    expect(parseBundleInstance(b, "b.json", "nope").instance).toBeUndefined();
  });

  it("the chosen instance is fully checked; a duplicate of its id is an error", () => {
    const b = JSON.parse(text);
    b.instances[1].content_hash = "f".repeat(64);
    expect(() => parseBundleInstance(b, "b.json", target)).toThrow(/content_hash mismatch/);
    const d = JSON.parse(text);
    d.instances.push(clone(d.instances[1]));
    expect(() => parseBundleInstance(d, "b.json", target)).toThrow(/duplicate instance_id/);
  });

  it("verify: same payload as before; --check-bundle validates the rest", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-verify-"));
    const file = join(dir, "b.json");
    const b = JSON.parse(text);
    writeFileSync(file, JSON.stringify(b));
    const cert = [[0, "in0", 1]];
    const fast = await verifyOne({ instancesFile: file, instanceId: target, certificate: cert });
    const full = await verifyOne({
      instancesFile: file,
      instanceId: target,
      certificate: cert,
      checkBundle: true,
    });
    expect(fast).toStrictEqual(full);
    b.instances_hash = "0".repeat(64);
    writeFileSync(file, JSON.stringify(b));
    await expect(
      verifyOne({ instancesFile: file, instanceId: target, certificate: cert, checkBundle: true }),
    ).rejects.toThrow(/instances_hash mismatch/);
    expect((await verifyOne({ instancesFile: file, instanceId: target, certificate: cert })).ok).toBe(true);
    await expect(verifyOne({ instancesFile: file, certificate: cert })).rejects.toThrow(/pass --instance-id/);
  });
});
