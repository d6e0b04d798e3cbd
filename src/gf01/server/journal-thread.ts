/**
 * `gf01 serve`'s data files written from one worker thread. Under load the event loop is the
 * queue: every fs/promises call is a thread-pool round trip whose completion waits behind a
 * whole loop iteration of other players' requests, and a finishing step needed up to four of
 * them (write + fdatasync of runs.jsonl, the write of steps.jsonl, each behind the previous
 * group). Here a finishing step posts its lines once; the thread drains every line waiting in
 * its queue, appends each file's lines with one synchronous write, fdatasyncs the durable
 * files of that batch once, and answers with one message: one round trip per finishing step,
 * and the fdatasync is shared by everything that arrived meanwhile (group commit).
 *
 * Guarantees are those of journal.ts: a line is acknowledged only once written (and, for a
 * durable file, fdatasync'd); lines of a file stay whole and in push order; a torn tail left by
 * a crash is cut before the file is opened. If the thread dies, lines not yet acknowledged are
 * rejected (their requests answer 500; each such line may or may not be on disk, and a torn
 * one is cut at the next start) and later lines are written on the main thread (journal.ts).
 */
import { Worker } from "node:worker_threads";
import type { LineSink } from "../play/http.js";
import { cutTornTail, openDurableJsonl, openJsonl } from "./journal.js";

/**
 * The thread's code: plain JavaScript evaluated in the worker (node builtins only), so it
 * needs no loader under tsx and no file next to a bundled CLI.
 */
const THREAD_SOURCE = String.raw`
const { parentPort, receiveMessageOnPort } = require("node:worker_threads");
const fs = require("node:fs");
const files = new Map();
const handle = (m, out) => {
  if (m.op === "open") {
    try {
      files.set(m.f, { fd: fs.openSync(m.file, "a"), durable: m.durable, file: m.file });
      out.opened.push([m.seq, null]);
    } catch (e) {
      out.opened.push([m.seq, e.message]);
    }
  } else if (m.op === "push") {
    let g = out.groups.get(m.f);
    if (!g) out.groups.set(m.f, (g = { lines: [], seqs: [] }));
    g.lines.push(m.line);
    g.seqs.push(m.seq);
  } else if (m.op === "close") out.close = m.seq;
};
parentPort.on("message", (first) => {
  const out = { opened: [], groups: new Map(), close: undefined };
  // A message is the list of operations the main thread queued in one tick.
  for (const m of first) handle(m, out);
  // Everything already queued goes into this batch: one write per file, one fdatasync.
  for (let r = receiveMessageOnPort(parentPort); r; r = receiveMessageOnPort(parentPort))
    for (const m of r.message) handle(m, out);
  const done = [];
  const failed = [];
  for (const [f, g] of out.groups) {
    const h = files.get(f);
    try {
      if (!h) throw new Error("journal file not open");
      const buf = Buffer.from(g.lines.join("\n") + "\n", "utf8");
      for (let off = 0; off < buf.length; ) off += fs.writeSync(h.fd, buf, off, buf.length - off);
      if (h.durable) fs.fdatasyncSync(h.fd);
      done.push(...g.seqs);
    } catch (e) {
      for (const s of g.seqs) failed.push([s, (h ? h.file + ": " : "") + e.message]);
    }
  }
  for (const [s, err] of out.opened) (err === null ? done : failed).push(err === null ? s : [s, err]);
  if (out.close !== undefined) {
    let err = null;
    for (const h of files.values())
      try {
        fs.fsyncSync(h.fd);
        fs.closeSync(h.fd);
      } catch (e) {
        err = err || h.file + ": " + e.message;
      }
    files.clear();
    (err === null ? done : failed).push(err === null ? out.close : [out.close, err]);
  }
  parentPort.postMessage({ done, failed });
});
`;

interface Waiter {
  resolve: () => void;
  reject: (e: Error) => void;
}

/** One worker thread owning the append-only files of a server; `open` gives a LineSink per file. */
export class JournalThread {
  private readonly worker: Worker;
  private seq = 0;
  private nextFile = 0;
  private readonly waiting = new Map<number, Waiter>();
  private dead?: string;
  /** Files opened through the thread, reopened on the main thread if it dies. */
  private readonly fallbacks = new Map<number, Promise<LineSink>>();
  private readonly specs = new Map<number, { file: string; durable: boolean }>();

