import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateToFile, gradeFiles, intakeWarning } from "../../../src/geb/api.js";
import { gebMainIn } from "../../helpers/cli-in.js";
import { repoRoot, tmp } from "../helpers.js";

// geb in-process: these tests are about what grade prints and its exit codes.
const geb = (...args: string[]) => gebMainIn(args, repoRoot);

function fixture(): { data: string; pred: string; ids: string[] } {
  const dir = tmp();
  const data = join(dir, "d.jsonl");
  generateToFile({ seed: 5, episodes: 1, steps: 30, keys: 4, queries: 4, chapters: 2, twins: false }, data);
  const ids = ["E0001-Q001", "E0001-Q002", "E0001-Q003", "E0001-Q004"];
  const pred = join(dir, "p.jsonl");
  const lines = [
    { id: ids[0], value: "x", support_ids: [] },
    { id: ids[0], value: "y", support_ids: [] }, // repeats an id: the last answer is graded
    { id: ids[1], value: null, support_ids: [] },
    { id: "E9999-Q001", value: "z" }, // not in the data
    { id: "E9999-Q002", value: "z" },
    { id: ids[2] }, // an id without an answer
  ];
  writeFileSync(pred, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return { data, pred, ids };
}

describe("geb grade: prediction ids the data does not have, or has twice", () => {
  it("are counted by gradeFiles and named in one warning line", () => {
    const { data, pred } = fixture();
    const r = gradeFiles({ data, pred });
    expect(r.intake).toMatchObject({
      rows: 6,
      duplicate_rows: 1,
      duplicate_ids: 1,
      unknown_ids: 2,
      no_answer: 1,
      no_id: 0,
      unknown_examples: ["E9999-Q001", "E9999-Q002"],
    });
    expect(r.metrics.missing).toBe(2); // Q003 (no answer) and Q004
    expect(intakeWarning(r.intake)).toBe(
      '2 prediction id(s) not in the data (e.g. "E9999-Q001", "E9999-Q002"); 1 row(s) repeat an earlier id (1 id(s); the last answer is graded); 1 row(s) with an id but no answer',
    );
  });

  it("reference-0.1 reads prediction lines as the reference does (str.strip, Python json.loads)", () => {
    const { data, pred, ids } = fixture();
    const odd = `${pred}.odd`;
    writeFileSync(
      odd,
      [
        "\u3000", // blank for Python's str.strip(): skipped, not an error
        `{"id": "${ids[0]}", "value": NaN}`, // Python accepts NaN: the value is the string "nan"
        `\u3000{"id": "${ids[1]}", "value": 2.0}\u00a0`,
        `{"id": 7, "value": "x"}`, // truthy non-string id: kept by the reference, never matches
      ].join("\n"),
    );
    const r = gradeFiles({ data, pred: odd, options: { metrics: "reference-0.1" } });
    expect(r.intake).toMatchObject({ rows: 3, no_id: 1, unknown_ids: 0, duplicate_rows: 0 });
    expect(r.metrics.n).toBe(4);
    expect(() => gradeFiles({ data, pred: odd })).toThrow(/invalid JSON/);
  });

  it("warn on stderr (exit 0); --strict makes it an error (exit 2, no metrics printed)", async () => {
    const { data, pred } = fixture();
    const warn = await geb("grade", "--data", data, "--pred", pred);
    expect(warn.code, warn.stderr).toBe(0);
    expect(warn.stdout).toMatch(/^n=4 value_acc=/);
    expect(warn.stderr.trim().split("\n")).toHaveLength(1);
    expect(warn.stderr).toContain("2 prediction id(s) not in the data");
    const strict = await geb("grade", "--data", data, "--pred", pred, "--strict");
    expect(strict.code).toBe(2);
    expect(strict.stdout).toBe("");
    expect(strict.stderr.trim().split("\n")).toHaveLength(1);
    expect(strict.stderr).toContain("repeat an earlier id");
  });

  it("bad flag values are one-line errors with exit 2 (no stack trace, no help dump)", async () => {
    const { data, pred } = fixture();
    // The crashing case and a choices case.
    for (const bad of [
      ["--max-support-k", "0"],
      ["--citations", "maybe"],
    ]) {
      const r = await geb("grade", "--data", data, "--pred", pred, ...bad);
      expect(r.code, bad.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
      // commander's own line for choices (prefixed like every error); the shared flag parsers'
      // "geb: --flag …" for values.
      expect(r.stderr).toMatch(new RegExp(`^geb: (option '${bad[0]} |${bad[0]} )`));
    }
  }, 60_000);
});
