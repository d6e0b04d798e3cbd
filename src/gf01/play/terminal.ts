/**
 * A person plays at a terminal (R1 text track): each decision point shows the R1 screen and
 * asks for this timestep's action. Input is forgiving: anything unparsable or refused by the
 * engine prints the reason and asks again; EOF (Ctrl-D) or `quit` ends the episode cleanly
 * (remaining timesteps without intervention) and the final screen shows the verdict.
 */
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { type EpisodePlayer, driveSession } from "./agent.js";
import type { PlaySession } from "./episode.js";
import type { Observation, Rejection } from "./observation.js";
import { renderObservation, renderVerdict } from "./render-text.js";
import { type EpisodeOutcome, scoreSession } from "./result.js";

const HELP = [
  "Enter the action for THIS timestep:",
  "  skip (or empty line)      no intervention",
  "  in0=1                     set one input",
  "  in0=1, in2=0  /  in0=1 in2=0   set several",
  '  {"in0": 1}                JSON works too',
  "  commit                    exploring: start the scored run; scored run: no more interventions",
  "  quit                      end the episode now (no more interventions)",
].join("\n");

/** Parse one typed line into a move, or explain what is wrong. */
export function parseHumanLine(
  line: string,
): { move: unknown } | { quit: true } | { help: true } | { error: string } {
  const s = line.trim();
  const low = s.toLowerCase();
  if (!s || low === "skip" || low === "none" || low === "pass" || low === "-") return { move: {} };
  if (low === "commit" || low === "c") return { move: { type: "commit" } };
  if (low === "quit" || low === "q" || low === "exit") return { quit: true };
  if (low === "help" || low === "h" || low === "?") return { help: true };
  if (s.startsWith("{")) {
    try {
      return { move: JSON.parse(s) };
    } catch (e) {
      return { error: `not valid JSON: ${(e as Error).message}` };
    }
  }
  const set: Record<string, string> = {};
  for (const tok of s.split(/[,\s]+/).filter(Boolean)) {
    const m = /^([^=:]+)[=:](.*)$/.exec(tok);
    if (!m?.[2]) return { error: `expected ap=value, got ${JSON.stringify(tok)}` };
    set[m[1].trim()] = m[2].trim();
  }
  return { move: set };
}

/** A terminal player over any streams (process.stdin/stdout, or test streams). */
export function terminalPlayer(input: Readable, output: Writable): EpisodePlayer & { close(): void } {
  const rl = createInterface({ input, terminal: false });
  const it = rl[Symbol.asyncIterator]();
  const say = (s: string) => output.write(`${s}\n`);
  return {
    async act(o: Observation, rejection?: Rejection) {
      say("");
      say(renderObservation(o));
      if (rejection) say(`! Not accepted: ${rejection.message}`);
      for (;;) {
        output.write(
          o.done
            ? "Rollout over. [enter] explore again, 'commit' to start the scored run > "
            : `Action for t=${o.t} (help for syntax) > `,
        );
        const r = await it.next();
        if (r.done) {
          say("");
          say("(end of input: finishing the episode without further interventions)");
          return undefined;
        }
        const p = parseHumanLine(r.value);
        if ("help" in p) say(HELP);
        else if ("error" in p) say(`! ${p.error} (type help)`);
        else if ("quit" in p) return undefined;
        else return p.move;
      }
    },
    close() {
      rl.close();
    },
  };
}

/** Play one session at a terminal and show the verdict screen. */
export async function playAtTerminal(
  session: PlaySession,
  input: Readable,
  output: Writable,
): Promise<EpisodeOutcome> {
  const p = terminalPlayer(input, output);
  try {
    await driveSession(session, p);
  } finally {
    p.close();
  }
  const outcome = scoreSession(session);
  output.write(`\n${renderVerdict(outcome)}\n`);
  return outcome;
}