  constructor(private readonly log: (line: string) => void = () => {}) {
    this.worker = new Worker(THREAD_SOURCE, { eval: true });
    this.worker.on("message", (m: { done: number[]; failed: [number, string][] }) => {
      for (const s of m.done) this.settle(s);
      for (const [s, why] of m.failed) this.settle(s, new Error(why));
    });
    const fail = (why: string) => {
      if (this.dead) return;
      this.dead = why;
      this.log(`gf01 serve: the journal thread failed (${why}); writing on the main thread`);
      for (const [s] of this.waiting)
        this.settle(s, new Error(`journal thread failed (${why}) before acknowledging the line`));
    };
    this.worker.on("error", (e) => fail(e.message));
    this.worker.on("exit", (code) => fail(`exit ${code}`));
    this.worker.unref();
  }

  private settle(s: number, err?: Error): void {
    const w = this.waiting.get(s);
    if (!w) return;
    this.waiting.delete(s);
    if (!this.waiting.size) this.worker.unref();
    if (err) w.reject(err);
    else w.resolve();
  }

  /** Operations queued in this tick, posted together (a finishing step's runs and steps lines). */
  private outbox: Record<string, unknown>[] = [];

  private call(msg: Record<string, unknown>): Promise<void> {
    const seq = this.seq++;
    return new Promise<void>((resolve, reject) => {
      // Referenced only while a line is owed: an idle thread must not keep the process alive,
      // a pending one must (nothing else may be holding the event loop open).
      if (!this.waiting.size) this.worker.ref();
      this.waiting.set(seq, { resolve, reject });
      msg.seq = seq;
      if (this.outbox.push(msg) === 1)
        process.nextTick(() => {
          const ops = this.outbox;
          this.outbox = [];
          this.worker.postMessage(ops);
        });
    });
  }

  /** The main-thread sink that replaces a file once the thread is dead. */
  private fallback(f: number): Promise<LineSink> {
    let s = this.fallbacks.get(f);
    if (!s) {
      const { file, durable } = this.specs.get(f)!;
      s = durable ? openDurableJsonl(file, { log: this.log }) : openJsonl(file, { log: this.log });
      this.fallbacks.set(f, s);
    }
    return s;
  }

  /**
   * Open `file` for appending (torn tail cut first). `durable`: a push resolves only after
   * fdatasync (runs.jsonl); otherwise after the write (fsync'd on close).
   */
  async open(file: string, durable: boolean, o: { log?: (l: string) => void } = {}): Promise<LineSink> {
    const cut = await cutTornTail(file);
    if (cut) o.log?.(`gf01 serve: ${file}: cut a torn last line (${cut} bytes, never acknowledged)`);
    const f = this.nextFile++;
    this.specs.set(f, { file, durable });
    if (this.dead) await this.fallback(f);
    else
      await this.call({ op: "open", f, file, durable }).catch(async (e: unknown) => {
        // Refused by a live thread (the file cannot be opened): the caller hears why. The thread
        // died meanwhile: the file is opened on the main thread instead.
        if (!this.dead) throw e;
        await this.fallback(f);
      });
    return {
      push: (line: string) =>
        this.dead ? this.fallback(f).then((s) => s.push(line)) : this.call({ op: "push", f, line }),
      // Files written by the thread are fsync'd and closed by `close()` below.
      close: () => this.closeFallback(f),
    };
  }

  private readonly fallbackClosed = new Map<number, Promise<void>>();
  private closeFallback(f: number): Promise<void> {
    const s = this.fallbacks.get(f);
    if (!s) return Promise.resolve();
    let c = this.fallbackClosed.get(f);
    if (!c) {
      c = s.then((x) => x.close());
      this.fallbackClosed.set(f, c);
    }
    return c;
  }

  /** fsync and close every file (after the last push was acknowledged), then stop the thread. */
  async close(): Promise<void> {
    if (!this.dead)
      await this.call({ op: "close" }).catch((e: Error) => this.log(`gf01 serve: ${e.message}`));
    this.dead ??= "closed";
    await Promise.all([...this.fallbacks.keys()].map((f) => this.closeFallback(f)));
    await this.worker.terminate();
  }
}
