/**
 * `geb util …` against the reference scripts' recorded outputs (tests/fixtures/geb/util,
 * README there): same arguments, run in a directory laid out like the recording's, so stdout,
 * output bytes and exit codes compare exactly.
 */
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

const FX = join(repoRoot, "tests/fixtures/geb/util");
const SUBCOMMAND: Record<string, string> = {
  "limit_jsonl.py": "limit",
  "filter_jsonl_by_ids.py": "filter-ids",
  "estimate_runtime.py": "estimate-runtime",
  "rag_failure_drilldown.py": "rag-drilldown",
  "minimize_counterexample.py": "minimize-counterexample",
  "promote_failures_to_anchors.py": "promote-anchors",
  "validate_artifact.py": "validate-artifact",
};
interface Case {
  name: string;
  script: string;
  args: string[];
  exit_code: number;
  has_out: boolean;
}
const cases = JSON.parse(readFileSync(join(FX, "cases.json"), "utf8")) as Case[];

describe("geb util: golden outputs of the reference scripts", () => {
  const cwd = process.cwd();
  const dir = tmp();
  beforeAll(() => {
    symlinkSync(join(FX, "inputs"), join(dir, "inputs"));
    mkdirSync(join(dir, "out"));
    process.chdir(dir);
  });
  afterAll(() => process.chdir(cwd));

  // In recorded order: minimize and promote read the drilldown written before them.
  for (const c of cases)
    it(`${c.name}: geb util ${SUBCOMMAND[c.script]} ${c.args.join(" ")}`, async () => {
      const r = await runCli("geb", ["util", SUBCOMMAND[c.script], ...c.args]);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(readFileSync(join(FX, "reference", `${c.name}.stdout`), "utf8"));
      expect(r.code).toBe(c.exit_code);
      if (c.has_out)
        expect(readFileSync(join(dir, "out", `${c.name}.jsonl`), "utf8")).toBe(
          readFileSync(join(FX, "reference", `${c.name}.out`), "utf8"),
        );
    });
});
