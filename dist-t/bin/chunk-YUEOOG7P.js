import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  playBundle
} from "./chunk-4M2W4I7I.js";
import {
  ONLINE_AGENT_IDS,
  getOnlineAgent,
  parseActionScript,
  scriptedAgent
} from "./chunk-PGYW3ALA.js";
import "./chunk-YQMPR3RY.js";
import "./chunk-YATXMT6G.js";
import "./chunk-VPUOSIMC.js";
import "./chunk-EA4IENQI.js";
import "./chunk-5A6T2F3E.js";
import "./chunk-IEP6NAQM.js";
import "./chunk-LW3FID2T.js";
import "./chunk-63ISRUDU.js";
import "./chunk-EDYDAUKS.js";
import {
  loadBundle
} from "./chunk-WDP2XZCY.js";
import "./chunk-SAJ2WFIU.js";
import {
  adaptationPolicyError
} from "./chunk-HGGUQIVU.js";
import "./chunk-JUAIBFNI.js";
import "./chunk-LF7XRNB5.js";
import {
  PLAY_PROTOCOLS
} from "./chunk-Z5AODXDI.js";
import {
  EpisodeFailed
} from "./chunk-7IB7HC4M.js";
import "./chunk-FE3NBAQV.js";
import {
  ALLOWED_EVAL_TRACKS
} from "./chunk-FJUG4O3Y.js";
import "./chunk-GL4FS2DM.js";
import "./chunk-Z2F3TC4X.js";
import "./chunk-NIT377TX.js";
import "./chunk-OMQMJS7P.js";
import "./chunk-KRB3VAEL.js";
import "./chunk-FE7UWTWL.js";
import {
  readJsonFile
} from "./chunk-QYZGEUIB.js";
import "./chunk-3RIPXYYT.js";
import "./chunk-HFM5OLF6.js";

// src/gf01/play/api.ts
import { InputError } from "../core/errors.js";

// src/gf01/play/stdio.ts
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
function stdioAgent(o) {
  const timeoutMs = (o.timeoutS ?? 30) * 1e3;
  return {
    name: o.name ?? `stdio:${o.command}`,
    start(_ctx) {
      const child = spawn("/bin/sh", ["-c", o.command], {
        cwd: o.cwd,
        stdio: ["pipe", "pipe", "pipe"]
      });
      const lines = [];
      const waiters = [];
      let closed = false;
      let answered = false;
      let spawnError;
      const held = [];
      const passErr = (l) => o.stderr ? o.stderr(l) : process.stderr.write(`[agent] ${l}
`);
      const exited = new Promise((resolve) => {
        child.once("exit", (code, sig) => resolve(code ?? (sig ? 128 : null)));
        child.once("error", () => resolve(null));
      });
      const rl = createInterface({ input: child.stdout });
      rl.on("line", (l) => {
        if (!answered) {
          answered = true;
          for (const h of held.splice(0)) passErr(h);
        }
        const w = waiters.shift();
        if (w) w(l);
        else lines.push(l);
      });
      const onClose = () => {
        closed = true;
        for (const w of waiters.splice(0)) w(void 0);
      };
      rl.on("close", onClose);
      child.on("error", (e) => {
        spawnError = e.message;
        onClose();
      });
      const errRl = createInterface({ input: child.stderr });
      errRl.on("line", (l) => {
        if (answered) passErr(l);
        else if (held.push(l) > 20) held.shift();
      });
      child.stdin.on("error", () => {
      });
      const write = (v) => {
        if (!child.stdin.destroyed) child.stdin.write(`${JSON.stringify(v)}
`);
      };
      let timedOut = false;
      const nextLine = () => {
        const l = lines.shift();
        if (l !== void 0) return Promise.resolve(l);
        if (closed) return Promise.resolve(void 0);
        return new Promise((resolve) => {
          const timer = setTimeout(() => {
            const i = waiters.indexOf(done);
            if (i >= 0) waiters.splice(i, 1);
            timedOut = true;
            resolve(void 0);
          }, timeoutMs);
          const done = (x) => {
            clearTimeout(timer);
            resolve(x);
          };
          waiters.push(done);
        });
      };
      const kill = () => {
        if (child.exitCode === null && !child.killed) child.kill("SIGKILL");
      };
      const failure = async (obs) => {
        const where = `(${obs.phase} run ${obs.episode}, t=${obs.t})`;
        if (timedOut) {
          kill();
          return new EpisodeFailed(
            `agent did not answer within ${timeoutMs / 1e3} s ${where}: ${o.command}`,
            "agent_timeout"
          );
        }
        const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 2e3))]);
        kill();
        await new Promise((r) => setImmediate(r));
        const tail = held.map((l) => l.replace(/^\/bin\/sh: (?:\d+: )?/, "").trim()).filter(Boolean).at(-1);
        if (spawnError || !answered && (code === 126 || code === 127))
          return new EpisodeFailed(
            `cannot start agent: ${tail ?? spawnError ?? `${o.command}: exit code ${code}`}`,
            "agent_start",
            true
          );
        const status = code === null ? "" : ` with code ${code}`;
        return new EpisodeFailed(
          `agent exited${status} ${answered ? "before the episode ended" : "before its first action"} ${where}${tail ? `: ${tail}` : ""}`,
          "agent_exit"
        );
      };
      return {
        async act(obs, rejection) {
          write({ type: "observation", ...obs, error: rejection ?? null });
          for (; ; ) {
            const l = await nextLine();
            if (l === void 0) throw await failure(obs);
            if (!l.trim()) continue;
            try {
              return JSON.parse(l);
            } catch {
              return l;
            }
          }
        },
        async end(result) {
          write({ type: "result", ...result });
          child.stdin.end();
          await new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            const t = setTimeout(() => {
              kill();
              resolve();
            }, 2e3);
            child.once("exit", () => {
              clearTimeout(t);
              resolve();
            });
          });
          return void 0;
        },
        abort() {
          kill();
        }
      };
    }
  };
}

