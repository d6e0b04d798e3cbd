import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "../errors.js";
import { sha256Hex } from "../hash.js";
import { writeFileAtomic } from "../jsonl.js";
import type { ChatMessage } from "./types.js";

/** Side directory of a results file that holds its prompts: `<results>.prompts/`. */
export function promptDirFor(resultsPath: string): string {
  return `${resultsPath}.prompts`;
}

/** The exact bytes hashed into a record's `prompt_sha256`. */
export function promptBytes(messages: readonly ChatMessage[]): string {
  return JSON.stringify(messages);
}

/**
 * Content-addressed store of the rendered messages each record was asked with, so a viewer
 * can show exactly what was sent without re-rendering. Records stay small: they keep only
 * `prompt_sha256`, and `<dir>/<prompt_sha256>.json` holds the messages (the file's own
 * sha256 equals the name). Each prompt is written once (atomic temp + rename; identical
 * prompts across trials and resumed runs share one file).
 */
export class PromptStore {
  private readonly written = new Map<string, Promise<void>>();

  constructor(readonly dir: string) {}

  /** Store the messages; resolves to their sha256. Never rewrites an existing file. */
  put(messages: readonly ChatMessage[]): { sha256: string; done: Promise<void> } {
    const text = promptBytes(messages);
    const sha256 = sha256Hex(text);
    let done = this.written.get(sha256);
    if (!done) {
      const file = join(this.dir, `${sha256}.json`);
      done = existsSync(file) ? Promise.resolve() : writeFileAtomic(file, text);
      this.written.set(sha256, done);
    }
    return { sha256, done };
  }

  /** Wait for every pending write (errors surface here). */
  async flush(): Promise<void> {
    await Promise.all(this.written.values());
  }
}

/** Read the messages a record was asked with, checking the content against its hash. */
export async function readPrompt(dir: string, sha256: string): Promise<ChatMessage[]> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new InputError(`not a sha256: ${JSON.stringify(sha256)}`);
  const file = join(dir, `${sha256}.json`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read prompt: ${(e as NodeJS.ErrnoException).code ?? e}`, { file });
  }
  if (sha256Hex(text) !== sha256) throw new InputError("content does not match its sha256 name", { file });
  return JSON.parse(text) as ChatMessage[];
}
