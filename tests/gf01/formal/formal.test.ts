import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { canonicalHash } from "../../../src/core/hash.js";
import {
  formalTaskToInstance,
  loadFormalBundleFile,
  loadFormalTask,
  loadFormalTaskFile,
} from "../../../src/gf01/formal/index.js";
import type { Atom, Certificate, Gf01Instance } from "../../../src/gf01/model/index.js";
import {
  applyCertificate,
  compileInstance,
  contentHash,
  effectHolds,
  semanticIdentity,
} from "../../../src/gf01/model/index.js";

const TOY_DIR = fileURLToPath(new URL("../../../../shared/reference/gf01/formal_toy/", import.meta.url));
const TOY_TASK = join(TOY_DIR, "task.json");
const toyTask = () => JSON.parse(readFileSync(TOY_TASK, "utf8")) as Record<string, unknown>;

/** Every certificate: for each (t, ap) leave it alone, set 0, or set 1 (no conflicting atoms). */
function allCertificates(inst: Gf01Instance): Atom[][] {
  const slots: [number, string][] = [];
  inst.base_trace.forEach((_, t) => {
    for (const ap of inst.automaton.input_aps) slots.push([t, ap]);
  });
  const out: Atom[][] = [];
  const rec = (i: number, acc: Atom[]) => {
    if (i === slots.length) {
      out.push(acc);
      return;
    }
    const [t, ap] = slots[i];
    rec(i + 1, acc);
    rec(i + 1, [...acc, [t, ap, 0]]);
    rec(i + 1, [...acc, [t, ap, 1]]);
  };
  rec(0, []);
  return out;
}

/** Suff ∧ Min1 (spec Definitions 10–12) within the timestep budget, by direct simulation. */
function validCertificates(inst: Gf01Instance): Certificate[] {
  const ci = compileInstance(inst);
  const suff = (c: Certificate) => effectHolds(ci, applyCertificate(ci, c));
  return allCertificates(inst).filter((c) => {
    if (new Set(c.map((a) => a[0])).size > inst.budget_timestep) return false;
    if (!suff(c)) return false;
    return c.every((_, i) => !suff(c.filter((__, j) => j !== i)));
  });
}

describe("official formal toy (tests/fixtures/formal_toy)", () => {
  const inst = loadFormalTaskFile(TOY_TASK);

  it("loads to the official content hash and instance id", () => {
    expect(contentHash(inst)).toBe("c4f2bdc837daa35c792a9f22a8ccf3a818a98bd04f1c0794f0a987a5d95c8cf9");
    // the hash is of the semantic identity, not copied from provenance
    expect(canonicalHash(semanticIdentity(inst))).toBe(
      "c4f2bdc837daa35c792a9f22a8ccf3a818a98bd04f1c0794f0a987a5d95c8cf9",
    );
    expect(inst.instance_id).toBe("gf01-c4f2bdc837da");
  });

  it("fills provenance and defaults as the official loader", () => {
    expect(inst.provenance).toEqual({
      content_hash: "c4f2bdc837daa35c792a9f22a8ccf3a818a98bd04f1c0794f0a987a5d95c8cf9",
      normalization_version: "gf01.normalization.v1",
      source_type: "tempo_hoa_trace",
      source_id: "toy-formal-hoa",
      hoa_path: "toy.hoa",
    });
    expect([inst.split_id, inst.renderer_track, inst.budget_atoms, inst.seed]).toEqual([
      "public_dev",
      "json",
      null,
      null,
    ]);
    expect([inst.complexity, inst.identifiability]).toEqual([{}, {}]);
  });

  it("emits the target state's output on each transition", () => {
    expect(inst.automaton.transitions).toEqual({
      s0: {
        "in0=0": { next_state: "s0", output: { out0: 0 } },
        "in0=1": { next_state: "s1", output: { out0: 1 } },
      },
      s1: {
        "in0=0": { next_state: "s0", output: { out0: 0 } },
        "in0=1": { next_state: "s1", output: { out0: 1 } },
      },
    });
  });

  it("has exactly one valid certificate, [[1, 'in0', 1]] (brute force over all 27)", () => {
    expect(allCertificates(inst)).toHaveLength(27);
    expect(validCertificates(inst)).toEqual([[[1, "in0", 1]]]);
  });

  it("loads the same from the directory, from the .hoa with a sidecar, and from the parsed object", () => {
    expect(loadFormalTaskFile(TOY_DIR)).toEqual(inst);
    expect(loadFormalTask(toyTask(), { baseDir: TOY_DIR, file: "task.json" })).toEqual(inst);
    const dir = mkdtempSync(join(tmpdir(), "gf01-formal-"));
    writeFileSync(join(dir, "m.hoa"), readFileSync(join(TOY_DIR, "toy.hoa")));
    const { hoa_path: _, ...rest } = toyTask();
    writeFileSync(join(dir, "m.task.json"), JSON.stringify(rest));
    const viaHoa = loadFormalTaskFile(join(dir, "m.hoa"));
    expect(viaHoa.provenance?.hoa_path).toBe("m.hoa");
    expect(contentHash(viaHoa)).toBe(contentHash(inst));
    const { meta } = loadFormalBundleFile(TOY_DIR);
    expect(meta).toEqual({
      schema_version: "gf01.formal_bundle.v1",
      normalization_version: "gf01.normalization.v1",
      source_path: TOY_DIR,
      source_schema_version: "gf01.formal_task.v1",
    });
  });
});

