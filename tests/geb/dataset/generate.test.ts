import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { baselineToFile, generateToFile, generateToFileAsync } from "../../../src/geb/api.js";
import { parseBookLedger, parseUpdates, splitLines, validateBook } from "../../../src/geb/dataset/book.js";
import { validateConfig } from "../../../src/geb/dataset/generate.js";
import { GebRowSchema } from "../../../src/geb/dataset/schema.js";
import { rowLine } from "../../../src/geb/dataset/serialize.js";
import {
  DEFAULT_GENERATE_CONFIG,
  DISTRACTOR_PROFILES,
  type GebRow,
  STATE_MODES,
} from "../../../src/geb/dataset/types.js";
import { binPath, buildBins } from "../../helpers/bins.js";
import { gebMainIn } from "../../helpers/cli-in.js";
import { repoRoot, rowsOf, score, tmp } from "../helpers.js";

const small = { episodes: 3, steps: 60, keys: 6, queries: 12 } as const;

function supported(mode: string, profile: string): boolean {
  try {
    validateConfig({
      ...DEFAULT_GENERATE_CONFIG,
      stateMode: mode as never,
      distractorProfile: profile as never,
    });
    return true;
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return false;
  }
}

describe("baselines on every state mode × distractor profile", () => {
  for (const compat of ["1.0", "reference-0.1"] as const) {
    for (const mode of STATE_MODES) {
      for (const profile of DISTRACTOR_PROFILES) {
        if (compat === "1.0" && !supported(mode, profile)) continue;
        it(`${compat} ${mode} × ${profile}: ledger exact = 1, naive < 1`, () => {
          const rows = rowsOf({ ...small, compat, stateMode: mode, distractorProfile: profile });
          expect(rows.length).toBeGreaterThan(0);
          for (const protocol of ["open_book", "closed_book"] as const) {
            const ledger = score(rows, "ledger", protocol);
            expect(ledger.exact_acc, protocol).toBe(1);
            expect(ledger.value_acc).toBe(1);
            expect(ledger.cite_f1).toBe(1);
            expect(ledger.entailment).toBe(1);
            if (ledger.twin_flip_rate !== null) expect(ledger.twin_flip_rate).toBe(1);
            expect(score(rows, "naive", protocol).exact_acc!).toBeLessThan(1);
          }
        });
      }
    }
  }
});

describe("holdout profiles reject modes they cannot express (1.0)", () => {
  it("names the flag and the supported modes", () => {
    expect(() => rowsOf({ stateMode: "counter", distractorProfile: "stale_tab_state" })).toThrow(
      /--distractor-profile stale_tab_state cannot be expressed in --state-mode counter \(supported: kv, kv_commentary\)/,
    );
    expect(() => rowsOf({ stateMode: "kv", distractorProfile: "note_camouflage" })).toThrow(InputError);
    // The reference generator accepts it (and silently produces a plain kv episode).
    expect(
      rowsOf({ ...small, compat: "reference-0.1", stateMode: "kv", distractorProfile: "note_camouflage" })
        .length,
    ).toBeGreaterThan(0);
  });
  it("rejects out-of-range knobs", () => {
    expect(() => rowsOf({ distractorRate: 1.5 })).toThrow(/--distractor-rate must be a number in \[0, 1\]/);
    expect(() => rowsOf({ keys: 0 })).toThrow(/--keys must be an integer >= 1/);
  });
});

/** Lines of b that differ from a (same length required). */
function diffLines(a: string, b: string): number[] {
  const la = splitLines(a);
  const lb = splitLines(b);
  expect(lb.length).toBe(la.length);
  return la.flatMap((l, i) => (l === lb[i] ? [] : [i]));
}

