import { createReadStream, readFileSync } from "node:fs";
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { type ErrorLocation, InputError } from "./errors.js";

/** One JSONL line's value; a line that is not JSON is an InputError at its file and line. */
export function jsonLineValue(text: string, file: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file, line });
  }
}

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
    for await (const text of readableLines(rl, file)) {
      line++;
      if (text.trim() === "") continue;
      const value = jsonLineValue(text, file, line);
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

/** The lines of `rl`; a missing file, a directory or a symlink loop is an InputError naming it. */
async function* readableLines(rl: AsyncIterable<string>, file: string): AsyncGenerator<string> {
  try {
    yield* rl;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && !(e instanceof InputError)) throw new InputError(`cannot read file: ${code}`, { file });
    throw e;
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

/**
 * Read and parse a JSON file; parse errors name the file. `parse` replaces `JSON.parse` where a
 * caller needs another reading of the same text (e.g. Python's floats); its errors are worded alike.
 */
export async function readJsonFile(
  file: string,
  parse: (text: string) => unknown = JSON.parse,
): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file,
    });
  }
  try {
    return parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${(e as Error).message}`, { file });
  }
}

/**
 * Read a text file synchronously; a failure is the InputError "cannot read <what>: <code>",
 * located at `where` (the file itself unless the caller names the flag or task that gave it).
 */
export function readTextFileSync(file: string, what: string = file, where: ErrorLocation = { file }): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new InputError(
      `cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      where,
    );
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

/** Reason an output path cannot be written as a file, or undefined when it can be tried. */
export async function outputPathProblem(file: string): Promise<string | undefined> {
  const st = await stat(file).catch(() => undefined);
  if (st?.isDirectory()) return "is a directory, expected a file path";
  return undefined;
}

/**
 * Fail early (before any work) when `file` cannot be an output file: an InputError naming it.
 * The writers check again; this only spares the user a long run that ends in that error.
 */
export async function checkOutputPath(file: string): Promise<void> {
  const problem = await outputPathProblem(file);
  if (problem) throw new InputError(problem, { file });
}

/** The filesystem error of writing `file` as an InputError naming it (bad --out, not a bug). */
export function writeError(file: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException).code;
  const msg =
    code === "EISDIR"
      ? "is a directory, expected a file path"
      : code === "ENOTDIR" || code === "EEXIST"
        ? "a parent of this path is a file, not a directory"
        : code === "EACCES" || code === "EPERM"
          ? "permission denied"
          : `cannot write: ${code ?? (e as Error).message}`;
  return new InputError(msg, { file });
}

/**
 * Write a file atomically (temp file + rename) so a failure never leaves a partial artifact.
 * On any failure the temp file is removed and the error is an InputError naming `file`.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const problem = await outputPathProblem(file);
  if (problem) throw new InputError(problem, { file });
  // A stream (`--out /dev/stdout`, a FIFO, `>(…)`) is written to, never renamed over: the
  // rename would replace the device node itself (as root, /dev/stdout became a regular file).
  const st = await stat(file).catch(() => undefined);
  if (st && !st.isFile()) {
    try {
      return await writeFile(file, data);
    } catch (e) {
      throw writeError(file, e);
    }
  }
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    await mkdir(dirname(file), { recursive: true });
    // fsync before the rename: after a power loss or OS crash the final name then holds the
    // old file or the whole new one, never an empty or partial file (a kill alone cannot
    // tear it either way; the rename is what makes it visible).
    const fh = await open(tmp, "w");
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw writeError(file, e);
  }
}

/**
 * Append-only JSONL writer: each row is one `write` of a full line, fsync'd on close. Rows
 * are not fsync'd one by one: a killed process loses nothing already written (the kernel
 * holds it), and what a power loss may cut is a tail that resume (keyed rows, torn last line
 * repaired) simply redoes.
 */
export class JsonlAppender {
  private constructor(private readonly fh: import("node:fs/promises").FileHandle) {}

  static async open(file: string): Promise<JsonlAppender> {
    const problem = await outputPathProblem(file);
    if (problem) throw new InputError(problem, { file });
    try {
      await mkdir(dirname(file), { recursive: true });
      return new JsonlAppender(await open(file, "a"));
    } catch (e) {
      throw writeError(file, e);
    }
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