describe("formal task forms", () => {
  const hoaText = readFileSync(join(TOY_DIR, "toy.hoa"), "utf8");

  it("inline hoa text needs no file reader and wins over hoa_path", () => {
    const { hoa_path: _, ...rest } = toyTask();
    const inst = formalTaskToInstance({ ...rest, hoa: hoaText });
    expect(contentHash(inst)).toBe("c4f2bdc837daa35c792a9f22a8ccf3a818a98bd04f1c0794f0a987a5d95c8cf9");
    expect(inst.provenance?.hoa_path).toBeUndefined();
    const both = formalTaskToInstance({ ...toyTask(), hoa: hoaText, hoa_path: "does-not-exist.hoa" });
    expect(contentHash(both)).toBe(contentHash(inst));
  });

  it("a direct automaton, a trace from JSONL, given instance_id, provenance merge, budget/seed", () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-formal-"));
    writeFileSync(join(dir, "trace.jsonl"), '{"in0": 0}\n\n{"in0": 1}\n');
    const task = {
      automaton: {
        states: ["s0"],
        initial_state: "s0",
        input_aps: ["in0"],
        output_aps: ["out0"],
        transitions: {
          s0: {
            "in0=0": { next_state: "s0", output: { out0: 0 } },
            "in0=1": { next_state: "s0", output: { out0: 1 } },
          },
        },
      },
      trace_path: "trace.jsonl",
      effect_ap: "out0",
      t_star: 1,
      mode: "normal",
      budget_timestep: 1,
      budget_atoms: 2,
      seed: 11,
      instance_id: "custom-id",
      provenance: { normalization_version: 3, extra: "kept", content_hash: "ignored" },
      complexity: { state_count_norm: 0.5 },
    };
    writeFileSync(join(dir, "task.json"), JSON.stringify(task));
    const inst = loadFormalTaskFile(join(dir, "task.json"));
    expect(inst.base_trace).toEqual([{ in0: 0 }, { in0: 1 }]);
    expect(inst.window_size).toBe(1);
    expect(inst.instance_id).toBe("custom-id");
    expect([inst.budget_atoms, inst.seed]).toEqual([2, 11]);
    expect(inst.complexity).toEqual({ state_count_norm: 0.5 });
    const hash = canonicalHash(semanticIdentity({ ...inst, provenance: undefined }));
    expect(inst.provenance).toEqual({
      content_hash: hash,
      normalization_version: "3",
      source_type: "formal_artifact",
      source_id: "",
      extra: "kept",
    });
    // seed and budget_atoms are not part of the identity
    const other = loadFormalTask(
      { ...task, seed: 999, budget_atoms: 99, instance_id: undefined },
      { baseDir: dir },
    );
    expect(contentHash(other)).toBe(hash);
    expect(other.instance_id).toBe(`gf01-${hash.slice(0, 12)}`);
  });

  it("bundles: a list and {instances: [...]} with meta", () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-formal-"));
    writeFileSync(join(dir, "toy.hoa"), hoaText);
    writeFileSync(join(dir, "list.json"), JSON.stringify([toyTask(), { ...toyTask(), t_star: 2 }]));
    expect(loadFormalBundleFile(join(dir, "list.json")).instances.map((i) => i.t_star)).toEqual([1, 2]);
    writeFileSync(
      join(dir, "b.json"),
      JSON.stringify({ schema_version: "x.v9", note: "n", instances: [toyTask()] }),
    );
    const { instances, meta } = loadFormalBundleFile(join(dir, "b.json"));
    expect(instances).toHaveLength(1);
    expect(meta).toEqual({
      schema_version: "x.v9",
      normalization_version: "gf01.normalization.v1",
      source_path: join(dir, "b.json"),
      source_schema_version: "x.v9",
      note: "n",
    });
    expect(() => loadFormalTaskFile(join(dir, "list.json"))).toThrow("expected one formal task, found 2");
  });
});

