/**
 * Cited files on disk under a root directory, and in memory (tests, sensitivity scenarios).
 * The root check is what the reference lacked: `root / "../x"` and `root / "/etc/passwd"`
 * were read as citations. Here a path is `outside` when it is absolute, when it climbs out
 * lexically, or when it resolves (through symlinks) to somewhere outside the resolved root.
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, normalize, relative, resolve, sep } from "node:path";
import { pySplitLines } from "../../core/pyjson.js";
import type { CitedFiles, CitedPathStatus } from "./verify.js";

// ignoreBOM: a BOM stays in line 1, as with Python's utf-8 codec (the reference's read_text).
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const inside = (root: string, p: string) => {
  const rel = relative(root, p);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

/** Lexically outside: absolute (POSIX or a Windows drive/UNC form) or climbing above the root. */
export function escapesRoot(filePath: string): boolean {
  if (isAbsolute(filePath) || /^[A-Za-z]:[\\/]|^\\\\/.test(filePath)) return true;
  const n = normalize(filePath);
  return n === ".." || n.startsWith(`..${sep}`);
}

/** Files under `root` (a directory); lines are cached per path (many entries cite one file). */
export function diskFiles(root: string): CitedFiles {
  const absRoot = resolve(root);
  let realRoot: string;
  try {
    realRoot = realpathSync(absRoot);
  } catch {
    realRoot = absRoot;
  }
  const cache = new Map<string, readonly string[] | undefined>();
  return {
    status(filePath: string): CitedPathStatus {
      if (escapesRoot(filePath)) return "outside";
      const p = resolve(absRoot, filePath);
      let real: string;
      try {
        real = realpathSync(p);
      } catch {
        return "missing";
      }
      return inside(realRoot, real) ? "present" : "outside";
    },
    lines(filePath: string) {
      if (cache.has(filePath)) return cache.get(filePath);
      let out: readonly string[] | undefined;
      try {
        const p = resolve(absRoot, filePath);
        // Not a regular file (a directory, a FIFO): unreadable as a citation, and a FIFO must
        // not block the verifier.
        if (!statSync(p).isFile()) out = undefined;
        else out = pySplitLines(decoder.decode(readFileSync(p)));
      } catch {
        out = undefined;
      }
      cache.set(filePath, out);
      return out;
    },
  };
}

/** Files from a path → text map (paths as citations write them, relative to the root). */
export function memoryFiles(files: ReadonlyMap<string, string>): CitedFiles {
  return {
    status: (filePath) =>
      escapesRoot(filePath) ? "outside" : files.has(normalize(filePath)) ? "present" : "missing",
    lines: (filePath) => {
      const text = files.get(normalize(filePath));
      return text === undefined ? undefined : pySplitLines(text);
    },
  };
}