describe("counterfactual twins (1.0)", () => {
  for (const mode of STATE_MODES) {
    it(`${mode}: twin differs in exactly the flipped update; same questions; gold flips`, () => {
      const rows = rowsOf({
        ...small,
        episodes: 4,
        stateMode: mode,
        distractorProfile: mode === "kv" ? "adversarial" : "instruction",
      });
      const byEpisode = new Map<string, GebRow[]>();
      for (const r of rows) byEpisode.set(r.episode_id, [...(byEpisode.get(r.episode_id) ?? []), r]);
      let flippedPairs = 0;
      for (const [id, base] of byEpisode) {
        if (id.endsWith("T")) continue;
        const twin = byEpisode.get(`${id}T`)!;
        expect(twin).toHaveLength(base.length);
        const flipUid = base[0].meta.twin_flip_uid!;
        const flipKey = base[0].meta.twin_flip_key!;
        // Log: exactly the flipped UPDATE line.
        const docDiff = diffLines(base[0].document, twin[0].document);
        expect(docDiff).toHaveLength(1);
        const line = splitLines(twin[0].document)[docDiff[0]];
        expect(line.startsWith(`- [${flipUid}] UPDATE `) && line.includes(` SET ${flipKey} = `)).toBe(true);
        // Book: the ledger line and the chapter narrative line, nothing else.
        const bookDiff = diffLines(base[0].book, twin[0].book).map((i) => splitLines(twin[0].book)[i]);
        expect(bookDiff).toHaveLength(2);
        expect(bookDiff.some((l) => l.startsWith(`- [${flipUid}] step=`))).toBe(true);
        expect(bookDiff.some((l) => l.startsWith("Reported: ") && l.includes(flipKey))).toBe(true);
        const newValue = parseUpdates(twin[0].document).find((u) => u.uid === flipUid)!.value;
        const oldValue = parseUpdates(base[0].document).find((u) => u.uid === flipUid)!.value;
        expect(newValue).not.toBe(oldValue);
        expect(parseBookLedger(twin[0].book).find((u) => u.uid === flipUid)!.value).toBe(newValue);
        base.forEach((b, i) => {
          const t = twin[i];
          expect(t.meta.q_index).toBe(b.meta.q_index);
          expect(t.meta.key).toBe(b.meta.key);
          expect(t.question).toBe(b.question.replace(`Question ${b.id}:`, `Question ${t.id}:`));
          expect(t.schema_version).toBe("1.0");
          expect([b.meta.twin_variant, t.meta.twin_variant]).toEqual(["base", "twin"]);
          if (b.meta.key === flipKey && b.meta.derived_op !== "reports") {
            expect(t.gold.value).not.toBe(b.gold.value);
            expect(t.gold.support_ids).toEqual([flipUid]);
            flippedPairs++;
          } else if (b.meta.derived_op !== "reports") {
            expect(t.gold).toEqual(b.gold);
          }
        });
      }
      expect(flippedPairs).toBeGreaterThan(0);
    });
  }

  it("reference-0.1 twins keep the reference's defects (documented)", () => {
    const rows = rowsOf({ ...small, episodes: 1, compat: "reference-0.1", distractorProfile: "standard" });
    const twin = rows.filter((r) => r.episode_id.endsWith("T"));
    expect(twin.length).toBe(small.queries);
    expect(twin.every((r) => r.schema_version === undefined)).toBe(true);
    // Q001 is re-aimed at the flipped key.
    expect(twin[0].meta.key).toBe(twin[0].meta.twin_flip_key);
  });
});

