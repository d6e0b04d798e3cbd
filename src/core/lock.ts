/**
 * One run at a time per output: an exclusive lock file `<target>.lock` beside every results
 * file, journal or output folder a run appends to. Two runs appending to one journal would
 * write rows twice or tear each other's lines; the second run is refused instead (exit 2,
 * naming the holder). The lock holds who took it (pid, host, start, command) so that a lock
 * left by a crashed run (same host, pid gone) is taken over, and one from another host is
 * explained. It is released by `release()`, and on exit, error or SIGINT/SIGTERM/SIGHUP.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { InputError } from "./errors.js";
import { onExitOrSignal } from "./exit-signals.js";
import { writeError } from "./jsonl.js";

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the lock was taken. */
  started: string;
  command: string;
}

export interface Lock {
  /** The lock file (`<target>.lock`). */
  readonly file: string;
  /** Remove the lock (idempotent; a lock another run has since taken is left alone). */
  release(): void;
}

/** Locks this process holds: lock file → its content (to tell ours from a takeover). */
const held = new Map<string, string>();

function releaseAll(): void {
  for (const [file, text] of held) removeIfOurs(file, text);
  held.clear();
}

function removeIfOurs(file: string, text: string): void {
  try {
    if (readFileSync(file, "utf8") === text) unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}

// Released at exit and on SIGINT/SIGTERM/SIGHUP through the one shared hook (exit-signals.ts).
let unhook: (() => void) | undefined;
function hook(): void {
  unhook ??= onExitOrSignal(releaseAll);
}

function statOrUndefined(path: string): import("node:fs").Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Whether process `pid` exists on this host (EPERM: it exists, owned by someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Start time (ms since epoch) of process `pid` on Linux, else undefined. */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime, clock ticks since boot) counted after the `(comm)` field, which may hold spaces.
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const btime = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(btime)) return undefined;
    return (btime + ticks / 100) * 1000; // USER_HZ is 100 on every Linux Node runs on
  } catch {
    return undefined;
  }
}

/**
 * A holder on this host is still running: its pid is alive and (where /proc tells) that
 * process started no later than the lock did. Pids are reused (a container's run is often pid
 * 7 every time), so a live pid that started after the lock is not the holder.
 */
function holderRunning(h: LockHolder): boolean {
  if (h.pid === process.pid) return false; // an earlier process with our pid (ours are in `held`)
  if (!alive(h.pid)) return false;
  const start = processStartMs(h.pid);
  const taken = Date.parse(h.started);
  return start === undefined || !Number.isFinite(taken) || start <= taken + 2000;
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (typeof v.pid === "number" && Number.isInteger(v.pid) && v.pid > 0 && typeof v.host === "string")
      return {
        pid: v.pid,
        host: v.host,
        started: String(v.started ?? "?"),
        command: String(v.command ?? "?"),
      };
  } catch {}
  return undefined;
}

