/**
 * Issue 31 item 8: a resume removes the stale temp files of every output, not only the
 * journal's. `geb model --resume` clears `<out>.tmp-<pid>` beside --out, --results-json and in
 * --out-dir (and, with several models, in its per-model folders) when that pid is dead; a live
 * run's temp files are kept (the parent's pid: this process's own names are its writers' own).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gebIn } from "../core/engine/geb-in.js";

const DATA = join(import.meta.dirname, "../../../shared/reference/geb/data/bad_actor_holdout_e0001.jsonl");

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid as number;
}

function temps(paths: string[], pid: number): string[] {
  return paths.map((p) => {
    const t = `${p}.tmp-${pid}`;
    writeFileSync(t, "partial");
    return t;
  });
}

describe("geb model --resume: stale temp files of its outputs", () => {
  it("a dead pid's temps beside --out, --results-json and in --out-dir are removed; a live one's kept", async () => {
    const d = mkdtempSync(join(tmpdir(), "resume-temps-"));
    const args = [
      "model",
      "--data",
      DATA,
      "--model",
      "builtin:ledger-reader",
      "--limit",
      "3",
      "--results",
      "r.jsonl",
      "--out",
      "p.jsonl",
      "--results-json",
      "r.json",
      "--out-dir",
      "od",
      "--no-timings",
    ];
    const first = await gebIn(args, {}, d);
    expect(first.code, first.err).toBe(0);
    const dead = temps(
      ["p.jsonl", "r.json", "od/summary.json", "od/preds.jsonl"].map((f) => join(d, f)),
      deadPid(),
    );
    const live = temps([join(d, "p.jsonl"), join(d, "od", "results.json")], process.ppid);
    const again = await gebIn([...args, "--resume"], {}, d);
    expect(again.code, again.err).toBe(0);
    for (const t of dead) expect(existsSync(t), t).toBe(false);
    for (const t of live) expect(existsSync(t), t).toBe(true);
  }, 60_000);

  it("several --model: the per-model folders' stale temps are removed too", async () => {
    const d = mkdtempSync(join(tmpdir(), "resume-temps-several-"));
    const args = [
      "model",
      "--data",
      DATA,
      "--model",
      "builtin:ledger-reader",
      "--model",
      "builtin:echo",
      "--max-unparseable-share",
      "1",
      "--limit",
      "2",
      "--out-dir",
      "od",
      "--no-timings",
    ];
    const first = await gebIn(args, {}, d);
    expect(first.code, first.err).toBe(0);
    mkdirSync(join(d, "od"), { recursive: true });
    const dead = temps(
      [join(d, "od", "comparison.json"), join(d, "od", "builtin_echo", "summary.json")],
      deadPid(),
    );
    const live = temps([join(d, "od", "builtin_echo", "preds.jsonl")], process.ppid);
    const again = await gebIn([...args, "--resume"], {}, d);
    expect(again.code, again.err).toBe(0);
    for (const t of dead) expect(existsSync(t), t).toBe(false);
    for (const t of live) expect(existsSync(t), t).toBe(true);
  }, 60_000);
});
