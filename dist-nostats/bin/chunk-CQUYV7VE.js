import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  renderObservation,
  renderVerdict,
  scoreSession
} from "./chunk-IEP6NAQM.js";
import "./chunk-LW3FID2T.js";
import "./chunk-63ISRUDU.js";
import "./chunk-EDYDAUKS.js";
import "./chunk-WDP2XZCY.js";
import "./chunk-SAJ2WFIU.js";
import "./chunk-HGGUQIVU.js";
import "./chunk-JUAIBFNI.js";
import "./chunk-LF7XRNB5.js";
import "./chunk-Z5AODXDI.js";
import {
  driveSession
} from "./chunk-7IB7HC4M.js";
import "./chunk-FE3NBAQV.js";
import "./chunk-FJUG4O3Y.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import "./chunk-QYZGEUIB.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";

// src/gf01/play/terminal.ts
import { createInterface } from "node:readline";
var HELP = [
  "Enter the action for THIS timestep:",
  "  skip (or empty line)      no intervention",
  "  in0=1                     set one input",
  "  in0=1, in2=0  /  in0=1 in2=0   set several",
  '  {"in0": 1}                JSON works too',
  "  commit                    exploring: start the scored run; scored run: no more interventions",
  "  quit                      end the episode now (no more interventions)"
].join("\n");
function parseHumanLine(line) {
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
      return { error: `not valid JSON: ${e.message}` };
    }
  }
  const set = {};
  const norm = s.replace(/\s*([=:])\s*/g, "$1");
  for (const tok of norm.split(/[,\s]+/).filter(Boolean)) {
    const m = /^([^=:]+)[=:](.*)$/.exec(tok);
    if (!m?.[2]) return { error: `expected ap=value, got ${JSON.stringify(tok)}` };
    const ap = m[1].trim();
    const v = m[2].trim();
    if (Object.hasOwn(set, ap) && set[ap] !== v)
      return { error: `${ap} is set twice (${set[ap]} and ${v}); give each input once` };
    set[ap] = v;
  }
  return { move: set };
}
function terminalPlayer(input, output) {
  const rl = createInterface({ input, terminal: false });
  const it = rl[Symbol.asyncIterator]();
  const say = (s) => output.write(`${s}
`);
  let parseError;
  let confirmLate;
  return {
    async act(o, rejection) {
      say("");
      say(renderObservation(o));
      if (rejection) say(`! Not accepted: ${parseError ?? rejection.message}`);
      parseError = void 0;
      const late = !o.done && o.t > o.goal.window_hi;
      if (late)
        say(
          `Note: the target window ended at t=${o.goal.window_hi}. Interventions now cannot help and count against minimality; 'commit' finishes the run.`
        );
      for (; ; ) {
        output.write(
          o.done ? "Rollout over. [enter] explore again, 'commit' to start the scored run > " : `Action for t=${o.t} (help for syntax) > `
        );
        const r = await it.next();
        if (r.done) {
          say("");
          say("(end of input: finishing the episode without further interventions)");
          return void 0;
        }
        const p = parseHumanLine(r.value);
        if ("help" in p) say(HELP);
        else if ("error" in p) {
          parseError = `${p.error} (type help)`;
          return r.value;
        } else if ("quit" in p) return void 0;
        else {
          const m = p.move;
          const sets = m && typeof m === "object" && m.type === void 0 && Object.keys(m).length > 0;
          if (late && sets && confirmLate !== r.value.trim()) {
            confirmLate = r.value.trim();
            say(
              `! t=${o.t} is after the target window (t=${o.goal.window_lo}..${o.goal.window_hi}): this cannot reach the goal and makes your answer non-minimal. Enter it again to do it anyway, or skip.`
            );
            continue;
          }
          confirmLate = void 0;
          return p.move;
        }
      }
    },
    close() {
      rl.close();
    }
  };
}
async function playAtTerminal(session, input, output) {
  const p = terminalPlayer(input, output);
  try {
    await driveSession(session, p);
  } finally {
    p.close();
  }
  const outcome = scoreSession(session);
  output.write(`
${renderVerdict(outcome)}
`);
  return outcome;
}
export {
  parseHumanLine,
  playAtTerminal,
  terminalPlayer
};
