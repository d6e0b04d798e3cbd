/** The authored UI pack: shipped bytes = the generator, solvable, the brief's floors. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../../src/core/random.js";
import { main } from "../../../src/geb/cli/main.js";
import { toAgentRow } from "../../../src/geb/ui/agent-row.js";
import { baselineSelections } from "../../../src/geb/ui/baselines.js";
import { readUiFixture } from "../../../src/geb/ui/fixture.js";
import { buildTask } from "../../../src/geb/ui/pack/build.js";
import { buildPack, FAMILIES, familyOf, packJsonl } from "../../../src/geb/ui/pack/index.js";
import { packReport, packReportMarkdown, packSelections } from "../../../src/geb/ui/pack/report.js";
import type { UiRow } from "../../../src/geb/ui/schema.js";
import { checkSolvable } from "../../../src/geb/ui/solvable.js";
import { tmp } from "../helpers.js";

const packFile = fileURLToPath(new URL("../../../data/geb-ui/pack/ui-pack.jsonl", import.meta.url));

/** Correct decisions: the gold on a step that has one, an abstain on an intended abstain. */
function correctRate(rows: readonly UiRow[], sel: readonly (string | null)[]): number {
  let ok = 0;
  rows.forEach((r, i) => {
    if (r.abstain_expected ? sel[i] === null : sel[i] === r.gold.candidate_id) ok++;
  });
  return ok / rows.length;
}

describe("authored UI pack", () => {
  const rows = buildPack();

  it("the shipped file is the generator's output, byte for byte, and validates", async () => {
    expect(readFileSync(packFile, "utf8")).toBe(packJsonl());
    const f = await readUiFixture(packFile);
    expect(f.rows).toHaveLength(rows.length);
  });

  it("meets the floors: ≥ 12 families each with an ambiguous companion, ≥ 60 steps, ≥ 24 tasks", () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.task_id)).size).toBeGreaterThanOrEqual(24);
    const fams = new Set(rows.map(familyOf));
    expect(fams.size).toBe(FAMILIES.length);
    expect(fams.size).toBeGreaterThanOrEqual(12);
    for (const f of fams) {
      // Exactly one task per family (the ambiguous companion) expects an abstain, at its last step.
      const tasks = new Map<string, UiRow[]>();
      for (const r of rows.filter((x) => familyOf(x) === f))
        tasks.set(r.task_id ?? "", [...(tasks.get(r.task_id ?? "") ?? []), r]);
      const withAbstain = [...tasks.values()].filter((t) => t.some((r) => r.abstain_expected));
      expect(withAbstain, f).toHaveLength(1);
      const t = withAbstain[0];
      expect(t.map((r) => r.abstain_expected === true)).toEqual(t.map((_, i) => i === t.length - 1));
    }
  });

  it("nothing an agent sees marks the ambiguous companion", () => {
    for (const r of rows) {
      const seen = JSON.stringify(toAgentRow(r));
      for (const w of ["ambiguous", "companion", "abstain"]) expect(seen, r.id).not.toContain(w);
    }
    // Candidate ids (shown to models) say only what the screen shows: window, label, and a
    // left-to-right number among same-window same-label controls.
    for (const r of rows)
      for (const c of r.candidates) {
        const where = c.overlay ? "overlay" : c.modal_scope === null ? "main" : "dialog";
        const slug =
          c.label
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "_")
            .replace(/^_|_$/g, "") || "icon";
        expect(c.candidate_id, r.id).toMatch(new RegExp(`^${where}_${slug}(_\\d+)?$`));
      }
    // Whether a candidate has a next_state never singles out the gold (every actionable
    // candidate has one; the decoys' leave the screen as it was).
    for (const r of rows)
      for (const c of r.candidates)
        if (c.visible && c.enabled && c.aria_disabled !== true)
          expect(c.next_state, `${r.id} ${c.candidate_id}`).toBeDefined();
    // …nor its position: the companion is not always the same task of its family.
    const slots = new Set(rows.filter((r) => r.abstain_expected).map((r) => r.task_id?.slice(-3)));
    expect(slots.size).toBeGreaterThan(1);
  });

  it("every step but the intended abstains is solvable from the agent's view", () => {
    const s = checkSolvable(rows);
    expect(s.failures).toEqual([]);
    expect(s.solvable_rate).toBe(1);
    expect(s.abstain_expected).toBe(FAMILIES.length);
  });

  it("gold (abstaining where intended) scores 1.0, the first candidate < 0.6, abstain-all < 0.6", () => {
    const gold = rows.map((r) => (r.abstain_expected ? null : r.gold.candidate_id));
    expect(correctRate(rows, gold)).toBe(1);
    expect(correctRate(rows, baselineSelections(rows, "first"))).toBeLessThan(0.6);
    expect(correctRate(rows, baselineSelections(rows, "abstain"))).toBeLessThan(0.6);
    // The gold is not parked at one presentation slot.
    const slots = new Set(
      rows.map((r) => r.candidates.findIndex((c) => c.candidate_id === r.gold.candidate_id)),
    );
    expect(slots.size).toBeGreaterThan(2);
  });

  it("is deterministic in its seed", () => {
    expect(packJsonl({ seed: 0, baseTasks: 2 })).toBe(packJsonl());
    expect(packJsonl({ seed: 1, baseTasks: 2 })).not.toBe(packJsonl());
    expect(checkSolvable(buildPack({ seed: 7, baseTasks: 3 })).solvable_rate).toBe(1);
  });

  it("the builder refuses a step whose instruction does not name its gold, or an abstain that does", () => {
    const two = [
      { key: "a", label: "Save" },
      { key: "b", label: "Save" },
    ];
    const task = (abstain: boolean, byPosition: boolean) => ({
      task_id: "t",
      family: "f",
      app: "A",
      steps: [{ label: "Save", candidates: two, gold: "b", abstain, byPosition }],
    });
    expect(() => buildTask(task(false, false), new PyRandom(0))).toThrow(
      /does not resolve to the gold \(ambiguous:2_matches\)/,
    );
    expect(() => buildTask(task(true, true), new PyRandom(0))).toThrow(/intended abstain/);
    const ok = buildTask(task(false, true), new PyRandom(0));
    expect(ok[0].instruction).toBe('Click "Save": the 2nd of 2 from the left.');
  });

  it("geb ui pack writes the shipped bytes", async () => {
    const out = join(tmp(), "pack.jsonl");
    const log = console.log;
    console.log = () => {};
    try {
      expect(await main(["ui", "pack", "--out", out])).toBe(0);
    } finally {
      console.log = log;
    }
    expect(readFileSync(out, "utf8")).toBe(readFileSync(packFile, "utf8"));
  });
});

