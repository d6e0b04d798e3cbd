/**
 * `geb memory verify` against the reference's own outputs (tests/fixtures/geb/memory, made by
 * running the reference: see its README), and the defects we fix, each against the
 * reference's recorded behaviour so the documented difference is real.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { verifyMemoryFile } from "../../../src/geb/memory/api.js";
import { readMemoryFile } from "../../../src/geb/memory/io.js";
import { diskFiles } from "../../../src/geb/memory/source.js";
import { type MemoryResult, parseMemoryEntry, verifyMemories } from "../../../src/geb/memory/verify.js";
import { runCli } from "../../fuzz/lib/flags.js";
import { repoRoot, tmp } from "../helpers.js";

const FX = join(repoRoot, "tests/fixtures/geb/memory");
const ROOT = join(FX, "root");
const ref = (name: string) => readFileSync(join(FX, "reference", name), "utf8");
const refJson = <T>(name: string): T => JSON.parse(ref(name)) as T;

describe("memory verify: parity with the reference", () => {
  it("summary and details are byte-identical to the reference's on its documented cases", async () => {
    const dir = tmp();
    const r = await verifyMemoryFile({
      input: join(FX, "cases.jsonl"),
      root: ROOT,
      out: join(dir, "summary.json"),
      details: join(dir, "details.json"),
    });
    expect(readFileSync(join(dir, "summary.json"), "utf8")).toBe(ref("summary.json"));
    expect(readFileSync(join(dir, "details.json"), "utf8")).toBe(ref("details.json"));
    expect(r.summaryText).toBe(ref("summary.json"));
  });

  it("the reference's two unit tests", () => {
    const entries = readMemoryFile(join(FX, "cases.jsonl")).slice(0, 2);
    const ok = verifyMemories([entries[0]], diskFiles(ROOT));
    expect(ok.results[0].ok).toBe(true);
    expect(ok.summary.memory_verified_rate).toBe(1);
    expect(ok.summary.memory_invalid_rate).toBe(0);
    const bad = verifyMemories([entries[1]], diskFiles(ROOT));
    expect(bad.results[0].ok).toBe(false);
    expect(bad.results[0].tags).toEqual(["overconfident_memory", "stale_memory"]);
    expect(bad.summary.memory_invalid_rate).toBe(1);
  });

  it("the CLI writes the summary, prints it, and exits 0", async () => {
    const dir = tmp();
    const out = join(dir, "s.json");
    const r = await runCli("geb", [
      "memory",
      "verify",
      "--in",
      join(FX, "cases.jsonl"),
      "--root",
      ROOT,
      "--out",
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${ref("summary.json")}\n`);
    expect(readFileSync(out, "utf8")).toBe(ref("summary.json"));
  });
});

describe("memory verify: the reference's defects, fixed", () => {
  const ours = verifyMemories(readMemoryFile(join(FX, "defects.jsonl")), diskFiles(ROOT)).results;
  const theirs = refJson<MemoryResult[]>("defects.details.json");
  // [our reasons ([] = verified), the reference's reasons] per defects.jsonl line.
  const cases: [string, string[], string[]][] = [
    ["../ escapes the root", ["path_outside_root"], []],
    ["a .. that stays inside is fine", [], []],
    ["line_end past the end of the file is reported, not clamped", ["line_range_out_of_bounds"], []],
    ["line_start 2.9 is not a line number", ["invalid_line_range"], []],
    ['line_start "2" is not a line number', ["invalid_line_range"], []],
    ["line_start true is not a line number", ["invalid_line_range"], []],
    ["id null is a missing id (the reference's id is the string None)", ["missing_id"], []],
    ["claim_text null is a missing claim", ["missing_claim_text"], ["claim_mismatch"]],
    ["type null is an invalid citation type", ["invalid_citation_type"], ["unsupported_citation_type:none"]],
    ["a directory is an unreadable file", ["unreadable_file:subdir"], ["line_range_out_of_bounds"]],
  ];
  for (const [i, [what, mine, reference]] of cases.entries())
    it(what, () => {
      expect(ours[i].reasons).toEqual(mine);
      expect(ours[i].ok).toBe(mine.length === 0);
      expect(theirs[i].reasons).toEqual(reference);
    });
  it("id null: ours reports no id, the reference the string None", () => {
    expect(ours[6].id).toBe(null);
    expect(theirs[6].id).toBe("None");
  });

  it("absolute paths and symlinks out of the root are path_outside_root", () => {
    const dir = tmp();
    const root = join(dir, "root");
    mkdirSync(root);
    writeFileSync(join(dir, "secret.txt"), "top secret\n");
    writeFileSync(join(root, "inside.txt"), "top secret\n");
    symlinkSync(join(dir, "secret.txt"), join(root, "link-out.txt"));
    symlinkSync(join(root, "inside.txt"), join(root, "link-in.txt"));
    const e = (file_path: string) =>
      parseMemoryEntry({
        id: file_path,
        claim_text: "secret",
        citations: [{ type: "repo", file_path, line_start: 1, line_end: 1, snippet: "top secret" }],
      });
    const { results } = verifyMemories(
      [e(join(dir, "secret.txt")), e("link-out.txt"), e("link-in.txt"), e("inside.txt"), e("C:\\x.txt")],
      diskFiles(root),
    );
    expect(results.map((r) => r.reasons)).toEqual([
      ["path_outside_root"],
      ["path_outside_root"],
      [],
      [],
      ["path_outside_root"],
    ]);
  });

  it("a cited file that is not UTF-8 is unreadable_file (the reference crashes: UnicodeDecodeError)", () => {
    const e = parseMemoryEntry({
      id: "l",
      claim_text: "caf",
      citations: [{ type: "repo", file_path: "latin1.txt", line_start: 1, line_end: 1, snippet: "caf" }],
    });
    expect(verifyMemories([e], diskFiles(ROOT)).results[0].reasons).toEqual(["unreadable_file:latin1.txt"]);
    const rec = refJson<{ name: string; exception?: string }[]>("input_errors.json");
    expect(rec.find((r) => r.name === "latin1_file")?.exception).toBe("UnicodeDecodeError");
  });
});

describe("memory verify: badly typed entries are input errors naming file, line and field", () => {
  const cases = JSON.parse(readFileSync(join(FX, "input_errors.json"), "utf8")) as {
    name: string;
    field: string | null;
    entry: unknown;
  }[];
  const recorded =
    refJson<{ name: string; result?: MemoryResult; exception?: string }[]>("input_errors.json");
  for (const c of cases)
    it(c.name, () => {
      const dir = tmp();
      const file = join(dir, "m.jsonl");
      const good = { id: "g", claim_text: "beta", citations: [] };
      writeFileSync(file, `${JSON.stringify(good)}\n\n${JSON.stringify(c.entry)}\n`);
      let err: unknown;
      try {
        readMemoryFile(file);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(InputError);
      const ie = err as InputError;
      expect(ie.file).toBe(file);
      expect(ie.line).toBe(3);
      expect(ie.field).toBe(c.field ?? undefined);
      // The reference did not reject it: it coerced the value or crashed.
      const r = recorded.find((x) => x.name === c.name);
      expect(r?.result ?? r?.exception).toBeDefined();
    });

  it('the reference counts used "false" as used, and a string confidence as overconfident', () => {
    const r = (n: string) => recorded.find((x) => x.name === n);
    expect(r("used_string_false")?.result?.used).toBe(true);
    expect(r("confidence_string")?.result?.tags).toContain("overconfident_memory");
  });

  it("the CLI prints one line and exits 2", async () => {
    const dir = tmp();
    const file = join(dir, "m.jsonl");
    writeFileSync(file, '{"id": "x", "used": "false"}\n');
    const r = await runCli("geb", ["memory", "verify", "--in", file, "--out", join(dir, "o.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`geb: ${file}:1: field used: must be true or false, got string "false"\n`);
  });

  it("a line that is not JSON names its line", () => {
    const dir = tmp();
    const file = join(dir, "m.jsonl");
    writeFileSync(file, '\uFEFF{"id": "x"}\n{oops\n');
    expect(() => readMemoryFile(file)).toThrow(new RegExp(`^${file}:2: invalid JSON`));
  });
});
