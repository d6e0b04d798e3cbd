/**
 * A person plays at a terminal (R1 text track): each decision point shows the R1 screen and
 * asks for this timestep's action. Input is forgiving: anything unparsable or refused by the
 * engine prints the reason and asks again (and counts as a rejected input); an intervention
 * after the objective window is explained and must be confirmed; EOF (Ctrl-D) or `quit` ends
 * the episode cleanly (remaining timesteps without intervention) and the final screen shows
 * the verdict.
 */
import { createInterface } from "node:readline";
import { driveSession } from "./agent.js";
import { renderObservation, renderVerdict } from "./render-text.js";
import { scoreSession } from "./result.js";
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
export function parseHumanLine(line) {
    const s = line.trim();
    const low = s.toLowerCase();
    if (!s || low === "skip" || low === "none" || low === "pass" || low === "-")
        return { move: {} };
    if (low === "commit" || low === "c")
        return { move: { type: "commit" } };
    if (low === "quit" || low === "q" || low === "exit")
        return { quit: true };
    if (low === "help" || low === "h" || low === "?")
        return { help: true };
    if (s.startsWith("{")) {
        try {
            return { move: JSON.parse(s) };
        }
        catch (e) {
            return { error: `not valid JSON: ${e.message}` };
        }
    }
    const set = {};
    // Spaces around "=" / ":" are fine (" in1 = 1 "); tokens are then separated by commas/spaces.
    const norm = s.replace(/\s*([=:])\s*/g, "$1");
    for (const tok of norm.split(/[,\s]+/).filter(Boolean)) {
        const m = /^([^=:]+)[=:](.*)$/.exec(tok);
        if (!m?.[2])
            return { error: `expected ap=value, got ${JSON.stringify(tok)}` };
        const ap = m[1].trim();
        const v = m[2].trim();
        if (Object.hasOwn(set, ap) && set[ap] !== v)
            return { error: `${ap} is set twice (${set[ap]} and ${v}); give each input once` };
        set[ap] = v;
    }
    return { move: set };
}
/** A terminal player over any streams (process.stdin/stdout, or test streams). */
export function terminalPlayer(input, output) {
    const rl = createInterface({ input, terminal: false });
    const it = rl[Symbol.asyncIterator]();
    const say = (s) => output.write(`${s}\n`);
    // A line we could not parse is still handed to the engine (as the raw text), so it is
    // rejected, logged and counted like any other bad input; we show our own, clearer reason.
    let parseError;
    let confirmLate;
    return {
        async act(o, rejection) {
            say("");
            say(renderObservation(o));
            if (rejection)
                say(`! Not accepted: ${parseError ?? rejection.message}`);
            parseError = undefined;
            const late = !o.done && o.t > o.goal.window_hi;
            if (late)
                say(`Note: the target window ended at t=${o.goal.window_hi}. Interventions now cannot help and count against minimality; 'commit' finishes the run.`);
            for (;;) {
                output.write(o.done
                    ? "Rollout over. [enter] explore again, 'commit' to start the scored run > "
                    : `Action for t=${o.t} (help for syntax) > `);
                const r = await it.next();
                if (r.done) {
                    say("");
                    say("(end of input: finishing the episode without further interventions)");
                    return undefined;
                }
                const p = parseHumanLine(r.value);
                if ("help" in p)
                    say(HELP);
                else if ("error" in p) {
                    parseError = `${p.error} (type help)`;
                    return r.value;
                }
                else if ("quit" in p)
                    return undefined;
                else {
                    const m = p.move;
                    const sets = m && typeof m === "object" && m.type === undefined && Object.keys(m).length > 0;
                    if (late && sets && confirmLate !== r.value.trim()) {
                        confirmLate = r.value.trim();
                        say(`! t=${o.t} is after the target window (t=${o.goal.window_lo}..${o.goal.window_hi}): this cannot reach the goal and makes your answer non-minimal. Enter it again to do it anyway, or skip.`);
                        continue;
                    }
                    confirmLate = undefined;
                    return p.move;
                }
            }
        },
        close() {
            rl.close();
        },
    };
}
/** Play one session at a terminal and show the verdict screen. */
export async function playAtTerminal(session, input, output) {
    const p = terminalPlayer(input, output);
    try {
        await driveSession(session, p);
    }
    finally {
        p.close();
    }
    const outcome = scoreSession(session);
    output.write(`\n${renderVerdict(outcome)}\n`);
    return outcome;
}
//# sourceMappingURL=terminal.js.map