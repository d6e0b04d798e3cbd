/**
 * Prompts are kept: one content-addressed line per distinct prompt, torn tails dropped,
 * tampering detected; GF-01 play-llm step logs point by `prompt_sha256` to the exact
 * messages the server received (the engine side is in tests/core/progress.test.ts).
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  OpenAIClient,
  PromptStore,
  promptFileFor,
  readPrompt,
  readPromptLines,
} from "../../../src/core/engine/index.js";
import { sha256Hex } from "../../../src/core/hash.js";
import { llmAgent } from "../../../src/gf01/play/llm.js";
import { playBundle } from "../../../src/gf01/play/runner.js";
import { startLoopback } from "../../fixtures/engine/loopback-server.js";
import { fakeGf01Model } from "../../fixtures/gf01/fake-llm.js";
import { genBundle } from "../../gf01/play/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "ob-prompts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = async (file: string) => {
  const out = [];
  for await (const p of readPromptLines(file)) out.push(p);
  return out;
};

describe("prompt store", () => {
  it("keeps each prompt once, across reopenings; drops a torn tail; detects tampering", async () => {
    const file = join(dir, "unit.prompts.jsonl");
    const m = [{ role: "user" as const, content: 'hello {x} "q" ünï' }];
    const s1 = new PromptStore(file);
    const a = s1.put(m);
    const b = s1.put([{ role: "user", content: 'hello {x} "q" ünï' }]);
    await Promise.all([a.done, b.done]);
    await s1.close();
    expect(a.sha256).toBe(b.sha256);
    expect(a.sha256).toBe(sha256Hex(JSON.stringify(m)));
    appendFileSync(file, '{"prompt_sha256":"ab'); // a kill mid-write
    const s2 = new PromptStore(file);
    await s2.put(m).done;
    await s2.put([{ role: "system", content: "second" }]).done;
    await s2.close();
    expect((await lines(file)).map((p) => p.messages[0].content)).toEqual([m[0].content, "second"]);
    expect(await readPrompt(file, a.sha256)).toEqual(m);
    writeFileSync(file, readFileSync(file, "utf8").replace("second", "edited"));
    await expect(lines(file)).rejects.toThrow(
      /unit\.prompts\.jsonl:2: field prompt_sha256: messages do not match/,
    );
  });

  it("GF-01 play-llm transcripts point to the exact messages sent", async () => {
    const server = await startLoopback({ answer: fakeGf01Model });
    try {
      const { bundle } = genBundle(2, 8100);
      const out = join(dir, "runs.jsonl");
      const prompts = new PromptStore(promptFileFor(out));
      const agent = llmAgent({
        client: new OpenAIClient({ baseUrl: `${server.url}/v1`, model: "fake", env: {} }),
        prompts,
      });
      const r = await playBundle({ bundle, agent, out, gitCommit: "c" });
      await prompts.close();
      expect(r.ok).toBe(true);
      const logs = readFileSync(`${out}.steps.jsonl`, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const entries = logs.flatMap((l) => l.agent_log.transcript as { prompt_sha256: string }[]);
      expect(entries.length).toBeGreaterThan(0);
      const kept = new Map((await lines(promptFileFor(out))).map((p) => [p.prompt_sha256, p.messages]));
      const sent = new Set(server.requests.map((q) => sha256Hex(JSON.stringify(q.body.messages))));
      for (const e of entries) {
        expect(kept.get(e.prompt_sha256)?.[0].role).toBe("system");
        expect(sent.has(e.prompt_sha256)).toBe(true); // byte-identical to what the server got
      }
    } finally {
      await server.close();
    }
  });
});
