/**
 * JSON-lines-over-stdio agents (`gf01 play --agent-cmd "python my_agent.py"`). One process
 * per episode. We write one JSON object per line to its stdin:
 *   {"type":"observation", …observation, "error": null | {code, message, field?}}
 * and read one action per line from its stdout (an object mapping input AP → 0/1, `{}` for no
 * intervention, or a `{"type":…}` envelope). The last line we write is
 *   {"type":"result", verdict, certificate, suff, min1, valid, goal, …}
 * then we close its stdin. Its stderr is passed through (prefixed) for debugging.
 * A line that is not JSON is a rejected move (`not_an_object`, the line is logged). An agent
 * that cannot start, exits before the session is over or does not answer in time fails the
 * episode (`EpisodeFailed`: an error record, never a scored row); to stop intervening early an
 * agent sends `{"type":"commit"}`. Until its first action line, the agent's stderr is held back
 * and, if it dies, quoted in the one-line error instead of being echoed. The agent runs in its
 * own process group, stopped as a whole (src/core/process-group.ts) on timeout, at the end of
 * the episode and when we exit: whatever it started goes with it.
 */
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { spawnGroup, stopGroup } from "../../core/process-group.js";
import {
  type EpisodeContext,
  EpisodeFailed,
  type EpisodePlayer,
  type OnlineAgent,
  type PublicResult,
} from "./agent.js";
import type { Observation, Rejection } from "./observation.js";

export interface StdioAgentOptions {
  /** Shell command line (run with /bin/sh -c). */
  command: string;
  name?: string;
  cwd?: string;
  /** Seconds to wait for one action line (default 30). */
  timeoutS?: number;
  /** Where the agent's stderr goes (default: process.stderr, prefixed). */
  stderr?: (line: string) => void;
}

export function stdioAgent(o: StdioAgentOptions): OnlineAgent {
  const timeoutMs = (o.timeoutS ?? 30) * 1000;
  return {
    name: o.name ?? `stdio:${o.command}`,
    start(_ctx: EpisodeContext): EpisodePlayer {
      const child: ChildProcess = spawnGroup("/bin/sh", ["-c", o.command], {
        cwd: o.cwd,
        stdio: ["pipe", "pipe", "pipe"],
      });
      const lines: string[] = [];
      const waiters: ((l: string | undefined) => void)[] = [];
      let closed = false;
      let answered = false;
      let spawnError: string | undefined;
      // stderr before the first action is held back: quoted in the error if the agent dies.
      const held: string[] = [];
      const passErr = (l: string) => (o.stderr ? o.stderr(l) : process.stderr.write(`[agent] ${l}\n`));
      const exited = new Promise<number | null>((resolve) => {
        child.once("exit", (code, sig) => resolve(code ?? (sig ? 128 : null)));
        child.once("error", () => resolve(null));
      });
      const rl = createInterface({ input: child.stdout! });
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
        for (const w of waiters.splice(0)) w(undefined);
      };
      rl.on("close", onClose);
      child.on("error", (e) => {
        spawnError = e.message;
        onClose();
      });
      const errRl = createInterface({ input: child.stderr! });
      errRl.on("line", (l) => {
        if (answered) passErr(l);
        else if (held.push(l) > 20) held.shift();
      });
      child.stdin!.on("error", () => {}); // EPIPE when the agent exits early: reported below
      const write = (v: unknown) => {
        if (!child.stdin!.destroyed) child.stdin!.write(`${JSON.stringify(v)}\n`);
      };
      let timedOut = false;
      const nextLine = (): Promise<string | undefined> => {
        const l = lines.shift();
        if (l !== undefined) return Promise.resolve(l);
        if (closed) return Promise.resolve(undefined);
        return new Promise((resolve) => {
          const timer = setTimeout(() => {
            const i = waiters.indexOf(done);
            if (i >= 0) waiters.splice(i, 1);
            timedOut = true;
            resolve(undefined);
          }, timeoutMs);
          const done = (x: string | undefined) => {
            clearTimeout(timer);
            resolve(x);
          };
          waiters.push(done);
        });
      };
      /** Stop the agent's whole group (a `sh -c` wrapper's program and its children too). */
      const kill = () => stopGroup(child);
      /** Why the agent stopped answering, as one plain line. */
      const failure = async (obs: Observation): Promise<EpisodeFailed> => {
        const where = `(${obs.phase} run ${obs.episode}, t=${obs.t})`;
        if (timedOut) {
          await kill();
          return new EpisodeFailed(
            `agent did not answer within ${timeoutMs / 1000} s ${where}: ${o.command}`,
            "agent_timeout",
          );
        }
        // stdout closed: wait briefly for the exit status (it may lag the pipe closing).
        const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
        await kill();
        await new Promise((r) => setImmediate(r)); // let the last stderr lines arrive
        const tail = held
          .map((l) => l.replace(/^\/bin\/sh: (?:\d+: )?/, "").trim())
          .filter(Boolean)
          .at(-1);
        if (spawnError || (!answered && (code === 126 || code === 127)))
          return new EpisodeFailed(
            `cannot start agent: ${tail ?? spawnError ?? `${o.command}: exit code ${code}`}`,
            "agent_start",
            true,
          );
        const status = code === null ? "" : ` with code ${code}`;
        return new EpisodeFailed(
          `agent exited${status} ${answered ? "before the episode ended" : "before its first action"} ${where}${tail ? `: ${tail}` : ""}`,
          "agent_exit",
        );
      };
      // Protocol check: lines answered, and the first line and rejection (quoted if none was usable).
      let replies = 0;
      let firstLine: string | undefined;
      let firstRejection: Rejection | undefined;
      return {
        async act(obs: Observation, rejection?: Rejection) {
          firstRejection ??= rejection;
          write({ type: "observation", ...obs, error: rejection ?? null });
          for (;;) {
            const l = await nextLine();
            if (l === undefined) throw await failure(obs);
            if (!l.trim()) continue;
            replies++;
            firstLine ??= l;
            try {
              return JSON.parse(l);
            } catch {
              return l; // not JSON: the engine rejects the raw line like any bad move
            }
          }
        },
        async end(result: PublicResult) {
          // Not one line was a move the game accepted (garbage, another protocol): a protocol
          // failure of the agent, recorded as an error, never scored as an episode of skips.
          if (replies > 0 && result.rejected_moves >= replies) {
            await kill();
            const first = JSON.stringify(firstLine!.length > 80 ? `${firstLine!.slice(0, 80)}…` : firstLine);
            throw new EpisodeFailed(
              `agent sent ${replies} line(s) and the game accepted none as a move (first: ${first}, refused: ${firstRejection?.message ?? "not a move"}) — it must answer each observation with one JSON action per line (docs/gf01-play.md): ${o.command}`,
              "agent_protocol",
            );
          }
          write({ type: "result", ...result });
          child.stdin!.end();
          // Give a well-behaved agent a moment to exit on EOF, then make sure it is gone,
          // with anything it left running in its group.
          await new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const t = setTimeout(resolve, 2000);
            child.once("exit", () => {
              clearTimeout(t);
              resolve();
            });
          });
          await kill();
          return { replies: { replies, unparseable: result.rejected_moves } };
        },
        abort() {
          void kill();
        },
      };
    },
  };
}
