import { createReadStream, readFileSync } from "node:fs";
import { mkdir, open, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { InputError } from "./errors.js";

export interface JsonlRow<T = unknown> {
  /** 1-based line number in the file. */
  line: number;
  value: T;
}

/**
 * Stream a JSONL file row by row (memory stays flat whatever the file size). Blank lines
 * are skipped; a line that is not JSON raises an InputError naming file and line.
 */
export async function* readJsonl<T = unknown>(
  file: string,
  parse?: (value: unknown, line: number) => T,
): AsyncGenerator<JsonlRow<T>> {
  const rl = createInterface({
    input: createReadStream(file, { encoding: "utf8" }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let line = 0;
  try {
    for await (const text of rl) {
      line++;
      if (text.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line });
      }
      try {
        yield { line, value: parse ? parse(value, line) : (value as T) };
      } catch (e) {
        if (e instanceof InputError) throw e.at({ file, line });
        throw e;
      }
    }
  } finally {
    rl.close();
  }
}

/** Read a whole JSONL file into memory (for small files; prefer `readJsonl` for big ones). */
export async function readJsonlAll<T = unknown>(
  file: string,
  parse?: (value: unknown, line: number) => T,
): Promise<T[]> {
  const out: T[] = [];
  for await (const row of readJsonl(file, parse)) out.push(row.value);
  return out;
}

/** Read and parse a JSON file; parse errors name the file. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file,
    });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
}

/**
 * Read and parse a JSON file synchronously (config files, small artifacts). A UTF-8 BOM is
 * ignored; errors name the file, and `what` says what the file was for.
 */
export function readJsonFileSync(file: string, what?: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new InputError(`cannot read${what ? ` ${what}` : ""}: ${code}`, { file });
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
}

/**
 * Write a file atomically (temp file + rename) so a failure never leaves a partial artifact.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** Append-only JSONL writer: each row is one `write` of a full line, fsync'd on close. */
export class JsonlAppender {
  private constructor(private readonly fh: import("node:fs/promises").FileHandle) {}

  static async open(file: string): Promise<JsonlAppender> {
    await mkdir(dirname(file), { recursive: true });
    return new JsonlAppender(await open(file, "a"));
  }

  async append(line: string): Promise<void> {
    await this.fh.write(line.endsWith("\n") ? line : `${line}\n`);
  }

  async close(): Promise<void> {
    await this.fh.sync();
    await this.fh.close();
  }
}

/**
 * Group commit over a JsonlAppender: lines pushed while a write is in flight go out together
 * in the next single write. With many writers finishing at once (a server with hundreds of
 * players) the disk, not the CPU, is the bottleneck, and one write per line would queue every
 * request behind all the others. Lines stay whole and in push order; `push` resolves once its
 * line is written, so a caller may wait for durability or not.
 */
export class GroupAppender {
  private pending: string[] = [];
  private waiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;

  constructor(private readonly out: JsonlAppender) {}

  push(line: string): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.pending.push(line);
    this.flushing ??= this.flush();
    return done;
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const lines = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        await this.out.append(`${lines.join("\n")}\n`);
        for (const w of waiters) w.resolve();
      } catch (e) {
        for (const w of waiters) w.reject(e);
      }
    }
    this.flushing = undefined;
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.out.close();
  }
}