describe("pack report (the per-family table in docs/geb/ui.md)", () => {
  const rows = buildPack();
  const report = packReport(rows);

  it("the docs table is the command's output", async () => {
    const doc = readFileSync(fileURLToPath(new URL("../../../docs/geb/ui.md", import.meta.url)), "utf8");
    const m = /<!-- pack-report:begin -->\n([\s\S]*?)<!-- pack-report:end -->/.exec(doc);
    expect(m).not.toBeNull();
    expect(m?.[1]).toBe(packReportMarkdown(report, rows));
    let out = "";
    const w = process.stdout.write;
    process.stdout.write = ((s: string) => {
      out += s;
      return true;
    }) as typeof process.stdout.write;
    try {
      expect(await main(["ui", "pack-report"])).toBe(0);
    } finally {
      process.stdout.write = w;
    }
    expect(out).toBe(m?.[1]);
  });

  it("gold is 1.0 in every family; the observation-only policy gets every base step", () => {
    const sel = packSelections(rows);
    for (const f of report.families) expect(f.scores.gold.value, f.family).toBe(1);
    // Independent of the scorer: the policy picks the gold on every step that has one, and
    // its per-family score is (base steps + ambiguous steps it abstained on) / steps.
    rows.forEach((r, i) => {
      if (!r.abstain_expected) expect(sel.policy[i], r.id).toBe(r.gold.candidate_id);
    });
    for (const f of report.families) {
      const idx = rows.flatMap((r, i) => (familyOf(r) === f.family ? [i] : []));
      const abstained = idx.filter((i) => rows[i].abstain_expected && sel.policy[i] === null).length;
      const base = idx.filter((i) => !rows[i].abstain_expected).length;
      expect(f.scores.policy.value, f.family).toBeCloseTo((base + abstained) / idx.length, 12);
      expect(f.scores.policy.n).toBe(idx.length);
    }
    expect(report.all.scores.first.value).toBeLessThan(0.6);
    // The gate is scored on held-out tasks only.
    expect(report.all.scores.gate.n).toBeLessThan(rows.length);
    expect(sel.gate.filter((s) => s !== undefined).length).toBe(report.all.scores.gate.n);
  });
});
