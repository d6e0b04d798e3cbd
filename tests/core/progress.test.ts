/**
 * The one progress display: silent off a terminal unless forced; forced on a pipe it writes
 * plain lines (no control characters); on a terminal it redraws with \r. The engine's bar
 * shows the same cost as the run summary, resumed rows included.
 */
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  EngineProgress,
  evaluate,
  modelConfigHash,
  OpenAIClient,
  promptFileFor,
  readPromptLines,
} from "../../src/core/engine/index.js";
import { formatDuration, Progress } from "../../src/core/progress.js";
import { startLoopback } from "../fixtures/engine/loopback-server.js";
import { withTmp } from "./engine/helpers.js";

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u009b]/;

const sink = (isTTY: boolean) => {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, write: (s: string) => chunks.push(s) } };
};

describe("Progress", () => {
  it("is silent on a non-terminal stream unless forced", () => {
    const s = sink(false);
    const p = new Progress(3, "x", s.stream);
    p.tick(3);
    p.finish();
    expect(s.chunks).toEqual([]);
  });

  it("forced on a pipe: newline-terminated plain lines only", () => {
    const s = sink(false);
    const p = new EngineProgress(4, "m", s.stream, true);
    p.price = { input_per_mtok: 1, output_per_mtok: 2 };
    p.record({ promptTokens: 10, completionTokens: 5, resumed: true });
    p.record({ promptTokens: 10, completionTokens: 5, live: true });
    p.error();
    p.record({ promptTokens: 10, completionTokens: 5, live: true });
    p.finish();
    const text = s.chunks.join("");
    expect(text).not.toMatch(CONTROL); // \n (0x0a) is allowed, \r and ESC are not
    expect(s.chunks.every((c) => c.endsWith("\n"))).toBe(true);
    expect(s.chunks.at(-1)).toMatch(
      /^m \[#{20}\] 4\/4 [\d.]+\/s eta 0s elapsed \d+s 45 tok \d+ tok\/s \$0\.0001 errors 1\n$/,
    );
  });

  it("on a terminal: redraws in place with \\r", () => {
    const s = sink(true);
    const p = new Progress(2, "x", s.stream, true);
    p.tick();
    p.tick();
    p.finish();
    expect(s.chunks[0].startsWith("\r")).toBe(true);
    expect(s.chunks.at(-1)?.endsWith("\n")).toBe(true);
  });

  it("on a narrow terminal: the redrawn line is cut to fit (a wrapped line breaks \\r)", () => {
    const chunks: string[] = [];
    const p = new Progress(
      2,
      "a-long-label",
      { isTTY: true, columns: 30, write: (s: string) => chunks.push(s) },
      true,
    );
    p.tick();
    p.finish();
    for (const c of chunks) expect(c.replace(/[\r\n]/g, "").length).toBeLessThan(30);
  });

  it("formats durations", () => {
    expect(formatDuration(42.4)).toBe("42s");
    expect(formatDuration(185)).toBe("3m05s");
    expect(formatDuration(7620)).toBe("2h07m");
  });
});

describe("engine runs", () => {
  it("the bar's cost equals the summary's cost_usd, resumed rows included; prompts are kept", async () => {
    const lb = await startLoopback({});
    const price = { input_per_mtok: 3, output_per_mtok: 15 };
    const client = new OpenAIClient({ model: "m", baseUrl: `${lb.url}/v1`, env: {} });
    const items = Array.from({ length: 4 }, (_, i) => ({
      id: `i${i}`,
      q: `question number ${i} ${"x ".repeat(i * 50)}`,
    }));
    const run = (n: number, resultsPath: string, resume: boolean) =>
      evaluate({
        items: items.slice(0, n),
        itemId: (it) => it.id,
        build: (it) => ({
          request: { messages: [{ role: "user", content: it.q }], params: {} },
          promptTemplate: null,
        }),
        client,
        configHash: modelConfigHash({ client: client.descriptor, params: {}, prompt: null }),
        resultsPath,
        resume,
        price,
        progress: true,
      });
    const err: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
      err.push(String(s));
      return true;
    });
    try {
      await withTmp(async (dir) => {
        const file = join(dir, "r.jsonl");
        await run(2, file, false);
        err.length = 0;
        const r = await run(4, file, true);
        expect(r.summary.resumed).toBe(2);
        const shown = /\$(\d+\.\d{4})/.exec(err.at(-1) ?? "")?.[1];
        expect(shown).toBe((r.summary.usage.cost_usd as number).toFixed(4));
        expect(r.summary.usage.cost_usd).toBeGreaterThan(0.0001);
        // Prompts: one line per distinct prompt (none repeated by the resumed run), exact messages.
        const kept = new Map<string, unknown>();
        for await (const p of readPromptLines(promptFileFor(file))) {
          expect(kept.has(p.prompt_sha256)).toBe(false);
          kept.set(p.prompt_sha256, p.messages);
        }
        expect(kept.size).toBe(4);
        for (const [i, rec] of r.records.entries())
          expect(kept.get(rec.prompt_sha256)).toEqual([{ role: "user", content: items[i].q }]);
      });
    } finally {
      spy.mockRestore();
      await lb.close();
    }
  });
});
