/**
 * Which writers fsync (docs/reliability.md, "Crash safety"): the atomic writers fsync the temp
 * file before the rename; the HTML report writes every file atomically, the page last.
 */
import fs, { existsSync, readFileSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { writeFileAtomic } from "../../src/core/jsonl.js";
import { writeReport } from "../../src/core/report/html.js";
import { AtomicWriter, writeTextAtomic } from "../../src/geb/io.js";
import { cleanup, listFiles, tmp } from "./helpers.js";

afterEach(() => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
});

afterAll(cleanup);

describe("durability", () => {
  it("writeFileAtomic fsyncs the new file before it takes the final name", async () => {
    const d = tmp("fsync");
    const probe = await open(join(d, "probe"), "w");
    const proto = Object.getPrototypeOf(probe);
    await probe.close();
    const synced: boolean[] = [];
    const real = proto.sync;
    vi.spyOn(proto, "sync").mockImplementation(async function (this: unknown) {
      synced.push(existsSync(join(d, "out.json"))); // the final name is not there yet
      return real.call(this);
    });
    await writeFileAtomic(join(d, "out.json"), '{"a": 1}\n');
    expect(synced).toEqual([false]);
    expect(readFileSync(join(d, "out.json"), "utf8")).toBe('{"a": 1}\n');
    expect(listFiles(d)).toEqual(["out.json", "probe"]);
  });

  it("geb's AtomicWriter fsyncs before the rename, except for `durable: false` (datasets)", () => {
    const d = tmp("fsync-geb");
    const spy = vi.spyOn(fs, "fsyncSync");
    syncBuiltinESMExports();
    writeTextAtomic(join(d, "results.json"), "[]\n");
    expect(spy).toHaveBeenCalledTimes(1);
    const w = new AtomicWriter(join(d, "data.jsonl"), { durable: false });
    w.write("{}\n");
    w.commit();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(listFiles(d)).toEqual(["data.jsonl", "results.json"]);
  });

  it("an HTML report that cannot be completed leaves no page behind", async () => {
    const d = tmp("report");
    // The table-files directory cannot be made (a file holds its name): nothing is published.
    writeFileSync(join(d, "r.files"), "in the way");
    const doc = {
      title: "T",
      sections: [
        { id: "s", title: "S", charts: [], tables: [{ id: "t", title: "T", columns: ["k"], rows: [[1]] }] },
      ],
    };
    await expect(writeReport(doc, join(d, "r.html"))).rejects.toThrow();
    expect(listFiles(d)).toEqual(["r.files"]);
  });
});
