/**
 * CPU seconds (user + sys) of this process's finished child processes and their own children:
 * Linux's cutime + cstime in /proc/self/stat, in USER_HZ (100 per second on Linux). Undefined
 * elsewhere. Used by the README test's phase figures and by CPU_PROFILE (cpu-profile-setup.ts).
 */
import { readFileSync } from "node:fs";

export function childCpu(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // f[0] is field 3 (state)
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return undefined;
  }
}
