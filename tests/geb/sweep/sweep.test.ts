import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { doneCells, gebAsync, gebIn, listFiles, tmp } from "./helpers.js";

/** 16 cells, each big enough (3 episodes × 400 steps) that a kill lands mid-grid. */
const GRID = [
  "--seeds",
  "4",
  "--state-modes",
  "kv,counter",
  "--distractor-profiles",
  "standard,adversarial",
  "--episodes",
  "3",
  "--steps",
  "400",
  "--no-progress",
];
const OUT = "runs/sweep";

/**
 * Files of a sweep dir except timing.json (wall time: diagnostics, not results) and the top
 * config.json (the invocation's effective flags, e.g. a shard's `--shard`: not a result).
 */
function scoredFiles(root: string): Map<string, Buffer> {
  const m = new Map<string, Buffer>();
  for (const f of listFiles(root))
    if (!f.endsWith("timing.json") && f !== "config.json") m.set(f, readFileSync(join(root, f)));
  return m;
}

function expectSameBytes(a: string, b: string): void {
  const fa = scoredFiles(a);
  const fb = scoredFiles(b);
  expect([...fb.keys()]).toEqual([...fa.keys()]);
  for (const [k, v] of fa) expect(fb.get(k)?.equals(v), `${k} differs`).toBe(true);
}

