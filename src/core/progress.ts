/**
 * Minimal progress bar on stderr when it is a TTY; silent otherwise (CI logs, pipes).
 * Kept in-house: it is a dozen lines and must never write to stdout (JSON goes there).
 */
export class Progress {
  private readonly enabled: boolean;
  private done = 0;
  private lastDraw = 0;
  private readonly start = Date.now();

  constructor(
    private readonly total: number,
    private readonly label = "",
    stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.enabled = Boolean(stream.isTTY) && process.env.CI !== "true";
    this.stream = stream;
  }
  private readonly stream: NodeJS.WriteStream;

  tick(n = 1): void {
    this.done += n;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 80 && this.done < this.total) return;
    this.lastDraw = now;
    const frac = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const width = 30;
    const filled = Math.round(frac * width);
    const elapsed = (now - this.start) / 1000;
    const eta = frac > 0 ? elapsed * (1 / frac - 1) : 0;
    this.stream.write(
      `\r${this.label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} eta ${eta.toFixed(1)}s `,
    );
  }

  finish(): void {
    if (this.enabled) this.stream.write("\n");
  }
}
