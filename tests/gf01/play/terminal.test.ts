/**
 * The terminal player (issue 12 point 11): conflicting settings are rejected, spaces around
 * "=" are accepted, every rejected input is counted, and an intervention after the objective
 * window is explained and needs confirming.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { binPath, buildBins } from "../../helpers/bins.js";
import { bundleToJson } from "../../../src/gf01/artifacts/bundle.js";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { PlaySession } from "../../../src/gf01/play/episode.js";
import { parseHumanLine, playAtTerminal } from "../../../src/gf01/play/terminal.js";
import { genBundle } from "./helpers.js";

const { bundle, json } = genBundle(30, 4100);

async function playLines(inst: (typeof bundle.instances)[number], lines: string[]) {
  const session = new PlaySession(inst, compileInstance(inst));
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (d) => {
    text += String(d);
  });
  input.end(`${lines.join("\n")}\n`);
  const outcome = await playAtTerminal(session, input, output);
  return { outcome, text };
}

describe("terminal input", () => {
  it("rejects the same input given two values; accepts spaces around =", () => {
    expect(parseHumanLine("in0=1 in0=0")).toEqual({ error: expect.stringMatching(/in0 is set twice/) });
    expect(parseHumanLine("in0=1, in0=1")).toEqual({ move: { in0: "1" } });
    expect(parseHumanLine(" in1 = 1 ")).toEqual({ move: { in1: "1" } });
    expect(parseHumanLine("in0 = 1, in2 :0")).toEqual({ move: { in0: "1", in2: "0" } });
    expect(parseHumanLine("constructor=1")).toEqual({ move: { constructor: "1" } });
  });

  it("counts every rejected input, parse errors included", async () => {
    const inst = bundle.instances[0];
    const { outcome, text } = await playLines(inst, ["foo", "in0=1 in0=0", "nope=1", "quit"]);
    expect(outcome.rejected_moves).toBe(3);
    expect(text).toMatch(/rejected inputs: 3/);
    expect(text).toMatch(/in0 is set twice/);
    expect(outcome.certificate).toEqual([]);
  });

  it("explains an intervention after the window and plays it only when confirmed", async () => {
    const inst = bundle.instances.find((i) => compileInstance(i).hi < i.base_trace.length - 1)!;
    const hi = compileInstance(inst).hi;
    const ap = inst.automaton.input_aps[0];
    const skips = Array.from({ length: hi + 1 }, () => "skip");
    const once = await playLines(inst, [...skips, `${ap}=1`, "skip", "quit"]);
    expect(once.text).toMatch(/the target window ended at t=/);
    expect(once.text).toMatch(/is after the target window .*Enter it again/);
    expect(once.outcome.certificate).toEqual([]);
    const twice = await playLines(inst, [...skips, `${ap}=1`, `${ap}=1`, "quit"]);
    expect(twice.outcome.certificate).toEqual([[hi + 1, ap, 1]]);
  });
});

describe("gf01 play at the terminal: player and session ids", () => {
  it("--player names the player; the row and step log carry player_id and session_id", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gf01-term-"));
    const B = join(dir, "b.json");
    writeFileSync(B, bundleToJson(json));
    await buildBins(); // gf01 from the run's CLI bundle (~1 s of CPU less than tsx)
    const runs = join(dir, "runs.jsonl");
    const code = await new Promise<number>((resolve) => {
      const p = execFile(
        process.execPath,
        [binPath("gf01"), "play", "--instances", B, "--player", "p042", "--runs-out", runs],
        { cwd: dir },
        (err) => resolve(err ? ((err as { code?: number }).code ?? 1) : 0),
      );
      p.stdin?.end("quit\n");
    });
    expect(code).toBe(0);
    const row = JSON.parse(readFileSync(runs, "utf8").trim());
    expect(row).toMatchObject({ agent_name: "human-terminal", player_id: "p042" });
    expect(row.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const log = JSON.parse(readFileSync(`${runs}.steps.jsonl`, "utf8").trim());
    expect(log).toMatchObject({ player_id: "p042", session_id: row.session_id });
  });
});
