/**
 * The one progress display (engine runs, play-llm, sweeps, grids). Rules:
 * - stderr only (JSON goes to stdout);
 * - on by default only when stderr is a TTY (and not CI / TERM=dumb); `enabled: true`
 *   (`--progress`) forces it on, `false` (`--no-progress`) off;
 * - on a TTY it redraws one line with `\r` at most every 80 ms, so hot loops may tick freely;
 *   forced on a pipe or file it writes plain newline-terminated lines at most every
 *   `plainEveryMs` — never a control character, so logs stay clean;
 * - shows done/total, rate, ETA; subclasses add figures through `suffix()`.
 */
export interface ProgressStream {
  write(s: string): unknown;
  isTTY?: boolean;
  /** Terminal width: a redrawn line longer than this would wrap and break the redraw. */
  columns?: number;
}

/** Default on/off for a stream: a real terminal, not CI, not TERM=dumb. */
export function progressAuto(stream: ProgressStream = process.stderr): boolean {
  return Boolean(stream.isTTY) && process.env.CI !== "true" && process.env.TERM !== "dumb";
}

/** Seconds as `42s`, `3m05s`, `2h07m`. */
export function formatDuration(s: number): string {
  if (!Number.isFinite(s) || s < 0) return "?";
  if (s < 60) return `${Math.round(s)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(Math.round(s - m * 60)).padStart(2, "0")}s`;
  const h = Math.floor(m / 60);
  return `${h}h${String(m - h * 60).padStart(2, "0")}m`;
}

export class Progress {
  protected readonly enabled: boolean;
  protected readonly tty: boolean;
  protected done = 0;
  /** Counted as done but not toward the rate (resumed rows, cells already on disk). */
  private skipped = 0;
  private lastDraw = 0;
  private drawn = false;
  protected readonly start = Date.now();
  /** Interval between plain (non-TTY) lines. */
  plainEveryMs = 10_000;

  constructor(
    protected total: number,
    private readonly label = "",
    private readonly stream: ProgressStream = process.stderr,
    enabled?: boolean,
  ) {
    this.enabled = enabled ?? progressAuto(stream);
    this.tty = Boolean(stream.isTTY);
  }

  setTotal(total: number): void {
    this.total = total;
  }

  /** Items already done before this run started (do not count toward rate or ETA). */
  skip(n: number): void {
    this.skipped += n;
    this.done += n;
  }

  tick(n = 1): void {
    this.done += n;
    this.draw(false);
  }

  /** Redraw now if due (subclasses call it after updating their figures). */
  protected draw(force: boolean): void {
    if (!this.enabled) return;
    const now = Date.now();
    const every = this.tty ? 80 : this.plainEveryMs;
    if (!force && now - this.lastDraw < every && this.done < this.total) return;
    this.lastDraw = now;
    this.drawn = true;
    this.stream.write(this.tty ? `\r${this.fit(this.line(now))}` : `${this.line(now).trimEnd()}\n`);
  }

  private fit(line: string): string {
    const w = this.stream.columns;
    return w && w > 1 && line.length >= w ? line.slice(0, w - 1) : line;
  }

  /** Extra figures after the ETA (e.g. tokens, spend). */
  protected suffix(_elapsedS: number): string {
    return "";
  }

  line(now = Date.now()): string {
    const frac = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const width = 20;
    const filled = Math.round(frac * width);
    const elapsed = Math.max(0, (now - this.start) / 1000);
    const fresh = this.done - this.skipped;
    const rate = elapsed > 0 ? fresh / elapsed : 0;
    const left = Math.max(0, this.total - this.done);
    const eta = left === 0 ? "0s" : rate > 0 ? formatDuration(left / rate) : "?";
    const label = this.label ? `${this.label} ` : "";
    return `${label}[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} ${rate.toFixed(rate < 10 ? 2 : 0)}/s eta ${eta} elapsed ${formatDuration(elapsed)}${this.suffix(elapsed)} `;
  }

  /** Print one line (e.g. the first error) without tearing a bar drawn on a TTY. */
  message(text: string): void {
    if (this.enabled && this.tty && this.drawn) this.stream.write("\r\x1b[K");
    this.stream.write(`${text}\n`);
    if (this.enabled && this.tty && this.drawn) this.draw(true);
  }

  finish(): void {
    if (!this.enabled) return;
    if (this.tty) this.stream.write(`\r${this.fit(this.line())}\n`);
    else if (this.drawn || this.done > 0) this.stream.write(`${this.line().trimEnd()}\n`);
  }
}