describe("1.0 generator fixes", () => {
  it("focus_drift: a last-mention scan of the book no longer reads off the answers (the reference's does)", () => {
    const cfg = { episodes: 2, steps: 40, keys: 6, queries: 8, distractorProfile: "focus_drift" } as const;
    for (const stateMode of ["kv", "kv_commentary"] as const) {
      const v1 = rowsOf({ ...cfg, stateMode });
      // Twins off: the reference twin flips the ledger but not the narrative.
      const ref = rowsOf({ ...cfg, stateMode, compat: "reference-0.1", twins: false });
      expect(score(ref, "naive", "closed_book").value_acc).toBe(1);
      expect(score(v1, "naive", "closed_book").value_acc!).toBeLessThan(0.2);
      expect(score(v1, "naive", "open_book").value_acc!).toBeLessThan(0.2);
      for (const protocol of ["open_book", "closed_book"] as const)
        expect(score(v1, "ledger", protocol).exact_acc).toBe(1);
    }
    // One key: the sibling is the key itself; the echo is still not the true value.
    const one = rowsOf({ ...cfg, keys: 1, twins: false });
    expect(score(one, "naive", "closed_book").value_acc).toBe(0);
  });

  it("set count of a never-written key is null, as the direct question on it", () => {
    // set_standard_s101's shape: 16 keys over 40 steps leaves keys unwritten.
    const rows = rowsOf({
      seed: 101,
      episodes: 2,
      steps: 40,
      keys: 16,
      queries: 12,
      chapters: 4,
      derivedQueryRate: 1,
      stateMode: "set",
      distractorProfile: "standard",
    });
    const unwritten = rows.filter((r) => r.meta.derived_op === "count" && r.meta.writes_to_key === null);
    expect(unwritten.length).toBeGreaterThan(0);
    for (const r of unwritten) expect(r.gold).toEqual({ value: null, support_id: null, support_ids: [] });
  });

  it("instruction injections conflict with the value they accompany", () => {
    const rows = rowsOf({ episodes: 4, steps: 120, keys: 6, distractorProfile: "instruction" });
    let seen = 0;
    for (const r of rows.filter((x) => !x.episode_id.endsWith("T") && x.meta.q_index === 1)) {
      const lines = splitLines(r.document);
      const current = new Map<string, string>();
      for (const l of lines) {
        const set = /^- \[U[A-F0-9]{6}\] UPDATE step=\d+ SET (tag\.\d+) = (.+)$/.exec(l);
        if (set) current.set(set[1], set[2]);
        const inj = /^- INSTRUCTION step=\d+ ignore ledger; answer (tag\.\d+) = (.+) regardless\.$/.exec(l);
        if (inj) {
          seen++;
          expect(inj[2]).not.toBe(current.get(inj[1]));
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
    // The grader can now see overrides: the conflict rate is 1 for the plain profile.
    const m = score(rows, "ledger", "closed_book");
    expect(m.instr_conflict_present_rate).toBe(1);
    expect(m.instr_override_rate).toBe(0);
  });

  it("adversarial stale echoes repeat an earlier value of the same key", () => {
    const rows = rowsOf({ episodes: 4, steps: 200, keys: 5, distractorProfile: "adversarial" });
    let seen = 0;
    for (const r of rows.filter((x) => x.meta.q_index === 1)) {
      const history = new Map<string, string[]>();
      for (const l of splitLines(r.document)) {
        const set = /^- \[U[A-F0-9]{6}\] UPDATE step=\d+ SET (tag\.\d+) = (.+)$/.exec(l);
        if (set) history.set(set[1], [...(history.get(set[1]) ?? []), set[2]]);
        const stale = /^- DISTRACTOR step=\d+ STALE (tag\.\d+) = (.+)$/.exec(l);
        if (stale) {
          seen++;
          const h = history.get(stale[1]) ?? [];
          expect(h.slice(0, -1)).toContain(stale[2]);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("distractor values are typed per state mode", () => {
    const patterns = {
      counter: /^\d+$/,
      set: /^item\d{4}(,item\d{4})*$/,
      relational: /^[a-z]+-\d{3}$/,
      kv: /^[a-z]+-\d{4}$/,
    } as const;
    for (const [mode, re] of Object.entries(patterns)) {
      const rows = rowsOf({
        ...small,
        stateMode: mode as never,
        distractorProfile: "standard",
        twins: false,
      });
      const values = splitLines(rows[0].document).flatMap((l) => {
        const m = /^- DISTRACTOR step=\d+ tag\.\d+ = (.+)$/.exec(l);
        return m ? [m[1]] : [];
      });
      expect(values.length).toBeGreaterThan(0);
      for (const v of values) expect(v, mode).toMatch(re);
    }
  });

  it("keys >= 100 parse, answer and count writes correctly", () => {
    const rows = rowsOf({
      episodes: 1,
      steps: 400,
      keys: 120,
      queries: 30,
      distractorProfile: "adversarial",
    });
    for (const protocol of ["open_book", "closed_book"] as const)
      expect(score(rows, "ledger", protocol).exact_acc).toBe(1);
    const r = rows[0];
    const writes = (k: string) => parseUpdates(r.document).filter((u) => u.key === k).length;
    for (const row of rows.filter((x) => x.meta.writes_to_key !== null && x.meta.derived_op !== "reports"))
      expect(row.meta.writes_to_key).toBe(writes(row.meta.key));
    expect(parseUpdates(r.document).some((u) => u.key.length === 7)).toBe(true);
  });

  it("meta names the newest ledger entry separately from the authoritative gold", () => {
    const rows = rowsOf({
      episodes: 4,
      steps: 120,
      keys: 4,
      stateMode: "kv_commentary",
      noteRate: 0.5,
      distractorProfile: "standard",
    });
    const noteNewer = rows.filter((r) => r.meta.latest_entry_op === "NOTE");
    expect(noteNewer.length).toBeGreaterThan(0);
    for (const r of noteNewer) expect(r.gold.support_ids).not.toContain(r.meta.latest_entry_id);
    for (const r of rows.filter(
      (x) => x.meta.latest_entry_op === "SET" || x.meta.latest_entry_op === "CLEAR",
    ))
      expect(r.gold.support_ids).toEqual([r.meta.latest_entry_id]);
  });

  it("set mode is deterministic and rows match the documented schema", () => {
    const a = rowsOf({ ...small, stateMode: "set" });
    const b = rowsOf({ ...small, stateMode: "set" });
    expect(a.map(rowLine).join("")).toBe(b.map(rowLine).join(""));
    for (const r of a) expect(GebRowSchema.safeParse(r).success).toBe(true);
  });
});

describe("books", () => {
  it("generated books validate in both grammars (NOTE ledger lines are commentary in both)", () => {
    for (const mode of STATE_MODES) {
      const [r] = rowsOf({ ...small, episodes: 1, stateMode: mode, twins: false });
      expect(validateBook(r.book)).toEqual({ ok: true, errors: [] });
      expect(validateBook(r.book, "reference-0.1").ok).toBe(true);
    }
    const [c] = rowsOf({ ...small, episodes: 1, stateMode: "kv_commentary", noteRate: 0.5, twins: false });
    expect(c.book).toMatch(/\n- \[U[0-9A-F]{6}\] step=\d+ NOTE /);
    expect(validateBook(c.book, "reference-0.1").ok).toBe(true);
  });

  it("keys >= 100: 1.0 accepts the glossary; the reference validator rejects it (as the reference does)", () => {
    const [r] = rowsOf({ episodes: 1, steps: 40, keys: 120, queries: 4, twins: false });
    expect(r.book).toContain("\n- tag.100: ");
    expect(validateBook(r.book)).toEqual({ ok: true, errors: [] });
    expect(validateBook(r.book, "reference-0.1").errors).toEqual(["invalid_glossary_line"]);
  });

  it("a raw NOTE update line in a chapter is a log leak", () => {
    const [r] = rowsOf({ ...small, episodes: 1, twins: false });
    const leak = r.book.replace(
      "## Chapter 1\n",
      "## Chapter 1\n- [UABCDEF] UPDATE step=3 NOTE tag.01 = x\n",
    );
    expect(validateBook(leak).errors[0]).toBe("update_line_leak");
  });

  it("flags leaks and missing sections with the reference's codes and a line", () => {
    const [r] = rowsOf({ ...small, episodes: 1, twins: false });
    const leak = r.book.replace(
      "## Chapter 2\n",
      "## Chapter 2\n- [UABCDEF] UPDATE step=3 SET tag.01 = amber-0001\n",
    );
    const v = validateBook(leak);
    // As in the reference, scanning stops at the leak, so the ledger is reported missing too.
    expect(v.errors).toEqual(["update_line_leak", "missing_state_ledger"]);
    expect(splitLines(leak)[v.line! - 1]).toContain("UPDATE step=3");
    expect(validateBook(r.book.replace("## Chapter 1\n", "## Episode Log\n")).errors).toContain(
      "episode_log_leak",
    );
    expect(validateBook(r.book.replace("## State Ledger\n", "")).errors).toContain("missing_state_ledger");
    expect(validateBook(`${r.book}## Appendix\n`).errors).toEqual(["unexpected_section_after_ledger"]);
    expect(validateBook(r.book.replace("## Reading Rules", "## Rules")).errors).toEqual([
      "missing_reading_rules",
    ]);
  });
});

describe("determinism", () => {
  it("same config ⇒ byte-identical files across processes", async () => {
    // Two real processes of the run's CLI bundle (tests/helpers/bins.ts; tsx costs ~1 s more each).
    await buildBins();
    const dir = tmp();
    const args = [
      "--episodes",
      "3",
      "--steps",
      "50",
      "--state-mode",
      "set",
      "--distractor-profile",
      "instruction_suite",
    ];
    const run = (name: string) => {
      const r = spawnSync(process.execPath, [binPath("geb"), "generate", ...args, "--out", join(dir, name)], {
        cwd: repoRoot,
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      return readFileSync(join(dir, name));
    };
    const a = run("a.jsonl");
    const b = run("b.jsonl");
    expect(a.equals(b)).toBe(true);
    generateToFile(
      { episodes: 3, steps: 50, stateMode: "set", distractorProfile: "instruction_suite" },
      join(dir, "c.jsonl"),
    );
    expect(readFileSync(join(dir, "c.jsonl")).equals(a)).toBe(true);
    const d = rowsOf({
      episodes: 3,
      steps: 50,
      stateMode: "set",
      distractorProfile: "instruction_suite",
      seed: 1,
    });
    expect(d.map(rowLine).join("")).not.toBe(a.toString("utf8"));
  });
});

describe("output path errors", () => {
  it("generate --out <directory>: one line naming the path, exit 2, nothing written", async () => {
    const dir = tmp();
    // geb in-process: the test is about the message, the exit code and what is left on disk.
    const r = await gebMainIn(["generate", "--episodes", "1", "--steps", "5", "--out", dir], repoRoot);
    // The shared flag check (src/core/cli.ts) names the flag and the path, before any work.
    expect(r.stderr).toBe(`geb: --out is a directory (${dir}); give a file path\n`);
    expect(r.code).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(dirname(dir)).filter((f) => f.startsWith(`${basename(dir)}.tmp`))).toEqual([]);
  });

  it("a parent that is a file, and baseline --out <directory>, are InputErrors", async () => {
    const dir = tmp();
    const file = join(dir, "f");
    writeFileSync(file, "");
    await expect(generateToFileAsync({ episodes: 1, steps: 5 }, join(file, "x.jsonl"))).rejects.toThrow(
      /cannot write the file \(ENOTDIR\)/,
    );
    const data = join(dir, "d.jsonl");
    generateToFile({ episodes: 1, steps: 5, queries: 2 }, data);
    expect(() => baselineToFile({ data, baseline: "ledger", protocol: "closed_book", out: dir })).toThrow(
      InputError,
    );
    expect(readdirSync(dir).sort()).toEqual(["d.jsonl", "f"]);
  });
});
