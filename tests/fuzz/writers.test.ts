/**
 * Issue 16: the atomic writers, given hostile targets (a directory, a symlink to one, a path
 * under a file, deep under a file, an empty path): an InputError naming the target, and no
 * `*.tmp-<pid>` or partial file left anywhere. A good target after a bad one still works.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { JsonlAppender, writeFileAtomic } from "../../src/core/jsonl.js";
import { AtomicWriter, writeTextAtomic } from "../../src/geb/io.js";
import { hostilePaths } from "./lib/flags.js";

const writers: [string, (file: string) => Promise<void> | void][] = [
  ["writeFileAtomic", (f) => writeFileAtomic(f, "x\n")],
  ["writeTextAtomic (geb)", (f) => writeTextAtomic(f, "x\n")],
  [
    "AtomicWriter (geb, streamed)",
    (f) => {
      const w = new AtomicWriter(f);
      try {
        w.write("x\n");
        w.commit();
      } catch (e) {
        w.abort();
        throw e;
      }
    },
  ],
  [
    "JsonlAppender",
    async (f) => {
      const a = await JsonlAppender.open(f);
      await a.append("{}");
      await a.close();
    },
  ],
];

/** Every file under `dir`, recursively (relative names). */
const tree = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();

describe("atomic writers on hostile targets", () => {
  for (const [name, write] of writers)
    it(name, async () => {
      const dir = mkdtempSync(join(tmpdir(), "fuzz-writers-"));
      const paths = hostilePaths(dir);
      const before = tree(dir);
      const problems: string[] = [];
      for (const [what, p] of Object.entries(paths)) {
        if (what === "blank") continue; // "   " is a valid relative file name for an API (the CLI refuses it)
        try {
          await write(p);
          problems.push(`${what}: write succeeded`);
        } catch (e) {
          if (!(e instanceof InputError))
            problems.push(`${what}: ${(e as Error).name}: ${(e as Error).message}`);
          else if (!e.message.includes(p.trim() === "" ? "" : p))
            problems.push(`${what}: does not name ${p}: ${e.message}`);
        }
      }
      expect(problems).toEqual([]);
      expect(tree(dir)).toEqual(before);
      await write(join(dir, "ok", "out.txt"));
      expect(readFileSync(join(dir, "ok", "out.txt"), "utf8")).toMatch(/^(x|\{\})\n$/);
    });
});
