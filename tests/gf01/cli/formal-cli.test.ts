import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import { main } from "../../../src/gf01/cli.js";
import { loadFormalSource, loadHoaTask } from "../../../src/gf01/formal/source.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import {
  bruteForceMinimal,
  certKey,
  enumerateMinimal,
  verifyCertificate,
} from "../../../src/gf01/verify/index.js";

const TOY = fileURLToPath(new URL("../../../../shared/reference/gf01/formal_toy/", import.meta.url));

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
    return { code: await main(args), stdout, stderr };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}
const tmp = () => mkdtempSync(join(tmpdir(), "gf01-formal-cli-"));

const toyHoaFlags = [
  "--hoa",
  join(TOY, "toy.hoa"),
  "--trace",
  '[{"in0":0},{"in0":0},{"in0":0}]',
  "--effect-ap",
  "out0",
  "--t-star",
  "1",
  "--mode",
  "hard",
  "--budget-timestep",
  "2",
  "--output-aps",
  "out0",
  "--output-by-state",
  '{"s0":{"out0":0},"s1":{"out0":1}}',
];

describe("formal tasks and HOA files on the command line (issue 12 point 10)", () => {
  it("verify --instances task.json works (it used to say 'unsupported instance JSON')", async () => {
    const r = await run(["verify", "--instances", join(TOY, "task.json"), "--certificate", '[[1,"in0",1]]']);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, goal: true });
  });

  it("--formal (file or directory) and --hoa with flags name the same instance", async () => {
    const a = JSON.parse(
      (await run(["verify", "--formal", join(TOY, "task.json"), "--certificate", "[]"])).stdout,
    );
    const b = JSON.parse((await run(["verify", "--formal", TOY, "--certificate", "[]"])).stdout);
    const c = JSON.parse((await run(["verify", ...toyHoaFlags, "--certificate", "[]"])).stdout);
    expect(a.instance_id).toMatch(/^gf01-[0-9a-f]{12}$/);
    expect(b.instance_id).toBe(a.instance_id);
    expect(c.instance_id).toBe(a.instance_id);
    expect(c.best_match).toEqual(a.best_match);
  });

  it("evaluate and play take --hoa; import writes a strict v1 bundle that evaluates the same", async () => {
    const dir = tmp();
    const ev = await run(["evaluate", ...toyHoaFlags, "--agent", "greedy", "--out", join(dir, "r.jsonl")]);
    expect(ev.code).toBe(0);
    const row = JSON.parse(readFileSync(join(dir, "r.jsonl"), "utf8").trim());
    expect(row.goal).toBe(true);
    const pl = await run(["play", "--formal", TOY, "--agent", "online-greedy"]);
    expect(pl.code).toBe(0);
    const imp = await run([
      "import",
      ...toyHoaFlags,
      "--out",
      join(dir, "b.json"),
      "--manifest-out",
      join(dir, "m.json"),
    ]);
    expect(imp.code).toBe(0);
    const b = parseBundle(JSON.parse(readFileSync(join(dir, "b.json"), "utf8")), "b.json", {
      strictBundle: true,
    });
    expect(b.instances.map((i) => i.instance_id)).toEqual([row.instance_id]);
    const ev2 = await run(["evaluate", "--instances", join(dir, "b.json"), "--agent", "greedy"]);
    expect(ev2.code).toBe(0);
  });

  it("misuse is a one-line usage error", async () => {
    for (const args of [
      ["verify", "--certificate", "[]"],
      ["verify", "--hoa", join(TOY, "toy.hoa"), "--certificate", "[]"],
      ["verify", "--formal", TOY, "--t-star", "1", "--certificate", "[]"],
      ["verify", "--formal", TOY, ...toyHoaFlags, "--certificate", "[]"],
      ["verify", "--instances", join(TOY, "toy.hoa"), "--certificate", "[]"],
      ["import"],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toContain("internal error");
    }
  });

  it("JSON that is neither a bundle nor a formal task points to --formal", async () => {
    const dir = tmp();
    writeFileSync(join(dir, "x.json"), '{"effect_ap": "out0"}');
    const r = await run(["verify", "--instances", join(dir, "x.json"), "--certificate", "[]"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--formal/);
  });
});

