/**
 * Prompts are kept: GF-01 play-llm step logs point by `prompt_sha256` into a content-addressed
 * side store holding exactly the messages sent (the engine side is in tests/core/progress).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OpenAIClient, PromptStore, promptDirFor, readPrompt } from "../../../src/core/engine/index.js";
import { sha256Hex } from "../../../src/core/hash.js";
import { llmAgent } from "../../../src/gf01/play/llm.js";
import { playBundle } from "../../../src/gf01/play/runner.js";
import { startLoopback } from "../../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../../fixtures/gf01/fake-llm.js";
import { genBundle } from "../../gf01/play/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "ob-prompts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("prompt store", () => {
  it("writes each prompt once, named by its sha256", async () => {
    const store = new PromptStore(join(dir, "unit"));
    const m = [{ role: "user" as const, content: "hello" }];
    const a = store.put(m);
    const b = store.put([{ role: "user", content: "hello" }]);
    await store.flush();
    expect(a.sha256).toBe(b.sha256);
    const files = readdirSync(join(dir, "unit"));
    expect(files).toEqual([`${a.sha256}.json`]);
    expect(sha256Hex(readFileSync(join(dir, "unit", files[0])))).toBe(a.sha256);
    expect(await readPrompt(join(dir, "unit"), a.sha256)).toEqual(m);
  });

  it("GF-01 play-llm transcripts point to the exact messages sent", async () => {
    const server = await startLoopback({ answer: fakeGf01Model });
    try {
      const { bundle } = genBundle(2, 8100);
      const out = join(dir, "runs.jsonl");
      const prompts = new PromptStore(promptDirFor(out));
      const agent = llmAgent({
        client: new OpenAIClient({ baseUrl: `${server.url}/v1`, model: "fake", env: {} }),
        prompts,
      });
      const r = await playBundle({ bundle, agent, out, gitCommit: "c" });
      expect(r.ok).toBe(true);
      const logs = readFileSync(`${out}.steps.jsonl`, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const entries = logs.flatMap((l) => l.agent_log.transcript as { prompt_sha256: string }[]);
      expect(entries.length).toBeGreaterThan(0);
      const sent = new Set(server.requests.map((q) => sha256Hex(JSON.stringify(q.body.messages))));
      for (const e of entries) {
        const msgs = await readPrompt(promptDirFor(out), e.prompt_sha256);
        expect(msgs[0].role).toBe("system");
        expect(sent.has(e.prompt_sha256)).toBe(true); // byte-identical to what the server got
      }
    } finally {
      await server.close();
    }
  });
});
