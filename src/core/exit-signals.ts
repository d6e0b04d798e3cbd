/**
 * One place that cleans up on the way out: at exit, and on SIGINT/SIGTERM/SIGHUP. Locks
 * (lock.ts) and agent process groups (process-group.ts) both need it; with a handler each,
 * each deferred to "the other handler" and a Ctrl-C with a lock held and an agent running was
 * swallowed. Here there is one listener per signal: it runs every cleanup and then dies by the
 * signal (128+n, what the user and their shell expect) — unless another listener (a worker's
 * graceful stop) owns the signal, in which case that one ends the process and the exit hook
 * runs the cleanups then.
 */

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const cleanups = new Set<() => void>();
let hooked = false;

function runAll(): void {
  for (const f of [...cleanups]) {
    try {
      f();
    } catch {
      // A cleanup that fails must not keep the others (or the exit) from happening.
    }
  }
}

function onSignal(sig: NodeJS.Signals): void {
  if (process.listenerCount(sig) > 1) return;
  runAll();
  unhook();
  process.kill(process.pid, sig);
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", runAll);
  for (const s of SIGNALS) process.on(s, onSignal);
}

function unhook(): void {
  if (!hooked) return;
  hooked = false;
  process.off("exit", runAll);
  for (const s of SIGNALS) process.off(s, onSignal);
}

/**
 * Run `cleanup` (synchronously) when the process exits or is ended by SIGINT/SIGTERM/SIGHUP.
 * Returns a function that unregisters it; with none left, the signals' default actions are
 * back.
 */
export function onExitOrSignal(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  hook();
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) unhook();
  };
}
