/**
 * `gf01 tempobench export | score` (docs/integrations.md, "TempoBench one-shot"): thin I/O over
 * src/gf01/export/tempobench.ts.
 */
import type { Command } from "commander";
import { outFileFlag } from "../../core/cli.js";

export function registerTempobenchCommands(program: Command): void {
  const tb = program
    .command("tempobench")
    .description("TempoBench-style one-shot tasks (HOA, trace, effect) and exact scoring of their answers");
  tb.command("export")
    .description("Write one TempoBench-style task per instance (JSONL: prompt, hoa, trace, effect)")
    .requiredOption("--instances <file>", "instance bundle")
    .requiredOption("--out <file>", "tasks JSONL", outFileFlag("--out"))
    .action(async (o: { instances: string; out: string }) => {
      const { loadBundle } = await import("../artifacts/bundle.js");
      const { tempobenchTask } = await import("./tempobench.js");
      const { writeFileAtomic } = await import("../../core/jsonl.js");
      const b = await loadBundle(o.instances);
      const lines = b.instances.map((i) => JSON.stringify(tempobenchTask(i)));
      await writeFileAtomic(o.out, lines.length ? `${lines.join("\n")}\n` : "");
      process.stdout.write(`${JSON.stringify({ tasks: lines.length, out: o.out }, null, 2)}\n`);
    });
  tb.command("score")
    .description("Score TempoBench-format answers with the exact verifier (one-shot condition)")
    .requiredOption("--instances <file>", "instance bundle")
    .requiredOption("--answers <file>", "answers JSONL: {instance_id, answer|output|text|completion}")
    .option("--out <file>", "per-answer scores JSONL", outFileFlag("--out"))
    .action(async (o: { instances: string; answers: string; out?: string }) => {
      const { loadBundle } = await import("../artifacts/bundle.js");
      const { answerOf, scoreTempobenchAnswer } = await import("./tempobench.js");
      const { readRows } = await import("../../core/view/io.js");
      const { writeFileAtomic } = await import("../../core/jsonl.js");
      const { wilson } = await import("../../core/stats/index.js");
      const { InputError } = await import("../../core/errors.js");
      const b = await loadBundle(o.instances);
      const answers = await readRows(o.answers, (v, line) => ({
        line,
        ...answerOf(v, { file: o.answers, line }),
      }));
      const scores = answers.map((a) => {
        const inst = b.byId.get(a.instance_id);
        if (!inst)
          throw new InputError(`instance ${a.instance_id} is not in the bundle`, {
            file: o.answers,
            line: a.line,
            field: "instance_id",
          });
        return scoreTempobenchAnswer(inst, a.text);
      });
      if (o.out)
        await writeFileAtomic(
          o.out,
          scores.length ? `${scores.map((s) => JSON.stringify(s)).join("\n")}\n` : "",
        );
      const n = scores.length;
      const count = (f: (s: (typeof scores)[number]) => boolean) => scores.filter(f).length;
      const mean = (f: (s: (typeof scores)[number]) => number) =>
        n ? scores.reduce((x, s) => x + f(s), 0) / n : null;
      process.stdout.write(
        `${JSON.stringify(
          {
            condition: "tempobench_one_shot",
            n,
            unparsed: count((s) => s.parse_error !== null),
            certified_rate: wilson(
              count((s) => s.valid),
              n,
            ),
            goal_rate: wilson(
              count((s) => s.goal),
              n,
            ),
            ap_f1_mean: mean((s) => s.ap_f1),
            ts_f1_mean: mean((s) => s.ts_f1),
            out: o.out ?? null,
          },
          null,
          2,
        )}\n`,
      );
    });
}