describe("formal task errors name the file and field", () => {
  const msg = (task: Record<string, unknown>, file = "task.json"): string => {
    try {
      loadFormalTask(task, { baseDir: TOY_DIR, file });
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as Error).message;
    }
    throw new Error("expected an error");
  };
  const cases: [string, Record<string, unknown>, string][] = [
    [
      "schema_version",
      { schema_version: "gf01.formal_task.v2" },
      'task.json: field schema_version: Invalid input: expected "gf01.formal_task.v1"',
    ],
    [
      "missing effect_ap",
      { effect_ap: undefined },
      "task.json: field effect_ap: Invalid input: expected string, received undefined",
    ],
    ["mode", { mode: "easy" }, 'task.json: field mode: Invalid option: expected one of "normal"|"hard"'],
    [
      "non-integer t_star",
      { t_star: 1.5 },
      "task.json: field t_star: Invalid input: expected int, received number",
    ],
    ["non-binary trace", { base_trace: [{ in0: 2 }] }, "task.json: field base_trace[0].in0: must be 0 or 1"],
    ["empty trace", { base_trace: [] }, "task.json: field base_trace: base_trace must be a non-empty list"],
    [
      "trace keys",
      { base_trace: [{ in0: 0 }, { in1: 0 }, { in0: 0 }] },
      'task.json: field base_trace[1]: base_trace[1] must match input_aps exactly (["in0"])',
    ],
    ["effect_ap", { effect_ap: "in0" }, "task.json: field effect_ap: effect_ap must belong to output_aps"],
    ["t_star range", { t_star: 3 }, "task.json: field t_star: t_star out of range (must be in 0..2)"],
    ["window_size", { window_size: 0 }, "task.json: field window_size: window_size must be >= 1"],
    [
      "budget",
      { budget_timestep: 4 },
      "task.json: field budget_timestep: budget_timestep must be in 1..len(base_trace) = 1..3",
    ],
    ["no automaton", { hoa_path: undefined }, "task.json: formal task needs automaton, hoa, or hoa_path"],
    [
      "missing output_by_state",
      { output_by_state: undefined },
      "task.json: field output_by_state: formal HOA task requires output_by_state",
    ],
    [
      "output_by_state state",
      { output_by_state: { s0: { out0: 0 } } },
      "task.json: field output_by_state: missing output_by_state mapping for state s1",
    ],
    [
      "no trace",
      { base_trace: undefined },
      "task.json: field base_trace: formal task is missing base_trace/trace_path",
    ],
  ];
  for (const [what, patch, expected] of cases)
    it(what, () => expect(msg({ ...toyTask(), ...patch })).toBe(expected));

  it("a missing hoa_path file", () => {
    expect(msg({ ...toyTask(), hoa_path: "nope.hoa" })).toBe(
      `task.json: field hoa_path: cannot read ${join(TOY_DIR, "nope.hoa")}: ENOENT`,
    );
  });

  it("HOA errors point into the HOA text", () => {
    const hoa =
      'HOA: v1\nStart: 0\nAP: 1 "in0"\nAcceptance: 0 t\n--BODY--\nState: 0 "s0"\n[!0] 0\n[t] 1\nState: 1 "s1"\n[t] 1\n--END--\n';
    expect(msg({ ...toyTask(), hoa })).toBe(
      "task.json#hoa:8:1: state 0 is non-deterministic: edges at lines 7 and 8 both match in0=0",
    );
    expect(msg({ ...toyTask(), hoa: hoa.replace("[t] 1\nState: 1", "State: 1") })).toBe(
      "task.json#hoa:6:1: state 0 (s0) has no edge for in0=1 (partial automaton)",
    );
    expect(msg({ ...toyTask(), hoa: hoa.replace("[!0] 0", "[!0 & @x] 0") })).toBe(
      'task.json#hoa:7:7: unknown alias @x (aliases must be defined by "Alias:" before use)',
    );
  });

  it("a task that names a file cannot be normalized without a reader", () => {
    expect(() => formalTaskToInstance(toyTask(), { file: "t.json" })).toThrow(
      "t.json: field hoa_path: hoa_path needs the task to be loaded from a file (use loadFormalTaskFile)",
    );
  });
});

describe("exporting an instance back to the official formal form", () => {
  it("a Moore-compatible machine (the toy) exports to HOA + output_by_state and reloads to the same hash", async () => {
    const { mealyToStateOutputHoa, writeHoa } = await import("../../../src/gf01/hoa/index.js");
    const inst = loadFormalTaskFile(TOY_TASK);
    const exp = mealyToStateOutputHoa(inst.automaton);
    const { hoa_path: _, ...rest } = toyTask();
    const again = formalTaskToInstance({
      ...rest,
      hoa: writeHoa(exp.hoa),
      output_by_state: exp.outputByState,
    });
    expect(again.automaton).toEqual(inst.automaton);
    expect(contentHash(again)).toBe(contentHash(inst));
  });
});
