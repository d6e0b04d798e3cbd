/**
 * The shared harness of the trap tests: run the `geb` CLI in-process with its output
 * captured, turn a `geb.trap.ledger@1` prompt back into the row a model sees (book and
 * question only: no gold, no meta), answer prompts with a no-model program, and the flags
 * and small fixture sets the loopback-server runs use. One copy, so the prompt parsing the
 * fake models rely on cannot drift between test files.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { type BaselineReport, baselineReport, evaluateSplit } from "../../../src/geb/trap/framework.js";
import {
  TRAP_SPLITS,
  type TrapFamily,
  type TrapFixtures,
  type TrapPrediction,
  type TrapRow,
} from "../../../src/geb/trap/types.js";
import type { Loopback } from "../../fixtures/engine/loopback-server.js";
import { runIn } from "../../helpers/cli-in.js";

export interface GebResult {
  code: number;
  out: string;
  err: string;
}

/** `geb <args>` in-process; stdout and stderr captured (and not printed). */
export async function geb(args: string[]): Promise<GebResult> {
  // Imported here so tests that need only the row helpers stay light.
  const { main } = await import("../../../src/geb/cli/main.js");
  return runIn(main, args);
}

/** The prompt's ledger and question as a row (what a model sees; no gold, no meta). */
export function promptRow(prompt: string): TrapRow {
  const ledger = prompt.split("\nLEDGER:\n")[1]?.split("\n\nQUESTION:\n")[0] ?? "";
  const question = prompt.split("\n\nQUESTION:\n")[1]?.split("\n\nRespond with only JSON.")[0] ?? "";
  return { id: "x", book: `## State Ledger\n${ledger}`, question, gold: {}, meta: {} } as unknown as TrapRow;
}

/** Only what a model (and a baseline) sees of a row: id, book, question; gold and meta empty. */
export const visibleRow = (r: TrapRow): TrapRow =>
  ({ id: r.id, book: r.book, question: r.question, gold: {}, meta: {} }) as unknown as TrapRow;

/** A fake model: the program's `{value, support_ids}` (plus `extra` fields) as JSON text. */
export function answerWith(
  program: (row: TrapRow) => TrapPrediction,
  extra: Record<string, unknown> = {},
): (prompt: string) => string {
  return (prompt) => {
    const p = program(promptRow(prompt));
    return JSON.stringify({ value: p.value, support_ids: p.support_ids, ...extra });
  };
}

/** `--model openai:test --base-url <lb>/v1 --no-progress --max-retries 0` (+ extra flags). */
export const loopbackFlags = (lb: Loopback, ...extra: string[]): string[] => [
  "--model",
  "openai:test",
  "--base-url",
  `${lb.url}/v1`,
  "--no-progress",
  "--max-retries",
  "0",
  ...extra,
];

export const readJson = <T>(p: string): T => JSON.parse(readFileSync(p, "utf8")) as T;

export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

/**
 * `geb trap generate` of a small fixture set into `out` (asserts exit 0). Small sets keep
 * request counts low; floors are means, so they stay meaningful.
 */
export async function generateSmall(
  out: string,
  fam: string,
  anchors: number,
  holdout: number,
  canary: number,
  extra: string[] = ["--overwrite"],
): Promise<string> {
  const g = await geb([
    "trap",
    "generate",
    "--family",
    fam,
    "--out-dir",
    out,
    "--anchors",
    String(anchors),
    "--holdout",
    String(holdout),
    "--canary",
    String(canary),
    ...extra,
  ]);
  expect(g.code, g.err).toBe(0);
  return out;
}

/**
 * The 1.0 derived variants' two headline claims. The oracle program scores 1.0 on each of
 * `metrics` on every split, and every split but the canary passes its target floors.
 */
export function expectOracleScoresOne(
  family: TrapFamily,
  fx: TrapFixtures,
  oracle: (r: TrapRow) => TrapPrediction,
  metrics: readonly string[],
): void {
  for (const split of TRAP_SPLITS) {
    const e = evaluateSplit(family, split, "target", fx[split], fx[split].map(oracle));
    for (const m of metrics) expect(e.means[m], `${split} ${m}`).toBe(1);
    if (split !== "canary") expect(e.status, split).toBe("PASS");
  }
}

/** No no-model program meets the floors at any stage; the target-stage report, to inspect. */
export function expectNoBaselinePasses(family: TrapFamily, fx: TrapFixtures): BaselineReport {
  for (const stage of ["observe", "ramp", "target"] as const)
    expect(baselineReport(family, fx, stage).passing, stage).toEqual([]);
  const b = baselineReport(family, fx, "target");
  expect(b.equivalent_to_core_lookup).toBe(false);
  return b;
}
