import { fileURLToPath } from "node:url";
import { main } from "../../../src/gf01/cli.js";

export const fixtures = fileURLToPath(new URL("../../fixtures/gf01/release/", import.meta.url));
export const refGf01 = fileURLToPath(new URL("../../../../shared/reference/gf01/", import.meta.url));
/**
 * The official harness's pilot freeze and pilot campaign (data files only, copied from the
 * official repository into the fixtures), so the release-parity tests run on a fresh machine:
 * they used to read a checkout at /work/ref and were skipped wherever it was missing.
 */
export const harness = fileURLToPath(new URL("../../fixtures/gf01/release/official-pilot/", import.meta.url));

/** Run `gf01 <argv>` in this process; stdout and stderr captured, exit code returned. */
export async function runGf01(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const ow = process.stdout.write;
  const ew = process.stderr.write;
  process.stdout.write = ((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => {
    stderr += String(s);
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = ow;
    process.stderr.write = ew;
  }
}

/** Keys we add to official payloads (docs/gf01-release.md, "Differences from the official harness"). */
export const OUR_EXTRA_KEYS = new Set([
  "public_to_private_pass",
  "public_to_private_reuse_count",
  "public_to_private_reuse_preview",
  "public_to_private_rule_enforced",
  "recomputed",
  "official_mode",
  "rows",
  "issues",
]);

/**
 * `actual` carries every field of `expected` with an equal value (floats within 1e-12), and
 * any further field is one of OUR_EXTRA_KEYS: official tooling reads our output unchanged.
 */
export function expectOfficialSuperset(actual: unknown, expected: unknown, path = "$"): string[] {
  const diffs: string[] = [];
  const walk = (a: unknown, e: unknown, p: string): void => {
    if (typeof e === "number" && typeof a === "number") {
      if (Math.abs(a - e) > 1e-12) diffs.push(`${p}: ${a} ≠ ${e}`);
      return;
    }
    if (Array.isArray(e)) {
      if (!Array.isArray(a) || a.length !== e.length) {
        diffs.push(`${p}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(e).slice(0, 200)}`);
        return;
      }
      for (const [i, x] of e.entries()) walk(a[i], x, `${p}[${i}]`);
      return;
    }
    if (e && typeof e === "object") {
      if (!a || typeof a !== "object" || Array.isArray(a)) {
        diffs.push(`${p}: not an object`);
        return;
      }
      const ao = a as Record<string, unknown>;
      for (const [k, v] of Object.entries(e)) {
        if (!(k in ao)) diffs.push(`${p}.${k}: missing`);
        else walk(ao[k], v, `${p}.${k}`);
      }
      for (const k of Object.keys(ao))
        if (!(k in e) && !OUR_EXTRA_KEYS.has(k)) diffs.push(`${p}.${k}: extra`);
      return;
    }
    if (a !== e) diffs.push(`${p}: ${JSON.stringify(a)} ≠ ${JSON.stringify(e)}`);
  };
  walk(actual, expected, path);
  return diffs;
}
