/**
 * Our `validate` / `report` on the corpus inputs against what the official commands printed
 * (`commands.json`: command, exit code, stdout file). Compared: the exit code, and every key the
 * official output has, structurally (floats within 1e-9). Where we differ on purpose (extra keys
 * such as `rows_verified`; report groups that never pool agents; `--official` also re-verifying
 * against the bundle) docs/gf01.md "Differences from the official harness" lists it.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { demo, reportRunsFile, validateRunsFile } from "../../../src/gf01/api.js";
import { parseBundle } from "../../../src/gf01/artifacts/bundle.js";
import { dumpJsonFile } from "../../../src/gf01/artifacts/pyout.js";
import { identifiabilityCheck } from "../../../src/gf01/checks/identifiability.js";
import { commands, expectStructurallyEqual, P, readJson, readText } from "./helpers.js";

const BUNDLE_OF_MANIFEST: Record<string, string> = {
  "bundles/split_manifest.json": "bundles/instance_bundle.json",
  "bundles/split_manifest_private_eval.json": "bundles/instance_bundle_private_eval.json",
};

const cases = commands()
  .map((c) => ({ c, m: c.command.match(/ gf01 (validate|report) (.*)$/) }))
  .filter((x) => x.m !== null)
  .map(({ c, m }) => {
    const args = (m as RegExpMatchArray)[2].trim().split(/\s+/);
    const get = (f: string): string | undefined => {
      const i = args.indexOf(f);
      return i >= 0 ? args[i + 1] : undefined;
    };
    return {
      name: c.name,
      cmd: (m as RegExpMatchArray)[1] as "validate" | "report",
      runs: get("--runs") as string,
      manifest: get("--manifest"),
      strict: args.includes("--strict"),
      official: args.includes("--official"),
      exit: c.exit_code,
      stdout: c.stdout_file as string,
    };
  });

/** Official report groups pool agents; ours never do, so only single-agent reports compare group by group. */
const SINGLE_AGENT_REPORTS = new Set([
  "report_random_official",
  "report_greedy_official",
  "report_search_official",
  "report_tool_official",
  "report_oracle_official",
  "report_second_bundle_official",
]);

describe("parity: validate/report outputs and exit codes (commands.json)", () => {
  it("covers the 21 validate/report commands", () => expect(cases.length).toBe(21));
  it.each(cases)("$name", async (k) => {
    // Our --official re-verifies every certificate, so it needs the bundle the manifest describes.
    const instances = k.official && k.manifest ? BUNDLE_OF_MANIFEST[k.manifest] : undefined;
    const o = {
      manifestFile: k.manifest ? P(k.manifest) : undefined,
      instancesFile: instances ? P(instances) : undefined,
      strict: k.strict,
      official: k.official,
      // Compared per group: report difficulty strata folded, as the official report has none.
      fold: ["difficulty_slice"] as const,
    };
    const r =
      k.cmd === "validate" ? await validateRunsFile(P(k.runs), o) : await reportRunsFile(P(k.runs), o);
    expect(r.ok ? 0 : 2).toBe(k.exit);
    const expected = readJson<Record<string, unknown>>(k.stdout);
    const got = r.payload;
    for (const [key, want] of Object.entries(expected)) {
      if (key === "groups") continue;
      expectStructurallyEqual(got[key], want, `${k.name}.${key}`);
    }
    if (k.cmd !== "report") return;
    const ours = got.groups as Array<Record<string, unknown>>;
    const theirs = expected.groups as Array<Record<string, unknown>>;
    if (!SINGLE_AGENT_REPORTS.has(k.name)) {
      // Pooled over agents officially: the per-track row counts still agree.
      const count = (gs: Array<Record<string, unknown>>, track: string) =>
        gs.filter((g) => g.eval_track === track).reduce((s, g) => s + (g.count as number), 0);
      for (const t of ["EVAL-CB", "EVAL-TA", "EVAL-OC"]) expect(count(ours, t)).toBe(count(theirs, t));
      return;
    }
    expect(ours.length).toBe(theirs.length);
    for (const g of theirs) {
      const dims = Object.keys(g).filter(
        (x) => !["count", "certified_rate", "goal_rate", "ap_f1_mean", "ts_f1_mean"].includes(x),
      );
      const match = ours.filter((o2) => dims.every((d) => o2[d] === g[d]));
      expect(match.length, `${k.name}: one group for ${JSON.stringify(dims.map((d) => g[d]))}`).toBe(1);
      const mine = Object.fromEntries(Object.keys(g).map((x) => [x, match[0][x]]));
      expectStructurallyEqual(mine, g, `${k.name}.groups`);
    }
  });
});

describe("parity: identifiability-check (official output files and exit codes)", () => {
  const ic = commands().filter(
    (c) => c.name.startsWith("identifiability") || c.command.includes("identifiability-check"),
  );
  it("covers the 3 identifiability-check commands", () => expect(ic.length).toBe(3));
  it.each(ic)("$name", (c) => {
    const args = c.command.split(/\s+/);
    const get = (f: string): string | undefined => {
      const i = args.indexOf(f);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const instances = get("--instances") as string;
    const b = parseBundle(readJson(instances));
    const r = identifiabilityCheck(b.instances, b.meta, {
      instancesPath: instances,
      minResponseRatio: get("--min-response-ratio") ? Number(get("--min-response-ratio")) : undefined,
      minUniqueSignatures: get("--min-unique-signatures")
        ? Number(get("--min-unique-signatures"))
        : undefined,
    });
    expect(r.ok ? 0 : 2).toBe(c.exit_code);
    expect(dumpJsonFile(r.payload)).toBe(readText(get("--out") as string));
    expect(`${dumpJsonFile(r.payload)}\n`).toBe(readText(c.stdout_file as string));
  });
});

describe("parity: demo", () => {
  it("demo --compat official-0.1 --seed 1337 prints the official demo output byte for byte", async () => {
    const r = await demo(1337, "official-0.1");
    expect(r.ok).toBe(true);
    expect(`${dumpJsonFile(r.payload)}\n`).toBe(readText("official/demo_seed1337.json"));
    expect((r.payload as { witness: unknown }).witness).toEqual([[5, "in0", 0]]);
  });
  it("an unknown --compat is a usage error, not the default generator", async () => {
    await expect(demo(1337, "nope")).rejects.toThrow(/unknown --compat nope/);
    await expect(demo(1337, "nope")).rejects.toBeInstanceOf(InputError);
  });
});