// src/gf01/play/api.ts
function isOnlineAgentId(id) {
  return !!id && getOnlineAgent(id) !== void 0;
}
async function resolveOnlineAgent(s) {
  const given = [s.agent, s.agentCmd, s.script].filter(Boolean).length;
  if (given !== 1)
    throw new InputError("choose exactly one of --agent, --agent-cmd, --script", { field: "--agent" });
  if (s.agentCmd)
    return stdioAgent({
      command: s.agentCmd,
      name: s.agentName ?? `stdio:${s.agentCmd}`,
      timeoutS: s.agentTimeoutS
    });
  if (s.script) {
    const v = await readJsonFile(s.script);
    return scriptedAgent(parseActionScript(v, s.script), s.agentName ?? "scripted-policy");
  }
  const a = getOnlineAgent(s.agent);
  if (!a)
    throw new InputError(
      `unknown online agent ${JSON.stringify(s.agent)}; known: ${ONLINE_AGENT_IDS.join(", ")} (LLMs: gf01 play-llm)`,
      { field: "--agent" }
    );
  return a;
}
function checkTrack(v) {
  if (v === void 0) return void 0;
  if (!ALLOWED_EVAL_TRACKS.includes(v))
    throw new InputError(`unsupported eval_track ${v}`, { field: "--eval-track" });
  return v;
}
function checkProtocol(v) {
  const p = v ?? "commit_only";
  if (!PLAY_PROTOCOLS.includes(p))
    throw new InputError(`play protocol must be one of ${PLAY_PROTOCOLS.join(", ")}`, {
      field: "--protocol"
    });
  return p;
}
async function evaluateOnlineAgent(o) {
  const a = o.adaptation;
  if (a) {
    const e = adaptationPolicyError(
      a.adaptationCondition ?? "no_adaptation",
      a.adaptationBudgetTokens ?? 0,
      a.adaptationDataScope ?? "none",
      a.adaptationProtocolId ?? "none"
    );
    if (e)
      return {
        ok: false,
        rows: [],
        payload: { status: "error", error_type: "adaptation_policy_violation", message: e }
      };
  }
  const agent = await resolveOnlineAgent(o);
  const bundle = await loadBundle(o.instancesFile);
  return playBundle({
    ...o,
    bundle,
    agent,
    evalTrack: checkTrack(o.evalTrack),
    protocol: checkProtocol(o.protocol)
  });
}
export {
  checkProtocol,
  checkTrack,
  evaluateOnlineAgent,
  isOnlineAgentId,
  resolveOnlineAgent
};
