/**
 * Progress bar on stderr when it is a TTY; silent otherwise (CI logs, pipes). Kept in-house:
 * it is a few lines, must never write to stdout (JSON goes there), and redraws at most every
 * 80 ms so hot loops can tick it freely. Subclasses add figures through `suffix()`.
 */
export class Progress {
  protected readonly enabled: boolean;
  protected done = 0;
  private lastDraw = 0;
  protected readonly start = Date.now();

  constructor(
    protected total: number,
    private readonly label = "",
    private readonly stream: NodeJS.WriteStream = process.stderr,
    enabled?: boolean,
  ) {
    this.enabled = enabled ?? (Boolean(stream.isTTY) && process.env.CI !== "true");
  }

  setTotal(total: number): void {
    this.total = total;
  }

  tick(n = 1): void {
    this.done += n;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 80 && this.done < this.total) return;
    this.lastDraw = now;
    this.stream.write(`\r${this.line(now)}`);
  }

  /** Extra figures after the ETA (e.g. tokens/s, spend). */
  protected suffix(_elapsedS: number): string {
    return "";
  }

  line(now = Date.now()): string {
    const frac = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const width = 24;
    const filled = Math.round(frac * width);
    const elapsed = (now - this.start) / 1000;
    const eta = frac > 0 ? elapsed * (1 / frac - 1) : 0;
    return `${this.label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} eta ${eta.toFixed(1)}s${this.suffix(elapsed)} `;
  }

  finish(): void {
    if (this.enabled) this.stream.write(`\r${this.line()}\n`);
  }
}
