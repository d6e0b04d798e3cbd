/**
 * TempoBench-style one-shot export (src/gf01/export/tempobench.ts): a task carries the machine
 * (HOA that reads back to the same Mealy machine), the base trace and the effect; an answer in
 * TempoBench's JSON shape is scored exactly as the certificate it spells (fast-check: any
 * certificate, encoded as an answer, scores as `scoreCertificate` scores it); minimal
 * certificates certify; answers out of format are counted unparsed, never guessed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleToJson } from "../../src/gf01/artifacts/bundle.js";
import { main as gf01Main } from "../../src/gf01/cli.js";
import {
  NO_CONSTRAINTS,
  scoreTempobenchAnswer,
  tempobenchCertificate,
  tempobenchScoreSchema,
  tempobenchTask,
  tempobenchTaskSchema,
} from "../../src/gf01/export/tempobench.js";
import { hoaToMealy } from "../../src/gf01/hoa/mealy.js";
import { parseHoa } from "../../src/gf01/hoa/parser.js";
import { compileInstance, DEFAULT_ATOM_BUDGET_RULE } from "../../src/gf01/model/compile.js";
import { enumerateMinimal } from "../../src/gf01/verify/enumerate.js";
import { scoreCertificate } from "../../src/gf01/verify/score.js";
import { genBundle } from "../gf01/play/helpers.js";
import { capture } from "./inspect-helpers.js";

const { json, bundle } = genBundle(4, 9600);
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ob-tempobench-"));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Atom = [number, string, 0 | 1];
/** An answer as a model might write it: prose, a fenced block, every step listed. */
function answerText(effect: string, cert: readonly Atom[], T: number): string {
  const steps: Record<string, string[]> = {};
  for (let t = 0; t < T; t++) steps[String(t)] = [];
  for (const [t, ap, v] of cert) steps[String(t)].push(v ? ap : `!${ap}`);
  for (const k of Object.keys(steps)) if (!steps[k].length) steps[k] = [NO_CONSTRAINTS];
  return `Let me reason step by step.\n### JSON Answer ###:\n\`\`\`json\n${JSON.stringify({ [effect]: steps }, null, 2)}\n\`\`\`\n`;
}

const direct = (ci: ReturnType<typeof compileInstance>, cert: readonly Atom[]) =>
  scoreCertificate(ci, cert, { bestMatch: { pool: "complete" }, atomBudget: DEFAULT_ATOM_BUDGET_RULE });

