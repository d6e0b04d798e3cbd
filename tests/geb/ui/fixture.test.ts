/** Fixture schema and validator: the reference's ui_fixture tests, plus file:line:field errors. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { readUiFixture, rowIssues, validateUiFixture } from "../../../src/geb/ui/fixture.js";
import { tmp } from "../helpers.js";
import { cand, committedFixture } from "./helpers.js";

const good = () => ({
  id: "step_0001",
  candidates: [cand("btn_next", { label: "Next", app_path: "Checkout > Cart" })],
  gold: { candidate_id: "btn_next" },
  expected_delta: { page: "checkout_shipping" },
});
const messages = (v: unknown) => rowIssues(v, "f.jsonl", 1).map((i) => `${i.field ?? ""}: ${i.message}`);

describe("validator (reference test_ui_fixture)", () => {
  it("accepts the reference's committed fixture", async () => {
    expect(await validateUiFixture(committedFixture)).toEqual({ rows: 4, issues: [] });
  });
  it("blank candidate_id", () => {
    const r = good();
    r.candidates[0].candidate_id = "";
    expect(messages(r)).toContain("candidates[0].candidate_id: candidate_id must be a non-empty string");
  });
  it("blank task_id and step_index 0", () => {
    const m = messages({ ...good(), task_id: " ", step_index: 0 });
    expect(m).toContain("task_id: task_id must be a non-empty string");
    expect(m).toContain("step_index: step_index must be a positive integer");
  });
  it("min_steps 0", () => {
    expect(messages({ ...good(), min_steps: 0 })).toContain(
      "min_steps: min_steps must be a positive integer",
    );
  });
  it("a UTF-8 byte order mark is accepted", async () => {
    const f = join(tmp(), "bom.jsonl");
    writeFileSync(
      f,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${JSON.stringify(good())}\n`)]),
    );
    expect((await validateUiFixture(f)).issues).toEqual([]);
  });
});

describe("validator: the rest of §A1", () => {
  it("gold must be a candidate; candidate ids unique; modal_scope key required; bbox four numbers", () => {
    expect(messages({ ...good(), gold: { candidate_id: "nope" } })).toContain(
      "gold.candidate_id: gold.candidate_id nope not found in candidates",
    );
    const dup = { ...good(), candidates: [cand("a"), cand("a")], gold: { candidate_id: "a" } };
    expect(messages(dup)).toContain("candidates[1].candidate_id: duplicate candidate_id a");
    const { modal_scope: _, ...noScope } = cand("a");
    expect(messages({ ...good(), candidates: [noScope], gold: { candidate_id: "a" } })).toContain(
      "candidates[0].modal_scope: modal_scope must be null or a non-empty string",
    );
    expect(messages({ ...good(), candidates: [cand("btn_next", { bbox: [1, 2, 3] })] })).toContain(
      "candidates[0].bbox: bbox must be a list of four numbers [x, y, w, h]",
    );
    expect(messages({ ...good(), candidates: [] })).toContain(
      "candidates: candidates must be a non-empty list",
    );
    expect(messages({ ...good(), expected_delta: [1] })).toContain(
      "expected_delta: expected_delta must be an object when present",
    );
    expect(messages({ ...good(), candidates: [cand("btn_next", { visible: "yes" as never })] })).toContain(
      "candidates[0].visible: visible must be a boolean",
    );
  });

  it("lists every problem with file, line and field; readers stop at the first as an InputError", async () => {
    const f = join(tmp(), "bad.jsonl");
    const bad = { ...good(), id: "step_0002", min_steps: 0 };
    writeFileSync(f, `${JSON.stringify(good())}\n\n${JSON.stringify(bad)}\n${JSON.stringify(good())}\n`);
    const r = await validateUiFixture(f);
    expect(r.rows).toBe(3);
    expect(r.issues).toEqual([
      { file: f, line: 3, field: "min_steps", message: "min_steps must be a positive integer" },
      { file: f, line: 4, field: "id", message: "duplicate row id step_0001 (first on line 1)" },
    ]);
    await expect(readUiFixture(f)).rejects.toThrow(
      new InputError("min_steps must be a positive integer (and 1 more: geb ui validate)", {
        file: f,
        line: 3,
        field: "min_steps",
      }),
    );
  });

  it("an empty file, a line that is not JSON and a missing file are reported, never a TypeError", async () => {
    const d = tmp();
    writeFileSync(join(d, "empty.jsonl"), "\n");
    expect((await validateUiFixture(join(d, "empty.jsonl"))).issues[0].message).toBe("fixture is empty");
    writeFileSync(join(d, "junk.jsonl"), `${JSON.stringify(good())}\n{oops\n`);
    const j = await validateUiFixture(join(d, "junk.jsonl"));
    expect(j.issues[0]).toMatchObject({ line: 2 });
    expect(j.issues[0].message).toMatch(/^invalid JSON/);
    await expect(readUiFixture(join(d, "missing.jsonl"))).rejects.toThrow(
      /missing\.jsonl: cannot read file: ENOENT/,
    );
    expect(messages(null)[0]).toMatch(/expected object/);
    expect(messages([1])[0]).toMatch(/expected object/);
  });
});
