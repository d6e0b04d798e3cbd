/**
 * The prompt store of a concurrent `play-llm` run, written in episode order. Episodes played at
 * once put their prompts as their calls happen, an order that changes from run to run; here
 * each episode's prompts are held until the runner records that episode (in bundle order,
 * `PlayRunOptions.onRecord`), so `<results>.prompts.jsonl` has the bytes of a sequential run
 * at any `--max-concurrency` (and of a queued run, which replays each episode's prompts at the
 * same point). A prompt line is still written before the step log and row that point to it.
 */
import { type PromptStore, promptBytes } from "../../core/engine/prompt-store.js";
import type { ChatMessage } from "../../core/engine/types.js";
import { sha256Hex } from "../../core/hash.js";

/** What an agent puts its prompts in (a PromptStore, or one episode's holder). */
export interface PromptSink {
  put(messages: readonly ChatMessage[]): { sha256: string; done: Promise<void> };
}

export class EpisodePrompts {
  private readonly held = new Map<number, string[]>();

  constructor(readonly store: PromptStore) {}

  /** The sink of the episode at bundle position `index` (its prompts wait for `release`). */
  forEpisode(index: number): PromptSink {
    const list: string[] = [];
    this.held.set(index, list);
    return {
      put(messages) {
        // Kept as text: the agent extends its message list after the call (re-asks).
        const text = promptBytes(messages);
        list.push(text);
        return { sha256: sha256Hex(text), done: Promise.resolve() };
      },
    };
  }

  /** Write the episode's prompts, in the order it sent them; resolves once they are written. */
  async release(index: number): Promise<void> {
    const list = this.held.get(index) ?? [];
    this.held.delete(index);
    // One group commit: the store writes lines in put order.
    await Promise.all(list.map((text) => this.store.put(JSON.parse(text) as ChatMessage[]).done));
  }
}