function readLock(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function tryCreate(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    throw new InputError(
      code === "ENOENT" || code === "ENOTDIR"
        ? "cannot create the lock: the folder does not exist"
        : `cannot create the lock: ${code ?? (e as Error).message}`,
      { file },
    );
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Take the exclusive lock of `target` (a results file, journal or output folder). Throws an
 * InputError (exit 2) naming the holder when another live run has it. A lock left by a dead
 * process on this host is taken over with one stderr line; one from another host is refused
 * with how to remove it.
 */
export async function acquireLock(target: string, command = defaultCommand()): Promise<Lock> {
  const file = `${target}.lock`;
  // A stream (`--out /dev/stdout`, a FIFO) is no journal anyone resumes: nothing to lock, and
  // no `/dev/stdout.lock` to create.
  const st = statOrUndefined(target);
  if (st && !st.isFile() && !st.isDirectory()) return { file, release() {} };
  const me: LockHolder = { pid: process.pid, host: hostname(), started: new Date().toISOString(), command };
  const text = `${JSON.stringify(me)}\n`;
  if (held.has(file)) throw new InputError(`${target} is already in use by this run`, { file });
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (e) {
    throw writeError(file, e);
  }
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(file, text)) break;
    const found = readLock(file);
    if (found === undefined) continue; // released between our create and read: try again
    const h = parseHolder(found);
    if (!h) {
      // Created but not yet written by its taker, or left empty by a crash at that instant.
      if (attempt < 5) {
        await sleep(50);
        continue;
      }
      process.stderr.write(`warning: ${file}: unreadable lock, taken over\n`);
    } else if (h.host !== me.host) {
      throw new InputError(
        `locked by pid ${h.pid} on host ${h.host} since ${h.started} (${h.command}); if no run is active there, remove ${file}`,
        { file },
      );
    } else if (holderRunning(h)) {
      throw new InputError(
        `in use by another run: pid ${h.pid} on host ${h.host} since ${h.started} (${h.command})`,
        { file: target },
      );
    } else {
      process.stderr.write(
        `warning: ${file}: stale lock of pid ${h.pid} (no longer running, since ${h.started}) taken over\n`,
      );
    }
    if (attempt >= 10) throw new InputError("cannot take the lock (it keeps changing)", { file });
    // Remove exactly the stale lock we read (a racing run that already replaced it keeps its own).
    removeIfOurs(file, found);
  }
  held.set(file, text);
  hook();
  return {
    file,
    release() {
      const t = held.get(file);
      if (t === undefined) return;
      held.delete(file);
      removeIfOurs(file, t);
      if (!held.size) {
        unhook?.();
        unhook = undefined;
      }
    },
  };
}

/** The program and its subcommand (`geb model`), without flags: enough to recognise the run. */
function defaultCommand(): string {
  const args = process.argv.slice(2);
  const end = args.findIndex((a) => a.startsWith("-"));
  const prog = basename(process.argv[1] ?? "node").replace(/\.(m?js|ts)$/, "");
  return [prog, ...args.slice(0, end === -1 ? 2 : Math.min(end, 2))].join(" ");
}

/** `<name>.tmp-<pid>` or `<name>.tmp-<pid>-<n>`: the temp files of our atomic writers. */
const TEMP = /\.tmp-(\d+)(?:-\d+)?$/;

/**
 * Remove temp files that a killed run's atomic writers left (`<name>.tmp-<pid>`, whose pid is
 * no longer running). `dir` is searched, and its subfolders down to `depth` levels (an output
 * folder's own layout, e.g. `run-2/`; never deeper, as `--out-dir .` may be any folder); with
 * `prefix`, only names starting with it (the siblings of a results file, not a shared
 * folder's other files). Returns the paths removed, relative to `dir`.
 */
export function removeStaleTemps(dir: string, prefix = "", depth = 0): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (e.isDirectory()) {
      if (depth > 0)
        out.push(...removeStaleTemps(join(dir, e.name), "", depth - 1).map((n) => join(e.name, n)));
      continue;
    }
    const m = TEMP.exec(e.name);
    if (!m || !e.name.startsWith(prefix)) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || alive(pid)) continue;
    try {
      unlinkSync(join(dir, e.name));
      out.push(e.name);
    } catch {
      // Already gone: nothing to do.
    }
  }
  return out;
}

/**
 * What a resuming run does first for a results file: take its lock and clear the temp files
 * its killed predecessor's writers left beside it.
 */
export async function lockJournal(file: string, command?: string): Promise<Lock> {
  const lock = await acquireLock(file, command);
  removeStaleTemps(dirname(file), `${basename(file)}.`);
  return lock;
}

/**
 * Run `fn` as the only run writing the output folder `dir`: its lock is held throughout, and
 * the temp files a killed run's writers left there (and in its subfolders down to `depth`) are
 * removed first.
 */
export async function withOutDirLock<T>(dir: string, depth: number, fn: () => Promise<T>): Promise<T> {
  const lock = await acquireLock(dir);
  try {
    removeStaleTemps(dir, "", depth);
    return await fn();
  } finally {
    lock.release();
  }
}
