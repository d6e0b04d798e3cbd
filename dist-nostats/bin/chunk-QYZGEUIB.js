import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/jsonl.ts
import { createReadStream, readFileSync } from "node:fs";
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { InputError } from "../core/errors.js";
async function* readJsonl(file, parse) {
  const rl = createInterface({
    input: createReadStream(file, { encoding: "utf8" }),
    crlfDelay: Number.POSITIVE_INFINITY
  });
  let line = 0;
  try {
    for await (const text of readableLines(rl, file)) {
      line++;
      if (text.trim() === "") continue;
      let value;
      try {
        value = JSON.parse(text);
      } catch (e) {
        throw new InputError(`invalid JSON: ${e.message}`, { file, line });
      }
      try {
        yield { line, value: parse ? parse(value, line) : value };
      } catch (e) {
        if (e instanceof InputError) throw e.at({ file, line });
        throw e;
      }
    }
  } finally {
    rl.close();
  }
}
async function* readableLines(rl, file) {
  try {
    yield* rl;
  } catch (e) {
    const code = e.code;
    if (code && !(e instanceof InputError)) throw new InputError(`cannot read file: ${code}`, { file });
    throw e;
  }
}
async function readJsonlAll(file, parse) {
  const out = [];
  for await (const row of readJsonl(file, parse)) out.push(row.value);
  return out;
}
async function readJsonFile(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new InputError(`cannot read file: ${e.code ?? e.message}`, {
      file
    });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`invalid JSON: ${e.message}`, { file });
  }
}
function readJsonFileSync(file, what) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = e.code ?? e.message;
    throw new InputError(`cannot read${what ? ` ${what}` : ""}: ${code}`, { file });
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new InputError(`invalid JSON: ${e.message}`, { file });
  }
}
async function outputPathProblem(file) {
  const st = await stat(file).catch(() => void 0);
  if (st?.isDirectory()) return "is a directory, expected a file path";
  return void 0;
}
async function checkOutputPath(file) {
  const problem = await outputPathProblem(file);
  if (problem) throw new InputError(problem, { file });
}
function writeError(file, e) {
  const code = e.code;
  const msg = code === "EISDIR" ? "is a directory, expected a file path" : code === "ENOTDIR" || code === "EEXIST" ? "a parent of this path is a file, not a directory" : code === "EACCES" || code === "EPERM" ? "permission denied" : `cannot write: ${code ?? e.message}`;
  return new InputError(msg, { file });
}
async function writeFileAtomic(file, data) {
  const problem = await outputPathProblem(file);
  if (problem) throw new InputError(problem, { file });
  const st = await stat(file).catch(() => void 0);
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
    const fh = await open(tmp, "w");
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => void 0);
    throw writeError(file, e);
  }
}
var JsonlAppender = class _JsonlAppender {
  constructor(fh) {
    this.fh = fh;
  }
  fh;
  static async open(file) {
    const problem = await outputPathProblem(file);
    if (problem) throw new InputError(problem, { file });
    try {
      await mkdir(dirname(file), { recursive: true });
      return new _JsonlAppender(await open(file, "a"));
    } catch (e) {
      throw writeError(file, e);
    }
  }
  async append(line) {
    await this.fh.write(line.endsWith("\n") ? line : `${line}
`);
  }
  async close() {
    await this.fh.sync();
    await this.fh.close();
  }
};
var GroupAppender = class {
  constructor(out) {
    this.out = out;
  }
  out;
  pending = [];
  waiters = [];
  flushing;
  push(line) {
    const done = new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.pending.push(line);
    this.flushing ??= this.flush();
    return done;
  }
  async flush() {
    while (this.pending.length) {
      const lines = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        await this.out.append(`${lines.join("\n")}
`);
        for (const w of waiters) w.resolve();
      } catch (e) {
        for (const w of waiters) w.reject(e);
      }
    }
    this.flushing = void 0;
  }
  async close() {
    await this.flushing;
    await this.out.close();
  }
};

export {
  readJsonl,
  readJsonlAll,
  readJsonFile,
  readJsonFileSync,
  outputPathProblem,
  checkOutputPath,
  writeError,
  writeFileAtomic,
  JsonlAppender,
  GroupAppender
};