/** A total deterministic 1,000-state HOA in the state-output form (seeded LCG). */
function bigHoa(n: number, seed: number): { text: string; outputs: Record<string, { z: number }> } {
  let x = seed >>> 0;
  const rnd = (m: number) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % m;
  };
  const lines = [
    `HOA: v1`,
    `States: ${n}`,
    `Start: 0`,
    `AP: 2 "a" "b"`,
    `acc-name: all`,
    `Acceptance: 0 t`,
    `--BODY--`,
  ];
  const outputs: Record<string, { z: number }> = {};
  for (let s = 0; s < n; s++) {
    lines.push(`State: ${s} "q${s}"`);
    for (const lab of ["!0&!1", "!0&1", "0&!1", "0&1"]) lines.push(`[${lab}] ${rnd(n)}`);
    outputs[`q${s}`] = { z: rnd(10) === 0 ? 1 : 0 };
  }
  lines.push("--END--");
  return { text: `${lines.join("\n")}\n`, outputs };
}

describe("a 1,000-state HOA automaton (issue 12 point 5)", () => {
  it("loads, verifies and evaluates through the CLI; M(I) equals brute force", async () => {
    const dir = tmp();
    const { text, outputs } = bigHoa(1000, 12);
    writeFileSync(join(dir, "big.hoa"), text);
    writeFileSync(join(dir, "obs.json"), JSON.stringify(outputs));
    const flags = [
      "--hoa",
      join(dir, "big.hoa"),
      "--trace",
      JSON.stringify(Array.from({ length: 7 }, (_, t) => ({ a: t & 1, b: (t >> 1) & 1 }))),
      "--effect-ap",
      "z",
      "--t-star",
      "5",
      "--mode",
      "normal",
      "--window-size",
      "1",
      "--budget-timestep",
      "2",
      "--output-aps",
      "z",
      "--output-by-state",
      join(dir, "obs.json"),
    ];
    const src = loadHoaTask({
      hoa: join(dir, "big.hoa"),
      trace: flags[3],
      effectAp: "z",
      tStar: 5,
      mode: "normal",
      windowSize: 1,
      budgetTimestep: 2,
      outputAps: ["z"],
      outputByState: join(dir, "obs.json"),
    });
    const ci = compileInstance(src.instances[0]);
    expect(ci.sys.nStates).toBe(1000);
    const bf = bruteForceMinimal(ci);
    const e = enumerateMinimal(ci);
    expect(e.certificates.map(certKey).sort()).toEqual(bf.map(certKey).sort());
    expect(bf.length).toBeGreaterThan(0); // the instance is not vacuous
    const cert = JSON.stringify(bf[0]);
    const v = await run(["verify", ...flags, "--certificate", cert]);
    expect(v.stderr).toBe("");
    expect(JSON.parse(v.stdout)).toMatchObject({ valid: true, m_count: String(bf.length) });
    expect(verifyCertificate(ci, bf[0]).valid).toBe(true);
    const ev = await run(["evaluate", ...flags, "--agent", "greedy", "--out", join(dir, "r.jsonl")]);
    expect(ev.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "r.jsonl"), "utf8").trim()).instance_id).toBe(
      src.instances[0].instance_id,
    );
    // also as an imported bundle, loaded back through the formal path
    writeFileSync(
      join(dir, "task.json"),
      JSON.stringify({
        hoa_path: "big.hoa",
        input_aps: ["a", "b"],
        output_aps: ["z"],
        output_by_state: outputs,
        base_trace: JSON.parse(flags[3]),
        effect_ap: "z",
        t_star: 5,
        mode: "normal",
        window_size: 1,
        budget_timestep: 2,
      }),
    );
    expect(loadFormalSource(join(dir, "task.json")).instances[0].instance_id).toBe(
      src.instances[0].instance_id,
    );
  });
});
