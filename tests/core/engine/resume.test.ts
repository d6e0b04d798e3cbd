/**
 * Resume after SIGKILL: a child run is killed mid-way, `--resume` finishes it, and the
 * final results equal an uninterrupted run's (runtime diagnostics aside) with no duplicate
 * or missing rows and no answered item asked again. Also: a torn last line is repaired.
 */
import { spawn } from "node:child_process";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineRecord, ledgerReaderAnswer } from "../../../src/core/engine/index.js";
import { type Loopback, startLoopback } from "../../fixtures/engine/loopback-server.js";
import { runGebFixture } from "../../fixtures/engine/resume-run.js";
import { fixtures, repoRoot, withTmp } from "./helpers.js";

const child = join(fixtures, "resume-child.ts");
const TOTAL = 12 * 4;

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback({
    latencyMs: 40,
    answer: (p, r) => `${ledgerReaderAnswer(p)} (seed ${String(r.body.seed)})`,
  });
});
afterAll(async () => server.close());

function runChild(
  results: string,
  resume: boolean,
  killAfterLines?: number,
): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", child, server.url, results, resume ? "1" : "0"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    p.stdout.on("data", (b) => (out += b));
    p.stderr.on("data", (b) => (err += b));
    let timer: NodeJS.Timeout | undefined;
    if (killAfterLines !== undefined) {
      timer = setInterval(async () => {
        const n = await countLines(results);
        if (n >= killAfterLines) {
          clearInterval(timer);
          p.kill("SIGKILL");
        }
      }, 5);
    }
    p.on("error", reject);
    p.on("close", (code, signal) => {
      if (timer) clearInterval(timer);
      if (code !== 0 && signal === null) reject(new Error(`child failed (${code}): ${err}`));
      else resolve({ code, signal, out });
    });
  });
}

async function countLines(file: string): Promise<number> {
  try {
    return (await readFile(file, "utf8")).split("\n").filter((l) => l.trim() !== "").length;
  } catch {
    return 0;
  }
}

async function records(file: string): Promise<EngineRecord[]> {
  return (await readFile(file, "utf8"))
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as EngineRecord);
}

/** Deterministic content, keyed and sorted (completion order varies with concurrency). */
function canonical(rs: EngineRecord[]) {
  return rs
    .map(({ runtime: _r, ...rest }) => rest)
    .sort((a, b) => a.trial - b.trial || (a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : 0));
}

function keys(rs: EngineRecord[]) {
  return rs.map((r) => `${r.item_id}/${r.trial}/${r.config_hash}`);
}

describe("resume", () => {
  it("a SIGKILLed run resumed with --resume equals an uninterrupted run", async () => {
    await withTmp(async (dir) => {
      const full = join(dir, "full.jsonl");
      expect(await runGebFixture(server.url, full, false)).toEqual({
        records: TOTAL,
        jobs: TOTAL,
        resumed: 0,
      });

      const killed = join(dir, "killed.jsonl");
      const n0 = server.requests.length;
      const k = await runChild(killed, false, 10);
      expect(k.signal).toBe("SIGKILL");
      const partial = await records(killed).catch(() => []);
      expect(partial.length).toBeGreaterThanOrEqual(10);
      expect(partial.length).toBeLessThan(TOTAL);

      const b = await runChild(killed, true);
      const summary = JSON.parse(b.out);
      expect(summary.records).toBe(TOTAL);
      expect(summary.resumed).toBe(partial.length);
      expect(summary.jobs).toBe(TOTAL - partial.length);

      const fin = await records(killed);
      expect(fin).toHaveLength(TOTAL);
      expect(new Set(keys(fin)).size).toBe(TOTAL);
      expect(canonical(fin)).toEqual(canonical(await records(full)));
      // Only requests in flight at the kill (≤ concurrency 3) or answered but not yet durable
      // (the batch being written and the one queued behind it: a few per worker) are asked
      // twice — never the whole run again.
      expect(server.requests.length - n0).toBeLessThanOrEqual(TOTAL + 3 * 3);
      // Resuming a finished file does nothing.
      expect(await runGebFixture(server.url, killed, true)).toEqual({
        records: TOTAL,
        jobs: 0,
        resumed: TOTAL,
      });
      expect(await countLines(killed)).toBe(TOTAL);
    });
  }, 60_000);

  it("a torn final line is cut off and redone; a complete row without newline is kept", async () => {
    await withTmp(async (dir) => {
      const full = join(dir, "full.jsonl");
      await runGebFixture(server.url, full, false);
      const lines = (await readFile(full, "utf8")).trim().split("\n");
      const torn = join(dir, "torn.jsonl");
      await writeFile(torn, `${lines.slice(0, 20).join("\n")}\n${lines[20].slice(0, 57)}`);
      expect(await runGebFixture(server.url, torn, true)).toMatchObject({ records: TOTAL, resumed: 20 });
      expect(canonical(await records(torn))).toEqual(canonical(await records(full)));

      const nonl = join(dir, "nonl.jsonl");
      await writeFile(nonl, lines.slice(0, 5).join("\n"));
      const size = (await stat(nonl)).size;
      expect(await runGebFixture(server.url, nonl, true)).toMatchObject({ records: TOTAL, resumed: 5 });
      expect((await stat(nonl)).size).toBeGreaterThan(size);
      expect(canonical(await records(nonl))).toEqual(canonical(await records(full)));
    });
  }, 60_000);

  it("refuses to clobber an existing results file without --resume/--overwrite, and names a corrupt line", async () => {
    await withTmp(async (dir) => {
      const f = join(dir, "r.jsonl");
      await writeFile(f, '{"x": 1}\n');
      await expect(runGebFixture(server.url, f, false)).rejects.toThrow(/already exists; pass --resume/);
      await expect(runGebFixture(server.url, f, true)).rejects.toThrow(/r\.jsonl:1: field schema/);
      await writeFile(f, 'not json\n{"x": 1}\n');
      await expect(runGebFixture(server.url, f, true)).rejects.toThrow(/r\.jsonl:1: invalid JSON/);
    });
  }, 60_000);
});
