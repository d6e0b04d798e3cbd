import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);
import {
  writeError
} from "./chunk-QYZGEUIB.js";

// src/geb/io.ts
import {
  closeSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writev,
  writevSync
} from "node:fs";
import { dirname } from "node:path";
import { InputError } from "../core/errors.js";
var CHUNK = 4 << 20;
function forEachLine(file, onLine) {
  let fd;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    throw new InputError(`cannot read file: ${e.code ?? e.message}`, {
      file
    });
  }
  try {
    if (fstatSync(fd).isDirectory()) throw new InputError("is a directory, expected a JSONL file", { file });
    let buf = Buffer.allocUnsafe(CHUNK);
    let start = 0;
    let end = 0;
    let lineNo = 0;
    let first = true;
    const emit = (from, to) => {
      lineNo++;
      let a = from;
      let b = to;
      if (first) {
        first = false;
        if (b - a >= 3 && buf[a] === 239 && buf[a + 1] === 187 && buf[a + 2] === 191) a += 3;
      }
      if (b > a && buf[b - 1] === 13) b--;
      let blank = true;
      for (let i = a; i < b; i++) {
        const c = buf[i];
        if (c !== 32 && c !== 9 && c !== 13) {
          blank = false;
          break;
        }
      }
      if (!blank) onLine(buf.subarray(a, b), lineNo);
    };
    for (; ; ) {
      if (end === buf.length) {
        if (start > 0) {
          buf.copy(buf, 0, start, end);
          end -= start;
          start = 0;
        } else {
          const bigger = Buffer.allocUnsafe(buf.length * 2);
          buf.copy(bigger, 0, 0, end);
          buf = bigger;
        }
      }
      const n = readSync(fd, buf, end, buf.length - end, null);
      if (n === 0) break;
      let scanFrom = end;
      end += n;
      for (; ; ) {
        const nl = buf.indexOf(10, scanFrom);
        if (nl < 0 || nl >= end) break;
        emit(start, nl);
        start = nl + 1;
        scanFrom = start;
      }
    }
    if (end > start) emit(start, end);
  } finally {
    closeSync(fd);
  }
}
var AtomicWriter = class {
  /**
   * `background: true`: never flush inside write(); the caller drains with flushAsync().
   * `durable: false`: skip the fsync, for big files that nothing resumes from.
   */
  constructor(file, opts = {}) {
    this.file = file;
    this.background = opts.background ?? false;
    this.durable = opts.durable ?? true;
    let st;
    try {
      st = statSync(file);
    } catch {
      st = void 0;
    }
    if (st?.isDirectory()) throw new InputError("is a directory, expected a file path", { file });
    this.direct = st !== void 0 && !st.isFile();
    this.tmp = this.direct ? file : `${file}.tmp-${process.pid}`;
    try {
      mkdirSync(dirname(file), { recursive: true });
      this.fd = openSync(this.tmp, "w");
    } catch (e) {
      throw writeError(file, e);
    }
  }
  file;
  fd;
  tmp;
  pending = [];
  pendingBytes = 0;
  text = "";
  closed = false;
  /** Background mode: the caller drains with `flushAsync()`; writes overlap with its compute. */
  background = false;
  inflight = Promise.resolve();
  /**
   * The target is a stream (`--out /dev/stdout`, a FIFO): written to directly, never renamed
   * over (as root, a rename would replace the device node itself).
   */
  direct;
  /** fsync before the rename (default true; see commit()). */
  durable;
  write(piece) {
    if (typeof piece === "string") {
      this.text += piece;
      if (this.text.length >= 1 << 16) this.flushText();
      return;
    }
    this.flushText();
    this.pending.push(piece);
    this.pendingBytes += piece.length;
    if (!this.background && (this.pendingBytes >= 16 << 20 || this.pending.length >= 512)) this.flush();
  }
  /** Bytes buffered and not yet handed to the OS. */
  get buffered() {
    return this.pendingBytes + this.text.length;
  }
  /**
   * Switch to background writing: buffered chunks are written by libuv's thread pool while
   * the caller keeps generating (on 2 cores this hides most of a 300 MB write). At most one
   * write is in flight, which bounds memory to about two chunks.
   */
  async flushAsync() {
    this.background = true;
    await this.inflight;
    this.flushText();
    const bufs = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    if (bufs.length > 0) this.inflight = writeAllAsync(this.fd, bufs);
  }
  /** Wait for background writes, then flush the rest and rename into place. */
  async commitAsync() {
    await this.inflight;
    this.commit();
  }
  flushText() {
    if (this.text.length === 0) return;
    const b = Buffer.from(this.text, "utf8");
    this.text = "";
    this.pending.push(b);
    this.pendingBytes += b.length;
  }
  flush() {
    this.flushText();
    let bufs = this.pending;
    while (bufs.length > 0) {
      let written = writevSync(this.fd, bufs.slice(0, 1024));
      let i = 0;
      while (i < bufs.length && written >= bufs[i].length) {
        written -= bufs[i].length;
        i++;
      }
      if (i < bufs.length && written > 0) bufs[i] = bufs[i].subarray(written);
      bufs = bufs.slice(i);
    }
    this.pending = [];
    this.pendingBytes = 0;
  }
  commit() {
    this.flush();
    if (this.durable && !this.direct) fsyncSync(this.fd);
    closeSync(this.fd);
    this.closed = true;
    if (this.direct) return;
    try {
      renameSync(this.tmp, this.file);
    } catch (e) {
      try {
        unlinkSync(this.tmp);
      } catch {
      }
      throw new InputError(`cannot write: ${e.code ?? e.message}`, {
        file: this.file
      });
    }
  }
  abort() {
    this.inflight.catch(() => {
    });
    if (this.closed) return;
    this.closed = true;
    try {
      closeSync(this.fd);
    } catch {
    }
    if (this.direct) return;
    try {
      unlinkSync(this.tmp);
    } catch {
    }
  }
};
function writeTextAtomic(file, text, opts = {}) {
  const w = new AtomicWriter(file, opts);
  try {
    w.write(text);
    w.commit();
  } catch (e) {
    w.abort();
    throw e;
  }
}
function writeAllAsync(fd, bufs) {
  return new Promise((resolve, reject) => {
    const step = (rest) => {
      if (rest.length === 0) {
        resolve();
        return;
      }
      const batch = rest.slice(0, 1024);
      writev(fd, batch, (err, written) => {
        if (err) {
          reject(err);
          return;
        }
        let i = 0;
        let w = written;
        while (i < rest.length && w >= rest[i].length) {
          w -= rest[i].length;
          i++;
        }
        const next = rest.slice(i);
        if (next.length > 0 && w > 0) next[0] = next[0].subarray(w);
        step(next);
      });
    };
    step(bufs);
  });
}

export {
  forEachLine,
  AtomicWriter,
  writeTextAtomic
};
