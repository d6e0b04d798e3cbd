import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileInstance } from "../../../src/gf01/model/compile.js";
import { PlaySession } from "../../../src/gf01/play/episode.js";
import type { Observation } from "../../../src/gf01/play/observation.js";
import { parseObservation, renderObservation, renderVerdict } from "../../../src/gf01/play/render-text.js";
import { scoreSession } from "../../../src/gf01/play/result.js";
import { genBundle } from "./helpers.js";

const { bundle } = genBundle(12, 6100);

describe("R1 text renderer (AB-001 parity with the JSON track)", () => {
  it("parse(render(O)) == O for every observation of random sessions (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bundle.instances.length - 1 }),
        fc.array(fc.nat(99), { minLength: 60, maxLength: 60 }),
        fc.constantFrom("commit_only" as const, "explore_then_commit" as const),
        (k, noise, protocol) => {
          const inst = bundle.instances[k];
          const s = new PlaySession(inst, compileInstance(inst), { protocol, exploreEpisodes: 2 });
          const seen: Observation[] = [s.observation()];
          let i = 0;
          while (!s.finished && i < 200) {
            const o = s.observation();
            const r = noise[i++ % noise.length];
            const move =
              r < 50
                ? {}
                : r < 90
                  ? { [o.goal.input_aps[r % o.goal.input_aps.length]]: r % 2 }
                  : { type: "commit" };
            seen.push(s.submit(move).observation);
          }
          for (const o of seen) {
            const text = renderObservation(o);
            expect(parseObservation(text)).toEqual(o);
            expect(JSON.stringify(parseObservation(text))).toBe(JSON.stringify(o));
          }
        },
      ),
      { numRuns: 60, seed: 5 },
    );
  });

  it("marks now/target/window on the timeline and shows the verdict screen", () => {
    const inst = bundle.instances.find((x) => x.mode === "normal")!;
    const s = new PlaySession(inst, compileInstance(inst));
    const text = renderObservation(s.observation());
    const mark = text.split("\n").find((l) => l.trim().startsWith("mark"))!;
    expect(mark.split("|")[1].trim().split(/ +/)[0]).toBe(inst.t_star === 0 ? "B" : "N");
    const win = text.split("\n").find((l) => l.trim().startsWith("window"))!;
    expect(
      win
        .split("|")[1]
        .trim()
        .split(/ +/)
        .filter((c) => c === "W"),
    ).toHaveLength(s.goal.window_hi - s.goal.window_lo + 1);
    s.end();
    const v = renderVerdict(scoreSession(s));
    expect(v).toMatch(/Verdict: (certified|goal_met|missed)/);
    expect(v).toMatch(/Score: Score_C=[01]/);
  });

  it("rejects a damaged screen with a clear error", () => {
    const inst = bundle.instances[0];
    const text = renderObservation(new PlaySession(inst, compileInstance(inst)).observation());
    expect(() => parseObservation(text.replace("Budget left", "Budget"))).toThrow(
      /R1 screen: bad budget line/,
    );
    expect(() => parseObservation("hello")).toThrow(/no "=== GF-01 R1 ===" header/);
  });
});