describe("TempoBench one-shot tasks", () => {
  it("carry the machine (HOA reads back to it), the base trace and the effect", () => {
    for (const inst of bundle.instances) {
      const t = tempobenchTask(inst);
      const back = hoaToMealy(parseHoa(t.hoa));
      expect(back.input_aps).toEqual(inst.automaton.input_aps);
      expect(back.output_aps).toEqual(inst.automaton.output_aps);
      expect(back.transitions).toEqual(inst.automaton.transitions);
      const steps = t.trace.split(";");
      expect(steps).toHaveLength(inst.base_trace.length);
      steps.forEach((s, i) => {
        for (const lit of s.split("&")) {
          const ap = lit.replace(/^!/, "");
          expect(lit.startsWith("!") ? 0 : 1).toBe(Number(inst.base_trace[i][ap]));
        }
      });
      expect(t.prompt).toContain(t.hoa.trimEnd());
      expect(t.prompt).toContain(t.trace);
      if (inst.mode === "hard") expect(t.effect).toBe(`${"X".repeat(inst.t_star)} ${inst.effect_ap}`.trim());
    }
  });

  it("a minimal certificate written as an answer certifies, scored as the verifier scores it", () => {
    for (const inst of bundle.instances) {
      const ci = compileInstance(inst);
      const m = enumerateMinimal(ci);
      if (!m.certificates.length) continue;
      const cert = m.certificates[0].map((a) => [a[0], a[1], a[2]] as Atom);
      const t = tempobenchTask(inst);
      const s = scoreTempobenchAnswer(inst, answerText(t.effect, cert, ci.T));
      expect(s.parse_error).toBeNull();
      expect(s.valid).toBe(true);
      expect(s.ap_f1).toBe(direct(ci, cert).ap_f1);
    }
  });

  it("any certificate, encoded as an answer, scores exactly as scoreCertificate (fast-check)", () => {
    const insts = bundle.instances.map((inst) => ({ inst, ci: compileInstance(inst) }));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: insts.length - 1 }).chain((k) => {
          const { ci, inst } = insts[k];
          const atom = fc.tuple(
            fc.integer({ min: 0, max: ci.T - 1 }),
            fc.constantFrom(...inst.automaton.input_aps),
            fc.constantFrom<0 | 1>(0, 1),
          );
          return fc.tuple(fc.constant(k), fc.array(atom, { maxLength: 5 }));
        }),
        ([k, cert]) => {
          const { inst, ci } = insts[k];
          const s = scoreTempobenchAnswer(
            inst,
            answerText(tempobenchTask(inst).effect, cert as Atom[], ci.T),
          );
          const d = direct(ci, cert as Atom[]);
          expect([s.suff, s.min1, s.valid, s.goal, s.eff_t, s.eff_a, s.ap_f1, s.ts_f1]).toEqual([
            d.suff,
            d.min1,
            d.valid,
            d.goal,
            d.eff_t,
            d.eff_a,
            d.ap_f1,
            d.ts_f1,
          ]);
        },
      ),
      { numRuns: 60, seed: 21 },
    );
  });

  it("answers out of the format are unparsed (not certified), never guessed", () => {
    const inst = bundle.instances[0];
    const t = tempobenchTask(inst);
    for (const text of [
      "",
      "I would set in0 at step 2.",
      `{"${t.effect}": [1, 2]}`,
      `{"${t.effect}": {"x": ["in0"]}}`,
      `{"a": {}, "b": {}}`,
    ]) {
      const s = scoreTempobenchAnswer(inst, text);
      expect(s.parse_error, text).not.toBeNull();
      expect(s.valid).toBe(false);
      expect(s.certificate).toBeNull();
    }
    // A literal naming no input is read, and the verifier rejects the certificate.
    const s = scoreTempobenchAnswer(inst, JSON.stringify({ [t.effect]: { "0": ["nosuchinput"] } }));
    expect(s.certificate).toEqual([[0, "nosuchinput", 1]]);
    expect(s.valid).toBe(false);
    expect(s.reasons.length).toBeGreaterThan(0);
    // The single key may name the effect differently.
    expect(tempobenchCertificate(t, JSON.stringify({ effect: { "3": ["!in1", "no constraints"] } }))).toEqual(
      [[3, "in1", 0]],
    );
  });

  it("CLI: export, then score answers (counts, intervals); a bad answer row is exit 2 naming file, line, field", async () => {
    const b = join(dir, "bundle.json");
    writeFileSync(b, bundleToJson(json));
    const tasks = join(dir, "tasks.jsonl");
    const e = await capture(gf01Main, ["tempobench", "export", "--instances", b, "--out", tasks]);
    expect(e.code, e.stderr).toBe(0);
    const ts = readFileSync(tasks, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(ts.map((t) => t.instance_id)).toEqual(bundle.instances.map((i) => i.instance_id));
    for (const t of ts) tempobenchTaskSchema.parse(t);
    const answers = join(dir, "answers.jsonl");
    writeFileSync(
      answers,
      ts
        .map((t, i) => {
          const ci = compileInstance(bundle.instances[i]);
          const m = enumerateMinimal(ci).certificates[0] ?? [];
          const text =
            i === 1
              ? "no idea"
              : answerText(
                  t.effect,
                  m.map((a) => [a[0], a[1], a[2]] as Atom),
                  ci.T,
                );
          return JSON.stringify({ instance_id: t.instance_id, output: text });
        })
        .join("\n"),
    );
    const out = join(dir, "scores.jsonl");
    const s = await capture(gf01Main, [
      "tempobench",
      "score",
      "--instances",
      b,
      "--answers",
      answers,
      "--out",
      out,
    ]);
    expect(s.code, s.stderr).toBe(0);
    const sum = JSON.parse(s.stdout);
    const rows = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    for (const r of rows) tempobenchScoreSchema.parse(r);
    expect(sum.n).toBe(4);
    expect(sum.unparsed).toBe(1);
    expect(sum.certified_rate.value).toBe(rows.filter((r) => r.valid).length / 4);
    expect(sum.certified_rate.n).toBe(4);
    expect(rows[1].parse_error).not.toBeNull();
    writeFileSync(answers, `${JSON.stringify({ instance_id: ts[0].instance_id, output: 3 })}\n`);
    const bad = await capture(gf01Main, ["tempobench", "score", "--instances", b, "--answers", answers]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/answers\.jsonl:1: field output: /);
  });
});
