import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/core/errors.js";
import { AtomicWriter, writeTextAtomic } from "../../../src/geb/io.js";

describe("geb AtomicWriter", () => {
  it("writes into a FIFO (as --out /dev/stdout) instead of renaming over it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "geb-io-"));
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    const out = join(dir, "got.txt");
    // The reader runs in another process: opening a FIFO for writing waits for a reader.
    const reader = new Promise<void>((resolve, reject) =>
      execFile("sh", ["-c", `cat "${fifo}" > "${out}"`], (e) => (e ? reject(e) : resolve())),
    );
    writeTextAtomic(fifo, "hello\n");
    await reader;
    expect(readFileSync(out, "utf8")).toBe("hello\n");
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["got.txt", "pipe"]);
  });

  it("a failed rename is an InputError naming the file and leaves no temp file", () => {
    const dir = mkdtempSync(join(tmpdir(), "geb-io-"));
    const target = join(dir, "out.jsonl");
    const w = new AtomicWriter(target);
    w.write("x\n");
    mkdirSync(join(target, "inside"), { recursive: true }); // the target became a directory
    let err: unknown;
    try {
      w.commit();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/out\.jsonl/);
    expect(readdirSync(dir)).toEqual(["out.jsonl"]);
  });
});
