/**
 * Run progress on stderr (TTY only; silent in CI and pipes): done/total, ETA, live
 * completion tokens/s and spend so far. Cache hits and resumed rows count as done but not
 * toward throughput.
 */
export class EngineProgress {
  private readonly enabled: boolean;
  private done = 0;
  private liveTokens = 0;
  private spend = 0;
  private lastDraw = 0;
  private readonly start = Date.now();

  constructor(
    private total: number,
    private readonly label = "",
    private readonly stream: NodeJS.WriteStream = process.stderr,
    enabled?: boolean,
  ) {
    this.enabled = enabled ?? (Boolean(stream.isTTY) && process.env.CI !== "true");
  }

  setTotal(total: number): void {
    this.total = total;
  }

  tick(opts: { completionTokens?: number; costUsd?: number; live?: boolean } = {}): void {
    this.done++;
    if (opts.live) this.liveTokens += opts.completionTokens ?? 0;
    this.spend += opts.costUsd ?? 0;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && this.done < this.total) return;
    this.lastDraw = now;
    this.stream.write(`\r${this.line(now)}`);
  }

  line(now = Date.now()): string {
    const frac = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const width = 24;
    const filled = Math.round(frac * width);
    const elapsed = (now - this.start) / 1000;
    const eta = frac > 0 ? elapsed * (1 / frac - 1) : 0;
    const tps = elapsed > 0 ? this.liveTokens / elapsed : 0;
    const spend = this.spend > 0 ? ` $${this.spend.toFixed(4)}` : "";
    return `${this.label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${this.done}/${this.total} eta ${eta.toFixed(1)}s ${tps.toFixed(0)} tok/s${spend} `;
  }

  finish(): void {
    if (this.enabled) this.stream.write(`\r${this.line()}\n`);
  }
}
