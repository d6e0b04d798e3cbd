/**
 * The scoring pool's fallback: a worker that fails (here: one that throws as it starts) costs
 * latency, never a result — its jobs are scored on the main thread, with one log line, and
 * the rows equal `scoreCertificate` on this thread.
 */
import { describe, expect, it } from "vitest";
import { loadBundle } from "../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../src/gf01/model/compile.js";
import type { Atom } from "../../src/gf01/model/types.js";
import { ScorePool } from "../../src/gf01/server/score-pool.js";
import { scoreCertificate } from "../../src/gf01/verify/score.js";
import { officialBundle } from "./helpers.js";

describe("ScorePool", () => {
  it("a failing worker: every job is still scored, on the main thread, identically", async () => {
    const bundle = await loadBundle(officialBundle);
    const byKey = new Map(bundle.instances.map((i) => [i.instance_id, i] as const));
    const logs: string[] = [];
    const broken = new URL(`data:text/javascript,${encodeURIComponent("throw new Error('boom')")}`);
    const pool = new ScorePool(byKey, 1, (l) => logs.push(l), broken);
    try {
      const cert: Atom[] = [[3, "in2", 0]];
      const opts = { bestMatch: { pool: "complete" as const } };
      const jobs = bundle.instances.map((i) => pool.score(i.instance_id, cert, opts));
      const rows = await Promise.all(jobs);
      // A worker that never loads still lets `ready` resolve (gf01 serve awaits it before listening).
      await pool.ready;
      rows.forEach((row, k) => {
        expect(row).toEqual(scoreCertificate(compileInstance(bundle.instances[k]), cert, opts));
      });
      // Later jobs go straight to the main thread.
      const again = await pool.score(bundle.instances[0].instance_id, cert, opts);
      expect(again).toEqual(rows[0]);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/scoring worker failed.*boom.*main thread/);
    } finally {
      await pool.close();
    }
  });

  it("a working worker gives the same rows as this thread", async () => {
    const bundle = await loadBundle(officialBundle);
    const byKey = new Map(bundle.instances.map((i) => [i.instance_id, i] as const));
    const pool = new ScorePool(byKey, 1);
    try {
      await pool.ready;
      const opts = { bestMatch: { pool: "complete" as const } };
      for (const inst of bundle.instances) {
        const cert: Atom[] = [[1, inst.automaton.input_aps[0], 1]];
        expect(await pool.score(inst.instance_id, cert, opts)).toEqual(
          scoreCertificate(compileInstance(inst), cert, opts),
        );
      }
    } finally {
      await pool.close();
    }
  });
});
