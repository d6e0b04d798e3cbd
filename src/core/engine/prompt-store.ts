import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { InputError } from "../errors.js";
import { sha256Hex } from "../hash.js";
import { readJournal } from "../journal.js";
import { GroupAppender, JsonlAppender, jsonLineValue } from "../jsonl.js";
import type { ChatMessage } from "./types.js";

/** Side file of a results file that holds its prompts: `<results>.prompts.jsonl`. */
export function promptFileFor(resultsPath: string): string {
  return `${resultsPath}.prompts.jsonl`;
}

/** The exact bytes hashed into a record's `prompt_sha256`. */
export function promptBytes(messages: readonly ChatMessage[]): string {
  return JSON.stringify(messages);
}

/** One line of a prompt file. */
export interface PromptLine {
  prompt_sha256: string;
  messages: ChatMessage[];
}

/**
 * Content-addressed store of the rendered messages each record was asked with, so a viewer
 * can show exactly what was sent without re-rendering. Records stay small: they keep only
 * `prompt_sha256`; the side file holds one line `{prompt_sha256, messages}` per distinct
 * prompt (sha256 of `JSON.stringify(messages)`), each prompt once across trials and resumed
 * runs. Lines go out in group commits (one write for all lines ready at once) because a
 * file per prompt doubled the engine's CPU per request; a torn last line from a kill is
 * dropped when the file is opened again.
 */
export class PromptStore {
  private readonly seen = new Set<string>();
  private out: Promise<GroupAppender> | undefined;

  constructor(readonly file: string) {}

  /** Store the messages; `done` resolves once their line is written (at once if known). */
  put(messages: readonly ChatMessage[]): { sha256: string; done: Promise<void> } {
    const text = promptBytes(messages);
    const sha256 = sha256Hex(text);
    this.out ??= this.openFile();
    const out = this.out;
    const done = out.then((g) => {
      if (this.seen.has(sha256)) return;
      this.seen.add(sha256);
      return g.push(`{"prompt_sha256":"${sha256}","messages":${text}}`);
    });
    return { sha256, done };
  }

  /** Wait for every pending line and close the file. */
  async close(): Promise<void> {
    if (this.out) await (await this.out).close();
    this.out = undefined;
  }

  private async openFile(): Promise<GroupAppender> {
    // The journal reader of every resumable run: torn tail cut, every line checked.
    for (const { value } of await readJournal(this.file, (v) => promptLine(v).prompt_sha256))
      this.seen.add(value);
    return new GroupAppender(await JsonlAppender.open(this.file));
  }
}

/** The lines of `rl`; a missing file, a directory or a symlink loop is an InputError naming it. */
async function* readLines(rl: AsyncIterable<string>, file: string): AsyncGenerator<string> {
  try {
    yield* rl;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code) throw new InputError(`cannot read prompts: ${code}`, { file });
    throw e;
  }
}

/** Every prompt of a prompt file, each checked against its hash (errors name file and line). */
export async function* readPromptLines(file: string): AsyncGenerator<PromptLine> {
  const rl = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of readLines(rl, file)) {
    line++;
    if (!text.trim()) continue;
    const v = jsonLineValue(text, file, line);
    try {
      yield promptLine(v);
    } catch (e) {
      throw e instanceof InputError ? e.at({ file, line }) : e;
    }
  }
}

/** One prompt line, checked against its hash (an InputError naming the field). */
function promptLine(value: unknown): PromptLine {
  const v = value as PromptLine;
  if (typeof v?.prompt_sha256 !== "string" || !Array.isArray(v.messages))
    throw new InputError("expected {prompt_sha256, messages}");
  if (sha256Hex(promptBytes(v.messages)) !== v.prompt_sha256)
    throw new InputError("messages do not match prompt_sha256", { field: "prompt_sha256" });
  return v;
}

/** The messages a record was asked with (by its `prompt_sha256`), or undefined. */
export async function readPrompt(file: string, sha256: string): Promise<ChatMessage[] | undefined> {
  for await (const p of readPromptLines(file)) if (p.prompt_sha256 === sha256) return p.messages;
  return undefined;
}
