/**
 * Programs we run but do not control (stdio agents, `command:` model clients) run in their own
 * process group and are stopped as a group. Killing only the direct child reaches a `sh -c`
 * wrapper or a launcher shim (pyenv's `python3` is a bash script), not the program it started:
 * that one lives on, holding our pipes open, and the run never exits.
 *
 * Every group still running is killed when this process exits (normally, by an uncaught
 * error, or by SIGINT/SIGTERM/SIGHUP: a detached group no longer receives the terminal's
 * Ctrl-C). Only a SIGKILL of this process leaves them; an agent then sees EOF on stdin.
 */
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { onExitOrSignal } from "./exit-signals.js";

/** POSIX only: Windows has no process groups (there `detached` opens a console). */
const GROUPS = process.platform !== "win32";
/** Leader pid → child, for every group not yet stopped. */
const live = new Map<number, ChildProcess>();
let hooked = false;

/** `spawn` in a new process group (the child leads it), registered for stopGroup / exit. */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: GROUPS });
  if (child.pid !== undefined) {
    live.set(child.pid, child);
    hook();
  }
  return child;
}

function signalGroup(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(GROUPS ? -pid : pid, sig);
    return true;
  } catch {
    return false; // ESRCH: the group is empty
  }
}

/** Kill every live group at once (exit paths: no time for a grace period). */
function killAll(): void {
  for (const pid of live.keys()) signalGroup(pid, "SIGKILL");
  live.clear();
}

/**
 * Stop `child`'s whole group: SIGTERM, then SIGKILL to whatever is left after `graceMs`.
 * Resolves once the group is empty or killed. Safe to call again, or after the child exited
 * (its own children may not have).
 */
export async function stopGroup(child: ChildProcess, graceMs = 500): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !live.has(pid)) return;
  if (signalGroup(pid, "SIGTERM")) {
    const end = Date.now() + graceMs;
    while (Date.now() < end && signalGroup(pid, 0)) await new Promise((r) => setTimeout(r, 25));
    signalGroup(pid, "SIGKILL");
  }
  live.delete(pid);
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  // Groups are killed at exit and on SIGINT/SIGTERM/SIGHUP (then the signal ends us as usual).
  onExitOrSignal(killAll);
}
