import { execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { JsonlAppender, writeFileAtomic } from "../../src/core/jsonl.js";

describe("writeFileAtomic", () => {
  it("writes, creating parent directories", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atomic-"));
    await writeFileAtomic(join(dir, "a", "b.txt"), "hi");
    expect(readFileSync(join(dir, "a", "b.txt"), "utf8")).toBe("hi");
    expect(readdirSync(join(dir, "a"))).toEqual(["b.txt"]);
  });
  it("a directory target is an InputError naming it, and no *.tmp-<pid> is left", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atomic-"));
    mkdirSync(join(dir, "out"));
    const err = await writeFileAtomic(join(dir, "out"), "x").catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).file).toBe(join(dir, "out"));
    expect(readdirSync(dir)).toEqual(["out"]);
  });
  it("a stream target (FIFO, /dev/stdout) is written to, not renamed over", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atomic-"));
    const fifo = join(dir, "pipe");
    execFileSync("mkfifo", [fifo]);
    // A non-blocking reader (Linux opens a FIFO read-only without waiting for a writer).
    const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      await writeFileAtomic(fifo, "through the pipe");
      expect(lstatSync(fifo).isFIFO()).toBe(true); // was replaced by a regular file
      const buf = Buffer.alloc(64);
      expect(buf.subarray(0, readSync(fd, buf)).toString()).toBe("through the pipe");
      expect(readdirSync(dir)).toEqual(["pipe"]);
    } finally {
      closeSync(fd);
    }
  });
  it("a failing rename removes the temp file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atomic-"));
    // parent path is a file: mkdir fails (ENOTDIR) — nothing may be left behind
    await writeFileAtomic(join(dir, "f"), "x");
    const err = await writeFileAtomic(join(dir, "f", "g"), "y").catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(readdirSync(dir)).toEqual(["f"]);
  });
  it("JsonlAppender.open on a directory is an InputError", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atomic-"));
    await expect(JsonlAppender.open(dir)).rejects.toBeInstanceOf(InputError);
  });
});
