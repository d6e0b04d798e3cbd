/**
 * File adapters for GEB: a line reader and an atomic buffered writer, both synchronous.
 *
 * Hand-written rather than `readline` / streams because a default-size dataset is ~300 MB of
 * JSONL whose rows repeat their episode's multi-kilobyte document and book: we read in large
 * chunks, hand each line over as bytes (so callers can skip re-decoding a repeated episode),
 * and write pre-encoded episode text once per row with `writev` instead of re-encoding it.
 * Memory stays at one chunk plus one line.
 */
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
  writevSync,
} from "node:fs";
import { dirname } from "node:path";
import { InputError } from "../core/errors.js";
import { writeError } from "../core/jsonl.js";

const CHUNK = 4 << 20;

/**
 * Call `onLine(bytes, lineNo)` for each non-blank line of `file` (1-based numbers; `\r\n` and a
 * UTF-8 BOM are tolerated). `bytes` is only valid during the call.
 */
export function forEachLine(file: string, onLine: (bytes: Buffer, lineNo: number) => void): void {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    throw new InputError(`cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
      file,
    });
  }
  try {
    if (fstatSync(fd).isDirectory()) throw new InputError("is a directory, expected a JSONL file", { file });
    let buf = Buffer.allocUnsafe(CHUNK);
    let start = 0; // start of the unconsumed region
    let end = 0; // end of valid data
    let lineNo = 0;
    let first = true;
    const emit = (from: number, to: number): void => {
      lineNo++;
      let a = from;
      let b = to;
      if (first) {
        first = false;
        if (b - a >= 3 && buf[a] === 0xef && buf[a + 1] === 0xbb && buf[a + 2] === 0xbf) a += 3;
      }
      if (b > a && buf[b - 1] === 13) b--;
      // Skip blank (whitespace-only) lines like the reference reader.
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
    for (;;) {
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
      let n: number;
      try {
        n = readSync(fd, buf, end, buf.length - end, null);
      } catch (e) {
        // Opened but not readable (EIO from a failing disk, EISDIR on some systems): input error.
        throw new InputError(
          `cannot read file: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
          {
            file,
          },
        );
      }
      if (n === 0) break;
      let scanFrom = end;
      end += n;
      for (;;) {
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

/**
 * Buffered writer to `<file>.tmp-<pid>`, renamed onto `file` by `commit()`: a failure never
 * leaves a partial artifact (call `abort()` in the error path).
 */
export class AtomicWriter {
  private fd: number;
  private readonly tmp: string;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private text = "";
  private closed = false;
  /** Background mode: the caller drains with `flushAsync()`; writes overlap with its compute. */
  private background = false;
  private inflight: Promise<void> = Promise.resolve();
  /**
   * The target is a stream (`--out /dev/stdout`, a FIFO): written to directly, never renamed
   * over (as root, a rename would replace the device node itself).
   */
  private readonly direct: boolean;

  /** fsync before the rename (default true; see commit()). */
  private readonly durable: boolean;

  /**
   * `background: true`: never flush inside write(); the caller drains with flushAsync().
   * `durable: false`: skip the fsync, for big files that nothing resumes from.
   */
  constructor(
    private readonly file: string,
    opts: { background?: boolean; durable?: boolean } = {},
  ) {
    this.background = opts.background ?? false;
    this.durable = opts.durable ?? true;
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(file);
    } catch {
      st = undefined;
    }
    // A directory (or a link to one) is a bad --out, not something to rename a file over.
    if (st?.isDirectory()) throw new InputError("is a directory, expected a file path", { file });
    this.direct = st !== undefined && !st.isFile();
    this.tmp = this.direct ? file : `${file}.tmp-${process.pid}`;
    try {
      mkdirSync(dirname(file), { recursive: true });
      this.fd = openSync(this.tmp, "w");
    } catch (e) {
      // A parent that is a file (ENOTDIR/EEXIST), no permission: one line naming the target.
      throw writeError(file, e);
    }
  }

  write(piece: string | Buffer): void {
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
  get buffered(): number {
    return this.pendingBytes + this.text.length;
  }

  /**
   * Switch to background writing: buffered chunks are written by libuv's thread pool while
   * the caller keeps generating (on 2 cores this hides most of a 300 MB write). At most one
   * write is in flight, which bounds memory to about two chunks.
   */
  async flushAsync(): Promise<void> {
    this.background = true;
    await this.inflight;
    this.flushText();
    const bufs = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    if (bufs.length > 0) this.inflight = writeAllAsync(this.fd, bufs);
  }

  /** Wait for background writes, then flush the rest and rename into place. */
  async commitAsync(): Promise<void> {
    await this.inflight;
    this.commit();
  }

  private flushText(): void {
    if (this.text.length === 0) return;
    const b = Buffer.from(this.text, "utf8");
    this.text = "";
    this.pending.push(b);
    this.pendingBytes += b.length;
  }

  private flush(): void {
    this.flushText();
    let bufs = this.pending;
    while (bufs.length > 0) {
      // writev may write partially; continue from where it stopped.
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

  commit(): void {
    this.flush();
    // fsync before the rename (not for streams): after a power loss the final name holds the
    // old file or the whole new one. A sweep counts a cell done by its results.json, so the
    // cell's data and predictions must be on disk before that file is.
    if (this.durable && !this.direct) fsyncSync(this.fd);
    closeSync(this.fd);
    this.closed = true;
    if (this.direct) return;
    try {
      renameSync(this.tmp, this.file);
    } catch (e) {
      // Never leave the temp file behind (e.g. the target became a directory meanwhile).
      try {
        unlinkSync(this.tmp);
      } catch {
        /* already gone */
      }
      throw new InputError(`cannot write: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, {
        file: this.file,
      });
    }
  }

  abort(): void {
    // A background write may still hold the fd; closing it makes that write fail harmlessly.
    this.inflight.catch(() => {});
    if (this.closed) return;
    this.closed = true;
    try {
      closeSync(this.fd);
    } catch {
      /* already closed */
    }
    if (this.direct) return;
    try {
      unlinkSync(this.tmp);
    } catch {
      /* nothing to remove */
    }
  }
}

/** Write a whole small text file atomically (results JSON). */
export function writeTextAtomic(file: string, text: string, opts: { durable?: boolean } = {}): void {
  const w = new AtomicWriter(file, opts);
  try {
    w.write(text);
    w.commit();
  } catch (e) {
    w.abort();
    throw e;
  }
}

/** writev until every byte is written (writev may write partially). */
function writeAllAsync(fd: number, bufs: Buffer[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (rest: Buffer[]): void => {
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
