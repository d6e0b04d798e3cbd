/**
 * `geb util …` where we deliberately differ from the reference (bad input is an error naming
 * file, line and field, never dropped or defaulted silently), validate-artifact with our own
 * schemas, and --append.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeById, pyPathStr } from "../../../src/geb/util/select.js";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

const geb = (...args: string[]) => runCli("geb", ["util", ...args]);

describe("geb util: bad input is reported, not skipped (differences from the reference)", () => {
  it("filter-ids: a line that is not JSON is an error naming file and line (the reference drops it)", async () => {
    const d = tmp();
    writeFileSync(join(d, "rows.jsonl"), '{"id": "A"}\n{oops\n{"id": "B"}\n');
    writeFileSync(join(d, "ids.txt"), "A\n");
    const r = await geb(
      "filter-ids",
      "--data",
      join(d, "rows.jsonl"),
      "--ids",
      join(d, "ids.txt"),
      "--out",
      join(d, "o.jsonl"),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^geb: ${join(d, "rows.jsonl")}:2: invalid JSON`));
  });

  it("filter-ids: a row that is not an object is an error (the reference drops it)", async () => {
    const d = tmp();
    writeFileSync(join(d, "rows.jsonl"), '{"id": "A"}\n[1, 2]\n');
    writeFileSync(join(d, "ids.txt"), "A\n");
    const r = await geb(
      "filter-ids",
      "--data",
      join(d, "rows.jsonl"),
      "--ids",
      join(d, "ids.txt"),
      "--out",
      join(d, "o.jsonl"),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`geb: ${join(d, "rows.jsonl")}:2: a row must be a JSON object\n`);
  });

  it("limit: kept lines must be JSON (the reference copies any text)", async () => {
    const d = tmp();
    writeFileSync(join(d, "rows.jsonl"), '{"id": "A"}\nnot json\n');
    const r = await geb(
      "limit",
      "--in",
      join(d, "rows.jsonl"),
      "--out",
      join(d, "o.jsonl"),
      "--max-rows",
      "5",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/rows\.jsonl:2: invalid JSON/);
    const ok = await geb(
      "limit",
      "--in",
      join(d, "rows.jsonl"),
      "--out",
      join(d, "o.jsonl"),
      "--max-rows",
      "1",
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(join(d, "o.jsonl"), "utf8")).toBe('{"id": "A"}\n');
  });

  it("estimate-runtime --from-combined: an unreadable file is an error (the reference silently uses 30 s/q)", async () => {
    const d = tmp();
    writeFileSync(join(d, "c.json"), "{not json");
    const base = [
      "--seeds",
      "1",
      "--episodes",
      "1",
      "--queries",
      "1",
      "--state-modes",
      "1",
      "--distractor-profiles",
      "1",
    ];
    const r = await geb("estimate-runtime", ...base, "--from-combined", join(d, "c.json"));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/c\.json: invalid JSON/);
    const missing = await geb("estimate-runtime", ...base, "--from-combined", join(d, "nope.json"));
    expect(missing.code).toBe(2);
    // No usable row: the default (or --seconds-per-q) stays, as in the reference.
    writeFileSync(join(d, "c.json"), '[{"efficiency": {}}]');
    const none = await geb("estimate-runtime", ...base, "--from-combined", join(d, "c.json"));
    expect(none.stdout).toBe("questions=1\nseconds=30\nminutes=0.5\nhours=0.01\n");
  });

  it("minimize-counterexample: a drilldown row that is not an object names its line (the reference crashes)", async () => {
    const d = tmp();
    writeFileSync(join(d, "dd.jsonl"), '{"id": "a", "reasons": ["x"]}\n"text"\n');
    const r = await geb(
      "minimize-counterexample",
      "--drilldown",
      join(d, "dd.jsonl"),
      "--out",
      join(d, "o.jsonl"),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`geb: ${join(d, "dd.jsonl")}:2: a row must be a JSON object\n`);
  });

  it("rag-drilldown: a data row without a document names the field (the reference raises KeyError)", async () => {
    const d = tmp();
    writeFileSync(join(d, "data.jsonl"), '{"id": "q1", "gold": {"value": "x"}, "meta": {}}\n');
    writeFileSync(join(d, "p.jsonl"), '{"id": "q1", "value": "x"}\n');
    const r = await geb(
      "rag-drilldown",
      "--data",
      join(d, "data.jsonl"),
      "--preds",
      join(d, "p.jsonl"),
      "--out",
      join(d, "o.jsonl"),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`geb: ${join(d, "data.jsonl")}:1: field document: must be a string\n`);
  });
});

describe("geb util validate-artifact with our schemas", () => {
  const summary = join(repoRoot, "tests/fixtures/geb/memory/reference/summary.json");
  for (const schema of [
    "geb.memory_verify_summary.v1",
    join(repoRoot, "schemas/geb.memory_verify_summary.v1.schema.json"),
  ])
    it(`a valid artifact passes and a broken one names the field (--schema ${schema.replace(repoRoot, "")})`, async () => {
      const ok = await geb("validate-artifact", "--schema", schema, "--path", summary);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toBe(`Schema validation OK: ${summary}\n`);
      const d = tmp();
      const bad = join(d, "s.json");
      writeFileSync(
        bad,
        JSON.stringify({ ...JSON.parse(readFileSync(summary, "utf8")), memory_use_rate: "1" }),
      );
      const r = await geb("validate-artifact", "--schema", schema, "--path", bad);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(
        new RegExp(`^Schema validation failed for ${bad}:\\n- ${bad}: field memory_use_rate: `),
      );
    });

  it("an unknown schema name is an input error", async () => {
    const r = await geb("validate-artifact", "--schema", "geb.nope.v9", "--path", summary);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^geb: geb\.nope\.v9: no such schema file/);
  });
});

describe("promote-anchors helpers", () => {
  it("--append merges by id: a later row replaces an earlier one in place; rows without id dropped", () => {
    const merged = mergeById(
      [{ id: "a", v: 1 }, { id: "b", v: 1 }, { v: "no id" }],
      [
        { id: "b", v: 2 },
        { id: "c", v: 2 },
      ],
    );
    expect(merged).toEqual([
      { id: "a", v: 1 },
      { id: "b", v: 2 },
      { id: "c", v: 2 },
    ]);
  });

  it("meta.promoted_from is Python's str(Path(p))", () => {
    // Python: str(PurePosixPath(p)) for each
    expect(
      ["out//dd.jsonl", "./out/./dd.jsonl", "out/", "/a//b/", "//a", "a/../b", "", "."].map(pyPathStr),
    ).toEqual(["out/dd.jsonl", "out/dd.jsonl", "out", "/a/b", "//a", "a/../b", ".", "."]);
  });
});
