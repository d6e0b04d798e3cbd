/**
 * gf01 serve's journal thread (src/gf01/server/journal-thread.ts): lines pushed from many
 * concurrent callers land whole and in push order per file; a push resolves only after its
 * line is in the file; a torn tail left by a crash is cut when the file is opened; after the
 * thread dies, later lines are written on the main thread (the file stays whole JSON lines).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JournalThread } from "../../src/gf01/server/journal-thread.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gf01-journal-thread-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lines = async (f: string) => (await readFile(f, "utf8")).split("\n");

describe("journal thread", () => {
  it("many concurrent pushes to two files: every line whole, once, in push order; on disk when acknowledged", async () => {
    const j = new JournalThread();
    const a = await j.open(join(dir, "a.jsonl"), true);
    const b = await j.open(join(dir, "b.jsonl"), false);
    const pushes: Promise<void>[] = [];
    for (let i = 0; i < 300; i++) {
      pushes.push(a.push(JSON.stringify({ i, pad: "x".repeat(i % 50) })));
      if (i % 3 === 0) pushes.push(b.push(JSON.stringify({ b: i })));
    }
    await pushes[0];
    // Acknowledged ⇒ in the file (read by another handle, before close).
    expect((await readFile(join(dir, "a.jsonl"), "utf8")).startsWith('{"i":0,')).toBe(true);
    await Promise.all(pushes);
    await a.close();
    await b.close();
    await j.close();
    const la = await lines(join(dir, "a.jsonl"));
    expect(la.pop()).toBe("");
    expect(la.map((l) => JSON.parse(l).i)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    const lb = await lines(join(dir, "b.jsonl"));
    expect(lb.pop()).toBe("");
    expect(lb.map((l) => JSON.parse(l).b)).toEqual(Array.from({ length: 100 }, (_, i) => 3 * i));
  });

  it("a torn last line (a crash mid-write) is cut before appending", async () => {
    const f = join(dir, "torn.jsonl");
    await writeFile(f, '{"ok":1}\n{"torn":');
    const logged: string[] = [];
    const j = new JournalThread();
    const s = await j.open(f, true, { log: (l) => logged.push(l) });
    await s.push('{"ok":2}');
    await j.close();
    expect(await readFile(f, "utf8")).toBe('{"ok":1}\n{"ok":2}\n');
    expect(logged.join("\n")).toMatch(/cut a torn last line \(8 bytes/);
  });

  it("an unwritable file rejects its pushes with the file named; other files are unaffected", async () => {
    const j = new JournalThread();
    const ok = await j.open(join(dir, "ok.jsonl"), false);
    await expect(j.open(join(dir, "no-such-dir", "x.jsonl"), false)).rejects.toThrow(/ENOENT/);
    await ok.push("{}");
    await j.close();
    expect(await readFile(join(dir, "ok.jsonl"), "utf8")).toBe("{}\n");
  });

  it("a dead thread: later lines are written on the main thread, after the thread's", async () => {
    const f = join(dir, "dead.jsonl");
    let failed!: (l: string) => void;
    const logged = new Promise<string>((r) => (failed = r));
    const j = new JournalThread((l) => failed(l));
    const s = await j.open(f, true);
    await s.push('{"n":1}');
    // Kill the thread as a crash would (the test reaches the private worker on purpose).
    await (j as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect(await logged).toMatch(/journal thread failed/);
    await s.push('{"n":2}');
    await s.close();
    await j.close();
    expect(await readFile(f, "utf8")).toBe('{"n":1}\n{"n":2}\n');
  });
});
