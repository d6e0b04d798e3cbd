import { createRequire as __obCreateRequire } from "node:module"; const require = __obCreateRequire(import.meta.url);

// src/core/progress.ts
function progressAuto(stream = process.stderr) {
  return Boolean(stream.isTTY) && process.env.CI !== "true" && process.env.TERM !== "dumb";
}
function formatDuration(s) {
  if (!Number.isFinite(s) || s < 0) return "?";
  if (s < 60) return `${Math.round(s)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(Math.round(s - m * 60)).padStart(2, "0")}s`;
  const h = Math.floor(m / 60);
  return `${h}h${String(m - h * 60).padStart(2, "0")}m`;
}
var Progress = class {
  constructor(total, label = "", stream = process.stderr, enabled) {
    this.total = total;
    this.label = label;
    this.stream = stream;
    this.enabled = enabled ?? progressAuto(stream);
    this.tty = Boolean(stream.isTTY);
  }
  total;
  label;
  stream;
  enabled;
  tty;
  done = 0;
  /** Counted as done but not toward the rate (resumed rows, cells already on disk). */
  skipped = 0;
  lastDraw = 0;
  drawn = false;
  start = Date.now();
  /** Interval between plain (non-TTY) lines. */
  plainEveryMs = 1e4;
  setTotal(total) {
    this.total = total;
  }
  /** Items already done before this run started (do not count toward rate or ETA). */
  skip(n) {
    this.skipped += n;
    this.done += n;
  }
  tick(n = 1) {
    this.done += n;
    this.draw(false);
  }
  /** Redraw now if due (subclasses call it after updating their figures). */
  draw(force) {
    if (!this.enabled) return;
    const now = Date.now();
    const every = this.tty ? 80 : this.plainEveryMs;
    if (!force && now - this.lastDraw < every && this.done < this.total) return;
    this.lastDraw = now;
    this.drawn = true;
    this.stream.write(this.tty ? `\r${this.fit(this.line(now))}` : `${this.line(now).trimEnd()}
`);
  }
  fit(line) {
    const w = this.stream.columns;
    return w && w > 1 && line.length >= w ? line.slice(0, w - 1) : line;
  }
  /** Extra figures after the ETA (e.g. tokens, spend). */
  suffix(_elapsedS) {
    return "";
  }
  line(now = Date.now()) {
    const frac = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const width = 20;
    const filled = Math.round(frac * width);
    const elapsed = Math.max(0, (now - this.start) / 1e3);
    const fresh = this.done - this.skipped;
    const rate = elapsed > 0 ? fresh / elapsed : 0;
    const left = Math.max(0, this.total - this.done);
    const eta = left === 0 ? "0s" : rate > 0 ? formatDuration(left / rate) : "?";
    const label = this.label ? `${this.label} ` : "";
    return `${label}[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} ${rate.toFixed(rate < 10 ? 2 : 0)}/s eta ${eta} elapsed ${formatDuration(elapsed)}${this.suffix(elapsed)} `;
  }
  /** Print one line (e.g. the first error) without tearing a bar drawn on a TTY. */
  message(text) {
    if (this.enabled && this.tty && this.drawn) this.stream.write("\r\x1B[K");
    this.stream.write(`${text}
`);
    if (this.enabled && this.tty && this.drawn) this.draw(true);
  }
  finish() {
    if (!this.enabled) return;
    if (this.tty) this.stream.write(`\r${this.fit(this.line())}
`);
    else if (this.drawn || this.done > 0) this.stream.write(`${this.line().trimEnd()}
`);
  }
};

export {
  progressAuto,
  formatDuration,
  Progress
};
