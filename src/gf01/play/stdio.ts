/**
 * JSON-lines-over-stdio agents (`gf01 play --agent-cmd "python my_agent.py"`). One process
 * per episode. We write one JSON object per line to its stdin:
 *   {"type":"observation", …observation, "error": null | {code, message, field?}}
 * and read one action per line from its stdout (an object mapping input AP → 0/1, `{}` for no
 * intervention, or a `{"type":…}` envelope). The last line we write is
 *   {"type":"result", verdict, certificate, suff, min1, valid, goal, …}
 * then we close its stdin. Its stderr is passed through (prefixed) for debugging.
 * A line that is not JSON is a rejected move (`not_an_object`, the line is logged); EOF or a
 * timeout ends the episode (remaining timesteps play `{}`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { EpisodeContext, EpisodePlayer, OnlineAgent, PublicResult } from "./agent.js";
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
      const child: ChildProcess = spawn("/bin/sh", ["-c", o.command], {
        cwd: o.cwd,
        stdio: ["pipe", "pipe", "pipe"],
      });
      const lines: string[] = [];
      const waiters: ((l: string | undefined) => void)[] = [];
      let closed = false;
      const rl = createInterface({ input: child.stdout! });
      rl.on("line", (l) => {
        const w = waiters.shift();
        if (w) w(l);
        else lines.push(l);
      });
      const onClose = () => {
        closed = true;
        for (const w of waiters.splice(0)) w(undefined);
      };
      rl.on("close", onClose);
      child.on("error", onClose);
      const errRl = createInterface({ input: child.stderr! });
      errRl.on("line", (l) => (o.stderr ? o.stderr(l) : process.stderr.write(`[agent] ${l}\n`)));
      child.stdin!.on("error", () => {}); // EPIPE when the agent exits early: handled as EOF
      const write = (v: unknown) => {
        if (!child.stdin!.destroyed) child.stdin!.write(`${JSON.stringify(v)}\n`);
      };
      const nextLine = (): Promise<string | undefined> => {
        const l = lines.shift();
        if (l !== undefined) return Promise.resolve(l);
        if (closed) return Promise.resolve(undefined);
        return new Promise((resolve) => {
          const timer = setTimeout(() => {
            const i = waiters.indexOf(done);
            if (i >= 0) waiters.splice(i, 1);
            resolve(undefined);
          }, timeoutMs);
          const done = (x: string | undefined) => {
            clearTimeout(timer);
            resolve(x);
          };
          waiters.push(done);
        });
      };
      const kill = () => {
        if (child.exitCode === null && !child.killed) child.kill("SIGKILL");
      };
      return {
        async act(obs: Observation, rejection?: Rejection) {
          write({ type: "observation", ...obs, error: rejection ?? null });
          for (;;) {
            const l = await nextLine();
            if (l === undefined) {
              kill();
              return undefined; // EOF / timeout: end the episode
            }
            if (!l.trim()) continue;
            try {
              return JSON.parse(l);
            } catch {
              return l; // not JSON: the engine rejects the raw line like any bad move
            }
          }
        },
        async end(result: PublicResult) {
          write({ type: "result", ...result });
          child.stdin!.end();
          // Give a well-behaved agent a moment to exit on EOF, then make sure it is gone.
          await new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const t = setTimeout(() => {
              kill();
              resolve();
            }, 2000);
            child.once("exit", () => {
              clearTimeout(t);
              resolve();
            });
          });
          return undefined;
        },
        abort() {
          kill();
        },
      };
    },
  };
}