describe("geb sweep: resume, shards, merge", () => {
  it("a sweep SIGKILLed midway and resumed equals an uninterrupted run, byte for byte", async () => {
    const whole = tmp();
    const r = await gebIn(whole, "sweep", "--out", OUT, ...GRID);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("16 cells (16 run, 0 already done)");

    const killed = tmp();
    const dir = join(killed, OUT);
    // One worker, so cells finish one by one and the kill falls between two of them.
    const child = gebAsync(killed, "sweep", "--out", OUT, ...GRID, "--jobs", "1");
    const exited = new Promise<NodeJS.Signals | null>((res) => child.on("exit", (_c, sig) => res(sig)));
    let doneAtKill = 0;
    for (;;) {
      doneAtKill = doneCells(dir).length;
      if (doneAtKill >= 3) break;
      await new Promise((res) => setTimeout(res, 5));
    }
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const afterKill = doneCells(dir).length;
    expect(afterKill, "the kill must land before the grid is complete").toBeLessThan(16);
    expect(listFiles(dir)).not.toContain("combined.json");
    console.log(`sweep kill test: killed with ${afterKill}/16 cells done`);

    const resumed = await gebIn(killed, "sweep", "--out", OUT, ...GRID);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(`(${16 - afterKill} run, ${afterKill} already done)`);
    expectSameBytes(join(whole, OUT), dir);
    // combined.json is the reference's list: one payload per cell, grid order.
    const combined = JSON.parse(readFileSync(join(dir, "combined.json"), "utf8"));
    expect(combined.map((p: { data: { path: string } }) => p.data.path)).toEqual(
      JSON.parse(readFileSync(join(dir, "sweep.json"), "utf8")).cells.map((c: string) =>
        join(OUT, c, "data.jsonl"),
      ),
    );
  }, 120_000);

  it("a cell whose unsynced files a power loss emptied or cut is run again on resume (results.json alone does not count)", async () => {
    const small = [
      "--seeds",
      "1",
      "--state-modes",
      "kv",
      "--distractor-profiles",
      "standard,adversarial",
      "--episodes",
      "2",
      "--steps",
      "60",
      "--no-progress",
    ];
    const whole = tmp();
    expect((await gebIn(whole, "sweep", "--out", OUT, ...small)).status).toBe(0);
    const hit = tmp();
    expect((await gebIn(hit, "sweep", "--out", OUT, ...small)).status).toBe(0);
    const dir = join(hit, OUT);
    const cells = doneCells(dir).sort();
    expect(cells.length).toBe(2);
    // What a power loss can leave of renamed, unflushed files (no cell file is fsync'd): one
    // emptied, one cut mid-line.
    writeFileSync(join(dir, cells[0], "preds.jsonl"), "");
    const statsFile = join(dir, cells[1], "row_stats.jsonl");
    const stats = readFileSync(statsFile);
    writeFileSync(statsFile, stats.subarray(0, stats.length - 7));
    rmSync(join(dir, "combined.json"));
    const resumed = await gebIn(hit, "sweep", "--out", OUT, ...small);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("(2 run, 0 already done)");
    expectSameBytes(join(whole, OUT), dir);
    // A cut that ends on a line boundary (whole lines, one row short), and a torn results.json.
    const data = join(dir, cells[0], "data.jsonl");
    const text = readFileSync(data, "utf8");
    writeFileSync(data, text.slice(0, text.lastIndexOf("\n", text.length - 2) + 1));
    const res = join(dir, cells[1], "results.json");
    writeFileSync(res, readFileSync(res, "utf8").slice(0, 40));
    rmSync(join(dir, "combined.json"));
    const again = await gebIn(hit, "sweep", "--out", OUT, ...small);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("(2 run, 0 already done)");
    expectSameBytes(join(whole, OUT), dir);
    // A whole cell is not redone.
    const third = await gebIn(hit, "sweep", "--out", OUT, ...small);
    expect(third.stdout).toContain("(0 run, 2 already done)");
  }, 60_000);

  it("--shard 1/2 + --shard 2/2 merged equal the unsharded run; a different grid is refused", async () => {
    const whole = tmp();
    const args = [
      "--seeds",
      "2",
      "--state-modes",
      "kv,set",
      "--distractor-profiles",
      "instruction",
      "--no-progress",
    ];
    expect((await gebIn(whole, "sweep", "--out", OUT, ...args)).status).toBe(0);
    const a = tmp();
    const b = tmp();
    const ra = await gebIn(a, "sweep", "--out", OUT, ...args, "--shard", "1/2");
    expect(ra.status, ra.stderr).toBe(0);
    expect(ra.stdout).toContain("grid incomplete");
    expect((await gebIn(b, "sweep", "--out", OUT, ...args, "--shard", "2/2")).status).toBe(0);
    expect(doneCells(join(a, OUT)).length + doneCells(join(b, OUT)).length).toBe(4);
    expect(doneCells(join(a, OUT))).not.toEqual(doneCells(join(b, OUT)));
    // Each shard's effective config records its shard, so it repeats that shard.
    expect(JSON.parse(readFileSync(join(a, OUT, "config.json"), "utf8")).shard).toBe("1/2");

    const merged = tmp();
    const m = await gebIn(merged, "sweep-merge", join(a, OUT), join(b, OUT), "--out", OUT);
    expect(m.status, m.stderr).toBe(0);
    expectSameBytes(join(whole, OUT), join(merged, OUT));

    // Merging into a dir named differently rewrites data paths and still matches otherwise.
    const other = tmp();
    expect((await gebIn(other, "sweep-merge", join(a, OUT), join(b, OUT), "--out", "elsewhere")).status).toBe(
      0,
    );
    const c1 = JSON.parse(readFileSync(join(other, "elsewhere/combined.json"), "utf8"));
    expect(c1[0].data.path).toBe(join("elsewhere", c1[0].data.path.split("/").at(-2), "data.jsonl"));

    // Same out dir, other flags: refused with a message naming the manifest, exit 2.
    const bad = await gebIn(whole, "sweep", "--out", OUT, ...args, "--steps", "60");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/sweep\.json: holds a different sweep/);
    // Bad flags name the flag.
    const badFlag = await gebIn(whole, "sweep", "--out", "x", "--state-modes", "kv,nope");
    expect(badFlag.status).toBe(2);
    expect(badFlag.stderr).toMatch(/field --state-modes: unknown state mode "nope"/);
  }, 120_000);
});
