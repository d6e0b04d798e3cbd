import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { Gf01Instance } from "../../../src/gf01/model/types.js";

/** The GF-01 official-harness parity corpus (shared part); see its README.md. */
export const parityDir = fileURLToPath(new URL("../../../../shared/reference/gf01/parity/", import.meta.url));
export const P = (rel: string): string => `${parityDir}${rel}`;

export const readText = (rel: string): string => readFileSync(P(rel), "utf8");
export const readJson = <T = unknown>(rel: string): T => JSON.parse(readText(rel)) as T;
export const readJsonl = <T = Record<string, unknown>>(rel: string): T[] =>
  readText(rel)
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

export const mainBundle = (): { instances: Gf01Instance[] } & Record<string, unknown> =>
  readJson("bundles/instance_bundle.json");

export interface CommandEntry {
  name: string;
  command: string;
  exit_code: number;
  stdout_file: string | null;
}
export const commands = (): CommandEntry[] => readJson<CommandEntry[]>("commands.json");

/**
 * README comparison rule: same keys, equal strings/integers/booleans, floats within 1e-9.
 * `path` names the first difference in the failure message.
 */
export function expectStructurallyEqual(actual: unknown, expected: unknown, path = "$"): void {
  if (typeof expected === "number" && typeof actual === "number") {
    if (Number.isInteger(expected) && Number.isInteger(actual)) expect(actual, path).toBe(expected);
    else expect(Math.abs(actual - expected), `${path}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), `${path} is a list`).toBe(true);
    const a = actual as unknown[];
    expect(a.length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => {
      expectStructurallyEqual(a[i], e, `${path}[${i}]`);
    });
    return;
  }
  if (expected && typeof expected === "object") {
    expect(actual && typeof actual === "object" && !Array.isArray(actual), `${path} is an object`).toBe(true);
    const a = actual as Record<string, unknown>;
    expect(Object.keys(a).sort(), `${path} keys`).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectStructurallyEqual(a[k], v, `${path}.${k}`);
    return;
  }
  expect(actual, path).toEqual(expected);
}
