/**
 * Journals after a crash: a SIGKILL never tears one `write`, but a crash, a full disk or a
 * kill between two appends can leave a torn last row, or a step log without its run row.
 * `--resume` must recover both and finish byte-identical to an uninterrupted run.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ledgerReaderAnswer } from "../../src/core/engine/index.js";
import { PromptStore, promptBytes } from "../../src/core/engine/prompt-store.js";
import { sha256Hex } from "../../src/core/hash.js";
import { repairJournalTail } from "../../src/core/journal.js";
import { evaluateAgent } from "../../src/gf01/api.js";
import { bundleToJson } from "../../src/gf01/artifacts/bundle.js";
import { runGf01MainJob } from "../../src/gf01/main-job.js";
import { evaluateOnlineAgent } from "../../src/gf01/play/api.js";
import { startLoopback } from "../fixtures/engine/loopback-server.js";
import { runGebFixture } from "../fixtures/engine/resume-run.js";
import { genBundle } from "../gf01/play/helpers.js";
import { cleanup, listFiles, tmp } from "./helpers.js";

const read = (f: string) => readFileSync(f, "utf8");
const lines = (f: string) => read(f).split("\n").filter(Boolean);

function bundleFile(): string {
  const f = join(tmp("journal"), "bundle.json");
  writeFileSync(f, bundleToJson(genBundle(6, 5100).json));
  return f;
}

afterAll(cleanup);

describe("journals recover from a crash on --resume", () => {
  it("repairJournalTail: cuts a torn last line, completes a row without newline, leaves others alone", async () => {
    const d = tmp("tail");
    const torn = join(d, "torn.jsonl");
    writeFileSync(torn, '{"a":1}\n{"b":2}\n{"c":');
    expect(await repairJournalTail(torn)).toBe(5);
    expect(read(torn)).toBe('{"a":1}\n{"b":2}\n');
    const nonl = join(d, "nonl.jsonl");
    writeFileSync(nonl, '{"a":1}\n{"b":2}');
    expect(await repairJournalTail(nonl)).toBe(0);
    expect(read(nonl)).toBe('{"a":1}\n{"b":2}\n');
    const whole = join(d, "whole.jsonl");
    writeFileSync(whole, '{"a":1}\nnot json\n');
    expect(await repairJournalTail(whole)).toBe(0);
    expect(read(whole)).toBe('{"a":1}\nnot json\n');
    expect(await repairJournalTail(join(d, "missing.jsonl"))).toBe(0);
  });

  it("gf01 evaluate --resume: a torn last row is cut and that instance scored again", async () => {
    const instancesFile = bundleFile();
    const d = tmp("eval");
    const opts = { instancesFile, agent: "greedy", gitCommit: "k9" };
    await evaluateAgent({ ...opts, out: join(d, "full.jsonl") });
    const full = lines(join(d, "full.jsonl"));
    const part = join(d, "part.jsonl");
    writeFileSync(part, `${full.slice(0, 3).join("\n")}\n${full[3].slice(0, 40)}`);
    const r = await evaluateAgent({ ...opts, out: part, resume: true });
    expect(r.ok, JSON.stringify(r.payload)).toBe(true);
    expect(r.payload.resumed).toBe(3);
    expect(read(part)).toBe(read(join(d, "full.jsonl")));
  });

  it("online play --resume: a torn row and a step log without its row are both repaired", async () => {
    const instancesFile = bundleFile();
    const d = tmp("play");
    const opts = { instancesFile, agent: "online-greedy", gitCommit: "k9" };
    const fullFile = join(d, "full.jsonl");
    expect((await evaluateOnlineAgent({ ...opts, out: fullFile })).ok).toBe(true);
    const runs = lines(fullFile);
    const steps = lines(`${fullFile}.steps.jsonl`);
    expect(runs).toHaveLength(6);
    expect(steps).toHaveLength(6);

    // Killed after episode 3's step line, before its run row.
    const a = join(d, "a.jsonl");
    writeFileSync(a, `${runs.slice(0, 2).join("\n")}\n`);
    writeFileSync(`${a}.steps.jsonl`, `${steps.slice(0, 3).join("\n")}\n`);
    const ra = await evaluateOnlineAgent({ ...opts, out: a, resume: true });
    expect(ra.payload).toMatchObject({ status: "ok", resumed: 2, played: 4 });
    expect(read(a)).toBe(read(fullFile));
    expect(read(`${a}.steps.jsonl`)).toBe(read(`${fullFile}.steps.jsonl`));

    // Killed after the first episode's step line, before any row.
    const c = join(d, "c.jsonl");
    writeFileSync(`${c}.steps.jsonl`, `${steps[0]}\n`);
    const rc = await evaluateOnlineAgent({ ...opts, out: c, resume: true });
    expect(rc.payload).toMatchObject({ status: "ok", resumed: 0, played: 6 });
    expect(read(`${c}.steps.jsonl`)).toBe(read(`${fullFile}.steps.jsonl`));

    // Torn run row and torn step line (a crash mid-write).
    const b = join(d, "b.jsonl");
    writeFileSync(b, `${runs.slice(0, 4).join("\n")}\n${runs[4].slice(0, 50)}`);
    writeFileSync(`${b}.steps.jsonl`, `${steps.slice(0, 4).join("\n")}\n${steps[4].slice(0, 30)}`);
    const rb = await evaluateOnlineAgent({ ...opts, out: b, resume: true });
    expect(rb.payload).toMatchObject({ status: "ok", resumed: 4, played: 2 });
    expect(read(b)).toBe(read(fullFile));
    expect(read(`${b}.steps.jsonl`)).toBe(read(`${fullFile}.steps.jsonl`));
  });

  it("npm start's job stopped after its first agent leaves no runs.jsonl, not a partial one", async () => {
    const d = tmp("main-job");
    const crash = new Error("crash after the first agent");
    const log = (line: string) => {
      if (line.startsWith("gf01: ran ")) throw crash;
    };
    await expect(runGf01MainJob({ outDir: d, seeds: [0, 1], log })).rejects.toBe(crash);
    expect(listFiles(d).filter((f) => f.startsWith("runs.jsonl") && !f.endsWith(".tmp"))).toEqual([]);
  });

  it("engine: a record is written only after the line of its prompt (a kill between never orphans it)", async () => {
    const server = await startLoopback({ answer: (p) => ledgerReaderAnswer(p) });
    // A slow prompt file (a resumed run reads the old one first): its lines land late.
    const put = PromptStore.prototype.put;
    const spy = vi.spyOn(PromptStore.prototype, "put").mockImplementation(function (this: PromptStore, m) {
      const sha256 = sha256Hex(promptBytes(m));
      const done = new Promise<void>((r) => setTimeout(r, 150)).then(() => put.call(this, m).done);
      return { sha256, done };
    });
    const d = tmp("engine-prompts");
    const results = join(d, "r.jsonl");
    const orphans: string[] = [];
    let checks = 0;
    const watch = setInterval(() => {
      if (!existsSync(results)) return;
      const have = existsSync(`${results}.prompts.jsonl`) ? read(`${results}.prompts.jsonl`) : "";
      for (const line of lines(results)) {
        checks++;
        const sha = (JSON.parse(line) as { prompt_sha256: string }).prompt_sha256;
        if (!have.includes(sha)) orphans.push(sha);
      }
    }, 5);
    try {
      await runGebFixture(server.url, results, false);
    } finally {
      clearInterval(watch);
      spy.mockRestore();
      await server.close();
    }
    expect(checks).toBeGreaterThan(0);
    expect(orphans).toEqual([]);
  });
});
